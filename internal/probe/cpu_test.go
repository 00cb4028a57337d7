package probe

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
)

// The fit carries the target's measured CPU per request and its cores,
// and the simulator then predicts the growth CPU contention brings: a
// pool of 8 whose requests are 4 ms of CPU and 8 ms of wait on 2 cores
// (a CPU ceiling of 500 req/s under the pool's 667) is slower at 450
// req/s than the same 12 ms held as a wait alone.
func TestFitCarriesCPU(t *testing.T) {
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1, FitMax: 8000}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	run := func(cpu float64) *Result {
		steps := synthetic(12, 650, 0, 10, 0)
		// A second saturated step, as the bisection measures one: a pool
		// is called on a plateau over two.
		over := steps[4]
		over.Index, over.Kind, over.OfferedRPS = len(steps), "bisect", 700
		steps = append(steps, over)
		for i := range steps {
			if cpu > 0 {
				c := cpu
				steps[i].TargetCPUMS = &c
				steps[i].TargetCores = 2
			}
			steps[i].OK = 500 // enough successes for the CPU reading to count
		}
		res := &Result{URL: cfg.URL, Steps: steps, CapacityRPS: 600}
		analyze(&cfg, res, 12)
		return res
	}
	with, without := run(4), run(0)
	for _, res := range []*Result{with, without} {
		if res.ShapeName != "pool" || res.Scenario == nil || res.Fit == nil {
			t.Fatalf("shape %s, scenario %v, fit %+v", res.ShapeName, res.Scenario, res.Fit)
		}
	}
	sc, fm := with.Scenario, with.Fit
	if got := sc.Classes[0].CPU.Mean; got != 4*time.Millisecond || sc.Cores != 2 || fm.CPUMS != 4 || fm.Cores != 2 || fm.CoresFrom != "affinity" {
		t.Errorf("with CPU: class cpu %v, cores %d; fit %+v; want 4 ms on 2 cores from the affinity", got, sc.Cores, fm)
	}
	if w := fm.WaitMS; w < 7.5 || w > 8.01 {
		t.Errorf("wait = %.3f ms, want the hold less the CPU (about 8)", w)
	}
	if s := without.Scenario; s.Classes[0].CPU.Mean != 0 || without.Fit.CPUMissing != "unknown" {
		t.Errorf("without CPU: class cpu %v, missing %q", s.Classes[0].CPU.Mean, without.Fit.CPUMissing)
	}
	var pw, pwo *Prediction
	for i, st := range with.Steps {
		if st.OfferedRPS == 400 {
			pw, pwo = st.Pred, without.Steps[i].Pred
		}
	}
	if pw == nil || pwo == nil {
		t.Fatal("no prediction at 400 req/s")
	}
	// 400 req/s x 4 ms = 1.6 of 2 cores: the CPU queue shows in p99.
	if pw.P99MS <= pwo.P99MS*1.1 {
		t.Errorf("at 400 req/s: p99 %.2f ms with the CPU on 2 cores, %.2f ms as a wait alone; want the CPU's queue to show", pw.P99MS, pwo.P99MS)
	}
}

// A pool's hold is limit / ceiling when that is below the no-load
// service time; the rest is outside the workers.
func TestHoldIsLimitOverCeiling(t *testing.T) {
	n, c := 8, 388.8
	v := Verdict{Shape: Pool, Limit: &n, Ceiling: &c}
	fm := &FitModel{CPUMS: 0.5}
	if h := holdTime(v, 21.3, "fixed", fm); h != 20.576 || fm.OutsideMS != 0.724 || fm.WaitMS != 20.076 {
		t.Errorf("hold %v, outside %v, wait %v; want 20.576, 0.724, 20.076", h, fm.OutsideMS, fm.WaitMS)
	}
	fm = &FitModel{}
	if h := holdTime(v, 20, "fixed", fm); h != 20 || fm.OutsideMS != 0 {
		t.Errorf("a ceiling below N / s0 (the machine's doing) keeps s0: hold %v, outside %v", h, fm.OutsideMS)
	}
	fm = &FitModel{}
	if h := holdTime(v, 21.3, "exponential", fm); h != 21.3 {
		t.Errorf("an exponential hold is kept: %v", h)
	}
}

// A machine left full by the neighbours makes a CPU-heavy server
// CPU-bound though its own CPU never reached the bound; a mostly
// waiting one stays a pool.
func TestFullMachineIsCPU(t *testing.T) {
	for _, tc := range []struct {
		cpuMS float64
		want  Shape
	}{{4, CPU}, {0.4, Pool}} {
		steps := synthetic(12, 400, 0, 10, 0)
		for i := range steps {
			tc2, others, c := 120.0, 35.0, tc.cpuMS
			steps[i].TargetCPUPct, steps[i].OthersCPUPct, steps[i].TargetCPUMS = &tc2, &others, &c
			steps[i].GenCores = 0.1
		}
		if v := Classify(steps, 12, 12, 2, msg.EN); v.Shape != tc.want {
			t.Errorf("target 1.2 cores, others 35%% of 2 CPUs, CPU %.1f of 12 ms: %s, want %s (%v)", tc.cpuMS, v.Shape, tc.want, v.Evidence)
		}
	}
}

func TestCPUList(t *testing.T) {
	for in, want := range map[string]int{"0-1": 2, "0": 1, "0-3,6": 5, "0,2,4-5\n": 4, "": 0, "x": 0, "3-1": 0} {
		if got := cpusOf(in); got != want {
			t.Errorf("cpusOf(%q) = %d, want %d", in, got, want)
		}
	}
}

// A limit read where the generator and the target together filled the
// machine is not a pool limit seen in the server: the probe draws no
// conclusion. The same steps with a light generator are a pool.
func TestSharedFullMachineIsGenerator(t *testing.T) {
	for _, tc := range []struct {
		gen  float64
		want Shape
	}{{0.9, Generator}, {0.1, Pool}} {
		steps := synthetic(5, 5200, 0, 40, 30) // read as a limit of 26
		for i := range steps {
			if !steps[i].Closed { // the open steps at 10 times the rate, the ceiling 5200
				steps[i].OfferedRPS *= 10
				steps[i].OKRPS = min(steps[i].OfferedRPS, 5200)
			}
			steps[i].MachinePct, steps[i].GenCores = 97, tc.gen
		}
		v := Classify(steps, 5, 5, 2, msg.EN)
		if v.Shape != tc.want || (v.Shape == Generator) != (v.Limit == nil) {
			t.Errorf("generator %.1f cores of a full machine: %s (limit %v), want %s; %v", tc.gen, v.Shape, v.Limit, tc.want, v.Evidence)
		}
	}
}

// With --target-pid the thread count is still read from the page.
func TestReportedThreads(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "# HELP x\nwaitlab_target_threads_busy 3\nwaitlab_target_threads{model=\"pool\"} 200\nprocess_cpu_seconds_total 1.5\n")
	}))
	defer srv.Close()
	if n := reportedThreads(srv.URL+"/metrics", false); n != 200 {
		t.Errorf("threads = %d, want 200", n)
	}
	if n := reportedThreads("", false); n != 0 {
		t.Errorf("no page: %d", n)
	}
}

// A target pinned to one CPU has one, however idle the machine's other:
// 0.98 cores of one is CPU-bound; the same reading with both CPUs its
// own is not.
func TestCPULeftCountsTheAffinity(t *testing.T) {
	for _, tc := range []struct {
		cores int
		want  Shape
	}{{1, CPU}, {2, Pool}} {
		steps := synthetic(5, 12000, 0, 40, 0)
		for i := range steps {
			if !steps[i].Closed { // the open steps at 30 times the rate, the ceiling 12000
				steps[i].OfferedRPS *= 30
				steps[i].OKRPS = min(steps[i].OfferedRPS, 12000)
			}
			pct := 98.0
			steps[i].TargetCPUPct, steps[i].TargetCores, steps[i].GenCores = &pct, tc.cores, 0.4
		}
		if v := Classify(steps, 5, 5, 2, msg.EN); v.Shape != tc.want {
			t.Errorf("0.98 cores used, affinity %d of 2 CPUs: %s, want %s (%v)", tc.cores, v.Shape, tc.want, v.Evidence)
		}
	}
}

// The fit's CPU per request is the busiest kept-up step's: it falls
// with load, and it is near the ceiling that it binds.
func TestFitCPUFromTheBusiestStep(t *testing.T) {
	steps := synthetic(5, 600, 0, 10, 0)
	for i := range steps {
		c := 0.1 - steps[i].OKRPS/1e4 // 0.09 ms at 100 req/s ... 0.04 at 500
		steps[i].TargetCPUMS, steps[i].OK = &c, 500
	}
	fm := fitCPU(steps, 5)
	want := 0.1 - 600/1e4 // the bisect step at 600 req/s, the busiest that kept up
	if fm.CPUMS != round4(want) {
		t.Errorf("cpu %.4f ms, want the busiest step's %.4f", fm.CPUMS, want)
	}
}

// A CPU-bound target that had a fraction of its cores is modelled on
// whole cores each that much slower: 4 ms a request at a 400 req/s
// ceiling is 1.6 cores' worth, so 2 cores at 80%, each request 5 ms of
// CPU and its wait 1 ms shorter; the model's ceiling is the measured.
func TestCPUFitKeepsAFractionOfCores(t *testing.T) {
	cfg := Config{URL: "http://127.0.0.1:8080/", MaxRate: 1000, Budget: DefaultBudget, Lang: msg.EN, Seed: 1, FitMax: 8000}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	steps := synthetic(12, 400, 0, 10, 0)
	for i := range steps {
		c, pct := 4.0, 160.0
		steps[i].TargetCPUMS, steps[i].TargetCPUPct, steps[i].TargetCores, steps[i].OK = &c, &pct, 2, 500
		steps[i].GenCores = 0.3
	}
	res := &Result{URL: cfg.URL, Steps: steps, CapacityRPS: 380}
	analyze(&cfg, res, 12)
	if res.ShapeName != "cpu" || res.Scenario == nil {
		t.Fatalf("shape %s, scenario %v; want cpu with a scenario (%v)", res.ShapeName, res.Scenario, res.Evidence)
	}
	sc, fm := res.Scenario, res.Fit
	if sc.Cores != 2 || sc.Classes[0].CPU.Mean != 5*time.Millisecond || fm.CoreSpeed != 0.8 || fm.CoresUsed != 1.6 {
		t.Errorf("cores %d, cpu %v, fit %+v; want 2 cores, 5 ms, speed 0.8 of 1.6 used", sc.Cores, sc.Classes[0].CPU.Mean, fm)
	}
	if w := sc.Classes[0].Wait.Mean; w != 7*time.Millisecond {
		t.Errorf("wait %v, want 7 ms (12 ms at no load less the stretched CPU)", w)
	}
	if c := float64(sc.Cores) / sc.Classes[0].CPU.Mean.Seconds(); c < 399 || c > 401 {
		t.Errorf("the model's CPU ceiling is %.1f req/s, want the measured 400", c)
	}
	if sc.Model != model.Virtual || fm.ThreadsFrom != "" {
		t.Errorf("no threads read: model %s, threads from %q; want virtual threads that never bind", sc.Model, fm.ThreadsFrom)
	}

	// The same server as a pre-fork one: 6 single-threaded children, a
	// pool of 6 taking turns on the 2 cores, said in a note.
	for i := range steps {
		steps[i].TargetKids, steps[i].TargetKidThreads, steps[i].Pred = 6, 6, nil
	}
	res = &Result{URL: cfg.URL, Steps: steps, CapacityRPS: 380}
	analyze(&cfg, res, 12)
	if sc := res.Scenario; sc == nil || sc.Model != model.Pool || sc.Threads != 6 || res.Fit.ThreadsFrom != "children" {
		t.Fatalf("6 children's threads: scenario %+v, fit %+v; want a pool of 6 from the children", sc, res.Fit)
	}
	if !slices.ContainsFunc(res.Notes, func(n Note) bool { return n.Key == "probe.fit.threads_children" }) {
		t.Errorf("no note says where the 6 threads came from: %v", res.Notes)
	}
}

// A full CPU whose server's reported threads also explain the ceiling is
// a pool with the CPU as runner-up; the same CPU with threads that do
// not explain it is CPU-bound.
func TestCPUAndPoolAtOnce(t *testing.T) {
	for _, tc := range []struct {
		threads int
		want    Shape
	}{{64, Pool}, {8, CPU}, {0, CPU}} {
		steps := synthetic(5.4, 11875, tc.threads, 40, 0) // ceiling x service = 64.1
		for i := range steps {
			if !steps[i].Closed { // the open steps at 30 times the rate, the ceiling 11875
				steps[i].OfferedRPS *= 30
				steps[i].OKRPS = min(steps[i].OfferedRPS, 11875)
			}
			pct := 98.0
			steps[i].TargetCPUPct, steps[i].TargetCores, steps[i].GenCores = &pct, 1, 0.4
		}
		v := Classify(steps, 5.4, 5.4, 2, msg.EN)
		if v.Shape != tc.want || tc.want == Pool && (v.RunnerUp != CPU || v.Limit == nil || *v.Limit != 64) {
			t.Errorf("threads %d: %s (runner-up %s, limit %v), want %s (%v)", tc.threads, v.Shape, v.RunnerUp, v.Limit, tc.want, v.Evidence)
		}
	}
}

// The machine is counted by the CPUs its steps saw online, not by this
// process's affinity: a generator pinned by hand to one CPU of two still
// probes a 2-CPU machine, whose kernel slices by 2.
func TestMachineCPUsFromTheSteps(t *testing.T) {
	steps := synthetic(5, 600, 0, 10, 0)
	if got := machineCPUs(steps); got != runtime.NumCPU() {
		t.Errorf("no step read the machine: %d CPUs, want this process's %d", got, runtime.NumCPU())
	}
	for i := range steps {
		steps[i].MachineCPUs = 2
	}
	steps[3].MachineCPUs = 0 // a step that could not read /proc/stat
	if got := machineCPUs(steps); got != 2 {
		t.Errorf("steps read 2 CPUs online: %d", got)
	}
	if got := kernelSlice(machineCPUs(steps)); got != 1500*time.Microsecond {
		t.Errorf("the kernel's slice on 2 CPUs: %v, want 1.5ms", got)
	}
}

// The first open step, the lowest rate and the one every probe
// compares, gets twice the samples within twice the bounds; the others
// the configured ones.
func TestFirstStepWindow(t *testing.T) {
	r := &prober{cfg: Config{Samples: 5000, StepMin: 2 * time.Second, StepMax: 6 * time.Second}}
	for _, tc := range []struct {
		rate  float64
		first bool
		want  time.Duration
	}{
		{184, false, 6 * time.Second},   // 5,000 / 184 = 27 s, at most 6
		{184, true, 12 * time.Second},   // 10,000 / 184, at most 12
		{1000, false, 5 * time.Second},  // 5,000 / 1,000
		{1000, true, 10 * time.Second},  // 10,000 / 1,000
		{20000, false, 2 * time.Second}, // at least 2
		{20000, true, 4 * time.Second},  // at least 4
	} {
		if got := r.window(tc.rate, tc.first); got != tc.want {
			t.Errorf("window(%v, first %v) = %v, want %v", tc.rate, tc.first, got, tc.want)
		}
	}
}

// A CPU-bound pre-fork server is its workers taking turns on the cores:
// the threads a waitlab target reports come first, then the children's.
func TestServeThreads(t *testing.T) {
	steps := synthetic(5, 600, 0, 10, 0)
	if n, from := serveThreads(steps); n != 0 || from != "" {
		t.Errorf("nothing read: %d threads from %q", n, from)
	}
	steps[2].TargetKidThreads = 4
	if n, from := serveThreads(steps); n != 4 || from != "children" {
		t.Errorf("4 children's threads: %d from %q", n, from)
	}
	steps[3].TargetThreads = 8
	if n, from := serveThreads(steps); n != 8 || from != "metrics" {
		t.Errorf("a target reporting 8 threads: %d from %q", n, from)
	}
}

// A target the probe started on a probe confined to one CPU of a larger
// machine (taskset -c 0 waitlab probe --spawn-target) shared that CPU
// with the generator: the warning says why and what to do, not only that
// they shared it. On a machine of one CPU the plain warning stands.
func TestColocatedByAffinity(t *testing.T) {
	for _, c := range []struct {
		machine int
		want    string
	}{{2, "probe.warn.colocated_affinity"}, {1, "probe.warn.colocated"}} {
		res := &Result{Placement: &supervise.Pinning{Shared: true}, Steps: []Step{{Index: 2, Kind: "step", MachineCPUs: c.machine, Warnings: []string{"shared_cpu"}}}}
		machineWarnings(res, msg.EN)
		var keys []string
		for _, w := range res.Warnings {
			keys = append(keys, w.Key)
		}
		if !slices.Contains(keys, c.want) || (c.want == "probe.warn.colocated" && slices.Contains(keys, "probe.warn.colocated_affinity")) {
			t.Errorf("a shared placement on a machine of %d CPUs: warnings %v; want %s", c.machine, keys, c.want)
		}
	}
}
