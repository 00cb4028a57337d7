package cli

import (
	"context"
	"errors"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/msg"
)

func init() {
	register(&command{name: "report", summary: "cli.report", run: runReport})
}

// runReport re-reports one or more `waitlab load --out` files; several are
// merged exactly (histograms added, never averaged).
func runReport(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "report")
	quietFlags(fs)
	o := addOutputFlags(fs)
	cf := addCollectFlags(fs)
	files, err := parseQuiet(fs, env, args)
	if err != nil {
		return err
	}
	lang, err := o.lang()
	if err != nil {
		return err
	}
	ths, err := parseThresholds(o.thresholds)
	if err != nil {
		return err
	}
	if cf.listen != "" {
		if len(files) > 0 {
			return usagef("%s", msg.T(lang, "collect.flag.files"))
		}
		return collect(ctx, env, cf, o, ths, lang)
	}
	if len(files) == 0 {
		return usagef("%s", msg.T(lang, "report.flag.files"))
	}
	outs, err := openOutputs(lang, o, "")
	if err != nil {
		return err
	}
	emitted := false
	defer func() {
		if !emitted {
			outs.discard() // refused input: leave no empty report behind
		}
	}()
	datas := make([][]byte, len(files))
	for i, f := range files {
		data, err := loadgen.ReadFileLimit(f, loadgen.MaxResultBytes)
		if err != nil {
			return usagef("%v", err)
		}
		datas[i] = data
	}
	rs, bad, err := loadgen.ReadResults(datas) // decoded on every core
	if err != nil {
		return usagef("%s: %v", files[bad], err)
	}
	for i, r := range rs {
		r.SetSource(files[i])
	}
	res, err := loadgen.Merge(rs...)
	var me *loadgen.MergeError
	switch {
	case errors.As(err, &me):
		return usagef("%s", me.Localize(lang))
	case err != nil:
		return usagef("%v", err)
	}
	emitted = true
	return emit(env, res, o, ths, lang, outs)
}
