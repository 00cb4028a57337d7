package runner

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// TestRunTextGolden renders fixed measurements, so the text layout (both
// languages, compare table, ranges, stalls, warnings) is pinned.
func TestRunTextGolden(t *testing.T) {
	s, modelRes := goldenScenario(t, "lab-loop-blocking", 4)
	var runs []*model.Result
	for i, f := range []float64{1.004, 1.001, 1.012} {
		r := *modelRes
		r.Mode = "real"
		r.MakespanMS *= f
		r.ThroughputRPS /= f
		r.All.P50MS *= f
		r.OSThreadsPeak = 9 + i
		r.CPUMS = 40 + float64(i)
		r.Stalls = &model.Stalls{ThresholdMS: 10, Count: 12, WorstMS: 200.1 + float64(i), WorstLoop: 1, WorstReq: 6, PerLoop: []int64{3, 3, 3, 3}}
		r.Env = &model.Env{CPUModel: "Test CPU", GoVersion: "go1.26", GOMAXPROCS: 6, NumCPU: 2, KernelRelease: "6.1"}
		runs = append(runs, &r)
	}
	rep := Aggregate(s, runs)
	first := &live.ChildResponse{Result: runs[1], StallStates: map[string]int64{watchdog.StateBlocked: 12},
		Stalls: []watchdog.Stall{{Loop: 1, Req: 6, Duration: 200 * time.Millisecond, Stack: "goroutine 7 [syscall, locked to thread]:\nosthread.Block(...)"}}}
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		WriteText(&b, l, &Outcome{Scenario: s, Repeated: rep, Model: modelRes, MedianRun: first,
			Scaling: &Scaling{Factor: 0.5, Loops: [2]int{8, 4}, Requests: [2]int{24, 12}}},
			TextOptions{Compare: true, Warmup: true, Stacks: true, Cores: 2})
		golden.Check(t, filepath.Join("testdata", "golden", "run_compare."+string(l)+".golden"), b.Bytes())
	}
}

// The three-column --compare text, in both languages.
func TestRunHTTPTextGolden(t *testing.T) {
	p, _ := model.LookupPreset("lab-loop-blocking")
	s, modelRes := goldenScenario(t, "lab-loop-blocking", 0)
	env := &model.Env{CPUModel: "Test CPU", GoVersion: "go1.26", GOMAXPROCS: 4, NumCPU: 2, KernelRelease: "6.1"}
	fake := func(mode string, f float64, threads int) *model.Result {
		r := *modelRes
		r.Mode = mode
		r.MakespanMS *= f
		r.ThroughputRPS /= f
		r.All.P50MS *= f
		r.OSThreadsPeak = threads
		r.CPUMS = 3
		r.Stalls = &model.Stalls{ThresholdMS: 10, Count: 12, WorstMS: 200.4, WorstLoop: 1, WorstReq: 5, PerLoop: []int64{6, 6}}
		r.Env = env
		return &r
	}
	proc := Aggregate(s, []*model.Result{fake("real", 1.004, 8)})
	httpRep := Aggregate(s, []*model.Result{fake("http", 1.013, 11)})
	httpRep.Median.QueueWait, httpRep.Median.PeakThreads = model.Summary{}, 0
	sk := &HTTPSockets{
		Sockets: loadgen.Sockets{Connections: 12, ConnCap: 10000, ConnectP50MS: 0.21, ConnectMaxMS: 0.9, ByLoop: []int64{6, 6}},
		Kernel:  Kernel{ListenOverflows: 0, ListenDrops: 0, Somaxconn: 4096, Backlog: 4096, Known: true},
		Pinning: &Pinning{Generator: []int{0}, Target: []int{1}},
	}
	ref := Reference("lab-loop-blocking", func() model.Scenario {
		q := p.Scenario
		q.Classes[0].Wait = model.FixedDist(200 * time.Millisecond)
		return q
	}())
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		WriteText(&b, l, &Outcome{Scenario: s, Repeated: proc, Model: modelRes, Reference: ref, HTTPRepeated: httpRep, Sockets: sk},
			TextOptions{Compare: true, Warmup: true, Cores: 2, Preset: "lab-loop-blocking"})
		golden.Check(t, filepath.Join("testdata", "golden", "run_compare_http."+string(l)+".golden"), b.Bytes())
	}
}

// goldenScenario is preset at 200 ms waits named "golden" (with threads
// lanes, unless 0), and its model's result.
func goldenScenario(t *testing.T, preset string, threads int) (model.Scenario, *model.Result) {
	t.Helper()
	p, _ := model.LookupPreset(preset)
	s := p.Scenario
	if threads > 0 {
		s.Threads = threads
	}
	s.Name = "golden"
	for i := range s.Classes {
		s.Classes[i].Wait = model.FixedDist(200 * time.Millisecond)
	}
	modelRes, err := sim.Run(s, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, modelRes
}

// The JVM view's text beside the Go run and the model (`run --via jvm
// --compare`): model | Go | JDK columns, each run's notes under its name,
// the JVM's facts (a carrier pinned by the native pin, JFR's reasons
// counted) and the cold passes' range, in both languages.
func TestRunJVMTextGolden(t *testing.T) {
	s, modelRes := goldenScenario(t, "lab-virtual", 0)
	env := &model.Env{CPUModel: "Test CPU", GoVersion: "go1.26", GOMAXPROCS: 4, NumCPU: 2, KernelRelease: "6.1"}
	fake := func(mode string, f float64) *model.Result {
		r := *modelRes
		r.Mode = mode
		r.MakespanMS *= f
		r.ThroughputRPS /= f
		r.All.P50MS *= f
		r.OSThreadsPeak, r.CPUMS, r.Env = 14, 5, env
		return &r
	}
	gorun := Aggregate(s, []*model.Result{fake("real", 1.003)})
	pinned := int64(12)
	var jruns []*model.Result
	for i, f := range []float64{1.021, 1.017} {
		r := fake("jvm", f)
		r.JVM = &model.JVMFacts{Version: "25", Vendor: "Eclipse Adoptium", Home: "/usr/lib/jvm/test", Flags: []string{"-Xss512k"},
			AvailableProcessors: 2, GC: []string{"G1 Young Generation"}, Carriers: 2, CarriersSeen: 2, Pin: "native",
			Pinned: &pinned, PinnedReasons: map[string]int64{"Native or VM frame on stack": 12}, PinVerdict: model.PinVerdictPinned, CPUClock: "native", Classes: "/cache/jvmexec", Compiled: i == 0,
			Cold: &model.ColdPass{MakespanMS: 380 + float64(i)*10, P50MS: 210, P99MS: 370, Completed: s.Requests}}
		jruns = append(jruns, r)
	}
	jrep := Aggregate(s, jruns)
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		WriteText(&b, l, &Outcome{Scenario: s, Repeated: gorun, Model: modelRes, JVMRepeated: jrep},
			TextOptions{Compare: true, Warmup: true, Cores: 2})
		golden.Check(t, filepath.Join("testdata", "golden", "run_compare_jvm."+string(l)+".golden"), b.Bytes())
	}
}
