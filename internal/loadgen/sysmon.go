package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// allowedCPUs is how many CPUs this process may use: GOMAXPROCS, bounded
// by the affinity mask (runtime.NumCPU) and a cgroup quota.
func allowedCPUs() float64 {
	a := float64(min(runtime.GOMAXPROCS(0), runtime.NumCPU()))
	if q := sysinfo.CgroupCPUs(); q > 0 && q < a {
		a = q
	}
	return a
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
// known, else from a Prometheus /metrics page (a waitlab target exposes
// process_cpu_seconds_total and its thread count).
type targetProbe struct {
	pid        int
	metricsURL string
	from       string
}

func (p *targetProbe) read() (cpu time.Duration, threads int, ok bool) {
	if p.pid > 0 {
		c, err := sysinfo.PidCPU(p.pid)
		if err != nil {
			return 0, 0, false
		}
		// The OS thread count of an arbitrary process says little about
		// its concurrency limit (a Go or event-loop server), so it is not
		// used for the Little's-law comparison.
		p.from = "pid " + strconv.Itoa(p.pid)
		return c, 0, true
	}
	if p.metricsURL == "" {
		return 0, 0, false
	}
	cl := http.Client{Timeout: time.Second}
	resp, err := cl.Get(p.metricsURL)
	if err != nil {
		return 0, 0, false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, 0, false
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return 0, 0, false
	}
	cpuS, threads, ok := parseMetrics(body)
	if !ok {
		return 0, 0, false
	}
	p.from = p.metricsURL
	return time.Duration(cpuS * 1e9), threads, true
}

// parseMetrics reads process_cpu_seconds_total and waitlab_target_threads
// from a Prometheus text page. waitlab_target_threads is exported only by
// thread-per-request targets (the pool model), where a request in flight
// holds a thread, so in-flight above it means queueing; the OS thread count
// is deliberately not used, since an event loop's in-flight requests are not
// bounded by its threads. ok is false without the CPU line.
func parseMetrics(b []byte) (cpuSeconds float64, threads int, ok bool) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		name := f[0]
		if i := strings.IndexByte(name, '{'); i >= 0 {
			name = name[:i]
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			continue
		}
		switch name {
		case "process_cpu_seconds_total":
			cpuSeconds, ok = v, true
		case "waitlab_target_threads":
			if v < 1e9 {
				threads = int(v)
			}
		}
	}
	return cpuSeconds, threads, ok
}

// peakRSS returns this process's peak resident memory (VmHWM), in bytes.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}
