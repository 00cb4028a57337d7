package web

import (
	"sort"
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
	dur := func(d time.Duration) string { return Clock(lang, d) }
	T := func(kind string, args ...any) *Limit {
		return &Limit{Kind: kind, Text: msg.T(lang, "web.limit."+kind, args...)}
	}
	var lock, ready, stall, offload, cpu time.Duration
	// stalled is each loop's or carrier's time held by blocking calls.
	stalled := map[int32]time.Duration{}
	offLanes, fanLanes := 0, 0
	var fanBusy time.Duration
	if tr := r.Trace; tr != nil {
		for _, k := range tr.Lanes {
			switch k {
			case model.LaneOffload:
				offLanes++
			case model.LaneWorker:
				fanLanes++
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
						stalled[sp.Lane] += d
					case model.LaneOffload:
						offload += d
					case model.LaneWorker:
						fanBusy += d
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
		return &Limit{Kind: "blocking", Text: msg.T(lang, "web.limit.blocking", who(lang, "loop", stalled), dur(callMean(r.Trace, stalled)), stallEach(lang, stalled, dur))}
	case s.Model == model.Virtual && stall > 0:
		return &Limit{Kind: "pinned", Text: msg.T(lang, "web.limit.pinned", who(lang, "carrier", stalled), dur(callMean(r.Trace, stalled)), stallEach(lang, stalled, dur))}
	case ready > makespan/20:
		return T("cores", lanes, s.Cores, dur(ready))
	case s.Model == model.Offload && offLanes > 0 && float64(offload) > 0.5*float64(makespan)*float64(offLanes):
		return T("pool", offLanes)
	case fanLanes > 0 && float64(fanBusy) > 0.5*float64(makespan)*float64(fanLanes):
		// The fan-out pool's lanes did the work; the request threads
		// only waited, held, for them.
		return T("fanout", fanLanes, dur(fanBusy))
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

// who names the stalled lanes as the subject of a sentence: "loops 1 and 2
// each block" / "루프 1과 루프 2가 각각", "loop 1 blocks", "3 loops each
// block" (noun: loop or carrier).
func who(lang msg.Lang, noun string, stalled map[int32]time.Duration) string {
	lanes := make([]int, 0, len(stalled))
	for l := range stalled {
		lanes = append(lanes, int(l))
	}
	sort.Ints(lanes)
	switch len(lanes) {
	case 1:
		return msg.T(lang, "web.limit.who."+noun+".one", ordinal(lanes[0]))
	case 2:
		return msg.T(lang, "web.limit.who."+noun+".two", ordinal(lanes[0]), ordinal(lanes[1]))
	}
	return msg.T(lang, "web.limit.who."+noun+".many", len(lanes))
}

// ordinal is a lane's number as the timeline labels it (from 1, among the
// lanes of its kind: loops come first in the trace).
func ordinal(lane int) int { return lane + 1 }

// stallEach says how long each stalled lane stood still: "12.0 s each"
// when all stood still as long, "up to 12.0 s each" when not; one lane,
// just the time.
func stallEach(lang msg.Lang, stalled map[int32]time.Duration, dur func(time.Duration) string) string {
	var lo, hi time.Duration
	first := true
	for _, d := range stalled {
		if first || d < lo {
			lo = d
		}
		if first || d > hi {
			hi = d
		}
		first = false
	}
	switch {
	case len(stalled) == 1:
		return msg.T(lang, "web.limit.stall.one", dur(hi))
	case hi-lo < time.Millisecond:
		return msg.T(lang, "web.limit.stall.each", dur(hi))
	}
	return msg.T(lang, "web.limit.stall.upto", dur(hi))
}

// callMean is the mean blocking call on the stalled lanes (one hold span
// is one call).
func callMean(tr *model.Trace, stalled map[int32]time.Duration) time.Duration {
	if tr == nil {
		return 0
	}
	var sum time.Duration
	n := 0
	for _, sp := range tr.Spans {
		if _, ok := stalled[sp.Lane]; ok && sp.Kind == model.SpanHold {
			sum += sp.End - sp.Start
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / time.Duration(n)
}

// Clock is a duration as the page writes it: one decimal in the unit that
// reads best under a minute ("200.0 ms", "12.0 s" / "12.0초"), minutes and
// seconds above ("12 min 30 s" / "12분 30초"), hours and minutes above an
// hour, and "0 s" / "0초" for nothing at all (not "0.0 us", not a bare "0").
func Clock(lang msg.Lang, d time.Duration) string {
	switch {
	case d == 0:
		return msg.T(lang, "web.dur.s", "0")
	case d < 0:
		return "-" + Clock(lang, -d)
	case d < time.Minute:
		return narrate.Duration(lang, d, unit(d))
	case d < time.Hour:
		d = d.Round(time.Second)
		m, sec := int(d/time.Minute), int(d%time.Minute/time.Second)
		if sec == 0 {
			return msg.T(lang, "web.dur.m", m)
		}
		return msg.T(lang, "web.dur.ms", m, sec)
	}
	d = d.Round(time.Minute)
	h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
	if m == 0 {
		return msg.T(lang, "web.dur.h", h)
	}
	return msg.T(lang, "web.dur.hm", h, m)
}
