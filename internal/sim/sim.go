// Package sim is waitlab's model: a deterministic discrete-event simulation
// of a scenario on one of the server models (pool, loop, offload, virtual).
//
// Time is virtual: an event heap ordered by (time, sequence number) drives
// everything, and nothing reads the wall clock, so the same scenario and
// seed give the same result, byte for byte. Requests come from
// model.Planner, the same draws the real executors use. The simulator emits
// numbers and a timeline (model.Result, model.Trace) and no sentences; the
// narrate and report packages turn those into text.
//
// Semantics, per model (SPEC.md, "The concurrency models"):
//   - a request is a CPU segment, then its downstream calls (sequential or
//     parallel), then done; every CPU segment needs its lane and one of the
//     machine's cores (a FIFO queue of runnable lanes when all are busy);
//   - pool: one FIFO queue; a thread holds its request through CPU and
//     every wait;
//   - loop: a FIFO run queue per loop (or one shared queue); a non-blocking
//     wait is registered and frees the loop, and its continuation is queued
//     back on the same loop, so the request ends only when that loop runs
//     it; a blocking wait holds the loop and everything queued on it;
//   - offload: a loop, but blocking calls go FIFO to a pool of offload
//     threads that hold through the call, and the continuation is posted
//     back to the loop;
//   - virtual: every request gets a virtual thread at once; it needs one of
//     the carriers only for CPU and for the continuation after a wait; a
//     pinned (blocking) wait holds the carrier;
//   - shared lock: each downstream call first takes one global FIFO lock and
//     holds it for the whole call. Waiting for it holds the thread wherever
//     the call would hold it; elsewhere it is an asynchronous queue.
package sim

import (
	"context"
	"fmt"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
)

// Options says what to keep besides the numbers.
type Options struct {
	// Trace keeps the per-lane timeline and every request's record
	// (model.Trace). It is refused for more than model.MaxTraceRequests.
	Trace bool
	// OnDone, if set, is called with each request's record as it
	// completes (in completion order, on the goroutine running Run), so a
	// caller can keep what it needs, such as the latencies after a
	// warm-up, without the cost of a Trace. Used by internal/plan.
	OnDone func(model.Record)
	// RecordsOnly says the caller reduces the records itself (OnDone): the
	// run then keeps no latencies of its own, and its Result has the
	// counts, the makespan and the throughput but no latency figures,
	// warm-up or intervals (internal/plan threw them away, and they were a
	// sixth of a plan's CPU). The run and its records are the same.
	RecordsOnly bool
	// OnProgress, if set, is called from the simulating goroutine every
	// CheckEvery events with the events processed so far (when the
	// context is checked).
	OnProgress func(events int64)
}

// CheckEvery is how many events RunContext processes between two looks at
// its context (a few milliseconds of work).
const CheckEvery = 1 << 16

// Run simulates s, which should be normalized and validated (Run validates
// it again and returns the *model.FieldError if not). It is deterministic
// and safe to call from several goroutines at once.
func Run(s model.Scenario, opt Options) (*model.Result, error) {
	return RunContext(context.Background(), s, opt)
}

// RunContext is Run that stops when ctx is done: it looks at ctx every
// CheckEvery events and then returns no result and an error wrapping
// ctx.Err() (a simulation cut short has no meaningful figures: its
// requests are not all done).
func RunContext(ctx context.Context, s model.Scenario, opt Options) (*model.Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if opt.Trace && s.Requests > model.MaxTraceRequests {
		return nil, model.NewFieldError("--timeline", "sim.err.trace", s.Requests, model.MaxTraceRequests)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("sim: stopped before the first event: %w", err)
	}
	e := newEngine(s, opt)
	if err := e.run(ctx, opt.OnProgress); err != nil {
		return nil, err
	}
	return e.result(), nil
}

// maxTime is the end of virtual time; sums that would pass it saturate.
const maxTime = time.Duration(1<<63 - 1)

func after(now, d time.Duration) time.Duration {
	if d < 0 {
		d = 0
	}
	if t := now + d; t >= now {
		return t
	}
	return maxTime
}

// lane is one OS thread of the model: a pool thread, an event loop, an
// offload thread or a carrier.
type lane struct {
	q     int32 // the queue it takes work from
	slot  int32 // the request it holds, -1 when idle
	busy  bool
	since time.Duration // start of a lock or ready span
	// rem is the CPU its request's segment still needs (Scenario.Slice:
	// a segment may take several turns on a core).
	rem time.Duration
}

// req is the state of one request between its arrival and its end (20
// bytes). It keeps only what cannot be drawn again: the request's CPU time
// and waits are pure functions of its index (model.Planner.CPUOf, WaitOf),
// drawn again where they are needed, its call count is its class's, its
// virtual user is kept beside it only for a closed model, and its start
// and first lane only for a trace. A scenario
// can hold every one of its requests in flight at once (a burst on loops
// queues every continuation behind the burst), so this is the simulator's
// memory per request.
//
// The fields are as narrow as the scenario's bounds allow (checked where
// the package compiles, below): an index below model.MaxRequests, call
// counters below model.MaxCalls, a class below model.MaxClasses and a
// lane below the threads plus the second pool (2 × model.MaxThreads).
type req struct {
	// arrival, in two halves so that the record aligns on 4 bytes (20
	// bytes, not 24 with a Duration's 8-byte alignment); see arrival.
	arrLo, arrHi uint32
	id           int32
	lc           uint32 // queue<<8 | class; see loop and class
	next         int16  // next call (sequential)
	pending      int16  // calls still out (parallel)
}

// arrival is when r arrived.
func (r *req) arrival() time.Duration { return time.Duration(uint64(r.arrHi)<<32 | uint64(r.arrLo)) }

// The record's ranges hold every scenario model.Scenario.Validate accepts;
// raising a bound past them stops the build here instead of overflowing.
const (
	_ = uint32(1<<31 - 1 - model.MaxRequests)  // id: int32
	_ = uint16(1<<15 - 1 - model.MaxCalls)     // next, pending: int16
	_ = uint8(1<<8 - model.MaxClasses)         // class: 8 bits of lc
	_ = uint32(1<<24 - 1 - 2*model.MaxThreads) // queue or lane: 24 bits of lc
)

// loop is the queue r's continuations go to; for the pool's fan-out, the
// lane that joins its calls (fanOut).
func (r *req) loop() int32 { return int32(r.lc >> 8) }

func (r *req) setLoop(q int32) { r.lc = uint32(q)<<8 | r.lc&0xff }

// class is r's class.
func (r *req) class() int32 { return int32(r.lc & 0xff) }

// Request slots live in chunks of slabSize, so growing the set of
// requests in flight never copies it (a slice that doubles holds the old
// and the new array at once).
const (
	slabBits = 12
	slabSize = 1 << slabBits
)

type engine struct {
	s      model.Scenario
	plan   *model.Planner
	trace  *model.Trace
	onDone func(model.Record)
	// keepStart keeps each request's start and first lane (tstart,
	// tfirst): for the trace and for OnDone.
	keepStart bool
	now       time.Duration
	h         eventHeap
	events    int64

	lanes   []lane
	queues  []queue
	offQ    int32 // offload queue index, -1 if none
	nLoops  int   // lanes that are loops, threads or carriers (the first lanes)
	cores   int
	coreQ   ring32
	slice   time.Duration // Scenario.Slice; 0: a CPU segment runs to its end
	lock    bool          // the shared lock is held
	lockQ   ring32
	busy    int
	peak    int
	classes []model.Class
	par     []bool  // per class: parallel fan-out
	pipe    []bool  // per class: pipelined (one wait, the slowest of the calls')
	block   []bool  // per class: blocking waits
	ncalls  []int32 // per class: waits per request (callsOf)
	// fanPool: the pool model's parallel calls run on the worker lanes of
	// queue offQ while the request's thread waits (Scenario.FanoutPool).
	fanPool bool

	slots  []*[slabSize]req // chunks; see rq
	nslots int32
	free   []int32
	made   int64 // requests given a slot so far
	// Trace only, by slot: when a lane first took the request, and which.
	tstart []time.Duration
	tfirst []int32
	// Closed model only, by slot: the virtual user that sent the request.
	vus []int32

	// open and closed arrivals
	pacer    model.Pacer
	sent     int64
	lastDue  time.Duration
	vuCount  []int64
	firstArr time.Duration
	anyArr   bool
	lastEnd  time.Duration

	// all keeps a burst's latencies once, by class (its parts); the
	// whole is read from them.
	all       *stats.Union
	qwait     *stats.Recorder
	completed int64
	loops     []model.LoopStat
	// col keeps an open or closed run's series for its warm-up and
	// intervals (confidence.go); nil for a burst, which uses the recorders.
	col *collector
	// recordsOnly: Options.RecordsOnly (neither col nor the recorders
	// keep anything).
	recordsOnly bool
	// pause: loop returns before the last request arrives (RunPaused);
	// paused: it did, and held is the event it kept aside for the next
	// loop, the one that brings that request.
	pause, paused bool
	held          event
}

func newEngine(s model.Scenario, opt Options) *engine {
	e := &engine{s: s, plan: model.NewPlanner(s), offQ: -1, classes: s.Classes, onDone: opt.OnDone}
	for _, c := range s.Classes {
		e.par = append(e.par, c.Fanout == model.Parallel)
		e.pipe = append(e.pipe, c.Fanout == model.Pipelined)
		e.block = append(e.block, c.Blocking)
		calls := int32(c.CallCount())
		if c.Fanout == model.Pipelined {
			calls = min(calls, 1) // one round trip for all of them
		}
		e.ncalls = append(e.ncalls, calls)
	}
	e.all, e.qwait = stats.NewUnion(len(s.Classes), 0), stats.NewRecorder(0)
	if s.Arrival.Kind == model.Burst && !opt.RecordsOnly { // open and closed runs keep their series in col instead
		e.qwait.Grow(s.Requests)
		for i, c := range s.Classes { // a class's share, with room for the draw's spread
			e.all.Part(i).Grow(int(c.Fraction*float64(s.Requests)*1.02) + 64)
		}
	}
	e.cores = s.CoreCount()
	e.slice = s.Slice.Mean
	n := s.Threads
	e.nLoops = n
	kind := model.LaneThread
	switch s.Model {
	case model.Loop, model.Offload:
		kind = model.LaneLoop
	case model.Virtual:
		kind = model.LaneCarrier
	}
	nq := 1
	perLoop := s.Model.HasLoops() && s.Assign != model.Shared
	if perLoop {
		nq = n
	}
	total := n
	// The second pool: the offload pool's threads, or the pool model's
	// fan-out workers; either takes calls from queue offQ.
	extra, extraKind := 0, model.LaneOffload
	switch {
	case s.Model == model.Offload:
		extra = s.OffloadPool
	case s.Model == model.Pool && s.FanoutPool > 0:
		extra, extraKind = s.FanoutPool, model.LaneWorker
		e.fanPool = true
	}
	if extra > 0 {
		total += extra
		e.offQ = int32(nq)
		nq++
	}
	e.queues = make([]queue, nq)
	e.lanes = make([]lane, total)
	for i := range e.lanes {
		q := int32(0)
		switch {
		case i >= n:
			q = e.offQ
		case perLoop:
			q = int32(i)
		}
		e.lanes[i] = lane{q: q, slot: -1}
	}
	for i := total - 1; i >= 0; i-- { // lowest lane on top of each idle stack
		q := &e.queues[e.lanes[i].q]
		q.idle = append(q.idle, int32(i))
	}
	if s.Model.HasLoops() {
		e.loops = make([]model.LoopStat, n)
		for i := range e.loops {
			e.loops[i].Loop = i
		}
	}
	if s.Arrival.Kind == model.Burst {
		// At most one event per request (its CPU or its wait) and one per
		// lane (offload and fan-out threads each hold a call) are pending
		// at once; a burst on carriers has every request's wait pending.
		e.h.reserve(s.Requests + total)
	}
	e.keepStart = opt.Trace || opt.OnDone != nil
	e.recordsOnly = opt.RecordsOnly
	if s.Arrival.Kind != model.Burst && !opt.RecordsOnly {
		e.col = newCollector(s)
	}
	if opt.Trace {
		e.trace = &model.Trace{Source: "model", Records: make([]model.Record, 0, s.Requests)}
		for i := 0; i < total; i++ {
			k := kind
			if i >= n {
				k = extraKind
			}
			e.trace.Lanes = append(e.trace.Lanes, k)
		}
	}
	return e
}

func (e *engine) run(ctx context.Context, progress func(int64)) error {
	e.begin()
	return e.loop(ctx, progress)
}

// begin puts the run's first events on the heap (or, in a burst, starts
// every lane that has work).
func (e *engine) begin() {
	s := &e.s
	switch s.Arrival.Kind {
	case model.Burst:
		e.anyArr = true
		if s.Model.HasLoops() && s.Assign != model.Shared {
			for l := 0; l < s.Threads; l++ {
				e.queues[l].lazy, e.queues[l].stride, e.queues[l].to = int64(l), int64(s.Threads), int64(s.Requests)
			}
		} else {
			e.queues[0].lazy, e.queues[0].stride, e.queues[0].to = 0, 1, int64(s.Requests)
		}
		e.sent = int64(s.Requests)
		// Every lane with work is busy from t = 0, even if its first
		// requests take no time.
		var start []int32
		for q := range e.queues {
			qq := &e.queues[q]
			for k := qq.length(); k > 0 && len(qq.idle) > 0; k-- {
				l := qq.idle[len(qq.idle)-1]
				qq.idle = qq.idle[:len(qq.idle)-1]
				e.setBusy(l, true)
				start = append(start, l)
			}
		}
		for _, l := range start {
			e.runLane(l)
		}
	case model.VUs:
		e.vuCount = make([]int64, s.Arrival.VUs)
		for u := 0; u < s.Arrival.VUs && u < s.Requests; u++ {
			e.h.push(event{at: 0, kind: evSend, a: int32(u)})
		}
	default:
		e.pacer = s.Arrival.Pacer(s.Seed)
		e.scheduleArrival()
	}
}

// loop processes events until none is left, or, when e.pause is set,
// until the event that brings the scenario's last request is next (see
// Paused): it then keeps that event aside in e.held, sets e.paused and
// returns, and the next loop processes it first. The arrival of the last
// request is where a run of more requests goes on differently: it
// schedules the next arrival, and a closed model's users send again.
func (e *engine) loop(ctx context.Context, progress func(int64)) error {
	for {
		var ev event
		if e.paused {
			ev, e.paused = e.held, false
		} else {
			if e.h.len() == 0 {
				return nil
			}
			if e.events%CheckEvery == CheckEvery-1 {
				if progress != nil {
					progress(e.events + 1)
				}
				if err := ctx.Err(); err != nil {
					return fmt.Errorf("sim: stopped after %d events: %w", e.events+1, err)
				}
			}
			ev = e.h.pop()
			if e.pause && (ev.kind == evArrive || ev.kind == evSend) && e.sent == int64(e.s.Requests)-1 {
				e.held, e.paused = ev, true
				return nil
			}
		}
		e.events++
		e.now = ev.at
		switch ev.kind {
		case evArrive:
			e.arrive(-1)
			e.scheduleArrival()
		case evSend:
			e.arrive(ev.a)
		case evCPU:
			e.cpuDone(ev.a)
		case evHold:
			e.holdDone(ev.a, ev.r)
		case evOff:
			e.offDone(ev.a, ev.r)
		case evAsync:
			e.asyncDone(ev.r)
		}
	}
}

// scheduleArrival schedules the next open-model arrival, if any.
func (e *engine) scheduleArrival() {
	if e.sent >= int64(e.s.Requests) {
		return
	}
	due, ok := e.pacer.Due(e.sent)
	if !ok {
		return
	}
	if due < e.lastDue { // a pacer past the end of representable time
		due = maxTime
	}
	e.lastDue = due
	e.h.push(event{at: due, kind: evArrive})
}

// arrive plans the next request and queues it (vu >= 0: sent by that user).
func (e *engine) arrive(vu int32) {
	if e.sent >= int64(e.s.Requests) {
		return
	}
	i := e.sent
	e.sent++
	slot := e.newReq(i, e.now, vu)
	q := e.rq(slot).loop()
	if !e.anyArr {
		e.anyArr, e.firstArr = true, e.now
	}
	e.queues[q].push(item{slot: slot, kind: itemNew})
	e.wake(q)
}

// newReq plans request i into a free slot.
func (e *engine) newReq(i int64, at time.Duration, vu int32) int32 {
	var slot int32
	if n := len(e.free); n > 0 {
		slot = e.free[n-1]
		e.free = e.free[:n-1]
	} else {
		if int(e.nslots)>>slabBits == len(e.slots) {
			e.slots = append(e.slots, new([slabSize]req))
			if e.keepStart {
				e.tstart = append(e.tstart, make([]time.Duration, slabSize)...)
				e.tfirst = append(e.tfirst, make([]int32, slabSize)...)
			}
			if e.vuCount != nil {
				e.vus = append(e.vus, make([]int32, slabSize)...)
			}
		}
		slot = e.nslots
		e.nslots++
	}
	e.made++
	r := e.rq(slot)
	class := e.plan.ClassOf(i)
	q := int32(max(e.plan.LoopOf(i), 0))
	*r = req{id: int32(i), arrLo: uint32(at), arrHi: uint32(uint64(at) >> 32), lc: uint32(q)<<8 | uint32(class)}
	if e.vuCount != nil {
		e.vus[slot] = vu
	}
	if e.keepStart {
		e.tfirst[slot] = -1
	}
	return slot
}

// rq returns request slot's state.
func (e *engine) rq(slot int32) *req { return &e.slots[slot>>slabBits][slot&(slabSize-1)] }

// callsOf returns how many waits r makes: its class's calls, or one
// round trip for all of them when they are pipelined.
func (e *engine) callsOf(r *req) int32 { return e.ncalls[r.class()] }

// cpuOf returns r's CPU time (drawn again: see req).
func (e *engine) cpuOf(r *req) time.Duration { return e.plan.CPUOf(int64(r.id), int(r.class())) }

// wait returns the wait of r's call k; a pipelined request's one round
// trip lasts as long as the slowest of its calls.
func (e *engine) wait(r *req, k int32) time.Duration {
	if e.pipe[r.class()] {
		var m time.Duration
		for c := 0; c < e.classes[r.class()].CallCount(); c++ {
			m = max(m, e.plan.WaitOf(int64(r.id), int(r.class()), c))
		}
		return m
	}
	return e.plan.WaitOf(int64(r.id), int(r.class()), int(k))
}

// maxWait returns r's longest wait (parallel calls end with it).
func (e *engine) maxWait(r *req) time.Duration {
	var m time.Duration
	for k := int32(0); k < e.callsOf(r); k++ {
		m = max(m, e.wait(r, k))
	}
	return m
}

// wake lets an idle lane of queue q take work.
func (e *engine) wake(q int32) {
	qq := &e.queues[q]
	if n := len(qq.idle); n > 0 && !qq.empty() {
		l := qq.idle[n-1]
		qq.idle = qq.idle[:n-1]
		e.setBusy(l, true)
		e.runLane(l)
	}
}

func (e *engine) setBusy(l int32, b bool) {
	ln := &e.lanes[l]
	if ln.busy == b {
		return
	}
	ln.busy = b
	if b {
		e.busy++
		e.peak = max(e.peak, e.busy)
	} else {
		e.busy--
	}
}

// runLane lets lane l take items from its queue until it has to wait for
// something (a core, a call, the lock) or the queue is empty.
func (e *engine) runLane(l int32) {
	ln := &e.lanes[l]
	qi := ln.q
	for {
		q := &e.queues[qi]
		if q.empty() {
			ln.slot = -1
			e.setBusy(l, false)
			q.idle = append(q.idle, l)
			return
		}
		it, lazy := q.pop()
		if lazy >= 0 {
			it.slot = e.newReq(lazy, 0, -1)
		}
		ln.slot = it.slot
		var held bool
		switch it.kind {
		case itemNew:
			e.take(l, it.slot)
			held = e.startCPU(l, it.slot)
			if !held {
				held = e.afterCPU(l, it.slot)
			}
		case itemCont:
			held = e.resume(l, it.slot)
		case itemCall:
			held = e.offCall(l, it.slot, int32(it.k))
		}
		if held {
			return
		}
	}
}

// take records that lane l starts request slot.
func (e *engine) take(l, slot int32) {
	r := e.rq(slot)
	if e.col != nil {
		e.col.taken(e.now - r.arrival())
	} else if !e.recordsOnly {
		e.qwait.Add(e.now - r.arrival())
	}
	if e.keepStart {
		e.tstart[slot], e.tfirst[slot] = e.now, l
	}
	if e.loops != nil && int(l) < e.nLoops {
		ls := &e.loops[l]
		ls.Requests++
		if e.isBlocking(r) {
			ls.Blocking++
			if len(ls.BlockingIDs) < model.MaxLoopIDs {
				ls.BlockingIDs = append(ls.BlockingIDs, int64(r.id))
			}
		}
	}
}

func (e *engine) isBlocking(r *req) bool { return e.block[r.class()] && e.callsOf(r) > 0 }

// startCPU starts the CPU segment of slot on lane l; false if it has none.
func (e *engine) startCPU(l, slot int32) bool {
	cpu := e.cpuOf(e.rq(slot))
	if cpu <= 0 {
		return false
	}
	e.lanes[l].rem = cpu
	if e.cores > 0 {
		e.cores--
		e.runCPU(l, slot)
	} else {
		e.lanes[l].since = e.now
		e.coreQ.push(waiter{lane: l, slot: slot})
	}
	return true
}

// runCPU gives lane l a core for its segment: to the end, or for one
// slice when Scenario.Slice is set and more is left than a slice.
func (e *engine) runCPU(l, slot int32) {
	ln := &e.lanes[l]
	d := ln.rem
	if e.slice > 0 && d > e.slice {
		d = e.slice
	}
	ln.rem -= d
	end := after(e.now, d)
	e.span(l, model.SpanCPU, slot, e.now, end)
	e.h.push(event{at: end, kind: evCPU, a: l, r: slot})
}

// nextOnCore gives the core lane l leaves to the first runnable lane, if
// any, and reports whether one took it.
func (e *engine) nextOnCore() bool {
	if e.coreQ.n == 0 {
		return false
	}
	w := e.coreQ.pop()
	e.span(w.lane, model.SpanReady, w.slot, e.lanes[w.lane].since, e.now)
	e.runCPU(w.lane, w.slot)
	return true
}

func (e *engine) cpuDone(l int32) {
	ln := &e.lanes[l]
	slot := ln.slot
	if ln.rem > 0 { // its slice is over, its segment is not
		if e.coreQ.n == 0 {
			e.runCPU(l, slot) // nobody waits for the core: it runs on
			return
		}
		ln.since = e.now
		e.coreQ.push(waiter{lane: l, slot: slot})
		e.nextOnCore()
		return
	}
	if !e.nextOnCore() {
		e.cores++
	}
	if !e.afterCPU(l, slot) {
		e.runLane(l)
	}
}

// afterCPU starts the request's calls once its CPU work is done. It
// returns whether lane l is still held by the request.
func (e *engine) afterCPU(l, slot int32) bool {
	r := e.rq(slot)
	if e.callsOf(r) == 0 {
		e.finish(slot)
		return false
	}
	blocking := e.block[r.class()]
	switch {
	case e.fanPool && e.par[r.class()] && e.callsOf(r) > 1:
		e.fanOut(l, slot)
		return true
	case e.s.Model == model.Pool, blocking && e.s.Model != model.Offload:
		return e.holdNext(l, slot)
	case blocking: // offload
		e.offload(slot)
		return false
	}
	e.register(slot)
	return false
}

// resume runs a continuation on lane l: the next call, or the end.
func (e *engine) resume(l, slot int32) bool {
	r := e.rq(slot)
	if int32(r.next) < e.callsOf(r) && !e.par[r.class()] {
		if e.block[r.class()] { // offload: hand the next call over
			e.offload(slot)
		} else {
			e.register(slot)
		}
		return false
	}
	e.finish(slot)
	return false
}

// finish ends request slot now.
func (e *engine) finish(slot int32) {
	r := e.rq(slot)
	lat := e.now - r.arrival()
	if e.col != nil {
		e.col.done(lat, r.class(), e.now)
	} else if !e.recordsOnly {
		e.all.Add(int(r.class()), lat)
	}
	e.completed++
	e.lastEnd = max(e.lastEnd, e.now)
	if e.trace != nil {
		e.trace.Records = append(e.trace.Records, model.Record{ID: int64(r.id), Class: int(r.class()),
			Arrival: r.arrival(), Start: e.tstart[slot], End: e.now, Lane: e.tfirst[slot]})
	}
	if e.onDone != nil {
		e.onDone(model.Record{ID: int64(r.id), Class: int(r.class()), Arrival: r.arrival(), Start: e.tstart[slot], End: e.now, Lane: e.tfirst[slot]})
	}
	if e.vuCount != nil && e.sent < int64(e.s.Requests) {
		vu := e.vus[slot]
		e.vuCount[vu]++
		e.h.push(event{at: after(e.now, e.plan.Think(int(vu), e.vuCount[vu])), kind: evSend, a: vu})
	}
	// Keep the slot for a later request, as many as are still to come:
	// the rest would never be taken again (in a burst the loops drain
	// their continuations at the end, all at once).
	if int64(len(e.free)) < int64(e.s.Requests)-e.made {
		e.free = append(e.free, slot)
	}
}

func (e *engine) span(l int32, k model.SpanKind, slot int32, from, to time.Duration) {
	if e.trace == nil || to <= from {
		return
	}
	e.trace.Spans = append(e.trace.Spans, model.Span{Lane: l, Kind: k, Req: int64(e.rq(slot).id), Start: from, End: to})
}

func (e *engine) result() *model.Result {
	s := e.s
	res := &model.Result{
		Mode: "sim", Scenario: s, Seed: s.Seed, Requests: s.Requests, Completed: int(e.completed),
		All: e.all.Summary(), QueueWait: e.qwait.Summary(), Classes: map[string]model.Summary{},
		PeakThreads: e.peak, Precision: e.all.Precision(), Loops: e.loops, Events: e.events, Trace: e.trace,
	}
	for i, c := range s.Classes {
		res.Classes[c.Name] = e.all.Part(i).Summary()
	}
	var span time.Duration
	if e.completed > 0 {
		span = e.lastEnd - e.firstArr
	}
	res.MakespanMS = stats.MS(span)
	res.ThroughputDefinition = model.ThroughputWindow
	if s.Arrival.Kind == model.Burst {
		res.ThroughputDefinition = model.ThroughputBatch
	}
	if span > 0 {
		res.ThroughputRPS = float64(e.completed) / span.Seconds()
		// Little's law over the float sum: N latencies of a long run
		// add up past what a Duration holds.
		res.InFlightMean = e.all.SumNS() / float64(span)
	}
	if e.col != nil {
		e.col.fill(res, s.Classes, e.firstArr, span)
	}
	if e.trace != nil {
		sortSpans(e.trace.Spans)
		sortRecords(e.trace.Records)
	}
	return res
}
