package cli

import (
	"flag"
	"io"
	"reflect"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// Every knob of model.Knobs is a flag with the row's help, and a flag set
// on the command line reaches its Overrides field with the value given.
func TestScenarioFlagsAreTheKnobTable(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sf := addScenarioFlags(fs)
	for _, k := range model.Knobs {
		t.Run(k.Flag(), func(t *testing.T) {
			fl := fs.Lookup(k.Flag())
			if fl == nil || fl.Usage != msg.T(msg.EN, k.HelpKey()) {
				t.Fatalf("flag --%s = %+v; want one with the catalog's help", k.Flag(), fl)
			}
		})
	}
	var args []string
	for _, k := range model.Knobs {
		if k.Type == model.KnobBool {
			args = append(args, "--"+k.Flag()+"="+k.Example)
			continue
		}
		args = append(args, "--"+k.Flag(), k.Example)
	}
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	o := sf.overrides()
	for _, k := range model.Knobs {
		p := reflect.ValueOf(k.Ptr(o)).Elem()
		if p.IsNil() {
			t.Errorf("--%s set, Overrides.%s nil", k.Flag(), k.Field)
			continue
		}
		if got := fmtValue(p.Elem().Interface()); got != k.Example {
			t.Errorf("--%s %s gave %s", k.Flag(), k.Example, got)
		}
	}
	if fs.NFlag() != len(model.Knobs) {
		t.Errorf("%d flags set for %d knobs", fs.NFlag(), len(model.Knobs))
	}
}

func fmtValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	default:
		return flagString(x)
	}
}

func flagString(v any) string {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	switch x := v.(type) {
	case int:
		fs.Int("v", x, "")
	case int64:
		fs.Int64("v", x, "")
	case float64:
		fs.Float64("v", x, "")
	case bool:
		fs.Bool("v", x, "")
	}
	return fs.Lookup("v").DefValue
}
