//go:build linux

package httptarget

import (
	"bytes"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/model"
)

// Serving a scenario.
//
// A target started with NewScenario runs a model.Scenario's requests, the
// same ones `waitlab sim` and `waitlab run` run: the scenario's model,
// loops or threads, offload pool and carriers choose the server, and each
// request's work (class, CPU time, its waits and their fan-out, whether
// they block, the shared lock) is model.Planner's draw for the request's
// index. The generator tells the server the index in the query parameter
// IndexParam ("GET /?req=17"); without it the server numbers requests in
// arrival order from 0. Every answer carries the index, class and loop it
// was served as (the headers below), so a generator can check end to end
// that the server ran the request it planned.
//
// Placement: in the loop models the planner binds request i to loop
// i mod N (round-robin). A connection's loop serves all its requests, so
// the server binds each new connection to the loop the planner gives the
// first request it carries: a binder thread waits (epoll, edge-triggered)
// for the connection's first bytes, peeks at its request line without
// consuming it (recv MSG_PEEK) and hands the socket to that loop. A
// generator that sends each request on a connection bound to the
// request's loop (loadgen does) gets the planner's placement for every
// request; a connection without an index is dealt round-robin as before.

// IndexParam is the query parameter that carries the request index.
const IndexParam = "req"

// Response headers of a scenario target.
const (
	HeaderIndex = "X-Waitlab-Req"
	HeaderClass = "X-Waitlab-Class"
	HeaderLoop  = "X-Waitlab-Loop"
)

// MaxScenarioConns caps the connections a scenario target accepts
// (MaxConns is raised to the scenario's requests up to this).
const MaxScenarioConns = 1 << 20

// ScenarioConfig returns base with the server chosen by sc: model, loops
// or threads, offload pool, carriers, seed; no knobs; queues and the
// connection cap large enough that the scenario's requests are never shed
// (the model's queues are unbounded).
func ScenarioConfig(sc model.Scenario, base Config) Config {
	cfg := base
	cfg.Model = sc.Model
	cfg.Threads = sc.Threads
	cfg.Offload = 0
	if sc.Model == model.Offload {
		cfg.Offload = sc.OffloadPool
	}
	cfg.FanoutPool = 0
	if sc.Model == model.Pool {
		cfg.FanoutPool = sc.FanoutPool
	}
	cfg.Carriers = 0
	if sc.Model == model.Virtual {
		cfg.Carriers = sc.Threads
	}
	cfg.Knobs = Knobs{}
	cfg.Seed = sc.Seed
	n := min(sc.Requests, MaxScenarioConns)
	cfg.Queue = max(cfg.Queue, min(n, 1_000_000))
	cfg.OffloadQueue = max(cfg.OffloadQueue, min(n, 1_000_000))
	cfg.MaxConns = max(cfg.MaxConns, n+64, 10000)
	return cfg
}

// NewScenario prepares a Server that serves sc (validated and normalized)
// with base's listen address, backlog, watchdog, log and drain settings.
func NewScenario(sc model.Scenario, base Config) (*Server, error) {
	sc.Normalize()
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	s, err := New(ScenarioConfig(sc, base))
	if err != nil {
		return nil, err
	}
	ss := &scenarioServe{s: s, sc: sc, planner: model.NewPlanner(sc)}
	if sc.Model.HasLoops() && sc.Assign != model.Shared {
		ss.loops = sc.Threads
	}
	ss.byClass = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "waitlab_target_scenario_requests_total",
		Help: "Scenario requests started, by the planner's class.",
	}, []string{"class"})
	for _, c := range sc.Classes {
		ss.classCount = append(ss.classCount, ss.byClass.WithLabelValues(c.Name))
	}
	ss.bound = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "waitlab_target_scenario_connections_total",
		Help: "Connections of a scenario target by how their loop was chosen: index (the planner's loop of their first request) or round_robin (no index).",
	}, []string{"by"})
	s.m.reg.MustRegister(ss.byClass, ss.bound)
	s.sc = ss
	return s, nil
}

// Scenario returns the scenario the server serves, if any.
func (s *Server) Scenario() (model.Scenario, bool) {
	if s.sc == nil {
		return model.Scenario{}, false
	}
	return s.sc.sc, true
}

// scenarioServe is a server's scenario state. Everything is read-only
// after NewScenario except lock (its own mutex), the binder (started once,
// then owned by its goroutine; pending under binder.mu) and the
// Prometheus counters (concurrency-safe).
type scenarioServe struct {
	s          *Server
	sc         model.Scenario
	planner    *model.Planner // safe for concurrent use
	loops      int            // loops the planner binds requests to (0: none)
	classCount []prometheus.Counter
	byClass    *prometheus.CounterVec
	bound      *prometheus.CounterVec
	lock       fifoLock

	bindOnce sync.Once
	binder   *binder
}

// scPlan is the scenario part of one request's plan.
type scPlan struct {
	class int
	loop  int // the planner's loop (-1: none)
	lock  bool
	waits []time.Duration
	index int64
	name  string // the class's
}

// makePlan is request id's plan when serving a scenario: the planner's
// draw for the index in the query (or id-1, arrival order from 0).
func (ss *scenarioServe) makePlan(id int64, query []byte) plan {
	idx := id - 1
	bad := false
	if v, ok := httpwire.QueryValue(query, IndexParam); ok {
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil || n < 0 || n >= model.MaxRequests {
			bad = true
		} else {
			idx = n
		}
	}
	var r model.Request
	ss.planner.Fill(idx, &r)
	c := &ss.sc.Classes[r.Class]
	p := plan{
		id: idx, cpu: r.CPU, calls: len(r.Waits),
		parallel: c.Fanout == model.Parallel, pipelined: c.Fanout == model.Pipelined, blocking: c.Blocking,
		sc: &scPlan{class: r.Class, loop: r.Loop, lock: ss.sc.SharedLock, waits: r.Waits, index: idx, name: c.Name},
	}
	if len(r.Waits) > 0 {
		p.wait = r.Waits[0]
	}
	if bad {
		p.status = 400
		p.sc = nil
	} else {
		ss.classCount[r.Class].Inc()
	}
	return p
}

// waitOf returns the wait of call k (the knobs' one wait, or the
// planner's k-th).
func (p *plan) waitOf(k int) time.Duration {
	if p.sc == nil || len(p.sc.waits) == 0 {
		return p.wait
	}
	return p.sc.waits[min(max(k, 0), len(p.sc.waits)-1)]
}

// holdsSlowest reports whether p is a scenario request whose parallel
// waits, made by one thread that holds through them, take the slowest
// one's time (no shared lock to serialise them). Safe on a nil receiver.
// A pool with a fan-out pool never asks: each call holds a pool thread
// (blockingCalls).
func (sp *scPlan) holdsSlowest(p *plan) bool {
	return sp != nil && p.parallel && !sp.lock && len(sp.waits) > 1
}

// slowest returns the index of the longest wait.
func (sp *scPlan) slowest() int {
	k := 0
	for i, w := range sp.waits {
		if w > sp.waits[k] {
			k = i
		}
	}
	return k
}

// tag returns the scenario headers of p's answer, served on loop (-1:
// not a loop), or nil.
func (p *plan) tag(loop int) []byte {
	if p.sc == nil {
		return nil
	}
	b := make([]byte, 0, 96)
	b = append(b, HeaderIndex+": "...)
	b = strconv.AppendInt(b, p.sc.index, 10)
	b = append(b, "\r\n"+HeaderClass+": "...)
	b = append(b, p.sc.name...)
	b = append(b, "\r\n"...)
	if loop >= 0 {
		b = append(b, HeaderLoop+": "...)
		b = strconv.AppendInt(b, int64(loop), 10)
		b = append(b, "\r\n"...)
	}
	return b
}

// header sets p's scenario headers on a net/http answer (virtual model).
func (p *plan) header(h http.Header) {
	if p.sc == nil {
		return
	}
	h[HeaderIndex] = []string{strconv.FormatInt(p.sc.index, 10)}
	h[HeaderClass] = []string{p.sc.name}
}

// asyncLocked makes a loop's non-blocking call that must hold the
// scenario's shared lock: it starts when the lock is granted (FIFO) and
// releases it when it ends, on a goroutine, so the loop goes on serving;
// the call's end comes back to the loop as finished offload work does.
// Called on t's loop.
func (ss *scenarioServe) asyncLocked(t *task, w time.Duration) {
	t.job = jobCall
	go func() {
		ss.lock.lock()
		time.Sleep(w)
		ss.lock.unlock()
		t.l.postDone(t)
	}()
}

// fifoLock is the scenario's shared lock: granted in the order asked, as
// the model's lock is. Safe for concurrent use.
type fifoLock struct {
	mu      sync.Mutex
	held    bool
	waiters []chan struct{}
}

func (l *fifoLock) lock() {
	l.mu.Lock()
	if !l.held {
		l.held = true
		l.mu.Unlock()
		return
	}
	ch := make(chan struct{})
	l.waiters = append(l.waiters, ch)
	l.mu.Unlock()
	<-ch // the lock is handed over held
}

func (l *fifoLock) unlock() {
	l.mu.Lock()
	if len(l.waiters) > 0 {
		ch := l.waiters[0]
		l.waiters = l.waiters[1:]
		l.mu.Unlock()
		close(ch)
		return
	}
	l.held = false
	l.mu.Unlock()
}

// bind hands fd to the binder, which gives it to the loop of its first
// request's index; false when there is nothing to agree on (one loop,
// shared assignment) or the binder could not start, and the caller deals
// the connection round-robin.
func (ss *scenarioServe) bind(ls *loopServer, fd int) bool {
	if ss.loops <= 1 {
		return false
	}
	ss.bindOnce.Do(func() {
		b, err := newBinder(ss, ls)
		if err != nil {
			ss.s.eventf("scenario: binder: %v (connections are dealt round-robin)\n", err)
			return
		}
		ss.binder = b
		go b.run()
	})
	b := ss.binder
	if b == nil {
		return false
	}
	b.mu.Lock()
	b.pending[fd] = time.Now()
	b.mu.Unlock()
	if err := b.poller.Add(fd, epoll.In|epoll.RdHup|epoll.ET, uint64(fd)); err != nil {
		b.mu.Lock()
		delete(b.pending, fd)
		b.mu.Unlock()
		return false
	}
	return true
}

// binder waits for each new connection's first request line and hands the
// connection to the planner's loop for its index. Its goroutine owns the
// poller's Wait, buf and swept; pending (connections not yet handed over)
// is guarded by mu. A connection that sends no request line within the
// header timeout is closed here, as a loop would close it.
type binder struct {
	ss      *scenarioServe
	ls      *loopServer
	poller  *epoll.Poller
	buf     []byte
	mu      sync.Mutex
	pending map[int]time.Time // when each connection was handed over
	swept   time.Time
}

func newBinder(ss *scenarioServe, ls *loopServer) (*binder, error) {
	p, err := epoll.New()
	if err != nil {
		return nil, err
	}
	return &binder{ss: ss, ls: ls, poller: p, buf: make([]byte, 2048), pending: map[int]time.Time{}}, nil
}

func (b *binder) run() {
	runtime.LockOSThread()
	events := make([]epoll.Event, 128)
	s := b.ss.s
	for {
		n, err := b.poller.Wait(events, 20*time.Millisecond)
		if err != nil {
			s.eventf("scenario: binder: %v\n", err)
		}
		if s.draining.Load() || err != nil {
			b.stop()
			return
		}
		b.sweep()
		for i := 0; i < n; i++ {
			fd := int(uint32(events[i].Data))
			loop, by, ok := b.decide(fd)
			if !ok {
				continue // the request line is not all there: wait for more
			}
			b.poller.Del(fd)
			b.mu.Lock()
			delete(b.pending, fd)
			b.mu.Unlock()
			b.ss.bound.WithLabelValues(by).Inc()
			b.ls.loops[loop].postConn(fd)
		}
	}
}

// sweep closes, at most every 100 ms, the connections that have waited
// longer than the header timeout for their first request line.
func (b *binder) sweep() {
	now := time.Now()
	if now.Sub(b.swept) < 100*time.Millisecond {
		return
	}
	b.swept = now
	limit := b.ss.s.cfg.HeaderTimeout
	b.mu.Lock()
	defer b.mu.Unlock()
	for fd, since := range b.pending {
		if limit > 0 && now.Sub(since) > limit {
			b.poller.Del(fd)
			unix.Close(fd)
			delete(b.pending, fd)
			b.ss.s.conns.Add(-1)
		}
	}
}

// stop closes the connections not yet handed to a loop (the server is
// draining) and the poller.
func (b *binder) stop() {
	b.mu.Lock()
	for fd := range b.pending {
		b.poller.Del(fd)
		unix.Close(fd)
		b.ss.s.conns.Add(-1)
	}
	b.pending = nil
	b.mu.Unlock()
	b.poller.Close()
}

// decide peeks at fd's first bytes: the loop of its index, or the next
// round-robin loop when there is no index (or the connection failed, for
// the loop to find out). ok is false when the request line is incomplete.
func (b *binder) decide(fd int) (loop int, by string, ok bool) {
	rr := func() (int, string, bool) {
		return int(b.ls.rr.Add(1) % uint64(len(b.ls.loops))), "round_robin", true
	}
	n, _, err := unix.Recvfrom(fd, b.buf, unix.MSG_PEEK|unix.MSG_DONTWAIT)
	switch {
	case err == unix.EAGAIN || err == unix.EINTR:
		return 0, "", false
	case err != nil || n <= 0:
		return rr()
	}
	idx, found, complete := requestIndex(b.buf[:n])
	if !complete {
		if n == len(b.buf) {
			return rr()
		}
		return 0, "", false
	}
	if !found {
		return rr()
	}
	return int(idx % int64(b.ss.loops)), "index", true
}

// requestIndex finds the request index in the request line at the start
// of buf ("GET /path?req=17 HTTP/1.1"). complete is false when the line
// has not all arrived; found is false when it carries no valid index.
func requestIndex(buf []byte) (idx int64, found, complete bool) {
	buf = bytes.TrimLeft(buf, "\r\n")
	end := bytes.IndexByte(buf, '\n')
	if end < 0 {
		return 0, false, false
	}
	line := buf[:end]
	sp := bytes.IndexByte(line, ' ')
	if sp < 0 {
		return 0, false, true
	}
	target := line[sp+1:]
	if sp2 := bytes.IndexByte(target, ' '); sp2 >= 0 {
		target = target[:sp2]
	}
	q := bytes.IndexByte(target, '?')
	if q < 0 {
		return 0, false, true
	}
	v, ok := httpwire.QueryValue(target[q+1:], IndexParam)
	if !ok {
		return 0, false, true
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	if err != nil || n < 0 {
		return 0, false, true
	}
	return n, true, true
}

// String describes a scenario target for its start-up line.
func (ss *scenarioServe) String() string {
	return fmt.Sprintf("scenario=%s requests=%d classes=%d seed=%d", ss.sc.Name, ss.sc.Requests, len(ss.sc.Classes), ss.sc.Seed)
}
