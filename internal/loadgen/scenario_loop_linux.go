//go:build linux

package loadgen

import (
	"net/netip"
	"time"

	"golang.org/x/sys/unix"
)

// A scenario's burst on the epoll engine: the scenario is a request
// source over the engine's loop (engine_linux.go), the loop the plain
// load runs: one loop type, one event handler, one dial path
// (loop.connect), one response reader (httpwire through loop.parse), the
// loop's dispatcher taking the pacer's requests (a burst's are all due at
// once). What the scenario adds (scLoop):
//
//   - its bytes: request i carries ?req=i (scenarioGen.appendRequest),
//     and its answer's X-Waitlab-Req, -Class and -Loop are read as the
//     head is parsed and checked against the planner (scenarioGen.check);
//   - its records: each request's intended send, actual send, end,
//     status and failure in scenarioGen.reqs, and each connection's
//     set-up time;
//   - the burst (oneShot): every request due at once, each on a
//     connection of its own that carries it alone and is closed after
//     its answer, dialled burstDialBatch at a time with a look (a poll,
//     no wait) at the connections already open between batches.
//
// Why the burst is a mode of this loop: it was a loop of its own (its
// dial, its event handler, its feed), a second home for all of this
// (issue 39). What it measured it measures the same way: a request's
// send is taken before its socket is made, its end when its answer is
// complete, a connection's set-up from the socket call until it is known
// established (loop.connect), and a request not done in the timeout fails
// as a timeout, connecting or not.
//
// The burst's speed (docs/benchmarks.md, ninth and tenth passes): the
// goroutine path spent about 75 µs of the generator's core on each
// connection of a 1,000-request burst (a goroutine, a client, Go's
// poller's registration and wake-ups); here a connection costs socket,
// connect, epoll_ctl ADD, write, read and close, and a share of one
// epoll_wait.
//
// internal/experiment's rawBurst is another raw burst on purpose: it
// makes every connect before any request goes out, as the NIO client of
// the published loop-stall run did; here each request follows its own
// connect, as the goroutine path's does, so a burst's figures mean what
// they meant.

// burstDialBatch is how many connections a burst dials before the loop
// looks at the ones already open (a poll, no wait): the answers to
// requests that wait nothing arrive while the rest are still dialled.
const burstDialBatch = 32

// scLoop is a scenario's request source on one loop. It is used only on
// the loop's goroutine.
type scLoop struct {
	g       *scenarioGen
	oneShot bool // a burst: each request on a connection of its own
	more    bool // a burst has requests due that this turn did not dial

	// bufs are read buffers a burst's closed connections gave back.
	bufs [][]byte
}

// runLoop runs the scenario's burst on the epoll engine's loop. An
// error (no loop could be made) means nothing was sent: the caller runs
// the goroutine engine and says why.
func (g *scenarioGen) runLoop(int) error {
	s := g.s
	cfg := &Config{Arrival: s.Arrival, Requests: int64(len(g.reqs)), Timeout: g.cfg.Timeout,
		Connections: g.cfg.MaxConns, Seed: s.Seed, Think: s.Think.Mean}
	lg := &gen{cfg: cfg, ep: Endpoint{Scheme: "http", Addr: g.addr}, t0: g.t0}
	l, err := newLoop(lg) // resolves a host name as the plain load does
	if err != nil {
		return err
	}
	if ap, err := netip.ParseAddrPort(g.addr); err == nil {
		// A literal address as the goroutine path's dialRaw takes it,
		// an IPv6 zone included.
		l.sa, l.family = sockaddrOf(ap)
	}
	sc := &scLoop{g: g, oneShot: g.oneShot}
	l.sc = sc
	// The load's clock starts now (after the loop's set-up).
	lg.t0 = time.Now()
	g.t0 = lg.t0
	if err := l.rebase(); err != nil {
		l.closeAll()
		return err
	}
	l.run(g.ctx)
	if g.ctx.Err() != nil {
		// Set here as well as by RunScenario's AfterFunc, which runs on
		// a goroutine of its own, in no set order with the loop's end.
		g.cancelled.Store(true)
		sc.abort(l)
	}
	return nil
}

// dispatch takes the requests due from the loop's pacer: a burst's go out
// at once, each on a new connection (burstDialBatch a turn).
func (s *scLoop) dispatch(l *loop, now time.Duration) {
	s.more = false
	dialled := 0
	for l.sending && l.haveNext && l.nextDue <= now {
		if dialled == burstDialBatch {
			s.more = true
			return
		}
		i, due := l.n, l.nextDue
		s.g.reqs[i].due = int64(due)
		l.measured++
		l.n++
		l.advance()
		dialled++
		l.start(l.newConn(), due, int(i), true)
	}
}

// request is c's request's bytes: GET ...?req=i (begin, and again for a
// retry on a new connection).
func (s *scLoop) request(c *econn) []byte {
	c.tags = tags{index: -1, loop: -1}
	if c.field == nil {
		c.field = c.tags.read
	}
	c.req = s.g.appendRequest(c.req[:0], int64(c.target))
	return c.req
}

// finish records c's request (loop.finish has ended it) and closes its
// connection.
func (s *scLoop) finish(l *loop, c *econn, end time.Duration, status int, k errKind) {
	g := s.g
	r := &g.reqs[c.target]
	r.send, r.end = int64(c.send), int64(end)
	r.status, r.kind = int32(status), k
	if k == kindOK {
		g.check(int64(c.target), r, c.tags)
	}
	c.state = stIdle
	l.closeConn(c)
	if c.buf != nil {
		s.bufs = append(s.bufs, c.buf)
		c.buf = nil
	}
}

// takeBuf is a read buffer for a burst's connection, whose answer has
// begun to arrive (a burst holds one only while it reads).
func (s *scLoop) takeBuf() []byte {
	if n := len(s.bufs); n > 0 {
		b := s.bufs[n-1]
		s.bufs = s.bufs[:n-1]
		return b
	}
	return make([]byte, maxHeader)
}

// abort records what a cancelled run left: every request in flight as
// timed out now and every request not yet sent too (sent and ended now).
func (s *scLoop) abort(l *loop) {
	now := int64(l.g.since())
	for _, c := range l.conns {
		switch c.state {
		case stConnecting, stWriting, stReading:
			r := &s.g.reqs[c.target]
			r.send, r.end, r.status, r.kind = int64(c.send), now, 0, kindTimeout
			c.state = stIdle
		}
	}
	for i := l.n; i < int64(len(s.g.reqs)); i++ {
		r := &s.g.reqs[i]
		r.send, r.end, r.kind = now, now, kindTimeout
	}
}

// sockaddrOf is a literal address as connect(2) takes it, and its family.
func sockaddrOf(ap netip.AddrPort) (unix.Sockaddr, int) {
	if a := ap.Addr().Unmap(); a.Is4() {
		return &unix.SockaddrInet4{Port: int(ap.Port()), Addr: a.As4()}, unix.AF_INET
	}
	a := ap.Addr()
	return &unix.SockaddrInet6{Port: int(ap.Port()), Addr: a.As16(), ZoneId: zoneID(a.Zone())}, unix.AF_INET6
}
