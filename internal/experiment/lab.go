//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/lab"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
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
	Register(&Experiment{Name: "lab", Order: 1, Run: runLab, Claims: labClaims})
}

// The lab's claims: the four measured makespans (waits set them: ±10%)
// and the two published ratios to the registered loops, plus the fifth
// preset's model figure (the same three waves as the pool of 4).
var labClaims = []ClaimDef{
	{ID: "jdk.pool", Source: "exp.src.lab", Published: 619, Quantity: "latency", Unit: "ms", Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: NoNull},
	{ID: "jdk.loop-blocking", Source: "exp.src.lab", Published: 1227, Quantity: "latency", Unit: "ms", Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: NoNull},
	{ID: "jdk.virtual", Source: "exp.src.lab", Published: 216, Quantity: "latency", Unit: "ms", Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: NoNull},
	{ID: "jdk.loop", Source: "exp.src.lab", Published: 201, Quantity: "latency", Unit: "ms", Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: NoNull},
	{ID: "jdk.x-pool", Source: "exp.src.lab", Published: 619.0 / 201, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: 1},
	{ID: "jdk.x-blocking", Source: "exp.src.lab", Published: 1227.0 / 201, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: 1},
	{ID: "jdk.x-10x30", Source: "exp.src.lab.model", Published: 1, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.10, TolWhy: "exp.tol.wait", Null: NoNull},
}

// labServes names the claims each preset's row feeds (--only runs the
// presets an asked-for claim reads).
var labServes = map[string][]string{
	"lab-pool":          {"jdk.pool", "jdk.x-pool", "jdk.x-10x30"},
	"lab-loop":          {"jdk.loop", "jdk.x-pool", "jdk.x-blocking"},
	"lab-loop-blocking": {"jdk.loop-blocking", "jdk.x-blocking"},
	"lab-virtual":       {"jdk.virtual"},
	"lab-pool-10x30":    {"jdk.x-10x30"},
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
		if !r.Wants(labServes[name]...) {
			continue // --only: no asked-for claim reads this preset
		}
		p, _ := model.LookupPreset(name)
		s := p.Scenario
		for i := range s.Classes {
			s.Classes[i].Wait = model.FixedDist(wait)
		}
		// In process and over HTTP (the target serving the scenario,
		// driven by the generator on another core).
		out, err := r.labRun(ctx, name, s, name, false, lab.ViaBoth)
		if errors.Is(err, supervise.ErrInterrupted) {
			break
		}
		if err != nil {
			return fmt.Errorf("experiment lab: %s: %w", name, err)
		}
		cells := map[string]Cell{
			"makespan_ms": outCell(out, out.Runs, "makespan_ms"),
			"os_threads":  rangeCell(out, "os_threads_peak"),
		}
		if hr, ok := out.HTTPRange["makespan_ms"]; ok && out.HTTP != nil {
			cells["http_ms"] = Cell{Median: hr.Median, Min: hr.Min, Max: hr.Max, Runs: max(len(out.HTTPRuns), 1)}
			if len(out.HTTPRuns) > 0 {
				cells["http_ms"] = outCell(out, out.HTTPRuns, "makespan_ms")
			}
		}
		row := t.AddRow(name, r.T_("exp.lab.row."+name), cells)
		row.SetModel("makespan_ms", out.Model.MakespanMS)
		if v, ok := out.Reference["makespan_ms"]; ok {
			row.SetPublished("makespan_ms", v)
		}
		if name == "lab-loop" {
			loopReal, loopModel = cells["makespan_ms"].Median, out.Model.MakespanMS
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
		x := Cell{Median: c.Median / loopReal, Min: c.Min / loopReal, Max: c.Max / loopReal, Runs: c.Runs,
			Values: ratios(c.Values, t.Vals("lab-loop", "makespan_ms"))}
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

// outCell is a figure over the runs (in process: out.Runs; over HTTP:
// out.HTTPRuns), with every run's value for the claims.
func outCell(out *lab.Outcome, runs []*model.Result, key string) Cell {
	for _, f := range live.Figures(out.Scenario) {
		if f.Key != key {
			continue
		}
		var vals []float64
		for _, r := range runs {
			vals = append(vals, f.Get(r))
		}
		if len(vals) > 0 {
			return Summarize(vals)
		}
	}
	return rangeCell(out, key)
}

func rangeCell(out *lab.Outcome, key string) Cell {
	rg, ok := out.Range[key]
	if !ok {
		return Cell{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
	}
	return Cell{Median: rg.Median, Min: rg.Min, Max: rg.Max, Runs: len(out.Runs)}
}

// labNotes judges the lab's claims and says how far the real runs and
// the published ones sit from the model, from the numbers.
func labNotes(r *Runner) {
	t := r.T
	for _, id := range []string{"lab-pool", "lab-loop-blocking", "lab-virtual", "lab-loop"} {
		r.Claim("jdk."+strings.TrimPrefix(id, "lab-"), t.Vals(id, "makespan_ms"), "")
	}
	r.Claim("jdk.x-pool", t.Vals("lab-pool", "x_loop"), "")
	r.Claim("jdk.x-blocking", t.Vals("lab-loop-blocking", "x_loop"), "")
	r.Claim("jdk.x-10x30", ratios(t.Vals("lab-pool-10x30", "makespan_ms"), t.Vals("lab-pool", "makespan_ms")), "")
	// Distance from the model: ours and the published runs', each as
	// the lowest and highest per cent above it over the rows.
	lo, hi, plo, phi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var loRow, hiRow, ploRow, phiRow string
	for _, row := range t.Rows {
		c := row.Cells["makespan_ms"]
		if c.Model == nil || *c.Model <= 0 {
			continue
		}
		d := 100 * (c.Median / *c.Model - 1)
		if d < lo {
			lo, loRow = d, row.Label
		}
		if d > hi {
			hi, hiRow = d, row.Label
		}
		if c.Published != nil {
			pd := 100 * (*c.Published / *c.Model - 1)
			if pd < plo {
				plo, ploRow = pd, row.Label
			}
			if pd > phi {
				phi, phiRow = pd, row.Label
			}
		}
	}
	if hiRow != "" {
		r.Note("exp.lab.note.model", lo, loRow, hi, hiRow)
	}
	if phiRow != "" {
		r.Note("exp.lab.note.pubmodel", plo, ploRow, phi, phiRow)
	}
	r.Note("exp.lab.note.why")
}
