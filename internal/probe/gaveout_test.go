package probe

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/scrape"
)

// Our JVM servers' page (internal/launch's Work.metrics), Micrometer's
// and the Prometheus Java client's: each names the heap its own way.
const (
	oursPage = `# TYPE waitlab_target_jvm_heap_used_bytes gauge
waitlab_target_jvm_heap_used_bytes 4.194304E7
# TYPE waitlab_target_jvm_heap_max_bytes gauge
waitlab_target_jvm_heap_max_bytes 67108864
# TYPE waitlab_target_jvm_heap_after_gc_bytes gauge
waitlab_target_jvm_heap_after_gc_bytes 62914560
# TYPE waitlab_target_jvm_gc_seconds_total counter
waitlab_target_jvm_gc_seconds_total 1.5
# TYPE waitlab_target_jvm_gc_collections_total counter
waitlab_target_jvm_gc_collections_total 40
`
	micrometerPage = `# HELP jvm_memory_used_bytes The amount of used memory
# TYPE jvm_memory_used_bytes gauge
jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1.048576E7
jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 2.097152E7
jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 9.9E7
# TYPE jvm_memory_max_bytes gauge
jvm_memory_max_bytes{area="heap",id="G1 Eden Space"} -1.0
jvm_memory_max_bytes{area="heap",id="G1 Old Gen"} 1.34217728E8
jvm_memory_max_bytes{area="nonheap",id="Metaspace"} -1.0
# TYPE jvm_gc_pause_seconds summary
jvm_gc_pause_seconds_count{action="end of minor GC",cause="G1 Evacuation Pause"} 12.0
jvm_gc_pause_seconds_sum{action="end of minor GC",cause="G1 Evacuation Pause"} 0.25
jvm_gc_pause_seconds_count{action="end of major GC",cause="G1 Compaction Pause"} 1.0
jvm_gc_pause_seconds_sum{action="end of major GC",cause="G1 Compaction Pause"} 0.5
`
	simpleclientPage = `# TYPE jvm_memory_bytes_used gauge
jvm_memory_bytes_used{area="heap",} 3.0E7
jvm_memory_bytes_used{area="nonheap",} 5.0E7
# TYPE jvm_memory_bytes_max gauge
jvm_memory_bytes_max{area="heap",} 6.0E7
jvm_memory_bytes_max{area="nonheap",} -1.0
# TYPE jvm_gc_collection_seconds summary
jvm_gc_collection_seconds_count{gc="Copy",} 30.0
jvm_gc_collection_seconds_sum{gc="Copy",} 0.3
jvm_gc_collection_seconds_count{gc="MarkSweepCompact",} 4.0
jvm_gc_collection_seconds_sum{gc="MarkSweepCompact",} 1.2
`
)

func TestParseJVMPage(t *testing.T) {
	for _, c := range []struct {
		name           string
		page           string
		used, max, gcS float64
		gcN            float64
	}{
		{"ours", oursPage, 40 << 20, 64 << 20, 1.5, 40},
		{"micrometer", micrometerPage, 30 << 20, 128 << 20, 0.75, 13},
		{"simpleclient", simpleclientPage, 3e7, 6e7, 1.5, 34},
	} {
		pg, ok := parseJVMPage(families(strings.NewReader(c.page)))
		if !ok {
			t.Fatalf("%s: no heap read", c.name)
		}
		if pg.used != c.used || pg.max != c.max || pg.gcS != c.gcS || pg.gcN != c.gcN {
			t.Errorf("%s: read %+v, want used %v max %v gc %vs x%v", c.name, pg, c.used, c.max, c.gcS, c.gcN)
		}
	}
	if _, ok := parseJVMPage(families(strings.NewReader("process_cpu_seconds_total 3\n"))); ok {
		t.Error("a page without a heap read as a JVM's")
	}
}

func FuzzParseJVMPage(f *testing.F) {
	for _, s := range []string{oursPage, micrometerPage, simpleclientPage, "x 1\n", "# TYPE a summary\na_sum NaN\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pg, ok := parseJVMPage(families(strings.NewReader(s)))
		if ok && (pg.used < 0 || pg.max < 0) {
			t.Fatalf("negative heap %+v", pg)
		}
		_ = loopsOf(families(strings.NewReader(s)))
	})
}

func TestJVMStepAndHeapGaveOut(t *testing.T) {
	a := jvmPage{used: 10 << 20, max: 64 << 20, gcS: 1, gcN: 10}
	b := jvmPage{used: 60 << 20, afterGC: 60 << 20, max: 64 << 20, gcS: 2.5, gcN: 70}
	j := jvmStep(a, b, 5*time.Second)
	if j.GCShare != 0.3 || j.GCs != 60 || j.HeapMaxMB != 64 || j.HeapAfterGCMB != 60 {
		t.Fatalf("jvmStep = %+v", j)
	}
	if !heapGaveOut(j) {
		t.Error("a collector at 30% of the step not read as the heap giving out")
	}
	calm := jvmStep(a, jvmPage{used: 20 << 20, afterGC: 8 << 20, max: 64 << 20, gcS: 1.05, gcN: 12}, 5*time.Second)
	if heapGaveOut(calm) || heapGaveOut(nil) {
		t.Errorf("a calm heap read as giving out: %+v", calm)
	}
	// Full after its collections, the collector at 6%: short too.
	full := jvmStep(a, jvmPage{used: 62 << 20, afterGC: 60 << 20, max: 64 << 20, gcS: 1.3, gcN: 20}, 5*time.Second)
	if !heapGaveOut(full) {
		t.Errorf("a live set at 94%% of the heap with the collector at 6%% not read as short: %+v", full)
	}
	// No collector figures: the share is unknown, not 0.
	if u := jvmStep(jvmPage{gcS: -1, gcN: -1}, jvmPage{used: 1, gcS: -1, gcN: -1}, time.Second); u.GCShare != -1 || u.GCs != -1 || heapGaveOut(u) {
		t.Errorf("unknown collector read as %+v", u)
	}
}

// An unbounded server whose JVM collector ran most of the breaking step
// gave out in the heap, before the CPU the collector filled.
func TestGaveOutHeapBeforeCPU(t *testing.T) {
	cpu := 190.0
	b := Step{Index: 5, Kind: "step", OfferedRPS: 2000, OKRPS: 1990, P50MS: 300, P99MS: 1500, TargetCPUPct: &cpu,
		JVM: &JVMStep{HeapUsedMB: 60, HeapAfterGCMB: 58, HeapMaxMB: 64, GCShare: 0.6, GCs: 300}}
	what, n := gaveOut(b, 2, msg.EN)
	if what != "heap" || n.Key != "probe.ev.gave_out.heap" || !strings.Contains(n.Text, "60.0%") || !strings.Contains(n.Text, "64 MB") {
		t.Fatalf("gaveOut = %s, %q; want the heap, with its figures", what, n.Text)
	}
	b.JVM.GCShare = 0.01
	b.JVM.HeapAfterGCMB = 10
	if what, _ := gaveOut(b, 2, msg.EN); what != "cpu" {
		t.Errorf("with a calm heap gaveOut = %s, want cpu", what)
	}
}

// A server that stopped answering: its own side names what gave out.
func TestDeadGaveOut(t *testing.T) {
	steps := []Step{{Index: 2, Kind: "step", Met: true, OfferedRPS: 400, JVM: &JVMStep{HeapUsedMB: 30, HeapAfterGCMB: 20, HeapMaxMB: 64, GCShare: 0.02}},
		{Index: 3, Kind: "step", OfferedRPS: 800, JVM: &JVMStep{HeapUsedMB: 63, HeapAfterGCMB: 62, HeapMaxMB: 64, GCShare: 0.45, GCs: 90}},
		{Index: 4, Kind: "step", OfferedRPS: 1600}}
	cfg := &Config{Lang: msg.EN, Exited: func() string { return "exit status 3: Terminating due to java.lang.OutOfMemoryError: Java heap space" }}
	res := &Result{}
	deadGaveOut(cfg, res, steps)
	if res.GaveOut != "heap" || len(res.Evidence) != 2 || !strings.Contains(res.Evidence[1].Text, "OutOfMemoryError") {
		t.Fatalf("gave out %q, evidence %v", res.GaveOut, res.Evidence)
	}
	// Exited with a calm last reading: the process, with its figures.
	steps[1].JVM = &JVMStep{HeapUsedMB: 20, HeapAfterGCMB: 10, HeapMaxMB: 64, GCShare: 0.01}
	cfg.Exited = func() string { return "signal: killed" }
	res = &Result{}
	deadGaveOut(cfg, res, steps)
	if res.GaveOut != "process" || len(res.Evidence) != 2 || res.Evidence[0].Key != "probe.ev.jvm_last" {
		t.Fatalf("gave out %q, evidence %v", res.GaveOut, res.Evidence)
	}
	// Alive, no JVM: nothing is named (no shape is made up either).
	cfg.Exited = func() string { return "" }
	res = &Result{}
	deadGaveOut(cfg, res, steps[2:])
	if res.GaveOut != "" || len(res.Evidence) != 0 {
		t.Fatalf("gave out %q, evidence %v", res.GaveOut, res.Evidence)
	}
}

func TestLoopThreads(t *testing.T) {
	netty := []string{"java", "GC Thread#0", "nioEventLoopGro", "nioEventLoopGro", "nioEventLoopGro", "C2 CompilerThre"}
	if n, name := loopThreads(netty); n != 3 || name != "nioEventLoopGro" {
		t.Errorf("Netty's default names: %d %q", n, name)
	}
	ours := []string{"java", "netty-boss-1-1", "netty-loop-2-1", "netty-loop-2-2", "waitlab-lag"}
	if n, _ := loopThreads(ours); n != 2 {
		t.Errorf("our Netty server's loops: %d, want 2 (the boss apart)", n)
	}
	if n, _ := loopThreads([]string{"java", "http-nio-8080-e", "http-nio-8080-P"}); n != 0 {
		t.Errorf("Tomcat's threads read as %d loops", n)
	}
	page := `waitlab_target_info{model="loop",threads="3",pid="1"} 1` + "\n"
	if n := loopsOf(families(strings.NewReader(page))); n != 3 {
		t.Errorf("a loop target's page: %d loops, want 3", n)
	}
	if n := loopsOf(families(strings.NewReader(`waitlab_target_info{model="pool",threads="8"} 1` + "\n"))); n != 0 {
		t.Errorf("a pool target's threads read as %d loops", n)
	}
}

// A target whose process ended fails the probe as down, with the last
// healthy rate, however its search ended; one that runs does not.
func TestExitedFailure(t *testing.T) {
	r := &prober{cfg: Config{Lang: msg.EN, Exited: func() string { return "" }},
		steps: []Step{{Index: 0, Kind: "calibrate", Closed: true, Met: true}, {Index: 1, Kind: "step", OfferedRPS: 300, Met: true}, {Index: 2, Kind: "step", OfferedRPS: 600}}}
	res := &Result{Stopped: "breach_bisected"}
	if f := r.exitedFailure(res); f != nil || res.Stopped != "breach_bisected" {
		t.Fatalf("a running target failed: %v", f)
	}
	r.cfg.Exited = func() string { return "exit status 3" }
	f := r.exitedFailure(res)
	if f == nil || f.Key != "probe.fail.exited" || res.Stopped != "dead" || !strings.Contains(f.Text, "300 req/s") || !strings.Contains(f.Text, "before step 3") {
		t.Fatalf("exitedFailure = %+v, stopped %s", f, res.Stopped)
	}
}

// families is the page s holds, parsed by scrape (an empty page when it
// does not parse).
func families(r io.Reader) scrape.Page {
	b, _ := io.ReadAll(r)
	pg, _ := scrape.Parse(b)
	return pg
}
