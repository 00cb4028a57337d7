package sysinfo

import (
	"bufio"
	"bytes"
	"math"
	"runtime"
	"strconv"
	"strings"
)

// The machine-wide facts of /proc that runs record beside their figures
// (load average, TCP counters, sysctls), and the CPUs this process may
// use. The readers are in proc_linux.go; the parsers here are portable so
// that they are tested everywhere.

// CPUQuota returns how many CPUs this process may use: the CPUs it may run
// on (runtime.NumCPU, which is its affinity mask when it started), capped
// by a cgroup quota when there is one (fractional: 1.5 for a quota of 150
// ms per 100 ms).
func CPUQuota() float64 {
	a := float64(runtime.NumCPU())
	if q := CgroupCPUs(); q > 0 && q < a {
		a = q
	}
	return a
}

// Cores is CPUQuota in whole cores, rounded up (at least 1).
func Cores() int { return max(int(math.Ceil(CPUQuota())), 1) }

// parseLoadAvg reads the three averages at the start of /proc/loadavg.
func parseLoadAvg(b []byte) ([3]float64, bool) {
	var out [3]float64
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return out, false
	}
	for i := range out {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return [3]float64{}, false
		}
		out[i] = v
	}
	return out, true
}

// ParseNetstat reads the TcpExt counters of /proc/net/netstat: its header
// and value lines, by name (a pair whose lengths differ is skipped).
func ParseNetstat(b []byte) map[string]float64 {
	out := map[string]float64{}
	lines := bytes.Split(b, []byte("\n"))
	for i := 0; i+1 < len(lines); i++ {
		h, v := strings.Fields(string(lines[i])), strings.Fields(string(lines[i+1]))
		if len(h) == 0 || h[0] != "TcpExt:" || len(v) != len(h) || v[0] != "TcpExt:" {
			continue
		}
		for j := 1; j < len(h); j++ {
			if x, err := strconv.ParseFloat(v[j], 64); err == nil {
				out[h[j]] = x
			}
		}
		i++
	}
	return out
}

// parseNice reads the nice value of a /proc/PID/stat line (its 19th
// field), nil when it is not one.
func parseNice(b []byte) *int {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 17 {
		return nil
	}
	n, err := strconv.Atoi(f[16])
	if err != nil || n < -20 || n > 19 {
		return nil
	}
	return &n
}

// ParseCtxSwitches reads the two ctxt_switches lines of a status file.
func ParseCtxSwitches(status []byte) float64 {
	var sum float64
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && (k == "voluntary_ctxt_switches" || k == "nonvoluntary_ctxt_switches") {
			n, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			sum += n
		}
	}
	return sum
}

// ParseProcsRunning reads procs_running of /proc/stat.
func ParseProcsRunning(stat []byte) (float64, bool) {
	sc := bufio.NewScanner(bytes.NewReader(stat))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "procs_running "); ok {
			n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return n, err == nil
		}
	}
	return 0, false
}
