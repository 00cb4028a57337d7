package downstream

import (
	"strings"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// DelayStep changes a server's (or proxy's) delay mid-run: from After
// after it started serving, every command (or proxied chunk) waits Delay
// instead of the base delay. It is the "Redis got 50 ms slower at 10 s"
// of the slow-downstream experiment.
type DelayStep struct {
	Delay model.Dist
	After time.Duration
}

// String returns the form ParseDelayStep reads ("50ms@10s").
func (s DelayStep) String() string { return s.Delay.String() + "@" + s.After.String() }

// ParseDelayStep reads DUR@AFTER: DUR a delay as --delay takes it (50ms,
// exp:50ms), AFTER a duration of zero or more (10s). Errors are
// *model.FieldError for the flag delay-step, with the fix in the message.
func ParseDelayStep(v string) (DelayStep, error) {
	d, a, ok := strings.Cut(strings.TrimSpace(v), "@")
	if !ok || strings.Contains(a, "@") {
		return DelayStep{}, model.NewFieldError("delay-step", "downstream.err.step.form", v)
	}
	dist, err := model.ParseDist(d)
	if err != nil {
		return DelayStep{}, model.NewFieldError("delay-step", "downstream.err.step.delay", v, d)
	}
	a = strings.TrimSpace(a)
	var after time.Duration
	if a != "0" {
		if after, err = time.ParseDuration(a); err != nil || after < 0 {
			return DelayStep{}, model.NewFieldError("delay-step", "downstream.err.step.after", v, a)
		}
	}
	return DelayStep{Delay: dist, After: after}, nil
}

// stepper switches a delay to its step's once the step's time has come.
// Safe for concurrent use; start and stop are called under the owner's
// lock.
type stepper struct {
	step    *DelayStep
	on      atomic.Bool
	timer   *time.Timer
	stepped atomic.Int64 // commands (chunks) given the step's delay
}

// start arms the step (none when step is nil).
func (st *stepper) start(step *DelayStep) {
	st.step = step
	if step == nil {
		return
	}
	if step.After <= 0 {
		st.on.Store(true)
		return
	}
	st.timer = time.AfterFunc(step.After, st.fire)
}

// fire makes the step take effect (the timer's function).
func (st *stepper) fire() { st.on.Store(true) }

func (st *stepper) stop() {
	if st.timer != nil {
		st.timer.Stop()
	}
}

// delay returns the delay of one command: base's draw at u, or the
// step's once it is on.
func (st *stepper) delay(base model.Dist, u float64) time.Duration {
	if st.step != nil && st.on.Load() {
		st.stepped.Add(1)
		return st.step.Delay.At(u)
	}
	return base.At(u)
}

// sleepUntil waits until due or until done is closed; false if done.
func sleepUntil(due time.Time, done <-chan struct{}) bool {
	d := time.Until(due)
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-done:
		return false
	}
}
