package watch

import (
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

// The honest environment: "busy" means CPU that processes outside the
// experiment's own process tree used while it ran, not the load average
// (the threads experiment alone takes a 2-core machine's load average
// past 100 with its own runnable threads). cpuSampler reads the machine's
// busy time (/proc/stat) and the CPU of this process and of every
// descendant (sysinfo.TreeCPU: utime, stime and the reaped children's
// cutime, cstime) twice a second; the neighbours' share of a window is the
// machine's busy time less the tree's. StartNeighbours and Stop are called
// from the goroutine that runs the experiment; the sampling goroutine owns
// the fields until Stop. Off Linux every reading is 0.

// cpuSample is one reading.
type cpuSample struct {
	at         time.Time
	busy, tree time.Duration
}

// Neighbours reads the machine once a second while an experiment runs:
// the CPU of its own process tree against everyone else's, and the load
// average (kept for the record beside them). The sampling goroutine owns
// the fields until stop.
type Neighbours struct {
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

// Shares is what Neighbours measured over the run: the tree's mean CPU,
// the neighbours' mean and their largest one-second share, in cores, and
// the 1-minute load average at the start, its highest and at the end.
type Shares struct {
	Own, Neigh, NeighMax        float64 // cores
	LoadStart, LoadMax, LoadEnd float64
}

// loadAvg1 is the machine's 1-minute load average.
func loadAvg1() (float64, error) {
	l, err := sysinfo.LoadAvg()
	return l[0], err
}

// treeCPUOf is sysinfo.TreeCPU's time, 0 when the tree cannot be read.
func treeCPUOf(root int) time.Duration {
	c, _, _ := sysinfo.TreeCPU(root)
	return c
}

func readCPUSample(root int) cpuSample {
	m, _ := sysinfo.ReadMachineCPU()
	return cpuSample{at: time.Now(), busy: m.Busy, tree: treeCPUOf(root)}
}

// StartNeighbours starts sampling: this process's tree against the
// machine.
func StartNeighbours() *Neighbours {
	s := &Neighbours{root: os.Getpid(), done: make(chan struct{})}
	s.first = readCPUSample(s.root)
	s.last = s.first
	s.loadStart, _ = loadAvg1()
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
				if v, err := loadAvg1(); err == nil {
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

// Stop ends the sampling and returns what it measured.
func (s *Neighbours) Stop() Shares {
	close(s.done)
	s.wg.Wait()
	end := readCPUSample(s.root)
	_, n := split(s.last, end)
	if end.at.Sub(s.last.at) >= 500*time.Millisecond && end.tree >= s.last.tree && n <= float64(runtime.NumCPU()) {
		s.neighMax = max(s.neighMax, n)
	}
	own, neigh := split(s.first, end)
	loadEnd, _ := loadAvg1()
	return Shares{Own: own, Neigh: neigh, NeighMax: max(s.neighMax, neigh),
		LoadStart: s.loadStart, LoadMax: max(s.loadMax, loadEnd), LoadEnd: loadEnd}
}
