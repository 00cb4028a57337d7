package loadgen

import (
	"runtime"
	"time"
)

// pace is the open model's wait for each request's intended send time,
// with its timer correction: the one dispatcher's clock of the goroutine
// engine, for plain load (gen.runOpen) and for a scenario's
// (scenarioGen.runOpen). The epoll and io_uring loops, a scenario's on
// the epoll loop included (scenario_loop_linux.go), wait in their own
// timerfd or ring instead, and batch the sends due within timerSlack.
//
// Why the correction: timers wake late (by a millisecond and more on a
// busy machine), and each late send adds to the latency from the intended
// time. When the rate is low enough for it to cost at most 5% of a CPU,
// pace wakes a little early (twice the timer's recent lateness, a moving
// average, plus 50 us) and yields until due. At high rates sends go out
// in timer-sized batches.
type pace struct {
	since     func() time.Duration // the run's clock
	timer     *time.Timer
	overshoot time.Duration // the timer's lateness, a moving average
	prevDue   time.Duration
}

func newPace(since func() time.Duration) *pace {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return &pace{since: since, timer: t, overshoot: 500 * time.Microsecond}
}

// until waits until due (from the run's start); false when stop was
// closed first.
func (p *pace) until(due time.Duration, stop <-chan struct{}) bool {
	if now := p.since(); due > now {
		early := min(2*p.overshoot+50*time.Microsecond, time.Duration(0.05*float64(due-p.prevDue)))
		if early < 100*time.Microsecond {
			early = 0
		}
		if sleep := due - now - early; sleep > 0 {
			p.timer.Reset(sleep)
			select {
			case <-p.timer.C:
			case <-stop:
				return false
			}
			if early > 0 {
				late := p.since() - (now + sleep)
				p.overshoot += (max(late, 0) - p.overshoot) / 8
			}
		}
		for early > 0 && p.since() < due {
			runtime.Gosched()
		}
	}
	p.prevDue = due
	return true
}
