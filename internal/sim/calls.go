package sim

import (
	"cmp"
	"slices"

	"github.com/waitlab/waitlab/internal/model"
)

// This file holds the three ways a request waits for its downstream calls:
//   - held: the lane stays with the request through the call (every pool
//     thread; a blocking wait on a loop; a pinned wait on a carrier);
//   - registered: the call is registered and the lane is freed; when it
//     ends, a continuation is queued back (loops, virtual threads);
//   - offloaded: a blocking call on a loop is handed to the offload pool,
//     whose thread holds through it; the continuation goes back to the loop;
//   - fanned out: the pool model's parallel calls go to the fan-out pool,
//     each held by one of its threads, while the request's own thread
//     waits for the last of them (join).

// holdNext starts the next call of slot while lane l holds it. It always
// returns true: the lane stays held.
func (e *engine) holdNext(l, slot int32) bool {
	r := e.rq(slot)
	if e.par[r.class()] && !e.s.SharedLock {
		// All calls at once: the thread waits for the slowest.
		end := after(e.now, e.maxWait(r))
		r.next = int16(e.callsOf(r) - 1)
		e.span(l, model.SpanHold, slot, e.now, end)
		e.h.push(event{at: end, kind: evHold, a: l, r: slot})
		return true
	}
	// One call at a time (the shared lock serialises parallel calls anyway).
	k := int32(r.next)
	if e.s.SharedLock && !e.acquire(waiter{lane: l, slot: slot, k: k}) {
		e.lanes[l].since = e.now
		return true
	}
	e.startHeld(l, slot, k, evHold)
	return true
}

// startHeld runs call k of slot on lane l, which holds through it.
func (e *engine) startHeld(l, slot, k int32, kind uint8) {
	end := after(e.now, e.wait(e.rq(slot), k))
	e.span(l, model.SpanHold, slot, e.now, end)
	e.h.push(event{at: end, kind: kind, a: l, r: slot})
}

func (e *engine) holdDone(l, slot int32) {
	if e.s.SharedLock {
		e.release()
	}
	r := e.rq(slot)
	r.next++
	if int32(r.next) < e.callsOf(r) {
		e.holdNext(l, slot)
		return
	}
	e.finish(slot)
	e.runLane(l)
}

// register starts slot's next call (or all of them, in parallel) without
// holding any lane.
func (e *engine) register(slot int32) {
	r := e.rq(slot)
	n := e.callsOf(r)
	switch {
	case e.par[r.class()] && !e.s.SharedLock:
		r.pending = 1
		e.h.push(event{at: after(e.now, e.maxWait(r)), kind: evAsync, r: slot})
	case e.par[r.class()]:
		r.pending = int16(n)
		for k := int32(0); k < n; k++ {
			if e.acquire(waiter{lane: -1, slot: slot, k: k}) {
				e.h.push(event{at: after(e.now, e.wait(r, k)), kind: evAsync, r: slot})
			}
		}
	default:
		r.pending = 1
		if !e.s.SharedLock || e.acquire(waiter{lane: -1, slot: slot, k: int32(r.next)}) {
			e.h.push(event{at: after(e.now, e.wait(r, int32(r.next))), kind: evAsync, r: slot})
		}
	}
}

func (e *engine) asyncDone(slot int32) {
	if e.s.SharedLock {
		e.release()
	}
	e.callDone(slot)
}

// callDone counts one finished call of slot; when none is out, the
// continuation goes back to the request's queue (its loop, or the
// carriers' run queue).
func (e *engine) callDone(slot int32) {
	r := e.rq(slot)
	r.pending--
	if r.pending > 0 {
		return
	}
	if e.par[r.class()] {
		r.next = int16(e.callsOf(r))
	} else {
		r.next++
	}
	if e.fanPool {
		// The joining thread (its lane is kept as r.loop) goes on.
		l := r.loop()
		e.span(l, model.SpanHold, slot, e.lanes[l].since, e.now)
		e.finish(slot)
		e.runLane(l)
		return
	}
	q := r.loop()
	e.queues[q].push(item{slot: slot, kind: itemCont})
	e.wake(q)
}

// fanOut hands every call of slot to the fan-out pool; pool thread l
// waits, held, until the last of them ends (callDone). The pool model has
// one queue, so r.loop is free to name the joining lane.
func (e *engine) fanOut(l, slot int32) {
	r := e.rq(slot)
	r.setLoop(l)
	e.lanes[l].since = e.now
	r.pending = int16(e.callsOf(r))
	q := &e.queues[e.offQ]
	for k := int32(0); k < e.callsOf(r); k++ {
		q.push(item{slot: slot, k: int16(k), kind: itemCall})
	}
	for k := int32(0); k < e.callsOf(r); k++ {
		e.wake(e.offQ)
	}
}

// offload hands slot's next blocking call (or all of them) to the offload pool.
func (e *engine) offload(slot int32) {
	r := e.rq(slot)
	q := &e.queues[e.offQ]
	if e.par[r.class()] {
		r.pending = int16(e.callsOf(r))
		for k := int32(0); k < e.callsOf(r); k++ {
			q.push(item{slot: slot, k: int16(k), kind: itemCall})
		}
	} else {
		r.pending = 1
		q.push(item{slot: slot, k: r.next, kind: itemCall})
	}
	// One wake per call: a wake starts one idle thread, which holds
	// through the first call it takes.
	for k := r.pending; k > 0; k-- {
		e.wake(e.offQ)
	}
}

// offCall: offload lane l takes call k of slot and holds through it.
func (e *engine) offCall(l, slot, k int32) bool {
	if e.s.SharedLock && !e.acquire(waiter{lane: l, slot: slot, k: k}) {
		e.lanes[l].since = e.now
		return true
	}
	e.startHeld(l, slot, k, evOff)
	return true
}

func (e *engine) offDone(l, slot int32) {
	if e.s.SharedLock {
		e.release()
	}
	e.callDone(slot)
	e.runLane(l)
}

// acquire takes the shared lock for w, or queues w and returns false.
func (e *engine) acquire(w waiter) bool {
	if !e.lock {
		e.lock = true
		return true
	}
	e.lockQ.push(w)
	return false
}

// release passes the shared lock to the next waiter, FIFO, whose call
// starts now.
func (e *engine) release() {
	if e.lockQ.n == 0 {
		e.lock = false
		return
	}
	w := e.lockQ.pop()
	if w.lane < 0 {
		e.h.push(event{at: after(e.now, e.wait(e.rq(w.slot), w.k)), kind: evAsync, r: w.slot})
		return
	}
	e.span(w.lane, model.SpanLock, w.slot, e.lanes[w.lane].since, e.now)
	kind := evHold
	if int(w.lane) >= e.nLoops {
		kind = evOff
	}
	e.startHeld(w.lane, w.slot, w.k, kind)
}

func sortSpans(s []model.Span) {
	slices.SortStableFunc(s, func(a, b model.Span) int {
		if c := cmp.Compare(a.Lane, b.Lane); c != 0 {
			return c
		}
		return cmp.Compare(a.Start, b.Start)
	})
}

func sortRecords(r []model.Record) {
	slices.SortFunc(r, func(a, b model.Record) int { return cmp.Compare(a.ID, b.ID) })
}
