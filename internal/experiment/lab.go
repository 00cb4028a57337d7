//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/waitlab/waitlab/internal/lab"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
)

// Experiment 1: the five lab presets with the wait cut to 0.2 s, as the
// lab measured them on JDK 21: the model, a real in-process run (real OS
// threads, epoll loops, goroutines on two carriers) and the published
// figure, with every makespan also as a multiple of the two registered
// loops' (the published ratios 6:12:2:2).

// labSource is the title of the published source.
const labSource = "Interactive lab \"blocking vs non-blocking vs virtual threads\" (JDK 21, wait cut to 0.2 s, 12 requests)"

var labPresets = []string{"lab-pool", "lab-loop", "lab-loop-blocking", "lab-virtual", "lab-pool-10x30"}

func init() {
	Register(&Experiment{Name: "lab", Order: 1, Run: runLab})
}

func runLab(ctx context.Context, r *Runner) error {
	t := r.T
	wait := 200 * time.Millisecond
	t.Recipe = r.T_("exp.lab.recipe", wait.Milliseconds(), r.Opt.Repeat)
	t.Columns = []Column{
		{Key: "makespan_ms", Label: r.T_("exp.col.makespan"), Digits: 0},
		{Key: "http_ms", Label: r.T_("exp.lab.col.http"), Digits: 0},
		{Key: "x_loop", Label: r.T_("exp.lab.col.x"), Digits: 2},
		{Key: "os_threads", Label: r.T_("exp.col.osthreads"), Digits: 0},
	}
	t.Published = &Published{Source: labSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.col.makespan")},
		Rows: [][]string{
			{r.T_("exp.lab.row.lab-pool"), "619"},
			{r.T_("exp.lab.row.lab-loop-blocking"), "1,227"},
			{r.T_("exp.lab.row.lab-virtual"), "216"},
			{r.T_("exp.lab.row.lab-loop"), "201"},
		},
		Note: r.T_("exp.lab.pub.note")}
	var loopReal, loopModel float64
	for _, name := range labPresets {
		if ctx.Err() != nil {
			break
		}
		p, _ := model.LookupPreset(name)
		s := p.Scenario
		for i := range s.Classes {
			s.Classes[i].Wait = model.FixedDist(wait)
		}
		// In process and over HTTP (the target serving the scenario,
		// driven by the generator on another core).
		out, err := r.labRun(ctx, name, s, name, false, lab.ViaBoth)
		if errors.Is(err, lab.ErrInterrupted) {
			break
		}
		if err != nil {
			return fmt.Errorf("experiment lab: %s: %w", name, err)
		}
		rg := out.Range["makespan_ms"]
		cells := map[string]Cell{
			"makespan_ms": {Median: rg.Median, Min: rg.Min, Max: rg.Max, Runs: len(out.Runs)},
			"os_threads":  rangeCell(out, "os_threads_peak"),
		}
		if hr, ok := out.HTTPRange["makespan_ms"]; ok && out.HTTP != nil {
			cells["http_ms"] = Cell{Median: hr.Median, Min: hr.Min, Max: hr.Max, Runs: max(len(out.HTTPRuns), 1)}
		}
		row := t.AddRow(name, r.T_("exp.lab.row."+name), cells)
		row.SetModel("makespan_ms", out.Model.MakespanMS)
		if v, ok := out.Reference["makespan_ms"]; ok {
			row.SetPublished("makespan_ms", v)
		}
		if name == "lab-loop" {
			loopReal, loopModel = rg.Median, out.Model.MakespanMS
		}
		if out.Interrupted() {
			t.Interrupted = true
			break
		}
	}
	// The shape: every makespan as a multiple of two registered loops'.
	pubLoop := 201.0
	for i := range t.Rows {
		row := &t.Rows[i]
		if loopReal <= 0 {
			break
		}
		c := row.Cells["makespan_ms"]
		x := Cell{Median: c.Median / loopReal, Min: c.Min / loopReal, Max: c.Max / loopReal, Runs: c.Runs}
		row.Cells["x_loop"] = x
		if c.Model != nil && loopModel > 0 {
			row.SetModel("x_loop", *c.Model/loopModel)
		}
		if c.Published != nil {
			row.SetPublished("x_loop", *c.Published/pubLoop)
		}
	}
	labNotes(r)
	t.Plots = []Plot{{File: "lab.svg", Title: t.Title, Keys: []string{"makespan_ms"}}}
	return nil
}

// labRun runs s beside its model with lab.Run: the experiment's repeats
// after one uncounted warm-up, each in a fresh child process.
func (r *Runner) labRun(ctx context.Context, label string, s model.Scenario, preset string, scale bool, via ...string) (*lab.Outcome, error) {
	cfg := lab.RunConfig{Scenario: s, Preset: preset, Exe: r.Opt.Exe, Repeat: r.Opt.Repeat, Warmup: true,
		Options:      live.Options{StallThreshold: 10 * time.Millisecond, Version: r.Opt.Version},
		ScaleToCores: scale, Cores: live.Cores()}
	if len(via) > 0 {
		cfg.Via = via[0]
	}
	cfg.Progress = func(run, of int, expected time.Duration) {
		r.Progressf("exp.progress.run", label, run, of, expected.Round(time.Millisecond))
	}
	return lab.Run(ctx, cfg)
}

func rangeCell(out *lab.Outcome, key string) Cell {
	rg, ok := out.Range[key]
	if !ok {
		return Cell{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
	}
	return Cell{Median: rg.Median, Min: rg.Min, Max: rg.Max, Runs: len(out.Runs)}
}

// labNotes says how close each row came to the model and the published
// figure, and why they differ.
func labNotes(r *Runner) {
	t := r.T
	worst, worstRow := 0.0, ""
	for _, row := range t.Rows {
		c := row.Cells["makespan_ms"]
		if c.Model == nil || *c.Model <= 0 {
			continue
		}
		if d := math.Abs(c.Median / *c.Model - 1); d > worst {
			worst, worstRow = d, row.Label
		}
	}
	if worstRow != "" {
		r.Note("exp.lab.note.model", 100*worst, worstRow)
	}
	pool, blk, loop := t.Median("lab-pool", "makespan_ms"), t.Median("lab-loop-blocking", "makespan_ms"), t.Median("lab-loop", "makespan_ms")
	if loop > 0 && !math.IsNaN(pool) && !math.IsNaN(blk) {
		r.Note("exp.lab.note.shape", pool/loop, blk/loop, 619.0/201, 1227.0/201)
	}
	r.Note("exp.lab.note.why")
}
