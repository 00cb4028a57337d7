//go:build linux

package downstream

import (
	"net"
	"runtime"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/timeheap"
)

// Why a loop, and why not time.Sleep.
//
// The server used to give each connection a reader goroutine, a writer
// goroutine and a Go timer per command. Two things stretched a 1 ms
// delay: the Go runtime's timers wait in epoll_wait, whose timeout is in
// whole milliseconds (a timer due in 1.6 ms sleeps 1 ms, then 1 ms more:
// up to a millisecond late), and every command cost four goroutine
// hand-offs (read, queue, timer, write), so at 50 clients one core spent
// more time switching than answering and every reply waited behind the
// others (p50 1.93 ms for 1 ms at 22k req/s).
//
// Here one goroutine locked to its OS thread owns every connection: it
// reads what is ready, stamps each command with the time it must be
// answered, keeps the replies due in one heap, and waits in epoll_pwait2,
// whose timeout is in nanoseconds, for the next one (a timerfd where the
// kernel is older than 5.11). Replies due together go out in one write
// per connection. Per command that is a read, a write and a share of one
// wait: no goroutine switches, no per-command timer.

// dconn is one client connection, owned by the loop.
type dconn struct {
	fd  int
	gen uint32 // in the high half of its epoll data: an event for a closed connection whose fd was reused is stale
	in  []byte // bytes read and not yet parsed
	// out holds the replies not yet written, in order: out[sent:due] are
	// due and being written, out[due:] wait for their time (q).
	out       []byte
	sent, due int
	q         []entry // replies not yet due, in order; q[qh:] are live
	qh        int
	scheduled bool          // has an entry in the loop's heap
	stuck     time.Duration // when a write first made no progress (0: it did)
	wantOut   bool          // registered for EPOLLOUT
	paused    bool          // not read: its queue is full (or it is done)
	done      bool          // EOF, QUIT or a protocol error: close once written
	closed    bool
}

// entry is one reply waiting for its time.
type entry struct {
	due     time.Duration // monotonic time it is due
	arrived time.Duration // monotonic time its command was read
	n       int           // its bytes in out, after the previous entry's
}

func (c *dconn) queued() int { return len(c.out) - c.sent }

// room reports whether c may have another command read and queued.
func (c *dconn) room(maxQueued int) bool {
	return c.queued() < maxQueued && len(c.q)-c.qh < maxPending
}

// data is c's epoll data: its fd, and its generation above.
func (c *dconn) data() uint64 { return uint64(c.gen)<<32 | uint64(uint32(c.fd)) }

// loop is the server's event loop (one per Serve).
type loop struct {
	s     *Server
	p     *epoll.Poller
	wake  *epoll.EventFD
	timer *epoll.TimerFD // only where epoll_pwait2 is missing
	armed time.Duration  // the timerfd's deadline (0: disarmed)
	lead  time.Duration  // how long before a reply is due the loop stops sleeping (see wait)
	// overMean and overDev are the moving mean and mean deviation of how
	// late the loop's timed sleeps woke (see wait); lead is drawn from them.
	overMean, overDev time.Duration
	pwait2            bool
	conns             []*dconn // by fd
	live              int
	heap              timeheap.Heap[*dconn]
	evs               []unix.EpollEvent
	cmd               Command
	gen               uint32

	mu       sync.Mutex
	incoming []int
	stop     bool
}

// loopSupported: the loop runs on Linux.
const loopSupported = true

func newLoop(s *Server) (*loop, error) {
	p, err := epoll.New()
	if err != nil {
		return nil, err
	}
	w, err := epoll.NewEventFD()
	if err != nil {
		p.Close()
		return nil, err
	}
	l := &loop{s: s, p: p, wake: w, evs: make([]unix.EpollEvent, 256), pwait2: havePwait2(), lead: initialLead, overMean: initialLead}
	if err := p.Add(w.FD(), epoll.In, uint64(w.FD())); err != nil {
		l.closeFDs()
		return nil, err
	}
	if !l.pwait2 {
		if l.timer, err = epoll.NewTimerFD(); err != nil {
			l.closeFDs()
			return nil, err
		}
		if err := p.Add(l.timer.FD(), epoll.In, uint64(l.timer.FD())); err != nil {
			l.closeFDs()
			return nil, err
		}
	}
	return l, nil
}

func (l *loop) closeFDs() {
	if l.timer != nil {
		l.timer.Close()
	}
	l.wake.Close()
	l.p.Close()
}

// havePwait2 reports whether the kernel has epoll_pwait2 (Linux 5.11).
func havePwait2() bool {
	fd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	var ts unix.Timespec
	var ev [1]unix.EpollEvent
	_, _, e := unix.Syscall6(unix.SYS_EPOLL_PWAIT2, uintptr(fd), uintptr(unsafe.Pointer(&ev[0])), 1, uintptr(unsafe.Pointer(&ts)), 0, 0)
	return e == 0
}

// hand gives the loop a connection: the loop serves a duplicate of its
// descriptor and c is closed. False (c untouched) if c has no descriptor
// to give; the caller serves it with goroutines then.
func (l *loop) hand(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	nfd := -1
	if rc.Control(func(fd uintptr) { nfd, err = unix.FcntlInt(fd, unix.F_DUPFD_CLOEXEC, 0) }) != nil || err != nil || nfd < 0 {
		return false
	}
	c.Close()
	l.mu.Lock()
	if l.stop {
		l.mu.Unlock()
		unix.Close(nfd)
		l.s.connDone()
		return true
	}
	l.incoming = append(l.incoming, nfd)
	l.mu.Unlock()
	l.wake.Signal()
	return true
}

// shutdown asks the loop to close every connection and return.
func (l *loop) shutdown() {
	l.mu.Lock()
	l.stop = true
	l.mu.Unlock()
	l.wake.Signal()
}

// run is the loop; it returns after shutdown, every connection closed.
func (l *loop) run() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// The kernel lets a sleeping thread's timeout fire up to its timer
	// slack late (50 µs by default), 5% of a 1 ms delay by itself: this
	// thread asks for none (and gives the thread back as it found it).
	if old, err := unix.PrctlRetInt(unix.PR_GET_TIMERSLACK, 0, 0, 0, 0); err == nil {
		unix.Prctl(unix.PR_SET_TIMERSLACK, 1, 0, 0, 0)
		defer unix.Prctl(unix.PR_SET_TIMERSLACK, uintptr(old), 0, 0, 0)
	}
	defer l.closeFDs()
	var lastSweep time.Duration
	for {
		n, waited := l.wait()
		now := epoll.Monotonic()
		l.s.met.idle(waited)
		for i := 0; i < n; i++ {
			ev := &l.evs[i]
			fd, gen := int(ev.Fd), uint32(ev.Pad)
			switch {
			case fd == l.wake.FD():
				l.wake.Drain()
				if l.takeIncoming() {
					l.closeAll()
					return
				}
			case l.timer != nil && fd == l.timer.FD():
				l.timer.Drain()
				l.armed = 0
			default:
				if fd < 0 || fd >= len(l.conns) || l.conns[fd] == nil || l.conns[fd].gen != gen {
					continue // closed in this batch (its fd maybe reused)
				}
				c := l.conns[fd]
				if ev.Events&(unix.EPOLLERR|unix.EPOLLHUP) != 0 {
					// Reset, or shut both ways: nothing can be sent.
					l.close(c)
					continue
				}
				if ev.Events&(unix.EPOLLIN|unix.EPOLLRDHUP) != 0 && !c.paused {
					l.read(c, now)
				}
				if !c.closed && ev.Events&unix.EPOLLOUT != 0 && c.wantOut {
					l.flush(c, now)
				}
			}
		}
		l.fire(epoll.Monotonic())
		if now-lastSweep >= time.Second {
			lastSweep = now
			l.sweep(now)
		}
	}
}

// Waking on time. A thread that sleeps until a reply is due wakes some
// tens of microseconds after it asked (the timer's interrupt, and on a VM
// a halted virtual CPU's wake-up): with one client, 64 µs at p50, more
// than the 5% of a 1 ms delay. So the loop sleeps until lead before the
// due time and spends the rest polling its epoll set without sleeping,
// answering anything that comes, until the reply is due. lead is what
// its sleeps have overslept lately, the mean plus twice the mean
// deviation (each sample capped at maxLead; Jacobson's estimator of a
// round trip's timeout): with the mean alone about half the sleeps woke
// after the reply was due, and one client's replies went out 14-16 µs
// late at p50 (8-10 µs with this lead; the rest is the poll a reply
// falls due in: spending the last stretch on the clock alone made it
// 0 µs but delayed the reading of 50 clients' requests, 1.22-1.54 ms
// against 1.09-1.14 at the client's p50). The cost is CPU: at most
// maxLead a sleep, spent only when the loop had nothing else to do.
const (
	maxLead     = 200 * time.Microsecond
	initialLead = 50 * time.Microsecond
)

// wait blocks until an event or the next reply is due (at most a second,
// for the write-timeout sweep), and returns the events and how long it
// waited.
func (l *loop) wait() (int, time.Duration) {
	timeout := time.Second
	start := epoll.Monotonic()
	due := time.Duration(-1)
	if l.heap.Len() > 0 {
		due, _ = l.heap.Peek()
		timeout = max(0, min(timeout, due-start))
	}
	if due >= 0 && timeout <= l.lead {
		return l.spin(due), epoll.Monotonic() - start
	}
	sleep := timeout
	if due >= 0 {
		sleep -= l.lead
	}
	n := l.sleep(start, sleep)
	end := epoll.Monotonic()
	if due >= 0 && n == 0 && l.pwait2 {
		// Woken by the timeout: how late (a sample of the lead).
		late := min(max(end-(start+sleep), 0), maxLead)
		d := late - l.overMean
		l.overMean += d / 8
		l.overDev += (max(d, -d) - l.overDev) / 4
		l.lead = min(l.overMean+2*l.overDev, maxLead)
	}
	return n, end - start
}

// spin polls the epoll set without sleeping until an event or the time
// due, and returns the events. Between polls it lets the scheduler run
// anything else that is ready (the acceptor handing a connection over,
// the collector): a raw system call never gives the P up, and with 20
// clients replies are due so often that the loop could spin most of the
// time. With nothing else ready, Gosched comes straight back.
func (l *loop) spin(due time.Duration) int {
	for {
		runtime.Gosched()
		r, _, e := unix.RawSyscall6(unix.SYS_EPOLL_WAIT, uintptr(l.p.FD()), uintptr(unsafe.Pointer(&l.evs[0])), uintptr(len(l.evs)), 0, 0, 0)
		if e == 0 && int(r) > 0 {
			return int(r)
		}
		if epoll.Monotonic() >= due {
			return 0
		}
	}
}

// sleep waits in the kernel for an event or timeout from start.
func (l *loop) sleep(start, timeout time.Duration) int {
	var n int
	if l.pwait2 {
		ts := unix.NsecToTimespec(int64(timeout))
		r, _, e := unix.Syscall6(unix.SYS_EPOLL_PWAIT2, uintptr(l.p.FD()), uintptr(unsafe.Pointer(&l.evs[0])), uintptr(len(l.evs)), uintptr(unsafe.Pointer(&ts)), 0, 0)
		if e == 0 {
			n = int(r)
		}
	} else {
		deadline := start + timeout
		if l.armed == 0 || deadline < l.armed || l.armed < start {
			l.timer.ArmAt(deadline)
			l.armed = deadline
		}
		for {
			r, err := unix.EpollWait(l.p.FD(), l.evs, -1)
			if err == unix.EINTR {
				continue
			}
			n = max(r, 0)
			break
		}
	}
	return n
}

// takeIncoming registers the connections handed over; true means stop.
func (l *loop) takeIncoming() bool {
	l.mu.Lock()
	fds, stop := l.incoming, l.stop
	l.incoming = nil
	l.mu.Unlock()
	for _, fd := range fds {
		if stop {
			unix.Close(fd)
			l.s.connDone()
			continue
		}
		for fd >= len(l.conns) {
			l.conns = append(l.conns, nil)
		}
		l.gen++
		c := &dconn{fd: fd, gen: l.gen, in: make([]byte, 0, 4096)}
		if err := l.p.Add(fd, epoll.In|unix.EPOLLRDHUP, c.data()); err != nil {
			unix.Close(fd)
			l.s.connDone()
			continue
		}
		l.conns[fd] = c
		l.live++
	}
	return stop
}

func (l *loop) closeAll() {
	for _, c := range l.conns {
		if c != nil {
			l.close(c)
		}
	}
}

func (l *loop) close(c *dconn) {
	if c.closed {
		return
	}
	c.closed = true
	l.s.queued.Add(int64(-c.queued()))
	l.p.Del(c.fd)
	unix.Close(c.fd)
	l.conns[c.fd] = nil
	l.live--
	l.s.connDone()
}

// read takes what c has sent (one read: the poller is level-triggered,
// so more comes as another event) and queues its replies.
func (l *loop) read(c *dconn, now time.Duration) {
	if len(c.in) == cap(c.in) {
		if cap(c.in) >= 2*maxBulk {
			l.close(c)
			return
		}
		nb := make([]byte, len(c.in), 2*cap(c.in))
		copy(nb, c.in)
		c.in = nb
	}
	n, err := rawIO(unix.SYS_READ, c.fd, c.in[len(c.in):cap(c.in)])
	if err == unix.EAGAIN || err == unix.EINTR {
		return
	}
	if n > 0 {
		c.in = c.in[:len(c.in)+n]
		l.parse(c, now)
	}
	if err != nil || n == 0 && c.queued() == 0 {
		l.close(c)
		return
	}
	if n == 0 {
		// EOF with replies queued: they go out, then it closes (as a
		// client that sent and shut its side expects).
		c.done = true
		l.pause(c)
	}
}

// parse queues a reply for each whole command in c.in, stopping while
// c's queue holds MaxQueued bytes or more (it is not read meanwhile).
func (l *loop) parse(c *dconn, now time.Duration) {
	s := l.s
	used := 0
	for !c.done && c.room(s.MaxQueued) {
		u, perr := ParseCommand(c.in[used:], &l.cmd)
		if perr == ErrIncomplete {
			break
		}
		if perr != nil {
			l.push(c, now, 0, append(c.out, "-ERR protocol error\r\n"...))
			c.done = true
			break
		}
		used += u
		cmd := &l.cmd
		if cmd.N == 0 {
			continue
		}
		quit := equalFold(cmd.Name(), "QUIT")
		var d time.Duration
		if !quit {
			d = s.step.delay(s.Delay, model.Uniform(s.Seed, 1, s.seq.Add(1)))
		}
		l.push(c, now, d, s.appendAnswer(c.out, cmd))
		if quit {
			c.done = true
		}
	}
	c.in = c.in[:copy(c.in, c.in[used:])]
	if len(c.in) == 0 && cap(c.in) > 4096 {
		c.in = make([]byte, 0, 4096) // a big value's buffer goes
	}
	if c.done || !c.room(s.MaxQueued) {
		l.pause(c)
	}
}

func equalFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if b[i]|0x20 != s[i]|0x20 {
			return false
		}
	}
	return true
}

// push queues out (c.out with one more reply appended) due d after now.
func (l *loop) push(c *dconn, now, d time.Duration, out []byte) {
	n := len(out) - len(c.out)
	c.out = out
	l.s.queued.Add(int64(n))
	if c.qh > 0 && (c.qh == len(c.q) || c.qh >= 1024 && 2*c.qh >= len(c.q)) {
		c.q, c.qh = c.q[:copy(c.q, c.q[c.qh:])], 0
	}
	c.q = append(c.q, entry{due: now + d, arrived: now, n: n})
	l.s.noteInFlight(int64(len(c.q) - c.qh))
	if !c.scheduled {
		c.scheduled = true
		l.heap.Push(now+d, c)
	}
}

// fire writes every reply due by now.
func (l *loop) fire(now time.Duration) {
	for l.heap.Len() > 0 {
		at, c := l.heap.Peek()
		if at > now {
			return
		}
		l.heap.Pop()
		c.scheduled = false
		if c.closed {
			continue
		}
		for c.qh < len(c.q) && c.q[c.qh].due <= now {
			e := c.q[c.qh]
			c.qh++
			c.due += e.n
			// Counted before the write, so a client that has its reply
			// finds it in the stats.
			l.s.commands.Add(1)
			l.s.met.record(now-e.arrived, now-e.due)
		}
		if c.qh < len(c.q) {
			c.scheduled = true
			l.heap.Push(c.q[c.qh].due, c)
		}
		l.flush(c, now)
	}
}

// flush writes c's due replies; what the socket does not take waits for
// EPOLLOUT. A connection that is done closes once all is written.
func (l *loop) flush(c *dconn, now time.Duration) {
	for c.sent < c.due {
		n, err := rawIO(unix.SYS_WRITE, c.fd, c.out[c.sent:c.due])
		if err == unix.EINTR {
			continue
		}
		if err == unix.EAGAIN {
			if c.stuck == 0 {
				c.stuck = now
			}
			if !c.wantOut {
				c.wantOut = true
				l.p.Mod(c.fd, l.events(c), c.data())
			}
			return
		}
		if err != nil || n <= 0 {
			l.close(c)
			return
		}
		c.sent += n
		c.stuck = 0
		l.s.queued.Add(int64(-n))
	}
	if c.wantOut {
		c.wantOut = false
		l.p.Mod(c.fd, l.events(c), c.data())
	}
	if c.sent == len(c.out) {
		c.out, c.sent, c.due = c.out[:0], 0, 0
		if cap(c.out) > 64<<10 {
			c.out = nil // a big reply's buffer goes
		}
		if c.done {
			l.close(c)
			return
		}
	} else if c.sent > 32<<10 && c.sent > len(c.out)/2 {
		c.out = c.out[:copy(c.out, c.out[c.sent:])]
		c.due -= c.sent
		c.sent = 0
	}
	if c.paused && !c.done && c.room(l.s.MaxQueued) {
		// Room again: what was read and left waits no longer.
		c.paused = false
		l.parse(c, now)
		if !c.paused && !c.closed {
			l.p.Mod(c.fd, l.events(c), c.data())
		}
	}
}

func (l *loop) events(c *dconn) uint32 {
	var ev uint32
	if !c.paused {
		ev |= epoll.In | unix.EPOLLRDHUP
	}
	if c.wantOut {
		ev |= unix.EPOLLOUT
	}
	return ev
}

func (l *loop) pause(c *dconn) {
	if c.paused || c.closed {
		return
	}
	c.paused = true
	l.p.Mod(c.fd, l.events(c), c.data())
}

// sweep closes connections that took none of their replies for
// WriteTimeout.
func (l *loop) sweep(now time.Duration) {
	for _, c := range l.conns {
		if c != nil && c.stuck != 0 && now-c.stuck >= l.s.WriteTimeout {
			l.close(c)
		}
	}
}

// rawIO is read(2) or write(2) on a non-blocking socket as a raw system
// call: it never blocks, so the runtime's entersyscall/exitsyscall around
// it (and the P hand-off it may cause) is not paid on every command.
func rawIO(trap uintptr, fd int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, _, e := unix.RawSyscall(trap, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if e != 0 {
		return 0, e
	}
	return int(n), nil
}
