package launch

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/model"
)

// needJVM gives the test its JDK and the engine's Debian package, or
// skips it loudly (fails under WAITLAB_JDK=require: jdktest's one rule).
func needJVM(t *testing.T, e Engine) {
	t.Helper()
	least := 11
	if e == Tomcat {
		least = jdk.VirtualThreads // the virtual-thread tests; CI has JDK 25
	}
	jdktest.Need(t, least)
	switch e {
	case Tomcat:
		_, err := engineJars(&Config{Engine: Tomcat})
		jdktest.Package(t, err)
	case Netty:
		jdktest.Jars(t, "libnetty-java", "netty-buffer", "netty-codec", "netty-codec-http", "netty-common", "netty-handler", "netty-transport", "netty-resolver")
	}
}

func start(t *testing.T, cfg Config) *Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := Start(ctx, cfg, Options{})
	if err != nil {
		t.Fatalf("start %s: %v", cfg.Engine, err)
	}
	t.Cleanup(func() { s.Stop() })
	return s
}

// burst sends n requests at once, each on its own connection, and
// returns the time until the last answer (after one warm-up request).
func burst(t *testing.T, addr string, n int, query string) time.Duration {
	t.Helper()
	tr := &http.Transport{DisableKeepAlives: true, MaxConnsPerHost: 0}
	defer tr.CloseIdleConnections()
	cl := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	get := func() error {
		resp, err := cl.Get("http://" + addr + "/" + query)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || string(b) != "Hello, World!" {
			return errors.New(resp.Status + " " + string(b))
		}
		return nil
	}
	if err := get(); err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	t0 := time.Now()
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := get(); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	d := time.Since(t0)
	close(errs)
	for err := range errs {
		t.Fatalf("request: %v", err)
	}
	return d
}

func metric(t *testing.T, addr, name string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatalf("/metrics: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, name+" "); ok {
			return v
		}
	}
	t.Fatalf("/metrics has no %s:\n%s", name, b)
	return ""
}

// Tomcat's pool of 4 runs 12 waits of 200 ms in three waves: no faster
// than 3 x 200 ms (the closed form's floor is the behaviour).
func TestTomcatPoolWaves(t *testing.T) {
	needJVM(t, Tomcat)
	s := start(t, Config{Engine: Tomcat, Model: "pool", Threads: 4, Wait: "200ms"})
	if s.About.Limits == nil || s.About.Limits.MaxThreads != 4 || !strings.Contains(s.About.Version, "Tomcat") {
		t.Fatalf("about: %+v %+v", s.About, s.About.Limits)
	}
	d := burst(t, s.Addr, 12, "")
	if d < 590*time.Millisecond {
		t.Fatalf("12 x 200 ms on 4 threads took %v, under three waves (600 ms)", d)
	}
	if got := metric(t, s.Addr, "waitlab_target_requests_total"); got != "13" {
		t.Fatalf("requests_total %s, want 13", got)
	}
	rep := s.Stop()
	if rep.Missing || rep.Requests != 13 || rep.JVM == nil || rep.JVM.CPUMS <= 0 {
		t.Fatalf("report %+v %+v", rep, rep.JVM)
	}
}

// On virtual threads the 12 waits overlap: well under three waves even on
// a busy machine.
func TestTomcatVirtual(t *testing.T) {
	needJVM(t, Tomcat)
	s := start(t, Config{Engine: Tomcat, Model: "virtual", Threads: 2, Wait: "200ms"})
	if !s.About.Limits.MaxThreadsIgnored || s.About.Limits.Carriers != 2 {
		t.Fatalf("limits %+v", s.About.Limits)
	}
	d := burst(t, s.Addr, 12, "")
	if d < 195*time.Millisecond || d > 590*time.Millisecond {
		t.Fatalf("12 x 200 ms on virtual threads took %v; one wave is 200 ms, three 600 ms", d)
	}
}

// Netty with 2 loops: waits scheduled on the loop overlap; waits that
// sleep on the loop run two at a time (six waves).
func TestNettyLoop(t *testing.T) {
	needJVM(t, Netty)
	reg := start(t, Config{Engine: Netty, Model: "loop", Threads: 2, Wait: "200ms"})
	// One wave (200 ms) when quiet; the bound is the blocking floor's
	// (1,200 ms) with room for a loaded machine.
	if d := burst(t, reg.Addr, 12, ""); d > 1000*time.Millisecond {
		t.Fatalf("registered waits took %v, want about one wave (200 ms), far under six (1,200 ms)", d)
	}
	if r := reg.Stop(); r.Stalls == nil || r.Stalls.Count != 0 && r.Stalls.WorstMS > 150 {
		t.Fatalf("registered waits stalled the loops: %+v", r.Stalls)
	}
	blk := start(t, Config{Engine: Netty, Model: "loop", Threads: 2, Wait: "200ms", Blocking: true})
	if d := burst(t, blk.Addr, 12, ""); d < 1190*time.Millisecond {
		t.Fatalf("blocking waits on 2 loops took %v, under six waves (1,200 ms)", d)
	}
	if r := blk.Stop(); r.Stalls == nil || r.Stalls.Count == 0 || r.Stalls.WorstMS < 150 {
		t.Fatalf("blocking waits: the lag probe saw no stall: %+v", r.Stalls)
	}
}

// Offload: blocking waits on the executors, the loops never late.
func TestNettyOffload(t *testing.T) {
	needJVM(t, Netty)
	s := start(t, Config{Engine: Netty, Model: "offload", Threads: 2, Offload: 12, Wait: "200ms", Blocking: true})
	if d := burst(t, s.Addr, 12, ""); d > 1100*time.Millisecond {
		t.Fatalf("offloaded blocking waits took %v, want well under the loops' six waves", d)
	}
	r := s.Stop()
	if r.Stalls == nil || r.Stalls.Count != 0 && r.Stalls.WorstMS > 150 {
		t.Fatalf("offload blocked a loop: %+v", r.Stalls)
	}
	if r.JVM.OffloadThreads < 2 {
		t.Fatalf("offload ran on %d threads", r.JVM.OffloadThreads)
	}
}

// What a JVM server cannot honour is refused before anything starts.
func TestRefusals(t *testing.T) {
	for _, c := range []Config{
		{Engine: Netty, Downstream: "127.0.0.1:6379"},
		{Engine: Tomcat, ValidateLock: true},
		{Engine: Tomcat, Model: "loop"},
		{Engine: Netty, AcceptCount: 10},
		{Engine: Tomcat, Blocking: true},
		{Engine: Netty, Model: "loop", Offload: 4},
		{Engine: Netty, Model: "loop", OffloadExecutor: "unordered"},
		{Engine: Netty, Model: "offload", OffloadExecutor: "forkjoin"},
		{Engine: Netty, Model: "loop", DB: "root@tcp(127.0.0.1:3306)/"},                                                // a DSN, not a JDBC URL
		{Engine: Tomcat, Model: "pool", Downstream: "127.0.0.1:6379", ValidateLock: true, LogInLock: true},             // no log
		{Engine: Tomcat, Model: "pool", Log: "sync", LogFile: "/dev/null", LogInLock: true, Downstream: "127.0.0.1:1"}, // no lock
	} {
		_, err := Start(context.Background(), c, Options{})
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%+v: %v, want a field error", c, err)
		}
	}
}

// The experiments' knobs a JVM server takes only in working order: a
// JDBC URL (not the Go target's DSN), and the log line inside the lock
// only with the lock and a log. Each refusal names its field.
func TestRefusesDBAndLogInLock(t *testing.T) {
	for _, tc := range []struct {
		c     Config
		field string
	}{
		{Config{Engine: Netty, Model: "loop", DB: "root@tcp(127.0.0.1:3306)/"}, "db"},
		{Config{Engine: Tomcat, Model: "pool", Downstream: "127.0.0.1:6379", ValidateLock: true, LogInLock: true}, "log-in-lock"},
		{Config{Engine: Tomcat, Model: "pool", Log: "sync", LogFile: "/dev/null", LogInLock: true, Downstream: "127.0.0.1:1"}, "log-in-lock"},
	} {
		_, err := Start(context.Background(), tc.c, Options{})
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%+v: %v; want a field error naming %s", tc.c, err, tc.field)
		}
	}
}

// Logging on Tomcat: every request's line is written (sync) or written
// or dropped by the AsyncAppender (async), and counted; off writes none.
func TestTomcatLogging(t *testing.T) {
	needJVM(t, Tomcat)
	jdktest.Jars(t, "liblogback-java", "logback-classic", "logback-core", "slf4j-api")
	for _, mode := range []string{"off", "sync", "async"} {
		file := t.TempDir() + "/requests.log"
		s := start(t, Config{Engine: Tomcat, Model: "pool", Threads: 4, Log: mode, LogFile: file})
		burst(t, s.Addr, 40, "")
		rep := s.Stop()
		if rep.Missing || rep.Requests != 41 {
			t.Fatalf("%s: report %+v", mode, rep)
		}
		b, _ := os.ReadFile(file)
		lines := int64(strings.Count(string(b), "\n"))
		switch mode {
		case "off":
			if rep.LogLines != 0 || lines != 0 {
				t.Errorf("off: %d lines counted, %d in the file", rep.LogLines, lines)
			}
		default:
			if rep.LogLines != lines || rep.LogLines+rep.LogDropped != 41 {
				t.Errorf("%s: %d written (%d in the file) + %d dropped, want 41 in all", mode, rep.LogLines, lines, rep.LogDropped)
			}
		}
	}
}

// The lines at DEBUG under an INFO logger are filtered by Logback:
// none written, none counted, nothing in the file; at the logger's own
// level each request's line is written.
func TestTomcatLogLevelFilters(t *testing.T) {
	needJVM(t, Tomcat)
	jdktest.Jars(t, "liblogback-java", "logback-classic", "logback-core", "slf4j-api")
	for _, tc := range []struct {
		line string
		want int64
	}{{"debug", 0}, {"info", 21}, {"warn", 21}} {
		file := t.TempDir() + "/requests.log"
		s := start(t, Config{Engine: Tomcat, Model: "pool", Threads: 4, Log: "sync", LogFile: file, LogLevel: "info", LogLineLevel: tc.line})
		burst(t, s.Addr, 20, "")
		rep := s.Stop()
		b, _ := os.ReadFile(file)
		if lines := int64(strings.Count(string(b), "\n")); rep.LogLines != tc.want || lines != tc.want {
			t.Errorf("lines at %s, logger at info: %d counted, %d in the file; want %d", tc.line, rep.LogLines, lines, tc.want)
		}
	}
	if _, err := Start(context.Background(), Config{Engine: Tomcat, Log: "sync", LogLevel: "verbose"}, Options{}); err == nil {
		t.Error("a log level of verbose was accepted")
	}
}

// A port in use, a JDK that is not one and a missing package are field
// errors (exit 2) naming the fix, before anything starts.
func TestStartRefusesWhatIsMissing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var fe *model.FieldError
	_, err = Start(context.Background(), Config{Engine: Netty, Listen: ln.Addr().String()}, Options{})
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "in use") {
		t.Errorf("port in use: %v", err)
	}
	_, err = Start(context.Background(), Config{Engine: Netty, Java: t.TempDir()}, Options{})
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "--java") {
		t.Errorf("not a JDK: %v", err)
	}
	t.Setenv("CATALINA_HOME", t.TempDir())
	_, err = Start(context.Background(), Config{Engine: Tomcat}, Options{})
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "apt-get install -y tomcat10") {
		t.Errorf("no Tomcat: %v", err)
	}
	if _, err := jdk.Find("", 11); err != nil {
		t.Skipf("no JDK here for the jar check: %v", err)
	}
	old := jdk.JarDir
	jdk.JarDir = t.TempDir()
	defer func() { jdk.JarDir = old }()
	_, err = Start(context.Background(), Config{Engine: Netty}, Options{})
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "libnetty-java") {
		t.Errorf("no Netty: %v", err)
	}
}

// The configuration's JSON is the flags' names; --config reads it back.
func TestConfigRoundTrip(t *testing.T) {
	c := Config{Engine: Tomcat, Model: "virtual", Threads: 2, Wait: "200ms", KeepAliveTimeout: Duration(5 * time.Second), AcceptCount: 50}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"keepalive_timeout":"5s"`) {
		t.Errorf("JSON %s", b)
	}
	path := t.TempDir() + "/c.json"
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := FromArgs([]string{"--config", path, "--threads", "3"})
	if err != nil {
		t.Fatal(err)
	}
	c.Threads = 3
	if !reflect.DeepEqual(got, c) {
		t.Errorf("FromArgs = %+v, want %+v", got, c)
	}
	if _, err := Decode(strings.NewReader(`{"engine":"go","thread":1}`), "x"); err == nil {
		t.Error("an unknown field was accepted")
	}
	g := Config{Engine: Go, Threads: 2, Listen: "127.0.0.1:0"}
	args, _ := g.TargetArgs("en")
	if want := "--threads 2 --listen 127.0.0.1:0 --lang en"; strings.Join(args, " ") != want {
		t.Errorf("TargetArgs = %q, want %q", strings.Join(args, " "), want)
	}
}

// goConfig sets every field the Go target reads, each to a value other
// than its zero.
func goConfig() Config {
	return Config{Engine: Go, Model: "pool", Threads: 7, Offload: 3, Listen: "127.0.0.1:0", Backlog: 99,
		CPU: "exp:1ms", Wait: "2ms", Blocking: true, BlockFraction: 0.25, Block: "30ms", Calls: 4, Fanout: "parallel",
		Downstream: "127.0.0.1:6380", ValidateLock: true, LogInLock: true, DB: "root@tcp(127.0.0.1:3306)/",
		Log: "sync", LogFile: "/tmp/x.log", Seed: -5, StallThreshold: Duration(3 * time.Millisecond), Drain: Duration(2 * time.Second),
		MaxConnections: 500, KeepAliveTimeout: Duration(7 * time.Second),
		Acceptor: "shared", Queue: 10000, Linger: Duration(-1), OffloadQueue: 11, FanoutPool: 12, Carriers: 2,
		HeaderTimeout: Duration(time.Second), BodyTimeout: Duration(4 * time.Second), WriteTimeout: Duration(5 * time.Second),
		DownstreamTimeout: Duration(6 * time.Second), BodyMemory: 1 << 20, QueryKnobs: "off", QueryMax: Duration(time.Second),
		QueryMaxCalls: 8, NoStallStacks: true, LockLogCPU: Duration(50 * time.Microsecond), LogQueue: 64, LogBlock: true,
		LogLevel: "info", LogLineLevel: "debug", Body: "hi there"}
}

// Every Go target field survives the trip through its command line
// (TargetArgs, then FromArgs: launch's own flags) and through a --config
// file; a field the Go target does not have is refused, and so is a Go
// knob on a JVM engine.
func TestGoConfigRoundTrip(t *testing.T) {
	c := goConfig()
	// Every field of Config is set but the JVM's and the scenario's, so
	// a field added without its flag fails here.
	v := reflect.ValueOf(c)
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		switch name {
		case "Scenario", "OffloadExecutor", "Java", "Classpath", "AcceptCount", "MaxKeepAliveRequests", "Heap", "HoldKB":
			continue
		}
		if v.Field(i).IsZero() {
			t.Errorf("goConfig leaves %s zero", name)
		}
	}
	args, err := c.TargetArgs("")
	if err != nil {
		t.Fatal(err)
	}
	got, err := FromArgs(args)
	if err != nil {
		t.Fatalf("FromArgs(%q): %v", args, err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Errorf("FromArgs(TargetArgs) = %+v\nwant %+v", got, c)
	}
	b, _ := json.Marshal(c)
	path := filepath.Join(t.TempDir(), "go.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := FromArgs([]string{"--config", path}); err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("--config = %+v, %v\nwant %+v", got, err, c)
	}
	sc := Config{Engine: Go, Scenario: "s.json", Acceptor: "shared", Listen: "127.0.0.1:0", Threads: 9}
	args, _ = sc.TargetArgs("")
	if want := "-f s.json --acceptor shared --listen 127.0.0.1:0"; strings.Join(args, " ") != want {
		t.Errorf("a scenario's TargetArgs = %q, want %q (the knobs are the scenario's)", strings.Join(args, " "), want)
	}
	for _, bad := range [][]string{{"--java", "/x"}, {"--hold-kb", "5"}, {"--no-such-flag"}, {"extra"}} {
		c, err := FromArgs(bad)
		if err == nil {
			_, err = c.TargetArgs("")
		}
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("Go target %q: %v, want a field error", bad, err)
		}
	}
	for _, f := range [][]string{{"--queue", "5"}, {"--linger", "-1ns"}, {"--lock-log-cpu", "1ms"}} {
		c, err := FromArgs(append([]string{"--engine", "tomcat"}, f...))
		if err == nil {
			err = c.checkJVM()
		}
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("tomcat %q: %v, want refused", f, err)
		}
	}
}

// The Java draws are the Go target's: model.Uniform and Dist.At ported,
// compared draw by draw (streams 11-14, httptarget's).
func TestJavaDrawsMatchGo(t *testing.T) {
	needJVM(t, Netty)
	j, err := jdk.Find("", 11)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir, err := j.Compile(ctx, "waitlab-common", nil, jdk.Control, javaTree("common"))
	if err != nil {
		t.Fatal(err)
	}
	const seed, mean, n = -7, int64(300 * time.Microsecond), 500
	out, err := exec.CommandContext(ctx, j.Java, "-cp", dir, "waitlab.server.Dist", strconv.Itoa(seed), strconv.FormatInt(mean, 10), strconv.Itoa(n)).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 4*n {
		t.Fatalf("%d lines, want %d", len(lines), 4*n)
	}
	d := model.ExpDist(time.Duration(mean))
	for _, l := range lines {
		f := strings.Fields(l)
		i, _ := strconv.ParseUint(f[0], 10, 64)
		stream, _ := strconv.ParseUint(f[1], 10, 64)
		u, _ := strconv.ParseFloat(f[2], 64)
		at, _ := strconv.ParseInt(f[3], 10, 64)
		gu := model.Uniform(seed, stream, i)
		if u != gu {
			t.Fatalf("request %d stream %d: Java draws %v, Go %v", i, stream, u, gu)
		}
		if g := int64(d.At(gu)); at != g {
			t.Fatalf("request %d stream %d: Java's exp draw %d ns, Go's %d ns", i, stream, at, g)
		}
	}
}

// Downstream calls. The validate-lock on Tomcat: one lock across a PING to a 15 ms
// downstream before each GET serialises the PINGs whatever the threads,
// and the downstream sees two commands a request.
func TestJVMDownstream(t *testing.T) {
	needJVM(t, Tomcat)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ds := &downstream.Server{Delay: model.FixedDist(15 * time.Millisecond)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = ds.Serve(ctx, ln) }()
	s := start(t, Config{Engine: Tomcat, Model: "pool", Threads: 8, Downstream: ln.Addr().String(), ValidateLock: true})
	d := burst(t, s.Addr, 16, "")
	if d < 16*15*time.Millisecond {
		t.Fatalf("16 requests under the lock took %v, under 16 PINGs of 15 ms in a row", d)
	}
	if n := ds.Stats().Commands; n != 2*17 {
		t.Fatalf("the downstream answered %d commands, want 34 (PING and GET for 17 requests)", n)
	}
	// Netty's loop waiting in the downstream's read: 2 loops, 12 calls
	// of 15 ms, no faster than 6 in a row, and the loops stall.
	jdktest.Jars(t, "libnetty-java", "netty-common", "netty-transport", "netty-codec-http")
	n := start(t, Config{Engine: Netty, Model: "loop", Threads: 2, Downstream: ln.Addr().String(), Blocking: true})
	if d := burst(t, n.Addr, 12, ""); d < 6*15*time.Millisecond {
		t.Fatalf("12 blocking downstream calls on 2 loops took %v, under 6 x 15 ms", d)
	}
	if r := n.Stop(); r.Stalls == nil || r.Stalls.Count == 0 {
		t.Fatalf("a loop held in the downstream's read was not seen: %+v", r.Stalls)
	}
}

// Both engines count their connections as the Go target does: the
// /metrics gauge waitlab_target_open_connections is the connections open
// now (k kept-alive ones plus the one asking), falls back when they
// close, and the report's connections are exactly those accepted: the
// warm-up's, the kept-alive ones and each asking one.
func TestJVMConnections(t *testing.T) {
	for _, e := range []Engine{Tomcat, Netty} {
		t.Run(string(e), func(t *testing.T) {
			needJVM(t, e)
			s := start(t, Config{Engine: e, Threads: 2})
			const k = 3
			var conns []net.Conn
			for i := 0; i < k; i++ {
				c, err := net.Dial("tcp", s.Addr)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
					t.Fatal(err)
				}
				b := make([]byte, 4096)
				if n, err := c.Read(b); err != nil || !strings.Contains(string(b[:n]), "Hello, World!") {
					t.Fatalf("keep-alive request %d: %q %v", i, b[:n], err)
				}
				conns = append(conns, c)
			}
			asked := 0
			open := func() int { asked++; return openConns(t, s.Addr) }
			if got := open(); got != k+1 {
				t.Fatalf("open connections %d with %d kept alive and one asking, want %d", got, k, k+1)
			}
			for _, c := range conns {
				c.Close()
			}
			deadline := time.Now().Add(10 * time.Second)
			got := open()
			for ; got != 1 && time.Now().Before(deadline); got = open() {
				time.Sleep(20 * time.Millisecond)
			}
			if got != 1 {
				t.Fatalf("open connections %d after the %d closed, want 1 (the one asking)", got, k)
			}
			rep := s.Stop()
			if want := rep.WarmConns + k + int64(asked); rep.Missing || rep.WarmConns == 0 || rep.Conns != want || rep.Requests != k {
				t.Fatalf("report: %d connections accepted (%d the warm-up's) and %d requests, want %d (warm-up, %d kept alive, %d asking) and %d",
					rep.Conns, rep.WarmConns, rep.Requests, want, k, asked, k)
			}
		})
	}
}

// openConns reads waitlab_target_open_connections on a connection of its
// own (closed after the answer).
func openConns(t *testing.T, addr string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(c)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "waitlab_target_open_connections "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("open connections %q", v)
			}
			return n
		}
	}
	t.Fatalf("/metrics has no waitlab_target_open_connections:\n%s", b)
	return 0
}

// The two offload executors, told apart by a closed form. Three
// keep-alive connections A, X, B set up in turn: the pinned group (two
// executors) deals them out round-robin, so A and B share an executor and
// their two blocking 500 ms requests sent together take two waves (1 s);
// the unordered executor's free thread takes B's while another serves
// A's: one wave (the 500 ms to the second wave is the room a loaded
// machine gets).
func TestNettyOffloadExecutors(t *testing.T) {
	needJVM(t, Netty)
	for _, c := range []struct {
		exec       string
		waves      int
		threadsMin int
	}{{"pinned", 2, 2}, {"unordered", 1, 2}} {
		t.Run(c.exec, func(t *testing.T) {
			s := start(t, Config{Engine: Netty, Model: "offload", Threads: 2, Offload: 2, Wait: "500ms", Blocking: true, OffloadExecutor: c.exec})
			if want := map[string]string{"pinned": pinnedExecutor, "unordered": unorderedExecutor}[c.exec]; s.About.Limits.OffloadExecutor != want {
				t.Fatalf("limits say %q, want %q", s.About.Limits.OffloadExecutor, want)
			}
			conns := make([]net.Conn, 3)
			for i := range conns {
				cn, err := net.Dial("tcp", s.Addr)
				if err != nil {
					t.Fatal(err)
				}
				defer cn.Close()
				conns[i] = cn
				if err := ask(cn); err != nil {
					t.Fatalf("set-up request %d: %v", i, err)
				}
			}
			t0 := time.Now()
			errs := make(chan error, 2)
			for _, cn := range []net.Conn{conns[0], conns[2]} {
				go func() { errs <- ask(cn) }()
			}
			for range 2 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			d := time.Since(t0)
			switch {
			case c.waves == 2 && d < 995*time.Millisecond:
				t.Fatalf("A and B on one pinned executor took %v, under two waves (1 s)", d)
			case c.waves == 1 && d >= 995*time.Millisecond:
				t.Fatalf("A and B on the unordered executor took %v, two waves or more; one (500 ms) was due", d)
			}
			r := s.Stop()
			if r.JVM.OffloadThreads < c.threadsMin || r.Stalls == nil || r.Stalls.Count != 0 {
				t.Fatalf("offload threads %d (want %d or more), stalls %+v (the loops are never held)", r.JVM.OffloadThreads, c.threadsMin, r.Stalls)
			}
		})
	}
}

// ask sends one keep-alive request on cn and reads its answer.
func ask(cn net.Conn) error {
	_ = cn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(cn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		return err
	}
	b := make([]byte, 4096)
	n, err := cn.Read(b)
	if err != nil {
		return err
	}
	if !strings.Contains(string(b[:n]), "Hello, World!") {
		return errors.New("answer " + string(b[:n]))
	}
	return nil
}

// The unordered executor answers one connection's pipelined requests in
// order: eight requests of a scenario whose waits are drawn at random
// (exp:40ms, blocking), written at once on one connection, come back as
// requests 0 to 7, though any free thread may take each.
func TestNettyUnorderedPipelinedInOrder(t *testing.T) {
	needJVM(t, Netty)
	sc := model.Scenario{Model: model.Offload, Threads: 2, OffloadPool: 4, Requests: 8, Seed: 3,
		Arrival: model.Arrival{Kind: model.Burst},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.Dist{Kind: model.Exp, Mean: 40 * time.Millisecond}, Blocking: true}}}
	sc.Normalize()
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	file := t.TempDir() + "/s.json"
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	s := start(t, Config{Engine: Netty, Scenario: file, OffloadExecutor: "unordered"})
	cn, err := net.Dial("tcp", s.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer cn.Close()
	var req strings.Builder
	for i := 0; i < sc.Requests; i++ {
		req.WriteString("GET /?req=" + strconv.Itoa(i) + " HTTP/1.1\r\nHost: x\r\n\r\n")
	}
	_ = cn.SetDeadline(time.Now().Add(60 * time.Second))
	if _, err := io.WriteString(cn, req.String()); err != nil {
		t.Fatal(err)
	}
	rd := bufio.NewReader(cn)
	for i := 0; i < sc.Requests; i++ {
		resp, err := http.ReadResponse(rd, nil)
		if err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if got := resp.Header.Get("X-Waitlab-Req"); got != strconv.Itoa(i) {
			t.Fatalf("answer %d is request %s's: pipelined answers out of order", i, got)
		}
	}
}

// A JVM server is never wrapped in a Go target (which waited for it with
// a Go target's ready timeout): its configuration is the JVM's own child,
// started with the JVM's timeout, and the Go target's command line
// refuses it.
func TestJVMConfigIsNotWrapped(t *testing.T) {
	c, err := FromArgs([]string{"--engine", "netty", "--model", "loop"})
	if err != nil || c.Engine != Netty {
		t.Fatalf("FromArgs = %+v, %v; want the netty engine", c, err)
	}
	if args, err := c.TargetArgs(""); err == nil {
		t.Errorf("TargetArgs(netty) = %q; want refused", args)
	}
	if _, err := prepareGo(c, Options{Exe: "/bin/true"}); err == nil {
		t.Error("prepareGo took a JVM configuration")
	}
}
