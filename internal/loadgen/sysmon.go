package loadgen

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

	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// allowedCPUs is how many CPUs this process may use: GOMAXPROCS, bounded
// by the affinity mask (runtime.NumCPU) and a cgroup quota.
func allowedCPUs() float64 {
	return min(float64(runtime.GOMAXPROCS(0)), sysinfo.CPUQuota())
}

// isLocal reports whether host (a name or an address) is this machine:
// loopback, unspecified, or one of its interface addresses.
func isLocal(host string) bool {
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

// targetProbe reads the target's CPU time: from /proc when its pid is
// known (its process tree), else from a Prometheus /metrics page (a waitlab target exposes
// process_cpu_seconds_total and its thread count). With both, the CPU is
// the pid's and the page still gives the threads, the loops' stalls and
// the target's settings (it used to be read only without a pid, and the
// thread count was lost).
type targetProbe struct {
	pid        int
	metricsURL string
	from       string
	client     *http.Client // netguard's, made at the first read
	loops      loopMetrics  // from the last /metrics page read
	info       map[string]string
}

func (p *targetProbe) read() (cpu time.Duration, threads int, ok bool) {
	cpuS, threads, pageOK := p.readPage()
	if p.pid > 0 {
		// The process and its descendants: a pre-fork server (gunicorn's
		// sync workers, Apache's prefork, PHP-FPM) does its work in
		// children, which the pid's own times do not count; read alone,
		// 4 gunicorn workers at 0.75 cores read 0 and went to the
		// machine's other processes.
		c, _, ok := sysinfo.TreeCPU(p.pid)
		if !ok {
			return 0, 0, false
		}
		p.from = "pid " + strconv.Itoa(p.pid)
		// The OS thread count of an arbitrary process says little about
		// its concurrency limit (a Go or event-loop server), so only the
		// count its own page reports is used.
		return c, threads, true
	}
	if !pageOK {
		return 0, 0, false
	}
	p.from = p.metricsURL
	return time.Duration(cpuS * 1e9), threads, true
}

// readPage reads the /metrics page (false: none, or unreadable) and keeps
// its loops and settings.
func (p *targetProbe) readPage() (cpuS float64, threads int, ok bool) {
	if p.metricsURL == "" {
		return 0, 0, false
	}
	if p.client == nil {
		// Every read, and every redirect it meets, stays on loopback when
		// the page asked for is there: a target's 302 cannot send the
		// read to another host (netguard.Client). A remote page was asked
		// for by name, and its host may answer.
		remote := true
		if u, err := url.Parse(p.metricsURL); err == nil {
			remote = !netguard.LoopbackHost(u.Host)
		}
		p.client = netguard.Client(time.Second, remote)
	}
	pg, err := scrape.Get(p.client, p.metricsURL)
	if err != nil {
		return 0, 0, false
	}
	cpuS, threads, ok = cpuOf(pg)
	p.loops = loopsOf(pg)
	if info := infoOf(pg); info != nil {
		p.info = info // conditions.go: the target's settings, from the same page
	}
	return cpuS, threads, ok
}

// cpuOf reads process_cpu_seconds_total and waitlab_target_threads from a
// page. waitlab_target_threads is exported only by thread-per-request
// targets (the pool model), where a request in flight holds a thread, so
// in-flight above it means queueing; the OS thread count is deliberately
// not used, since an event loop's in-flight requests are not bounded by
// its threads. ok is false without a usable CPU figure (none, negative,
// NaN or infinite).
func cpuOf(pg scrape.Page) (cpuSeconds float64, threads int, ok bool) {
	cpuSeconds, ok = pg.Sum("process_cpu_seconds_total")
	if !usable(cpuSeconds) {
		cpuSeconds, ok = 0, false
	}
	if n, has := pg.Sum("waitlab_target_threads"); has && usable(n) && n < 1e9 {
		threads = int(n)
	}
	return cpuSeconds, threads, ok
}

// usable is a count or a time a page may give: not negative, not NaN and
// not infinite.
func usable(v float64) bool { return v >= 0 && !math.IsInf(v, 1) }

// loopMetrics is what a waitlab target's watchdog exports of its event
// loops, summed over the loops: stalls (tasks that held a loop past the
// watchdog's threshold) and the cumulative histogram of task durations.
type loopMetrics struct {
	seen    bool
	stalls  float64
	buckets map[float64]float64 // upper bound (s) -> tasks at or below it; +Inf included
}

// loopsOf reads waitlab_target_loop_stalls_total and
// waitlab_target_loop_task_duration_seconds (internal/httptarget's loop
// collector) from a page.
func loopsOf(pg scrape.Page) loopMetrics {
	m := loopMetrics{buckets: map[float64]float64{}}
	for _, s := range pg.Samples("waitlab_target_loop_stalls_total") {
		if usable(s.Value) {
			m.seen = true
			m.stalls += s.Value
		}
	}
	for _, s := range pg.Samples("waitlab_target_loop_task_duration_seconds_bucket") {
		bound, err := strconv.ParseFloat(s.Labels["le"], 64) // "+Inf" parses as +Inf
		if err != nil || math.IsNaN(bound) || !usable(s.Value) || len(m.buckets) >= 1000 {
			continue
		}
		m.seen = true
		m.buckets[bound] += s.Value
	}
	return m
}

// stallsBetween is what the loops did between two readings: the stalls,
// and the bounds of the longest task (lo < worst <= hi seconds; hi is
// +Inf when it was above the last bound).
func stallsBetween(a, b loopMetrics) (stalls int64, lo, hi float64) {
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

// peakRSS returns this process's peak resident memory (VmHWM), in bytes.
func peakRSS() int64 { return sysinfo.PeakRSS() }
