package loadgen

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/fdtable"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"github.com/waitlab/waitlab/internal/watch"
)

// A scenario's load.
//
// RunScenario turns a model.Scenario's arrival into requests to a target
// serving that scenario (`waitlab target -f/--preset`): burst sends all N
// at once, each on its own connection (above MaxConns, MaxConns
// connections carry them, and the result says so); rate:R and poisson:R
// are the open model, on the scenario's pacer, each request keeping its
// intended send time; vus:N is the closed model, each virtual user
// thinking the planner's think time between a response and its next
// request. Request i carries its index in the query (?req=i); the server
// answers with the index, class and loop it ran (X-Waitlab-Req, -Class,
// -Loop), which the generator checks against its own model.Planner.
//
// Engines: the scenario is a request source over the load engines. On
// Linux the epoll engine's loop drives it (scenario_loop_linux.go), as it
// drives plain http load; the goroutine engine (a goroutine per
// connection, through Go's poller) when asked for or when no loop can be
// made (off Linux), and the load result says which and why.
//
// Placement: the server binds a connection to the planner's loop of the
// first index it carries, so the generator sends request i only on a
// connection it opened for request i's loop (one pool of connections per
// loop): every request is served on the loop the model gives it.
//
// Memory: a few words per request (its send and end times), so the
// scenario's requests are capped (MaxScenarioRequests).

// ScenarioConfig is one scenario load run.
type ScenarioConfig struct {
	Scenario model.Scenario // validated and normalized
	// URL is the target (http only); "?req=i" is added to its query.
	URL string
	// MaxConns caps the connections open at once (default
	// DefaultScenarioConns).
	MaxConns int
	// Timeout bounds each request from its actual send, connect included
	// (default 60 s).
	Timeout time.Duration
	Version string
	// Engine is loadresult.EngineEpoll (the default) or
	// loadresult.EngineGoroutines.
	Engine string
	// Records, when set, keeps every answered request's record in
	// Result.Trace (its intended send as Arrival, its actual send as
	// Start, its answer as End, the loop that served it as Lane), for
	// callers that compute figures per request (plan --confirm --via
	// http). The server's own queue is not seen from here.
	Records bool
}

// Scenario load limits.
const (
	DefaultScenarioConns = 10000
	MaxScenarioRequests  = 2_000_000
)

// ScenarioResult is what a scenario load run measured.
type ScenarioResult struct {
	// Result is the scenario's result over HTTP (Mode "http"): per-class
	// latency from each request's intended send, the batch time (first
	// intended send to last answer) as the makespan, throughput.
	Result *model.Result `json:"result"`
	// Load is the same run as the usual load report reads it.
	Load *loadresult.Result `json:"-"`
	Sockets
}

// Sockets is what only a run over sockets shows.
type Sockets struct {
	Connections int  `json:"connections"`     // opened
	ConnCap     int  `json:"connections_cap"` // MaxConns
	Capped      bool `json:"capped"`          // burst above the cap: connections carried several requests
	// Connect is the TCP connection set-up time (connect(2) to
	// established), over every connection.
	ConnectP50MS float64 `json:"connect_p50_ms"`
	ConnectMaxMS float64 `json:"connect_max_ms"`
	// GeneratorCPUMS is the CPU time (user + system, getrusage) the
	// generating process used over the load: what setting up the
	// connections and sending and reading took on the generator's cores
	// (0 when unknown).
	GeneratorCPUMS float64 `json:"generator_cpu_ms,omitempty"`
	Refused        int64   `json:"refused"`
	Reset          int64   `json:"reset"`
	Failed         int64   `json:"failed"` // every request without a 2xx answer
	// Errors counts failures by kind (connect_refused, reset, timeout,
	// status_503, ...).
	Errors map[string]int64 `json:"errors,omitempty"`
	// The server's tags against the generator's planner: answers whose
	// index, class or loop differ from the plan, and answers without tags
	// (the server is not serving the scenario).
	IndexMismatch int64 `json:"index_mismatch"`
	ClassMismatch int64 `json:"class_mismatch"`
	LoopMismatch  int64 `json:"loop_mismatch"`
	Untagged      int64 `json:"untagged"`
	// ByLoop counts requests by the loop the server said it ran them on.
	ByLoop []int64 `json:"by_loop,omitempty"`
}

// reqState is one request's times (ns since t0; end 0: not finished).
type reqState struct {
	due, send, end int64
	status         int32
	kind           errKind
	loop           int32 // served on, from the answer (-1: unknown)
}

type scenarioGen struct {
	cfg     ScenarioConfig
	s       model.Scenario
	planner *model.Planner
	addr    string
	host    string
	path    string
	query   string
	t0      time.Time
	reqs    []reqState
	groups  []*connGroup
	ctx     context.Context
	// oneShot: each connection carries one request (a burst), so the
	// request says Connection: close and the server closes after its
	// answer, instead of parking the connection until the client's close
	// reaches it (a wake-up, a read of the end of stream and a poller
	// change more on the server's core, per connection).
	oneShot bool

	mu        sync.Mutex // guards connect and the counters below
	connect   *stats.Recorder
	opened    int
	idxBad    int64
	classBad  int64
	loopBad   int64
	untagged  int64
	capped    bool
	closers   map[*scConn]struct{}
	cancelled atomic.Bool

	used watch.Used // the generator's and the machine's CPU, read around the run

	engine, engineWhy string // the engine that ran the load, and why not the default
}

// connGroup is the connections of one loop (or the only group).
type connGroup struct {
	jobs  chan int64
	idle  atomic.Int32
	conns atomic.Int32
	cap   int32
	wg    sync.WaitGroup
}

// ErrScenarioURL is a URL the scenario load cannot use.
var ErrScenarioURL = errors.New("loadgen: a scenario's load needs an http:// URL")

// RunScenario runs cfg's scenario against cfg.URL. A cancelled ctx stops
// sending and aborts requests in flight; the result then says Interrupted.
func RunScenario(ctx context.Context, cfg ScenarioConfig) (*ScenarioResult, error) {
	s := cfg.Scenario
	if s.Requests > MaxScenarioRequests {
		return nil, fmt.Errorf("loadgen: %d requests over HTTP: at most %d", s.Requests, MaxScenarioRequests)
	}
	u, ep, err := ParseURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	if ep.Scheme != "http" {
		return nil, ErrScenarioURL
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = DefaultScenarioConns
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = time.Minute
	}
	engine, why := loadresult.EngineEpoll, ""
	switch cfg.Engine {
	case "", loadresult.EngineEpoll:
	case loadresult.EngineGoroutines:
		engine, why = loadresult.EngineGoroutines, loadresult.WhyAsked
	default:
		return nil, fmt.Errorf("loadgen: engine %q: a scenario's load runs on %s or %s", cfg.Engine, loadresult.EngineEpoll, loadresult.EngineGoroutines)
	}
	g := &scenarioGen{
		cfg: cfg, s: s, planner: model.NewPlanner(s), addr: ep.Addr, host: ep.Host,
		path: u.EscapedPath(), query: u.RawQuery, reqs: make([]reqState, s.Requests),
		connect: stats.NewRecorder(0), closers: map[*scConn]struct{}{}, ctx: ctx,
		engine: engine, engineWhy: why,
	}
	if g.path == "" {
		g.path = "/"
	}
	ngroups := 1
	if s.Model.HasLoops() && s.Assign != model.Shared {
		ngroups = s.Threads
	}
	for i := range g.reqs {
		g.reqs[i].loop = -1
	}
	stop := context.AfterFunc(ctx, func() {
		g.cancelled.Store(true)
		g.abortAll()
	})
	defer stop()
	// Room in the descriptor table for every connection the run may
	// open, made now, off the clock (internal/fdtable: each doubling of
	// the table stalls a socket call for an RCU grace period).
	conns := cfg.MaxConns
	switch {
	case s.Arrival.Kind == model.VUs:
		conns = s.Arrival.VUs
	case s.Arrival.Kind == model.Burst:
		conns = min(s.Requests, cfg.MaxConns)
	}
	fdtable.Reserve(conns + fdSlack)
	// The span is from t0, set after the opening reads (so the load's
	// schedule starts after them) and again by a burst at its start:
	// before t0 the clock reads 0.
	win := watch.Window{Clock: func() time.Duration {
		if g.t0.IsZero() {
			return 0
		}
		return time.Since(g.t0)
	}}
	win.Start()
	g.t0 = time.Now()
	switch {
	case s.Arrival.Kind == model.VUs:
		g.runVUs(ngroups)
	case s.Arrival.Kind == model.Burst && s.Requests <= cfg.MaxConns:
		g.runBurst()
	default:
		g.capped = s.Arrival.Kind == model.Burst
		g.runOpen(ngroups)
	}
	g.used = win.End() // the generator's CPU is 0 off Linux: unknown
	res := g.result(ngroups)
	if g.used.Gen > 0 {
		res.Sockets.GeneratorCPUMS = float64(g.used.Gen) / 1e6
	}
	return res, nil
}

// minMachineSpan is the shortest run whose machine CPU (/proc/stat, in
// 10 ms ticks per CPU) a scenario's load result reports.
const minMachineSpan = 200 * time.Millisecond

func (g *scenarioGen) since() int64 { return int64(time.Since(g.t0)) }

// group returns request i's connection group: its planner loop.
func (g *scenarioGen) group(i int64, ngroups int) int {
	if ngroups <= 1 {
		return 0
	}
	var r model.Request
	g.planner.Fill(i, &r)
	return max(r.Loop, 0) % ngroups
}

// onLoop runs the load on the epoll engine's loop (runLoop) unless the
// goroutine engine was asked for; false when the goroutine engine is to
// run it (when no loop could be made, saying why).
func (g *scenarioGen) onLoop(ngroups int) bool {
	if g.engine != loadresult.EngineEpoll {
		return false
	}
	if err := g.runLoop(ngroups); err != nil {
		g.engine, g.engineWhy = loadresult.EngineGoroutines, loadresult.WhyEpollFailed+err.Error()
		return false
	}
	return true
}

// runBurst: every request at t0, each on its own connection: on the
// epoll engine's loop (its burst mode), or a goroutine and a client per
// request.
func (g *scenarioGen) runBurst() {
	g.oneShot = true
	if g.onLoop(1) {
		return
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range g.reqs {
		wg.Add(1)
		go func(i int64) {
			defer wg.Done()
			<-start
			c := g.newConn()
			g.do(c, i)
			c.close(g)
		}(int64(i))
	}
	g.t0 = time.Now()
	close(start)
	wg.Wait()
}

// runOpen sends on the pacer's schedule (a capped burst: all due at t0)
// to the pool of request i's loop, opening a connection when none is
// idle and the pool is under its share of the cap.
func (g *scenarioGen) runOpen(ngroups int) {
	if g.onLoop(ngroups) {
		return
	}
	per := max(int32(g.cfg.MaxConns/ngroups), 1)
	g.groups = make([]*connGroup, ngroups)
	for k := range g.groups {
		// Request i goes to group i mod ngroups (round-robin loops).
		g.groups[k] = &connGroup{jobs: make(chan int64, (len(g.reqs)+ngroups-1)/ngroups+1), cap: per}
	}
	pacer := g.s.Arrival.Pacer(g.s.Seed)
	// The load engine's dispatcher clock, with its timer correction
	// (pace.go): a send that a late timer held back counted its lateness
	// in the request's latency from its intended time.
	wait := newPace(func() time.Duration { return time.Duration(g.since()) })
	for i := int64(0); i < int64(len(g.reqs)); i++ {
		due, ok := pacer.Due(i)
		if !ok {
			break
		}
		if !wait.until(due, g.ctx.Done()) || g.cancelled.Load() {
			break
		}
		g.reqs[i].due = int64(due)
		cg := g.groups[g.group(i, ngroups)]
		cg.jobs <- i
		if cg.idle.Load() == 0 && cg.conns.Load() < cg.cap {
			cg.conns.Add(1)
			cg.wg.Add(1)
			go g.worker(cg)
		}
	}
	for _, cg := range g.groups {
		close(cg.jobs)
	}
	for _, cg := range g.groups {
		cg.wg.Wait()
	}
}

// worker is one keep-alive connection of a group: it takes the group's
// requests in order until none are left.
func (g *scenarioGen) worker(cg *connGroup) {
	defer cg.wg.Done()
	c := g.newConn()
	defer func() { c.close(g) }()
	for {
		cg.idle.Add(1)
		i, ok := <-cg.jobs
		cg.idle.Add(-1)
		if !ok {
			return
		}
		if g.cancelled.Load() {
			continue
		}
		g.do(c, i)
	}
}

// runVUs is the closed model: each virtual user sends, waits for the
// answer, thinks, and sends the next index, on its own connection for
// that index's loop.
func (g *scenarioGen) runVUs(ngroups int) {
	if g.onLoop(ngroups) {
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for u := 0; u < g.s.Arrival.VUs && u < len(g.reqs); u++ {
		wg.Add(1)
		go func(u int) {
			defer wg.Done()
			conns := make([]*scConn, ngroups)
			defer func() {
				for _, c := range conns {
					if c != nil {
						c.close(g)
					}
				}
			}()
			at := int64(0)
			var count int64
			timer := time.NewTimer(time.Hour)
			timer.Stop()
			for !g.cancelled.Load() {
				i := next.Add(1) - 1
				if i >= int64(len(g.reqs)) {
					return
				}
				k := g.group(i, ngroups)
				if conns[k] == nil {
					conns[k] = g.newConn()
				}
				g.reqs[i].due = at
				g.do(conns[k], i)
				end := g.reqs[i].end
				if end == 0 {
					end = g.since()
				}
				count++
				at = end + int64(g.planner.Think(u, count))
				if wait := time.Duration(at - g.since()); wait > 0 {
					timer.Reset(wait)
					select {
					case <-timer.C:
					case <-g.ctx.Done():
						return
					}
				} else {
					at = max(at, end)
				}
			}
		}(u)
	}
	wg.Wait()
}

// scConn is one generator connection: the load generator's client
// (dialled on first use, re-dialled after a failure or a close; one
// response parser for both), with the request buffer it writes into.
type scConn struct {
	cl  *client
	req []byte
}

func (g *scenarioGen) newConn() *scConn {
	cl := newClient(g.addr, nil, g.cfg.Timeout)
	cl.tags, cl.onDial = &tags{}, g.dialed
	c := &scConn{cl: cl}
	g.mu.Lock()
	g.closers[c] = struct{}{}
	g.mu.Unlock()
	return c
}

// dialed counts a connection opened and how long it took.
func (g *scenarioGen) dialed(took time.Duration) {
	g.mu.Lock()
	g.connect.Add(took)
	g.opened++
	g.mu.Unlock()
}

func (c *scConn) close(g *scenarioGen) {
	c.cl.close()
	g.mu.Lock()
	delete(g.closers, c)
	g.mu.Unlock()
}

func (g *scenarioGen) abortAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.closers {
		c.cl.abort()
	}
}

// do sends request i on c and reads its answer, recording both.
func (g *scenarioGen) do(c *scConn, i int64) {
	r := &g.reqs[i]
	r.send = g.since()
	*c.cl.tags = tags{index: -1, loop: -1}
	var status int
	k := kindTimeout
	if !g.cancelled.Load() {
		c.req = g.appendRequest(c.req[:0], i)
		status, k = c.cl.do(c.req, false, time.Now().Add(g.cfg.Timeout))
	}
	r.end = g.since()
	r.status, r.kind = int32(status), k
	if k != kindOK {
		return
	}
	g.check(i, r, *c.cl.tags)
}

// appendRequest writes request i: GET path?[query&]req=i.
func (g *scenarioGen) appendRequest(b []byte, i int64) []byte {
	b = append(b, "GET "...)
	b = append(b, g.path...)
	b = append(b, '?')
	if g.query != "" {
		b = append(b, g.query...)
		b = append(b, '&')
	}
	b = append(b, "req="...)
	b = strconv.AppendInt(b, i, 10)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, g.host...)
	b = append(b, "\r\nUser-Agent: waitlab-load\r\n"...)
	if g.oneShot {
		b = append(b, "Connection: close\r\n"...)
	}
	return append(b, "\r\n"...)
}

// check compares the server's tags with the planner's request i.
func (g *scenarioGen) check(i int64, r *reqState, t tags) {
	r.loop = int32(t.loop)
	if t.index < 0 && t.class == "" {
		g.mu.Lock()
		g.untagged++
		g.mu.Unlock()
		return
	}
	var p model.Request
	g.planner.Fill(i, &p)
	idxBad := t.index != i
	classBad := t.class != g.s.Classes[p.Class].Name
	loopBad := p.Loop >= 0 && t.loop >= 0 && t.loop != p.Loop
	if idxBad || classBad || loopBad {
		g.mu.Lock()
		if idxBad {
			g.idxBad++
		}
		if classBad {
			g.classBad++
		}
		if loopBad {
			g.loopBad++
		}
		g.mu.Unlock()
	}
}

// result builds the model.Result and the load Result from the requests.
func (g *scenarioGen) result(ngroups int) *ScenarioResult {
	s := g.s
	all := stats.NewRecorder(0)
	byClass := make([]*stats.Recorder, len(s.Classes))
	for k := range byClass {
		byClass[k] = stats.NewRecorder(0)
	}
	sk := Sockets{ConnCap: g.cfg.MaxConns, Capped: g.capped, Errors: map[string]int64{}}
	var loops []model.LoopStat
	if s.Model.HasLoops() {
		loops = make([]model.LoopStat, s.Threads)
		for k := range loops {
			loops[k].Loop = k
		}
	}
	var first, last int64
	firstSet := false
	var completed int64
	var p model.Request
	var order []scFin
	var recs []model.Record
	for i := range g.reqs {
		r := &g.reqs[i]
		if r.send == 0 && r.end == 0 {
			continue // never sent
		}
		if !firstSet || r.due < first {
			first, firstSet = r.due, true
		}
		order = append(order, scFin{i, r.end})
		if r.kind != kindOK || r.status < 200 || r.status >= 300 {
			sk.Failed++
			switch {
			case r.kind == kindConnectRefused:
				sk.Refused++
			case r.kind == kindReset:
				sk.Reset++
			}
			if r.kind != kindOK {
				sk.Errors[kindNames[r.kind]]++
			} else {
				sk.Errors[statusKind(int(r.status))]++
			}
			continue
		}
		completed++
		last = max(last, r.end)
		lat := time.Duration(r.end - r.due)
		all.Add(lat)
		g.planner.Fill(int64(i), &p)
		byClass[p.Class].Add(lat)
		if g.cfg.Records {
			recs = append(recs, model.Record{ID: int64(i), Class: p.Class, Arrival: time.Duration(r.due),
				Start: time.Duration(max(r.send, r.due)), End: time.Duration(r.end), Lane: r.loop})
		}
		if loops != nil && r.loop >= 0 && int(r.loop) < len(loops) {
			ls := &loops[r.loop]
			ls.Requests++
			if s.Classes[p.Class].Blocking && len(p.Waits) > 0 {
				ls.Blocking++
				if len(ls.BlockingIDs) < model.MaxLoopIDs {
					ls.BlockingIDs = append(ls.BlockingIDs, int64(i))
				}
			}
		}
	}
	res := &model.Result{
		Mode: "http", Scenario: s, Seed: s.Seed, Requests: s.Requests, Completed: int(completed),
		All: all.Summary(), Classes: map[string]model.Summary{}, Precision: all.Precision(),
		Loops: loops, Interrupted: g.cancelled.Load(),
	}
	for k, c := range s.Classes {
		res.Classes[c.Name] = byClass[k].Summary()
	}
	if g.cfg.Records {
		res.Trace = &model.Trace{Source: "real", Records: recs}
	}
	span := time.Duration(0)
	if completed > 0 {
		span = time.Duration(last - first)
	}
	res.MakespanMS = stats.MS(span)
	res.ThroughputDefinition = model.ThroughputWindow
	if s.Arrival.Kind == model.Burst {
		res.ThroughputDefinition = model.ThroughputBatch
	}
	if span > 0 {
		res.ThroughputRPS = float64(completed) / span.Seconds()
		res.InFlightMean = stats.LittleInFlight(all.Sum(), span)
	}
	g.mu.Lock()
	sk.Connections = g.opened
	if g.connect.Count() > 0 {
		sk.ConnectP50MS = stats.MS(g.connect.Percentile(50))
		sk.ConnectMaxMS = stats.MS(g.connect.Percentile(100))
	}
	sk.IndexMismatch, sk.ClassMismatch, sk.LoopMismatch, sk.Untagged = g.idxBad, g.classBad, g.loopBad, g.untagged
	g.mu.Unlock()
	if loops != nil {
		sk.ByLoop = make([]int64, len(loops))
		for k := range loops {
			sk.ByLoop[k] = loops[k].Requests
		}
	}
	if len(sk.Errors) == 0 {
		sk.Errors = nil
	}
	return &ScenarioResult{Result: res, Load: g.loadResult(order), Sockets: sk}
}

// loadResult records the run as the usual load report's Result: requests
// in order of completion, each second closed before the next begins.
func (g *scenarioGen) loadResult(order []scFin) *loadresult.Result {
	s := g.s
	kind := "open"
	if s.Arrival.Kind == model.VUs {
		kind = "closed"
	}
	u := &url.URL{Scheme: "http", Host: g.host, Path: g.path}
	res := &loadresult.Result{
		Format: loadresult.FormatVersion, Model: kind, Arrival: s.Arrival.String(), URL: u.String(), Targets: 1,
		Start: g.t0.UTC().Format(time.RFC3339), TimeoutNS: int64(g.cfg.Timeout),
		Connections: g.cfg.MaxConns, Opened: g.opened, Offered: int64(len(order)),
		ThinkNS: int64(s.Think.Mean), TargetLocal: watch.IsLocal(hostOnly(g.addr)),
		Env:         sysinfo.Collect(g.cfg.Version),
		CPU:         loadresult.CPU{TargetNS: -1, GenAllowed: watch.ProcessCores(), MachineCPUs: runtime.NumCPU()},
		Interrupted: g.cancelled.Load(), Engine: g.engine, EngineWhy: g.engineWhy,
	}
	if s.Arrival.Kind == model.VUs {
		res.Connections = s.Arrival.VUs
	}
	slices.SortFunc(order, func(a, b scFin) int { return cmp.Compare(a.end, b.end) })
	rec := newRecorder(1)
	next := int64(0)
	var window int64
	for _, o := range order {
		r := &g.reqs[o.i]
		sec := r.end / int64(time.Second)
		for ; next < sec; next++ {
			res.Series = append(res.Series, rec.collect(next))
		}
		rec.record(0, time.Duration(r.due), time.Duration(r.send), time.Duration(r.end), int(r.status), r.kind)
		window = max(window, r.end)
	}
	if last := rec.maxSecond(); last >= 0 {
		for ; next <= last; next++ {
			res.Series = append(res.Series, rec.collect(next))
		}
	}
	res.WindowNS = window
	// The CPU over the window, as the load engine's sampler gives it:
	// read around the whole run and scaled to the window (toWindow).
	// Without it the report read "generator 0.0%" for a burst whose
	// generator had been busy a third of the time.
	// The machine's share only over a span long enough for /proc/stat's
	// 10 ms ticks (a dead server's burst ends in milliseconds and read
	// "other processes 0.0%"); shorter, it stays unknown (0).
	used := g.used
	res.CPU.GenNS = watch.ToWindow(int64(used.Gen), time.Duration(window), used.Span)
	if used.MachineOK && used.MachAll > 0 && used.Span >= minMachineSpan {
		res.CPU.MachineBusyNS = watch.ToWindow(int64(used.MachBusy), time.Duration(window), used.Span)
		res.CPU.MachineNS = watch.ToWindow(int64(used.MachAll), time.Duration(window), used.Span)
		res.CPU.MachineCPUs = used.MachineCPUs(0)
	}
	rec.fill(res)
	return res
}

func hostOnly(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return h
}

// scFin is a sent request's index and end, for ordering by completion.
type scFin struct {
	i   int
	end int64
}
