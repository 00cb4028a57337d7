package probe

import (
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"github.com/waitlab/waitlab/internal/watch"
)

// What gave out, told from the target's own side: a JVM's heap and its
// collector (its /metrics page, read around each step), the process
// itself (--target-pid, or the child the probe started), and the event
// loops it runs (its threads' names).
//
// Why: an unbounded server (virtual threads, an async server) does not
// queue; it takes every request in and holds what each needs until
// something else runs out. On a JVM that is most often the heap: the
// collector runs more and more of the time, then the JVM exits or stops
// answering. From outside that is a latency that grew, or a server that
// stopped answering; the JVM's own figures say which.

// JVMStep is a JVM target's heap and collector over one step (Step.JVM):
// what its /metrics said just before and just after it.
type JVMStep struct {
	// HeapUsedMB is the heap in use at the step's end, HeapAfterGCMB what
	// the collectors' last runs left in it (the live set; 0 unknown),
	// HeapMaxMB its maximum (-Xmx; 0 unknown).
	HeapUsedMB    float64 `json:"heap_used_mb"`
	HeapAfterGCMB float64 `json:"heap_after_gc_mb,omitempty"`
	HeapMaxMB     float64 `json:"heap_max_mb,omitempty"`
	// GCShare is the share of the step's wall time the collector ran
	// (its seconds over the step, warm-up included), GCs its collections
	// then (-1: the page exports no collector figures).
	GCShare float64 `json:"gc_share"`
	GCs     float64 `json:"gc_collections"`
}

// jvmPage is one reading of a JVM's /metrics.
type jvmPage struct {
	used, afterGC, max float64 // bytes (0 unknown)
	gcS, gcN           float64 // collector seconds and collections, since start (-1 unknown)
}

// The names a JVM's heap and collector go by: ours (internal/launch's
// servers), Micrometer's and the Prometheus Java client's (areas
// "heap"); each page is read by the first family it has.
var (
	heapUsedNames = []string{"waitlab_target_jvm_heap_used_bytes", "jvm_memory_used_bytes", "jvm_memory_bytes_used"}
	heapMaxNames  = []string{"waitlab_target_jvm_heap_max_bytes", "jvm_memory_max_bytes", "jvm_memory_bytes_max"}
	gcSecNames    = []string{"waitlab_target_jvm_gc_seconds_total", "jvm_gc_pause_seconds_sum", "jvm_gc_collection_seconds_sum"}
	gcCountNames  = []string{"waitlab_target_jvm_gc_collections_total", "jvm_gc_pause_seconds_count", "jvm_gc_collection_seconds_count"}
)

// parseJVMPage reads a JVM's heap and collector off a parsed page (the
// one scrape reads); ok false when the page names no heap.
func parseJVMPage(page scrape.Page) (jvmPage, bool) {
	// sum adds the samples of the first named metric present, those
	// labelled area="heap" only where the samples have areas. A
	// summary's or histogram's NAME_sum and NAME_count are lines of the
	// page under those names.
	sum := func(names []string) (float64, bool) {
		for _, n := range names {
			total, seen := 0.0, false
			for _, smp := range page.Samples(n) {
				if area := smp.Labels["area"]; area != "" && area != "heap" {
					continue
				}
				v := smp.Value
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
					continue // a pool with no maximum says -1
				}
				total, seen = total+v, true
			}
			if seen {
				return total, true
			}
		}
		return 0, false
	}
	var pg jvmPage
	used, ok := sum(heapUsedNames)
	if !ok {
		return jvmPage{}, false
	}
	pg.used = used
	pg.max, _ = sum(heapMaxNames)
	pg.afterGC, _ = sum([]string{"waitlab_target_jvm_heap_after_gc_bytes"})
	pg.gcS, pg.gcN = -1, -1
	if v, ok := sum(gcSecNames); ok {
		pg.gcS = v
	}
	if v, ok := sum(gcCountNames); ok {
		pg.gcN = v
	}
	return pg, true
}

// readPage reads url's page within a second through scrape (netguard's
// client: loopback only unless allowRemote); an empty page when there is
// none or it does not parse.
func readPage(url string, allowRemote bool) scrape.Page {
	if url == "" {
		return scrape.Page{}
	}
	pg, err := scrape.Once(url, time.Second, allowRemote)
	if err != nil {
		return scrape.Page{}
	}
	return pg
}

// loopsOf is the event loops a waitlab target's page reports: its
// waitlab_target_info of model loop, and its threads (0: none said).
func loopsOf(page scrape.Page) int {
	info := watch.InfoOf(page)
	if info["model"] != "loop" {
		return 0
	}
	if n, err := strconv.Atoi(info["threads"]); err == nil && n > 0 && n < 1e5 {
		return n
	}
	return 0
}

// jvmStep is a step's heap and collector from the readings before (a)
// and after (b) it, span apart.
func jvmStep(a, b jvmPage, span time.Duration) *JVMStep {
	mb := func(v float64) float64 { return math.Round(v/(1<<20)*10) / 10 }
	j := &JVMStep{HeapUsedMB: mb(b.used), HeapAfterGCMB: mb(b.afterGC), HeapMaxMB: mb(b.max), GCShare: -1, GCs: -1}
	if a.gcS >= 0 && b.gcS >= a.gcS && span > 0 {
		j.GCShare = math.Round(math.Min((b.gcS-a.gcS)/span.Seconds(), 1)*1000) / 1000
	}
	if a.gcN >= 0 && b.gcN >= a.gcN {
		j.GCs = b.gcN - a.gcN
	}
	return j
}

// Bounds of the heap's verdict, each with why.
const (
	// gcBusy: a collector running this share of a step's time took the
	// heap's shortage out of the requests' time (a JVM's own alarm,
	// -XX:+UseGCOverheadLimit, is 98%; monitoring commonly warns at 10%
	// and pages at 20-25%).
	gcBusy = 0.2
	// heapFull and gcSome: a live set at this share of the maximum after
	// the last collection, with the collector running at least gcSome of
	// the step, is a heap that the next burst fills.
	heapFull = 0.9
	gcSome   = 0.05
)

// heapGaveOut says the JVM's heap was short at j: its collector ran
// gcBusy of the step, or what it left was heapFull of the maximum while
// it ran gcSome.
func heapGaveOut(j *JVMStep) bool {
	if j == nil {
		return false
	}
	full := j.HeapMaxMB > 0 && j.HeapAfterGCMB >= heapFull*j.HeapMaxMB
	return j.GCShare >= gcBusy || full && j.GCShare >= gcSome
}

// heapNote is the evidence of a heap that gave out at step i.
func heapNote(lang msg.Lang, key string, i int, j *JVMStep) Note {
	most := msg.T(lang, "probe.jvm.max_unknown")
	if j.HeapMaxMB > 0 {
		most = num0(j.HeapMaxMB)
	}
	return note(lang, key, i, pct1(math.Max(j.GCShare, 0)), num0(math.Max(j.GCs, 0)), num1(j.HeapAfterGCMB), num1(j.HeapUsedMB), most)
}

// deadGaveOut names, for a probe whose server stopped answering, what
// gave out, with its evidence in res.Evidence: the heap (the last JVM
// reading short of it), the process (it exited: exited's word, or
// /proc for --target-pid), or "" when neither can be told. The failure
// itself (the last healthy rate, the kinds) is res.Failure's.
func deadGaveOut(cfg *Config, res *Result, steps []Step) {
	lang := cfg.Lang
	var last *Step // the last step with JVM figures
	for i := range steps {
		if steps[i].JVM != nil {
			last = &steps[i]
		}
	}
	why, gone := exited(cfg)
	switch {
	case last != nil && heapGaveOut(last.JVM):
		res.GaveOut = "heap"
		res.Evidence = append(res.Evidence, heapNote(lang, "probe.ev.gave_out.heap_last", last.Index, last.JVM))
	case last != nil:
		// Not short at its last reading: the figures, for what they say.
		res.Evidence = append(res.Evidence, heapNote(lang, "probe.ev.jvm_last", last.Index, last.JVM))
	}
	if gone {
		if res.GaveOut == "" {
			res.GaveOut = "process"
		}
		res.Evidence = append(res.Evidence, note(lang, "probe.ev.gave_out.exited", why))
		if strings.Contains(why, "OutOfMemoryError") {
			res.GaveOut = "heap"
		}
	}
}

// loopPrefixes are the names event loops' threads go by, as the kernel
// keeps them (15 bytes): Netty's default groups (nio, epoll, kqueue,
// io_uring), Reactor Netty's, Vert.x's, and our Netty server's.
var loopPrefixes = []string{"nioEventLoopGro", "epollEventLoopG", "kqueueEventLoop", "ioUringEventLoo", "multiThreadIoEv",
	"reactor-http-ni", "reactor-http-ep", "vert.x-eventloo", "netty-loop-"}

// LoopCount is the loop count the probe read and where from.
type LoopCount struct {
	N int `json:"loops"`
	// From is "metrics" (the target's /metrics: a waitlab target's
	// threads), "thread-names" (its threads named as event loops,
	// --target-pid), or "held" (the stall's held requests, stall.go).
	From string `json:"from"`
	// Name is the thread name counted (thread-names).
	Name string `json:"thread_name,omitempty"`
}

// loopThreads counts the threads of names named as one kind of event
// loop (the most common prefix of loopPrefixes); 0 when none is. A
// server whose acceptor is a loop of the same name (Netty's boss group
// left at its default) counts it too: the name cannot tell them apart.
func loopThreads(names []string) (int, string) {
	best, name := 0, ""
	for _, p := range loopPrefixes {
		n := 0
		for _, t := range names {
			if strings.HasPrefix(t, p) {
				n++
			}
		}
		if n > best {
			best, name = n, p
		}
	}
	return best, name
}

// loops is the target's event-loop count and where it came from: its
// page (a waitlab target of model loop says its threads), else its
// threads named as event loops (--target-pid); nil when neither tells.
func (r *prober) loops() *LoopCount {
	if n := loopsOf(readPage(r.pageURL(), r.cfg.AllowRemote)); n > 0 {
		return &LoopCount{N: n, From: "metrics"}
	}
	if r.cfg.TargetPID > 0 && r.cfg.TargetPID != os.Getpid() {
		if n, name := loopThreads(sysinfo.ThreadNames(r.cfg.TargetPID)); n > 0 {
			return &LoopCount{N: n, From: "thread-names", Name: name}
		}
	}
	return nil
}

// exited says whether the target's process has ended, and why: the
// caller's word (Config.Exited), else /proc for --target-pid.
func exited(cfg *Config) (string, bool) {
	if cfg.Exited != nil {
		why := cfg.Exited()
		return why, why != ""
	}
	if cfg.TargetPID > 0 && cfg.TargetPID != os.Getpid() && sysinfo.Exited(cfg.TargetPID) {
		return msg.T(cfg.Lang, "probe.jvm.exited_pid", cfg.TargetPID), true
	}
	return "", false
}

// exitedFailure is the failure of a search cut short because the
// target's process ended (a step could not start without it), or nil
// when it runs.
func (r *prober) exitedFailure(res *Result) *Note {
	why, gone := exited(&r.cfg)
	if !gone {
		return nil
	}
	lang := r.cfg.Lang
	held := msg.T(lang, "probe.fail.none_held")
	if h := lastHealthy(r.steps); h > 0 {
		held = msg.T(lang, "probe.fail.last_held", num0(h))
	}
	res.Stopped = "dead"
	n := note(lang, "probe.fail.exited", len(r.steps), why, held)
	return &n
}

// tail keeps the last tailBytes a child wrote (its standard output,
// where a JVM says "Terminating due to java.lang.OutOfMemoryError").
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailBytes = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailBytes {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailBytes:]...)
	}
	return len(p), nil
}

// oom is the line of t that names an OutOfMemoryError ("" none).
func (t *tail) oom() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(string(t.buf), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], "OutOfMemoryError") {
			return strings.TrimSpace(lines[i])
		}
	}
	return ""
}

// exitedOf is Config.Exited for a server the probe (or its caller)
// started through launch, its standard output kept in out: "" while it
// runs, else its exit and stderr's last line (supervise's Why), and the
// OutOfMemoryError a JVM wrote, if it did.
func exitedOf(srv *launch.Server, out *tail) func() string {
	return func() string {
		if !srv.HasExited() {
			return ""
		}
		why := srv.Why()
		if o := out.oom(); o != "" && !strings.Contains(why, o) {
			why += "; " + o
		}
		return why
	}
}

// jvmWatch reads a JVM's page every jvmEvery while a step runs: a server
// that dies within a step answers no reading after it, and its last
// readings are the evidence of what gave out.
type jvmWatch struct {
	mu   sync.Mutex
	last jvmPage
	at   time.Time
	ok   bool
	stop chan struct{}
	done chan struct{}
}

// jvmEvery is how often a step reads the JVM's page: often enough that a
// server dying within a step (the collector running most of the last
// second) leaves a reading, rarely enough that its page costs nothing
// beside the step's requests.
const jvmEvery = 500 * time.Millisecond

// watchJVM starts a watch (nil when the page has no JVM figures).
func (r *prober) watchJVM(on bool) *jvmWatch {
	if !on || r.jvm != 1 {
		return nil
	}
	w := &jvmWatch{stop: make(chan struct{}), done: make(chan struct{})}
	url, remote := r.pageURL(), r.cfg.AllowRemote
	go func() {
		defer close(w.done)
		tk := time.NewTicker(jvmEvery)
		defer tk.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-tk.C:
			}
			if pg, ok := parseJVMPage(readPage(url, remote)); ok {
				w.mu.Lock()
				w.last, w.at, w.ok = pg, time.Now(), true
				w.mu.Unlock()
			}
		}
	}()
	return w
}

// end stops the watch and returns its last reading and when it was read.
func (w *jvmWatch) end() (jvmPage, time.Time, bool) {
	if w == nil {
		return jvmPage{}, time.Time{}, false
	}
	close(w.stop)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.last, w.at, w.ok
}
