//go:build linux

package experiment

import (
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

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
