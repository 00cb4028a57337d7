//go:build linux

package loadgen

import (
	"context"
	"net/netip"
	"os"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
	"golang.org/x/sys/unix"
)

// A burst of a scenario on one goroutine: every request on its own
// connection, dialled, written, read and closed with plain system calls,
// all waiting in one epoll set.
//
// Why: in a burst, the generator dialling its connections one after the
// other is the critical path: the last request of the first wave cannot
// start before the generator has opened its connection. The goroutine
// path (a goroutine and a client per request, through Go's poller) spent
// about 75 µs of the generator's core on each connection of a
// 1,000-request burst (a perf trace, docs/benchmarks.md, ninth pass):
// the goroutine's start, socket, TCP_NODELAY, connect, the poller's fcntl
// and epoll_ctl when the socket becomes an *os.File, a second connect
// that answers EISCONN, the write, a read that finds nothing, the park and
// the wake-up, the read, the poller's epoll_ctl DEL and the close. Here a
// connection costs socket, connect, write, epoll_ctl ADD, read and close,
// and a share of one epoll_wait: the generator's CPU a burst request fell
// from 107-108 to 76-79 µs, nearly all of it in those system calls, and a
// 1,000-request burst's 500th request went out 16-21 ms after the first
// (docs/benchmarks.md, tenth pass).
//
// internal/experiment's rawBurst is another raw burst on purpose: it makes
// every connect before any request goes out, as the NIO client of the
// published loop-stall run did; here each request follows its own
// connect, as the goroutine path's did, so a burst's figures mean what
// they meant.
//
// What it measures is what the goroutine path measures: a request's send
// time is taken before its socket is made, its end when its response is
// complete, a connection's set-up from the socket call until the
// connection is known to be established, and a request not done in
// cfg.Timeout fails as a timeout.

// burstDialBatch is how many connections are dialled before the loop
// looks at the ones already open (a poll, no wait): the answers to
// requests that wait nothing arrive while the rest are still dialled.
const burstDialBatch = 32

// burstReadBuf is the one read buffer the loop reads every connection
// into (a response's bytes are parsed where they land; only a header
// block or a chunk line split across reads is kept, per connection).
const burstReadBuf = 64 << 10

// bconn is one burst request's connection.
type bconn struct {
	fd         int
	connecting bool   // the request waits for the connection
	out        []byte // the request's unsent rest while connecting
	part       []byte // a header block or chunk line split across reads
	rr         httpwire.ResponseReader
	t          tags
}

// runBurstRaw runs the burst on one goroutine when the target is a
// literal address; it reports false, having done nothing, when it cannot
// (a host name, no epoll), and the caller runs the goroutine path.
func (g *scenarioGen) runBurstRaw() bool {
	ap, err := netip.ParseAddrPort(g.addr)
	if err != nil {
		return false
	}
	sa, family := sockaddrOf(ap)
	p, err := epoll.New()
	if err != nil {
		return false
	}
	defer p.Close()
	wake, err := epoll.NewEventFD()
	if err != nil {
		return false
	}
	defer wake.Close()
	if p.Add(wake.FD(), epoll.In, burstWake) != nil {
		return false
	}
	// A cancelled run wakes the loop at once (it also checks between
	// dialling batches). The flag is set here, before the signal:
	// RunScenario's own AfterFunc sets it too, but the two run on
	// goroutines of their own, in no set order, and a loop woken before
	// the flag was set would wait again (TestBurstCancelled caught that
	// beside two CPU hogs: 5 s instead of at once).
	stop := context.AfterFunc(g.ctx, func() {
		g.cancelled.Store(true)
		wake.Signal()
	})
	defer stop()
	l := &burstLoop{g: g, p: p, sa: sa, family: family, n: len(g.reqs),
		conns: make([]bconn, len(g.reqs)), buf: make([]byte, burstReadBuf), timeout: int64(g.cfg.Timeout)}
	l.run(wake)
	return true
}

// burstWake is the wake eventfd's epoll data (a connection's is its index).
const burstWake = ^uint64(0)

// burstLoop is the burst's epoll loop: every request on a connection of
// its own, dialled in batches, read until its response ends or its time
// is up. next is the next request to dial, oldest the oldest still open.
type burstLoop struct {
	g               *scenarioGen
	p               *epoll.Poller
	sa              unix.Sockaddr
	family          int
	conns           []bconn
	buf, req        []byte
	n, next, oldest int
	open            int
	timeout         int64
}

func (l *burstLoop) run(wake *epoll.EventFD) {
	g := l.g
	evs := make([]epoll.Event, 256)
	g.t0 = time.Now()
	for l.next < l.n || l.open > 0 {
		if g.cancelled.Load() {
			l.abort()
			return
		}
		for k := 0; k < burstDialBatch && l.next < l.n; k++ {
			l.dial(l.next)
			l.next++
		}
		for l.oldest < l.next && l.conns[l.oldest].fd < 0 {
			l.oldest++
		}
		wait := time.Duration(0)
		if l.next == l.n {
			if l.open == 0 {
				return
			}
			wait = time.Duration(g.reqs[l.oldest].send + l.timeout - g.since())
			if wait <= 0 {
				wait = time.Millisecond
			}
		}
		m, err := l.p.Wait(evs, wait)
		if err != nil {
			l.abort()
			return
		}
		for _, ev := range evs[:m] {
			if ev.Data == burstWake {
				wake.Drain()
				continue
			}
			l.event(int(ev.Data), ev.Events)
		}
		// Requests past their time, oldest first (sent in order, so
		// their deadlines are in order too).
		now := g.since()
		for i := l.oldest; i < l.next && g.reqs[i].send+l.timeout <= now; i++ {
			if l.conns[i].fd >= 0 {
				l.finish(i, 0, kindTimeout)
			}
		}
	}
}

// event handles what epoll reported on connection i: the rest of its
// request written once connected, then its response read.
func (l *burstLoop) event(i int, events uint32) {
	g := l.g
	c := &l.conns[i]
	if c.fd < 0 {
		return
	}
	if c.connecting {
		if events&(epoll.Out|epoll.Err|epoll.Hup) == 0 {
			return
		}
		w, err := rawWrite(c.fd, c.out)
		switch {
		case err == unix.EAGAIN || err == unix.EINTR:
			return
		case err != nil:
			l.finish(i, 0, dialKind(err))
			return
		}
		if c.out = c.out[w:]; len(c.out) > 0 {
			return
		}
		c.out = nil
		l.established(i, g.since())
		l.p.Mod(c.fd, epoll.In|epoll.RdHup, uint64(i))
		if events&(epoll.In|epoll.RdHup|epoll.Hup|epoll.Err) == 0 {
			return
		}
	}
	r, err := rawRead(c.fd, l.buf)
	switch {
	case err == unix.EAGAIN || err == unix.EINTR:
	case err != nil:
		l.finish(i, 0, classify(os.NewSyscallError("read", err)))
	case r == 0 && c.rr.EOF(): // the body ran to the end of the connection
		l.finish(i, c.rr.Head.Status, kindOK)
	case r == 0:
		l.finish(i, 0, kindClosed)
	default:
		if done, k := c.feed(l.buf[:r]); done {
			status := c.rr.Head.Status
			if k != kindOK {
				status = 0
			}
			l.finish(i, status, k)
		}
	}
}

// finish ends request i with its status and kind and closes its socket.
func (l *burstLoop) finish(i int, status int, k errKind) {
	c, r := &l.conns[i], &l.g.reqs[i]
	r.end = l.g.since()
	r.status, r.kind = int32(status), k
	unix.Close(c.fd)
	c.fd, c.connecting, c.out, c.part = -1, false, nil, nil
	l.open--
	if k == kindOK {
		l.g.check(int64(i), r, c.t)
	}
}

// established records a connection's set-up and moves it to reading.
func (l *burstLoop) established(i int, at int64) {
	l.g.dialed(time.Duration(at - l.g.reqs[i].send))
	c := &l.conns[i]
	c.connecting, c.t = false, tags{index: -1, loop: -1}
	c.rr.Reset(false)
}

// dial opens request i's connection and writes its request, whole when
// the socket takes it at once, else the rest once connected.
func (l *burstLoop) dial(i int) {
	g := l.g
	c, r := &l.conns[i], &g.reqs[i]
	c.fd = -1
	r.send = g.since()
	fd, err := unix.Socket(l.family, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		r.end, r.kind = g.since(), kindConnect
		return
	}
	c.fd = fd
	l.open++
	// No TCP_NODELAY: the request goes out in one write, and Nagle
	// never holds back a connection's first segment.
	if err := unix.Connect(fd, l.sa); err != nil && err != unix.EINPROGRESS && err != unix.EINTR {
		l.finish(i, 0, dialKind(err))
		return
	}
	at := g.since()
	l.req = g.appendRequest(l.req[:0], int64(i))
	events := epoll.In | epoll.RdHup
	w, err := rawWrite(fd, l.req)
	switch {
	case err == nil && w == len(l.req):
		// A request written whole proves the connection was up by
		// the write, which follows connect's return by the time it
		// takes to build the request: the set-up ends at that
		// return (on loopback the handshake is done within connect).
		l.established(i, at)
	case err == nil || err == unix.EAGAIN || err == unix.EINTR:
		c.out = append([]byte(nil), l.req[max(w, 0):]...)
		c.connecting = true
		events |= epoll.Out
	default:
		l.finish(i, 0, dialKind(err))
		return
	}
	if err := l.p.Add(fd, events, uint64(i)); err != nil {
		l.finish(i, 0, kindConnect)
	}
}

// abort ends every open request and every one not yet sent as timed out.
func (l *burstLoop) abort() {
	for i := l.oldest; i < l.next; i++ {
		if l.conns[i].fd >= 0 {
			l.finish(i, 0, kindTimeout)
		}
	}
	for ; l.next < l.n; l.next++ {
		r := &l.g.reqs[l.next]
		r.send = l.g.since()
		r.end, r.kind = r.send, kindTimeout
	}
}

// feed parses the next bytes of c's response; done says the response is
// complete (k kindOK) or failed (k the failure). Bytes after a complete
// response are a bad response, as on the other paths.
func (c *bconn) feed(b []byte) (done bool, k errKind) {
	src := b
	if len(c.part) > 0 {
		c.part = append(c.part, b...)
		src = c.part
	}
	n, err := c.rr.Feed(src, c.t.read)
	switch {
	case err != nil:
		return true, kindBadResponse
	case c.rr.Done() && n < len(src):
		return true, kindBadResponse
	case c.rr.Done():
		return true, kindOK
	}
	// The rest of a header block or chunk line: kept for the next read
	// (b is the loop's one buffer).
	c.part = append(c.part[:0], src[n:]...)
	return false, kindOK
}

// sockaddrOf is a literal address as connect(2) takes it, and its family.
func sockaddrOf(ap netip.AddrPort) (unix.Sockaddr, int) {
	if a := ap.Addr().Unmap(); a.Is4() {
		return &unix.SockaddrInet4{Port: int(ap.Port()), Addr: a.As4()}, unix.AF_INET
	}
	a := ap.Addr()
	return &unix.SockaddrInet6{Port: int(ap.Port()), Addr: a.As16(), ZoneId: zoneID(a.Zone())}, unix.AF_INET6
}
