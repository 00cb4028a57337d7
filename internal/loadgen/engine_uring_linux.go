package loadgen

import (
	"context"
	"errors"
	"os"
	"runtime"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/uring"
)

// The io_uring engine: the event loop of engine_linux.go (the same econn
// state machine, parser, timeouts, think times, pacing and recorder), with
// its system calls replaced by a ring. Where the epoll loop writes a
// request (write), waits (epoll_wait) and reads the response (read) for
// every request, this one queues each ready connection's send and receive
// as ring entries and hands all of them to the kernel in the
// io_uring_enter that also waits for the next completions: one system
// call per wake-up of the loop, however many requests it starts and
// finishes. Intended sends, timeouts and think times need no timer: the
// wait's own timeout is the loop's next deadline (armNext).
//
// The loop's goroutine is locked to its OS thread from newUringLoop to
// the end of run: the ring is single-issuer with deferred task run, so
// only that thread submits and completions run only while it waits.
//
// Memory the kernel writes: a connection's receive buffer (c.buf) while
// its recv is in flight (c.rxBusy). When a connection is closed with a
// recv still in flight (a timeout, an error), the recv is cancelled and
// the old buffer stays referenced in orphans until its completion comes
// back; the connection gets a new one. Sends are from the run's request
// bytes (g.reqs), alive for the whole run; connect's address is copied by
// the kernel at submission.

// Operations, the low byte of a ring entry's user data. The user data is
// conn id << 32 | generation << 8 | op: a completion whose generation is
// not its connection's current one is for a socket closed since (stale).
const (
	opConnect uint64 = iota + 1
	opSend
	opRecv
	opCancel
	opWake
)

const wakeID = 0xffffffff // the conn id of the eventfd's read

// uio is the ring side of a loop on the io_uring engine.
type uio struct {
	ring *uring.Ring
	cqes []uring.CQE

	sa    unsafe.Pointer // *unix.RawSockaddrInet4 or 6: the target
	saLen uint32

	efd     int    // a blocking eventfd: stopLoop writes it, a ring read waits on it
	efdBuf  []byte // the read's 8 bytes (the kernel's until it completes)
	orphans map[uint64][]byte
	// deferred: completions reaped by sqe to make room, handled by the
	// next reap.
	deferred []uring.CQE
	// wakeBusy: the eventfd's read is in flight; closing: the run is
	// over and it is not posted again.
	wakeBusy, closing bool
	// slots: the size of the ring's file table (0: none). Connection i's
	// socket goes in slot i (econn.fixed), which spares the kernel the
	// descriptor lookup and the file's reference count in every send and
	// receive (fget and fput, 1.2% of the generator's samples).
	slots int
}

// autoUring reports whether auto (Config.Engine "") runs the io_uring
// engine: for the closed model without think time, where
// bench/load_compare.sh measured it cheaper per request than the epoll
// loop at the same rate (docs/benchmarks.md, "The io_uring engine"), and
// not for the open model, where at a fixed rate (each request sent alone,
// as a thinking user's is) it measured costlier. RuntimePoll asks for the
// epoll loop's way of waiting, so it keeps the epoll loop, and so does
// CPUFactor: the experiments' heavy generator is defined (and its factor
// calibrated) on the epoll loop.
func autoUring(cfg *Config) bool {
	return cfg.Engine == "" && cfg.Arrival.Closed() && cfg.Think == 0 && !cfg.RuntimePoll && cfg.CPUFactor <= 1
}

// errNoMinWait: auto's io_uring engine needs the kernel's batching.
var errNoMinWait = errors.New("the kernel has no minimum wait (IORING_FEAT_MIN_TIMEOUT, Linux 6.12), without which the ring measured slower than epoll")

// uringSetup creates the ring; a test replaces it to force the fallback.
var uringSetup = uring.New

// newUringLoop makes a loop on the io_uring engine. It locks the calling
// goroutine to its thread (unlocked by run's end, or here on failure).
// needMinWait refuses a ring without the kernel's minimum wait (auto's
// choice: without it every response wakes the loop, and the ring measured
// slower than epoll; asked for by name, it runs without).
func newUringLoop(g *gen, needMinWait bool) (l *loop, err error) {
	l, err = newLoopBase(g)
	if err != nil {
		return nil, err
	}
	runtime.LockOSThread()
	defer func() {
		if err != nil {
			runtime.UnlockOSThread()
		}
	}()
	conns := g.cfg.Connections
	if g.cfg.Arrival.Closed() {
		conns = g.cfg.Arrival.VUs
	}
	// Per connection at most a connect or a send, a recv and a cancel of
	// each are queued in one turn; completions in flight are fewer.
	entries := uint32(64)
	for entries < uint32(min(3*conns+8, 1<<15)) {
		entries <<= 1
	}
	ring, err := uringSetup(entries, uring.Options{CQEntries: 2 * entries})
	if err != nil {
		return nil, err
	}
	if needMinWait && !ring.HasMinWait() {
		ring.Close()
		return nil, errNoMinWait
	}
	u := &uio{ring: ring, cqes: make([]uring.CQE, 256), efdBuf: make([]byte, 8), orphans: map[uint64][]byte{}}
	if ring.RegisterFiles(uint32(conns)) == nil { // else (Linux < 5.19) descriptors, as before
		u.slots = conns
	}
	if u.efd, err = unix.Eventfd(0, unix.EFD_CLOEXEC); err != nil {
		ring.Close()
		return nil, os.NewSyscallError("eventfd", err)
	}
	switch sa := l.sa.(type) {
	case *unix.SockaddrInet4:
		raw := &unix.RawSockaddrInet4{Family: unix.AF_INET, Addr: sa.Addr}
		raw.Port = htons(sa.Port)
		u.sa, u.saLen = unsafe.Pointer(raw), unix.SizeofSockaddrInet4
	case *unix.SockaddrInet6:
		raw := &unix.RawSockaddrInet6{Family: unix.AF_INET6, Addr: sa.Addr}
		raw.Port = htons(sa.Port)
		u.sa, u.saLen = unsafe.Pointer(raw), unix.SizeofSockaddrInet6
	}
	l.ur = u
	l.postWake()
	return l, nil
}

func htons(p int) uint16 { return uint16(p>>8) | uint16(p&0xff)<<8 }

// file makes e name c's socket by its slot in the file table when it is
// there (its descriptor is already in e).
func file(e *uring.SQE, c *econn) {
	if c.fixed {
		e.Fixed(c.id)
	}
}

func (l *loop) ud(c *econn, op uint64) uint64 {
	return uint64(uint32(c.id))<<32 | uint64(c.gen&0xffffff)<<8 | op
}

// sqe returns a free ring entry, submitting the queued ones first when
// the ring is full.
func (l *loop) sqe() *uring.SQE {
	for {
		if e := l.ur.ring.Get(); e != nil {
			return e
		}
		if _, errno := l.ur.ring.Enter(false, 0, -1, 0); errno != 0 && errno != unix.EINTR {
			// The kernel takes no entries until completions are
			// reaped. They are set aside, not handled: the caller
			// may be in the middle of a connection's transition.
			u := l.ur
			n := u.ring.Reap(u.cqes)
			u.deferred = append(u.deferred, u.cqes[:n]...)
		}
	}
}

func (l *loop) postWake() {
	l.ur.wakeBusy = true
	l.sqe().PrepRead(l.ur.efd, l.ur.efdBuf, uint64(wakeID)<<32|opWake)
}

// uconnect is connect on the ring (begin picks it).
func (l *loop) uconnect(c *econn) errKind {
	// A blocking socket: the ring never blocks on it (it polls), and
	// io_uring hands O_NONBLOCK files' EAGAIN back instead of waiting.
	fd, err := unix.Socket(l.family, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return kindConnect
	}
	unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
	c.fd, c.r, c.w, c.reused = fd, 0, 0, false
	c.state, c.cxBusy = stConnecting, true
	c.fixed = c.id < l.ur.slots && l.ur.ring.SetFile(c.id, fd) == nil
	e := l.sqe()
	e.PrepConnect(fd, l.ur.sa, l.ur.saLen, l.ud(c, opConnect))
	file(e, c)
	return kindOK
}

// usend queues the rest of c.out, and a receive when none is queued.
func (l *loop) usend(c *econn) {
	c.state = stWriting
	c.txBusy = true
	e := l.sqe()
	e.PrepSend(c.fd, c.out, unix.MSG_NOSIGNAL, l.ud(c, opSend))
	file(e, c)
	l.upostRecv(c)
}

// upostRecv queues a receive into the free end of c's buffer, unless one
// is in flight. room may end the request (a head that fills the buffer).
func (l *loop) upostRecv(c *econn) {
	if c.fd < 0 || c.rxBusy || c.state == stConnecting {
		return
	}
	if !l.room(c) {
		return
	}
	c.rxBusy = true
	e := l.sqe()
	e.PrepRecv(c.fd, c.buf[c.w:], 0, l.ud(c, opRecv))
	file(e, c)
	if c.state == stWriting {
		e.PollFirst() // the answer to a request not sent yet is not there
	}
}

// ucloseConn is closeConn on the ring: entries already queued are
// submitted first (none may name the descriptor once it is closed and
// its number reused), operations in flight are cancelled, and a recv's
// buffer is left to it.
func (l *loop) ucloseConn(c *econn) {
	u := l.ur
	if u.ring.Queued() > 0 {
		u.ring.Enter(false, 0, -1, 0)
	}
	for _, op := range [...]struct {
		busy *bool
		op   uint64
	}{{&c.cxBusy, opConnect}, {&c.txBusy, opSend}, {&c.rxBusy, opRecv}} {
		if !*op.busy {
			continue
		}
		*op.busy = false
		ud := l.ud(c, op.op)
		l.sqe().PrepCancel(ud, uint64(wakeID-1)<<32|opCancel)
		if op.op == opRecv {
			u.orphans[ud] = c.buf
			c.buf = make([]byte, maxHeader)
		}
	}
	if c.fixed {
		// The table's reference would keep the socket open after
		// its descriptor is closed.
		u.ring.SetFile(c.id, -1)
		c.fixed = false
	}
	unix.Close(c.fd)
	c.fd = -1
	c.gen++
}

// complete handles one completion.
func (l *loop) complete(e *uring.CQE) {
	id, op := e.UserData>>32, e.UserData&0xff
	switch {
	case op == opWake:
		l.ur.wakeBusy = false
		if !l.ur.closing {
			l.postWake()
		}
		return
	case op == opCancel || id >= uint64(len(l.conns)):
		return
	}
	c := l.conns[id]
	if uint32(e.UserData>>8)&0xffffff != c.gen&0xffffff {
		if op == opRecv {
			delete(l.ur.orphans, e.UserData) // the kernel is done with it
		}
		return
	}
	res := e.Res
	switch op {
	case opConnect:
		c.cxBusy = false
		if res == 0 {
			l.usend(c)
			return
		}
		k := kindConnect
		if res == -int32(unix.ECONNREFUSED) {
			k = kindConnectRefused
		}
		l.closeConn(c)
		l.finish(c, 0, k)
	case opSend:
		c.txBusy = false
		if res < 0 {
			l.fail(c, classify(os.NewSyscallError("write", syscall.Errno(-res))))
			return
		}
		c.out = c.out[res:]
		switch {
		case len(c.out) > 0:
			c.txBusy = true
			e := l.sqe()
			e.PrepSend(c.fd, c.out, unix.MSG_NOSIGNAL, l.ud(c, opSend))
			file(e, c)
		case c.state == stWriting:
			c.state = stReading
		}
	case opRecv:
		c.rxBusy = false
		if res > 0 {
			l.bytesIn += int64(res)
		}
		if c.state != stWriting && c.state != stReading {
			// Idle or thinking: the server closed the connection (or
			// sent something unasked). Close it; the next request
			// reconnects.
			l.closeConn(c)
			return
		}
		switch {
		case res == -int32(unix.EINTR) || res == -int32(unix.EAGAIN):
		case res < 0:
			l.fail(c, classify(os.NewSyscallError("read", syscall.Errno(-res))))
			return
		case res == 0:
			if c.rr.EOF() { // the body ran to the end of the connection
				c.status, c.close = c.rr.Head.Status, true
				l.finish(c, c.status, kindOK)
			} else {
				l.fail(c, kindClosed)
			}
			return
		default:
			c.w += int(res)
			c.got = true
			l.parse(c)
		}
		l.upostRecv(c)
	}
}

// reap handles every completion that is ready, those set aside by sqe
// first.
func (l *loop) reap() {
	for len(l.ur.deferred) > 0 {
		e := l.ur.deferred[0]
		l.ur.deferred = l.ur.deferred[1:]
		l.complete(&e)
	}
	for {
		n := l.ur.ring.Reap(l.ur.cqes)
		for i := 0; i < n; i++ {
			l.complete(&l.ur.cqes[i])
		}
		if n < len(l.ur.cqes) {
			return
		}
	}
}

// runUring is run on the ring: the same turn (dispatch, window end,
// expiry, the next deadline), with one io_uring_enter that submits what
// the last turn queued and waits for completions or the deadline.
func (l *loop) runUring(ctx context.Context) {
	defer l.closeAll()
	g := l.g
	stop := context.AfterFunc(ctx, func() {
		g.cancelled.Store(true)
		l.stopLoop()
	})
	defer stop()
	// The wait's timeout is an hrtimer with the thread's slack (50 us by
	// default); the thread is ours for the run.
	unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_SET_TIMERSLACK, uintptr(napSlack), 0, 0, 0, 0)
	closed := g.cfg.Arrival.Closed()
	nap := closed && g.cfg.Think == 0 && l.ur.ring.HasMinWait()
	l.startLoad(closed)
	var lastYield time.Duration
	heavy := heavyBurner(g.cfg.CPUFactor)
	for {
		now := g.since()
		if g.cancelled.Load() {
			return
		}
		if now-lastYield > yieldEvery {
			runtime.Gosched() // the thread stays ours (locked)
			lastYield = now
		}
		if l.turnStart(now, closed) {
			return
		}
		l.armedAt = 0
		if g.end > 0 {
			l.arm(g.end)
		}
		l.armNext()
		timeout := time.Duration(-1)
		if l.armedAt > 0 {
			timeout = max(l.armedAt-g.since(), 0)
		}
		// Driving the server flat out with more than one request in
		// flight, the loop waits for all of them but at most napWait
		// once one is back: napWait's batching (engine_linux.go), done
		// by the kernel, which then wakes the thread once per batch.
		want, minWait := uint32(1), time.Duration(0)
		if nap && l.inflight > 1 {
			want, minWait = uint32(l.inflight)+l.ur.ring.Queued(), napWait
		}
		// EINTR, ETIME, EBUSY: back to the turn, after reaping.
		l.ur.ring.Enter(true, want, timeout, minWait)
		l.batchAt = g.since()
		l.reap()
		l.batchAt = -1
		heavy()
	}
}

// closeUring ends the ring side of closeAll: every connection is closed
// and its operations cancelled, and their completions are waited for
// (briefly: a cancel completes at once), so that no kernel write into a
// buffer outlives the run. Closing the ring would cancel them too, but
// not wait.
func (l *loop) closeUring() {
	u := l.ur
	for _, c := range l.conns {
		if c.fd >= 0 {
			l.closeConn(c)
		}
	}
	u.closing = true
	l.sqe().PrepCancel(uint64(wakeID)<<32|opWake, uint64(wakeID-1)<<32|opCancel)
	for i := 0; i < 100 && (len(u.orphans) > 0 || u.wakeBusy); i++ {
		u.ring.Enter(true, 1, 10*time.Millisecond, 0)
		l.reap()
	}
	u.ring.Close()
	unix.Close(u.efd)
	runtime.UnlockOSThread()
}

func (l *loop) uringStop() {
	one := [8]byte{1}
	unix.Write(l.ur.efd, one[:])
}
