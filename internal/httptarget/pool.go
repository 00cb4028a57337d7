//go:build linux

package httptarget

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
)

// poolServer is the thread-per-request model, built like Tomcat's NIO
// connector: an acceptor thread accepts; a poller thread watches
// connections between requests with epoll and reads each request's header
// as it arrives; a connection with a whole header goes into a bounded
// queue (--queue) for a pool of N OS threads (locked goroutines), and the
// thread that takes it reads the body, runs the handler and writes the
// answer, holding the thread through every wait. A request that finds the
// queue full is answered 503. Between requests, while a header trickles
// in, and while an answer waits for a client that does not read, a
// connection holds no thread: the poller owns it, and its timeouts.
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
	// backlog holds connections that gave their thread up with pipelined
	// requests left (see blockingConn.serve): they go back to the queue
	// only while it is less than half full, so a few clients that
	// pipeline without end cannot fill it against everyone else. Owned
	// by the poller thread.
	backlog []*pconn
	// held is the bytes of buffers the connections the poller owned held
	// at its last sweep (read by the metrics from any goroutine).
	held atomic.Int64
}

func (p *poolServer) heldBytes() int64 { return p.held.Load() }

// pconn is one client connection. Its fields are owned by whoever holds
// it: nobody but epoll while idle (idle true); the poller while it serves
// an event, one pool thread while busy. Taking it (idle true to false)
// and parking it (false to true, with its epoll registration armed in the
// same critical section) happen under poolServer.mu, so the acceptor's
// eviction and the poller's sweep only ever take a parked connection.
type pconn struct {
	fd int
	// continued: "100 Continue" was sent for the request being received.
	continued bool
	// in holds the bytes of requests not answered yet, out the answers
	// the client has not taken; both are nil while the connection idles.
	in, out []byte
	idle    bool
	served  bool // a request was answered: idle means keep-alive
	reading bool // part of a request's header is in: rstamp is its first byte
	closing bool // close once out is written
	held    int  // bytes of the server's body memory its buffer holds
	yielded bool // gave its thread up with whole requests buffered
	// hdrAt is when the header of the request whose body is coming was
	// complete (zero otherwise).
	hdrAt time.Time
	// rstamp: the accept, a header's first byte, or the last answer;
	// wstamp: when out last started waiting or the client took some.
	rstamp, wstamp time.Time
}

const pollOneShot = uint32(unix.EPOLLONESHOT)

// bufPool holds small request and answer buffers between connections: an
// idle connection gives its buffers back (the poller and the threads
// share the pool).
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

func getPoolBuf() []byte { return (*bufPool.Get().(*[]byte))[:0] }

func putPoolBuf(b []byte) {
	if cap(b) > 0 && cap(b) <= smallBuf {
		b = b[:0]
		bufPool.Put(&b)
	}
}

// releaseBufs gives an idle connection's buffers back.
func (c *pconn) releaseBufs(s *Server) {
	if len(c.in) == 0 && cap(c.in) > 0 {
		putPoolBuf(c.in)
		c.in = nil
		s.letGo(&c.held)
	}
	if len(c.out) == 0 && cap(c.out) > 0 {
		putPoolBuf(c.out)
		c.out = nil
	}
}

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
	if s.fan != nil {
		s.fan.start()
	}
	spawnLocked(s.cfg.Threads, &p.workers, p.work)
	go p.poll()
	go p.accept()
	return nil
}

// accept is the acceptor thread; admit takes each new connection. The
// sockets are non-blocking: a thread that waits on one waits in ppoll(2)
// with its deadline, and a write the client does not take goes back to
// the poller instead of holding the thread.
func (p *poolServer) accept() {
	defer close(p.acceptDone)
	p.s.acceptLoop(unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, p.admit)
}

// admit registers fd with the poller. At --max-conns it first closes a
// connection idle for a while (nginx's reuse of keep-alive connections),
// or, with none, refuses fd.
func (p *poolServer) admit(fd int) {
	s := p.s
	if s.conns.Load() >= int64(s.cfg.MaxConns) {
		if v := p.evictIdle(); v != nil {
			// One that never sent a request may be a slow client: it
			// gets a 503 (see eventLoop.evict).
			s.m.evicted.Inc()
			if v.served {
				p.closeConn(v)
			} else if nfd, err := unix.Dup(v.fd); err != nil {
				p.closeConn(v)
			} else {
				// The duplicate keeps the socket open: take it out
				// of the epoll set by hand (closeConn leaves that to
				// close).
				p.poller.Del(v.fd)
				p.closeConn(v)
				s.refuse(nfd, "max_conns", true)
			}
		} else {
			s.refuse(fd, "max_conns", true)
			return
		}
	}
	// TCP_NODELAY comes with the socket: set on the listener (listen).
	c := &pconn{fd: fd, idle: true, rstamp: time.Now()}
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

// evictIdle takes out of the poller's hands a connection that has waited
// for a request, with nothing buffered, for at least evictAge (nil if
// none). Map order makes the choice random, which under an idle flood
// finds one in a few steps.
func (p *poolServer) evictIdle() *pconn {
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		// One whose next request is already in the kernel is not idle:
		// it was just not read yet.
		if c.idle && !c.reading && len(c.in) == 0 && len(c.out) == 0 && now.Sub(c.rstamp) >= time.Duration(evictAge) && !readable(c.fd) {
			c.idle = false // no longer the poller's
			return c
		}
	}
	return nil
}

// closeConn forgets and closes c. Closing the last descriptor of a socket
// takes it out of the epoll set, so there is no EPOLL_CTL_DEL first (one
// system call a connection); a caller that keeps a duplicate of c.fd
// deletes the registration itself.
func (p *poolServer) closeConn(c *pconn) {
	p.mu.Lock()
	if p.conns[c.fd] == c {
		delete(p.conns, c.fd)
		p.s.conns.Add(-1)
	}
	p.mu.Unlock()
	unix.Close(c.fd)
	putPoolBuf(c.in)
	putPoolBuf(c.out)
	c.in, c.out = nil, nil
	p.s.letGo(&c.held)
}

// park gives c (owned by the caller) back to epoll, waiting for input,
// or for the client to take its answers when out is pending; when the
// server is draining and c has nothing to write, it closes c instead.
func (p *poolServer) park(c *pconn) {
	c.releaseBufs(p.s)
	ev := epoll.In | epoll.RdHup | pollOneShot
	if len(c.out) > 0 || httpwire.HeaderDone(c.in) {
		// Answers to write, or a whole request buffered: writable
		// comes at once when the client reads.
		ev = epoll.Out | pollOneShot
	}
	p.mu.Lock()
	if (p.pollClosed || p.s.draining.Load()) && len(c.out) == 0 {
		p.mu.Unlock()
		p.closeConn(c)
		return
	}
	c.idle = true
	err := p.poller.Mod(c.fd, ev, uint64(c.fd))
	if err != nil {
		c.idle = false
	}
	p.mu.Unlock()
	if err != nil {
		p.closeConn(c)
	}
}

// poll is the poller thread: it reads headers as they arrive and hands
// connections with a whole one to the pool (shedding them when the queue
// is full), writes answers the threads could not, and closes the
// connections past their timeouts.
//
// It is a goroutine, not locked to a thread of its own: it waits in Go's
// poller (pollWaiter) and never blocks in the kernel, so the thread that
// finds its epoll set ready runs it at once. Locked, each request cost one
// more thread switch (two futex calls and a context switch: in a profile
// at 5,000 keep-alive req/s the thread hand-offs were 60% of the pool's
// CPU); the pool threads, which hold a request through its waits, stay
// locked to their threads.
func (p *poolServer) poll() {
	defer close(p.pollDone)
	defer close(p.queue) // the poller is the queue's only sender
	s := p.s
	events := make([]epoll.Event, 128)
	lastSweep := time.Now()
	every := s.sweepEvery()
	wait, done := pollWaiter(p.poller, events)
	defer done()
	for {
		timeout := every
		if len(p.backlog) > 0 {
			timeout = time.Millisecond
		}
		n, err := wait(timeout)
		if err != nil {
			s.fail(fmt.Errorf("target: the pool's poller died: %w", err))
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
			if c != nil && c.idle {
				c.idle = false // the poller's until it parks or hands it on
			} else {
				c = nil // a thread has it (or it is being evicted)
			}
			p.mu.Unlock()
			if c != nil {
				p.onEvent(c)
			}
		}
		p.drainBacklog()
		if s.draining.Load() {
			// Requests that already arrived are served (with Connection:
			// close); idle connections close.
			for _, c := range p.backlog {
				p.queue <- c
			}
			p.backlog = nil
			p.mu.Lock()
			p.pollClosed = true
			var idle, ready []*pconn
			for _, c := range p.conns {
				if c.idle {
					if len(c.in) > 0 || readable(c.fd) {
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
		if now := time.Now(); now.Sub(lastSweep) >= every {
			lastSweep = now
			p.sweep(now)
		}
	}
}

// pollWaiter returns how the poller thread waits for events: at most
// timeout, filling events. It waits in Go's poller (the epoll set is
// itself pollable: a duplicate of its descriptor is registered there),
// not in a blocking epoll_wait(2): a thread blocked in a system call keeps
// the scheduler's P until sysmon takes it back, 20 us to 10 ms later, and
// on a target's one core (GOMAXPROCS 1) every wait of the poller then held
// up the threads it had just handed requests to. Where the set cannot be
// registered it waits in epoll_wait as before. done releases the
// duplicate.
func pollWaiter(pl *epoll.Poller, events []epoll.Event) (wait func(time.Duration) (int, error), done func()) {
	blocking := func(d time.Duration) (int, error) { return pl.Wait(events, d) }
	dup, err := unix.FcntlInt(uintptr(pl.FD()), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return blocking, func() {}
	}
	if err := unix.SetNonblock(dup, true); err != nil {
		unix.Close(dup)
		return blocking, func() {}
	}
	f := os.NewFile(uintptr(dup), "pool-poller")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return blocking, func() {}
	}
	return func(d time.Duration) (int, error) {
		var n int
		var werr error
		poll := func(uintptr) bool {
			n, werr = pl.Wait(events, 0)
			return werr != nil || n > 0
		}
		if poll(0) {
			return n, werr
		}
		f.SetReadDeadline(time.Now().Add(d))
		if err := rc.Read(poll); err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			return pl.Wait(events, d) // the poller would not wait: epoll_wait does
		}
		return n, werr
	}, func() { f.Close() }
}

// onEvent serves an event on a connection the poller owns.
func (p *poolServer) onEvent(c *pconn) {
	if p.service(c) {
		p.dispatch(c) // a new header, or what it pipelined behind its answers
	}
}

// service does what an event on c (owned by the caller) asks: it writes
// answers the client had not taken and reads what came in. It returns
// true when c has a whole request header in, for a thread to serve; else
// c has been parked again or closed.
func (p *poolServer) service(c *pconn) bool {
	if len(c.out) > 0 {
		n, err := rawWrite(c.fd, c.out)
		if err != nil && err != unix.EAGAIN && err != unix.EINTR {
			p.closeConn(c)
			return false
		}
		if n > 0 {
			c.out = c.out[:copy(c.out, c.out[n:])]
			c.wstamp = time.Now()
		}
		if len(c.out) > 0 {
			p.park(c)
			return false
		}
		if c.closing {
			unix.Shutdown(c.fd, unix.SHUT_WR)
			p.closeConn(c)
			return false
		}
	} else if !httpwire.HeaderDone(c.in) {
		if c.in == nil {
			c.in = getPoolBuf()
		}
		if len(c.in) == cap(c.in) {
			nb := make([]byte, len(c.in), 2*cap(c.in))
			copy(nb, c.in)
			putPoolBuf(c.in)
			c.in = nb
		}
		n, err := rawRead(c.fd, c.in[len(c.in):cap(c.in)])
		switch {
		case err == unix.EAGAIN || err == unix.EINTR:
		case err != nil || n == 0:
			p.closeConn(c)
			return false
		default:
			if len(c.in) == 0 && !c.reading {
				c.reading, c.rstamp = true, time.Now()
			}
			c.in = c.in[:len(c.in)+n]
		}
	}
	if httpwire.HeaderDone(c.in) {
		return true
	}
	p.park(c)
	return false
}

// drainBacklog moves backlog connections to the queue while it is less
// than half full.
func (p *poolServer) drainBacklog() {
	room := max(cap(p.queue)/2, 1)
	i := 0
	for ; i < len(p.backlog) && len(p.queue) < room; i++ {
		p.queue <- p.backlog[i] // the poller is the only sender: no block
		p.backlog[i] = nil
	}
	p.backlog = p.backlog[:copy(p.backlog, p.backlog[i:])]
}

// dispatch hands c (owned by the poller), with a whole header in, to the
// pool, or sheds it.
func (p *poolServer) dispatch(c *pconn) {
	s := p.s
	if c.yielded {
		c.yielded = false
		p.backlog = append(p.backlog, c)
		p.drainBacklog()
		return
	}
	select {
	case p.queue <- c:
	default:
		// Every thread busy and the queue full: shed.
		p.mu.Lock()
		delete(p.conns, c.fd)
		s.conns.Add(-1)
		p.mu.Unlock()
		p.poller.Del(c.fd)
		putPoolBuf(c.in)
		putPoolBuf(c.out)
		c.in, c.out = nil, nil
		s.refuse(c.fd, "accept_queue", false) // its request is in: answer at once
	}
}

// sweep closes the connections the poller owns that are past a timeout:
// idle past the keep-alive timeout (or the header timeout, never having
// sent a request), a header not in within the header timeout from its
// first byte, answers not taken within the write timeout.
func (p *poolServer) sweep(now time.Time) {
	cfg := &p.s.cfg
	var old []*pconn
	held := 0
	p.mu.Lock()
	for _, c := range p.conns {
		if !c.idle {
			continue
		}
		held += cap(c.in) + cap(c.out)
		var late bool
		switch {
		case len(c.out) > 0:
			late = now.Sub(c.wstamp) > cfg.WriteTimeout
		case c.reading || !c.served:
			late = now.Sub(c.rstamp) > cfg.HeaderTimeout
		default:
			late = now.Sub(c.rstamp) > cfg.KeepAlive
		}
		if late {
			c.idle = false
			old = append(old, c)
		}
	}
	p.mu.Unlock()
	p.held.Store(int64(held))
	for _, c := range old {
		p.s.m.timeouts.Inc()
		p.closeConn(c)
	}
}

// work is a pool thread (spawnLocked: its goroutine is locked to it).
func (p *poolServer) work() {
	w := &blockingConn{s: p.s, queue: p.queue, out: make([]byte, 0, 4096)}
	for c := range p.queue {
		for c != nil {
			res := w.serve(c)
			// w.req points into c's buffer (a 1 MiB body's, perhaps): kept,
			// it would pin that buffer after park gave it and its share of
			// --body-memory back.
			w.req.Reset()
			switch res {
			case keep:
				p.park(c)
			case closeIt:
				p.closeConn(c)
			}
			c = p.takeReady()
		}
	}
}

// takeReady is the ready check of a thread that has just finished a
// request: with no connection waiting in the queue, it looks at the
// poller's epoll set itself, without waiting, and takes a connection
// whose next request is in (nil if none). Had it waited on the queue
// instead, the request would have cost two more thread switches: this
// thread parks, the poller wakes, reads the header and hands the
// connection to a thread, which wakes (in a profile at 5,000 keep-alive
// req/s the hand-offs were 60% of the pool's CPU). The epoll set is
// one-shot, so the poller and the threads never get the same event, and
// a connection is taken as the poller takes it (idle true to false under
// mu). Only with the queue empty, so no one waiting is overtaken.
func (p *poolServer) takeReady() *pconn {
	if len(p.queue) > 0 || p.s.draining.Load() {
		return nil
	}
	fd, ok := pollOne(p.poller.FD())
	if !ok || fd < 0 {
		return nil // nothing ready, or the poller's wake-up (left for it)
	}
	p.mu.Lock()
	c := p.conns[fd]
	if c != nil && c.idle {
		c.idle = false
	} else {
		c = nil
	}
	p.mu.Unlock()
	if c == nil || !p.service(c) {
		return nil
	}
	c.yielded = false // the queue is empty: its turn has come
	return c
}

// blockingConn is a pool thread's working state.
type blockingConn struct {
	s       *Server
	queue   chan *pconn
	out     []byte
	scratch []byte
	req     httpwire.Request
}

// What serve leaves a connection to.
const (
	keep    = iota // back to the poller (idle, a header trickling in, or answers to write)
	closeIt        // close it
)

// serve answers c's buffered requests, reads a body that is still coming
// (bounded by the body timeout), and writes the answers without waiting
// for the client; it returns when c has no whole request left.
func (w *blockingConn) serve(c *pconn) int {
	s := w.s
	for {
		closeAfter, body, more := false, false, false
		off := 0
		for off < len(c.in) {
			if len(w.out) >= outLimit {
				more = true // write these answers before serving more
				break
			}
			m, err := httpwire.Parse(c.in[off:], &w.req)
			if err == httpwire.ErrIncomplete {
				if w.req.HeaderLen > 0 {
					body = true
					if c.hdrAt.IsZero() {
						c.hdrAt = time.Now() // the body timeout runs from here
					}
					if w.req.WantsContinue() && !c.continued {
						w.out = append(w.out, httpwire.Continue...)
						c.continued = true
					}
				}
				break
			}
			c.continued = false
			c.hdrAt = time.Time{}
			if err != nil {
				w.out = appendError(w.out, err)
				s.m.count(httpwire.StatusOf(err), time.Time{})
				closeAfter = true
				break
			}
			off += m
			closeAfter = w.req.Close || s.draining.Load()
			c.served = true
			w.handle(closeAfter)
			if closeAfter {
				break
			}
		}
		if off > 0 {
			c.in = c.in[:copy(c.in, c.in[off:])]
			c.reading, c.rstamp = len(c.in) > 0, time.Now()
		}
		if len(w.out) > 0 {
			n, err := writeSome(c.fd, w.out)
			if err != nil {
				w.out = w.out[:0]
				return closeIt
			}
			if n < len(w.out) {
				// The client is not taking its answers: the poller
				// writes the rest, and the thread goes on.
				if c.out == nil {
					c.out = getPoolBuf()
				}
				c.out = append(c.out[:0], w.out[n:]...)
				c.wstamp = time.Now()
				c.closing = closeAfter
				w.out = w.out[:0]
				return keep
			}
			w.out = w.out[:0]
		}
		switch {
		case closeAfter:
			unix.Shutdown(c.fd, unix.SHUT_WR)
			return closeIt
		case more && len(w.queue) > 0:
			// Others wait for a thread: this client's other pipelined
			// requests go to the back of the queue.
			c.yielded = true
			return keep
		case more:
			continue
		case body:
			// A body is coming: wait for it here, within the body
			// timeout counted from the end of its header.
			left := s.cfg.BodyTimeout - time.Since(c.hdrAt)
			if left <= 0 || !waitReadable(c.fd, left) {
				s.m.timeouts.Inc()
				return closeIt
			}
		case len(c.in) > 0:
			return keep // part of a header: the poller waits for the rest
		default:
			// Idle. When no other connection waits for a thread, wait a
			// moment on this one for the client's next request (a
			// keep-alive client sends it as soon as it has read this
			// answer) before handing the socket back to the poller: that
			// hand-off costs two thread switches per request. With work
			// queued the thread goes back to the queue at once; work
			// queued meanwhile waits at most the linger (MaxLinger
			// bounds it). On one P (a target pinned to
			// one core) there is no linger: a thread waiting in ppoll(2)
			// keeps the only P until sysmon takes it back, so the linger
			// held up the poller and every other thread and kept sysmon
			// polling every 20 us (38% of the pool's CPU samples at
			// 5,000 keep-alive req/s), costing more than the two thread
			// switches it saves.
			if s.cfg.Linger <= 0 || !lingerPays() || len(w.queue) > 0 || !waitReadable(c.fd, s.cfg.Linger) || s.draining.Load() {
				return keep // back to the poller
			}
		}
		if !w.readMore(c, body) {
			return closeIt
		}
	}
}

// readMore reads what c's client sent into c.in, growing it for a body
// that is coming (within --body-memory: a body that finds no room is
// answered 503). It returns false when c is to be closed.
func (w *blockingConn) readMore(c *pconn, body bool) bool {
	s := w.s
	if c.in == nil {
		c.in = getPoolBuf()
	}
	if len(c.in) == cap(c.in) {
		need := 0
		if body {
			need = w.req.HeaderLen + w.req.ContentLength
		}
		nb, ok := s.grow(c.in, need, &c.held)
		if !ok {
			// No room for this body: 503, and close.
			w.out = s.appendAnswer(w.out[:0], &plan{}, -1, false, 503, true, false)
			s.m.shed.WithLabelValues("body_memory").Inc()
			s.m.count(503, time.Time{})
			writeSome(c.fd, w.out)
			w.out = w.out[:0]
			unix.Shutdown(c.fd, unix.SHUT_WR)
			return false
		}
		putPoolBuf(c.in)
		c.in = nb
	}
	n, err := rawRead(c.fd, c.in[len(c.in):cap(c.in)])
	switch {
	case err == unix.EAGAIN || err == unix.EINTR:
	case err != nil || n == 0:
		return false
	default:
		if len(c.in) == 0 {
			c.reading, c.rstamp = true, time.Now()
		}
		c.in = c.in[:len(c.in)+n]
	}
	return true
}

// lingerPays reports whether a pool thread may linger on its connection:
// only with a P to spare for the others (see serve).
func lingerPays() bool { return runtime.GOMAXPROCS(0) > 1 }

// writeSome writes what a non-blocking socket takes of b now.
func writeSome(fd int, b []byte) (int, error) {
	done := 0
	for done < len(b) {
		n, err := rawWrite(fd, b[done:])
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			return done, nil
		case err != nil:
			return done, err
		}
		done += n
	}
	return done, nil
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
	w.out = s.appendAnswer(w.out, &p, -1, string(w.req.Method) == "HEAD", status, closeAfter, w.req.Minor == 0)
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
	if s.fan != nil {
		s.fan.close() // no request thread is left to submit
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
