//go:build linux

package loadgen

import (
	"net/netip"
	"time"

	"github.com/waitlab/waitlab/internal/timeheap"
	"golang.org/x/sys/unix"
)

// A scenario's load on the epoll engine: the scenario is a request source
// over the engine's loop (engine_linux.go), the loop the plain load runs:
// one loop type, one event handler, one dial path (loop.connect), one
// response reader (httpwire through loop.parse), one open-model
// dispatcher (loop.advance and the timerfd, batching the sends due within
// timerSlack, as for plain load). What the scenario adds (scLoop):
//
//   - its bytes: request i carries ?req=i (scenarioGen.appendRequest),
//     and its answer's X-Waitlab-Req, -Class and -Loop are read as the
//     head is parsed and checked against the planner (scenarioGen.check);
//   - its connections: one pool per planner loop (the open model's
//     requests wait per pool, each pool holding its share of MaxConns),
//     and each virtual user one connection per loop it sends to;
//   - its records: each request's intended send, actual send, end,
//     status and failure in scenarioGen.reqs, and each connection's
//     set-up time;
//   - its think times: the planner's draw per user and request, kept in a
//     heap by wake-up time (they differ, unlike plain load's one --think);
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
	ngroups int
	oneShot bool // a burst: each request on a connection of its own
	more    bool // a burst has requests due that this turn did not dial

	// The open model, per connection group (planner loop): the requests
	// due that wait for a connection, the idle connections (the longest
	// idle first, as the plain load's), and how many are open, at most
	// per.
	pending []fifo[int64]
	free    []fifo[*econn]
	open    []int
	per     int

	// The closed model: each user's connection per group, the requests
	// it has sent, and the users thinking, by wake-up time.
	users    [][]*econn
	count    []int64
	thinking timeheap.Heap[int]

	// bufs are read buffers a burst's closed connections gave back.
	bufs [][]byte
}

// runLoop runs the scenario's requests on the epoll engine's loop. An
// error (no loop could be made) means nothing was sent: the caller runs
// the goroutine engine and says why.
func (g *scenarioGen) runLoop(ngroups int) error {
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
	sc := &scLoop{g: g, ngroups: ngroups, oneShot: g.oneShot, per: max(g.cfg.MaxConns/ngroups, 1)}
	if s.Arrival.Closed() {
		users := min(s.Arrival.VUs, len(g.reqs))
		sc.users, sc.count = make([][]*econn, users), make([]int64, users)
		for u := range sc.users {
			sc.users[u] = make([]*econn, ngroups)
		}
	} else {
		sc.pending, sc.free, sc.open = make([]fifo[int64], ngroups), make([]fifo[*econn], ngroups), make([]int, ngroups)
	}
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
// at once, each on a new connection (burstDialBatch a turn); the open
// model's wait in their group's queue for one of its connections.
func (s *scLoop) dispatch(l *loop, now time.Duration) {
	s.more = false
	dialled := 0
	for l.sending && l.haveNext && l.nextDue <= now {
		if s.oneShot && dialled == burstDialBatch {
			s.more = true
			return
		}
		i, due := l.n, l.nextDue
		s.g.reqs[i].due = int64(due)
		l.measured++
		l.n++
		l.advance()
		if s.oneShot {
			dialled++
			l.start(l.newConn(), due, int(i), true)
			continue
		}
		s.pending[s.g.group(i, s.ngroups)].push(i)
	}
	for k := range s.pending {
		s.serve(l, k)
	}
}

// serve sends group k's waiting requests, in order, on its idle
// connections or new ones while the group is under its share of the cap.
func (s *scLoop) serve(l *loop, k int) {
	q := &s.pending[k]
	for q.len() > 0 {
		var c *econn
		switch {
		case s.free[k].len() > 0:
			c = s.free[k].front()
			s.free[k].pop()
		case s.open[k] < s.per:
			c = l.newConn()
			c.grp = k
			s.open[k]++
		default:
			return // the request waits, keeping its intended time
		}
		i := q.front()
		q.pop()
		l.start(c, time.Duration(s.g.reqs[i].due), int(i), true)
	}
}

// waiting: a request waits for a connection, or a user thinks.
func (s *scLoop) waiting() bool {
	for k := range s.pending {
		if s.pending[k].len() > 0 {
			return true
		}
	}
	return s.thinking.Len() > 0
}

// startUsers sends every virtual user's first request.
func (s *scLoop) startUsers(l *loop) {
	for u := range s.users {
		s.send(l, u, 0)
	}
}

// send starts user u's next request, intended at due, on its connection
// for that request's group; none is left: the run halts.
func (s *scLoop) send(l *loop, u int, due time.Duration) {
	if l.halted || l.started >= int64(len(s.g.reqs)) {
		l.halted = true
		s.thinking = timeheap.Heap[int]{} // nobody is left to send
		return
	}
	i := l.started
	l.started++
	k := s.g.group(i, s.ngroups)
	c := s.users[u][k]
	if c == nil {
		c = l.newConn()
		c.user, c.grp = u, k
		s.users[u][k] = c
	}
	s.g.reqs[i].due = int64(due)
	l.start(c, due, int(i), true)
}

// wake runs after the loop's timeouts: the open model's waiting requests
// go out on the connections those freed, and the users whose think time
// is over send (only those waiting when it was called, as loop.expire's).
func (s *scLoop) wake(l *loop, now time.Duration) {
	for k := range s.pending {
		s.serve(l, k)
	}
	for n := s.thinking.Len(); n > 0 && s.thinking.Len() > 0; n-- {
		at, u := s.thinking.Peek()
		if at > now {
			return
		}
		s.thinking.Pop()
		s.send(l, u, at)
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

// finish records c's request (loop.finish has ended it) and moves c on:
// a burst's connection is closed, an open model's goes back to its
// group, a virtual user thinks or sends its next request.
func (s *scLoop) finish(l *loop, c *econn, end time.Duration, status int, k errKind) {
	g := s.g
	r := &g.reqs[c.target]
	r.send, r.end = int64(c.send), int64(end)
	r.status, r.kind = int32(status), k
	if k == kindOK {
		g.check(int64(c.target), r, c.tags)
		c.reused = true
		if c.close {
			l.closeConn(c)
		}
	}
	c.state = stIdle
	switch {
	case s.oneShot:
		l.closeConn(c)
		if c.buf != nil {
			s.bufs = append(s.bufs, c.buf)
			c.buf = nil
		}
	case l.g.cfg.Arrival.Closed():
		if l.halted {
			return
		}
		u := c.user
		s.count[u]++
		at := end + g.planner.Think(u, s.count[u])
		if at <= end && k == kindOK {
			// No think time: the next request at once (a failure waits
			// for the loop's turn, so a storm of them cannot recurse).
			s.send(l, u, end)
			return
		}
		s.thinking.Push(at, u)
	default:
		s.free[c.grp].push(c)
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
// timed out now and, in a burst, every request not yet sent too (sent
// and ended now), as the goroutine path's aborted clients do.
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
	if s.oneShot {
		for i := l.n; i < int64(len(s.g.reqs)); i++ {
			r := &s.g.reqs[i]
			r.send, r.end, r.kind = now, now, kindTimeout
		}
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
