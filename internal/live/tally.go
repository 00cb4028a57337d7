package live

import (
	"slices"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
)

// Tally turns a real run's request records into its model.Result: the
// latencies, queue waits and classes, the per-loop counts, the makespan
// (first arrival to last completion) and throughput, and the trace's
// records. It is the one conversion of the Go executors' runs and of the
// JVM's (internal/jvmexec), so both fill the same figures the same way.
type Tally struct {
	s           model.Scenario
	all, qwait  *stats.Recorder
	byClass     []*stats.Recorder
	loops       []model.LoopStat
	trace       *model.Trace
	first, last time.Duration
	firstSet    bool
	completed   int64
}

// NewTally starts a tally of s; trace, when not nil, receives every
// completed request's record.
func NewTally(s model.Scenario, trace *model.Trace) *Tally {
	t := &Tally{s: s, all: stats.NewRecorder(0), qwait: stats.NewRecorder(0), trace: trace}
	for range s.Classes {
		t.byClass = append(t.byClass, stats.NewRecorder(0))
	}
	if s.Model.HasLoops() {
		t.loops = make([]model.LoopStat, s.Threads)
		for i := range t.loops {
			t.loops[i].Loop = i
		}
	}
	return t
}

// Add counts one sent request: its arrival always, the rest when it
// completed (end > 0). blocking says its waits blocked its thread (a loop
// counts it as blocking).
func (t *Tally) Add(id int64, class int, arrival, start, end time.Duration, lane int32, blocking bool) {
	if !t.firstSet || arrival < t.first {
		t.first, t.firstSet = arrival, true
	}
	if end <= 0 || class < 0 || class >= len(t.byClass) {
		return
	}
	t.completed++
	t.last = max(t.last, end)
	lat := end - arrival
	t.all.Add(lat)
	t.byClass[class].Add(lat)
	t.qwait.Add(start - arrival)
	if t.loops != nil && lane >= 0 && int(lane) < t.s.Threads {
		ls := &t.loops[lane]
		ls.Requests++
		if blocking {
			ls.Blocking++
			if len(ls.BlockingIDs) < model.MaxLoopIDs {
				ls.BlockingIDs = append(ls.BlockingIDs, id)
			}
		}
	}
	if t.trace != nil {
		t.trace.Records = append(t.trace.Records, model.Record{ID: id, Class: class, Arrival: arrival, Start: start, End: end, Lane: lane})
	}
}

// Result is the tally as a real run's Result (Mode "real"); peak is the
// most lanes busy at once. Its trace's spans are sorted by lane and start.
func (t *Tally) Result(peak int, interrupted bool) *model.Result {
	s := t.s
	res := &model.Result{
		Mode: "real", Scenario: s, Seed: s.Seed, Requests: s.Requests, Completed: int(t.completed),
		All: t.all.Summary(), QueueWait: t.qwait.Summary(), Classes: map[string]model.Summary{},
		PeakThreads: peak, Precision: t.all.Precision(), Loops: t.loops, Trace: t.trace,
		Interrupted: interrupted,
	}
	for i, c := range s.Classes {
		res.Classes[c.Name] = t.byClass[i].Summary()
	}
	var span time.Duration
	if t.completed > 0 {
		span = t.last - t.first
	}
	res.MakespanMS = stats.MS(span)
	res.ThroughputDefinition = model.ThroughputWindow
	if s.Arrival.Kind == model.Burst {
		res.ThroughputDefinition = model.ThroughputBatch
	}
	if span > 0 {
		res.ThroughputRPS = float64(t.completed) / span.Seconds()
		res.InFlightMean = stats.LittleInFlight(t.all.Sum(), span)
	}
	if t.trace != nil {
		slices.SortStableFunc(t.trace.Spans, func(a, b model.Span) int {
			if a.Lane != b.Lane {
				return int(a.Lane - b.Lane)
			}
			return compareDur(a.Start, b.Start)
		})
	}
	return res
}
