package live

import (
	"runtime"

	"github.com/waitlab/waitlab/internal/model"
	"sync"
	"time"
)

// poolExec is the thread-per-request model: N OS threads (goroutines
// locked to their threads for their whole life) take requests from one
// FIFO queue and hold them through CPU work and every wait, which is a
// nanosleep on the thread.
//
// With a fan-out pool (Scenario.FanoutPool = K), K more locked threads
// take the parallel calls of a request from a second FIFO queue, each
// holding its thread through one call's nanosleep, while the request's own
// thread parks on its join parker until the last call is done: the
// CompletableFuture-on-an-executor way, which holds up to calls+1 threads
// for the slowest call's time.
type poolExec struct {
	r     *execution
	q     threadQueue[*job]
	fan   *threadQueue[offCall] // nil without a fan-out pool
	joins []*parker             // the pool threads' join parkers, woken by stop
	wg    sync.WaitGroup
}

func (p *poolExec) start(r *execution) error {
	p.r = r
	n, k := r.s.Threads, r.s.FanoutPool
	// Each pool thread has a second parker for its joins, so a wake-up
	// meant for the queue is never taken for the end of a fan-out.
	parkers, err := newParkers(2*n + k)
	if err != nil {
		return err
	}
	if k > 0 {
		p.fan = &threadQueue[offCall]{}
	}
	p.joins = parkers[n : 2*n]
	var ready sync.WaitGroup
	for i := 0; i < n; i++ {
		ready.Add(1)
		p.wg.Add(1)
		go p.worker(i, parkers[i], parkers[n+i], &ready)
	}
	for i := 0; i < k; i++ {
		ready.Add(1)
		p.wg.Add(1)
		go p.fanWorker(n+i, parkers[2*n+i], &ready)
	}
	ready.Wait()
	return nil
}

// offCall is one blocking call handed to a second pool: the offload
// pool (loops) or the fan-out pool (pool).
type offCall struct {
	j *job
	w time.Duration
}

// newParkers makes n parkers, or none and an error.
func newParkers(n int) ([]*parker, error) {
	ps := make([]*parker, 0, n)
	for i := 0; i < n; i++ {
		p, err := newParker()
		if err != nil {
			for _, q := range ps {
				q.close()
			}
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

func (p *poolExec) worker(lane int, pk, join *parker, ready *sync.WaitGroup) {
	defer p.wg.Done()
	defer pk.close()
	// join is closed by stop, which may still wake it after this thread
	// has left.
	// Never unlocked: the thread ends with the goroutine.
	runtime.LockOSThread()
	lockCh := make(chan struct{}, 1)
	ready.Done()
	r := p.r
	for {
		j, ok := p.q.pop(pk)
		if !ok || r.stopped.Load() {
			return
		}
		r.enter()
		r.take(j, lane)
		r.cpu(lane, j)
		if p.fan != nil && r.par[j.class] && len(j.waits) > 1 {
			p.fanOut(lane, j, join)
		} else {
			r.holdCalls(lane, j, lockCh)
		}
		r.finish(j)
		r.leave()
	}
}

// fanOut hands every call of j to the fan-out pool and parks the calling
// thread until the last one is done.
func (p *poolExec) fanOut(lane int, j *job, join *parker) {
	r := p.r
	t := r.now()
	j.joiner = join
	j.pending.Store(int32(len(j.waits)))
	for _, w := range j.waits {
		p.fan.push(offCall{j: j, w: w})
	}
	// A stopped run drops the calls still queued; stop wakes this thread.
	for j.pending.Load() > 0 && !r.stopped.Load() {
		join.park()
	}
	r.span(lane, model.SpanHold, j, t)
}

// fanWorker is one fan-out thread: it holds through each call it takes
// and wakes the request's thread after the last of its calls.
func (p *poolExec) fanWorker(lane int, pk *parker, ready *sync.WaitGroup) {
	defer p.wg.Done()
	defer pk.close()
	runtime.LockOSThread()
	lockCh := make(chan struct{}, 1)
	ready.Done()
	r := p.r
	for {
		c, ok := p.fan.pop(pk)
		if !ok {
			return
		}
		if !r.stopped.Load() {
			r.enter()
			r.holdCall(lane, c.j, c.w, lockCh)
			r.leave()
		}
		// Even a stopped run wakes the joining thread, so it can leave.
		if c.j.pending.Add(-1) == 0 {
			c.j.joiner.unpark()
		}
	}
}

func (p *poolExec) submit(j *job) { p.q.push(j) }

func (p *poolExec) stop(grace time.Duration) {
	p.q.close()
	if p.fan != nil {
		p.fan.close()
		// The run is stopped (halt comes first): a thread joining a
		// fan-out whose calls were dropped sees it and leaves.
		for _, jp := range p.joins {
			jp.unpark()
		}
	}
	if waitGroupFor(&p.wg, grace) {
		for _, jp := range p.joins {
			jp.close()
		}
	}
}

// waitGroupFor waits for wg, at most d; threads still in a long blocking
// wait after that are left to end on their own.
func waitGroupFor(wg *sync.WaitGroup, d time.Duration) bool {
	c := make(chan struct{})
	go func() { wg.Wait(); close(c) }()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c:
		return true
	case <-t.C:
		return false
	}
}
