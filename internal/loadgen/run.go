package loadgen

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/fdtable"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"github.com/waitlab/waitlab/internal/watch"
)

// fdSlack is the descriptors a run holds besides its connections (the
// listener of a target in the same process, epoll sets, pipes, files):
// added to what fdtable.Reserve is asked for.
const fdSlack = 256

// Config is one load run. The zero value of each knob is its default.
type Config struct {
	Targets []Target
	// Arrival is rate:R or poisson:R (open model), or vus:N (closed model).
	// With Stages, only its kind matters (rate: evenly spaced, poisson:
	// Poisson) and the rate follows the stages.
	Arrival model.Arrival
	Stages  model.Profile
	Think   time.Duration // closed model: pause between a response and the next send
	// Duration is the measured window, after Warmup. 0 means: Stages'
	// total when there are stages, no time limit when Requests > 0, else 10 s.
	Duration    time.Duration
	Requests    int64         // measured requests to send (0: no limit)
	Timeout     time.Duration // per request, from its actual send (default 10 s)
	Connections int           // open model: the most connections (default: enough for the rate, capped)
	Warmup      time.Duration // sent but not measured
	Seed        int64         // for Poisson arrivals
	TargetPID   int           // read the target's loadresult.CPU from /proc
	// MetricsURL is a Prometheus page with the target's process CPU (a
	// waitlab target's /metrics); "" means none.
	MetricsURL string
	Insecure   bool // https: skip certificate verification
	// Engine is EngineEpoll (one goroutine drives every connection
	// through its own epoll set), EngineUring (the same loop over an
	// io_uring ring; epoll when the ring cannot be set up), EngineGoroutines
	// (a goroutine per connection; https always) or "" for the default
	// (plain http: io_uring for the closed model, epoll for the open one,
	// as measured; see autoUring).
	Engine string
	// RuntimePoll makes the epoll engine wait through Go's poller instead
	// of blocking in epoll_wait (see engine_linux.go): costlier per
	// request, kinder to a server in the same process with GOMAXPROCS=1.
	RuntimePoll bool
	// CPUFactor > 1 makes the epoll engine spend that many times its own
	// CPU per request (heavy_linux.go): a heavier generator on purpose.
	CPUFactor float64

	autoConns bool // Connections was chosen by Validate, not given
	Version   string
	// Segment is this generator's share of a run split across machines
	// (the zero Segment: the whole run). StartAt, when set, is the
	// synchronized start every segment waits for; RunID, when set, is the
	// id the segments of one run share (default: DeriveRunID for a
	// segment, else a random id).
	Segment model.Segment
	StartAt time.Time
	RunID   string

	segmented         bool // prepareSegment has run (Validate may run twice)
	vuFirst, wholeVUs int  // closed model: this segment's first user, and all of them
	// Progress, when set, is called about once a second from another
	// goroutine with the run so far.
	Progress func(Progress)
}

// Progress is the run so far, for a live display.
type Progress struct {
	Elapsed time.Duration // since the start of the measured window (negative in warm-up)
	Sent    int64         // finished requests
	OK      int64
	Rate    float64 // finished requests per second, last second
	P99     time.Duration
}

// Defaults.
const (
	DefaultDuration = 10 * time.Second
	DefaultTimeout  = 10 * time.Second
	maxAutoConns    = 2000
)

// Validate checks a Config and fills its defaults.
func (c *Config) Validate() error {
	if len(c.Targets) == 0 {
		return errors.New("no target: give a URL or --targets FILE")
	}
	if _, _, _, err := prepare(c.Targets); err != nil {
		return err
	}
	switch c.Engine {
	case "", loadresult.EngineEpoll, loadresult.EngineUring, loadresult.EngineGoroutines:
	default:
		return model.NewFieldError("--engine", "load.flag.engine", c.Engine)
	}
	switch c.Arrival.Kind {
	case model.Rate, model.Poisson:
		if len(c.Stages) == 0 && c.Arrival.Rate <= 0 {
			return errors.New("the open model needs a rate above 0: --rate R or --arrival poisson:R")
		}
	case model.VUs:
		if c.Arrival.VUs < 1 {
			return errors.New("the closed model needs at least 1 virtual user: --vus N")
		}
		if len(c.Stages) > 0 {
			return errors.New("--stages is a rate profile for the open model: it cannot be used with --vus")
		}
	default:
		return fmt.Errorf("arrival %s cannot drive a load run: use --rate R, --arrival poisson:R or --vus N", c.Arrival)
	}
	if c.Duration < 0 || c.Warmup < 0 || c.Timeout < 0 || c.Think < 0 || c.Requests < 0 || c.Connections < 0 {
		return errors.New("durations, --requests and --connections cannot be negative")
	}
	if err := c.checkBounds(); err != nil {
		return err
	}
	if err := CheckStartAt(c.StartAt, time.Now(), c.Duration); err != nil {
		return err
	}
	if !c.segmented {
		if err := c.prepareSegment(); err != nil {
			return err
		}
		c.segmented = true
	}
	if c.TargetPID > 0 {
		// A pid that names no process would silently record no target
		// CPU (and, given, it turns off the /metrics fallback).
		if _, err := sysinfo.PidCPU(c.TargetPID); err != nil {
			return model.NewFieldError("--target-pid", "load.flag.pid", c.TargetPID)
		}
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Duration == 0 {
		switch {
		case len(c.Stages) > 0 && c.Stages.Total() > 0:
			c.Duration = max(c.Stages.Total()-c.Warmup, 0)
			if c.Duration == 0 {
				return errors.New("--warmup is as long as the stages: nothing is left to measure")
			}
		case c.Requests > 0:
		default:
			c.Duration = DefaultDuration
		}
	}
	if c.Connections == 0 {
		c.Connections = c.autoConnections()
		c.autoConns = true
	}
	return nil
}

// checkBounds refuses numbers beyond what a run can honour (see the
// bounds in bounds.go), naming the flag and the bound.
func (c *Config) checkBounds() error {
	rateOK := func(r float64) bool { return r >= MinRate && r <= MaxRate }
	if !c.Arrival.Closed() && len(c.Stages) == 0 && !rateOK(c.Arrival.Rate) {
		field := "--rate"
		if c.Arrival.Kind == model.Poisson {
			field = "--arrival"
		}
		return model.NewFieldError(field, "load.bound.rate", c.Arrival.Rate, MinRate, MaxRate)
	}
	var total time.Duration
	for _, st := range c.Stages {
		if st.Rate != 0 && !rateOK(st.Rate) {
			return model.NewFieldError("--stages", "load.bound.rate", st.Rate, MinRate, MaxRate)
		}
		if st.Duration > MaxDuration || total+st.Duration > MaxDuration {
			return model.NewFieldError("--stages", "load.bound.duration", c.Stages.String(), MaxDuration.String())
		}
		total += st.Duration
	}
	for _, d := range []struct {
		flag     string
		v, bound time.Duration
	}{{"--duration", c.Duration, MaxDuration}, {"--warmup", c.Warmup, MaxDuration},
		{"--timeout", c.Timeout, MaxTimeout}, {"--think", c.Think, MaxTimeout}} {
		if d.v > d.bound {
			return model.NewFieldError(d.flag, "load.bound.duration", d.v.String(), d.bound.String())
		}
	}
	if c.Requests > MaxRequests {
		return model.NewFieldError("--requests", "load.bound.count", c.Requests, MaxRequests)
	}
	limit, why := connLimit()
	if c.Arrival.Closed() && c.Arrival.VUs > limit {
		return model.NewFieldError("--vus", "load.bound.conns", c.Arrival.VUs, limit, why)
	}
	if c.Connections > limit {
		return model.NewFieldError("--connections", "load.bound.conns", c.Connections, limit, why)
	}
	return nil
}

// connLimit is the most connections a run may hold: MaxConns, and the
// open-file limit less some for everything else; why names the bound.
func connLimit() (int, string) {
	var lim unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) == nil && lim.Cur < uint64(MaxConns)+64 {
		return max(int(lim.Cur)-64, 1), "ulimit -n"
	}
	return MaxConns, "MaxConns"
}

// peakRate is the highest rate of the open model.
func (c *Config) peakRate() float64 {
	if len(c.Stages) == 0 {
		return c.Arrival.Rate
	}
	m := 0.0
	for _, s := range c.Stages {
		m = max(m, s.Rate)
	}
	return m
}

// autoConnections is enough connections to carry the peak rate with a
// mean latency up to 250 ms, at least 16, at most 2,000 and the file limit.
func (c *Config) autoConnections() int {
	if c.Arrival.Closed() {
		return c.Arrival.VUs
	}
	n := int(math.Ceil(c.peakRate() * 0.25))
	n = min(max(n, 16), maxAutoConns)
	var lim unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) == nil && lim.Cur > 128 && uint64(n) > lim.Cur-64 {
		n = int(lim.Cur - 64)
	}
	return n
}

func (c *Config) pacer() model.Pacer {
	if len(c.Stages) > 0 {
		if c.Arrival.Kind == model.Poisson {
			return c.Segment.Pacer(model.NewPoissonPacer(c.Stages, c.Seed))
		}
		return c.Segment.Pacer(model.ProfilePacer{Profile: c.Stages})
	}
	return c.Segment.Pacer(c.Arrival.Pacer(c.Seed))
}

type job struct {
	due    time.Duration // intended send, from the run's start
	target int
}

// gen is one run in progress.
type gen struct {
	cfg    *Config
	ep     Endpoint
	reqs   [][]byte
	heads  []bool
	tls    *tls.Config
	t0     time.Time
	warmup time.Duration
	end    time.Duration // 0: no time limit
	rec    *recorder

	bytesIn atomic.Int64 // bytes of responses read, warm-up included

	work      chan job
	stop      chan struct{} // closed when sending must stop
	stopOnce  sync.Once
	wg        sync.WaitGroup
	mu        sync.Mutex // guards clients
	clients   []*client
	cancelled atomic.Bool
	measured  atomic.Int64 // measured requests started (for Requests)
	opened    atomic.Int64 // connections (clients) made
}

func (g *gen) since() time.Duration { return time.Since(g.t0) }

func (g *gen) halt() { g.stopOnce.Do(func() { close(g.stop) }) }

func (g *gen) newClient() *client {
	cl := newClient(g.ep.Addr, g.tls, g.cfg.Timeout)
	cl.bytesIn = &g.bytesIn
	g.opened.Add(1)
	g.mu.Lock()
	g.clients = append(g.clients, cl)
	g.mu.Unlock()
	if g.cancelled.Load() {
		cl.abort()
	}
	return cl
}

func (g *gen) abortAll() {
	g.mu.Lock()
	for _, cl := range g.clients {
		cl.abort()
	}
	g.mu.Unlock()
}

// Run makes the load described by cfg and returns its result. It ends when
// the window or the request count is done (in-flight requests then finish
// or time out) or when ctx is cancelled (the result says Interrupted).
// The returned error is about setting up the run; failed requests are
// counted in the result.
func Run(ctx context.Context, cfg Config) (*loadresult.Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	ep, reqs, heads, err := prepare(cfg.Targets)
	if err != nil {
		return nil, err
	}
	g := newGen(&cfg, ep, reqs, heads)
	res := newResult(&cfg, ep)
	probe := &watch.Target{PID: cfg.TargetPID, MetricsURL: cfg.MetricsURL}
	_, tport, _ := splitHostPort(ep.Addr)
	// Recorded beside the run, for a fair comparison (internal/watch).
	var finishConditions func()
	res.Conditions, finishConditions = watch.Conditions(cfg.TargetPID, res.TargetLocal, tport, probe)
	defer finishConditions()

	// Room in the descriptor table for every connection, off the clock
	// (internal/fdtable).
	fdtable.Reserve(max(cfg.Connections, cfg.Arrival.VUs) + fdSlack)
	t0, err := cfg.waitStart(ctx)
	if err != nil {
		if ctx.Err() != nil {
			// Interrupted while waiting for the start: nothing was sent.
			res.Interrupted = true
			res.Start = time.Now().UTC().Format(time.RFC3339Nano)
			g.rec.fill(res)
			return res, nil
		}
		return nil, err
	}
	g.t0 = t0
	res.Start = g.t0.UTC().Format(time.RFC3339Nano)
	if !cfg.StartAt.IsZero() {
		res.StartAt = cfg.StartAt.UTC().Format(time.RFC3339Nano)
		res.ActualStart = time.Now().UTC().Format(time.RFC3339Nano)
	}
	stopCancel := context.AfterFunc(ctx, func() {
		g.cancelled.Store(true)
		g.halt()
		g.abortAll()
	})
	defer stopCancel()

	// The sampler: CPU at the window's edges, the series, progress.
	smp := &sampler{g: g, res: res, win: watch.Window{Clock: g.since, Target: probe}, done: make(chan struct{}), finished: make(chan struct{}), started: make(chan struct{})}
	go smp.run()

	offered, unsent := g.drive(ctx, ep, res)
	windowEnd := g.since()
	if g.end > 0 && !g.cancelled.Load() && (cfg.Requests == 0 || windowEnd > g.end) {
		windowEnd = g.end
	}
	// Completions from here on are after the window (a duration run set
	// this cutoff at its start).
	window := max(windowEnd-g.warmup, 0)
	g.rec.cutoff.Store(min(g.rec.cutoff.Load(), int64(window)))
	smp.markEnd(window)
	g.wg.Wait() // in-flight requests finish or time out
	close(smp.done)
	<-smp.finished

	res.WindowNS = int64(window)
	res.Offered, res.Unsent = offered, unsent
	res.Interrupted = g.cancelled.Load()
	res.Opened = int(g.opened.Load())
	g.rec.fill(res)
	res.PeakRSS = sysinfo.PeakRSS()
	res.BytesReceived = g.bytesIn.Load()
	return res, nil
}

// newGen is a run's generator state: its requests, TLS for https, the
// window's end and the recorder (whose cutoff a duration run sets now).
func newGen(cfg *Config, ep Endpoint, reqs [][]byte, heads []bool) *gen {
	g := &gen{cfg: cfg, ep: ep, reqs: reqs, heads: heads, warmup: cfg.Warmup,
		work: make(chan job), stop: make(chan struct{})}
	if ep.Scheme == "https" {
		host, _, _ := splitHostPort(ep.Addr)
		g.tls = &tls.Config{ServerName: host, InsecureSkipVerify: cfg.Insecure, NextProtos: []string{"http/1.1"}}
	}
	if cfg.Duration > 0 {
		g.end = cfg.Warmup + cfg.Duration
	}
	g.rec = newRecorder(runtime.GOMAXPROCS(0))
	if g.end > 0 {
		g.rec.cutoff.Store(int64(cfg.Duration))
	}
	return g
}

// newResult is the result's header: what the run is, before it starts.
func newResult(cfg *Config, ep Endpoint) *loadresult.Result {
	host, _, _ := splitHostPort(ep.Addr)
	res := &loadresult.Result{
		Format: loadresult.FormatVersion, RunID: cfg.RunID, Model: "open", Host: hostName(), Arrival: cfg.Arrival.String(), URL: cfg.Targets[0].URL,
		Targets: len(cfg.Targets), WarmupNS: int64(cfg.Warmup), TimeoutNS: int64(cfg.Timeout),
		Connections: cfg.Connections, ConnectionsGiven: !cfg.autoConns && !cfg.Arrival.Closed(), ThinkNS: int64(cfg.Think),
		TargetLocal: watch.IsLocal(host), Env: sysinfo.Collect(cfg.Version),
		CPU: loadresult.CPU{TargetNS: -1, GenAllowed: watch.ProcessCores(), MachineCPUs: runtime.NumCPU()},
	}
	if len(cfg.Stages) > 0 {
		res.Stages = cfg.Stages.String()
	}
	if !cfg.Segment.Whole() {
		res.Segment = &cfg.Segment
		if cfg.wholeVUs > 0 {
			res.Arrival = model.Arrival{Kind: model.VUs, VUs: cfg.wholeVUs}.String()
		}
	}
	if res.RunID == "" {
		if cfg.Segment.Whole() {
			res.RunID = loadresult.NewRunID()
		} else {
			res.RunID = DeriveRunID(cfg)
		}
	}
	if cfg.Arrival.Closed() {
		res.Model = "closed"
	}
	return res
}

// drive runs the load on the engine the run is for (the io_uring or epoll
// loop, or a goroutine per connection when neither can be, saying why in
// res) and
// returns the requests due in the window and those never sent.
func (g *gen) drive(ctx context.Context, ep Endpoint, res *loadresult.Result) (offered, unsent int64) {
	var lp *loop
	var err error
	res.Engine, res.EngineWhy = engineFor(g.cfg, ep)
	if res.Engine == loadresult.EngineUring {
		if lp, err = newUringLoop(g, g.cfg.Engine == ""); err != nil {
			lp = nil // the epoll loop instead, and say why
			res.Engine, res.EngineWhy = loadresult.EngineEpoll, loadresult.WhyUringFailed+err.Error()
		}
	}
	if res.Engine == loadresult.EngineEpoll && lp == nil {
		if lp, err = newLoop(g); err != nil {
			lp = nil // fall back to a goroutine per connection, and say why
			res.Engine, res.EngineWhy = loadresult.EngineGoroutines, loadresult.WhyEpollFailed+err.Error()
		}
	}
	switch {
	case lp != nil:
		offered, unsent = g.runLoop(ctx, lp)
	case g.cfg.Arrival.Closed():
		g.runClosed()
	default:
		offered, unsent = g.runOpen(ctx)
	}
	return offered, unsent
}

// runOpen sends on the pacer's schedule, opening connections as needed up
// to the cap, and returns the requests due in the window and the ones of
// them never sent.
func (g *gen) runOpen(ctx context.Context) (offered, unsent int64) {
	p := g.cfg.pacer()
	var endC <-chan time.Time
	if g.end > 0 {
		et := time.NewTimer(g.end)
		defer et.Stop()
		endC = et.C
	}
	workers := 0
	var n, measured int64
	wait := newPace(g.since)
	stopped := false
loop:
	for ; ; n++ {
		due, ok := p.Due(n)
		if !ok || (g.end > 0 && due >= g.end) {
			break
		}
		isMeasured := due >= g.warmup
		if isMeasured && g.cfg.Requests > 0 && measured >= g.cfg.Requests {
			break
		}
		if !wait.until(due, g.stop) { // pace.go: the timer's correction
			stopped = true
			break loop
		}
		j := job{due: due, target: int(n % int64(len(g.reqs)))}
		select {
		case g.work <- j:
		default:
			if workers < g.cfg.Connections {
				workers++
				g.wg.Add(1)
				go g.worker(workers - 1)
			}
			select {
			case g.work <- j:
			case <-g.stop:
				stopped = true
				break loop
			case <-endC:
				stopped = true
				break loop
			}
		}
		if isMeasured {
			measured++
		}
	}
	close(g.work)
	if !stopped || ctx.Err() != nil {
		return measured, 0
	}
	unsent = g.countUnsent(ctx, p, n, measured)
	return measured + unsent, unsent
}

// countUnsent counts the requests from the n-th on that were due in the
// window but never sent (measured were sent). A constant rate has a closed
// form; other schedules are walked, checking ctx: a generator far behind a
// high rate may have billions left.
func (g *gen) countUnsent(ctx context.Context, p model.Pacer, n, measured int64) int64 {
	var unsent int64
	capped := func() bool { return g.cfg.Requests > 0 && measured+unsent >= g.cfg.Requests }
	if cp, ok := p.(model.ConstantPacer); ok && g.end > 0 {
		// Requests k >= n with k/rate in [warmup, end).
		first := max(n, int64(math.Ceil(g.warmup.Seconds()*cp.Rate)))
		last := int64(math.Ceil(g.end.Seconds()*cp.Rate)) - 1
		for last >= first {
			if d, _ := cp.Due(last); d < g.end {
				break
			}
			last-- // float rounding at the edge
		}
		unsent = max(last-first+1, 0)
		if g.cfg.Requests > 0 {
			unsent = min(unsent, max(g.cfg.Requests-measured, 0))
		}
		return unsent
	}
	for ; !capped(); n++ {
		if n&0xffff == 0 && ctx.Err() != nil {
			break
		}
		due, ok := p.Due(n)
		if !ok || (g.end > 0 && due >= g.end) {
			break
		}
		if due >= g.warmup {
			unsent++
		}
	}
	return unsent
}

func (g *gen) worker(id int) {
	defer g.wg.Done()
	cl := g.newClient()
	defer cl.close()
	for j := range g.work {
		send := g.since()
		status, k := cl.do(g.reqs[j.target], g.heads[j.target], g.t0.Add(send+g.cfg.Timeout))
		end := g.since()
		switch {
		case g.cancelled.Load():
		case j.due >= g.warmup:
			g.rec.record(id, j.due-g.warmup, send-g.warmup, end-g.warmup, status, k)
		default:
			g.rec.recordWarm(send-g.warmup, end-g.warmup, status, k)
		}
	}
}

// runClosed runs the virtual users: each sends, waits for the response,
// thinks, and sends again, on its own connection.
func (g *gen) runClosed() {
	var endT *time.Timer
	if g.end > 0 {
		endT = time.AfterFunc(g.end, g.halt)
	}
	for i := 0; i < g.cfg.Arrival.VUs; i++ {
		g.wg.Add(1)
		go g.vu(i)
	}
	g.wg.Wait()
	if endT != nil {
		endT.Stop()
	}
	g.halt()
}

func (g *gen) vu(id int) {
	defer g.wg.Done()
	cl := g.newClient()
	defer cl.close()
	var think *time.Timer
	if g.cfg.Think > 0 {
		think = time.NewTimer(time.Hour)
		think.Stop()
	}
	for i := id; ; i++ {
		select {
		case <-g.stop:
			return
		default:
		}
		send := g.since()
		if g.end > 0 && send >= g.end {
			return
		}
		measured := send >= g.warmup
		if measured && g.cfg.Requests > 0 && g.measured.Add(1) > g.cfg.Requests {
			g.halt()
			return
		}
		t := i % len(g.reqs)
		status, k := cl.do(g.reqs[t], g.heads[t], g.t0.Add(send+g.cfg.Timeout))
		end := g.since()
		switch {
		case g.cancelled.Load():
		case measured:
			g.rec.record(id, send-g.warmup, send-g.warmup, end-g.warmup, status, k)
		default:
			g.rec.recordWarm(send-g.warmup, end-g.warmup, status, k)
		}
		if think != nil {
			think.Reset(g.cfg.Think)
			select {
			case <-think.C:
			case <-g.stop:
				return
			}
		}
	}
}

// sampler measures CPU at the edges of the window (internal/watch),
// closes each second of the series, and reports progress.
type sampler struct {
	g        *gen
	res      *loadresult.Result
	win      watch.Window
	done     chan struct{} // closed when every request has finished
	finished chan struct{} // closed by the sampler when it is done
	started  chan struct{} // closed once the window's start was sampled (or never will be)
}

// markEnd takes the window's closing CPU readings; window is the
// measured window's length (what every rate divides by).
func (s *sampler) markEnd(window time.Duration) {
	<-s.started
	if s.win.Started() {
		s.takeEnd(window)
	}
}

// takeEnd reads the CPU at the window's end and stores each reading as
// its rate over the span it was read across, times the window
// (watch.ToWindow says why).
func (s *sampler) takeEnd(window time.Duration) {
	u := s.win.End()
	scale := func(d time.Duration) int64 { return watch.ToWindow(int64(d), window, u.Span) }
	s.res.CPU.GenNS = scale(u.Gen)
	s.res.CPU.MachineBusyNS = scale(u.MachBusy)
	s.res.CPU.MachineNS = scale(u.MachAll)
	if n := u.MachineCPUs(100 * time.Millisecond); n > 0 {
		s.res.CPU.MachineCPUs = n
	}
	if u.TargetOK {
		s.res.CPU.TargetNS = scale(u.Target)
		s.res.CPU.TargetFrom = u.TargetFrom
		s.res.CPU.TargetThreads = u.TargetThreads
		if u.Stalls != nil {
			s.res.TargetStalls = u.Stalls
		}
	}
}

func (s *sampler) run() {
	defer close(s.finished)
	g := s.g
	wait := func(at time.Duration) bool { // false when the run is done
		// done first: a sampler behind the clock must still see the end
		// of the run, or it closes seconds for as long as it is behind.
		select {
		case <-s.done:
			return false
		default:
		}
		d := at - g.since()
		if d <= 0 {
			return true
		}
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-s.done:
			return false
		}
	}
	// Start of the measured window.
	if d := g.warmup - g.since(); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-g.stop:
		}
		t.Stop()
	}
	select {
	case <-g.stop:
		close(s.started)
		<-s.done
		return
	default:
	}
	s.win.Start()
	close(s.started)
	lastCPU := s.win.GenAtStart()
	allowed := watch.ProcessCores()
	var sec int64
	for ; ; sec++ {
		// Close second sec a quarter second after it ends.
		if !wait(g.warmup + time.Duration(sec+1)*time.Second + 250*time.Millisecond) {
			break
		}
		second := g.rec.collect(sec)
		cpu := sysinfo.ProcessCPU()
		second.GenCPU = 100 * float64(cpu-lastCPU) / (1.25e9 * allowed)
		if sec > 0 {
			second.GenCPU = 100 * float64(cpu-lastCPU) / (1e9 * allowed)
		}
		lastCPU = cpu
		_ = second.Seal() // kept encoded: a long run's series stays small
		s.res.Series = append(s.res.Series, second)
		if g.cfg.Progress != nil {
			t := g.rec.totals(true)
			g.cfg.Progress(Progress{Elapsed: g.since() - g.warmup, Sent: t.sent, OK: t.ok,
				Rate: float64(second.Requests), P99: t.p99})
		}
	}
	// Every request has finished: close the remaining seconds.
	// The ring holds ringSeconds at most: a later second than that past
	// the one closed last cannot hold a completion the ring still has.
	last := min(g.rec.maxSecond(), sec+ringSeconds)
	for ; sec <= last; sec++ {
		second := g.rec.collect(sec)
		_ = second.Seal()
		s.res.Series = append(s.res.Series, second)
	}
	// Drop trailing seconds after the window in which nothing finished.
	for len(s.res.Series) > 0 && s.res.Series[len(s.res.Series)-1].Requests == 0 {
		s.res.Series = s.res.Series[:len(s.res.Series)-1]
	}
}

func splitHostPort(addr string) (string, string, error) {
	for i := len(addr) - 1; i >= 0; i-- {
		if addr[i] == ':' {
			h := addr[:i]
			if len(h) > 1 && h[0] == '[' && h[len(h)-1] == ']' {
				h = h[1 : len(h)-1]
			}
			return h, addr[i+1:], nil
		}
	}
	return addr, "", fmt.Errorf("no port in %q", addr)
}
