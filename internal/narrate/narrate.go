// Package narrate tells a timeline (model.Trace) as a few plain sentences,
// in Korean or English: one line per moment that something changes
// ("0.0 s: 12 requests arrive; 4 threads take one each; 8 wait in the
// queue."), in the words of the server model (threads, loops, carriers,
// the offload pool). Repeated moments are merged and long runs are grouped
// into windows, so a run reads in at most MaxLines lines plus a closing
// summary. It works the same for simulated and real traces.
package narrate

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// MaxLines caps the lines that tell moments; the summary lines come on top.
const MaxLines = 12

// moment is everything that changes at one instant.
type moment struct {
	at                  time.Duration
	arrive, start, done int
	doneHeld, donePlain int   // of done: requests whose waits held a thread; requests with no wait
	blocked             []int // loops (or carriers) whose blocking wait starts now
	blockFor            time.Duration
	offload             int // calls handed to offload threads now
	qBefore, qAfter     int // queue before and after
	offQueue            int // calls waiting for an offload thread after
}

// offSpan is a call an offload thread holds, from start.
type offSpan struct {
	req   int64
	start time.Duration
}

// sig is what makes two moments "the same thing again".
func (m *moment) sig() string {
	return fmt.Sprint(m.arrive, m.start, m.done, m.doneHeld, m.donePlain, len(m.blocked), m.blockFor, m.offload, m.qBefore > 0, m.qAfter > 0, m.offQueue > 0)
}

// teller holds what the sentences need about the run.
type teller struct {
	lang     msg.Lang
	model    model.Kind
	lanes    int // lanes of the main kind (threads, loops, carriers)
	noun     string
	hasWait  bool
	nonBlock bool // some class waits without holding its thread
	unit     time.Duration
	held     []bool // per class: its waits hold the thread (pool, or blocking off the offload model)
	plain    []bool // per class: no waits at all
}

// Lines tells r's trace as sentences; nil when r has no trace.
func Lines(r *model.Result, lang msg.Lang) []string {
	tl := Timed(r, lang)
	if tl == nil {
		return nil
	}
	out := make([]string, len(tl))
	for i, l := range tl {
		out[i] = l.Text
	}
	return out
}

// Line is one sentence of a narration with the stretch of the run it
// tells: from Start (the first moment it tells) to End (the next line's
// Start, or its own last moment for the last one), so a page can light the
// line of the moment under a cursor. Summary lines tell the whole run
// (Start 0, End the last completion) and say so.
type Line struct {
	Text    string
	Start   time.Duration
	End     time.Duration
	Summary bool
}

type lineJSON struct {
	Text    string  `json:"text"`
	StartMS float64 `json:"start_ms"`
	EndMS   float64 `json:"end_ms"`
	Summary bool    `json:"summary,omitempty"`
}

// MarshalJSON gives {"text", "start_ms", "end_ms", "summary"}, times in
// milliseconds like the trace's JSON.
func (l Line) MarshalJSON() ([]byte, error) {
	return json.Marshal(lineJSON{l.Text, float64(l.Start) / 1e6, float64(l.End) / 1e6, l.Summary})
}

// Timed tells r's trace as Lines gives it, each line with its time span;
// nil when r has no trace.
func Timed(r *model.Result, lang msg.Lang) []Line {
	if r == nil || r.Trace == nil || len(r.Trace.Records) == 0 {
		return nil
	}
	t := newTeller(r, lang)
	ms := t.moments(r.Trace)
	groups := group(ms)
	var out []Line
	if story, ok := t.fanoutStory(r.Trace, groups); ok {
		out = story
	} else if len(groups) > MaxLines {
		out = t.windows(groups)
	} else {
		for _, g := range groups {
			out = append(out, Line{Text: t.line(g), Start: g[0].at, End: g[len(g)-1].at})
		}
	}
	for i := 0; i+1 < len(out); i++ {
		out[i].End = out[i+1].Start
	}
	end := ms[len(ms)-1].at
	for _, s := range t.summary(r) {
		out = append(out, Line{Text: s, End: end, Summary: true})
	}
	return out
}

func newTeller(r *model.Result, lang msg.Lang) *teller {
	s := r.Scenario
	t := &teller{lang: lang, model: s.Model}
	kind := model.LaneThread
	for _, k := range r.Trace.Lanes {
		if k != model.LaneOffload && k != model.LaneWorker {
			kind = k
			t.lanes++
		}
	}
	t.noun = string(kind)
	for _, c := range s.Classes {
		t.held = append(t.held, s.Model == model.Pool || c.Blocking && s.Model != model.Offload)
		t.plain = append(t.plain, c.CallCount() == 0)
		if c.CallCount() > 0 {
			t.hasWait = true
			if !c.Blocking && s.Model != model.Pool {
				t.nonBlock = true
			}
		}
	}
	var end time.Duration
	for _, rec := range r.Trace.Records {
		end = max(end, rec.End)
	}
	t.unit = UnitFor(end)
	return t
}

func (t *teller) moments(tr *model.Trace) []*moment {
	byAt := map[time.Duration]*moment{}
	get := func(at time.Duration) *moment {
		m := byAt[at]
		if m == nil {
			m = &moment{at: at}
			byAt[at] = m
		}
		return m
	}
	for _, rec := range tr.Records {
		get(rec.Arrival).arrive++
		get(rec.Start).start++
		m := get(rec.End)
		m.done++
		if rec.Class >= 0 && rec.Class < len(t.held) {
			switch {
			case t.plain[rec.Class]:
				m.donePlain++
			case t.held[rec.Class]:
				m.doneHeld++
			}
		}
	}
	var offs []offSpan
	for _, sp := range tr.Spans {
		if sp.Kind != model.SpanHold || int(sp.Lane) >= len(tr.Lanes) {
			continue
		}
		switch tr.Lanes[sp.Lane] {
		case model.LaneLoop, model.LaneCarrier:
			m := get(sp.Start)
			m.blocked = append(m.blocked, int(sp.Lane))
			m.blockFor = max(m.blockFor, sp.End-sp.Start)
		case model.LaneOffload, model.LaneWorker:
			get(sp.Start).offload++
			offs = append(offs, offSpan{req: sp.Req, start: sp.Start})
		}
	}
	ms := make([]*moment, 0, len(byAt))
	for _, m := range byAt {
		slices.Sort(m.blocked)
		m.blocked = slices.Compact(m.blocked)
		ms = append(ms, m)
	}
	slices.SortFunc(ms, func(a, b *moment) int { return cmp.Compare(a.at, b.at) })
	q := 0
	for _, m := range ms {
		m.qBefore = q
		q += m.arrive - m.start
		m.qAfter = q
	}
	t.offloadQueue(tr, offs, ms)
	return ms
}

// offloadQueue sets each moment's count of calls that wait for an offload
// thread: a blocking call is handed over when its request's CPU work on the
// loop ends, and waits until an offload thread takes it (the start of its
// span on an offload lane). The count is sampled after each moment.
func (t *teller) offloadQueue(tr *model.Trace, offs []offSpan, ms []*moment) {
	if len(offs) == 0 {
		return
	}
	// cpuEnds[req] are the ends of the request's CPU spans on loops.
	cpuEnds := map[int64][]time.Duration{}
	need := map[int64]bool{}
	for _, o := range offs {
		need[o.req] = true
	}
	for _, sp := range tr.Spans {
		if sp.Kind == model.SpanCPU && need[sp.Req] && int(sp.Lane) < len(tr.Lanes) && (tr.Lanes[sp.Lane] == model.LaneLoop || tr.Lanes[sp.Lane] == model.LaneThread) {
			cpuEnds[sp.Req] = append(cpuEnds[sp.Req], sp.End)
		}
	}
	if t.model == model.Pool {
		// A fan-out without CPU work is handed over as its thread takes
		// the request.
		for _, rec := range tr.Records {
			if need[rec.ID] && len(cpuEnds[rec.ID]) == 0 {
				cpuEnds[rec.ID] = []time.Duration{rec.Start}
			}
		}
	}
	type step struct {
		at time.Duration
		d  int
	}
	var steps []step
	for _, o := range offs {
		// The hand-over is the latest CPU end on the loop at or before
		// the offload thread takes the call.
		handed, found := time.Duration(0), false
		for _, e := range cpuEnds[o.req] {
			if e <= o.start && (!found || e > handed) {
				handed, found = e, true
			}
		}
		if !found || handed >= o.start {
			continue // taken at once: it never waited
		}
		steps = append(steps, step{handed, +1}, step{o.start, -1})
	}
	slices.SortFunc(steps, func(a, b step) int { return cmp.Compare(a.at, b.at) })
	n, k := 0, 0
	for _, m := range ms {
		for k < len(steps) && steps[k].at <= m.at {
			n += steps[k].d
			k++
		}
		m.offQueue = n
	}
}

// group merges consecutive moments that repeat the same pattern.
func group(ms []*moment) [][]*moment {
	var gs [][]*moment
	for _, m := range ms {
		if n := len(gs); n > 0 {
			g := gs[n-1]
			last := g[len(g)-1]
			evenly := len(g) < 2 || m.at-last.at == last.at-g[len(g)-2].at
			if last.sig() == m.sig() && evenly {
				gs[n-1] = append(g, m)
				continue
			}
		}
		gs = append(gs, []*moment{m})
	}
	// A pair is clearer as two lines than as "every".
	var out [][]*moment
	for _, g := range gs {
		if len(g) == 2 {
			out = append(out, g[:1], g[1:])
			continue
		}
		out = append(out, g)
	}
	return out
}

func (t *teller) T(key string, args ...any) string { return msg.T(t.lang, key, args...) }

func (t *teller) nouns(kind string, n int) string {
	if n == 1 {
		return t.T("narr.noun1." + kind)
	}
	return t.T("narr.noun." + kind)
}

// line tells one group of moments.
func (t *teller) line(g []*moment) string {
	m := g[0]
	prefix := t.T("narr.at", t.fmt(m.at))
	if len(g) > 1 {
		prefix = t.T("narr.every", t.fmt(m.at), t.fmt(g[len(g)-1].at), t.fmtIn(g[1].at-m.at))
	}
	var cl []string
	if m.done > 0 {
		cl = append(cl, t.finish(m))
	}
	if m.arrive == 1 {
		cl = append(cl, t.T("narr.arrive1"))
	} else if m.arrive > 1 {
		cl = append(cl, t.T("narr.arrive", m.arrive))
	}
	queueTold := false
	if m.start > 0 {
		switch {
		case m.qBefore > 0 && m.done > 0 && m.qAfter > 0 && len(g) == 1:
			cl = append(cl, t.T("narr.take.freed.still", t.nouns(t.noun, 2), m.qAfter))
			queueTold = true
		case m.qBefore > 0 && m.done > 0 && m.qAfter == 0 && len(g) == 1:
			cl = append(cl, t.T("narr.take.freed.empty", t.nouns(t.noun, 2)))
			queueTold = true
		case m.qBefore > 0 && m.done > 0:
			// Merged moments: the queue differs at each, so its
			// trend is told below rather than the first one's count.
			cl = append(cl, t.T("narr.take.freed", t.nouns(t.noun, 2)))
		case m.start > t.lanes && t.lanes == 1:
			cl = append(cl, t.T("narr.take.turns1", t.nouns(t.noun, 1)))
		case m.start > t.lanes:
			cl = append(cl, t.T("narr.take.turns", t.lanes, t.nouns(t.noun, t.lanes)))
		case m.start == 1 && m.arrive <= 1:
			cl = append(cl, t.T("narr.take.one", t.nouns(t.noun, 1)))
		case m.qAfter > 0 && len(g) == 1:
			cl = append(cl, t.T("narr.take.each.queue", m.start, t.nouns(t.noun, m.start), m.qAfter))
			queueTold = true
		default:
			cl = append(cl, t.T("narr.take.each", m.start, t.nouns(t.noun, m.start)))
		}
		if t.nonBlock && t.hasWait && len(m.blocked) == 0 && m.offload == 0 && m.done == 0 {
			switch t.model {
			case model.Loop, model.Offload:
				cl = append(cl, t.T("narr.register.loop"))
			case model.Virtual:
				cl = append(cl, t.T("narr.register.virtual"))
			}
		}
	}
	if len(m.blocked) > 0 {
		key := "narr.block.loop"
		if t.model == model.Virtual {
			key = "narr.block.pinned"
		}
		cl = append(cl, t.T(key, t.laneList(m.blocked), t.fmtIn(m.blockFor)))
	}
	if m.offload > 0 {
		cl = append(cl, t.T(t.offKey("narr.offload"), m.offload))
	}
	if last := g[len(g)-1]; m.offQueue > 0 || last.offQueue > 0 {
		cl = append(cl, t.T(t.offKey("narr.offload.queue"), max(m.offQueue, last.offQueue)))
	}
	if !queueTold {
		last := g[len(g)-1]
		switch {
		case len(g) > 1 && last.qAfter < m.qAfter:
			cl = append(cl, t.T("narr.queue.down", m.qAfter, last.qAfter))
		case len(g) > 1 && (m.qAfter > 0 || last.qAfter > 0):
			cl = append(cl, t.T("narr.queue.trend", m.qAfter, last.qAfter))
		case len(g) == 1 && m.qAfter > 0 && m.arrive > 0:
			cl = append(cl, t.T("narr.queue", m.qAfter))
		}
	}
	return prefix + t.join(cl)
}

func (t *teller) finish(m *moment) string {
	key := "narr.finish.loop"
	switch {
	case !t.hasWait || m.donePlain == m.done:
		key = "narr.finish"
	case t.model == model.Pool:
		key = "narr.finish.wait"
	case m.doneHeld+m.donePlain == m.done:
		key = "narr.finish.block"
	case t.model == model.Virtual:
		key = "narr.finish.virtual"
	}
	if m.done == 1 {
		return t.T(key + "1")
	}
	return t.T(key, m.done)
}

// windows tells many moments as at most MaxLines lines: the first and the
// last group as they are, and the time between as equal windows (empty
// windows are left out).
func (t *teller) windows(gs [][]*moment) []Line {
	first, last := gs[0], gs[len(gs)-1]
	out := []Line{{Text: t.line(first), Start: first[0].at, End: first[len(first)-1].at}}
	var flat []*moment
	for _, g := range gs[1 : len(gs)-1] {
		flat = append(flat, g...)
	}
	n := MaxLines - 2
	from, to := flat[0].at, flat[len(flat)-1].at
	width := (to-from)/time.Duration(n) + 1
	for lo := 0; lo < len(flat); {
		w := (flat[lo].at - from) / width
		hi := lo
		for hi < len(flat) && (flat[hi].at-from)/width == w {
			hi++
		}
		out = append(out, Line{Text: t.window(flat[lo:hi]), Start: flat[lo].at, End: flat[hi-1].at})
		lo = hi
	}
	return append(out, Line{Text: t.line(last), Start: last[0].at, End: last[len(last)-1].at})
}

func (t *teller) window(part []*moment) string {
	var a, s, d, q, blk, off, oq int
	for _, m := range part {
		a += m.arrive
		s += m.start
		d += m.done
		q = max(q, m.qAfter)
		oq = max(oq, m.offQueue)
		blk += len(m.blocked)
		off += m.offload
	}
	var cl []string
	add := func(key string, n int) {
		switch {
		case n == 1 && msg.Has(key+"1"):
			cl = append(cl, t.T(key+"1"))
		case n > 0:
			cl = append(cl, t.T(key, n))
		}
	}
	add("narr.w.arrive", a)
	add("narr.w.start", s)
	add("narr.w.done", d)
	if t.model == model.Virtual {
		add("narr.w.pinned", blk)
	} else {
		add("narr.w.block", blk)
	}
	add(t.offKey("narr.w.offload"), off)
	add("narr.w.queue", q)
	add(t.offKey("narr.w.offqueue"), oq)
	prefix := t.T("narr.range", t.fmt(part[0].at), t.fmt(part[len(part)-1].at))
	if from, to := t.fmt(part[0].at), t.fmt(part[len(part)-1].at); from == to {
		// "101.4 ms to 101.4 ms" says one instant twice.
		prefix = t.T("narr.at", from)
	}
	return prefix + t.join([]string{strings.Join(cl, ", ")})
}

func (t *teller) summary(r *model.Result) []string {
	peak := BusyPeak(r.Trace)
	noun := t.nouns(t.noun, peak)
	if t.model == model.Offload {
		noun = t.T("narr.noun.thread")
	}
	// One unit for the whole sentence: the makespan's, unless the
	// percentiles would read 0.0 in it.
	unit := lineUnit(time.Duration(r.MakespanMS*1e6), time.Duration(r.All.P50MS*1e6), time.Duration(r.All.P99MS*1e6))
	ms := func(v float64) string { return Duration(t.lang, time.Duration(v*1e6), unit) }
	key := "narr.done"
	if peak == 0 {
		// No lane ever held anything: no CPU work, no held wait.
		key, noun = "narr.done.idle", t.nouns(t.noun, 2)
	}
	out := []string{t.join([]string{t.T(key, r.Completed, ms(r.MakespanMS), ms(r.All.P50MS), ms(r.All.P99MS), peak, noun)})}
	var parts []string
	for _, l := range r.Loops {
		if l.Blocking > 0 {
			parts = append(parts, t.T("narr.loopcount", l.Loop+1, l.Blocking))
		}
	}
	if len(parts) > 0 {
		out = append(out, t.join([]string{t.T("narr.done.loops", strings.Join(parts, t.T("narr.and")))}))
	}
	return out
}

// BusyPeak is the most lanes busy at one instant as a timeline draws
// them (the results table of sim and the web lab say the same): a span of CPU work, a held wait or the lock, of some length (a
// loop that registers a wait at once is not busy). The web lab's row and
// picture count the same, so the narration beside them never says "2
// loops busy" over two idle lanes.
func BusyPeak(tr *model.Trace) int {
	type step struct {
		at time.Duration
		d  int
	}
	var ev []step
	for _, sp := range tr.Spans {
		if sp.Kind != model.SpanReady && sp.End > sp.Start {
			ev = append(ev, step{sp.Start, +1}, step{sp.End, -1})
		}
	}
	slices.SortFunc(ev, func(a, b step) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.d, b.d)) })
	n, peak := 0, 0
	for _, e := range ev {
		n += e.d
		peak = max(peak, n)
	}
	return min(peak, len(tr.Lanes))
}

// join makes clauses a sentence: "a; b; c." in English, "A. B. C." in Korean.
func (t *teller) join(cl []string) string {
	if len(cl) == 0 {
		return ""
	}
	if t.lang == msg.KO {
		return strings.Join(cl, ". ") + "."
	}
	return strings.Join(cl, "; ") + "."
}

func (t *teller) laneList(ls []int) string {
	noun := t.noun
	var names []string
	for i, l := range ls {
		if i == 3 && len(ls) > 4 {
			names = append(names, fmt.Sprintf("… (%d)", len(ls)))
			break
		}
		names = append(names, t.T("narr.noun1."+noun)+" "+fmt.Sprint(l+1))
	}
	if n := len(names); n >= 2 && !strings.HasPrefix(names[n-1], "…") {
		// "loop 1 and loop 2", "루프 1과 루프 2" (the particle fits the
		// number: the marker is resolved in the sentence).
		return strings.Join(names[:n-1], t.T("narr.and")) + t.T("narr.and.last") + names[n-1]
	}
	return strings.Join(names, t.T("narr.and"))
}

// UnitFor picks the unit that reads best for a run that lasts end: the
// one choice of a time unit for text and chart labels (Duration formats in it).
func UnitFor(end time.Duration) time.Duration {
	switch {
	case end >= time.Second:
		return time.Second
	case end >= time.Millisecond:
		return time.Millisecond
	}
	return time.Microsecond
}

// fmt formats an instant in the run's unit: "2.0 s", "12.4 ms".
func (t *teller) fmt(d time.Duration) string { return Duration(t.lang, d, t.unit) }

// fmtIn formats a length inside a line in the run's unit, so a line reads
// in one unit; only a length that would print as 0.0 in it (a 200 us CPU
// slice in a run of seconds) takes its own.
func (t *teller) fmtIn(d time.Duration) string { return Duration(t.lang, d, lineUnit(t.unit, d)) }

// lineUnit picks one unit for lengths told together: the unit of the
// largest, stepped down while a non-zero length would print as 0.0.
func lineUnit(ds ...time.Duration) time.Duration {
	var big time.Duration
	for _, d := range ds {
		big = max(big, d)
	}
	u := UnitFor(big)
	for u > time.Microsecond {
		small := false
		for _, d := range ds {
			if d > 0 && d*20 < u { // prints as 0.0
				small = true
			}
		}
		if !small {
			break
		}
		u /= 1000
	}
	return u
}

// Duration formats d in unit (time.Second, time.Millisecond or
// time.Microsecond) with one decimal: "2.0 s" / "2.0초".
func Duration(lang msg.Lang, d time.Duration, unit time.Duration) string {
	v := float64(d) / float64(unit)
	num := fmt.Sprintf("%.1f", v)
	switch unit {
	case time.Second:
		if lang == msg.KO {
			return num + "초"
		}
		return num + " s"
	case time.Millisecond:
		return num + " ms"
	}
	return num + " us"
}

// offKey turns an offload pool's message key into the fan-out pool's in
// the pool model (its second pool runs parallel calls, not blocking ones).
func (t *teller) offKey(key string) string {
	if t.model != model.Pool {
		return key
	}
	switch key {
	case "narr.offload":
		return "narr.fanout"
	case "narr.offload.queue":
		return "narr.fanout.queue"
	case "narr.w.offload":
		return "narr.w.fanout"
	case "narr.w.offqueue":
		return "narr.w.fanoutqueue"
	}
	return key
}
