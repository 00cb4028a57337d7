//go:build linux

package experiment

import (
	"runtime"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// LoadAvg returns the machine's 1-minute load average.
func LoadAvg() (float64, error) {
	l, err := sysinfo.LoadAvg()
	return l[0], err
}

func captureEnv(version string, load [3]float64) Env {
	return Env{Env: sysinfo.Collect(version), Cores: live.Cores(), LoadStart: load[0], LoadMax: load[1], LoadEnd: load[2],
		MachineCPUs: runtime.NumCPU()}
}
