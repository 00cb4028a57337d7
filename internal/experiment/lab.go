//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jvmexec"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/report"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
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
	Register(&Experiment{Name: "lab", Order: 1, Run: runLab, Claims: labClaims, JVM: runLabJVM, JDK: labJDK})
}

// labJDK is the least JDK the lab's JVM side runs on: the published
// figures are JDK 21's, and its virtual threads need 21.
const labJDK = jdk.VirtualThreads

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

func runLab(ctx context.Context, r *Bench) error { return labRecipe(ctx, r, runner.ViaBoth) }

// runLabJVM is the lab on the JVM engine: the same presets, requests and
// judging, run by runner.Run's JVM view (runner.JVM: pool, Selector loops
// and virtual threads in a fresh JVM each run), with each JVM's cold
// first pass shown apart from the measured one.
func runLabJVM(ctx context.Context, r *Bench) error { return labRecipe(ctx, r, runner.ViaJVM) }

// labRecipe measures the presets on one engine: via is runner.ViaBoth (the
// Go engine: in process and over HTTP) or runner.ViaJVM.
func labRecipe(ctx context.Context, r *Bench, via string) error {
	t := r.T
	wait := 200 * time.Millisecond
	onJVM := via == runner.ViaJVM
	second := Column{Key: "http_ms", Label: r.T_("exp.lab.col.http"), Digits: 0}
	t.Recipe = r.T_("exp.lab.recipe", wait.Milliseconds(), r.Opt.Repeat)
	if onJVM {
		second = Column{Key: "cold_ms", Label: r.T_("exp.lab.col.cold"), Digits: 0}
		t.Recipe = r.T_("exp.lab.jvm.recipe", wait.Milliseconds(), r.jdk.String(), r.Opt.Repeat)
		t.WarmupEach = true // each JVM's cold pass, not a JVM of its own
	}
	t.Columns = []Column{
		{Key: "makespan_ms", Label: r.T_("exp.col.makespan"), Digits: 0},
		second,
		{Key: "x_loop", Label: r.T_("exp.lab.col.x"), Digits: 2},
		{Key: "os_threads", Label: r.T_("exp.col.osthreads"), Digits: 0},
	}
	labPublished(r)
	var loopReal, loopModel float64
	var facts *model.Result
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
		// Go: in process and over HTTP (the target serving the
		// scenario, driven by the generator on another core). JVM: in a
		// fresh JVM each run.
		out, err := r.labRun(ctx, name, s, name, false, via)
		if errors.Is(err, supervise.ErrInterrupted) {
			break
		}
		if err != nil {
			return fmt.Errorf("experiment lab: %s: %w", name, err)
		}
		cells := labCells(out, onJVM)
		row := t.AddRow(name, r.T_("exp.lab.row."+name), cells)
		row.SetModel("makespan_ms", out.Model.MakespanMS)
		if v, ok := out.Reference["makespan_ms"]; ok {
			row.SetPublished("makespan_ms", v)
		}
		if name == "lab-loop" {
			loopReal, loopModel = cells["makespan_ms"].Median, out.Model.MakespanMS
		}
		if facts == nil {
			facts = out.JVM
		}
		if out.Interrupted() {
			t.Interrupted = true
			break
		}
	}
	labShape(t, loopReal, loopModel)
	if onJVM {
		labNotes(r, "exp.lab.jvm.why")
		labJVMNotes(r, facts)
	} else {
		labNotes(r, "exp.lab.note.why")
	}
	t.Plots = []Plot{{File: "lab.svg", Title: t.Title, Keys: []string{"makespan_ms"}}}
	return nil
}

// labPublished is the published JDK 21 table.
func labPublished(r *Bench) {
	r.T.Published = &Published{Source: labSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.col.makespan")},
		Rows: [][]string{
			{r.T_("exp.lab.row.lab-pool"), "619"},
			{r.T_("exp.lab.row.lab-loop-blocking"), "1,227"},
			{r.T_("exp.lab.row.lab-virtual"), "216"},
			{r.T_("exp.lab.row.lab-loop"), "201"},
		},
		Note: r.T_("exp.lab.pub.note")}
}

// labCells are a preset's measured cells: on the Go engine the runs in
// process and over HTTP, on the JVM the measured passes and, apart, each
// JVM's cold first pass.
func labCells(out *runner.Outcome, onJVM bool) map[string]Cell {
	if onJVM {
		var cold []float64
		for _, res := range out.JVMRuns {
			if res.JVM != nil && res.JVM.Cold != nil {
				cold = append(cold, res.JVM.Cold.MakespanMS)
			}
		}
		cells := map[string]Cell{
			"makespan_ms": figureCell(out.Scenario, out.JVMRuns, out.JVMRange, "makespan_ms"),
			"os_threads":  figureCell(out.Scenario, out.JVMRuns, out.JVMRange, "os_threads_peak"),
		}
		if len(cold) > 0 {
			cells["cold_ms"] = Summarize(cold)
		}
		return cells
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
	return cells
}

// labShape sets every row's makespan as a multiple of the two registered
// loops' (this engine's, the model's and the published).
func labShape(t *Table, loopReal, loopModel float64) {
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
}

// labRun runs s beside its model with runner.Run: the experiment's repeats
// after one uncounted warm-up, each in a fresh child process.
func (r *Bench) labRun(ctx context.Context, label string, s model.Scenario, preset string, scale bool, via ...string) (*runner.Outcome, error) {
	cfg := runner.Config{Scenario: s, Preset: preset, Exe: r.Opt.Exe, Repeat: r.Opt.Repeat, Warmup: true,
		Options:      runner.Options{StallThreshold: 10 * time.Millisecond, Version: r.Opt.Version},
		ScaleToCores: scale, Cores: sysinfo.Cores()}
	if len(via) > 0 {
		cfg.Via = via[0]
	}
	if cfg.Via == runner.ViaJVM {
		// Each JVM runs the plan cold, then measured (the cold pass
		// reported apart): its own warm-up, so no uncounted JVM first.
		cfg.Warmup = false
		cfg.JVM = jvmexec.Options{Java: r.jdk.Home}
	}
	cfg.Progress = func(run, of int, expected time.Duration) {
		r.Progressf("exp.progress.run", label, run, of, expected.Round(time.Millisecond))
	}
	p, err := runner.Prepare(cfg)
	if err != nil {
		return nil, err
	}
	return runner.Measure(ctx, p)
}

// figureCell is figure key over runs (every run's value, for the
// claims), or its range when no run is kept.
func figureCell(s model.Scenario, runs []*model.Result, rng map[string]runner.Range, key string) Cell {
	for _, f := range model.Figures(s) {
		if f.Key != key || len(runs) == 0 {
			continue
		}
		vals := make([]float64, 0, len(runs))
		for _, r := range runs {
			vals = append(vals, f.Get(r))
		}
		return Summarize(vals)
	}
	if rg, ok := rng[key]; ok {
		return Cell{Median: rg.Median, Min: rg.Min, Max: rg.Max, Runs: len(runs)}
	}
	return Cell{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
}

// outCell is a figure over the runs (in process: out.Runs; over HTTP:
// out.HTTPRuns), with every run's value for the claims; with no runs kept,
// the in-process range.
func outCell(out *runner.Outcome, runs []*model.Result, key string) Cell {
	if len(runs) == 0 {
		return rangeCell(out, key)
	}
	return figureCell(out.Scenario, runs, nil, key)
}

func rangeCell(out *runner.Outcome, key string) Cell {
	rg, ok := out.Range[key]
	if !ok {
		return Cell{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
	}
	return Cell{Median: rg.Median, Min: rg.Min, Max: rg.Max, Runs: len(out.Runs)}
}

// labNotes judges the lab's claims and says how far the real runs and
// the published ones sit from the model, from the numbers, then why the
// engine's runs differ from the published ones (why, a catalog key).
func labNotes(r *Bench, why string) {
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
	r.Note(why)
}

// labJVMNotes says how far each JVM's cold first pass sat from its
// measured one (lowest and highest over the rows, from the numbers; the
// figures and verdicts are the measured passes'), and the JVM's facts
// (JDK, flags, processors, GC) of its first run.
func labJVMNotes(r *Bench, facts *model.Result) {
	lo, hi := math.Inf(1), math.Inf(-1)
	var loRow, hiRow string
	for _, row := range r.T.Rows {
		cold, ok := row.Cells["cold_ms"]
		warm := row.Cells["makespan_ms"]
		if !ok || !(warm.Median > 0) || math.IsNaN(cold.Median) {
			continue
		}
		d := 100 * (cold.Median/warm.Median - 1)
		if d < lo {
			lo, loRow = d, row.Label
		}
		if d > hi {
			hi, hiRow = d, row.Label
		}
	}
	if hiRow != "" {
		r.Note("exp.lab.jvm.note.cold", lo, loRow, hi, hiRow)
	}
	if facts != nil {
		if notes := report.JVMNotes(r.Opt.Lang, facts); len(notes) > 0 {
			r.T.Notes = append(r.T.Notes, notes[0])
		}
	}
}
