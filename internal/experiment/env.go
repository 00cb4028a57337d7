//go:build linux

package experiment

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// loadSampler reads the machine's 1-minute load average once a second
// while an experiment runs, so the table says how busy the machine was.
// start and stop are called from the one goroutine that runs the
// experiment; the sampling goroutine owns the fields until stop.
type loadSampler struct {
	start, max float64
	done       chan struct{}
	wg         sync.WaitGroup
}

func startLoadSampler() *loadSampler {
	s := &loadSampler{done: make(chan struct{})}
	s.start, _ = LoadAvg()
	s.max = s.start
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
				if v, err := LoadAvg(); err == nil && v > s.max {
					s.max = v
				}
			}
		}
	}()
	return s
}

// stop ends the sampling and returns start, max and the load now.
func (s *loadSampler) stop() [3]float64 {
	close(s.done)
	s.wg.Wait()
	end, _ := LoadAvg()
	return [3]float64{s.start, max(s.max, end), end}
}

// LoadAvg returns the machine's 1-minute load average from /proc/loadavg.
func LoadAvg() (float64, error) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, os.ErrInvalid
	}
	return strconv.ParseFloat(f[0], 64)
}

func captureEnv(version string, load [3]float64) Env {
	return Env{Env: sysinfo.Collect(version), Cores: live.Cores(), LoadStart: load[0], LoadMax: load[1], LoadEnd: load[2],
		MachineCPUs: runtime.NumCPU()}
}
