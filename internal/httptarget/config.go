// Package target is waitlab's real HTTP/1.1 test server, in each of the
// concurrency models of the lab: a Tomcat-like pool of locked OS threads
// doing blocking socket I/O behind a bounded accept queue; N epoll event
// loops on locked OS threads (with their own or a shared acceptor); the same
// loops with a bounded pool of K threads taking blocking work; and Go's
// net/http, a goroutine per connection on GOMAXPROCS carriers.
//
// Each request runs the handler knobs (CPU time, waits, a blocking fraction,
// downstream calls in sequence or in parallel, the PING-inside-synchronized
// lock bug, per-request logging) the way its model would: a non-blocking
// wait frees a loop through its timerfd, a blocking one holds the thread.
// The server exports Prometheus metrics on /metrics, watches its loops with
// the watchdog, and drains in-flight requests on shutdown.
//
// A Server is started once with Start and stopped once with Shutdown;
// Addr, Metrics and Stats are safe from any goroutine.
package httptarget

import (
	"fmt"
	"io"
	"math"
	"net"
	"runtime"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/netguard"
)

// Knobs are the handler's per-request behaviour. Distributions use the
// scenario syntax (model.ParseDist).
type Knobs struct {
	CPU  model.Dist // CPU time spun on the serving thread
	Wait model.Dist // each call's wait when there is no downstream
	// Blocking makes waits (and downstream calls) block the thread: on a
	// loop they stall it, in offload they go to the pool.
	Blocking bool
	// BlockFraction of requests make one blocking call of Block (the
	// JdbcTemplate call on an event loop).
	BlockFraction float64
	Block         model.Dist
	// Downstream is the RESP service each call goes to ("" = local waits).
	Downstream string
	// Calls per request (0: 1 when Wait or Downstream is set).
	Calls int
	// Parallel fans the calls out at once; otherwise one after another.
	Parallel bool
	// Pipelined writes all of a request's calls on one downstream
	// connection at once and reads their replies back: one round trip for
	// them all (a Redis pipeline). Not with Parallel.
	Pipelined bool
	// ValidateLock takes one process-wide lock and makes a blocking PING
	// round trip to the downstream under it before each call: the
	// "validate the connection inside synchronized" bug.
	ValidateLock bool
	// LogInLock writes one log line while the validation lock is held,
	// after the PING, having spun LockLogCPU (the line's formatting) on
	// the lock holder's thread: logging inside the locked path, where
	// its cost adds to the lock's hold time and so to 1/throughput.
	// Needs ValidateLock.
	LogInLock  bool
	LockLogCPU time.Duration
}

// calls returns the number of calls a request makes with these knobs.
func (k *Knobs) calls() int {
	if k.Calls > 0 {
		return k.Calls
	}
	if k.Downstream != "" || !k.Wait.IsZero() {
		return 1
	}
	return 0
}

// Log modes.
const (
	LogOff   = "off"
	LogSync  = "sync"
	LogAsync = "async"
)

// Config configures a Server. Zero fields take the defaults noted.
type Config struct {
	Model model.Kind
	// Listen is the address to listen on (default 127.0.0.1:8080); it
	// must be a loopback address unless AllowRemote.
	Listen      string
	AllowRemote bool
	// Backlog is the listen backlog (default 4096; the kernel caps it at
	// net.core.somaxconn).
	Backlog int

	// Threads: pool threads (pool, default 200) or event loops (loop and
	// offload, default GOMAXPROCS).
	Threads int
	// Queue bounds the pool's queue of connections whose request waits
	// for a free thread (default 100); requests beyond it get 503.
	Queue int
	// Linger is how long a pool thread that has nothing else queued waits
	// on its connection for the next keep-alive request before handing it
	// back to the poller (default 1ms, at most MaxLinger; negative: hand
	// it back at once, as Tomcat's NIO connector does).
	Linger time.Duration
	// Acceptor is "own" (a separate acceptor thread hands connections to
	// the loops round-robin) or "shared" (loop 0 accepts as well as
	// serving); default own.
	Acceptor string
	// Offload is the offload pool size K (default 16).
	Offload int
	// OffloadQueue bounds the work waiting for the offload pool (default
	// 10000); beyond it requests get 503.
	OffloadQueue int
	// FanoutPool (pool model only) is K: a request's parallel calls run
	// on a bounded pool of K OS threads behind a FIFO queue while the
	// request's own thread waits for them all (CompletableFuture's
	// supplyAsync on an executor, then join). 0: each parallel call runs
	// on a helper goroutine of its own.
	FanoutPool int
	// Carriers sets GOMAXPROCS for the virtual model (0: leave it).
	Carriers int
	// MaxConns caps open connections (default 10000); more are answered
	// 503 and closed.
	MaxConns int
	// KeepAlive is how long an idle keep-alive connection is kept
	// (default 20s, Tomcat's keepAliveTimeout).
	KeepAlive time.Duration
	// HeaderTimeout bounds, in total, the time from a request's first
	// byte (or, for a new connection, from its accept) to the end of its
	// header; it does not restart when a byte arrives (default 10s).
	HeaderTimeout time.Duration
	// BodyTimeout bounds, in total, the time from the end of a request's
	// header to the end of its body (default 30s: a 1 MiB body at 35 KB/s).
	BodyTimeout time.Duration
	// WriteTimeout is how long an answer may wait for a client that takes
	// none of it before the connection is closed (default 30s).
	WriteTimeout time.Duration
	// DownstreamTimeout bounds one downstream round trip in every model
	// (default 10s); a call past it fails with 502.
	DownstreamTimeout time.Duration
	// DB, when set, is a MariaDB/MySQL DSN (go-sql-driver/mysql syntax,
	// e.g. root@tcp(127.0.0.1:3306)/): the block fraction's blocking call
	// is then SELECT SLEEP of its duration through database/sql (db.go),
	// bounded by DownstreamTimeout, instead of a nanosleep.
	DB string

	// BodyMemory bounds, over every connection, the bytes of request
	// buffers beyond 16 KiB each (large bodies being received); a request
	// that finds no room is answered 503 (default 512 MiB).
	BodyMemory int64

	// QueryKnobs says whether query parameters may override the knobs:
	// "on", "off", or "auto" (default: on, except off with AllowRemote).
	QueryKnobs string
	// QueryMax caps the time a query may ask for: each of cpu, wait and
	// block, and their sum over a request's calls (default 10s).
	QueryMax time.Duration
	// QueryMaxCalls caps ?calls= (default 16).
	QueryMaxCalls int

	Knobs Knobs
	Seed  int64

	// Log is off, sync or async; LogFile is where lines go (required for
	// sync and async). LogQueue bounds the async queue (default 1024);
	// LogBlock makes a full queue block the request instead of dropping
	// the line.
	Log      string
	LogFile  string
	LogQueue int
	LogBlock bool
	// LogLevel is the logger's level and LogLineLevel the level each
	// request's line is logged at (debug, info, warn or error; default
	// info both): a line below the logger's level is neither formatted
	// nor written.
	LogLevel     string
	LogLineLevel string

	// Drain is how long Shutdown waits for in-flight requests (default 10s).
	Drain time.Duration
	// StallThreshold is the watchdog threshold (default 10ms).
	StallThreshold time.Duration
	// NoStallStacks turns off the stacks of stall reports (the watchdog
	// then never dumps goroutines); each distinct stack is printed once
	// otherwise.
	NoStallStacks bool
	// Body is the response body (default "Hello, World!").
	Body string
	// Events receives one line per stall and lifecycle event (may be nil).
	Events io.Writer
}

// Normalize fills defaults.
func (c *Config) Normalize() {
	if c.Model == "" {
		c.Model = model.Loop
	}
	if c.Listen == "" {
		c.Listen = "127.0.0.1:8080"
	}
	if c.Backlog == 0 {
		c.Backlog = 4096
	}
	if c.Threads == 0 {
		if c.Model == model.Pool {
			c.Threads = 200
		} else {
			c.Threads = runtime.GOMAXPROCS(0)
		}
	}
	if c.Queue == 0 {
		c.Queue = 100
	}
	if c.Linger == 0 {
		c.Linger = time.Millisecond
	}
	if c.Acceptor == "" {
		c.Acceptor = "own"
	}
	if c.Offload == 0 {
		c.Offload = 16
	}
	if c.OffloadQueue == 0 {
		c.OffloadQueue = 10000
	}
	if c.MaxConns == 0 {
		c.MaxConns = 10000
	}
	if c.KeepAlive == 0 {
		c.KeepAlive = 20 * time.Second
	}
	if c.HeaderTimeout == 0 {
		c.HeaderTimeout = 10 * time.Second
	}
	if c.BodyTimeout == 0 {
		c.BodyTimeout = 30 * time.Second
	}
	if c.WriteTimeout == 0 {
		c.WriteTimeout = 30 * time.Second
	}
	if c.DownstreamTimeout == 0 {
		c.DownstreamTimeout = 10 * time.Second
	}
	if c.QueryKnobs == "" || c.QueryKnobs == "auto" {
		c.QueryKnobs = "on"
		if c.AllowRemote {
			c.QueryKnobs = "off"
		}
	}
	if c.BodyMemory == 0 {
		c.BodyMemory = 512 << 20
	}
	if c.QueryMax == 0 {
		c.QueryMax = 10 * time.Second
	}
	if c.QueryMaxCalls == 0 {
		c.QueryMaxCalls = 16
	}
	if c.Log == "" {
		c.Log = LogOff
	}
	if c.LogQueue == 0 {
		c.LogQueue = 1024
	}
	if c.Drain == 0 {
		c.Drain = 10 * time.Second
	}
	if c.StallThreshold == 0 {
		c.StallThreshold = 10 * time.Millisecond
	}
	if c.Body == "" {
		c.Body = "Hello, World!"
	}
}

// Limits Validate enforces: what this process can really run.
const (
	// MaxThreads is the most OS threads a target starts for its model
	// (pool threads, or loops plus offload threads). Go's runtime kills
	// a process at 10,000 threads (debug.SetMaxThreads); Start raises
	// that limit to leave room for the runtime's own threads above this.
	MaxThreads = 10_000
	// MaxCarriers caps --carriers: every GOMAXPROCS P costs memory at
	// once (a million took 4 GB before the server listened), and more
	// carriers than cores only time-slice.
	MaxCarriers = 1024
	// MaxQueue caps the queues allocated up front (--queue,
	// --offload-queue, --log-queue).
	MaxQueue = 1_000_000
	// MaxQueryCalls is the largest --query-max-calls (and --calls).
	MaxQueryCalls = 64
	// MaxLinger is the longest --linger: a lingering thread does not see
	// work queued after it began to wait, so a connection that arrives
	// then waits up to the linger (with --linger 1000h two idle
	// keep-alive clients held a 2-thread pool from a third for good).
	MaxLinger = 100 * time.Millisecond
)

// Validate checks a normalized Config. Errors are *model.FieldError with
// catalog keys under "target.", naming the flag.
func (c *Config) Validate() error {
	if _, err := model.ParseKind(string(c.Model)); err != nil {
		return model.NewFieldError("model", "target.err.model", string(c.Model))
	}
	host, port, err := net.SplitHostPort(c.Listen)
	if err != nil {
		return model.NewFieldError("listen", "target.err.listen", c.Listen)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return model.NewFieldError("listen", "target.err.port", c.Listen)
	}
	if !c.AllowRemote && !netguard.LoopbackHost(host) {
		return model.NewFieldError("listen", "target.err.remote", c.Listen)
	}
	if c.Acceptor != "own" && c.Acceptor != "shared" {
		return model.NewFieldError("acceptor", "target.err.acceptor", c.Acceptor)
	}
	switch c.Log {
	case LogOff:
	case LogSync, LogAsync:
		if c.LogFile == "" {
			return model.NewFieldError("log-file", "target.err.logfile", c.Log)
		}
	default:
		return model.NewFieldError("log", "target.err.log", c.Log)
	}
	for _, v := range []struct{ field, val string }{{"log-level", c.LogLevel}, {"log-line-level", c.LogLineLevel}} {
		if v.val != "" && levelRank(v.val) < 0 {
			return model.NewFieldError(v.field, "target.err.loglevel", v.field, v.val)
		}
	}
	if c.QueryKnobs != "on" && c.QueryKnobs != "off" {
		return model.NewFieldError("query-knobs", "target.err.queryknobs", c.QueryKnobs)
	}
	for _, r := range []struct {
		flag    string
		v, a, b int
	}{
		{"backlog", c.Backlog, 1, 1 << 20},
		{"threads", c.Threads, 1, MaxThreads},
		{"queue", c.Queue, 1, MaxQueue},
		{"offload", c.Offload, 1, MaxThreads},
		{"offload-queue", c.OffloadQueue, 1, MaxQueue},
		{"carriers", c.Carriers, 0, MaxCarriers},
		{"max-conns", c.MaxConns, 1, 1 << 24},
		{"log-queue", c.LogQueue, 1, MaxQueue},
		{"calls", c.Knobs.Calls, 0, MaxQueryCalls},
		{"query-max-calls", c.QueryMaxCalls, 1, MaxQueryCalls},
	} {
		if r.v < r.a || r.v > r.b {
			return model.NewFieldError(r.flag, "target.err.range", r.flag, r.a, r.b, r.v)
		}
	}
	if c.Model == model.Offload && c.Threads+c.Offload > MaxThreads {
		return model.NewFieldError("offload", "target.err.threads", c.Threads+c.Offload, MaxThreads)
	}
	if c.FanoutPool < 0 || c.FanoutPool > MaxThreads {
		return model.NewFieldError("fanout-pool", "target.err.range", "fanout-pool", 0, MaxThreads, c.FanoutPool)
	}
	if c.FanoutPool > 0 && c.Model != model.Pool {
		return model.NewFieldError("fanout-pool", "target.err.fanoutpool.model", string(c.Model))
	}
	if c.Threads+c.FanoutPool > MaxThreads {
		return model.NewFieldError("fanout-pool", "target.err.fanoutpool.threads", c.Threads+c.FanoutPool, MaxThreads)
	}
	for _, d := range []struct {
		flag string
		v    time.Duration
	}{
		{"keepalive", c.KeepAlive}, {"header-timeout", c.HeaderTimeout}, {"body-timeout", c.BodyTimeout},
		{"write-timeout", c.WriteTimeout}, {"downstream-timeout", c.DownstreamTimeout},
		{"query-max", c.QueryMax}, {"drain", c.Drain}, {"stall-threshold", c.StallThreshold},
	} {
		if d.v <= 0 {
			return model.NewFieldError(d.flag, "target.err.duration", d.flag, d.v.String())
		}
	}
	if c.Linger > MaxLinger {
		return model.NewFieldError("linger", "target.err.linger", c.Linger.String(), MaxLinger.String())
	}
	if c.BodyMemory < 0 {
		return model.NewFieldError("body-memory", "target.err.range", "body-memory", 0, math.MaxInt, c.BodyMemory)
	}
	k := &c.Knobs
	if !(k.BlockFraction >= 0 && k.BlockFraction <= 1) { // also refuses NaN
		return model.NewFieldError("block-fraction", "target.err.fraction", k.BlockFraction)
	}
	if k.BlockFraction > 0 && k.Block.IsZero() {
		return model.NewFieldError("block", "target.err.block", k.BlockFraction)
	}
	if k.Downstream != "" && !k.Wait.IsZero() {
		return model.NewFieldError("wait", "target.err.wait.downstream")
	}
	if k.Parallel && k.Pipelined {
		return model.NewFieldError("fanout", "target.err.fanout.both")
	}
	if k.ValidateLock && k.Downstream == "" {
		return model.NewFieldError("validate-lock", "target.err.lock")
	}
	if (k.LogInLock || k.LockLogCPU != 0) && !k.ValidateLock {
		return model.NewFieldError("log-in-lock", "target.err.loginlock")
	}
	if k.LockLogCPU < 0 || k.LockLogCPU > time.Second {
		return model.NewFieldError("lock-log-cpu", "target.err.locklogcpu", k.LockLogCPU)
	}
	return nil
}

// String is a one-line description for the start-up message.
func (c *Config) String() string {
	s := fmt.Sprintf("model=%s", c.Model)
	switch c.Model {
	case model.Pool:
		s += fmt.Sprintf(" threads=%d queue=%d", c.Threads, c.Queue)
		if c.FanoutPool > 0 {
			s += fmt.Sprintf(" fanout-pool=%d", c.FanoutPool)
		}
	case model.Loop:
		s += fmt.Sprintf(" loops=%d acceptor=%s", c.Threads, c.Acceptor)
	case model.Offload:
		s += fmt.Sprintf(" loops=%d acceptor=%s offload=%d", c.Threads, c.Acceptor, c.Offload)
	case model.Virtual:
		s += fmt.Sprintf(" carriers=%d", runtime.GOMAXPROCS(0))
	}
	return s + fmt.Sprintf(" backlog=%d log=%s", c.Backlog, c.Log)
}
