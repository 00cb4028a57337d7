//go:build linux

package httptarget

import (
	"sync"
	"sync/atomic"
)

// fanoutPool is the pool model's executor for parallel calls
// (--fanout-pool K): K goroutines locked to their OS threads take calls
// from one FIFO queue, each holding its thread for the call's round trip,
// while the request's own pool thread waits until all of its calls are
// done: CompletableFuture.supplyAsync(call, executor) for each, then
// join. One request thus holds up to calls+1 threads for about 1/calls
// of the time: its latency falls, its thread-time and the pool's
// throughput ceiling stay.
//
// The queue is bounded by construction: only the pool's request threads
// submit, each at most MaxQueryCalls calls (the largest --calls or
// ?calls=; a scenario's class may make more) before it waits for them,
// so at most Threads×MaxQueryCalls calls can wait. The channel is that
// big (capped at MaxQueue), so a submit does not wait in practice, and
// when it would (a scenario's bigger class) it waits rather than fails:
// overload is shed once, at the request queue (--queue), not half-way
// through a request whose first calls were already made.
type fanoutPool struct {
	s    *Server
	k    int
	jobs chan fanJob
	wg   sync.WaitGroup
	once sync.Once // close

	busy  atomic.Int64 // threads in a call now
	peak  atomic.Int64 // the most busy at once
	calls atomic.Int64 // calls made
}

// fanJob is one call of a request; join is the request's.
type fanJob struct {
	p    *plan
	call int
	join *fanJoin
}

// fanJoin is what a request's thread waits on: every call's end, and
// the first error.
type fanJoin struct {
	wg  sync.WaitGroup
	mu  sync.Mutex
	err error
}

func newFanoutPool(s *Server, k int) *fanoutPool {
	capacity := min(s.cfg.Threads*MaxQueryCalls, MaxQueue)
	return &fanoutPool{s: s, k: k, jobs: make(chan fanJob, capacity)}
}

// start starts the K threads.
func (f *fanoutPool) start() {
	spawnLocked(f.k, &f.wg, f.work)
}

// work is a fan-out thread (spawnLocked: its goroutine is locked to it).
func (f *fanoutPool) work() {
	for j := range f.jobs {
		n := f.busy.Add(1)
		for {
			m := f.peak.Load()
			if n <= m || f.peak.CompareAndSwap(m, n) {
				break
			}
		}
		err := f.s.blockingCall(j.p, j.call, true)
		f.busy.Add(-1)
		f.calls.Add(1)
		if err != nil {
			j.join.mu.Lock()
			if j.join.err == nil {
				j.join.err = err
			}
			j.join.mu.Unlock()
		}
		j.join.wg.Done()
	}
}

// run submits p's calls and waits (holding the caller's thread) until
// all of them are done; it returns the first error.
func (f *fanoutPool) run(p *plan) error {
	var j fanJoin
	j.wg.Add(p.calls)
	for i := 0; i < p.calls; i++ {
		f.jobs <- fanJob{p: p, call: i, join: &j}
	}
	j.wg.Wait()
	return j.err
}

// queued is the calls waiting for a thread.
func (f *fanoutPool) queued() int { return len(f.jobs) }

// close stops the threads once no request thread submits any more (after
// the pool's request threads have returned).
func (f *fanoutPool) close() {
	f.once.Do(func() { close(f.jobs) })
	f.wg.Wait()
}
