//go:build linux

package loadgen

import (
	"context"
	"net/netip"
	"os"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
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

// A burst connection's phases beyond the response parser's (engine_linux.go).
const (
	phConnecting uint8 = 100 + iota // the request waits for the connection
	phDone                          // the response is complete
)

// bconn is one burst request's connection.
type bconn struct {
	fd     int
	phase  uint8
	status int
	remain int64  // body bytes (or a chunk's) still to come
	out    []byte // the request's unsent rest while connecting
	part   []byte // a header block or chunk line split across reads
	t      tags
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
	const wakeData = ^uint64(0)
	if p.Add(wake.FD(), epoll.In, wakeData) != nil {
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

	n := len(g.reqs)
	conns := make([]bconn, n)
	evs := make([]epoll.Event, 256)
	buf := make([]byte, burstReadBuf)
	var req []byte
	next, oldest, open := 0, 0, 0
	timeout := int64(g.cfg.Timeout)

	finish := func(i int, status int, k errKind) {
		c, r := &conns[i], &g.reqs[i]
		r.end = g.since()
		r.status, r.kind = int32(status), k
		unix.Close(c.fd)
		c.fd, c.phase, c.out, c.part = -1, phDone, nil, nil
		open--
		if k == kindOK {
			g.check(int64(i), r, c.t)
		}
	}
	// established records a connection's set-up and moves it to reading.
	established := func(i int, at int64) {
		g.dialed(time.Duration(at - g.reqs[i].send))
		conns[i].phase = phHead
	}
	dial := func(i int) {
		c, r := &conns[i], &g.reqs[i]
		c.fd = -1
		r.send = g.since()
		fd, err := unix.Socket(family, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			r.end, r.kind = g.since(), kindConnect
			return
		}
		c.fd = fd
		open++
		// No TCP_NODELAY: the request goes out in one write, and Nagle
		// never holds back a connection's first segment.
		if err := unix.Connect(fd, sa); err != nil && err != unix.EINPROGRESS && err != unix.EINTR {
			finish(i, 0, dialKind(err))
			return
		}
		at := g.since()
		req = g.appendRequest(req[:0], int64(i))
		events := epoll.In | epoll.RdHup
		w, err := rawWrite(fd, req)
		switch {
		case err == nil && w == len(req):
			// A request written whole proves the connection was up by
			// the write, which follows connect's return by the time it
			// takes to build the request: the set-up ends at that
			// return (on loopback the handshake is done within connect).
			established(i, at)
		case err == nil || err == unix.EAGAIN || err == unix.EINTR:
			c.out = append([]byte(nil), req[max(w, 0):]...)
			c.phase = phConnecting
			events |= epoll.Out
		default:
			finish(i, 0, dialKind(err))
			return
		}
		if err := p.Add(fd, events, uint64(i)); err != nil {
			finish(i, 0, kindConnect)
		}
	}
	abort := func() {
		for i := oldest; i < next; i++ {
			if conns[i].fd >= 0 {
				finish(i, 0, kindTimeout)
			}
		}
		for ; next < n; next++ {
			r := &g.reqs[next]
			r.send = g.since()
			r.end, r.kind = r.send, kindTimeout
		}
	}

	g.t0 = time.Now()
	for next < n || open > 0 {
		if g.cancelled.Load() {
			abort()
			break
		}
		for k := 0; k < burstDialBatch && next < n; k++ {
			dial(next)
			next++
		}
		for oldest < next && conns[oldest].fd < 0 {
			oldest++
		}
		wait := time.Duration(0)
		if next == n {
			if open == 0 {
				break
			}
			wait = time.Duration(g.reqs[oldest].send + timeout - g.since())
			if wait <= 0 {
				wait = time.Millisecond
			}
		}
		m, err := p.Wait(evs, wait)
		if err != nil {
			abort()
			break
		}
		for _, ev := range evs[:m] {
			if ev.Data == wakeData {
				wake.Drain()
				continue
			}
			i := int(ev.Data)
			c := &conns[i]
			if c.fd < 0 {
				continue
			}
			if c.phase == phConnecting {
				if ev.Events&(epoll.Out|epoll.Err|epoll.Hup) == 0 {
					continue
				}
				w, err := rawWrite(c.fd, c.out)
				switch {
				case err == unix.EAGAIN || err == unix.EINTR:
					continue
				case err != nil:
					finish(i, 0, dialKind(err))
					continue
				}
				if c.out = c.out[w:]; len(c.out) > 0 {
					continue
				}
				c.out = nil
				established(i, g.since())
				p.Mod(c.fd, epoll.In|epoll.RdHup, uint64(i))
				if ev.Events&(epoll.In|epoll.RdHup|epoll.Hup|epoll.Err) == 0 {
					continue
				}
			}
			r, err := rawRead(c.fd, buf)
			switch {
			case err == unix.EAGAIN || err == unix.EINTR:
			case err != nil:
				finish(i, 0, classify(os.NewSyscallError("read", err)))
			case r == 0 && c.phase == phToClose:
				finish(i, c.status, kindOK)
			case r == 0:
				finish(i, 0, kindClosed)
			default:
				if done, k := c.feed(buf[:r]); done {
					status := c.status
					if k != kindOK {
						status = 0
					}
					finish(i, status, k)
				}
			}
		}
		// Requests past their time, oldest first (sent in order, so
		// their deadlines are in order too).
		now := g.since()
		for i := oldest; i < next && g.reqs[i].send+timeout <= now; i++ {
			if conns[i].fd >= 0 {
				finish(i, 0, kindTimeout)
			}
		}
	}
	return true
}

// feed parses the next bytes of c's response; done says the response is
// complete (k kindOK) or failed (k the failure). Bytes after a complete
// response are a bad response, as on the other paths.
func (c *bconn) feed(b []byte) (done bool, k errKind) {
	for {
		if c.phase == phDone {
			if len(b) > 0 {
				return true, kindBadResponse
			}
			return true, kindOK
		}
		if len(b) == 0 {
			return false, kindOK
		}
		switch c.phase {
		case phHead:
			src, e := c.split(b, headerEnd)
			if bad, more := c.tooLong(e); bad {
				return true, kindBadResponse
			} else if more {
				return false, kindOK
			}
			c.t = tags{index: -1, loop: -1}
			h, err := parseHead(src[:e], &c.t)
			if err != nil {
				return true, kindBadResponse
			}
			b, c.part = src[e:], nil
			if h.status < 200 {
				continue // an interim answer: the real one follows
			}
			c.status = h.status
			switch {
			case h.status == 204 || h.status == 304:
				c.phase = phDone
			case h.chunked:
				c.phase = phChunkSize
			case h.length > 0:
				c.phase, c.remain = phLength, h.length
			case h.length == 0:
				c.phase = phDone
			default:
				c.phase = phToClose
			}
		case phLength, phChunkData:
			take := min(int64(len(b)), c.remain)
			b, c.remain = b[take:], c.remain-take
			if c.remain > 0 {
				return false, kindOK
			}
			if c.phase == phLength {
				c.phase = phDone
			} else {
				c.phase = phChunkEnd
			}
		case phChunkSize, phChunkEnd, phTrailer:
			src, e := c.split(b, lineEnd)
			if bad, more := c.tooLong(e); bad {
				return true, kindBadResponse
			} else if more {
				return false, kindOK
			}
			line := src[:e-2]
			b, c.part = src[e:], nil
			switch c.phase {
			case phChunkEnd: // a chunk's data ends with CRLF, nothing else
				if len(line) != 0 {
					return true, kindBadResponse
				}
				c.phase = phChunkSize
			case phChunkSize:
				size, ok := parseChunkSize(line)
				switch {
				case !ok:
					return true, kindBadResponse
				case size == 0:
					c.phase = phTrailer
				default:
					c.phase, c.remain = phChunkData, size
				}
			case phTrailer:
				if len(line) == 0 {
					c.phase = phDone
				}
			}
		case phToClose:
			return false, kindOK // the body runs to the end of the connection
		}
	}
}

// split finds the end of what end looks for (its length, -1 when not
// there yet) in the bytes kept from earlier reads followed by b, and
// returns where it looked. When it is not there, those bytes are kept.
func (c *bconn) split(b []byte, end func([]byte) int) ([]byte, int) {
	if len(c.part) == 0 {
		if e := end(b); e >= 0 {
			return b, e
		}
		c.part = append(c.part, b...)
		return nil, -1
	}
	c.part = append(c.part, b...)
	return c.part, end(c.part)
}

// tooLong says whether a header block or line that ends at e (-1: not
// yet) is past maxHeader, the client's buffer (bad), or needs more bytes.
func (c *bconn) tooLong(e int) (bad, more bool) {
	if e > maxHeader || (e < 0 && len(c.part) >= maxHeader) {
		return true, false
	}
	return false, e < 0
}

// lineEnd is the length of b's first line with its CRLF (-1: none yet).
func lineEnd(b []byte) int {
	if e := indexCRLF(b, 0); e >= 0 {
		return e + 2
	}
	return -1
}

// sockaddrOf is a literal address as connect(2) takes it, and its family.
func sockaddrOf(ap netip.AddrPort) (unix.Sockaddr, int) {
	if a := ap.Addr().Unmap(); a.Is4() {
		return &unix.SockaddrInet4{Port: int(ap.Port()), Addr: a.As4()}, unix.AF_INET
	}
	a := ap.Addr()
	return &unix.SockaddrInet6{Port: int(ap.Port()), Addr: a.As16(), ZoneId: zoneID(a.Zone())}, unix.AF_INET6
}
