package live

import (
	"runtime"
	"sync"
	"time"
)

// poolExec is the thread-per-request model: N OS threads (goroutines
// locked to their threads for their whole life) take requests from one
// FIFO queue and hold them through CPU work and every wait, which is a
// nanosleep on the thread.
type poolExec struct {
	r  *runner
	q  threadQueue[*job]
	wg sync.WaitGroup
}

func (p *poolExec) start(r *runner) error {
	p.r = r
	parkers, err := newParkers(r.s.Threads)
	if err != nil {
		return err
	}
	var ready sync.WaitGroup
	for i := 0; i < r.s.Threads; i++ {
		ready.Add(1)
		p.wg.Add(1)
		go p.worker(i, parkers[i], &ready)
	}
	ready.Wait()
	return nil
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

func (p *poolExec) worker(lane int, pk *parker, ready *sync.WaitGroup) {
	defer p.wg.Done()
	defer pk.close()
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
		r.holdCalls(lane, j, lockCh)
		r.finish(j)
		r.leave()
	}
}

func (p *poolExec) submit(j *job) { p.q.push(j) }

func (p *poolExec) stop(grace time.Duration) {
	p.q.close()
	waitGroupFor(&p.wg, grace)
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
