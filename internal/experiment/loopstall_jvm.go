//go:build linux

package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Experiment 2 on the JVM engine: the chapter's own shape, one Selector
// on one platform thread and the client in the same JVM
// (java/waitlab/exp/LoopStall.java), a fresh JVM per run, on the JDK the
// chapter ran (25). The conditions, the claims and their judging are
// loop-stall's (loopstall.go); only the burst differs: every connect is
// issued back to back from the JVM's one client thread, as the chapter's
// NIO client did, and the thread count is the JVM's platform threads
// (ThreadMXBean) while the server serves.

// stallJDK is the chapter's JDK.
const stallJDK = 25

func runLoopStallJVM(ctx context.Context, r *Bench) error {
	if err := runLoopStall(ctx, r); err != nil {
		return err
	}
	t := r.T
	t.Recipe = r.T_("exp.ls.jvm.recipe", r.jdk.String())
	t.Scaling = r.T_("exp.ls.jvm.scaling")
	for i, c := range t.Columns {
		if c.Key == "threads" {
			t.Columns[i].Label = r.T_("exp.ls.col.jvmthreads")
		}
	}
	t.Columns = append(t.Columns, Column{Key: "os_threads", Label: r.T_("exp.col.osthreads"), Digits: 0})
	for i, n := range t.Notes {
		if n == r.T_("exp.ls.note.why") {
			t.Notes[i] = r.T_("exp.ls.jvm.why")
		}
	}
	return nil
}

// firstRun is where a condition's runs start: 0, the uncounted warm-up,
// on the Go engine; on the JVM, where every run is a fresh JVM anyway,
// only the experiment's first condition has one (it warms the page cache
// and the class data the later JVMs map).
func (r *Bench) firstRun() int {
	if r.engine != EngineJVM {
		return 0
	}
	if r.jvmWarm {
		return 1
	}
	r.jvmWarm = true
	return 0
}

// burst is one run of a burst condition on the bench's engine.
func (r *Bench) burst(ctx context.Context, c burstCond) (map[string]float64, []float64, error) {
	if r.engine == EngineJVM {
		return r.jvmBurstRun(ctx, c)
	}
	return r.burstRun(ctx, c)
}

// lsReport is LoopStall.java's report.
type lsReport struct {
	Lat         []float64 `json:"lat"`
	Dial        []float64 `json:"dial"`
	ConnAt      []float64 `json:"conn_at"`
	IssueMS     float64   `json:"issue_ms"`
	Threads     float64   `json:"threads"`
	ThreadsPeak float64   `json:"threads_peak"`
	Cancelled   bool      `json:"cancelled"`
}

// jvmBurstRun runs one burst in a fresh JVM and returns the same figures
// as burstRun (burstFigures), with the kernel's ListenOverflows and
// ListenDrops read around the JVM's life and its platform threads.
func (r *Bench) jvmBurstRun(ctx context.Context, c burstCond) (map[string]float64, []float64, error) {
	stall := "none"
	switch {
	case c.stallFirst:
		stall = "first"
	case c.stallAfter > 0:
		stall = "after:" + strconv.FormatFloat(c.stallAfter, 'f', -1, 64)
	}
	n0 := readNetstat()
	run, err := r.runJava(ctx, "waitlab.exp.LoopStall", strconv.Itoa(c.conns), strconv.Itoa(c.backlog), stall,
		strconv.FormatInt(c.deadline.Milliseconds(), 10))
	if err != nil {
		return nil, nil, err
	}
	n1 := readNetstat()
	var rep lsReport
	if err := json.Unmarshal(run.Report, &rep); err != nil {
		return nil, nil, fmt.Errorf("experiment: LoopStall's report: %w", err)
	}
	if len(rep.Lat) != c.conns || len(rep.Dial) != c.conns || len(rep.ConnAt) != c.conns {
		return nil, nil, fmt.Errorf("experiment: LoopStall reported %d connections of %d", len(rep.Lat), c.conns)
	}
	if rep.Cancelled && ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	lat := slices.Clone(rep.Lat)
	for i, v := range lat {
		if v < 0 {
			lat[i] = math.NaN()
		}
	}
	f, slow := burstFigures(c, lat, rep.Dial, rep.ConnAt)
	f["overflows"] = n1["ListenOverflows"] - n0["ListenOverflows"]
	f["drops"] = n1["ListenDrops"] - n0["ListenDrops"]
	f["threads"], f["os_threads"] = rep.Threads, float64(run.OSThreads)
	if rep.IssueMS > 0 {
		f["issue_rate"] = float64(c.conns) / rep.IssueMS
	}
	return f, slow, nil
}
