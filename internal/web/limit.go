package web

import (
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
)

// Limit is a run's result in words: what held it back (Kind: lock,
// blocking, pinned, cores, pool, threads, loops, carriers, cpu or wait)
// and a sentence saying so.
type Limit struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Explain says what limited a simulated run, from its result and (when
// kept) its trace. The order of the checks is the order in which one cause
// hides the next: a shared lock serialises everything; a blocked loop or a
// pinned carrier stalls what is bound to it; then cores, the offload pool,
// and the lanes themselves; a run held back by none of them took as long
// as its own work and waits.
func Explain(r *model.Result, lang msg.Lang) *Limit {
	if r == nil || r.Completed == 0 {
		return nil
	}
	s := r.Scenario
	makespan := time.Duration(r.MakespanMS * 1e6)
	dur := func(d time.Duration) string { return narrate.Duration(lang, d, unit(d)) }
	T := func(kind string, args ...any) *Limit {
		return &Limit{Kind: kind, Text: msg.T(lang, "web.limit."+kind, args...)}
	}
	var lock, ready, stall, offload, cpu time.Duration
	stalled := map[int32]bool{}
	offLanes := 0
	if tr := r.Trace; tr != nil {
		for _, k := range tr.Lanes {
			if k == model.LaneOffload {
				offLanes++
			}
		}
		for _, sp := range tr.Spans {
			d := sp.End - sp.Start
			switch sp.Kind {
			case model.SpanLock:
				lock += d
			case model.SpanReady:
				ready += d
			case model.SpanCPU:
				cpu += d
			case model.SpanHold:
				if int(sp.Lane) < len(tr.Lanes) {
					switch tr.Lanes[sp.Lane] {
					case model.LaneLoop, model.LaneCarrier:
						stall += d
						stalled[sp.Lane] = true
					case model.LaneOffload:
						offload += d
					}
				}
			}
		}
	}
	lanes := max(s.Threads, 1)
	queue := time.Duration(r.QueueWait.MeanMS * 1e6)
	switch {
	case s.SharedLock && lock > 0:
		return T("lock", dur(lock))
	case s.Model.HasLoops() && s.Model != model.Offload && stall > 0:
		return T("blocking", len(stalled), dur(stall))
	case s.Model == model.Virtual && stall > 0:
		return T("pinned", len(stalled), dur(stall))
	case ready > makespan/20:
		return T("cores", lanes, s.Cores, dur(ready))
	case s.Model == model.Offload && offLanes > 0 && float64(offload) > 0.5*float64(makespan)*float64(offLanes):
		return T("pool", offLanes)
	case queue > makespan/100:
		switch s.Model {
		case model.Pool:
			return T("threads", lanes, dur(queue))
		case model.Virtual:
			return T("carriers", lanes, dur(queue))
		}
		return T("loops", lanes, dur(queue))
	case cpu > 0 && float64(cpu) > 0.8*float64(makespan)*float64(lanes):
		return T("cpu", lanes)
	}
	return T("wait", dur(time.Duration(r.All.MaxMS*1e6)))
}

func unit(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return time.Second
	case d >= time.Millisecond:
		return time.Millisecond
	}
	return time.Microsecond
}
