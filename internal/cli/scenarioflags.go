package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// scenarioFlags are the scenario flags shared by `waitlab sim`, `run`,
// `plan` and `target`: a base (preset, file, or the lab-pool defaults)
// and overrides, applied in resolve. Flags always win over the file or
// preset. The knob flags are model.Knobs, one flag per row: their names,
// types and help come from that table, and overrides fills the
// model.Overrides field of each flag the user set.
type scenarioFlags struct {
	fs           *flag.FlagSet
	preset, file string
	// vals holds each knob flag's value (a *string, *int, *int64,
	// *float64 or *bool), by flag name.
	vals  map[string]any
	knobs map[string]model.Knob
}

func addScenarioFlags(fs *flag.FlagSet) *scenarioFlags {
	f := &scenarioFlags{fs: fs, vals: map[string]any{}, knobs: map[string]model.Knob{}}
	fs.StringVar(&f.preset, "preset", "", "start from a preset scenario (see waitlab presets)")
	fs.StringVar(&f.file, "f", "", "start from a scenario `file` (YAML)")
	for _, k := range model.Knobs {
		name, help := k.Flag(), msg.T(msg.EN, k.HelpKey())
		var v any
		switch k.Type {
		case model.KnobString:
			p := new(string)
			fs.StringVar(p, name, "", help)
			v = p
		case model.KnobInt:
			p := new(int)
			fs.IntVar(p, name, 0, help)
			v = p
		case model.KnobInt64:
			p := new(int64)
			fs.Int64Var(p, name, 0, help)
			v = p
		case model.KnobFloat:
			p := new(float64)
			fs.Float64Var(p, name, 0, help)
			v = p
		case model.KnobBool:
			p := new(bool)
			fs.BoolVar(p, name, false, help)
			v = p
		}
		f.vals[name], f.knobs[name] = v, k
	}
	return f
}

// overrides returns the flags the user set, as model overrides.
func (f *scenarioFlags) overrides() *model.Overrides {
	o := &model.Overrides{}
	f.fs.Visit(func(fl *flag.Flag) {
		if k, ok := f.knobs[fl.Name]; ok {
			k.Set(o, f.vals[fl.Name])
		}
	})
	return o
}

// base returns the scenario the flags start from: the preset, the file, or
// model.DefaultScenario.
func (f *scenarioFlags) base(ctx context.Context, lang msg.Lang) (model.Scenario, error) {
	switch {
	case f.preset != "" && f.file != "":
		return model.Scenario{}, &UsageError{Err: fmt.Errorf("%s", msg.T(lang, "cli.preset.and.file"))}
	case f.preset != "":
		p, ok := model.LookupPreset(f.preset)
		if !ok {
			return model.Scenario{}, &UsageError{Err: fmt.Errorf("--preset: %s", msg.T(lang, "cli.preset.unknown", f.preset, strings.Join(model.PresetNames(), ", ")))}
		}
		return p.Scenario, nil
	case f.file != "":
		s, err := model.ReadScenarioFileContext(ctx, f.file)
		var fe *model.FieldError
		if err != nil && ctx.Err() != nil {
			return s, interrupted(nil) // a FIFO's wait ended by the user's signal
		}
		if err != nil && !errors.As(err, &fe) {
			return s, &UsageError{Err: fmt.Errorf("-f: %s", msg.T(lang, "cli.file.read", f.file, err))}
		}
		return s, err
	}
	return model.DefaultScenario(), nil
}

// resolve builds the scenario: base, then every flag the user set
// (model.Resolve, the same step the web API takes). It returns a
// *model.FieldError (naming the flag for a bad flag value) or *UsageError
// for bad input, and validates.
func (f *scenarioFlags) resolve(ctx context.Context, lang msg.Lang) (model.Scenario, error) {
	s, err := f.base(ctx, lang)
	if err != nil {
		return s, err
	}
	o := f.overrides()
	if err := o.Apply(&s); err != nil {
		return s, flagErr(err)
	}
	return model.Resolve(s, nil)
}

// flagErr renames an override's field to its flag ("block_fraction" ->
// "--block-fraction"), keeping the catalog key so it prints in the user's
// language.
func flagErr(err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) && fe.Field != "" {
		c := *fe
		c.Field = model.FlagName(fe.Field)
		return &c
	}
	return err
}
