package httptarget

import (
	"os"
	"runtime/pprof"
)

// A debug hook for profiling the target itself (docs/benchmarks.md): with
// WAITLAB_TARGET_CPUPROFILE=FILE in its environment, a server writes a
// Go CPU profile of its whole life, from Start to the end of Shutdown, to
// FILE (`go tool pprof waitlab FILE`). Unset, it costs one Getenv at
// Start. A profile that cannot be started is skipped silently: it is a
// measuring aid, never part of serving.
const profileEnv = "WAITLAB_TARGET_CPUPROFILE"

// startProfile starts the CPU profile if asked for and returns what stops
// it (a no-op otherwise).
func startProfile() (stop func()) {
	path := os.Getenv(profileEnv)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
