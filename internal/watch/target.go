package watch

import (
	"context"
	"math"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// ProcessCores is how many CPUs this process may use: GOMAXPROCS,
// bounded by the affinity mask (runtime.NumCPU) and a cgroup quota.
func ProcessCores() float64 {
	return min(float64(runtime.GOMAXPROCS(0)), sysinfo.CPUQuota())
}

// IsLocal reports whether host (a name or an address) is this machine:
// loopback, unspecified, or one of its interface addresses.
func IsLocal(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ips := []net.IP{net.ParseIP(host)}
	if ips[0] == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		addrs, err := net.DefaultResolver.LookupIPAddr(ctx, host)
		if err != nil {
			return false
		}
		ips = ips[:0]
		for _, a := range addrs {
			ips = append(ips, a.IP)
		}
	}
	ifAddrs, _ := net.InterfaceAddrs()
	for _, ip := range ips {
		if ip.IsLoopback() || ip.IsUnspecified() {
			return true
		}
		for _, a := range ifAddrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.Equal(ip) {
				return true
			}
		}
	}
	return false
}

// Target reads the target's CPU time: from /proc when its pid is
// known (its process tree), else from a Prometheus /metrics page (a waitlab target exposes
// process_cpu_seconds_total and its thread count). With both, the CPU is
// the pid's and the page still gives the threads, the loops' stalls and
// the target's settings (it used to be read only without a pid, and the
// thread count was lost).
// A zero Target reads nothing (every read is not ok).
type Target struct {
	PID        int    // the target's process (its tree is read), 0 unknown
	MetricsURL string // its /metrics page, "" none

	from   string
	client *http.Client // netguard's, made at the first read
	loops  Loops        // from the last /metrics page read
	info   map[string]string
}

// From names where the last good read came from ("pid 123", or the
// page's URL).
func (p *Target) From() string { return p.from }

// Loops is the event loops' figures from the last page read.
func (p *Target) Loops() Loops { return p.loops }

// Info is waitlab_target_info's labels from the last page that had them
// (nil: none yet).
func (p *Target) Info() map[string]string { return p.info }

// Read reads the target's CPU time (its process tree when PID is set,
// else the page's process_cpu_seconds_total) and the threads its page
// reports; ok is false when neither could be read.
func (p *Target) Read() (cpu time.Duration, threads int, ok bool) {
	cpuS, threads, pageOK := p.readPage()
	if p.PID > 0 {
		// The process and its descendants: a pre-fork server (gunicorn's
		// sync workers, Apache's prefork, PHP-FPM) does its work in
		// children, which the pid's own times do not count; read alone,
		// 4 gunicorn workers at 0.75 cores read 0 and went to the
		// machine's other processes.
		c, _, ok := sysinfo.TreeCPU(p.PID)
		if !ok {
			return 0, 0, false
		}
		p.from = "pid " + strconv.Itoa(p.PID)
		// The OS thread count of an arbitrary process says little about
		// its concurrency limit (a Go or event-loop server), so only the
		// count its own page reports is used.
		return c, threads, true
	}
	if !pageOK {
		return 0, 0, false
	}
	p.from = p.MetricsURL
	return time.Duration(cpuS * 1e9), threads, true
}

// readPage reads the /metrics page (false: none, or unreadable) and keeps
// its loops and settings.
func (p *Target) readPage() (cpuS float64, threads int, ok bool) {
	if p.MetricsURL == "" {
		return 0, 0, false
	}
	if p.client == nil {
		// Every read, and every redirect it meets, stays on loopback when
		// the page asked for is there: a target's 302 cannot send the
		// read to another host (netguard.Client). A remote page was asked
		// for by name, and its host may answer.
		remote := true
		if u, err := url.Parse(p.MetricsURL); err == nil {
			remote = !netguard.LoopbackHost(u.Host)
		}
		p.client = netguard.Client(time.Second, remote)
	}
	pg, err := scrape.Get(p.client, p.MetricsURL)
	if err != nil {
		return 0, 0, false
	}
	cpuS, threads, ok = CPUOf(pg)
	p.loops = LoopsOf(pg)
	if info := InfoOf(pg); info != nil {
		p.info = info // conditions.go: the target's settings, from the same page
	}
	return cpuS, threads, ok
}

// CPUOf reads process_cpu_seconds_total and waitlab_target_threads from a
// page. waitlab_target_threads is exported only by thread-per-request
// targets (the pool model), where a request in flight holds a thread, so
// in-flight above it means queueing; the OS thread count is deliberately
// not used, since an event loop's in-flight requests are not bounded by
// its threads. ok is false without a usable CPU figure (none, negative,
// NaN or infinite).
func CPUOf(pg scrape.Page) (cpuSeconds float64, threads int, ok bool) {
	cpuSeconds, ok = pg.Sum("process_cpu_seconds_total")
	if !usable(cpuSeconds) {
		cpuSeconds, ok = 0, false
	}
	return cpuSeconds, Threads(pg), ok
}

// Threads is waitlab_target_threads on a page (0: none, or not a count):
// the threads a pool-model target serves with (CPUOf says why only this).
func Threads(pg scrape.Page) int {
	if n, has := pg.Sum("waitlab_target_threads"); has && usable(n) && n < 1e9 {
		return int(n)
	}
	return 0
}

// usable is a count or a time a page may give: not negative, not NaN and
// not infinite.
func usable(v float64) bool { return v >= 0 && !math.IsInf(v, 1) }

// Loops is what a waitlab target's watchdog exports of its event
// loops, summed over the loops: stalls (tasks that held a loop past the
// watchdog's threshold) and the cumulative histogram of task durations.
type Loops struct {
	Seen    bool // the page had a loop's figure
	stalls  float64
	buckets map[float64]float64 // upper bound (s) -> tasks at or below it; +Inf included
}

// LoopsOf reads waitlab_target_loop_stalls_total and
// waitlab_target_loop_task_duration_seconds (internal/httptarget's loop
// collector) from a page.
func LoopsOf(pg scrape.Page) Loops {
	m := Loops{buckets: map[float64]float64{}}
	for _, s := range pg.Samples("waitlab_target_loop_stalls_total") {
		if usable(s.Value) {
			m.Seen = true
			m.stalls += s.Value
		}
	}
	for _, s := range pg.Samples("waitlab_target_loop_task_duration_seconds_bucket") {
		bound, err := strconv.ParseFloat(s.Labels["le"], 64) // "+Inf" parses as +Inf
		if err != nil || math.IsNaN(bound) || !usable(s.Value) || len(m.buckets) >= 1000 {
			continue
		}
		m.Seen = true
		m.buckets[bound] += s.Value
	}
	return m
}

// StallsBetween is what the loops did between two readings: the stalls,
// and the bounds of the longest task (lo < worst <= hi seconds; hi is
// +Inf when it was above the last bound).
func StallsBetween(a, b Loops) (stalls int64, lo, hi float64) {
	stalls = int64(max(b.stalls-a.stalls, 0))
	bounds := make([]float64, 0, len(b.buckets))
	for le := range b.buckets {
		bounds = append(bounds, le)
	}
	sort.Float64s(bounds)
	if len(bounds) == 0 {
		return stalls, 0, 0
	}
	total := b.buckets[bounds[len(bounds)-1]] - a.buckets[bounds[len(bounds)-1]]
	for _, le := range bounds {
		if d := b.buckets[le] - a.buckets[le]; d >= total {
			return stalls, lo, le
		}
		lo = le
	}
	return stalls, lo, math.Inf(1)
}

// Stalls is what the loops did between two readings, from the page at
// from, as the load result records it (nil unless both readings saw the
// loops).
func Stalls(a, b Loops, from string) *loadresult.TargetStalls {
	if !a.Seen || !b.Seen {
		return nil
	}
	n, lo, hi := StallsBetween(a, b)
	st := &loadresult.TargetStalls{Count: n, WorstAboveMS: lo * 1e3, WorstUpToMS: hi * 1e3, From: from}
	if math.IsInf(hi, 1) {
		st.WorstUpToMS = -1
	}
	return st
}
