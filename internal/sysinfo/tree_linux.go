package sysinfo

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"time"
)

// The CPU of a process tree: a process and every living descendant, each
// with its reaped children's. Two readers need it: an experiment's honest
// environment (its own tree against the neighbours'), and probe's target,
// where a pre-fork server (gunicorn's sync workers, Apache's prefork,
// PHP-FPM) does its work in children of the process it was given, which
// that process's own /proc/PID/stat does not count until they are reaped.

// procTimes is one /proc/PID/stat line's parent and CPU: its own user and
// system time plus that of its reaped children, in clock ticks.
type procTimes struct {
	ppid  int
	ticks int64
}

// parseProcStat reads the ppid and utime+stime+cutime+cstime of a
// /proc/PID/stat line (the command may hold spaces and parentheses: the
// fields start after the last ')').
func parseProcStat(b []byte) (procTimes, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procTimes{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state): ppid is field 4, utime..cstime 14..17.
	if len(f) < 15 {
		return procTimes{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return procTimes{}, false
	}
	var sum int64
	for _, s := range f[11:15] {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return procTimes{}, false
		}
		sum += v
	}
	return procTimes{ppid: ppid, ticks: sum}, true
}

// TreeCPU is the CPU time of root and of its descendants alive now (each
// with its reaped children's), from one scan of /proc, and how many
// descendants there were; ok is false when root cannot be read.
func TreeCPU(root int) (cpu time.Duration, descendants int, ok bool) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0, false
	}
	all := map[int]procTimes{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		if pt, ok := parseProcStat(b); ok {
			all[pid] = pt
		}
	}
	if _, ok := all[root]; !ok {
		return 0, 0, false
	}
	ticks, n := sumTree(all, root)
	return time.Duration(ticks) * time.Second / clockTick, n - 1, true
}

// sumTree adds the ticks of root and of every process whose chain of
// parents reaches root, and counts them (root included).
func sumTree(all map[int]procTimes, root int) (ticks int64, n int) {
	in := map[int]bool{root: true}
	for pid := range all {
		chain := []int{}
		p, ok := pid, true
		for ok && !in[p] && p > 1 {
			chain = append(chain, p)
			var pt procTimes
			pt, ok = all[p]
			p = pt.ppid
		}
		if in[p] {
			for _, c := range chain {
				in[c] = true
			}
		}
	}
	for pid := range in {
		ticks += all[pid].ticks
	}
	return ticks, len(in)
}
