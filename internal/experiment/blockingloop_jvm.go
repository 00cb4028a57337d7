//go:build linux

package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/stats"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Experiment 3 on the JVM engine: the chapter's own shape, no sockets
// (java/waitlab/exp/BlockingLoop.java): loop threads with task queues
// take a burst of tasks, 99% spend 200 µs of CPU and 1% sleep 100 ms on
// the loop or are handed to a platform-thread pool; one JVM per condition
// runs an uncounted warm-up batch and the counted ones. Each condition is
// scaled to this machine's cores exactly as the Go engine's in-process
// view is (runner.ScaleToCores: loops become cores, tasks and pools shrink
// by the same factor), so the two engines' rows are the same conditions
// and blocking-loop's claims and notes judge both.

// blJDK is the chapter's JDK (it ran beside the loop-stall chapter, on
// JDK 25).
const blJDK = 25

func runBlockingLoopJVM(ctx context.Context, r *Bench) error {
	t := r.T
	blockingHeader(r)
	var scaling runner.Scaling
	for _, name := range blockingRows {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(blockingServes[name]...) {
			continue // --only: no asked-for claim reads this row
		}
		p, _ := model.LookupPreset(name)
		s, sc, ok := runner.ScaleToCores(p.Scenario, sysinfo.Cores())
		if ok && (scaling.Factor == 0 || sc.OffloadPool[0] > 0) {
			scaling = sc
		}
		r.Progressf("exp.progress.run", r.T_("exp.bl.jvm.label", name), 1, r.Opt.Repeat, time.Duration(0))
		cells, threads, err := r.jvmBlockingRun(ctx, s)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return fmt.Errorf("experiment blocking-loop (JVM): %s: %w", name, err)
		}
		cells["threads"] = threads
		row := t.AddRow(name, r.T_("exp.bl.row."+name)+poolSuffix(r, s), cells)
		if m, err := sim.Run(s, sim.Options{}); err == nil {
			setBlockingModel(row, m, s, s.Threads, "")
		}
		if ref := p.Reference; ref != nil {
			row.SetPublished("throughput_rps", ref["throughput_rps"])
			row.SetPublished("per_loop_rps", ref["throughput_rps"]/8)
			row.SetPublished("p50_ms", ref["p50_ms"])
			row.SetPublished("p99_ms", ref["p99_ms"])
		}
	}
	t.Columns = append(t.Columns[:4:4], Column{Key: "max_ms", Label: r.T_("exp.bl.col.max"), Digits: 1},
		Column{Key: "threads", Label: r.T_("exp.ls.col.jvmthreads"), Digits: 0})
	t.Recipe = r.T_("exp.bl.jvm.recipe", r.jdk.String(), r.Opt.Repeat)
	if scaling.Factor > 0 {
		t.Scaling = r.T_("exp.bl.scaling", scaling.Loops[0], scaling.Loops[1], scaling.Requests[0], scaling.Requests[1],
			scaling.Factor, scaled(64, scaling.Factor), scaled(4, scaling.Factor))
	}
	blockingNotes(r)
	t.Plots = []Plot{{File: "blocking-loop.svg", Title: t.Title, Keys: []string{"per_loop_rps", "p50_ms", "p99_ms"}}}
	for i, n := range t.Notes {
		if n == r.T_("exp.bl.note.why") {
			t.Notes[i] = r.T_("exp.bl.jvm.why")
		}
	}
	return nil
}

// blReport is BlockingLoop.java's report.
type blReport struct {
	Runs []struct {
		BatchUS float64 `json:"batch_us"`
		LatUS   []int64 `json:"lat_us"`
	} `json:"runs"`
	Threads float64 `json:"threads"`
}

// jvmBlockingRun runs one condition's batches in one JVM and returns its
// cells: throughput (tasks ÷ batch time) and per loop, and the
// non-blocking tasks' p50, p99 and max (stats.Recorder's percentiles),
// every run's value kept for the claims.
func (r *Bench) jvmBlockingRun(ctx context.Context, s model.Scenario) (map[string]Cell, Cell, error) {
	mode := "none"
	switch {
	case s.Model == model.Offload:
		mode = "offload"
	case len(s.Classes) > 1:
		mode = "onloop"
	}
	run, err := r.runJava(ctx, "waitlab.exp.BlockingLoop", strconv.Itoa(s.Threads), strconv.Itoa(s.Requests), mode,
		strconv.Itoa(max(s.OffloadPool, 1)), "200", "100", strconv.Itoa(r.Opt.Repeat))
	if err != nil {
		return nil, Cell{}, err
	}
	var rep blReport
	if err := json.Unmarshal(run.Report, &rep); err != nil {
		return nil, Cell{}, fmt.Errorf("experiment: BlockingLoop's report: %w", err)
	}
	if len(rep.Runs) == 0 {
		return nil, Cell{}, fmt.Errorf("experiment: BlockingLoop reported no batch")
	}
	samples := Samples{}
	for _, b := range rep.Runs {
		rec := stats.NewRecorder(len(b.LatUS))
		for _, us := range b.LatUS {
			rec.Add(time.Duration(us) * time.Microsecond)
		}
		sum := rec.Summary()
		tput := float64(s.Requests) / (b.BatchUS / 1e6)
		samples.Add(map[string]float64{"throughput_rps": tput, "per_loop_rps": tput / float64(s.Threads),
			"p50_ms": sum.P50MS, "p99_ms": sum.P99MS, "max_ms": sum.MaxMS})
	}
	return samples.Cells(), Summarize([]float64{rep.Threads}), nil
}
