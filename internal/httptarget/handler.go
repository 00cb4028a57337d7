//go:build linux

package httptarget

import (
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/osthread"
)

// Random streams for the per-request draws.
const (
	streamCPU uint64 = iota + 11
	streamWait
	streamBlockPick
	streamBlock
)

// plan is what one request will do, drawn from the knobs (seeded by the
// request number) and overridden by its query parameters.
type plan struct {
	id       int64
	cpu      time.Duration
	block    time.Duration // one blocking call (0: none)
	wait     time.Duration // per call, without a downstream
	calls    int
	parallel bool
	blocking bool
	remote   bool // calls go to the downstream
	lock     bool // validate under the shared lock before each call
	status   int  // a non-200 answer decided before any work (bad query)
	// sc is set when the server serves a scenario: the planner's class,
	// loop and per-call waits for this request (scenario.go).
	sc *scPlan
	// pipelined: every call written at once on one downstream
	// connection, one round trip (a local wait: the slowest call's).
	pipelined bool
}

// route says which built-in page a path is.
type route int

const (
	routeWork route = iota
	routeMetrics
	routeHealth
)

func routeOf(path []byte) route {
	switch string(path) {
	case "/metrics":
		return routeMetrics
	case "/healthz":
		return routeHealth
	}
	return routeWork
}

// makePlan draws request id's plan. query may override knobs: cpu, wait,
// block, calls, fanout (sequential|parallel|pipelined), blocking
// (true|false).
func (s *Server) makePlan(id int64, query []byte) plan {
	if s.sc != nil {
		return s.sc.makePlan(id, query)
	}
	k := &s.cfg.Knobs
	u := uint64(id)
	p := plan{
		id:       id,
		cpu:      k.CPU.At(model.Uniform(s.cfg.Seed, streamCPU, u)),
		wait:     k.Wait.At(model.Uniform(s.cfg.Seed, streamWait, u)),
		calls:    s.calls,
		parallel: k.Parallel,
		blocking: k.Blocking,
		remote:   k.Downstream != "",
		lock:     k.ValidateLock,
	}
	p.pipelined = k.Pipelined
	if k.BlockFraction > 0 && model.Uniform(s.cfg.Seed, streamBlockPick, u) < k.BlockFraction {
		p.block = k.Block.At(model.Uniform(s.cfg.Seed, streamBlock, u))
	}
	if len(query) > 0 && s.cfg.QueryKnobs == "on" {
		s.applyQuery(&p, query)
		// What a query may ask for is capped (--query-max): past it the
		// request is refused rather than holding a thread or a loop.
		calls := time.Duration(p.calls)
		if (p.parallel || p.pipelined) && calls > 0 {
			calls = 1
		}
		if total := p.cpu + p.block + calls*p.wait; total > s.cfg.QueryMax || total < 0 {
			p.status = 400
		}
	}
	return p
}

func (s *Server) applyQuery(p *plan, q []byte) {
	u := uint64(p.id)
	dist := func(key string) (time.Duration, bool) {
		v, ok := httpwire.QueryValue(q, key)
		if !ok {
			return 0, false
		}
		d, err := model.ParseDist(string(v))
		if err != nil || d.Mean > s.cfg.QueryMax {
			p.status = 400
			return 0, false
		}
		// An exponential draw has no upper end: cap the draw too.
		return min(d.At(model.Uniform(s.cfg.Seed, streamWait, u)), s.cfg.QueryMax), true
	}
	if d, ok := dist("cpu"); ok {
		p.cpu = d
	}
	if d, ok := dist("wait"); ok {
		p.wait = d
		p.remote = false
		if p.calls == 0 {
			p.calls = 1
		}
	}
	if d, ok := dist("block"); ok {
		p.block = d
	}
	if v, ok := httpwire.QueryValue(q, "calls"); ok {
		n, err := strconv.Atoi(string(v))
		if err != nil || n < 0 || n > s.cfg.QueryMaxCalls {
			p.status = 400
		} else {
			p.calls = n
		}
	}
	if v, ok := httpwire.QueryValue(q, "fanout"); ok {
		switch string(v) {
		case "parallel":
			p.parallel, p.pipelined = true, false
		case "pipelined":
			p.parallel, p.pipelined = false, true
		case "sequential":
			p.parallel, p.pipelined = false, false
		default:
			p.status = 400
		}
	}
	if v, ok := httpwire.QueryValue(q, "blocking"); ok {
		b, err := strconv.ParseBool(string(v))
		if err != nil {
			p.status = 400
		}
		p.blocking = b
	}
}

// blockingCall makes one call the blocking way, holding the caller's
// thread: a wait (nanosleep, or a goroutine sleep when the caller is a
// goroutine whose waits unmount it) or a downstream round trip on the
// blocking client, validated under the shared lock when asked.
func (s *Server) blockingCall(p *plan, call int, threadSleep bool) error {
	if !p.remote {
		w := p.waitOf(call)
		if p.sc != nil && p.sc.lock {
			s.sc.lock.lock()
			defer s.sc.lock.unlock()
		}
		if threadSleep {
			osthread.Park(w) // a pool thread's: parks its locked thread
		} else if p.blocking {
			// A goroutine's nanosleep holds an OS thread: bounded.
			s.holdThread()
			defer s.releaseThread()
			osthread.Block(w)
		} else {
			time.Sleep(w)
		}
		return nil
	}
	if p.lock {
		if err := s.validate(); err != nil {
			return err
		}
	}
	return s.client.Do(downstream.CmdGet)
}

// validate is the bug: one process-wide lock held across a PING round trip.
func (s *Server) validate() error {
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	err := s.client.Do(downstream.CmdPing)
	if k := &s.cfg.Knobs; k.LogInLock && s.log.enabled() {
		// The line is formatted and written by the lock's holder: every
		// other request waits for it too.
		start := time.Now()
		osthread.Spin(k.LockLogCPU)
		s.log.write(nil, 0, lockLogMethod, lockLogPath, 200, start)
	}
	return err
}

var lockLogMethod, lockLogPath = []byte("PING"), []byte("/validate")

// pipelinedCall makes all of p's calls in one round trip: one
// downstream connection, every command written at once, every reply read
// back (validated once under the lock when asked); without a downstream,
// one wait of the slowest call's length.
func (s *Server) pipelinedCall(p *plan, threadSleep bool) error {
	if !p.remote {
		return s.blockingCall(p, p.slowestCall(), threadSleep)
	}
	if p.lock {
		if err := s.validate(); err != nil {
			return err
		}
	}
	return s.client.DoN(downstream.CmdGet, p.calls)
}

// slowestCall is the index of p's longest call (0 without a scenario:
// the knobs' calls all wait the same).
func (p *plan) slowestCall() int {
	if p.sc == nil || len(p.sc.waits) == 0 {
		return 0
	}
	return p.sc.slowest()
}

// blockingCallOrBatch makes call k of p, or, for a pipelined plan, the
// whole batch (an offload thread's job).
func (s *Server) blockingCallOrBatch(p *plan, k int, threadSleep bool) error {
	if p.pipelined && p.calls > 1 {
		return s.pipelinedCall(p, threadSleep)
	}
	return s.blockingCall(p, k, threadSleep)
}

// blockingCalls makes p's calls from a thread that may block: in
// sequence; pipelined in one round trip; in parallel on the fan-out pool
// when there is one (the request's thread waits for them all); else in
// parallel on helper goroutines (each holding its own connection for the
// round trip, as a blocking fan-out holds K threads).
func (s *Server) blockingCalls(p *plan, threadSleep bool) error {
	if p.calls == 0 {
		return nil
	}
	if p.pipelined && p.calls > 1 {
		return s.pipelinedCall(p, threadSleep)
	}
	if s.fan != nil && p.parallel {
		// Before holdsSlowest: with a fan-out pool each call holds a
		// pool thread for its own wait.
		return s.fan.run(p)
	}
	if p.sc.holdsSlowest(p) {
		// A scenario's parallel waits on one thread: held for the
		// slowest, as the model (and the in-process run) has it.
		return s.blockingCall(p, p.sc.slowest(), threadSleep)
	}
	if !p.parallel || p.calls == 1 {
		for i := 0; i < p.calls; i++ {
			if err := s.blockingCall(p, i, threadSleep); err != nil {
				return err
			}
		}
		return nil
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for i := 0; i < p.calls; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if threadSleep {
				s.holdThread()
				defer s.releaseThread()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
			}
			if err := s.blockingCall(p, i, threadSleep); err != nil {
				mu.Lock()
				first = err
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}

// runBlocking runs a whole request on a thread that may block (pool
// threads, goroutines): CPU, the blocking call, the calls. It returns the
// status to answer with.
func (s *Server) runBlocking(p *plan, threadSleep bool) int {
	if p.status != 0 {
		return p.status
	}
	osthread.Spin(p.cpu)
	if p.block > 0 && threadSleep && s.db == nil {
		osthread.Park(p.block) // a pool thread's: parks its locked thread
	} else if p.block > 0 {
		if err := s.block(p, !threadSleep); err != nil {
			return 502 // counted by db.go
		}
	}
	if err := s.blockingCalls(p, threadSleep); err != nil {
		s.downstreamErrors.Inc()
		return 502
	}
	return 200
}

var (
	bodyBadRequest  = []byte("bad request\n")
	bodyTooLarge    = []byte("request header too large\n")
	bodyBodyLarge   = []byte("request body too large\n")
	bodyNotAllowed  = []byte("method not allowed\n")
	bodyBusy        = []byte("busy\n")
	bodyBadGateway  = []byte("downstream failed\n")
	bodyUnsupported = []byte("not implemented\n")
	bodyOK          = []byte("ok\n")
)

func bodyFor(status int, hello []byte) []byte {
	switch status {
	case 200:
		return hello
	case 400:
		return bodyBadRequest
	case 431:
		return bodyTooLarge
	case 413:
		return bodyBodyLarge
	case 405:
		return bodyNotAllowed
	case 502:
		return bodyBadGateway
	case 503:
		return bodyBusy
	case 501:
		return bodyUnsupported
	}
	return nil
}

// appendAnswer appends the answer to request p (head: a HEAD request;
// keepAlive10: an HTTP/1.0 request kept open, which must be told so),
// served on loop (-1: not a loop).
func (s *Server) appendAnswer(out []byte, p *plan, loop int, head bool, status int, close, keepAlive10 bool) []byte {
	r := httpwire.Response{Status: status, Body: bodyFor(status, s.body), Close: close, KeepAlive: keepAlive10 && !close, HeadOnly: head, Extra: p.tag(loop)}
	return httpwire.AppendResponse(out, &r)
}

// appendError appends the answer to a request that could not be parsed.
func appendError(out []byte, err error) []byte {
	st := httpwire.StatusOf(err)
	r := httpwire.Response{Status: st, Body: bodyFor(st, nil), Close: true}
	if st == 405 {
		r.Allow = httpwire.Allowed
	}
	return httpwire.AppendResponse(out, &r)
}

// appendPage answers the built-in pages (/metrics, /healthz); it reports
// false for other paths.
func (s *Server) appendPage(out []byte, req *httpwire.Request, close bool) ([]byte, bool) {
	ka := req.Minor == 0 && !close
	switch routeOf(req.Path) {
	case routeMetrics:
		return httpwire.AppendResponse(out, &httpwire.Response{Status: 200, ContentType: metricsContentType, Body: s.m.page(), Close: close, KeepAlive: ka, HeadOnly: string(req.Method) == "HEAD"}), true
	case routeHealth:
		return httpwire.AppendResponse(out, &httpwire.Response{Status: 200, Body: bodyOK, Close: close, KeepAlive: ka, HeadOnly: string(req.Method) == "HEAD"}), true
	}
	return out, false
}
