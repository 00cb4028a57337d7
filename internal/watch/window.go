package watch

import (
	"math"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Window reads the CPU at a measured window's edges: this process's (the
// generator's), the machine's (/proc/stat) and, through Target, the
// target's with its loops' stalls. Clock is the run's own clock (time
// since its start); Target may be nil.
type Window struct {
	Clock  func() time.Duration
	Target *Target

	at      time.Duration
	gen     time.Duration
	mach    sysinfo.MachineCPU
	machOK  bool
	tgt     time.Duration
	tgtOK   bool
	loops   Loops
	started bool
}

// Start takes the opening readings.
func (w *Window) Start() {
	w.at = w.Clock()
	w.gen = sysinfo.ProcessCPU()
	var err error
	w.mach, err = sysinfo.ReadMachineCPU()
	w.machOK = err == nil
	if w.Target != nil {
		if c, _, ok := w.Target.Read(); ok {
			w.tgt, w.tgtOK = c, true
			w.loops = w.Target.loops
		}
	}
	w.started = true
}

// GenAtStart is the generator's CPU time read by Start.
func (w *Window) GenAtStart() time.Duration { return w.gen }

// Started reports whether Start was called.
func (w *Window) Started() bool { return w.started }

// Used is what a window's edges read: the CPU spent over Span by the
// generator, the machine (busy, and busy plus idle over all its CPUs;
// MachineOK false when /proc/stat could not be read at either edge) and
// the target (TargetOK false when it was not read at both edges).
type Used struct {
	Span              time.Duration
	Gen               time.Duration
	MachBusy, MachAll time.Duration
	MachineOK         bool
	Target            time.Duration
	TargetOK          bool
	TargetFrom        string
	TargetThreads     int
	Stalls            *loadresult.TargetStalls
}

// End takes the closing readings and returns what was used since Start.
func (w *Window) End() Used {
	gen := sysinfo.ProcessCPU()
	mach, err := sysinfo.ReadMachineCPU()
	u := Used{Span: w.Clock() - w.at, MachineOK: err == nil && w.machOK}
	if gen > w.gen {
		u.Gen = gen - w.gen
	}
	u.MachBusy, u.MachAll = mach.Busy-w.mach.Busy, mach.Total-w.mach.Total
	if w.tgtOK {
		if c, threads, ok := w.Target.Read(); ok {
			u.Target, u.TargetOK = max(c-w.tgt, 0), true
			u.TargetFrom, u.TargetThreads = w.Target.from, threads
			u.Stalls = Stalls(w.loops, w.Target.loops, w.Target.from)
		}
	}
	return u
}

// MachineCPUs is the machine's CPU count from /proc/stat's own clock (the
// affinity mask may hide CPUs from runtime.NumCPU): busy plus idle over
// the span, in CPUs; 0 when the span is not over min or nothing was read.
func (u Used) MachineCPUs(min time.Duration) int {
	if u.Span <= min || u.MachAll <= 0 {
		return 0
	}
	return max(int(math.Round(float64(u.MachAll)/float64(u.Span))), 1)
}

// ToWindow is d, read over span, as its rate over window times window
// (d itself when the span is not longer, or the window unknown).
//
// Why scaled: the closing reading comes when the drive returns, and a
// drive that fell behind its schedule returns after the window has
// ended (at an overloaded step, by up to a second). Divided by the
// window, the readings then counted more than the window's CPU: a target
// pinned to one CPU read 1.13 cores, and the probe called a pool of 64
// CPU-bound. Every reading is scaled by the same factor, so shares of the
// machine are unchanged.
func ToWindow(d int64, window, span time.Duration) int64 {
	if window <= 0 || span <= window {
		return d
	}
	return int64(float64(d) * float64(window) / float64(span))
}
