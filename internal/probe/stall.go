package probe

import (
	"math"
	"strings"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/waitlab/waitlab/internal/msg"
)

// Stall is what the light steps' latencies say of a loop that blocking
// calls stall (shape loop-blocked; Result.Stall in --json).
//
// The signature, read from outside: a request that arrives at a loop
// while a blocking call holds it, or whose answer falls due then, waits
// out the rest of the stall, so the held requests' delay past the median
// is spread evenly from 0 to the stall's length; the request that made
// the call takes the whole length. The delays past the median are then
// flat up to an edge (StallMS) with a heap at the edge (the blockers),
// where a queue's waits (a pool near its limit, a lock, the machine's own
// hiccups) thin out as they grow. The heap counted net of the flat part
// is the blockers (StallShare of all requests); the flat part's height
// times the length is the requests held (HeldPerStall per stall); and,
// since a stall holds only its own loop's requests, rate x (stall + the
// part of the service time it can catch) / held is the number of loops.
type Stall struct {
	StallMS    float64 `json:"stall_ms"`
	StallShare float64 `json:"stall_share"`
	// ShareFrom is where the share was read: "ceiling" (loops / (ceiling
	// x stall), the loops saturated), "heap" (the requests at the edge) or
	// "held" (the requests held, over what the reported loops let each
	// stall hold, where the heap disagreed with that by more than half again).
	ShareFrom string `json:"stall_share_from"`
	// HeldPerStall is how many other requests each stall holds up.
	HeldPerStall float64 `json:"held_per_stall"`
	// Loops is the loop count the held requests tell (0: it cannot be
	// told: too few held, or no whole number near it).
	Loops int `json:"loops,omitempty"`
	// LoopsFrom is where Loops came from: "metrics", "thread-names" or
	// "held" (LoopCount.From).
	LoopsFrom string `json:"loops_from,omitempty"`
	// CeilingRPS is where the stalls alone fill the loops:
	// loops / (share x stall), with one loop when Loops is 0.
	CeilingRPS float64 `json:"stall_ceiling_rps"`
	// Blockers is the blocking requests the share makes of Requests in
	// the light steps (From) pooled; Sigma how many standard errors the
	// delays just below the edge stand above those just past it.
	Blockers float64 `json:"blockers"`
	Requests int64   `json:"requests"`
	Sigma    float64 `json:"sigma"`
	RateRPS  float64 `json:"rate_rps"` // the pooled steps' mean rate
	// Before and After are the delays in the tenth of the stall's length
	// just below its edge and just past it: the cliff.
	Before int64   `json:"cliff_before"`
	After  int64   `json:"cliff_after"`
	P50MS  float64 `json:"p50_ms"`
	From   []int   `json:"from_steps"`
}

// Bounds of the stall reading, each with why.
const (
	// stallLight: a step counts as light while its median is within
	// this of the no-load median (plus stallJitter ms): the median
	// request does not queue, and its delays are the stalls'.
	stallLight  = 1.3
	stallJitter = 2.0
	// stallMinMS: a stall shorter than this, or than 3 thresholds, is not
	// told from the machine's scheduling.
	stallMinMS = 10.0
	// stallSigma and stallMinBlockers: the heap must stand this many
	// standard errors above the flat part, with at least this many
	// requests in it.
	stallSigma       = 3.0
	stallMinBlockers = 8.0
	// stallCliff: the delays just below the edge outnumber those just
	// past it this many times (a queue's exponential tail: about 1.2; the
	// target's loop at 1% x 100 ms on a machine at a load of 12: 2.4 and
	// 2.9, chained stalls filling the far side).
	stallCliff = 2.0
)

// readStall reads a stall off the light open steps' latencies (lat, by
// step index; p50 the no-load median, ms; ceiling the measured one, 0
// none; threads the loops the server reports, 0 unknown); nil when the
// delays have no cliff at an edge.
func readStall(steps []Step, lat map[int]*hdrhistogram.Histogram, p50, ceiling float64, threads int) *Stall {
	var h *hdrhistogram.Histogram
	st := &Stall{}
	var rateSum float64
	for _, s := range steps {
		l := lat[s.Index]
		if s.Closed || !s.Met || s.Kind == "confirm" || l == nil || l.TotalCount() == 0 || s.RetakenAs > 0 ||
			s.P50MS > stallLight*p50+stallJitter || s.OKRPS < behindBound*s.OfferedRPS {
			continue
		}
		if h == nil {
			h = hdrhistogram.Import(l.Export())
		} else {
			h.Merge(l)
		}
		st.From = append(st.From, s.Index)
		rateSum += s.OfferedRPS * float64(l.TotalCount())
	}
	if h == nil {
		return nil
	}
	n := h.TotalCount()
	st.Requests, st.RateRPS = n, rateSum/float64(n)
	med := float64(h.ValueAtQuantile(50)) / 1e3
	st.P50MS = round3(med)
	cl, ok := findCliff(h, med, math.Max(5, 0.1*med))
	if !ok {
		return nil
	}
	edge, bw := cl.edge, cl.bw
	st.Before, st.After, st.Sigma = cl.before, cl.after, cl.sigma
	st.StallMS = round3(edge)
	// The held requests' delays: those that arrived during a stall are
	// even over (0, stall); those whose answer fell due during it (their
	// wait, about the median, ending then) are even over (stall - wait,
	// stall), which doubles the density there.
	due := [2]float64{edge - math.Min(med, edge), edge}
	overlap := func(a, b float64) float64 { return math.Max(0, math.Min(b, due[1])-math.Max(a, due[0])) }
	a, c := 0.1*edge, 0.8*edge
	flat := float64(count(h, med+a, med+c)) / (c - a + overlap(a, c)) // per ms of delay
	// The share: where the loops' ceiling was seen, loops / (ceiling x
	// stall) (the stalls fill the loops there), the loops the server
	// reports (a waitlab target's threads), else one; else the heap at
	// the edge net of the held requests' density there, which undercounts
	// the blockers a second stall held past the edge. The held per stall
	// cannot tell the loops once the share comes from the ceiling: both
	// scale as one over the loops.
	held := flat * (edge + math.Min(med, edge))
	loops := float64(max(threads, 1))
	if ceiling > 0 {
		st.ShareFrom = "ceiling"
		st.StallShare = loops / (ceiling * edge / 1e3)
	} else {
		st.ShareFrom = "heap"
		lo := edge - math.Max(0.05*edge, 3*bw)
		top := count(h, med+lo, med+edge+bw)
		st.StallShare = math.Max(float64(top)-flat*(edge-lo+overlap(lo, edge)), 1) / float64(n)
	}
	st.Blockers = st.StallShare * float64(n)
	st.HeldPerStall = round3(held / st.Blockers)
	if want := st.RateRPS * (edge + math.Min(med, edge)) / 1e3 / loops; threads > 0 && ceiling == 0 && want > 0 &&
		(st.HeldPerStall > 1.5*want || st.HeldPerStall < want/1.5) {
		// The server reports its loops, so each stall holds rate ÷ loops
		// x (stall + the wait it can catch): when the heap at the edge
		// says otherwise by more than half again, the blockers' own delays
		// spread past the narrow band it counts (a run's heap of 1 read
		// 697 held per stall for 31), and the held requests, counted
		// over most of the flat part, tell the stalls better.
		st.ShareFrom = "held"
		st.Blockers = held / want
		st.StallShare = st.Blockers / float64(n)
		st.HeldPerStall = round3(want)
	}
	st.Loops = threads
	if threads == 0 && ceiling == 0 && st.HeldPerStall >= 1 {
		// Held per stall = rate / loops x (stall + the wait a stall can
		// catch, at most the stall).
		l := st.RateRPS * (edge + math.Min(med, edge)) / 1e3 / st.HeldPerStall
		if r := math.Round(l); r >= 1 && math.Abs(l-r) <= 0.35*r {
			st.Loops = int(r)
		}
	}
	st.CeilingRPS = math.Round(float64(max(st.Loops, 1)) / (st.StallShare * edge / 1e3))
	st.StallShare = math.Round(st.StallShare*1e5) / 1e5
	st.Blockers = math.Round(st.Blockers*10) / 10
	return st
}

// cliffAt is a stall's edge (ms past the median), the bin width it was
// read at, and the cliff there: the delays in the tenth of the length
// just below it and just past it, and how many standard errors apart.
type cliffAt struct {
	edge, bw      float64
	before, after int64
	sigma         float64
}

// findCliff finds the stall's edge among the delays past the median med
// by more than thr ms (stallEdge), and says whether it is a cliff: the
// delays are dense up to it and sparse past it (only requests two
// stalls in a row held), where a queue's waits thin out smoothly.
//
// An edge that is no stall's (too short, or no cliff) is read past once
// more, twice at most: a busy machine, or a JVM's own pauses, delay
// many requests a few milliseconds, a bump near the threshold denser
// than the stall's flat part, and the edge found first is the bump's.
// Our Netty loop (1% x 100 ms) at a load average of 9-14 read edges of
// 13-18 ms there and no stall; past them, the stall's (TestReadStall).
func findCliff(h *hdrhistogram.Histogram, med, thr float64) (cliffAt, bool) {
	var c cliffAt
	for range 3 {
		over := count(h, med+thr, math.Inf(1))
		if over < 2*stallMinBlockers {
			return c, false
		}
		edge, bw := stallEdge(h, med, thr, over)
		if edge >= stallMinMS && edge >= 3*thr {
			w := 0.1 * edge
			before := count(h, med+edge-w, med+edge)
			after := count(h, med+edge+bw, med+edge+bw+w)
			c = cliffAt{edge: edge, bw: bw, before: before, after: after,
				sigma: round3(float64(before-after) / math.Sqrt(float64(before+after)+1))}
			if before >= 2*stallMinBlockers && float64(before) >= stallCliff*float64(after) && c.sigma >= stallSigma {
				return c, true
			}
		}
		if edge <= thr {
			return c, false
		}
		thr = edge
	}
	return c, false
}

// stallEdge is where the delays past the median (over of them past thr
// ms) end: the last bin, of a width that holds about 10 of them on
// average, whose density (with its neighbours') is at least half the
// highest; and that width. Past it only requests that two stalls in a
// row held remain (a few in ten at a loop stalled 15% of the time), which
// a quantile of the delays would count in.
func stallEdge(h *hdrhistogram.Histogram, med, thr float64, over int64) (edge, bw float64) {
	top := float64(h.ValueAtQuantile(99.9))/1e3 - med
	if top <= thr {
		return 0, 0
	}
	nb := int(min(max(float64(over)/10, 10), 200))
	bw = math.Max((top-thr)/float64(nb), 1)
	nb = int(math.Ceil((top - thr) / bw))
	c := make([]float64, nb)
	for _, b := range h.Distribution() {
		x := float64(b.From+b.To)/2/1e3 - med - thr
		if x > 0 && x < bw*float64(nb) {
			c[int(x/bw)] += float64(b.Count)
		}
	}
	sm := make([]float64, nb)
	peak := 0.0
	for i := range c {
		k := 0.0
		for j := max(i-1, 0); j <= min(i+1, nb-1); j++ {
			sm[i] += c[j]
			k++
		}
		sm[i] /= k
		peak = max(peak, sm[i])
	}
	last := -1
	for i := range sm {
		if sm[i] >= peak/2 {
			last = i
		}
	}
	return thr + bw*float64(last+1), bw
}

// count is how many of h's values (µs) lie in (lo, hi] ms.
func count(h *hdrhistogram.Histogram, lo, hi float64) int64 {
	var n int64
	for _, b := range h.Distribution() {
		v := float64(b.From+b.To) / 2 / 1e3
		if v > lo && v <= hi {
			n += b.Count
		}
	}
	return n
}

// loopVerdict is a loop-blocked verdict's sentence: "one request in 100
// holds the loop 100 ms; every request that arrives meanwhile waits".
func loopVerdict(lang msg.Lang, res *Result, conf string) string {
	s := res.Stall
	one := "-"
	if s.StallShare > 0 {
		one = num0(1 / s.StallShare)
	}
	loops := msg.T(lang, "probe.loop.loops_unknown")
	if s.Loops > 0 {
		one := "" // "1 loop", not "1 loops"
		if s.Loops == 1 {
			one = "1"
		}
		loops = msg.T(lang, "probe.loop.loops"+one, s.Loops)
		if s.LoopsFrom != "" {
			loops = msg.T(lang, "probe.loop.loops_from"+one, s.Loops, loopSource(lang, res.Loops, s.LoopsFrom))
		}
	}
	key := "probe.verdict.loop_blocked"
	if res.CapacityAtLeast {
		key = "probe.verdict.loop_blocked_atleast"
	}
	return msg.T(lang, key, one, num0(s.StallMS), conf, num1(s.HeldPerStall), loops, num0(s.CeilingRPS), num0(res.CapacityRPS))
}

// stallEvidence is the evidence sentence of a stall.
func stallEvidence(lang msg.Lang, s *Stall) Note {
	return note(lang, "probe.ev.stall", stepsText(lang, "probe.fit.at_one", "probe.fit.at_many", s.From), num0(s.RateRPS), num1(s.P50MS),
		num0(s.StallMS), s.Before, s.After, s.Requests, num1(s.Sigma), num1(s.HeldPerStall))
}

// loopBlocked turns v into a loop-blocked verdict on stall s: the shape
// the steps' saturation suggested (a pool, most often: a stalled loop's
// in-flight work plateaus too) is the runner-up, and the ceiling stays
// the measured one when a step was saturated.
func loopBlocked(v *Verdict, s *Stall, lang msg.Lang) {
	prev := v.Shape
	v.Shape, v.Limit, v.RunnerUp = LoopBlocked, nil, ""
	switch prev {
	case Pool, Serialized, CPU, ConnCap:
		v.RunnerUp = prev
	case Undecided:
		v.RunnerUp = Pool // what the undecided reading weighed
	}
	v.Confidence = 0.7
	if s.Sigma >= 2*stallSigma {
		v.Confidence += 0.1
	}
	if s.Loops > 0 {
		v.Confidence += 0.1
	}
	ev := []Note{stallEvidence(lang, s)}
	if s.Loops > 0 {
		if s.Loops == 1 {
			ev = append(ev, note(lang, "probe.ev.stall_loops1", num0(s.RateRPS), num0(s.StallMS), num1(s.HeldPerStall)))
		} else {
			ev = append(ev, note(lang, "probe.ev.stall_loops", num0(s.RateRPS), num0(s.StallMS), num1(s.HeldPerStall), s.Loops))
		}
	}
	ev = append(ev, note(lang, "probe.ev.stall_ceiling", max(s.Loops, 1), pct1(s.StallShare), num0(s.StallMS), num0(s.CeilingRPS)))
	// What the pool's reading said of a limit is not this server's: a
	// stalled loop's in-flight work plateaus too.
	for _, e := range v.Evidence {
		switch e.Key {
		case "probe.ev.pool", "probe.ev.pool_threads", "probe.ev.little", "probe.ev.serial", "probe.ev.serial_threads", "probe.ev.serial_cap":
		default:
			if strings.HasPrefix(e.Key, "probe.undecided.") {
				continue // what a pool lacked: the stall decided it
			}
			ev = append(ev, e)
		}
	}
	v.Evidence = ev
}

// loopSource says where a loop count came from, in lang.
func loopSource(lang msg.Lang, l *LoopCount, from string) string {
	if from == "thread-names" && l != nil {
		return msg.T(lang, "probe.loop.from.thread-names", l.Name)
	}
	return msg.T(lang, "probe.loop.from."+from)
}
