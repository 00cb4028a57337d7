package target

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
)

// poolServer is the thread-per-request model, built like Tomcat's NIO
// connector: an acceptor thread accepts; a poller thread watches idle
// keep-alive connections with epoll; when one has a request, it goes into
// a bounded queue (--queue) for a pool of N OS threads (locked
// goroutines), and the thread that takes it reads the request, runs the
// handler and writes the answer with blocking read(2)/write(2), holding
// the thread through every wait. A request that finds the queue full is
// answered 503. Between requests a connection holds no thread.
type poolServer struct {
	s      *Server
	poller *epoll.Poller
	wake   *epoll.EventFD
	queue  chan *pconn

	acceptDone chan struct{}
	pollDone   chan struct{}
	workers    sync.WaitGroup

	mu         sync.Mutex
	conns      map[int]*pconn
	pollClosed bool // the poller has stopped: idle connections close
}

// pconn is one client connection. Its fields are owned by whoever holds
// it: the poller while idle, one pool thread while busy; state changes
// under poolServer.mu.
type pconn struct {
	fd int
	// continued: "100 Continue" was sent for the request being received.
	continued bool
	in        []byte
	idle      bool
	last      time.Time // when it last turned idle
}

const pollOneShot = uint32(unix.EPOLLONESHOT)

func (p *poolServer) queueLen() int {
	if p.queue == nil {
		return 0
	}
	return len(p.queue)
}

func (p *poolServer) start() error {
	s := p.s
	var err error
	if p.poller, err = epoll.New(); err != nil {
		return fmt.Errorf("target: pool poller: %w", err)
	}
	if p.wake, err = epoll.NewEventFD(); err != nil {
		p.poller.Close()
		return fmt.Errorf("target: pool poller: %w", err)
	}
	if err := p.poller.Add(p.wake.FD(), epoll.In, ^uint64(0)); err != nil {
		p.poller.Close()
		p.wake.Close()
		return fmt.Errorf("target: pool poller: %w", err)
	}
	p.queue = make(chan *pconn, s.cfg.Queue)
	p.conns = map[int]*pconn{}
	p.acceptDone = make(chan struct{})
	p.pollDone = make(chan struct{})
	for i := 0; i < s.cfg.Threads; i++ {
		p.workers.Add(1)
		go p.work()
	}
	go p.poll()
	go p.accept()
	return nil
}

// accept is the acceptor thread; admit takes each new connection.
func (p *poolServer) accept() {
	defer close(p.acceptDone)
	p.s.acceptLoop(unix.SOCK_CLOEXEC, p.admit)
}

// admit refuses fd beyond --max-conns, or registers it with the poller
// that watches idle keep-alive connections.
func (p *poolServer) admit(fd int) {
	s := p.s
	if s.conns.Load() >= int64(s.cfg.MaxConns) {
		refuse(fd)
		s.m.shed.WithLabelValues("max_conns").Inc()
		s.m.count(503, time.Time{})
		return
	}
	unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
	// A thread reads only when the poller saw bytes, but a request
	// that arrives in pieces is read blocking: bound how long.
	tv := unix.NsecToTimeval(int64(s.cfg.KeepAlive))
	unix.SetsockoptTimeval(fd, unix.SOL_SOCKET, unix.SO_RCVTIMEO, &tv)
	c := &pconn{fd: fd, in: make([]byte, 0, 4096), idle: true, last: time.Now()}
	p.mu.Lock()
	if p.pollClosed {
		p.mu.Unlock()
		unix.Close(fd)
		return
	}
	p.conns[fd] = c
	s.conns.Add(1)
	p.mu.Unlock()
	if err := p.poller.Add(fd, epoll.In|epoll.RdHup|pollOneShot, uint64(fd)); err != nil {
		p.closeConn(c)
	}
}

// closeConn forgets and closes c.
func (p *poolServer) closeConn(c *pconn) {
	p.mu.Lock()
	if p.conns[c.fd] == c {
		delete(p.conns, c.fd)
		p.s.conns.Add(-1)
	}
	p.mu.Unlock()
	p.poller.Del(c.fd)
	unix.Close(c.fd)
}

// poll is the poller thread: it hands connections with a request to the
// pool, sheds them when the queue is full, and closes the ones idle past
// the keep-alive timeout.
func (p *poolServer) poll() {
	defer close(p.pollDone)
	defer close(p.queue) // the poller is the queue's only sender
	runtime.LockOSThread()
	s := p.s
	events := make([]epoll.Event, 128)
	lastSweep := time.Now()
	for {
		n, err := p.poller.Wait(events, time.Second)
		if err != nil {
			s.eventf("pool poller: %v\n", err)
			return
		}
		for i := 0; i < n; i++ {
			if events[i].Data == ^uint64(0) {
				p.wake.Drain()
				continue
			}
			fd := int(events[i].Data)
			p.mu.Lock()
			c := p.conns[fd]
			if c != nil {
				c.idle = false
			}
			p.mu.Unlock()
			if c == nil {
				continue
			}
			select {
			case p.queue <- c:
			default:
				// Every thread busy and the queue full: shed.
				p.mu.Lock()
				delete(p.conns, fd)
				s.conns.Add(-1)
				p.mu.Unlock()
				p.poller.Del(fd)
				refuse(fd)
				s.m.shed.WithLabelValues("accept_queue").Inc()
				s.m.count(503, time.Time{})
			}
		}
		if s.draining.Load() {
			// Requests that already arrived are served (with Connection:
			// close); idle connections close.
			p.mu.Lock()
			p.pollClosed = true
			var idle, ready []*pconn
			for _, c := range p.conns {
				if c.idle {
					if readable(c.fd) {
						c.idle = false
						ready = append(ready, c)
					} else {
						idle = append(idle, c)
					}
				}
			}
			p.mu.Unlock()
			for _, c := range idle {
				p.closeConn(c)
			}
			for _, c := range ready {
				p.queue <- c // the threads are still taking work
			}
			return
		}
		if now := time.Now(); now.Sub(lastSweep) >= time.Second {
			lastSweep = now
			var old []*pconn
			p.mu.Lock()
			for _, c := range p.conns {
				if c.idle && now.Sub(c.last) > s.cfg.KeepAlive {
					old = append(old, c)
				}
			}
			p.mu.Unlock()
			for _, c := range old {
				p.closeConn(c)
			}
		}
	}
}

func (p *poolServer) work() {
	defer p.workers.Done()
	runtime.LockOSThread()
	w := &blockingConn{s: p.s, queue: p.queue, out: make([]byte, 0, 4096)}
	for c := range p.queue {
		if w.serve(c) {
			p.release(c)
		} else {
			p.closeConn(c)
		}
	}
}

// release gives an idle connection back to the poller (or closes it when
// the server is draining).
func (p *poolServer) release(c *pconn) {
	p.mu.Lock()
	if p.pollClosed || p.s.draining.Load() {
		p.mu.Unlock()
		p.closeConn(c)
		return
	}
	c.idle, c.last = true, time.Now()
	p.mu.Unlock()
	if err := p.poller.Mod(c.fd, epoll.In|epoll.RdHup|pollOneShot, uint64(c.fd)); err != nil {
		p.closeConn(c)
	}
}

// blockingConn is a pool thread's working state.
type blockingConn struct {
	s       *Server
	queue   chan *pconn
	out     []byte
	scratch []byte
	req     httpwire.Request
}

// serve reads and answers c's requests with blocking I/O until none is
// left buffered; it reports whether c stays open (keep-alive).
func (w *blockingConn) serve(c *pconn) bool {
	s := w.s
	for {
		// Read: the poller saw bytes, so the first read does not wait;
		// later ones (a request in pieces) block the thread.
		if len(c.in) == cap(c.in) {
			if cap(c.in) >= httpwire.MaxHeader+httpwire.MaxBody+4096 {
				return false
			}
			nb := make([]byte, len(c.in), 2*cap(c.in))
			copy(nb, c.in)
			c.in = nb
		}
		n, err := unix.Read(c.fd, c.in[len(c.in):cap(c.in)])
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			return false
		}
		c.in = c.in[:len(c.in)+n]
		closeAfter := false
		off := 0
		for off < len(c.in) {
			m, err := httpwire.Parse(c.in[off:], &w.req)
			if err == httpwire.ErrIncomplete {
				if w.req.WantsContinue() && !c.continued {
					w.out = append(w.out, httpwire.Continue...)
					c.continued = true
				}
				break
			}
			c.continued = false
			if err != nil {
				w.out = appendError(w.out, err)
				s.m.count(httpwire.StatusOf(err), time.Time{})
				closeAfter = true
				break
			}
			off += m
			closeAfter = w.req.Close || s.draining.Load()
			w.handle(closeAfter)
			if closeAfter {
				break
			}
		}
		c.in = c.in[:copy(c.in, c.in[off:])]
		if len(w.out) > 0 {
			err := writeAll(c.fd, w.out)
			w.out = w.out[:0]
			if err != nil {
				return false
			}
		}
		if closeAfter {
			unix.Shutdown(c.fd, unix.SHUT_WR)
			return false
		}
		if len(c.in) == 0 {
			// Idle. When no other connection waits for a thread, wait a
			// moment on this one for the client's next request (a
			// keep-alive client sends it as soon as it has read this
			// answer) before handing the socket back to the poller: that
			// hand-off costs two thread switches per request. With work
			// queued the thread goes back to the queue at once, so the
			// linger never delays anyone.
			if s.cfg.Linger <= 0 || len(w.queue) > 0 || !waitReadable(c.fd, s.cfg.Linger) || s.draining.Load() {
				return true // back to the poller
			}
		}
		// Part of a request is in: keep reading on this thread.
	}
}

func (w *blockingConn) handle(closeAfter bool) {
	s := w.s
	if out, ok := s.appendPage(w.out, &w.req, closeAfter); ok {
		w.out = out
		return
	}
	start := time.Now()
	id := s.reqSeq.Add(1)
	s.m.inFlight.Inc()
	p := s.makePlan(id, w.req.Query)
	status := s.runBlocking(&p, true)
	w.scratch = s.log.write(w.scratch, id, w.req.Method, w.req.Path, status, start)
	w.out = s.appendAnswer(w.out, &p, -1, string(w.req.Method) == "HEAD", status, closeAfter)
	s.m.inFlight.Dec()
	s.m.count(status, start)
}

func (p *poolServer) shutdown(ctx context.Context) error {
	s := p.s
	shutdownListener(s.lnFD)
	<-p.acceptDone
	unix.Close(s.lnFD)
	p.wake.Signal()
	<-p.pollDone
	done := make(chan struct{})
	go func() { p.workers.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ErrDrainTimeout
		// Out of time: cut every socket so the threads return.
		p.mu.Lock()
		for fd := range p.conns {
			unix.Shutdown(fd, unix.SHUT_RDWR)
		}
		p.mu.Unlock()
		<-done
	}
	p.mu.Lock()
	left := make([]*pconn, 0, len(p.conns))
	for _, c := range p.conns {
		left = append(left, c)
	}
	p.mu.Unlock()
	for _, c := range left {
		p.closeConn(c)
	}
	p.wake.Close()
	p.poller.Close()
	return err
}

// waitReadable waits up to d for fd to become readable.
func waitReadable(fd int, d time.Duration) bool {
	pfd := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	ts := unix.NsecToTimespec(int64(d))
	n, err := unix.Ppoll(pfd, &ts, nil)
	return err == nil && n > 0 && pfd[0].Revents&unix.POLLIN != 0
}

// readable reports whether fd has bytes (or an EOF) to read right now.
func readable(fd int) bool {
	pfd := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	n, err := unix.Poll(pfd, 0)
	return err == nil && n > 0 && pfd[0].Revents&unix.POLLIN != 0
}
