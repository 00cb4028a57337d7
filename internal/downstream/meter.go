package downstream

import (
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// The server measures the delay it gave: from the moment a command was
// read to the moment its reply was handed to the socket (the achieved
// delay), and how much later than asked that was (the lateness). An
// experiment that compares with 1/RTT or a fixed wait takes the delay
// achieved, not the one asked for; and a server past what its core can
// answer says so (Saturation) instead of stretching every delay silently.

// DelaySummary is the delays a server gave, over its whole run.
type DelaySummary struct {
	Count int64
	// Achieved: from reading a command to writing its reply.
	AchievedP50, AchievedP99, AchievedMax time.Duration
	// Late: how much after its asked-for time a reply went out.
	LateP50, LateP99, LateMax time.Duration
}

// Saturation is one second in which most replies went out late: more
// than LateSlack (5% of their delay plus SchedSlack) after their time.
type Saturation struct {
	Window   time.Duration
	Commands int64 // replies in the window
	Late     int64 // of which late
	LateP50  time.Duration
	Busy     float64 // the loop's share of the window spent not waiting (0..1)
}

// PerSecond is the replies a second in the window.
func (s Saturation) PerSecond() float64 { return float64(s.Commands) / s.Window.Seconds() }

// SchedSlack is the lateness no reply is counted late within: a wake-up
// of the loop's thread and a write (tens of microseconds on a busy core).
const SchedSlack = 50 * time.Microsecond

// lateSlack is how late a reply with the given delay may go out and not be
// counted late: 5% of it plus SchedSlack.
func lateSlack(asked time.Duration) time.Duration { return asked/20 + SchedSlack }

const meterHigh = int64(time.Hour)

type meter struct {
	mu       sync.Mutex
	achieved *hdrhistogram.Histogram
	late     *hdrhistogram.Histogram
	// the current window
	start    time.Time
	n, nlate int64
	wlate    *hdrhistogram.Histogram
	idleNS   time.Duration
}

func newMeter() *meter {
	return &meter{achieved: hdrhistogram.New(1, meterHigh, 3), late: hdrhistogram.New(1, meterHigh, 3),
		wlate: hdrhistogram.New(1, meterHigh, 2), start: time.Now()}
}

// record notes one reply, achieved after its command arrived, late after
// its time (asked = achieved - late).
func (m *meter) record(achieved, late time.Duration) {
	if m == nil {
		return
	}
	late = max(late, 0)
	m.mu.Lock()
	m.achieved.RecordValue(max(int64(achieved), 1))
	m.late.RecordValue(max(int64(late), 1))
	m.wlate.RecordValue(max(int64(late), 1))
	m.n++
	if late > lateSlack(achieved-late) {
		m.nlate++
	}
	m.mu.Unlock()
}

// idle adds time the loop spent waiting.
func (m *meter) idle(d time.Duration) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.idleNS += d
	m.mu.Unlock()
}

// window ends the current window and returns it.
func (m *meter) window() Saturation {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	w := now.Sub(m.start)
	s := Saturation{Window: w, Commands: m.n, Late: m.nlate, LateP50: time.Duration(m.wlate.ValueAtQuantile(50))}
	if w > 0 {
		s.Busy = min(1, max(0, 1-float64(m.idleNS)/float64(w)))
	}
	m.start, m.n, m.nlate, m.idleNS = now, 0, 0, 0
	m.wlate.Reset()
	return s
}

// Busy reports whether the loop was busy for most of the window (80% or
// more): its lateness is then its own, past what its core can answer,
// rather than the machine's.
func (s Saturation) LoopBusy() bool { return s.Busy >= 0.8 }

// saturated says whether a window had most of its replies late.
func (s Saturation) saturated() bool { return s.Commands > 0 && 2*s.Late > s.Commands }

func (m *meter) summary() DelaySummary {
	if m == nil {
		return DelaySummary{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	q := func(h *hdrhistogram.Histogram, p float64) time.Duration {
		if h.TotalCount() == 0 {
			return 0
		}
		return time.Duration(h.ValueAtQuantile(p))
	}
	return DelaySummary{Count: m.achieved.TotalCount(),
		AchievedP50: q(m.achieved, 50), AchievedP99: q(m.achieved, 99), AchievedMax: time.Duration(m.achieved.Max()),
		LateP50: q(m.late, 50), LateP99: q(m.late, 99), LateMax: time.Duration(m.late.Max())}
}
