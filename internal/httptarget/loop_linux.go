package httptarget

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/osthread"
	"github.com/waitlab/waitlab/internal/timeheap"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// loopServer is the event-loop model (and, with offload, loops plus a
// bounded pool of K threads for blocking work). N loops, each a goroutine
// locked to its OS thread with its own epoll set, timerfd and eventfd,
// serve non-blocking sockets; connections are bound to a loop round-robin
// by a separate acceptor thread ("own", Netty's boss group) or by loop 0
// itself ("shared"). Handlers run on the loop: a non-blocking wait is a
// timer and a downstream call is a socket in the same epoll set, so the
// loop serves others meanwhile; a blocking call (or one made under the
// validation lock) holds the loop, and every connection bound to it waits.
// In offload, blocking work goes to the pool and its continuation comes
// back to the loop through the eventfd.
type loopServer struct {
	s       *Server
	offload bool
	loops   []*eventLoop
	pool    *offloadPool
	rr      atomic.Uint64

	acceptDone chan struct{}
	loopsDone  sync.WaitGroup
	force      atomic.Bool
}

// Kinds of descriptor in a loop's epoll set (the high half of Event.Data;
// the low half is the fd).
const (
	kListen uint64 = iota + 1
	kWake
	kTimer
	kConn
	kDS
)

// heldBytes returns the bytes of buffers the connections held at the
// loops' last sweeps.
func (ls *loopServer) heldBytes() int64 {
	var n int64
	for _, l := range ls.loops {
		n += l.held.Load()
	}
	return n
}

func (ls *loopServer) queueLen() int {
	if ls.pool == nil {
		return 0
	}
	return len(ls.pool.jobs)
}

func (ls *loopServer) start() error {
	s := ls.s
	if err := unix.SetNonblock(s.lnFD, s.cfg.Acceptor == "shared"); err != nil {
		return fmt.Errorf("target: listen socket mode: %w", err)
	}
	ls.loops = make([]*eventLoop, s.cfg.Threads)
	for i := range ls.loops {
		l, err := newEventLoop(ls, i)
		if err != nil {
			for _, l := range ls.loops[:i] {
				l.closeFDs()
			}
			return err
		}
		ls.loops[i] = l
	}
	if s.cfg.Acceptor == "shared" {
		if err := ls.loops[0].poller.Add(s.lnFD, epoll.In, kListen<<32|uint64(s.lnFD)); err != nil {
			return fmt.Errorf("target: watch listen socket: %w", err)
		}
	}
	if ls.offload {
		ls.pool = newOffloadPool(s, s.cfg.Offload, s.cfg.OffloadQueue)
	}
	ready := make(chan struct{}, len(ls.loops))
	for _, l := range ls.loops {
		ls.loopsDone.Add(1)
		go l.run(ready)
	}
	for range ls.loops {
		<-ready
	}
	ls.acceptDone = make(chan struct{})
	if s.cfg.Acceptor == "own" {
		go ls.accept()
	} else {
		close(ls.acceptDone)
	}
	return nil
}

// accept is the separate acceptor: a locked thread in blocking accept(2)
// that hands each connection to the next loop.
func (ls *loopServer) accept() {
	defer close(ls.acceptDone)
	ls.s.acceptLoop(unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, ls.dispatch)
}

// dispatch binds an accepted socket to the next loop. At --max-conns the
// loop makes room by closing its longest idle connection, as nginx
// reuses keep-alive connections when it runs out (see addConn), and
// refuses the new one only when it has none idle.
func (ls *loopServer) dispatch(fd int) {
	s := ls.s
	full := s.conns.Load() >= int64(s.cfg.MaxConns)
	s.conns.Add(1)
	// TCP_NODELAY comes with the socket: set on the listener (listen).
	if s.sc != nil && s.sc.bind(ls, fd) {
		return // bound by its first request's index (scenario.go)
	}
	l := ls.loops[ls.rr.Add(1)%uint64(len(ls.loops))]
	if full {
		fd = -fd - 1 // the loop must make room first
	}
	l.postConn(fd)
}

func (ls *loopServer) shutdown(ctx context.Context) error {
	s := ls.s
	if s.cfg.Acceptor == "own" {
		shutdownListener(s.lnFD)
		<-ls.acceptDone
	}
	for _, l := range ls.loops {
		l.wake.Signal()
	}
	done := make(chan struct{})
	go func() { ls.loopsDone.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ErrDrainTimeout
		ls.force.Store(true)
		for _, l := range ls.loops {
			l.wake.Signal()
		}
		<-done
	}
	unix.Close(s.lnFD)
	if ls.pool != nil {
		ls.pool.close()
	}
	for _, l := range ls.loops {
		l.closeFDs()
	}
	return err
}

// eventLoop is one loop. Everything but the inbox is touched only by the
// loop's own goroutine; the inbox (new connections, finished offload
// work) is guarded by mu and announced through the eventfd.
type eventLoop struct {
	ls     *loopServer
	s      *Server
	idx    int
	poller *epoll.Poller
	wake   *epoll.EventFD
	timer  *epoll.TimerFD
	beat   *watchdog.Beat
	events []epoll.Event

	mu        sync.Mutex
	inFDs     []int
	inDone    []*task
	spareFDs  []int
	spareDone []*task

	conns    []*conn // by fd
	nconns   int
	free     []*conn
	freeTask []*task
	// timers holds the non-blocking waits by deadline; a nil task is the
	// loop's next sweep.
	timers  timeheap.Heap[*task]
	armed   int64 // monotonic ns the timerfd is armed for (0: none)
	dsOf    []*dsCall
	dsIdle  []*downstream.NBConn
	pending int // tasks not finished (timers, downstream, offload)
	scratch []byte
	drained bool
	serving *conn  // the connection serve is running for
	rbuf    []byte // shared read buffer
	wbuf    []byte // shared write buffer (empty outside serve and flush)
	raw     []unix.EpollEvent
	freeDS  []*dsCall
	// now is the monotonic time (ns) of the last wake-up: the stamps the
	// timeouts are measured from are taken from it, one clock read per
	// batch of events rather than per connection.
	now int64
	// bufs are small connection buffers (up to smallBuf) given back by
	// connections that went idle, for the next one that needs one.
	bufs [][]byte
	// held is the bytes of buffers the loop's connections held at the
	// last sweep (read by the metrics from any goroutine).
	held atomic.Int64
	// evictAt is where the next search for an idle connection to close
	// (to make room at --max-conns) starts in conns: a clock hand.
	evictAt int
}

// Per-connection bounds of the loops.
const (
	// outLimit is how much a connection's answers may queue before the
	// loop stops serving its pipelined requests (and stops reading from
	// it) until the client takes them: a client that pipelines and never
	// reads holds at most this plus one answer.
	outLimit = 64 << 10
	// smallBuf is the largest buffer kept for reuse when a connection
	// goes idle; bigger ones (a large body's) are left to the GC.
	smallBuf = 16 << 10
	// maxBufs is how many buffers a loop keeps for reuse.
	maxBufs = 64
	// evictAge is how long a connection must have been idle before it
	// may be closed to make room for a new one: a client that has just
	// connected (or just read its answer) gets time to send its request,
	// even on a loaded machine.
	evictAge = int64(500 * time.Millisecond)
)

func newEventLoop(ls *loopServer, idx int) (*eventLoop, error) {
	l := &eventLoop{ls: ls, s: ls.s, idx: idx, events: make([]epoll.Event, 256),
		rbuf: make([]byte, 0, 64<<10), wbuf: make([]byte, 0, 64<<10)}
	var err error
	if l.poller, err = epoll.New(); err != nil {
		return nil, fmt.Errorf("target: loop %d: %w", idx, err)
	}
	if l.wake, err = epoll.NewEventFD(); err != nil {
		l.poller.Close()
		return nil, fmt.Errorf("target: loop %d: %w", idx, err)
	}
	if l.timer, err = epoll.NewTimerFD(); err != nil {
		l.poller.Close()
		l.wake.Close()
		return nil, fmt.Errorf("target: loop %d: %w", idx, err)
	}
	if err := l.poller.Add(l.wake.FD(), epoll.In, kWake<<32|uint64(l.wake.FD())); err != nil {
		l.closeFDs()
		return nil, fmt.Errorf("target: loop %d: %w", idx, err)
	}
	if err := l.poller.Add(l.timer.FD(), epoll.In, kTimer<<32|uint64(l.timer.FD())); err != nil {
		l.closeFDs()
		return nil, fmt.Errorf("target: loop %d: %w", idx, err)
	}
	return l, nil
}

func (l *eventLoop) closeFDs() {
	l.timer.Close()
	l.wake.Close()
	l.poller.Close()
}

// postConn hands a new socket to the loop (from any goroutine).
func (l *eventLoop) postConn(fd int) {
	l.mu.Lock()
	l.inFDs = append(l.inFDs, fd)
	l.mu.Unlock()
	l.wake.Signal()
}

// postDone hands finished offload work back to the loop (any goroutine).
func (l *eventLoop) postDone(t *task) {
	l.mu.Lock()
	l.inDone = append(l.inDone, t)
	l.mu.Unlock()
	l.wake.Signal()
}

func (l *eventLoop) run(ready chan<- struct{}) {
	defer l.ls.loopsDone.Done()
	runtime.LockOSThread()
	l.beat = l.s.wd.RegisterLoop(l.idx, fmt.Sprintf("loop-%d", l.idx))
	l.now = int64(epoll.Monotonic())
	l.addTimer(l.s.sweepEvery(), nil)
	ready <- struct{}{}
	busy := false
	for {
		n := 0
		if busy {
			n = l.pollNow()
		}
		if n == 0 {
			timeout := time.Duration(-1)
			if l.s.draining.Load() {
				timeout = 10 * time.Millisecond
			}
			var err error
			n, err = l.poller.Wait(l.events, timeout)
			if err != nil {
				l.s.fail(fmt.Errorf("target: loop %d died: %w", l.idx, err))
				return
			}
		}
		l.now = int64(epoll.Monotonic())
		busy = n > 0
		for i := 0; i < n; i++ {
			ev := l.events[i]
			fd := int(uint32(ev.Data))
			switch ev.Data >> 32 {
			case kConn:
				if fd < len(l.conns) && l.conns[fd] != nil {
					l.onConn(l.conns[fd], ev.Events)
				}
			case kWake:
				l.wake.Drain()
				l.onWake()
			case kTimer:
				l.timer.Drain()
				l.onTimer()
			case kDS:
				l.onDS(fd, ev.Events)
			case kListen:
				l.onListen()
			}
		}
		if l.s.draining.Load() && l.drain() {
			return
		}
	}
}

// drain closes idle connections once the server is draining and reports
// whether the loop may stop (nothing left, or forced).
func (l *eventLoop) drain() bool {
	if !l.drained {
		l.drained = true
		if l.idx == 0 && l.s.cfg.Acceptor == "shared" {
			l.poller.Del(l.s.lnFD)
		}
	}
	force := l.ls.force.Load()
	for _, c := range l.conns {
		if c == nil {
			continue
		}
		if force || (c.t == nil && len(c.out) == 0 && c.unparsed() == 0) {
			l.closeConn(c)
		}
	}
	if force {
		for _, nb := range l.dsIdle {
			l.poller.Del(nb.FD)
			nb.Close()
		}
		l.dsIdle = nil
	}
	return l.nconns == 0 && (l.pending == 0 || force)
}

func (l *eventLoop) onWake() {
	l.mu.Lock()
	fds, done := l.inFDs, l.inDone
	l.inFDs, l.inDone = l.spareFDs[:0], l.spareDone[:0]
	l.mu.Unlock()
	for _, fd := range fds {
		l.addConn(fd)
	}
	for i, t := range done {
		done[i] = nil
		l.beat.Begin(t.p.id)
		l.offloadDone(t)
		l.beat.End()
	}
	l.spareFDs, l.spareDone = fds[:0], done[:0]
}

func (l *eventLoop) onListen() {
	for i := 0; i < 64; i++ {
		fd, err := accept4(l.s.lnFD, unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, false)
		if err != nil {
			return // EAGAIN or a transient error; level-triggered, so we come back
		}
		l.ls.dispatch(fd)
	}
}

// conn is one client connection bound to this loop.
type conn struct {
	fd int
	// in holds the bytes being parsed: usually a slice of the loop's
	// shared read buffer (shared), else own, the connection's buffer for
	// what must outlive one read: a partial request, pipelined requests
	// behind one that waits. out holds only answers the socket did not
	// take yet (answers are built in the loop's shared write buffer). So
	// an idle keep-alive connection holds no buffers of its own, and the
	// loop touches one read and one write buffer however many
	// connections it serves.
	in, own, out []byte
	shared       bool
	off          int // parsed up to here
	req          httpwire.Request
	t            *task // the request being served asynchronously
	mask         uint32
	close        bool // close once out is written
	// continued: "100 Continue" was sent for the request being received.
	continued bool
	eof       bool // the peer closed its side
	// Timeouts (checked by the loop's sweep). rstamp is when the read
	// phase began: the accept, the first byte of a request (the header
	// timeout runs from it, in total), the end of its header (the body
	// timeout), or the last answer (the keep-alive timeout). wstamp is
	// when answers last started waiting for the client or it last took
	// some (the write timeout).
	rstamp, wstamp int64
	reading        bool // part of a request is buffered
	hdr            bool // ... and its header is complete
	served         bool // a request was answered: idle means keep-alive
	held           int  // bytes of the server's body memory its buffer holds
	more           bool // serving stopped at outLimit with requests buffered
}

func (c *conn) unparsed() int { return len(c.in) - c.off }

func (l *eventLoop) addConn(fd int) {
	if l.s.draining.Load() {
		if fd < 0 {
			fd = -fd - 1
		}
		unix.Close(fd)
		l.s.conns.Add(-1)
		return
	}
	if fd < 0 {
		// The server is full: close the idle connection that has waited
		// longest since the clock hand last passed, or refuse this one.
		fd = -fd - 1
		if v := l.findIdle(); v != nil {
			l.evict(v)
		} else {
			l.s.conns.Add(-1)
			l.s.refuse(fd, "max_conns", true)
			return
		}
	}
	var c *conn
	if n := len(l.free); n > 0 {
		c = l.free[n-1]
		l.free = l.free[:n-1]
	} else {
		c = &conn{}
	}
	c.fd, c.mask = fd, epoll.In|epoll.RdHup
	c.rstamp = l.now
	if err := l.poller.Add(fd, c.mask, kConn<<32|uint64(fd)); err != nil {
		unix.Close(fd)
		l.s.conns.Add(-1)
		return
	}
	for len(l.conns) <= fd {
		l.conns = append(l.conns, nil)
	}
	l.conns[fd] = c
	l.nconns++
}

// closeConn forgets and closes c. Closing the socket's last descriptor
// takes it out of the epoll set, so there is no EPOLL_CTL_DEL first;
// evict, which keeps a duplicate, deletes the registration itself.
func (l *eventLoop) closeConn(c *conn) {
	if c.t != nil {
		c.t.conn = nil // its work finishes without a connection to answer
		c.t = nil
	}
	unix.Close(c.fd)
	l.conns[c.fd] = nil
	l.nconns--
	l.s.conns.Add(-1)
	l.putBuf(c.own)
	l.putBuf(c.out)
	l.s.letGo(&c.held)
	*c = conn{}
	l.free = append(l.free, c)
}

// idle reports whether c waits for its next request with nothing of its
// own in progress, buffered or unsent.
func (c *conn) idle() bool { return c.t == nil && len(c.out) == 0 && c.unparsed() == 0 }

// evict closes idle c to make room at --max-conns. A connection that has
// not sent a request yet may be a slow client rather than an idle one: it
// is handed to refuse, which answers 503 once its request comes (or after
// a moment), so no client is cut without an answer.
func (l *eventLoop) evict(c *conn) {
	l.s.m.evicted.Inc()
	if c.served {
		l.closeConn(c)
		return
	}
	fd := c.fd
	nfd, err := unix.Dup(fd)
	if err == nil {
		l.poller.Del(fd) // the duplicate keeps the socket open
	}
	l.closeConn(c)
	if err == nil {
		l.s.refuse(nfd, "max_conns", true)
	}
}

// findIdle returns a connection of this loop idle for at least evictAge,
// searching from the clock hand on (nil if there is none).
func (l *eventLoop) findIdle() *conn {
	n := len(l.conns)
	for i := 0; i < n; i++ {
		j := (l.evictAt + i) % n
		c := l.conns[j]
		// An idle connection whose next request is already in the
		// kernel is not idle: it was just not read yet.
		if c != nil && c.idle() && l.now-c.rstamp >= evictAge && !readable(c.fd) {
			l.evictAt = j + 1
			return c
		}
	}
	return nil
}

// putBuf keeps a small buffer for reuse and lets a big one go.
func (l *eventLoop) putBuf(b []byte) {
	if cap(b) > 0 && cap(b) <= smallBuf && len(l.bufs) < maxBufs {
		l.bufs = append(l.bufs, b[:0])
	}
}

// getBuf returns an empty buffer (of at least 4 KiB).
func (l *eventLoop) getBuf() []byte {
	if n := len(l.bufs); n > 0 {
		b := l.bufs[n-1]
		l.bufs = l.bufs[:n-1]
		return b
	}
	return make([]byte, 0, 4096)
}

// release gives an idle connection's buffers back, so an idle keep-alive
// connection holds none whatever it sent before (a 1 MiB body's buffer
// included). The parsed request goes too: its Body, Path and Method point
// into the buffer, and kept they would pin it after its share of
// --body-memory was handed back.
func (l *eventLoop) release(c *conn) {
	c.req.Reset()
	if cap(c.own) > 0 {
		l.putBuf(c.own)
		c.own, c.in, c.off = nil, nil, 0
		l.s.letGo(&c.held)
	}
	if cap(c.out) > 0 {
		l.putBuf(c.out)
		c.out = nil
	}
}

func (l *eventLoop) onConn(c *conn, ev uint32) {
	if ev&epoll.Out != 0 {
		l.flush(c)
		if l.conns[c.fd] != c {
			return
		}
		if len(c.out) == 0 && c.t == nil && c.unparsed() > 0 {
			// The client took its answers: serve what it pipelined
			// behind them (serving stopped at outLimit).
			l.serve(c)
			return
		}
	}
	if c.t != nil {
		// Serving: the only news can be that the connection broke.
		if ev&(epoll.Err|epoll.Hup) != 0 {
			l.closeConn(c)
		}
		return
	}
	if ev&(epoll.In|epoll.Err|epoll.Hup|epoll.RdHup) != 0 {
		l.read(c)
	}
}

// read reads once (level-triggered: the loop comes back if more is
// there), serves what it can and writes the answers in one write.
func (l *eventLoop) read(c *conn) {
	if c.unparsed() == 0 {
		// Nothing buffered: read into the loop's shared buffer.
		n, err := rawRead(c.fd, l.rbuf[:cap(l.rbuf)])
		switch {
		case err == unix.EAGAIN || err == unix.EINTR:
			return
		case err != nil || n == 0:
			c.eof = true
			l.closeConn(c)
			return
		}
		c.in, c.off, c.shared = l.rbuf[:n], 0, true
		l.serve(c)
		return
	}
	// Part of a request is buffered on the connection: read after it.
	if len(c.in) == cap(c.in) {
		need := 0
		if c.hdr {
			need = c.req.HeaderLen + c.req.ContentLength
		}
		nb, ok := l.s.grow(c.in, need, &c.held)
		if !ok {
			l.noRoom(c)
			return
		}
		l.putBuf(c.own)
		c.in, c.own = nb, nb[:0]
	}
	n, err := rawRead(c.fd, c.in[len(c.in):cap(c.in)])
	switch {
	case err == unix.EAGAIN || err == unix.EINTR:
		return
	case err != nil || n == 0:
		c.eof = true
	default:
		c.in = c.in[:len(c.in)+n]
	}
	l.serve(c)
}

// noRoom answers a request whose body finds no room (--body-memory spent,
// or over the limits) 503 and closes the connection.
func (l *eventLoop) noRoom(c *conn) {
	s := l.s
	o := l.outBuf(c)
	*o = s.appendAnswer(*o, &plan{}, -1, false, 503, true, false)
	s.m.shed.WithLabelValues("body_memory").Inc()
	s.m.count(503, time.Time{})
	c.close = true
	c.in, c.off = c.in[:0], 0
	l.flush(c)
}

// serve parses and answers the requests buffered on c (pipelining) until
// one of them must wait, then writes.
func (l *eventLoop) serve(c *conn) {
	prev := l.serving
	l.serving = c
	defer func() { l.serving = prev }()
	c.more = false
	for c.t == nil && !c.close && c.off < len(c.in) {
		if len(*l.outBuf(c)) >= outLimit {
			// Enough answers for now: write them, and serve the rest
			// when the socket is writable again (after the loop's other
			// connections had their turn).
			c.more = true
			break
		}
		n, err := httpwire.Parse(c.in[c.off:], &c.req)
		if err == httpwire.ErrIncomplete {
			if !c.reading {
				c.reading, c.hdr, c.rstamp = true, false, l.now
			}
			if c.req.HeaderLen > 0 && !c.hdr {
				c.hdr, c.rstamp = true, l.now
			}
			if c.req.WantsContinue() && !c.continued {
				o := l.outBuf(c)
				*o = append(*o, httpwire.Continue...)
				c.continued = true
			}
			break
		}
		c.reading, c.served = false, true
		c.continued = false
		if err != nil {
			o := l.outBuf(c)
			*o = appendError(*o, err)
			l.s.m.count(httpwire.StatusOf(err), time.Time{})
			c.close = true
			break
		}
		c.off += n
		closeAfter := c.req.Close || l.s.draining.Load()
		if closeAfter {
			c.close = true
		}
		l.handle(c, closeAfter)
	}
	switch {
	case c.shared && c.unparsed() == 0:
		c.in, c.off, c.shared = nil, 0, false
	case c.shared:
		// The shared buffer is the next connection's: keep what is not
		// parsed yet (or what waits behind a request in progress) in
		// the connection's own buffer. The request in progress needs
		// nothing from it: its task copied what it keeps.
		if c.own == nil {
			c.own = l.getBuf()
		}
		c.own = append(c.own[:0], c.in[c.off:]...)
		c.in, c.off, c.shared = c.own, 0, false
	case c.t == nil && c.off > 0:
		// Keep the unparsed tail at the front of the buffer.
		rest := copy(c.in, c.in[c.off:])
		c.in, c.off = c.in[:rest], 0
	}
	if c.eof && c.t == nil {
		c.close = true
	}
	l.flush(c)
}

// becameIdle starts c's keep-alive wait and gives its buffers back.
func (l *eventLoop) becameIdle(c *conn) {
	c.rstamp, c.reading, c.hdr = l.now, false, false
	l.release(c)
}

// outBuf returns where c's next answers go: the loop's shared write
// buffer, or c.out when earlier answers still wait there for the socket
// (answers keep their order).
func (l *eventLoop) outBuf(c *conn) *[]byte {
	if len(c.out) > 0 {
		return &c.out
	}
	return &l.wbuf
}

// flush writes c's answers and sets what the loop waits for on c.
func (l *eventLoop) flush(c *conn) {
	own := len(c.out) > 0
	out := l.wbuf
	if own {
		out = c.out
	}
	l.wbuf = l.wbuf[:0]
	if len(out) > 0 {
		n, err := rawWrite(c.fd, out)
		if err != nil && err != unix.EAGAIN && err != unix.EINTR {
			l.closeConn(c)
			return
		}
		n = max(n, 0)
		if own {
			c.out = c.out[:copy(c.out, c.out[n:])]
			if n > 0 {
				c.wstamp = l.now // the client took some
			}
		} else if n < len(out) {
			if c.out == nil {
				c.out = l.getBuf()
			}
			c.out = append(c.out[:0], out[n:]...)
			c.wstamp = l.now
		}
	}
	if len(c.out) == 0 && c.close && c.t == nil {
		l.closeConn(c)
		return
	}
	if c.idle() {
		c.rstamp = l.now // the keep-alive wait starts
		if c.reading || cap(c.own) > 0 || cap(c.out) > 0 {
			l.becameIdle(c)
		}
	}
	want := epoll.In | epoll.RdHup
	switch {
	case len(c.out) > 0:
		want = epoll.Out // back-pressure: no reading until the peer reads
	case c.more && c.t == nil:
		want = epoll.Out // serve the rest on the next turn (see serve)
	case c.t != nil:
		// Serving: pipelined bytes wait in the kernel. No RdHup either:
		// level-triggered, a half-closed peer would wake the loop
		// without end while the request waits.
		want = 0
	}
	if want != c.mask {
		c.mask = want
		l.poller.Mod(c.fd, want, kConn<<32|uint64(c.fd))
	}
}

// handle serves the request just parsed into c.req.
func (l *eventLoop) handle(c *conn, closeAfter bool) {
	s := l.s
	o := l.outBuf(c)
	if routeOf(c.req.Path) != routeWork {
		// Rendering /metrics takes the loop too: the watchdog sees it.
		l.beat.Begin(0)
		*o, _ = s.appendPage(*o, &c.req, closeAfter)
		l.beat.End()
		return
	}
	start := time.Now()
	id := s.reqSeq.Add(1)
	s.m.inFlight.Inc()
	t := l.newTask()
	t.conn, t.start, t.closeAfter = c, start, closeAfter
	// What the answer and the log line need from the request, copied:
	// the bytes it was parsed from may be reused before it finishes.
	t.head = string(c.req.Method) == "HEAD"
	t.ka10 = c.req.Minor == 0
	if s.log.f != nil {
		t.method = append(t.method[:0], c.req.Method...)
		t.path = append(t.path[:0], c.req.Path...)
	}
	t.p = s.makePlan(id, c.req.Query)
	l.beat.Begin(t.p.id) // a scenario's request index, else id
	c.t = t
	l.pending++
	if t.p.status != 0 {
		t.status = t.p.status
		l.finish(t)
	} else {
		osthread.Spin(t.p.cpu)
		l.advance(t)
	}
	l.beat.End()
}

// Task stages.
const (
	stBlock = iota // the blocking call of the block fraction
	stCalls        // the calls
	stDone
)

// task is one request in progress on a loop. Owned by its loop, except
// while an offload thread runs its blocking part.
type task struct {
	l          *eventLoop
	conn       *conn
	p          plan
	start      time.Time
	closeAfter bool
	stage      int
	started    int // calls started
	finished   int // calls finished
	status     int
	job        int // what the offload thread must do
	err        error
	head       bool   // a HEAD request: no body in the answer
	ka10       bool   // an HTTP/1.0 request (kept open: say so)
	method     []byte // for the log line
	path       []byte
}

func (l *eventLoop) newTask() *task {
	if n := len(l.freeTask); n > 0 {
		t := l.freeTask[n-1]
		l.freeTask = l.freeTask[:n-1]
		return t
	}
	return &task{l: l}
}

// advance runs t's stages on the loop until one must wait or all are done.
func (l *eventLoop) advance(t *task) {
	for {
		switch t.stage {
		case stBlock:
			t.stage = stCalls
			if t.p.block > 0 {
				if l.ls.offload {
					if l.submit(t, jobBlock) {
						return
					}
					t.status = 503
					t.stage = stDone
					continue
				}
				// Blocks the loop: the stall (a nanosleep, or the
				// loop's thread waiting inside the database driver).
				if err := l.s.block(&t.p, false); err != nil {
					t.status = 502
					t.stage = stDone
				}
			}
		case stCalls:
			if t.started == t.p.calls && t.finished == t.p.calls {
				t.stage = stDone
				continue
			}
			if t.p.pipelined && t.started == 0 && t.p.calls > 1 {
				// One round trip for every call: the batch counts as
				// the last call, the others end with it.
				t.started, t.finished = t.p.calls, t.p.calls-1
				if !l.startCall(t) {
					return // failed and finished
				}
				continue
			}
			// Start the next call (sequential) or all of them (parallel).
			for t.started < t.p.calls && (t.p.parallel || t.started == t.finished) {
				t.started++
				if !l.startCall(t) {
					return // failed and finished
				}
			}
			if t.finished < t.started {
				return // waiting for a call
			}
		case stDone:
			if t.status == 0 {
				t.status = 200
			}
			l.finish(t)
			return
		}
	}
}

// startCall starts one call of t. A call that completes at once (a
// blocking one on the loop) counts as finished before it returns. It
// reports false if t was finished with an error.
func (l *eventLoop) startCall(t *task) bool {
	p := &t.p
	// n commands in this call: one, or a pipelined batch of them all,
	// whose wait (without a downstream) is the slowest call's.
	n, k := 1, t.started-1
	if p.pipelined && p.calls > 1 {
		n, k = p.calls, p.slowestCall()
	}
	blocking := p.blocking || (p.remote && p.lock)
	if blocking && l.ls.offload {
		if !l.submit(t, jobCall) {
			return l.failStatus(t, 503, nil)
		}
		return true
	}
	if !p.remote {
		w := p.waitOf(k)
		if p.blocking && p.sc.holdsSlowest(p) && !l.ls.offload {
			// Parallel blocking waits hold the loop once, for the slowest.
			osthread.Block(p.waitOf(p.sc.slowest()))
			n := p.calls - t.started
			t.started += n
			t.finished += n + 1
			return true
		}
		if p.blocking {
			if p.sc != nil && p.sc.lock {
				l.s.sc.lock.lock()
				osthread.Block(w)
				l.s.sc.lock.unlock()
			} else {
				osthread.Block(w)
			}
			t.finished++
			return true
		}
		if p.sc != nil && p.sc.lock {
			l.s.sc.asyncLocked(t, w)
			return true
		}
		l.addTimer(w, t)
		return true
	}
	if p.lock {
		// The bug, on the loop: lock, PING, unlock, all blocking.
		if err := l.s.validate(); err != nil {
			return l.fail(t, err)
		}
	}
	if p.blocking {
		if err := l.s.client.DoN(downstream.CmdGet, n); err != nil {
			return l.fail(t, err)
		}
		t.finished++
		return true
	}
	if err := l.startDS(t, n); err != nil {
		return l.fail(t, err)
	}
	return true
}

func (l *eventLoop) fail(t *task, err error) bool {
	l.s.downstreamErrors.Inc()
	return l.failStatus(t, 502, err)
}

// failStatus ends the call just started with an error: no more calls
// start, and t is answered with status once its other calls are back.
func (l *eventLoop) failStatus(t *task, status int, err error) bool {
	t.err = err
	t.status = status
	t.finished++
	t.p.calls = t.started
	if t.finished == t.started {
		t.stage = stDone
		l.advance(t)
	}
	return false
}

// callDone is called when one call of t has finished.
func (l *eventLoop) callDone(t *task, err error) {
	t.finished++
	if err != nil {
		l.s.downstreamErrors.Inc()
		t.status = 502
		t.err = err
		t.p.calls = t.started
	}
	if t.finished == t.started {
		l.advance(t)
	}
}

// finish answers t (if its connection is still open) and frees it.
func (l *eventLoop) finish(t *task) {
	s := l.s
	c := t.conn
	if c != nil {
		l.scratch = s.log.write(l.scratch, t.p.id, t.method, t.path, t.status, t.start)
		o := l.outBuf(c)
		*o = s.appendAnswer(*o, &t.p, l.idx, t.head, t.status, t.closeAfter, t.ka10)
		c.t = nil
	}
	s.m.inFlight.Dec()
	s.m.count(t.status, t.start)
	l.pending--
	*t = task{l: l, method: t.method[:0], path: t.path[:0]}
	l.freeTask = append(l.freeTask, t)
	// Go on with c's pipelined requests, unless serve is running for c
	// further up this stack (the request was answered at once).
	if c != nil && l.serving != c {
		l.serve(c)
	}
}

// addTimer makes t's call finish after d, without holding the loop.
func (l *eventLoop) addTimer(d time.Duration, t *task) {
	when := int64(epoll.Monotonic() + d)
	l.timers.Push(time.Duration(when), t)
	if l.armed == 0 || when < l.armed {
		l.armed = when
		l.timer.ArmAt(time.Duration(when))
	}
}

func (l *eventLoop) onTimer() {
	now := int64(epoll.Monotonic())
	for l.timers.Len() > 0 {
		if at, _ := l.timers.Peek(); int64(at) > now {
			break
		}
		_, t := l.timers.Pop()
		if t == nil { // the loop's next sweep
			l.sweep(now)
			l.addTimer(l.s.sweepEvery(), nil)
			continue
		}
		l.beat.Begin(t.p.id)
		l.callDone(t, nil)
		l.beat.End()
	}
	l.armed = 0
	if l.timers.Len() > 0 {
		at, _ := l.timers.Peek()
		l.armed = int64(at)
		l.timer.ArmAt(at)
	}
}

// sweepEvery is how often each loop looks for connections and downstream
// calls past their timeouts: a quarter of the shortest timeout, between
// 5 ms and 1 s. A timeout thus fires up to a quarter late, for one pass
// over the loop's connections per tick (a few microseconds per thousand).
func (s *Server) sweepEvery() time.Duration {
	c := &s.cfg
	d := min(c.KeepAlive, c.HeaderTimeout, c.BodyTimeout, c.WriteTimeout, c.DownstreamTimeout) / 4
	return min(max(d, 5*time.Millisecond), time.Second)
}

// errDSTimeout fails a downstream call past --downstream-timeout.
var errDSTimeout = fmt.Errorf("target: downstream call timed out")

// sweep closes the connections past their timeout: idle past the
// keep-alive timeout (or, never having sent a request, past the header
// timeout), a request's header or body not in within its timeout,
// answers the client has taken none of within the write timeout. A
// connection whose request is being served has no read timeout (its
// work is bounded by the knobs and the downstream timeout). Downstream
// calls past their timeout fail (502).
func (l *eventLoop) sweep(now int64) {
	cfg := &l.s.cfg
	held := 0
	for _, c := range l.conns {
		if c == nil {
			continue
		}
		held += cap(c.own) + cap(c.out)
		if len(c.out) > 0 {
			if now-c.wstamp > int64(cfg.WriteTimeout) {
				l.closeConn(c)
			}
			continue
		}
		if c.t != nil {
			continue
		}
		limit := cfg.HeaderTimeout
		switch {
		case c.unparsed() > 0 && c.hdr:
			limit = cfg.BodyTimeout
		case c.unparsed() == 0 && c.served:
			limit = cfg.KeepAlive
		}
		if now-c.rstamp > int64(limit) {
			l.s.m.timeouts.Inc()
			l.closeConn(c)
		}
	}
	for _, call := range l.dsOf {
		if call != nil && call.t != nil && now > call.deadline {
			l.endDS(call, errDSTimeout)
		}
	}
	l.held.Store(int64(held))
}

// dsCall is one non-blocking downstream call in flight.
type dsCall struct {
	nb       *downstream.NBConn
	t        *task
	deadline int64 // monotonic ns
}

// startDS sends t's call (n commands, pipelined) on an idle downstream
// connection of this loop (or a new one); the replies come back as epoll
// events.
func (l *eventLoop) startDS(t *task, n int) error {
	var nb *downstream.NBConn
	if n := len(l.dsIdle); n > 0 {
		nb = l.dsIdle[n-1]
		l.dsIdle = l.dsIdle[:n-1]
	} else {
		var err error
		nb, err = downstream.DialNonblock(l.s.dsAddr)
		if err != nil {
			return err
		}
		if err := l.poller.Add(nb.FD, epoll.In|epoll.Out|epoll.RdHup|epoll.ET, kDS<<32|uint64(nb.FD)); err != nil {
			nb.Close()
			return err
		}
	}
	var call *dsCall
	if n := len(l.freeDS); n > 0 {
		call = l.freeDS[n-1]
		l.freeDS = l.freeDS[:n-1]
	} else {
		call = &dsCall{}
	}
	call.nb, call.t = nb, t
	call.deadline = int64(epoll.Monotonic() + l.s.cfg.DownstreamTimeout)
	for len(l.dsOf) <= nb.FD {
		l.dsOf = append(l.dsOf, nil)
	}
	l.dsOf[nb.FD] = call
	nb.StartN(downstream.CmdGet, n)
	if _, err := nb.Write(); err != nil {
		l.dsOf[nb.FD] = nil
		l.dropDS(nb)
		l.freeDS = append(l.freeDS, call)
		return err
	}
	return nil
}

func (l *eventLoop) dropDS(nb *downstream.NBConn) {
	l.poller.Del(nb.FD)
	nb.Close()
}

func (l *eventLoop) onDS(fd int, ev uint32) {
	var call *dsCall
	if fd < len(l.dsOf) {
		call = l.dsOf[fd]
	}
	if call == nil {
		// An idle connection: the only news can be that it closed.
		if ev&(epoll.Hup|epoll.RdHup|epoll.Err) != 0 {
			for i, nb := range l.dsIdle {
				if nb.FD == fd {
					l.dsIdle = append(l.dsIdle[:i], l.dsIdle[i+1:]...)
					l.dropDS(nb)
					break
				}
			}
		}
		return
	}
	nb := call.nb
	if nb.Pending() {
		done, err := nb.Write()
		if err != nil {
			l.endDS(call, err)
			return
		}
		if !done {
			return
		}
	}
	done, err := nb.Read()
	if err != nil || done {
		l.endDS(call, err)
	}
}

// endDS ends a downstream call: the connection goes back to the idle list
// (or is dropped after an error) and the task goes on.
func (l *eventLoop) endDS(call *dsCall, err error) {
	nb, t := call.nb, call.t
	l.dsOf[nb.FD] = nil
	*call = dsCall{}
	l.freeDS = append(l.freeDS, call)
	if err != nil || l.s.draining.Load() {
		l.dropDS(nb)
	} else {
		l.dsIdle = append(l.dsIdle, nb)
	}
	l.beat.Begin(t.p.id)
	l.callDone(t, err)
	l.beat.End()
}

// Offload jobs.
const (
	jobBlock = iota + 1
	jobCall
)

// submit gives t's blocking part to the offload pool; false when the
// pool's queue is full (the request is shed).
func (l *eventLoop) submit(t *task, job int) bool {
	t.job = job
	select {
	case l.ls.pool.jobs <- t:
		return true
	default:
		l.s.m.shed.WithLabelValues("offload_queue").Inc()
		return false
	}
}

// offloadDone continues t on its loop after the pool ran its job.
func (l *eventLoop) offloadDone(t *task) {
	switch t.job {
	case jobBlock:
		if t.err != nil { // the database call failed (counted by db.go)
			t.err = nil
			t.status = 502
			t.stage = stDone
		}
		l.advance(t)
	case jobCall:
		err := t.err
		t.err = nil
		if err != nil {
			l.s.downstreamErrors.Inc()
		}
		l.callDone(t, err)
	}
}

// offloadPool is the bounded pool of K locked OS threads for blocking
// work (Reactor's boundedElastic). jobs is its queue.
type offloadPool struct {
	s    *Server
	jobs chan *task
	wg   sync.WaitGroup
}

func newOffloadPool(s *Server, k, queue int) *offloadPool {
	p := &offloadPool{s: s, jobs: make(chan *task, queue)}
	spawnLocked(k, &p.wg, p.work)
	return p
}

// work is an offload thread (spawnLocked: its goroutine is locked to it).
func (p *offloadPool) work() {
	for t := range p.jobs {
		switch t.job {
		case jobBlock:
			t.err = p.s.block(&t.p, false)
		case jobCall:
			t.err = p.s.blockingCallOrBatch(&t.p, t.started-1, true)
		}
		t.l.postDone(t)
	}
}

// close stops the pool once the loops have stopped submitting.
func (p *offloadPool) close() {
	close(p.jobs)
	p.wg.Wait()
}
