package launch

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Engine is the server a configuration starts.
type Engine string

// The engines.
const (
	Go     Engine = "go"     // waitlab's own target (httptarget)
	Tomcat Engine = "tomcat" // Debian's Tomcat serving our servlet
	Netty  Engine = "netty"  // our server on Debian's Netty
)

// ParseEngine reads an engine's name ("" is Go).
func ParseEngine(s string) (Engine, error) {
	switch e := Engine(strings.ToLower(strings.TrimSpace(s))); e {
	case "", Go:
		return Go, nil
	case Tomcat, Netty:
		return e, nil
	}
	return "", model.NewFieldError("engine", "launch.err.engine", s)
}

// IsJVM reports whether the engine runs on a JVM.
func (e Engine) IsJVM() bool { return e == Tomcat || e == Netty }

// Duration is a time.Duration written as text in JSON ("200ms").
type Duration time.Duration

// MarshalText writes d as Go's duration text.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads Go's duration text.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// Config is one server to start, as data: what `waitlab target --config
// FILE` reads and what every caller that starts a target builds. The
// zero value of a field means the server's default. Field names are the
// flags' names.
type Config struct {
	Engine Engine `json:"engine"`
	// Scenario is a scenario file (model.Scenario JSON, as -f): the server
	// runs the scenario's requests, each drawn by the model's planner for
	// its index (?req=i), instead of the knobs.
	Scenario string `json:"scenario,omitempty"`

	Model   string `json:"model,omitempty"`   // pool, loop, offload, virtual
	Threads int    `json:"threads,omitempty"` // pool threads, loops, or (virtual) carriers
	Offload int    `json:"offload,omitempty"` // offload: executors
	// OffloadExecutor is Netty's offload executor: pinned (a
	// DefaultEventExecutorGroup, each channel pinned to one of its
	// executors; the default) or unordered (an
	// UnorderedThreadPoolEventExecutor: any free thread takes any task).
	OffloadExecutor string `json:"offload_executor,omitempty"`
	Listen          string `json:"listen,omitempty"` // default 127.0.0.1:0
	Backlog         int    `json:"backlog,omitempty"`

	// The handler's knobs, each request's draw seeded by Seed and its
	// number (the Go target's streams).
	CPU           string  `json:"cpu,omitempty"`  // model.Dist text: "1ms", "exp:1ms"
	Wait          string  `json:"wait,omitempty"` // each call's wait
	Blocking      bool    `json:"blocking,omitempty"`
	BlockFraction float64 `json:"block_fraction,omitempty"`
	Block         string  `json:"block,omitempty"`
	Calls         int     `json:"calls,omitempty"`
	Fanout        string  `json:"fanout,omitempty"` // sequential, parallel, pipelined
	Downstream    string  `json:"downstream,omitempty"`
	ValidateLock  bool    `json:"validate_lock,omitempty"`
	// LogInLock writes one request-log line while the validation lock
	// is held, after its PING (needs ValidateLock and a log): the
	// line's cost adds to the lock's hold time.
	LogInLock bool `json:"log_in_lock,omitempty"`
	// DB is where the blocking call goes (--block-fraction's calls): a
	// SELECT SLEEP of its length. The JVM engines take a JDBC URL
	// (jdbc:mariadb://HOST:PORT/?user=root, Debian's MariaDB Connector/J
	// on the class path), the Go target a go-sql-driver DSN.
	DB string `json:"db,omitempty"`
	// LogLevel is the request logger's level and LogLineLevel the level
	// each request's line is logged at (debug, info, warn or error; ""
	// is info): a line below the logger's level is filtered, not written.
	LogLevel     string `json:"log_level,omitempty"`
	LogLineLevel string `json:"log_line_level,omitempty"`
	Log          string `json:"log,omitempty"` // off, sync, async
	LogFile      string `json:"log_file,omitempty"`
	Seed         int64  `json:"seed,omitempty"`

	StallThreshold Duration `json:"stall_threshold,omitempty"`
	Drain          Duration `json:"drain,omitempty"`

	// The Go target's own knobs (`waitlab target`'s flags of the same
	// names; a JVM engine refuses each one set, goOnly).
	Acceptor          string   `json:"acceptor,omitempty"` // loop, offload: own or shared
	Queue             int      `json:"queue,omitempty"`    // pool: requests waiting for a thread
	Linger            Duration `json:"linger,omitempty"`   // pool: a thread's wait for the next keep-alive request (-1ns: none)
	OffloadQueue      int      `json:"offload_queue,omitempty"`
	FanoutPool        int      `json:"fanout_pool,omitempty"` // pool: threads running a request's parallel calls
	Carriers          int      `json:"carriers,omitempty"`    // virtual: GOMAXPROCS
	HeaderTimeout     Duration `json:"header_timeout,omitempty"`
	BodyTimeout       Duration `json:"body_timeout,omitempty"`
	WriteTimeout      Duration `json:"write_timeout,omitempty"`
	DownstreamTimeout Duration `json:"downstream_timeout,omitempty"`
	BodyMemory        int64    `json:"body_memory,omitempty"`
	QueryKnobs        string   `json:"query_knobs,omitempty"` // on, off, auto
	QueryMax          Duration `json:"query_max,omitempty"`
	QueryMaxCalls     int      `json:"query_max_calls,omitempty"`
	NoStallStacks     bool     `json:"no_stall_stacks,omitempty"`
	LockLogCPU        Duration `json:"lock_log_cpu,omitempty"` // with LogInLock: CPU spun for the line, under the lock
	LogQueue          int      `json:"log_queue,omitempty"`
	LogBlock          bool     `json:"log_block,omitempty"`
	Body              string   `json:"body,omitempty"`

	// The JVM engines'.
	Java      string   `json:"java,omitempty"`      // a JDK (--java); else jdk.Find's order
	Classpath []string `json:"classpath,omitempty"` // directories with the jars, before /usr/share/java
	// Tomcat's connector limits (and Netty's, where it has them): echoed
	// in every result.
	AcceptCount          int      `json:"accept_count,omitempty"`
	MaxConnections       int      `json:"max_connections,omitempty"`
	KeepAliveTimeout     Duration `json:"keepalive_timeout,omitempty"`
	MaxKeepAliveRequests int      `json:"max_keepalive_requests,omitempty"`
	// Heap is the JVM's maximum heap (-Xmx: "48m", "1g"); with it the
	// JVM exits when the heap runs out (-XX:+ExitOnOutOfMemoryError), as
	// one under a container's memory limit is ended. HoldKB is what each
	// request holds on the heap while in flight (tomcat): memory that
	// grows with in-flight work, as a server buffering its requests' data.
	Heap   string `json:"heap,omitempty"`
	HoldKB int    `json:"hold_kb,omitempty"`
}

// Load reads a configuration file (JSON; unknown fields are refused).
func Load(path string) (Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return Config{}, model.NewFieldError("config", "launch.err.config", path, err)
	}
	defer f.Close()
	return Decode(f, path)
}

// Decode reads a configuration from r (named name in errors).
func Decode(r io.Reader, name string) (Config, error) {
	var c Config
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, model.NewFieldError("config", "launch.err.config", name, err)
	}
	e, err := ParseEngine(string(c.Engine))
	if err != nil {
		return Config{}, err
	}
	c.Engine = e
	return c, nil
}

// Bind registers the configuration's fields as flags on fs (the JVM
// engines' `waitlab target` flags; the Go target keeps its own fuller
// set). Values already in c are the flags' defaults.
func (c *Config) Bind(fs *flag.FlagSet) {
	fs.Func("engine", "server: go, tomcat or netty", func(s string) error {
		e, err := ParseEngine(s)
		c.Engine = e
		return err
	})
	fs.StringVar(&c.Scenario, "f", c.Scenario, "scenario `file`: serve its requests (?req=i) instead of the knobs")
	fs.StringVar(&c.Model, "model", c.Model, "tomcat: pool or virtual; netty: loop or offload")
	fs.IntVar(&c.Threads, "threads", c.Threads, "tomcat pool: maxThreads; virtual: carriers; netty: worker loops")
	fs.IntVar(&c.Offload, "offload", c.Offload, "netty offload: executors in the offload group (DefaultEventExecutorGroup: each channel pinned to one)")
	fs.StringVar(&c.OffloadExecutor, "offload-executor", c.OffloadExecutor, "netty offload: pinned (DefaultEventExecutorGroup, the default) or unordered (UnorderedThreadPoolEventExecutor)")
	fs.StringVar(&c.Listen, "listen", c.Listen, "address to listen on (loopback; port 0: any free port)")
	fs.IntVar(&c.Backlog, "backlog", c.Backlog, "listen backlog (tomcat: acceptCount unless --accept-count)")
	fs.StringVar(&c.CPU, "cpu", c.CPU, "CPU time per request: 1ms or exp:1ms")
	fs.StringVar(&c.Wait, "wait", c.Wait, "wait per call: 50ms or exp:50ms")
	fs.BoolVar(&c.Blocking, "blocking", c.Blocking, "netty: waits block the loop (Thread.sleep) instead of being scheduled on it")
	fs.Float64Var(&c.BlockFraction, "block-fraction", c.BlockFraction, "fraction of requests that make one blocking call of --block")
	fs.StringVar(&c.Block, "block", c.Block, "duration of the blocking call")
	fs.IntVar(&c.Calls, "calls", c.Calls, "calls per request (default 1 with --wait)")
	fs.StringVar(&c.Fanout, "fanout", c.Fanout, "calls one after another (sequential) or all at once (parallel)")
	fs.StringVar(&c.Downstream, "downstream", c.Downstream, "RESP service each call goes to (the JVM engines: our blocking RESP client)")
	fs.BoolVar(&c.ValidateLock, "validate-lock", c.ValidateLock, "a shared lock across a PING before each call (needs --downstream)")
	fs.BoolVar(&c.LogInLock, "log-in-lock", c.LogInLock, "with --validate-lock and --log: write one log line while the lock is held")
	fs.StringVar(&c.DB, "db", c.DB, "JDBC URL of the database the blocking call goes to (SELECT SLEEP), e.g. jdbc:mariadb://127.0.0.1:3306/?user=root")
	fs.StringVar(&c.LogLevel, "log-level", c.LogLevel, "the request logger's level: debug, info (default), warn or error")
	fs.StringVar(&c.LogLineLevel, "log-line-level", c.LogLineLevel, "the level each request's line is logged at (default info; below --log-level it is filtered)")
	fs.StringVar(&c.Log, "log", c.Log, "per-request log: off, sync (Logback file appender) or async (Logback AsyncAppender)")
	fs.StringVar(&c.LogFile, "log-file", c.LogFile, "file the request log goes to")
	fs.Int64Var(&c.Seed, "seed", c.Seed, "random seed for the per-request draws")
	fs.TextVar(&c.StallThreshold, "stall-threshold", c.StallThreshold, "a loop late by more than this is a stall (netty's lag probe)")
	fs.TextVar(&c.Drain, "drain", c.Drain, "on stop, how long in-flight requests may finish")
	fs.StringVar(&c.Java, "java", c.Java, "the JDK (home or bin/java); default JAVA_HOME, PATH, /usr/lib/jvm")
	fs.Func("classpath", "directories holding the Tomcat, Netty and Logback jars, before /usr/share/java (':'-separated)", func(s string) error {
		c.Classpath = append(c.Classpath, strings.Split(s, ":")...)
		return nil
	})
	fs.IntVar(&c.AcceptCount, "accept-count", c.AcceptCount, "tomcat: acceptCount (the listen backlog); default 100")
	fs.IntVar(&c.MaxConnections, "max-connections", c.MaxConnections, "tomcat: maxConnections (default 8192); netty: refuse beyond it (default none)")
	fs.TextVar(&c.KeepAliveTimeout, "keepalive-timeout", c.KeepAliveTimeout, "idle keep-alive timeout (default 20s)")
	fs.IntVar(&c.MaxKeepAliveRequests, "max-keepalive-requests", c.MaxKeepAliveRequests, "tomcat: requests per connection (default 100; -1 unlimited)")
	fs.StringVar(&c.Heap, "heap", c.Heap, "the JVM's maximum heap (-Xmx: 48m, 1g); the JVM exits when it runs out (default: the JVM's own)")
	fs.IntVar(&c.HoldKB, "hold-kb", c.HoldKB, "tomcat: KiB each request holds on the heap while in flight")
}

// bindGo registers the Go target's own flags on fs, beside Bind's: its
// knobs a JVM engine has not, and its names for two shared limits
// (--max-conns, --keepalive).
func (c *Config) bindGo(fs *flag.FlagSet) {
	fs.StringVar(&c.Acceptor, "acceptor", c.Acceptor, "loop, offload: own (separate acceptor thread) or shared (loop 0 accepts)")
	fs.IntVar(&c.Queue, "queue", c.Queue, "pool: requests waiting for a free thread")
	fs.TextVar(&c.Linger, "linger", c.Linger, "pool: how long a thread waits on its connection for the next keep-alive request (-1ns: at once)")
	fs.IntVar(&c.OffloadQueue, "offload-queue", c.OffloadQueue, "offload: work waiting for the pool")
	fs.IntVar(&c.FanoutPool, "fanout-pool", c.FanoutPool, "pool: threads that run a request's parallel calls")
	fs.IntVar(&c.Carriers, "carriers", c.Carriers, "virtual: GOMAXPROCS")
	fs.IntVar(&c.MaxConnections, "max-conns", c.MaxConnections, "open connections")
	fs.TextVar(&c.KeepAliveTimeout, "keepalive", c.KeepAliveTimeout, "idle keep-alive timeout")
	fs.TextVar(&c.HeaderTimeout, "header-timeout", c.HeaderTimeout, "a request header must be in within this")
	fs.TextVar(&c.BodyTimeout, "body-timeout", c.BodyTimeout, "a request body must be in within this")
	fs.TextVar(&c.WriteTimeout, "write-timeout", c.WriteTimeout, "a client taking no answers this long is closed")
	fs.TextVar(&c.DownstreamTimeout, "downstream-timeout", c.DownstreamTimeout, "one downstream round trip")
	fs.Int64Var(&c.BodyMemory, "body-memory", c.BodyMemory, "bytes all connections may hold for request bodies")
	fs.StringVar(&c.QueryKnobs, "query-knobs", c.QueryKnobs, "query parameters override the knobs: on, off or auto")
	fs.TextVar(&c.QueryMax, "query-max", c.QueryMax, "the most time a query may ask for")
	fs.IntVar(&c.QueryMaxCalls, "query-max-calls", c.QueryMaxCalls, "the most calls a query may ask for")
	fs.BoolVar(&c.NoStallStacks, "no-stall-stacks", c.NoStallStacks, "print loop stalls without their stacks")
	fs.TextVar(&c.LockLogCPU, "lock-log-cpu", c.LockLogCPU, "with --log-in-lock: CPU spun to format the line, under the lock")
	fs.IntVar(&c.LogQueue, "log-queue", c.LogQueue, "async log: queue length")
	fs.BoolVar(&c.LogBlock, "log-block", c.LogBlock, "async log: a full queue blocks the request")
	fs.StringVar(&c.Body, "body", c.Body, "response body")
}

// goFlags are the Go target's flags TargetArgs writes, in order; a
// scenario (-f) takes only the server's (scenarioFlags).
var goFlags = []string{"model", "cpu", "wait", "block", "block-fraction", "calls", "fanout", "fanout-pool", "blocking",
	"downstream", "downstream-timeout", "validate-lock", "log-in-lock", "lock-log-cpu", "db",
	"log", "log-file", "log-queue", "log-block", "log-level", "log-line-level", "body", "seed",
	"threads", "queue", "linger", "offload", "offload-queue", "carriers", "max-conns",
	"header-timeout", "body-timeout", "write-timeout", "body-memory", "query-knobs", "query-max", "query-max-calls",
	"no-stall-stacks"}

// scenarioFlags are the Go target's flags beside -f, and with the knobs.
var scenarioFlags = []string{"acceptor", "keepalive", "listen", "backlog", "stall-threshold", "drain"}

// goOnly names the Go target's knobs set in c (a JVM engine refuses
// them).
func (c *Config) goOnly() string {
	set, zero := flag.NewFlagSet("", flag.ContinueOnError), flag.NewFlagSet("", flag.ContinueOnError)
	var z Config
	c.bindGo(set)
	z.bindGo(zero)
	var name string
	set.VisitAll(func(f *flag.Flag) {
		if name == "" && f.Name != "max-conns" && f.Name != "keepalive" && f.Value.String() != zero.Lookup(f.Name).Value.String() {
			name = f.Name
		}
	})
	return name
}

// jvmOnly names the JVM engines' fields set in c (the Go target refuses
// them).
func (c *Config) jvmOnly() string {
	for _, f := range []struct {
		name string
		set  bool
	}{{"java", c.Java != ""}, {"classpath", len(c.Classpath) > 0}, {"offload-executor", c.OffloadExecutor != ""},
		{"accept-count", c.AcceptCount != 0}, {"max-keepalive-requests", c.MaxKeepAliveRequests != 0},
		{"heap", c.Heap != ""}, {"hold-kb", c.HoldKB != 0}} {
		if f.set {
			return f.name
		}
	}
	return ""
}

// FromArgs reads `waitlab target` words (a user's, e.g. probe
// --spawn-target's) into a configuration, through the configuration's own
// flags (Bind, and the Go target's bindGo). `--config FILE` among them is
// read first and the other words override it. A word it does not know is
// a *model.FieldError.
func FromArgs(words []string) (Config, error) {
	c := Config{Engine: Go}
	if path, ok := flagValue(words, "config"); ok {
		var err error
		if c, err = Load(path); err != nil {
			return Config{}, err
		}
		words = dropFlag(words, "config")
	}
	if v, ok := flagValue(words, "engine"); ok {
		e, err := ParseEngine(v)
		if err != nil {
			return Config{}, err
		}
		c.Engine = e
	}
	fs := flag.NewFlagSet("target", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.Bind(fs)
	if !c.Engine.IsJVM() {
		c.bindGo(fs)
	}
	if err := fs.Parse(words); err != nil {
		return Config{}, model.NewFieldError("target", "launch.err.flags", err)
	}
	if fs.NArg() > 0 {
		return Config{}, model.NewFieldError("target", "launch.err.flags", fmt.Sprint(fs.Args()))
	}
	return c, nil
}

// FlagValue is the value of the last -name/--name in words.
func FlagValue(words []string, name string) (string, bool) { return flagValue(words, name) }

// DropFlag returns words without -name/--name and its value.
func DropFlag(words []string, name string) []string { return dropFlag(words, name) }

// flagValue is the value of the last -name/--name in words.
func flagValue(words []string, name string) (string, bool) {
	v, ok := "", false
	for i := 0; i < len(words); i++ {
		k, val, has := strings.Cut(strings.TrimLeft(words[i], "-"), "=")
		if !strings.HasPrefix(words[i], "-") || k != name {
			continue
		}
		if has {
			v, ok = val, true
		} else if i+1 < len(words) {
			v, ok = words[i+1], true
			i++
		}
	}
	return v, ok
}

// dropFlag returns words without -name/--name and its value.
func dropFlag(words []string, name string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		k, _, has := strings.Cut(strings.TrimLeft(words[i], "-"), "=")
		if strings.HasPrefix(words[i], "-") && k == name {
			if !has {
				i++
			}
			continue
		}
		out = append(out, words[i])
	}
	return out
}

// TargetArgs is the Go target's argv after "target": the one place the
// `waitlab target` command line is spelled, each set field as the flag
// bindGo and Bind read it by (so FromArgs(TargetArgs) is the
// configuration again). A JVM engine's field is refused.
func (c *Config) TargetArgs(lang string) ([]string, error) {
	if c.Engine.IsJVM() {
		return nil, errors.New("launch: TargetArgs is the Go target's")
	}
	if f := c.jvmOnly(); f != "" {
		return nil, model.NewFieldError(f, "launch.err.jvm_only", f)
	}
	set, zero := flag.NewFlagSet("", flag.ContinueOnError), flag.NewFlagSet("", flag.ContinueOnError)
	var z Config
	cc := *c
	cc.Bind(set)
	cc.bindGo(set)
	z.Bind(zero)
	z.bindGo(zero)
	var a []string
	names := scenarioFlags
	if c.Scenario != "" {
		a = append(a, "-f", c.Scenario)
	} else {
		names = append(append([]string(nil), goFlags...), scenarioFlags...)
	}
	for _, name := range names {
		v := set.Lookup(name).Value.String()
		if v == zero.Lookup(name).Value.String() {
			continue
		}
		if bf, ok := set.Lookup(name).Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			a = append(a, "--"+name)
			continue
		}
		a = append(a, "--"+name, v)
	}
	if lang != "" {
		a = append(a, "--lang", lang)
	}
	return a, nil
}
