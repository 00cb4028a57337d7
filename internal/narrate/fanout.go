package narrate

import (
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// fanoutStory tells a pool-model run whose calls go to a fan-out pool in
// three lines: the first moment, the stretch in between as one line (the
// fan-out threads make the calls, how busy they are, and the requests
// finishing as their last calls return), and the last moment. Told moment
// by moment, that stretch was a dozen windows of the same counts, none
// saying where the run spends its time. ok is false for any other run.
func (t *teller) fanoutStory(tr *model.Trace, gs [][]*moment) (out []Line, ok bool) {
	k := 0
	for _, l := range tr.Lanes {
		if l == model.LaneWorker {
			k++
		}
	}
	if t.model != model.Pool || k == 0 || len(gs) < 3 {
		return nil, false
	}
	first, last := gs[0], gs[len(gs)-1]
	var mid []*moment
	for _, g := range gs[1 : len(gs)-1] {
		mid = append(mid, g...)
	}
	out = append(out, Line{Text: t.line(first), Start: first[0].at, End: first[len(first)-1].at})
	out = append(out, Line{Text: t.fanoutMiddle(tr, k, mid), Start: mid[0].at, End: mid[len(mid)-1].at})
	return append(out, Line{Text: t.line(last), Start: last[0].at, End: last[len(last)-1].at}), true
}

// fanoutMiddle is the one line for the moments of mid: the calls the k
// fan-out threads made in that stretch and their busy share of it, the
// requests that arrived, finished and started, and the queue.
func (t *teller) fanoutMiddle(tr *model.Trace, k int, mid []*moment) string {
	from, to := mid[0].at, mid[len(mid)-1].at
	calls := 0
	var busy time.Duration
	for _, sp := range tr.Spans {
		if sp.Kind != model.SpanHold || int(sp.Lane) >= len(tr.Lanes) || tr.Lanes[sp.Lane] != model.LaneWorker {
			continue
		}
		if sp.Start >= from && sp.Start <= to {
			calls++
		}
		if lo, hi := max(sp.Start, from), min(sp.End, to); hi > lo {
			busy += hi - lo
		}
	}
	var cl []string
	arrived, done, queue := 0, 0, 0
	var firstDone, lastDone, emptied time.Duration
	for _, m := range mid {
		arrived += m.arrive
		if m.done > 0 {
			if done == 0 {
				firstDone = m.at
			}
			lastDone = m.at
			done += m.done
		}
		queue = max(queue, m.qBefore, m.qAfter)
		if m.qBefore > 0 && m.qAfter == 0 {
			emptied = m.at
		}
	}
	if mid[len(mid)-1].qAfter > 0 {
		emptied = 0 // it filled again
	}
	if arrived > 0 {
		cl = append(cl, t.T("narr.w.arrive", arrived))
	}
	share := 0
	if to > from {
		share = int(100*float64(busy)/float64(time.Duration(k)*(to-from)) + 0.5)
	}
	switch {
	case calls > 0 && share >= 95:
		cl = append(cl, t.T("narr.fanout.busy", k, calls))
	case calls > 0:
		cl = append(cl, t.T("narr.fanout.part", k, calls, share))
	}
	switch {
	case done == 1:
		cl = append(cl, t.T("narr.fanout.done1"))
	case done > 2:
		cl = append(cl, t.T("narr.fanout.done.every", done, t.fmtIn((lastDone-firstDone)/time.Duration(done-1))))
	case done > 1:
		cl = append(cl, t.T("narr.fanout.done", done))
	}
	switch {
	case emptied > 0:
		cl = append(cl, t.T("narr.fanout.queue.empty", t.nouns(t.noun, 2), t.fmt(emptied)))
	case queue > 0:
		cl = append(cl, t.T("narr.w.queue", queue))
	}
	return t.T("narr.range", t.fmt(from), t.fmt(to)) + t.join(cl)
}
