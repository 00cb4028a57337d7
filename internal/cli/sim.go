package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
	reportpkg "github.com/waitlab/waitlab/internal/report"
	"github.com/waitlab/waitlab/internal/sim"
)

func init() {
	register(&command{name: "sim", summary: "cli.sim", run: runSim})
}

// narrateLimit is the largest run that is narrated without --timeline.
const narrateLimit = 300

// timelineWidth is the ASCII timeline's width in columns.
const timelineWidth = 72

func runSim(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "sim")
	sf := addScenarioFlags(fs)
	lang := langFlag(fs)
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	svg := fs.String("svg", "", "write the per-thread timeline as an SVG `file`")
	timeline := fs.Bool("timeline", false, "print the per-thread timeline and the narration")
	precision := fs.String("precision", "", "extend the run until the 95% intervals' half-widths are within this fraction (such as 5%; open and closed models only)")
	precMax := fs.Int("precision-max-requests", sim.DefaultMaxRequests, "the most requests --precision may extend a run to")
	l, err := parseNoArgs(fs, args, lang, "cli.sim.args")
	if err != nil {
		return err
	}
	if *asJSON && *timeline {
		return usagef("%s", msg.T(l, "cli.sim.json.text"))
	}
	s, err := sf.resolve(ctx, l)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{*timeline, "--timeline"}, {*svg != "", "--svg"}} {
		if f.on && s.Requests > model.MaxTraceRequests {
			return model.NewFieldError(f.name, "sim.err.trace", s.Requests, model.MaxTraceRequests)
		}
	}
	var goal *sim.Goal
	if *precision != "" {
		p, err := sim.ParsePrecision(*precision)
		if err != nil {
			return err
		}
		if s.Arrival.Kind == model.Burst {
			return model.NewFieldError("--precision", "conf.err.precision.burst")
		}
		if *precMax < 1 || *precMax > model.MaxRequests {
			return model.NewFieldError("--precision-max-requests", "err.requests", *precMax, model.MaxRequests)
		}
		goal = &sim.Goal{Precision: p, MaxRequests: *precMax}
	}
	narrated := !*asJSON && (*timeline || s.Requests <= narrateLimit) && goal == nil
	trace := *timeline || *svg != "" || narrated
	var res *model.Result
	if goal != nil {
		// The wall-time cap: the simulator reads no clock, so it is this
		// context's deadline.
		wctx, cancel := context.WithTimeout(ctx, sim.DefaultMaxWall)
		res, err = sim.RunPrecise(wctx, s, sim.Options{Trace: trace}, *goal)
		cancel()
	} else {
		res, err = sim.RunContext(ctx, s, sim.Options{Trace: trace})
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		// A simulation cut short has no figures worth printing: its
		// requests are not all done.
		return interrupted(errors.New(msg.T(l, "sim.interrupted")))
	}
	if err != nil {
		return err
	}
	if *svg != "" {
		var buf bytes.Buffer
		if err := reportpkg.WriteSVGTimeline(&buf, l, res.Trace); err != nil {
			return err
		}
		if err := os.WriteFile(*svg, buf.Bytes(), 0o644); err != nil {
			return &UsageError{Err: fmt.Errorf("--svg: %s", msg.T(l, "cli.sim.svg.write", *svg, err))}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	return writeSimText(env.Stdout, l, res, narrated, *timeline, *svg)
}

func writeSimText(w io.Writer, l msg.Lang, res *model.Result, narrated, timeline bool, svg string) error {
	var b bytes.Buffer
	if err := reportpkg.WriteScenario(&b, l, res.Scenario); err != nil {
		return err
	}
	b.WriteByte('\n')
	if err := reportpkg.WriteText(&b, l, res); err != nil {
		return err
	}
	if narrated {
		fmt.Fprintf(&b, "\n%s\n", msg.T(l, "cli.sim.narration"))
		for _, line := range narrate.Lines(res, l) {
			fmt.Fprintf(&b, "  %s\n", line)
		}
	} else if res.Requests > narrateLimit {
		fmt.Fprintf(&b, "\n%s\n", msg.T(l, "cli.sim.narration.skipped", res.Requests))
	}
	if timeline {
		b.WriteByte('\n')
		if err := reportpkg.WriteASCIITimeline(&b, l, res.Trace, timelineWidth); err != nil {
			return err
		}
	}
	if svg != "" {
		fmt.Fprintf(&b, "\n%s\n", msg.T(l, "cli.sim.svg.done", svg))
	}
	_, err := w.Write(b.Bytes())
	return err
}
