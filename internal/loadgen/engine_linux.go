package loadgen

import (
	"context"
	"fmt"
	"net"
	"os"
	"runtime"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// The event loop: for plain http on Linux, one goroutine drives every
// connection through its own epoll set over raw non-blocking sockets (the
// design of wrk), instead of one goroutine per connection. It saves the
// goroutine park and wake-up of every request. The epoll set is itself
// waited on through Go's poller (an epoll fd is pollable), so the
// goroutine never blocks its thread in a system call; a timerfd in the set
// wakes it for the next intended send, think times and timeouts.
//
// Everything here runs on the loop's goroutine; only stopLoop (an eventfd
// write) is called from elsewhere.

// Connection states.
const (
	stIdle uint8 = iota
	stConnecting
	stWriting
	stReading
	stThinking
)

type econn struct {
	id    int
	fd    int
	state uint8
	rr    httpwire.ResponseReader // the response being read

	buf  []byte
	r, w int
	out  []byte // request bytes still to write

	due, send, deadline time.Duration
	target              int
	head                bool
	measured            bool
	seq                 uint64 // request sequence, to skip stale timeout entries

	reused  bool
	got     bool // a byte of this response arrived
	retried bool
	status  int
	close   bool
	wantOut bool // EPOLLOUT is registered
	next    int  // closed model: the next target index

	// The connection's set-up (the epoll engine's one dial path,
	// connect): dialing from its socket call (dialAt) until its first
	// request is all written; upAt is when it is known established
	// (connect's return when that request went out whole at once, -1:
	// when the rest is written).
	dialing      bool
	dialAt, upAt time.Duration

	// A scenario's request on the loop (scenario_loop_linux.go): its
	// index (in target), its bytes, its connection group and virtual
	// user, and the tags its answer carries (field reads them).
	req   []byte
	grp   int
	user  int
	tags  tags
	field func(name, value []byte)

	// The io_uring engine: the socket's generation (in every ring
	// entry's user data, so completions for a closed socket are known
	// stale) and which operations are in flight on it.
	gen                    uint32
	cxBusy, txBusy, rxBusy bool
	fixed                  bool // the socket is in the ring's file table, in slot id
}

type timeoutEntry struct {
	c        *econn
	seq      uint64
	deadline time.Duration
}

// fifo is a ring buffer that grows by doubling only when full, so a
// steady run does not allocate.
type fifo[T any] struct {
	buf        []T
	head, size int
}

func (q *fifo[T]) len() int { return q.size }

func (q *fifo[T]) push(e T) {
	if q.size == len(q.buf) {
		nb := make([]T, max(2*len(q.buf), 64))
		for i := 0; i < q.size; i++ {
			nb[i] = q.buf[(q.head+i)%len(q.buf)]
		}
		q.buf, q.head = nb, 0
	}
	q.buf[(q.head+q.size)%len(q.buf)] = e
	q.size++
}

func (q *fifo[T]) front() T { return q.buf[q.head] }

func (q *fifo[T]) pop() {
	var zero T
	q.buf[q.head] = zero
	q.head = (q.head + 1) % len(q.buf)
	q.size--
}

type loop struct {
	g      *gen
	poller *epoll.Poller
	timer  *epoll.TimerFD
	wake   *epoll.EventFD
	epfd   int // poller's, timer's and wake's descriptors
	tfd    int
	efd    int
	epFile *os.File
	sa     unix.Sockaddr
	family int

	conns []*econn
	// free are the idle connections (open model), the longest idle
	// first: a request goes out on the connection that has waited
	// longest, as independent clients' requests would spread.
	//
	// Why not the last one freed (a stack, as it was): at light load the
	// connection just answered is nearly always idle again, so nearly
	// every request took it, and a server that owns each connection on
	// one of its event loops (Netty, nginx's workers, gnet, waitlab's
	// loop target) got them all on one loop. A loop target of 2 loops
	// whose every request blocks its loop 10 ms read p99 39.8 ms at 94
	// req/s, against 24.0 ms taking the longest idle and 24.8 ms by the
	// model of 2 threads sharing one queue (docs/probe.md).
	free    fifo[*econn]
	open    int
	evs     []epoll.Event
	nEvs    int
	waitFn  func(uintptr) bool
	base    int64 // CLOCK_MONOTONIC ns at g.t0
	armedAt time.Duration
	seq     uint64

	timeouts fifo[timeoutEntry] // by deadline (the timeout is the same for all)
	thinking fifo[timeoutEntry] // by wake time (think time is the same for all; failures retry at once)

	// Open model.
	pacer    model.Pacer
	n        int64
	nextDue  time.Duration
	haveNext bool
	sending  bool // the schedule has not ended
	measured int64
	stopped  bool // the window ended while a request was waiting for a connection
	unsent   int64

	// Closed model: measured requests started.
	started int64
	halted  bool

	// nap: the closed model without think time naps before it waits
	// while more than one request is in flight (see napWait).
	nap      bool
	inflight int

	bytesIn int64 // bytes read; added to the run's total at the end

	// batchAt is the clock reading that the completions of one ring
	// wait share (see now); -1 outside such a batch.
	batchAt time.Duration

	// heads is the last response head parsed by the loop's
	// connections: a server's repeated answer costs one comparison
	// instead of the scan and the parse (httpwire.HeadCache).
	heads httpwire.HeadCache

	ur *uio // the io_uring engine's ring (engine_uring_linux.go); nil on epoll

	// sc is a scenario's requests (scenario_loop_linux.go); nil for the
	// plain load's targets.
	sc *scLoop
}

// engineFor picks the engine of a run and, when it is not the one asked
// for (or the default), why.
func engineFor(cfg *Config, ep Endpoint) (engine, why string) {
	switch {
	case cfg.Engine == loadresult.EngineGoroutines:
		return loadresult.EngineGoroutines, loadresult.WhyAsked
	case ep.Scheme != "http":
		return loadresult.EngineGoroutines, loadresult.WhyTLS
	case cfg.Engine == loadresult.EngineUring || autoUring(cfg):
		return loadresult.EngineUring, ""
	}
	return loadresult.EngineEpoll, ""
}

// newLoopBase resolves the target and makes the engine-independent part
// of a loop.
func newLoopBase(g *gen) (*loop, error) {
	addr, err := net.ResolveTCPAddr("tcp", g.ep.Addr)
	if err != nil {
		return nil, fmt.Errorf("loadgen: resolve %s: %w", g.ep.Addr, err)
	}
	l := &loop{g: g, evs: make([]epoll.Event, 256), batchAt: -1}
	if ip4 := addr.IP.To4(); ip4 != nil {
		sa := &unix.SockaddrInet4{Port: addr.Port}
		copy(sa.Addr[:], ip4)
		l.sa, l.family = sa, unix.AF_INET
	} else {
		sa := &unix.SockaddrInet6{Port: addr.Port}
		copy(sa.Addr[:], addr.IP.To16())
		l.sa, l.family = sa, unix.AF_INET6
	}
	if err := l.rebase(); err != nil {
		return nil, err
	}
	return l, nil
}

// rebase reads the CLOCK_MONOTONIC time of g.t0 (the timerfd's clock),
// again after a caller moves t0.
func (l *loop) rebase() error {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return os.NewSyscallError("clock_gettime", err)
	}
	l.base = ts.Nano() - int64(l.g.since())
	return nil
}

// newLoop makes a loop on the epoll engine.
func newLoop(g *gen) (*loop, error) {
	l, err := newLoopBase(g)
	if err != nil {
		return nil, err
	}
	if l.poller, err = epoll.New(); err != nil {
		return nil, fmt.Errorf("loadgen: %w", err)
	}
	l.epfd = l.poller.FD()
	if l.timer, err = epoll.NewTimerFD(); err != nil {
		l.poller.Close()
		return nil, fmt.Errorf("loadgen: %w", err)
	}
	l.tfd = l.timer.FD()
	if l.wake, err = epoll.NewEventFD(); err != nil {
		l.poller.Close()
		l.timer.Close()
		return nil, fmt.Errorf("loadgen: %w", err)
	}
	l.efd = l.wake.FD()
	for _, fd := range []int{l.tfd, l.efd} {
		if err := l.poller.Add(fd, epoll.In, connData(fd, 0)); err != nil {
			l.closeAll()
			return nil, fmt.Errorf("loadgen: %w", err)
		}
	}
	// The epoll fd, non-blocking, through Go's poller.
	if err := unix.SetNonblock(l.epfd, true); err != nil {
		l.closeAll()
		return nil, os.NewSyscallError("setnonblock", err)
	}
	l.epFile = os.NewFile(uintptr(l.epfd), "waitlab-epoll")
	l.waitFn = l.poll
	return l, nil
}

func (l *loop) closeAll() {
	if l.ur != nil {
		l.closeUring()
		return
	}
	for _, c := range l.conns {
		if c.fd >= 0 {
			unix.Close(c.fd)
			c.fd = -1
		}
	}
	if l.epFile != nil {
		l.epFile.Close() // closes epfd
	} else {
		l.poller.Close()
	}
	l.timer.Close()
	l.wake.Close()
}

// connData is the epoll data of a descriptor: the connection's index in
// l.conns in the high half, the fd in the low half (so an event for a
// connection closed and reopened in one batch is recognised as stale).
func connData(fd, id int) uint64 { return uint64(uint32(id))<<32 | uint64(uint32(fd)) }

// stopLoop wakes the loop from any goroutine (it then sees g.stop).
func (l *loop) stopLoop() {
	if l.ur != nil {
		l.uringStop()
		return
	}
	l.wake.Signal()
}

// poll runs inside RawConn.Read: it fetches ready events without blocking
// and asks Go's poller to wait when there are none.
func (l *loop) poll(uintptr) bool {
	n, err := l.poller.Wait(l.evs, 0) // EINTR is retried inside
	if err != nil || n > 0 {
		l.nEvs = n
		return true
	}
	return false
}

// Raw waits (unless Config.RuntimePoll): the loop blocks in epoll_wait without telling the scheduler
// (a raw system call), so its thread keeps its P. Waiting through Go's
// poller instead costs about a third more CPU per request on one core: each
// idle-to-busy turn of the process wakes the runtime's sysmon thread, which
// then polls every 20 us for a while, and every poll is a context switch
// on the generator's core. Other goroutines (the sampler, signal handling)
// still run: the loop yields every yieldEvery when it is busy, and when it
// is idle in epoll_wait the runtime's preemption signal (sysmon, every
// 10-20 ms in practice) interrupts the wait and lets the scheduler run them.
// With GOMAXPROCS=1 they run only then, so a server in the same process
// (a test) answers late; with two or more Ps they run on the others.

const yieldEvery = 5 * time.Millisecond

// napWait is how long the loop naps, off epoll's wait queue, before it
// waits for responses when it drives the server flat out (the closed model
// without think time) and more than one request is in flight. Without the
// nap a loop that is cheaper per request than the server goes idle after
// nearly every response (~0.75 times a request), and each of those sleeps
// is ended by the server's write: a cross-CPU wake-up paid on the server's
// core (an IPI, a VM exit under virtualisation). On a server-bound run
// that cost comes out of the server's throughput: with wrk-like wakes the
// one-core net/http server spent 3-10% more CPU per request for waitlab
// than for wrk (which sleeps less because it spends more per request). A
// nap of 20 us lets the responses of that time arrive without waking
// anyone, and the loop then takes them in one epoll_wait (it naps only
// when a non-blocking epoll_wait found nothing ready); both sides
// spend less CPU per request. The cost: a response's end is seen up to
// napWait (+ the timer's slack, set to napSlack) late, which bounds the
// bias it adds to latencies; with one request in flight (one virtual user,
// or the run's tail) the loop does not nap, since nothing could batch.
const (
	napWait  = 20 * time.Microsecond
	napSlack = 1 * time.Microsecond
)

// setNapSlack sets the calling thread's timer slack (the kernel's default,
// 50 us, would stretch a 20 us nap to 70 us). Called after every yield,
// since the goroutine may then run on another thread.
func (l *loop) setNapSlack() {
	if l.nap {
		unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_TIMERSLACK, uintptr(napSlack), 0, 0, 0, 0)
	}
}

// waitRaw blocks in epoll_wait until an event (or a signal).
func (l *loop) waitRaw() {
	if l.nap && l.inflight > 1 {
		// Work that is ready now is taken at once: the nap is only for
		// an idle loop (a generator-bound run never naps).
		if l.nEvs = l.poller.WaitRaw(l.evs, false); l.nEvs > 0 {
			return
		}
		ts := unix.NsecToTimespec(int64(napWait))
		unix.RawSyscall(unix.SYS_NANOSLEEP, uintptr(unsafe.Pointer(&ts)), 0, 0)
	}
	l.nEvs = l.poller.WaitRaw(l.evs, true) // 0 on EINTR: back to the loop, which may yield
}

// arm sets the timerfd to fire at d (from the run's start), unless it is
// already set to fire at or before d.
func (l *loop) arm(d time.Duration) {
	if l.ur != nil {
		// The ring's wait takes the deadline (runUring).
		if l.armedAt == 0 || d < l.armedAt {
			l.armedAt = d
		}
		return
	}
	if l.armedAt > 0 && l.armedAt <= d {
		return
	}
	l.armedAt = d
	l.timer.ArmAt(time.Duration(max(l.base+int64(d), 1)))
}

// run drives the load until the window ends and every request finished.
func (l *loop) run(ctx context.Context) {
	if l.ur != nil {
		l.runUring(ctx)
		return
	}
	defer l.closeAll()

	rc, err := l.epFile.SyscallConn()
	if err != nil {
		return
	}
	g := l.g
	stop := context.AfterFunc(ctx, func() {
		g.cancelled.Store(true)
		l.stopLoop()
	})
	defer stop()
	closed := g.cfg.Arrival.Closed()
	rawWait := !g.cfg.RuntimePoll
	l.nap = closed && g.cfg.Think == 0 && rawWait
	l.setNapSlack()
	l.startLoad(closed)
	if g.end > 0 {
		l.arm(g.end)
	}
	var lastYield time.Duration
	heavy := heavyBurner(g.cfg.CPUFactor)
	for {
		now := g.since()
		if g.cancelled.Load() {
			return
		}
		if rawWait && now-lastYield > yieldEvery {
			runtime.Gosched()
			l.setNapSlack()
			lastYield = now
		}
		if l.turnStart(now, closed) {
			return
		}
		l.armNext()
		if l.sc != nil && l.sc.more {
			// A burst with requests left to dial looks at the
			// connections already open and goes on dialling.
			l.nEvs = l.poller.WaitRaw(l.evs, false)
		} else if rawWait {
			l.waitRaw()
		} else if err := rc.Read(l.waitFn); err != nil {
			return
		}
		for i := 0; i < l.nEvs; i++ {
			ev := &l.evs[i]
			fd := int(uint32(ev.Data))
			switch fd {
			case l.tfd:
				l.timer.Drain()
				l.armedAt = 0
			case l.efd:
				l.wake.Drain()
			default:
				c := l.conns[ev.Data>>32]
				if c.fd != fd {
					continue // an event for a connection closed in this batch
				}
				l.handle(c, ev.Events)
			}
		}
		l.nEvs = 0
		heavy()
	}
}

// startLoad starts the run on either engine: every virtual user's first
// request (closed), or the pacer of the open model's arrivals.
func (l *loop) startLoad(closed bool) {
	if l.sc != nil && closed {
		l.sc.startUsers(l)
		return
	}
	if closed {
		for i := 0; i < l.g.cfg.Arrival.VUs; i++ {
			c := l.newConn()
			c.next = i
			l.closedSend(c)
		}
		return
	}
	l.pacer = l.g.cfg.pacer()
	l.sending = true
	l.advance()
}

// turnStart is what every engine's turn begins with: the requests due
// go out first, even when the loop woke after the window's end (only one
// that finds no connection is "never sent"), the window closes at its
// end, and timeouts expire. It says whether the run is over.
func (l *loop) turnStart(now time.Duration, closed bool) bool {
	if !closed {
		l.dispatch(now)
	}
	if l.g.end > 0 && now >= l.g.end {
		l.endWindow()
	}
	l.expire(now)
	return l.done()
}

// endWindow stops sending; in-flight requests finish or time out.
func (l *loop) endWindow() {
	if l.sending {
		l.sending = false
		if l.haveNext {
			l.stopped = true
		}
	}
	if !l.halted {
		l.halted = true
		// Closed model: thinking users end now.
		for l.thinking.len() > 0 {
			t := l.thinking.front()
			if t.c.state == stThinking && t.c.seq == t.seq {
				t.c.state = stIdle
			}
			l.thinking.pop()
		}
	}
}

// done: nothing left to send, in flight or thinking. (inflight counts
// the requests started and not finished: a burst's loop need not walk
// its thousands of connections every turn.)
func (l *loop) done() bool {
	if l.sending || l.inflight > 0 {
		return false
	}
	if l.sc != nil && l.sc.waiting() {
		return false
	}
	return l.thinking.len() == 0
}

// armNext sets the timer for the earliest of: the next intended send, the
// oldest timeout, the first thinking user's wake-up, the window's end.
func (l *loop) armNext() {
	var at time.Duration
	pick := func(d time.Duration) {
		if at == 0 || d < at {
			at = d
		}
	}
	if l.sending && l.haveNext && (l.sc != nil || l.free.len() > 0 || l.open < l.g.cfg.Connections) {
		// Sends due within timerSlack of each other go out in one wake-up.
		pick(max(l.nextDue, l.g.since()+timerSlack, 1))
	}
	if l.timeouts.len() > 0 {
		pick(l.timeouts.front().deadline)
	}
	if l.thinking.len() > 0 {
		pick(l.thinking.front().deadline)
	}
	if l.sc != nil && l.sc.thinking.Len() > 0 {
		at, _ := l.sc.thinking.Peek()
		pick(max(at, 1))
	}
	if l.g.end > 0 && l.sending {
		pick(l.g.end)
	}
	if at > 0 {
		l.arm(at)
	}
}

// advance computes the next request's intended time.
func (l *loop) advance() {
	g := l.g
	due, ok := l.pacer.Due(l.n)
	if !ok || (g.end > 0 && due >= g.end) || (due >= g.warmup && g.cfg.Requests > 0 && l.measured >= g.cfg.Requests) {
		l.sending, l.haveNext = false, false
		return
	}
	l.nextDue, l.haveNext = due, true
}

// dispatch sends every request that is due, on an idle connection or a
// new one, as long as there is one.
func (l *loop) dispatch(now time.Duration) {
	if l.sc != nil {
		l.sc.dispatch(l, now)
		return
	}
	for l.sending && l.haveNext && l.nextDue <= now {
		var c *econn
		switch {
		case l.free.len() > 0:
			c = l.free.front()
			l.free.pop()
		case l.open < l.g.cfg.Connections:
			c = l.newConn()
		default:
			return // every connection is busy: the request waits, keeping its intended time
		}
		due := l.nextDue
		measured := due >= l.g.warmup
		if measured {
			l.measured++
		}
		l.start(c, due, int(l.n%int64(len(l.g.reqs))), measured)
		l.n++
		l.advance()
	}
}

func (l *loop) newConn() *econn {
	c := &econn{id: len(l.conns), fd: -1}
	if l.sc == nil || !l.sc.oneShot {
		c.buf = make([]byte, maxHeader)
	} // a burst's connection takes a buffer when its answer arrives (room)
	c.rr.Cache = &l.heads
	l.conns = append(l.conns, c)
	l.open++
	l.g.opened.Add(1)
	return c
}

// now is the time of the work at hand. On the ring, the completions of
// one wait are handled with no system call between them (their sends go
// out with the next wait), so one reading, taken when the wait returned,
// serves them all (batchAt): a response's end is when it was reaped,
// not when the loop got to it, and a closed user's next send is stamped
// no later than before. Elsewhere (the epoll loop, whose reads between
// events are system calls, and the turn's own work) it reads the clock.
func (l *loop) now() time.Duration {
	if l.batchAt >= 0 {
		return l.batchAt
	}
	return l.g.since()
}

// closedSend starts a virtual user's next request, unless the run is over.
func (l *loop) closedSend(c *econn) {
	g := l.g
	now := l.now()
	if l.halted || (g.end > 0 && now >= g.end) {
		c.state = stIdle
		return
	}
	measured := now >= g.warmup
	if measured && g.cfg.Requests > 0 {
		if l.started >= g.cfg.Requests {
			c.state = stIdle
			l.halted = true
			return
		}
		l.started++
	}
	t := c.next % len(g.reqs)
	c.next++
	l.start(c, now, t, measured)
}

// start sends a request on c (connecting first when needed).
func (l *loop) start(c *econn, due time.Duration, target int, measured bool) {
	g := l.g
	l.seq++
	c.seq = l.seq
	c.due, c.target, c.head, c.measured = due, target, l.sc == nil && g.heads[target], measured
	if g.cfg.Arrival.Closed() && l.sc == nil {
		c.send = due // a closed model sends when it means to
	} else {
		c.send = l.now()
	}
	c.deadline = c.send + g.cfg.Timeout
	c.retried = false
	l.inflight++
	l.timeouts.push(timeoutEntry{c: c, seq: c.seq, deadline: c.deadline})
	l.begin(c)
}

// begin (re)starts the current request of c from its first byte.
func (l *loop) begin(c *econn) {
	if l.sc != nil {
		c.out = l.sc.request(c)
	} else {
		c.out = l.g.reqs[c.target]
	}
	c.got, c.status, c.close = false, 0, false
	c.rr.Reset(c.head)
	if c.r == c.w && !c.rxBusy {
		c.r, c.w = 0, 0
	}
	if l.ur != nil && c.fd >= 0 && c.txBusy {
		// The server answered before the last request was all sent (on
		// the ring, its send is still queued): a new request must not
		// interleave with its rest.
		l.closeConn(c)
	}
	if c.fd < 0 {
		connect := l.connect
		if l.ur != nil {
			connect = l.uconnect
		}
		if k := connect(c); k != kindOK {
			l.finish(c, 0, k)
		}
		return
	}
	if l.ur != nil {
		l.usend(c)
		return
	}
	l.write(c)
}

// connect is the epoll engine's one dial path (the plain load's
// connections and a scenario's, a burst's among them): socket, a
// non-blocking connect(2) and the request written at once. On loopback
// the handshake is done within connect, so the request goes out whole
// with no wait for writability and no SO_ERROR read: a request written
// whole proves the connection was up by the write, which follows
// connect's return by the time it takes to reach it, so the set-up ends
// at that return. Elsewhere the write answers EAGAIN while the handshake
// runs (the kernel's wait for a connecting socket, non-blocking), the
// rest waits for EPOLLOUT, and the set-up ends when it is written; a
// failed handshake fails that write with the connect's own error
// (dialKind).
//
// Why one path: the scenario's burst had its own loop whose dial cost
// socket, connect, write and epoll_ctl ADD; the engine's waited for
// EPOLLOUT and read SO_ERROR before the write, a wake-up and a system
// call more per connection (issue 39: one home per mechanism).
func (l *loop) connect(c *econn) errKind {
	c.dialAt = l.now()
	fd, err := unix.Socket(l.family, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return kindConnect
	}
	if l.sc == nil || !l.sc.oneShot {
		// A burst's connection carries one request in one write, and
		// Nagle never holds back a connection's first segment.
		unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
	}
	if err := unix.Connect(fd, l.sa); err != nil && err != unix.EINPROGRESS && err != unix.EINTR {
		unix.Close(fd)
		return dialKind(err)
	}
	c.upAt = l.now()
	c.fd, c.r, c.w, c.reused, c.wantOut, c.dialing = fd, 0, 0, false, false, true
	if err := l.poller.Add(fd, epoll.In|epoll.RdHup, connData(fd, c.id)); err != nil {
		unix.Close(fd)
		c.fd, c.dialing = -1, false
		return kindConnect
	}
	l.write(c)
	if c.dialing {
		c.upAt = -1 // established when the rest is written
	}
	return kindOK
}

// established ends a connection's set-up: the scenario counts it.
func (l *loop) established(c *econn) {
	c.dialing = false
	at := c.upAt
	if at < 0 {
		at = l.now()
	}
	if l.sc != nil {
		l.sc.g.dialed(at - c.dialAt)
	}
}

func (l *loop) setOut(c *econn, on bool) {
	if c.wantOut == on {
		return
	}
	events := epoll.In | epoll.RdHup
	if on {
		events |= epoll.Out
	}
	l.poller.Mod(c.fd, events, connData(c.fd, c.id))
	c.wantOut = on
}

func (l *loop) write(c *econn) {
	c.state = stWriting
	for len(c.out) > 0 {
		n, err := rawWrite(c.fd, c.out)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			l.setOut(c, true)
			return
		case err != nil && c.dialing:
			l.fail(c, dialKind(err)) // the handshake failed
			return
		case err != nil:
			l.fail(c, classify(os.NewSyscallError("write", err)))
			return
		}
		c.out = c.out[n:]
	}
	l.setOut(c, false)
	c.state = stReading
	if c.dialing {
		l.established(c)
	}
}

// handle reacts to events on c.
func (l *loop) handle(c *econn, events uint32) {
	switch c.state {
	case stWriting:
		if events&(epoll.Out|epoll.Err|epoll.Hup) != 0 {
			l.write(c)
		}
		if c.state == stReading && events&epoll.In != 0 {
			l.read(c)
		}
	case stReading:
		l.read(c)
	default:
		// Idle or thinking: the server closed the connection (or sent
		// something unasked). Close it; the next request reconnects.
		if events&(epoll.In|epoll.RdHup|epoll.Hup|epoll.Err) != 0 {
			l.closeConn(c)
		}
	}
}

func (l *loop) closeConn(c *econn) {
	if l.ur != nil && c.fd >= 0 {
		l.ucloseConn(c)
	}
	if c.fd >= 0 {
		unix.Close(c.fd)
		c.fd = -1
	}
	c.r, c.w, c.reused, c.wantOut, c.dialing = 0, 0, false, false, false
}

// fail ends the current request of c with an error, or retries it once on
// a new connection when a reused one was closed before any response byte.
func (l *loop) fail(c *econn, k errKind) {
	retry := c.reused && !c.got && !c.retried && (k == kindClosed || k == kindReset)
	l.closeConn(c)
	if retry {
		c.retried = true
		l.begin(c)
		return
	}
	l.finish(c, 0, k)
}

// read reads what arrived and parses as far as it can.
func (l *loop) read(c *econn) {
	if !l.room(c) {
		return
	}
	n, err := rawRead(c.fd, c.buf[c.w:])
	if n > 0 {
		l.bytesIn += int64(n)
	}
	switch {
	case err == unix.EAGAIN || err == unix.EINTR:
		return
	case err != nil:
		l.fail(c, classify(os.NewSyscallError("read", err)))
		return
	case n == 0:
		if c.rr.EOF() { // the body ran to the end of the connection
			c.status, c.close = c.rr.Head.Status, true
			l.finish(c, c.status, kindOK)
			return
		}
		l.fail(c, kindClosed)
		return
	}
	c.w += n
	c.got = true
	l.parse(c)
}

// room makes space at the end of the buffer; a response head that fills
// it ends the request as a bad response.
func (l *loop) room(c *econn) bool {
	if c.buf == nil {
		c.buf = l.sc.takeBuf() // a burst's connection (newConn)
	}
	if !c.makeRoom() {
		l.fail(c, kindBadResponse)
		return false
	}
	return true
}

// makeRoom makes space at the end of c's buffer; false when a header
// block or chunk line fills it.
func (c *econn) makeRoom() bool {
	if c.r == c.w {
		c.r, c.w = 0, 0
	} else if c.w == len(c.buf) && c.r > 0 {
		c.w = copy(c.buf, c.buf[c.r:c.w])
		c.r = 0
	}
	return c.w < len(c.buf)
}

// parse advances through the buffered bytes of the response.
func (l *loop) parse(c *econn) {
	done, k := c.consume()
	switch {
	case !done:
	case k != kindOK:
		l.fail(c, k)
	default:
		c.status, c.close = c.rr.Head.Status, c.rr.Head.Close
		l.finish(c, c.status, kindOK) // bytes after it: finish says bad response
	}
}

// consume feeds c's buffered bytes to its response reader (the scenario's
// tags read on the way, c.field): done when the response is complete
// (kindOK) or bad.
func (c *econn) consume() (done bool, k errKind) {
	n, err := c.rr.Feed(c.buf[c.r:c.w], c.field)
	c.r += n
	switch {
	case err != nil:
		return true, kindBadResponse
	case c.rr.Done():
		return true, kindOK
	case c.r > 0 && c.w == len(c.buf):
		// The rest of a header block or chunk line: to the front.
		c.w = copy(c.buf, c.buf[c.r:c.w])
		c.r = 0
	}
	return false, kindOK
}

// finish records the request and moves c on: to the next request (closed
// model, after thinking) or back to the idle connections (open model).
func (l *loop) finish(c *econn, status int, k errKind) {
	g := l.g
	end := l.now()
	if k == kindOK && c.r < c.w {
		// Bytes after the response, unasked: a protocol error of the
		// server, never the next request's answer.
		status, k = 0, kindBadResponse
		l.closeConn(c)
	}
	l.inflight--
	if l.sc != nil {
		l.seq++
		c.seq = l.seq // its timeout entry is stale now
		l.sc.finish(l, c, end, status, k)
		return
	}
	if c.measured {
		g.rec.record(0, c.due-g.warmup, c.send-g.warmup, end-g.warmup, status, k)
	} else if !g.cancelled.Load() {
		g.rec.recordWarm(c.send-g.warmup, end-g.warmup, status, k)
	}
	l.seq++
	c.seq = l.seq // its timeout entry is stale now
	if k == kindOK {
		c.reused = true
		if c.close {
			l.closeConn(c)
		}
	}
	c.state = stIdle
	if g.cfg.Arrival.Closed() {
		// A user that got its response and does not think sends at once
		// (the next request cannot finish before an event). Otherwise the
		// next request starts from the loop, after the think time: one
		// that fails at once must not recurse into the next.
		if k == kindOK && g.cfg.Think == 0 && !l.halted {
			l.closedSend(c)
			return
		}
		if !l.halted {
			c.state = stThinking
			l.thinking.push(timeoutEntry{c: c, seq: c.seq, deadline: end + g.cfg.Think})
		}
		return
	}
	l.free.push(c)
}

// expire times out requests past their deadline and wakes thinking users
// (only those waiting when it was called, so a storm of failing requests
// still returns to the loop).
func (l *loop) expire(now time.Duration) {
	for l.timeouts.len() > 0 {
		t := l.timeouts.front()
		if t.c.seq != t.seq {
			l.timeouts.pop()
			continue
		}
		if t.deadline > now {
			break
		}
		l.timeouts.pop()
		k := kindTimeout
		if (t.c.state == stConnecting || t.c.dialing) && (l.sc == nil || !l.sc.oneShot) {
			k = kindConnectTimeout // a burst's request times out as a whole, as it did
		}
		l.closeConn(t.c)
		l.finish(t.c, 0, k)
	}
	if l.sc != nil {
		l.sc.wake(l, now)
	}
	for n := l.thinking.len(); n > 0 && l.thinking.len() > 0; n-- {
		t := l.thinking.front()
		if t.deadline > now && t.c.seq == t.seq {
			break
		}
		l.thinking.pop()
		if t.c.seq == t.seq && t.c.state == stThinking {
			l.closedSend(t.c)
		}
	}
}

// runLoop runs the open or closed model on the event loop; it returns the
// offered and unsent counts like runOpen.
func (g *gen) runLoop(ctx context.Context, l *loop) (offered, unsent int64) {
	l.run(ctx)
	g.bytesIn.Add(l.bytesIn)
	if g.cfg.Arrival.Closed() || ctx.Err() != nil {
		return l.measured, 0
	}
	if l.stopped {
		l.unsent = g.countUnsent(ctx, l.pacer, l.n, l.measured)
	}
	return l.measured + l.unsent, l.unsent
}

// timerSlack batches intended sends that fall close together into one
// wake-up of the loop; they go out at most this late.
const timerSlack = 200 * time.Microsecond
