//go:build linux

package experiment

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// The honest environment: "busy" means CPU that processes outside the
// experiment's own process tree used while it ran, not the load average
// (the threads experiment alone takes a 2-core machine's load average
// past 100 with its own runnable threads). cpuSampler reads the machine's
// busy time (/proc/stat) and the CPU of this process and of every
// descendant (/proc/PID/stat: utime, stime and the reaped children's
// cutime, cstime) twice a second; the neighbours' share of a window is the
// machine's busy time less the tree's. start and stop are called from the
// goroutine that runs the experiment; the sampling goroutine owns the
// fields until stop.

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

// treeCPU sums the CPU of root and its descendants that are alive now
// (each with its reaped children's), from a scan of /proc.
func treeCPU(root int) time.Duration {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
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
	return time.Duration(sumTree(all, root)) * time.Second / 100
}

// sumTree adds the ticks of root and of every process whose chain of
// parents reaches root.
func sumTree(all map[int]procTimes, root int) int64 {
	in := map[int]bool{root: true}
	var sum int64
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
		sum += all[pid].ticks
	}
	return sum
}

// cpuSample is one reading.
type cpuSample struct {
	at         time.Time
	busy, tree time.Duration
}

// cpuSampler reads the machine once a second while an experiment runs:
// the CPU of its own process tree against everyone else's, and the load
// average (kept for the record beside them). The sampling goroutine owns
// the fields until stop.
type cpuSampler struct {
	root  int
	first cpuSample
	last  cpuSample
	// neighMax is the largest neighbours' CPU over one window, in cores.
	neighMax float64
	// loadStart and loadMax: the 1-minute load average at the start and
	// its highest reading.
	loadStart, loadMax float64
	done               chan struct{}
	wg                 sync.WaitGroup
}

// sampled is what a cpuSampler measured over the run.
type sampled struct {
	own, neigh, neighMax        float64 // cores
	loadStart, loadMax, loadEnd float64
}

func readCPUSample(root int) cpuSample {
	m, _ := sysinfo.ReadMachineCPU()
	return cpuSample{at: time.Now(), busy: m.Busy, tree: treeCPU(root)}
}

func startCPUSampler() *cpuSampler {
	s := &cpuSampler{root: os.Getpid(), done: make(chan struct{})}
	s.first = readCPUSample(s.root)
	s.last = s.first
	s.loadStart, _ = LoadAvg()
	s.loadMax = s.loadStart
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-t.C:
				cur := readCPUSample(s.root)
				// A child that has exited but is not reaped yet shows no
				// CPU until its parent reaps it: a window where the tree's
				// CPU went down (or its jump back) is no neighbours'.
				if _, n := split(s.last, cur); cur.tree >= s.last.tree && n <= float64(runtime.NumCPU()) {
					s.neighMax = max(s.neighMax, n)
				}
				s.last = cur
				if v, err := LoadAvg(); err == nil {
					s.loadMax = max(s.loadMax, v)
				}
			}
		}
	}()
	return s
}

// split returns the tree's and the neighbours' CPU between two samples,
// in cores (CPU seconds per second).
func split(a, b cpuSample) (own, neigh float64) {
	wall := b.at.Sub(a.at).Seconds()
	if wall <= 0 {
		return 0, 0
	}
	own = (b.tree - a.tree).Seconds() / wall
	neigh = ((b.busy - a.busy) - (b.tree - a.tree)).Seconds() / wall
	return max(own, 0), max(neigh, 0)
}

// stop ends the sampling and returns the tree's mean CPU, the
// neighbours' mean and their largest one-second share, in cores, with
// the load average at the start, its highest and at the end.
func (s *cpuSampler) stop() sampled {
	close(s.done)
	s.wg.Wait()
	end := readCPUSample(s.root)
	_, n := split(s.last, end)
	if end.at.Sub(s.last.at) >= 500*time.Millisecond && end.tree >= s.last.tree && n <= float64(runtime.NumCPU()) {
		s.neighMax = max(s.neighMax, n)
	}
	own, neigh := split(s.first, end)
	loadEnd, _ := LoadAvg()
	return sampled{own: own, neigh: neigh, neighMax: max(s.neighMax, neigh),
		loadStart: s.loadStart, loadMax: max(s.loadMax, loadEnd), loadEnd: loadEnd}
}
