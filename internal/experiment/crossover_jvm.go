//go:build linux

package experiment

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Experiment 9 on the JVM engine: the read path on a Tomcat pool of 200
// platform threads against Netty event loops (one per server core), at
// 60 and 1,000 closed-model users. Both run the same request, set from
// nothing published: xJVMCPU of CPU spun and xJVMCalls calls of xJVMWait,
// made one after another on the pool's thread and all at once on the
// loop (scheduled, the reactive side's overlap). Tomcat and Netty add
// their own CPU. Each claim is judged as a mechanism claim against what
// this run's own measurements predict: a side's throughput is
// min(users (at most its threads) ÷ (its CPU per request + its waits),
// cores ÷ its CPU per request), with the CPU per request measured in the
// same row. Where the published gap came from Spring MVC's and WebFlux's
// own costs, our servlet and handler do not have them; the prediction
// says which side this stack puts ahead.

// The JVM read path's request: round figures, none set from the four
// published TPS.
const (
	xJVMCPU   = 500 * time.Microsecond
	xJVMWait  = 50 * time.Millisecond
	xJVMCalls = 2
	// xJVMTimeout is the generator's timeout.
	xJVMTimeout = 30 * time.Second
	xJVMThreads = 200
)

func runCrossoverJVM(ctx context.Context, r *Bench) error {
	t := r.T
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	cores := max(len(supervise.Place().Target), 1)
	r.server = fmt.Sprintf("Tomcat (maxThreads %d, acceptCount %d, maxConnections %d); Netty (loops %d)", xJVMThreads, logAcceptCount,
		logMaxConnections, cores)
	t.Recipe = r.T_("exp.x.jvm.recipe", Num(float64(xJVMCPU)/1e6, 1), xJVMCalls, xJVMWait.Milliseconds(), xJVMThreads, cores,
		d.Seconds(), w.Seconds(), r.Opt.Repeat, logAcceptCount, logMaxConnections)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 1},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "cpu_req_ms", Label: r.T_("exp.vl.jvm.col.cpureq"), Digits: 2},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	vus := []int{60, 1000}
	if r.Opt.Quick {
		vus = vus[:1]
		r.ClaimNotRun("x.read1000", r.T_("exp.quick.notrun"))
	}
	loop := r.nettyLoops(cores)
	loop.Fanout = "parallel"
	sides := []struct {
		key    string
		server launch.Config
	}{{"pool", r.tomcatPool(xJVMThreads)}, {"loop", loop}}
	for _, n := range vus {
		if !r.Wants(xServes["read-"+strconv.Itoa(n)]...) {
			continue // --only: no asked-for claim reads these rows
		}
		for _, s := range sides {
			if ctx.Err() != nil {
				break
			}
			server := s.server
			server.CPU, server.Wait, server.Calls = xJVMCPU.String(), xJVMWait.String(), xJVMCalls
			tr := trial{
				Target:     server,
				Load:       closedSpec(n, d, w, xJVMTimeout),
				KeepReport: true,
			}
			key := fmt.Sprintf("read-%d-%s", n, s.key)
			label := r.T_("exp.x.jvm.row."+s.key, Num(float64(n), 0))
			row, reps, err := r.loadRow(ctx, key, label, tr)
			if err != nil {
				return fmt.Errorf("experiment crossover (JVM): %s: %w", label, err)
			}
			if row == nil {
				break
			}
			r.warnRow(row, reps)
			setCPUPerRequest(row)
			if v := xJVMPredict(row, s.key, n, cores); !math.IsNaN(v) {
				row.SetModel("ok_rps", v)
			}
		}
	}
	pred := func(n int, a, b string) float64 {
		return cellModel(t, fmt.Sprintf("read-%d-%s", n, a)) / cellModel(t, fmt.Sprintf("read-%d-%s", n, b))
	}
	vals := func(n int, a, b string) []float64 {
		return ratios(t.Vals(fmt.Sprintf("read-%d-%s", n, a), "ok_rps"), t.Vals(fmt.Sprintf("read-%d-%s", n, b), "ok_rps"))
	}
	r.ClaimPredicted("x.read60", vals(60, "loop", "pool"), pred(60, "loop", "pool"), "")
	r.ClaimPredicted("x.read1000", vals(1000, "pool", "loop"), pred(1000, "pool", "loop"), "")
	r.ClaimNotRun("x.errors5000", r.T_("exp.x.jvm.errors.notrun", Num(float64(vus[len(vus)-1]), 0)))
	for _, n := range vus {
		p, l := t.Row(fmt.Sprintf("read-%d-pool", n)), t.Row(fmt.Sprintf("read-%d-loop", n))
		if p == nil || l == nil {
			continue
		}
		r.Note("exp.x.jvm.note", Num(float64(n), 0), Num(p.Cells["cpu_req_ms"].Median, 2), Num(l.Cells["cpu_req_ms"].Median, 2),
			Num(cellModel(t, p.Key), 0), Num(cellModel(t, l.Key), 0), Num(p.Cells["ok_rps"].Median, 0), Num(l.Cells["ok_rps"].Median, 0))
	}
	r.Note("exp.x.jvm.why")
	t.Plots = []Plot{{File: "crossover.svg", Title: t.Title, Keys: []string{"ok_rps", "p99_ms"}}}
	return nil
}

// setCPUPerRequest sets a row's server CPU per request (ms): its CPU (%
// of a core) over its throughput.
func setCPUPerRequest(row *Row) {
	if s, q := row.Cells["srvcpu"], row.Cells["rps"]; s.Median > 0 && q.Median > 0 {
		v := 10 * s.Median / q.Median // % of a core ÷ req/s, in ms
		row.Cells["cpu_req_ms"] = Cell{Median: v, Min: v, Max: v, Runs: 1}
	}
}

// xJVMPredict is a side's predicted throughput at n users from the CPU
// per request measured in its row: the smaller of its concurrency over
// a request's time (the pool's calls in sequence, at most its threads at
// once; the loop's overlapped) and its cores over the CPU per request.
func xJVMPredict(row *Row, side string, n, cores int) float64 {
	c := row.Cells["cpu_req_ms"].Median / 1000
	if !(c > 0) {
		return math.NaN()
	}
	conc, wait := float64(n), xJVMWait.Seconds()
	if side == "pool" {
		conc, wait = float64(min(n, xJVMThreads)), xJVMCalls*xJVMWait.Seconds()
	}
	return math.Min(conc/(c+wait), float64(cores)/c)
}

// cellModel is a row's predicted throughput (NaN when absent).
func cellModel(t *Table, key string) float64 {
	row := t.Row(key)
	if row == nil {
		return math.NaN()
	}
	if c, ok := row.Cells["ok_rps"]; ok && c.Model != nil {
		return *c.Model
	}
	return math.NaN()
}
