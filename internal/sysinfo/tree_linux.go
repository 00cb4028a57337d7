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
// system time plus that of its reaped children, in clock ticks; and its
// threads (0 when the line stops before that field).
type procTimes struct {
	ppid    int
	ticks   int64
	threads int
}

// parseProcStat reads the ppid, utime+stime+cutime+cstime and
// num_threads of a /proc/PID/stat line (the command may hold spaces and parentheses: the
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
	pt := procTimes{ppid: ppid, ticks: sum}
	if len(f) > 17 { // field 20, num_threads
		pt.threads, _ = strconv.Atoi(f[17])
	}
	return pt, true
}

// Tree is a process tree's reading: its CPU time (root and the
// descendants alive now, each with its reaped children's), how many
// descendants there are, and their threads (the root's own left out).
//
// Why the descendants' threads: a pre-fork server (gunicorn's sync
// workers, Apache's prefork, PHP-FPM) serves in its children, one
// request a thread, while the process given does not serve at all; the
// children's threads are the ones that take turns on its cores.
type Tree struct {
	CPU               time.Duration
	Descendants       int
	DescendantThreads int
}

// ReadTree reads root's tree from one scan of /proc; ok is false when
// root cannot be read.
func ReadTree(root int) (t Tree, ok bool) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return Tree{}, false
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
		return Tree{}, false
	}
	ticks, n, threads := sumTree(all, root)
	return Tree{CPU: time.Duration(ticks) * time.Second / clockTick, Descendants: n - 1, DescendantThreads: threads}, true
}

// TreeCPU is ReadTree's CPU time and descendants.
func TreeCPU(root int) (cpu time.Duration, descendants int, ok bool) {
	t, ok := ReadTree(root)
	return t.CPU, t.Descendants, ok
}

// sumTree adds the ticks of root and of every process whose chain of
// parents reaches root, counts them (root included), and adds the
// threads of all but root.
func sumTree(all map[int]procTimes, root int) (ticks int64, n, threads int) {
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
		if pid != root {
			threads += all[pid].threads
		}
	}
	return ticks, len(in), threads
}
