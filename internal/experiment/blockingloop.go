//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/waitlab/waitlab/internal/lab"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
)

// Experiment 3: eight event loops, 2,000 requests in a burst, 99% take
// 200 us of CPU and 1% block 100 ms: no blocking, blocking on the loop,
// offloaded to a pool of 64 and of 4. Scaled to this machine's cores with
// live.ScaleToCores (loops become cores; requests and offload pools shrink
// by the same factor, so each loop sees the same work and the same
// blocking share), run in process beside the model, with the watchdog's
// stall count and the occupancy arithmetic under the table.

const blockingSource = "Book chapter on WebFlux event loops, \"Eight loops, 1% blocking\" (2,000 requests in a burst, median of 5 runs)"

var blockingRows = []string{"ch15-none", "ch15-onloop", "ch15-offload64", "ch15-offload4"}

func init() {
	Register(&Experiment{Name: "blocking-loop", Order: 3, Run: runBlockingLoop})
}

func runBlockingLoop(ctx context.Context, r *Runner) error {
	t := r.T
	cores := live.Cores()
	t.Recipe = r.T_("exp.bl.recipe", r.Opt.Repeat)
	t.Columns = []Column{
		{Key: "throughput_rps", Label: r.T_("exp.col.tput"), Digits: 0},
		{Key: "per_loop_rps", Label: r.T_("exp.bl.col.perloop"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.bl.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.bl.col.p99"), Digits: 1},
		{Key: "max_ms", Label: r.T_("exp.bl.col.max"), Digits: 1},
		{Key: "stalls", Label: r.T_("exp.col.stalls"), Digits: 0},
	}
	t.Published = &Published{Source: blockingSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.col.tput"), "p50 (ms)", "p99 (ms)", r.T_("exp.bl.pub.range")},
		Rows: [][]string{
			{r.T_("exp.bl.row.ch15-none"), "23,529", "39", "72", "20,833–23,810"},
			{r.T_("exp.bl.row.ch15-onloop"), "5,333", "129", "268", "5,222–5,376"},
			{r.T_("exp.bl.row.ch15-offload64"), "9,950", "42", "84", "9,259–10,152"},
			{r.T_("exp.bl.row.ch15-offload4"), "3,490", "41", "76", "3,401–3,490"},
		},
		Note: r.T_("exp.bl.pub.note")}
	var scaling *live.Scaling
	loops := 8
	for _, name := range blockingRows {
		if ctx.Err() != nil {
			break
		}
		p, _ := model.LookupPreset(name)
		out, err := r.labRun(ctx, name, p.Scenario, name, true)
		if errors.Is(err, lab.ErrInterrupted) {
			break
		}
		if err != nil {
			return fmt.Errorf("experiment blocking-loop: %s: %w", name, err)
		}
		if out.Scaling != nil {
			if scaling == nil || out.Scaling.OffloadPool[0] > 0 {
				sc := *out.Scaling
				scaling = &sc
			}
			loops = out.Scaling.Loops[1]
		}
		s := out.Scenario
		cls := "normal."
		cells := map[string]Cell{
			"throughput_rps": rangeCell(out, "throughput_rps"),
			"p50_ms":         rangeCell(out, cls+"p50_ms"),
			"p99_ms":         rangeCell(out, cls+"p99_ms"),
			"max_ms":         rangeCell(out, cls+"max_ms"),
			"stalls":         rangeCell(out, "stalls"),
		}
		if len(s.Classes) == 1 {
			cells["p50_ms"], cells["p99_ms"], cells["max_ms"] = rangeCell(out, "p50_ms"), rangeCell(out, "p99_ms"), rangeCell(out, "max_ms")
		}
		tp := cells["throughput_rps"]
		cells["per_loop_rps"] = Cell{Median: tp.Median / float64(loops), Min: tp.Min / float64(loops), Max: tp.Max / float64(loops), Runs: tp.Runs}
		label := r.T_("exp.bl.row."+name) + poolSuffix(r, s)
		row := t.AddRow(name, label, cells)
		m := out.Model
		sum := m.All
		if v, ok := m.Classes["normal"]; ok && len(s.Classes) > 1 {
			sum = v
		}
		row.SetModel("throughput_rps", m.ThroughputRPS)
		row.SetModel("per_loop_rps", m.ThroughputRPS/float64(loops))
		row.SetModel("p50_ms", sum.P50MS)
		row.SetModel("p99_ms", sum.P99MS)
		row.SetModel("max_ms", sum.MaxMS)
		if ref := p.Reference; ref != nil {
			row.SetPublished("throughput_rps", ref["throughput_rps"])
			row.SetPublished("per_loop_rps", ref["throughput_rps"]/8)
			row.SetPublished("p50_ms", ref["p50_ms"])
			row.SetPublished("p99_ms", ref["p99_ms"])
		}
		if out.Interrupted() {
			t.Interrupted = true
			break
		}
	}
	if scaling != nil {
		t.Scaling = r.T_("exp.bl.scaling", scaling.Loops[0], scaling.Loops[1], scaling.Requests[0], scaling.Requests[1],
			scaling.Factor, scaled(64, scaling.Factor), scaled(4, scaling.Factor))
	} else {
		t.Scaling = r.T_("exp.bl.noscaling", cores)
	}
	blockingNotes(r)
	t.Plots = []Plot{{File: "blocking-loop.svg", Title: t.Title, Keys: []string{"per_loop_rps", "p50_ms", "p99_ms"}}}
	return nil
}

func scaled(pool int, f float64) int { return max(1, int(math.Round(float64(pool)*f))) }

func poolSuffix(r *Runner, s model.Scenario) string {
	if s.Model != model.Offload {
		return ""
	}
	return r.T_("exp.bl.pool.here", s.OffloadPool)
}

// blockingNotes writes the occupancy arithmetic (predicted against
// measured slowdown) and what the rows show against the published ones.
func blockingNotes(r *Runner) {
	t := r.T
	none, on := t.Median("ch15-none", "throughput_rps"), t.Median("ch15-onloop", "throughput_rps")
	if t.Row("ch15-none") == nil || t.Row("ch15-onloop") == nil {
		return
	}
	// Occupancy: the normal work and the blocking time both occupy the
	// loops; with the blocking on them, the batch lasts (normal +
	// blocking) / normal times as long, whatever the scale.
	normalMS := 1980 * 0.2
	blockMS := 20 * 100.0
	pred := (normalMS + blockMS) / normalMS
	var modelX float64
	if c := t.Row("ch15-none").Cells["throughput_rps"]; c.Model != nil {
		if c2 := t.Row("ch15-onloop").Cells["throughput_rps"]; c2.Model != nil && *c2.Model > 0 {
			modelX = *c.Model / *c2.Model
		}
	}
	r.Note("exp.bl.note.occupancy", Num(normalMS, 0), Num(blockMS, 0), pred, modelX, none/on, 23529.0/5333)
	p50none, p50on := t.Median("ch15-none", "p50_ms"), t.Median("ch15-onloop", "p50_ms")
	p50o64 := t.Median("ch15-offload64", "p50_ms")
	p50o4 := t.Median("ch15-offload4", "p50_ms")
	if !math.IsNaN(p50o4) {
		r.Note("exp.bl.note.p50", p50on/p50none, 129.0/39, p50o64/p50none, 42.0/39, p50o4/p50none, 41.0/39)
		o64, o4 := t.Median("ch15-offload64", "throughput_rps"), t.Median("ch15-offload4", "throughput_rps")
		r.Note("exp.bl.note.pool", o64/o4, 9950.0/3490)
		st := t.Median("ch15-onloop", "stalls")
		st64, st4 := t.Median("ch15-offload64", "stalls"), t.Median("ch15-offload4", "stalls")
		r.Note("exp.bl.note.stalls", st, st64, st4)
	}
	r.Note("exp.bl.note.why")
}
