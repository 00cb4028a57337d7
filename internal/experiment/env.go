//go:build linux

package experiment

import (
	"runtime"

	"github.com/waitlab/waitlab/internal/sysinfo"
)

func captureEnv(version string, load [3]float64) Env {
	return Env{Env: sysinfo.Collect(version), Cores: sysinfo.Cores(), LoadStart: load[0], LoadMax: load[1], LoadEnd: load[2],
		MachineCPUs: runtime.NumCPU()}
}
