//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Experiment 3: eight event loops, 2,000 requests in a burst, 99% take
// 200 us of CPU and 1% block 100 ms: no blocking, blocking on the loop,
// offloaded to a pool of 64 and of 4. Each condition runs twice, beside
// the model: in process (real epoll loops in a fresh child process, on
// every core) and over HTTP (a fresh `waitlab target` child serving the
// scenario, the burst sent by the generator in this process, the two
// pinned to different cores where there are two). Both views are scaled
// with runner.ScaleToCores to the cores the server has: all of them in
// process, the target's share over HTTP (loops become cores; requests and
// offload pools shrink by the same factor, so each loop sees the same work
// and the same blocking share), which makes the per-loop throughput and
// the latencies comparable across the views. The watchdog's stall count
// (in process from the child, over HTTP from the target's /metrics) and
// the occupancy arithmetic go under the table, with what HTTP adds.

const blockingSource = "Book chapter on WebFlux event loops, \"Eight loops, 1% blocking\" (2,000 requests in a burst, median of 5 runs)"

var blockingRows = []string{"ch15-none", "ch15-onloop", "ch15-offload64", "ch15-offload4"}

func init() {
	Register(&Experiment{Name: "blocking-loop", Order: 3, Run: runBlockingLoop, Claims: blClaims, JVM: runBlockingLoopJVM, JDK: blJDK})
}

// The chapter's medians of 5 runs, as multiples of the no-blocking row
// (the machine cancels out of a multiple; its absolute throughput does
// not carry over from eight cores to two).
var blClaims = []ClaimDef{
	{ID: "bl.slowdown", Source: "exp.src.ch15", Published: 23529.0 / 5333, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.range", Null: 1},
	{ID: "bl.p50-onloop", Source: "exp.src.ch15", Published: 129.0 / 39, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.20, TolWhy: "exp.tol.shape", Null: 1},
	{ID: "bl.p99-onloop", Source: "exp.src.ch15", Published: 268.0 / 72, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.25, TolWhy: "exp.tol.shape", Null: 1},
	{ID: "bl.p50-offload64", Source: "exp.src.ch15", Published: 42.0 / 39, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.shape", Null: NoNull},
	{ID: "bl.p50-offload4", Source: "exp.src.ch15", Published: 41.0 / 39, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.shape", Null: NoNull},
	{ID: "bl.pool64-4", Source: "exp.src.ch15", Published: 9950.0 / 3490, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.range", Null: 1},
	// Offload is isolation, not a cure: 23,529 against 9,950 req/s.
	{ID: "bl.offload64", Source: "exp.src.ch15", Published: 23529.0 / 9950, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.range", Null: 1},
	// "normal requests still see a max near 100 ms" (the blocking call's
	// length) with offload to 64.
	{ID: "bl.max-offload64", Source: "exp.src.ch15", Published: 100, Quantity: "latency", Unit: "ms", Tolerance: 0.3, TolWhy: "exp.tol.near", Null: NoNull},
}

// blockingServes names the claims each row feeds (--only runs the rows
// an asked-for claim reads; every ratio is to ch15-none).
var blockingServes = map[string][]string{
	"ch15-none":      {"bl.slowdown", "bl.p50-onloop", "bl.p99-onloop", "bl.p50-offload64", "bl.p50-offload4", "bl.offload64"},
	"ch15-onloop":    {"bl.slowdown", "bl.p50-onloop", "bl.p99-onloop"},
	"ch15-offload64": {"bl.p50-offload64", "bl.pool64-4", "bl.offload64", "bl.max-offload64"},
	"ch15-offload4":  {"bl.p50-offload4", "bl.pool64-4"},
}

func runBlockingLoop(ctx context.Context, r *Bench) error {
	t := r.T
	cores := sysinfo.Cores()
	t.Recipe = r.T_("exp.bl.recipe", r.Opt.Repeat)
	blockingHeader(r)
	var scaling, httpScaling *runner.Scaling
	var pin *runner.Pinning
	var httpErr error
	httpMeasured := false
	httpView := blockingHTTPView{connectP50: map[string]float64{}, overflows: map[string]int64{}}
	loops, httpLoops := 8, 8
	for _, name := range blockingRows {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(blockingServes[name]...) {
			continue // --only: no asked-for claim reads this row
		}
		p, _ := model.LookupPreset(name)
		out, err := r.labRun(ctx, name, p.Scenario, name, true)
		if errors.Is(err, supervise.ErrInterrupted) {
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
		cells := blockingCells(out.Range, len(out.Runs), s, loops, "")
		cls := "normal."
		if len(s.Classes) == 1 {
			cls = ""
		}
		for k, fig := range map[string]string{"throughput_rps": "throughput_rps", "p50_ms": cls + "p50_ms", "p99_ms": cls + "p99_ms", "max_ms": cls + "max_ms"} {
			c := cells[k]
			c.Values = outCell(out, out.Runs, fig).Values
			cells[k] = c
		}
		label := r.T_("exp.bl.row."+name) + poolSuffix(r, s)
		row := t.AddRow(name, label, cells)
		setBlockingModel(row, out.Model, s, loops, "")
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
		// The same condition over HTTP, scaled to the target's cores.
		if httpErr != nil || ctx.Err() != nil {
			continue
		}
		hout, err := r.blockingHTTPRun(ctx, name, p.Scenario)
		if errors.Is(err, supervise.ErrInterrupted) {
			break
		}
		if err != nil {
			// The in-process rows stand; the table says why the HTTP
			// columns are missing.
			httpErr = err
			continue
		}
		if hout.Scaling != nil {
			if httpScaling == nil || hout.Scaling.OffloadPool[0] > 0 {
				sc := *hout.Scaling
				httpScaling = &sc
			}
			httpLoops = hout.Scaling.Loops[1]
		}
		httpMeasured = true
		hs := hout.Scenario
		for k, c := range blockingCells(hout.HTTPRange, max(len(hout.HTTPRuns), 1), hs, httpLoops, "http_") {
			row.Cells[k] = c
		}
		setBlockingModel(row, hout.Model, hs, httpLoops, "http_")
		if sk := hout.Sockets; sk != nil {
			httpView.connectP50[name] = sk.ConnectP50MS
			if sk.Kernel.Known {
				httpView.overflows[name] = sk.Kernel.ListenOverflows
			}
			if sk.Pinning != nil {
				pin = sk.Pinning
			}
		}
		if hout.Interrupted() {
			t.Interrupted = true
			break
		}
	}
	t.Scaling = blockingScaling(r, scaling, httpScaling, pin, httpMeasured, cores)
	blockingNotes(r)
	blockingHTTPNotes(r, httpView, httpErr)
	t.Plots = []Plot{{File: "blocking-loop.svg", Title: t.Title, Keys: []string{"per_loop_rps", "http_per_loop_rps", "p50_ms", "http_p50_ms", "p99_ms"}}}
	return nil
}

// blockingHeader sets the table's columns and the published table.
func blockingHeader(r *Bench) {
	t := r.T
	t.Columns = []Column{
		{Key: "throughput_rps", Label: r.T_("exp.col.tput"), Digits: 0},
		{Key: "per_loop_rps", Label: r.T_("exp.bl.col.perloop"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.bl.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.bl.col.p99"), Digits: 1},
		{Key: "max_ms", Label: r.T_("exp.bl.col.max"), Digits: 1},
		{Key: "stalls", Label: r.T_("exp.col.stalls"), Digits: 0},
		{Key: "http_rps", Label: r.T_("exp.bl.col.http.tput"), Digits: 0},
		{Key: "http_per_loop_rps", Label: r.T_("exp.bl.col.http.perloop"), Digits: 0},
		{Key: "http_p50_ms", Label: r.T_("exp.bl.col.http.p50"), Digits: 1},
		{Key: "http_p99_ms", Label: r.T_("exp.bl.col.http.p99"), Digits: 1},
		{Key: "http_stalls", Label: r.T_("exp.bl.col.http.stalls"), Digits: 0},
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
}

// blockingScaling says how the conditions were scaled to this machine, in
// process and over HTTP.
func blockingScaling(r *Bench, scaling, httpScaling *runner.Scaling, pin *runner.Pinning, httpMeasured bool, cores int) string {
	var text string
	if scaling != nil {
		text = r.T_("exp.bl.scaling", scaling.Loops[0], scaling.Loops[1], scaling.Requests[0], scaling.Requests[1],
			scaling.Factor, scaled(64, scaling.Factor), scaled(4, scaling.Factor))
	} else {
		text = r.T_("exp.bl.noscaling", cores)
	}
	switch {
	case httpScaling != nil && pin != nil:
		text += "\n\n" + r.T_("exp.bl.scaling.http", cpuList(pin.Target), cpuList(pin.Generator),
			httpScaling.Loops[1], httpScaling.Requests[1], httpScaling.Factor,
			scaled(64, httpScaling.Factor), scaled(4, httpScaling.Factor))
	case httpScaling != nil:
		text += "\n\n" + r.T_("exp.bl.scaling.http.shared")
	case httpMeasured:
		tc := cores
		if pin != nil {
			tc = len(pin.Target)
		}
		text += "\n\n" + r.T_("exp.bl.noscaling.http", tc)
	}
	return text
}

// blockingHTTPView is what only the HTTP runs show, per condition (the
// median run's).
type blockingHTTPView struct {
	connectP50 map[string]float64
	overflows  map[string]int64
}

// blockingHTTPRun runs s over HTTP beside its model: the experiment's
// repeats after one uncounted warm-up, a fresh target child per run,
// scaled to the target's cores. Each target is recorded among the
// experiment's children (lab stops it before the run returns).
func (r *Bench) blockingHTTPRun(ctx context.Context, name string, s model.Scenario) (*runner.Outcome, error) {
	label := r.T_("exp.bl.http.label", name)
	cfg := runner.Config{Scenario: s, Preset: name, Exe: r.Opt.Exe, Repeat: r.Opt.Repeat, Warmup: true,
		Options:      runner.Options{StallThreshold: 10 * time.Millisecond, Version: r.Opt.Version},
		ScaleToCores: true, Cores: sysinfo.Cores(), Via: runner.ViaHTTP,
		HTTP: runner.HTTPOptions{OnTarget: func(pid int, addr string) {
			r.procs.noteExternal(Child{Name: "target", PID: pid, Addr: addr})
		}}}
	cfg.Progress = func(run, of int, expected time.Duration) {
		r.Progressf("exp.progress.run", label, run, of, expected.Round(time.Millisecond))
	}
	p, err := runner.Prepare(cfg)
	if err != nil {
		return nil, err
	}
	return runner.Measure(ctx, p)
}

// noteExternal records a child that another package started and stops
// itself (lab's HTTP targets), so the table lists it with the rest.
func (ps *procSet) noteExternal(c Child) {
	ps.mu.Lock()
	ps.ended = append(ps.ended, c)
	ps.mu.Unlock()
	if childStarted != nil {
		childStarted(c)
	}
}

// blockingCells turns one view's ranges into the row's cells (keys with
// prefix, see tputKey): throughput, per loop, and the non-blocking
// requests' p50 and p99 (all requests' when the scenario has one class),
// the stalls, and the max in process (the HTTP view keeps p50 and p99: the
// table is wide enough).
func blockingCells(rg map[string]runner.Range, runs int, s model.Scenario, loops int, prefix string) map[string]Cell {
	get := func(key string) Cell {
		v, ok := rg[key]
		if !ok {
			return Cell{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
		}
		return Cell{Median: v.Median, Min: v.Min, Max: v.Max, Runs: runs}
	}
	cls := "normal."
	if len(s.Classes) == 1 {
		cls = ""
	}
	tp := get("throughput_rps")
	l := float64(loops)
	out := map[string]Cell{
		tputKey(prefix):         tp,
		prefix + "per_loop_rps": {Median: tp.Median / l, Min: tp.Min / l, Max: tp.Max / l, Runs: tp.Runs},
		prefix + "p50_ms":       get(cls + "p50_ms"),
		prefix + "p99_ms":       get(cls + "p99_ms"),
		prefix + "stalls":       get("stalls"),
	}
	if prefix == "" {
		out["max_ms"] = get(cls + "max_ms")
	}
	return out
}

// tputKey is the throughput column of a view: "throughput_rps" in
// process, "http_rps" over HTTP.
func tputKey(prefix string) string {
	if prefix == "" {
		return "throughput_rps"
	}
	return prefix + "rps"
}

// setBlockingModel sets the model's prediction on a view's cells.
func setBlockingModel(row *Row, m *model.Result, s model.Scenario, loops int, prefix string) {
	if m == nil {
		return
	}
	sum := m.All
	if v, ok := m.Classes["normal"]; ok && len(s.Classes) > 1 {
		sum = v
	}
	row.SetModel(tputKey(prefix), m.ThroughputRPS)
	row.SetModel(prefix+"per_loop_rps", m.ThroughputRPS/float64(loops))
	row.SetModel(prefix+"p50_ms", sum.P50MS)
	row.SetModel(prefix+"p99_ms", sum.P99MS)
	if prefix == "" {
		row.SetModel("max_ms", sum.MaxMS)
	}
}

func scaled(pool int, f float64) int { return max(1, int(math.Round(float64(pool)*f))) }

func poolSuffix(r *Bench, s model.Scenario) string {
	if s.Model != model.Offload {
		return ""
	}
	return r.T_("exp.bl.pool.here", s.OffloadPool)
}

// blockingNotes writes the occupancy arithmetic (predicted against
// measured slowdown) and what the rows show against the published ones.
func blockingNotes(r *Bench) {
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
	r.Claim("bl.slowdown", ratios(t.Vals("ch15-none", "throughput_rps"), t.Vals("ch15-onloop", "throughput_rps")), "")
	r.Claim("bl.p50-onloop", ratios(t.Vals("ch15-onloop", "p50_ms"), t.Vals("ch15-none", "p50_ms")), "")
	r.Claim("bl.p99-onloop", ratios(t.Vals("ch15-onloop", "p99_ms"), t.Vals("ch15-none", "p99_ms")), "")
	r.Claim("bl.p50-offload64", ratios(t.Vals("ch15-offload64", "p50_ms"), t.Vals("ch15-none", "p50_ms")), "")
	r.Claim("bl.p50-offload4", ratios(t.Vals("ch15-offload4", "p50_ms"), t.Vals("ch15-none", "p50_ms")), "")
	r.Claim("bl.pool64-4", ratios(t.Vals("ch15-offload64", "throughput_rps"), t.Vals("ch15-offload4", "throughput_rps")), "")
	r.Claim("bl.offload64", ratios(t.Vals("ch15-none", "throughput_rps"), t.Vals("ch15-offload64", "throughput_rps")), "")
	r.Claim("bl.max-offload64", t.Vals("ch15-offload64", "max_ms"), "")
	r.Note("exp.bl.note.occupancy", Num(normalMS, 0), Num(blockMS, 0), pred, modelX, none/on, 23529.0/5333)
	p50none, p50on := t.Median("ch15-none", "p50_ms"), t.Median("ch15-onloop", "p50_ms")
	p50o64 := t.Median("ch15-offload64", "p50_ms")
	p50o4 := t.Median("ch15-offload4", "p50_ms")
	if v := r.Verdict("bl.p50-onloop"); !math.IsNaN(p50o4) && (v == Reproduced || v == Direction) && r.Verdict("bl.p50-offload64") == Reproduced {
		r.Note("exp.bl.note.p50", p50on/p50none, 129.0/39, p50o64/p50none, 42.0/39, p50o4/p50none, 41.0/39)
	}
	if !math.IsNaN(p50o4) {
		o64, o4 := t.Median("ch15-offload64", "throughput_rps"), t.Median("ch15-offload4", "throughput_rps")
		if r.Verdict("bl.p50-offload4") == Reproduced && o64 > o4 {
			r.Note("exp.bl.note.pool", o64/o4, 9950.0/3490)
		}
		st := t.Median("ch15-onloop", "stalls")
		st64, st4 := t.Median("ch15-offload64", "stalls"), t.Median("ch15-offload4", "stalls")
		if !math.IsNaN(st) { // the JVM engine has no watchdog
			r.Note("exp.bl.note.stalls", st, st64, st4)
		}
	}
	r.Note("exp.bl.note.why")
}

// blockingHTTPNotes compares the HTTP view with the in-process one: the
// same multiples (slowdown, p50 under blocking and offload, stalls), what
// HTTP costs per loop and in p50, and what the burst's connection set-up
// and the accept queue did; or why there is no HTTP view.
func blockingHTTPNotes(r *Bench, v blockingHTTPView, httpErr error) {
	t := r.T
	if httpErr != nil {
		r.Note("exp.bl.note.http.err", httpErr)
	}
	med := func(row, col string) float64 {
		x := t.Row(row)
		if x == nil {
			return math.NaN()
		}
		c, ok := x.Cells[col]
		if !ok || c.Runs == 0 {
			return math.NaN()
		}
		return c.Median
	}
	hNone, hOn := med("ch15-none", "http_rps"), med("ch15-onloop", "http_rps")
	if math.IsNaN(hNone) || math.IsNaN(hOn) || hOn <= 0 {
		return
	}
	var modelX float64
	if c := t.Row("ch15-none").Cells["http_rps"]; c.Model != nil {
		if c2 := t.Row("ch15-onloop").Cells["http_rps"]; c2.Model != nil && *c2.Model > 0 {
			modelX = *c.Model / *c2.Model
		}
	}
	r.Note("exp.bl.note.http.slowdown", hNone/hOn, modelX, med("ch15-none", "throughput_rps")/med("ch15-onloop", "throughput_rps"))
	p50none, p50on := med("ch15-none", "http_p50_ms"), med("ch15-onloop", "http_p50_ms")
	p50o64, p50o4 := med("ch15-offload64", "http_p50_ms"), med("ch15-offload4", "http_p50_ms")
	ipNone := med("ch15-none", "p50_ms")
	if !math.IsNaN(p50o4) && p50none > 0 && ipNone > 0 && p50on > p50none {
		r.Note("exp.bl.note.http.p50", p50on/p50none, med("ch15-onloop", "p50_ms")/ipNone,
			p50o64/p50none, med("ch15-offload64", "p50_ms")/ipNone,
			p50o4/p50none, med("ch15-offload4", "p50_ms")/ipNone,
			med("ch15-onloop", "http_stalls"), med("ch15-offload64", "http_stalls"), med("ch15-offload4", "http_stalls"),
			med("ch15-onloop", "stalls"))
	}
	// What HTTP costs: each view's throughput as a share of its own
	// model's (the two views run at different scales), the p50 added with
	// no blocking, and the burst's connection set-up.
	share := func(row, col string) float64 {
		x := t.Row(row)
		if x == nil {
			return math.NaN()
		}
		c := x.Cells[col]
		if c.Model == nil || *c.Model <= 0 || c.Runs == 0 {
			return math.NaN()
		}
		return c.Median / *c.Model
	}
	var args []any
	for _, col := range []string{"throughput_rps", "http_rps"} {
		for _, row := range blockingRows {
			args = append(args, share(row, col))
		}
	}
	modelP50 := math.NaN()
	if c := t.Row("ch15-none").Cells["http_p50_ms"]; c.Model != nil {
		modelP50 = *c.Model
	}
	args = append(args, p50none, ipNone, modelP50)
	for _, row := range blockingRows {
		args = append(args, v.connectP50[row])
	}
	if !math.IsNaN(share("ch15-offload4", "http_rps")) {
		r.Note("exp.bl.note.http.cost", args...)
	}
	if len(v.overflows) > 0 {
		var n int64
		for _, o := range v.overflows {
			n += o
		}
		r.Note("exp.bl.note.http.overflows", n)
	}
}
