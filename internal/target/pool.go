package target

import (
	"context"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/httpwire"
)

// poolServer is the thread-per-connection model (Tomcat's blocking
// connector): one acceptor thread puts accepted sockets into a bounded
// queue, N OS threads (locked goroutines) each take one socket and serve
// it with blocking read(2)/write(2) until it closes, holding the thread
// through every wait. A socket that finds the queue full gets 503.
type poolServer struct {
	s          *Server
	queue      chan int
	acceptDone chan struct{}
	wg         sync.WaitGroup
	workers    []*poolWorker
}

// poolWorker is one thread's view of its socket, shared with shutdown
// under mu.
type poolWorker struct {
	mu   sync.Mutex
	fd   int
	idle bool // blocked (or about to block) reading the next request
}

func (p *poolServer) queueLen() int {
	if p.queue == nil {
		return 0
	}
	return len(p.queue)
}

func (p *poolServer) start() error {
	s := p.s
	p.queue = make(chan int, s.cfg.Queue)
	p.acceptDone = make(chan struct{})
	p.workers = make([]*poolWorker, s.cfg.Threads)
	for i := range p.workers {
		w := &poolWorker{fd: -1}
		p.workers[i] = w
		p.wg.Add(1)
		go p.work(w)
	}
	go p.accept()
	return nil
}

func (p *poolServer) accept() {
	defer close(p.acceptDone)
	defer close(p.queue)
	runtime.LockOSThread()
	s := p.s
	for {
		fd, _, err := unix.Accept4(s.lnFD, unix.SOCK_CLOEXEC)
		if err != nil {
			if s.draining.Load() {
				return
			}
			switch err {
			case unix.EINTR, unix.ECONNABORTED, unix.EPROTO:
				continue
			case unix.EMFILE, unix.ENFILE, unix.ENOBUFS, unix.ENOMEM:
				time.Sleep(10 * time.Millisecond)
				continue
			}
			s.eventf("accept: %v\n", err)
			return
		}
		unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
		select {
		case p.queue <- fd:
		default:
			refuse(fd)
			s.m.shed.WithLabelValues("accept_queue").Inc()
			s.m.count(503, time.Time{})
		}
	}
}

func (p *poolServer) work(w *poolWorker) {
	defer p.wg.Done()
	runtime.LockOSThread()
	c := &blockingConn{s: p.s, w: w, in: make([]byte, 0, 4096), out: make([]byte, 0, 4096)}
	for fd := range p.queue {
		c.serve(fd)
	}
}

// blockingConn serves one socket at a time on a pool thread.
type blockingConn struct {
	s       *Server
	w       *poolWorker
	in, out []byte
	scratch []byte
	req     httpwire.Request
}

func (c *blockingConn) setState(fd int, idle bool) {
	c.w.mu.Lock()
	c.w.fd, c.w.idle = fd, idle
	c.w.mu.Unlock()
}

func (c *blockingConn) serve(fd int) {
	s := c.s
	s.conns.Add(1)
	defer s.conns.Add(-1)
	tv := unix.NsecToTimeval(int64(s.cfg.KeepAlive))
	unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, unix.SO_RCVTIMEO, &tv)
	defer func() {
		c.setState(-1, false)
		unix.Close(fd)
	}()
	c.in = c.in[:0]
	for {
		closeAfter := false
		for len(c.in) > 0 {
			n, err := httpwire.Parse(c.in, &c.req)
			if err == httpwire.ErrIncomplete {
				break
			}
			if err != nil {
				c.out = appendError(c.out, err)
				s.m.count(httpwire.StatusOf(err), time.Time{})
				closeAfter = true
				break
			}
			closeAfter = c.req.Close || s.draining.Load()
			c.handle(closeAfter)
			c.in = c.in[:copy(c.in, c.in[n:])]
			if closeAfter {
				break
			}
		}
		if len(c.out) > 0 {
			err := writeAll(fd, c.out)
			c.out = c.out[:0]
			if err != nil {
				return
			}
		}
		if closeAfter {
			unix.Shutdown(fd, unix.SHUT_WR)
			return
		}
		if len(c.in) == 0 {
			c.setState(fd, true)
			// Draining: serve a request that has already arrived (even
			// on a socket that waited in the accept queue), no new ones.
			if s.draining.Load() && !readable(fd) {
				return
			}
		}
		if len(c.in) == cap(c.in) {
			if cap(c.in) >= httpwire.MaxHeader+httpwire.MaxBody+4096 {
				return
			}
			nb := make([]byte, len(c.in), 2*cap(c.in))
			copy(nb, c.in)
			c.in = nb
		}
		n, err := unix.Read(fd, c.in[len(c.in):cap(c.in)])
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			return // closed, reset, or idle past the keep-alive timeout
		}
		c.setState(fd, false)
		c.in = c.in[:len(c.in)+n]
	}
}

func (c *blockingConn) handle(closeAfter bool) {
	s := c.s
	if out, ok := s.appendPage(c.out, &c.req, closeAfter); ok {
		c.out = out
		return
	}
	start := time.Now()
	id := s.reqSeq.Add(1)
	s.m.inFlight.Inc()
	p := s.makePlan(id, c.req.Query)
	status := s.runBlocking(&p, true)
	c.scratch = s.log.write(c.scratch, id, c.req.Method, c.req.Path, status, start)
	c.out = s.appendAnswer(c.out, &c.req, status, closeAfter)
	s.m.inFlight.Dec()
	s.m.count(status, start)
}

func (p *poolServer) shutdown(ctx context.Context) error {
	s := p.s
	shutdownListener(s.lnFD)
	<-p.acceptDone
	unix.Close(s.lnFD)
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	// Wake idle readers now and again (a thread may turn idle later).
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		for _, w := range p.workers {
			w.mu.Lock()
			if w.idle && w.fd >= 0 {
				unix.Shutdown(w.fd, unix.SHUT_RD)
			}
			w.mu.Unlock()
		}
		select {
		case <-done:
			return nil
		case <-tick.C:
			continue
		case <-ctx.Done():
		}
		break
	}
	// Out of time: cut every socket so the threads return.
	for _, w := range p.workers {
		w.mu.Lock()
		if w.fd >= 0 {
			unix.Shutdown(w.fd, unix.SHUT_RDWR)
		}
		w.mu.Unlock()
	}
	<-done
	return errDrainTimeout
}

// readable reports whether fd has bytes (or an EOF) to read right now.
func readable(fd int) bool {
	pfd := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	n, err := unix.Poll(pfd, 0)
	return err == nil && n > 0 && pfd[0].Revents&unix.POLLIN != 0
}
