package cli

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

func init() {
	register(&command{name: "presets", summary: "cli.presets", run: runPresets})
}

func runPresets(_ context.Context, env *Env, args []string) error {
	fs := newFlags(env, "presets")
	lang := langFlag(fs)
	verbose := fs.Bool("v", false, "also show each preset's scenario and source")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	l, err := lang()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	for _, p := range model.Presets() {
		fmt.Fprintf(tw, "%s\t%s\n", p.Name, msg.T(l, "preset."+p.Name))
		if *verbose {
			writeScenarioLine(tw, p.Scenario)
			fmt.Fprintf(tw, "\t%s: %s\n", msg.T(l, "cli.presets.source"), msg.T(l, p.Source))
		}
	}
	// The fan-out lab's entries: a preset with a few knobs turned.
	for _, v := range model.Variants() {
		fmt.Fprintf(tw, "%s\t%s\n", v.Name, msg.T(l, "preset."+v.Name))
		if *verbose {
			s, err := v.Scenario()
			if err != nil {
				return err
			}
			writeScenarioLine(tw, s)
			fmt.Fprintf(tw, "\t%s: %s %s\n", msg.T(l, "cli.presets.variant"), v.Base, v.Overrides)
		}
	}
	return tw.Flush()
}

func writeScenarioLine(w io.Writer, s model.Scenario) {
	fmt.Fprintf(w, "\tmodel=%s threads=%d offload_pool=%d requests=%d arrival=%s placement=%s\n",
		s.Model, s.Threads, s.OffloadPool, s.Requests, s.Arrival, s.Placement)
}
