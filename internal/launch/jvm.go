package launch

import (
	"archive/zip"
	"bufio"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Our Java: common (the handler's work, shared), tomcat (the servlet and
// Tomcat's start), netty (the server), logback (the request log).
//
//go:embed java
var javaFS embed.FS

func javaTree(dir string) fs.FS {
	f, err := fs.Sub(javaFS, "java/"+dir)
	if err != nil {
		panic(err)
	}
	return f
}

// JVMReadyTimeout bounds a JVM server's start: Tomcat takes 2-3 s on a
// quiet 2-core machine and was seen past 15 s (supervise's default) with
// the machine's load average at 25.
const JVMReadyTimeout = 90 * time.Second

// TomcatHome is where Debian's tomcat10 is (CATALINA_HOME overrides it).
var TomcatHome = "/usr/share/tomcat10"

// Defaults of the JVM servers, stated in every result.
const (
	tomcatMaxThreads     = 200 // Tomcat's default maxThreads
	tomcatAcceptCount    = 100
	tomcatMaxConnections = 8192
	tomcatMaxKeepAlive   = 100
	defaultKeepAlive     = 20 * time.Second
	logbackQueue         = 256 // AsyncAppender's default queue
)

// jvmRun is a JVM server being prepared.
type jvmRun struct {
	cfg     *Config
	j       *jdk.JDK
	cpus    int // the CPUs it may use (its affinity)
	jars    []string
	dir     string
	props   map[string]string
	about   About
	jvmArgs []string
}

// prepareJVM checks cfg for a JVM engine, finds the JDK and the jars,
// compiles our Java (once per JDK), writes the server's directory and
// returns the command. cleanup removes the directory.
func prepareJVM(ctx context.Context, cfg *Config, o Options) (supervise.Spec, About, func(), error) {
	none := func() {}
	if err := cfg.fromScenario(); err != nil {
		return supervise.Spec{}, About{}, none, err
	}
	if err := cfg.checkJVM(); err != nil {
		return supervise.Spec{}, About{}, none, err
	}
	least := 11
	if cfg.Engine == Tomcat && cfg.Model == "virtual" {
		least = jdk.VirtualThreads
	}
	j, err := jdk.Find(cfg.Java, least)
	if err != nil {
		return supervise.Spec{}, About{}, none, err
	}
	r := &jvmRun{cfg: cfg, j: j, cpus: len(o.CPUs), props: map[string]string{}}
	if r.cpus == 0 {
		r.cpus = len(sysinfo.AllowedCPUs())
	}
	if r.cpus == 0 {
		r.cpus = runtime.NumCPU()
	}
	srcs := []fs.FS{jdk.Control, javaTree("common"), javaTree(string(cfg.Engine))}
	if r.jars, err = engineJars(cfg); err != nil {
		return supervise.Spec{}, About{}, none, err
	}
	if cfg.Log != "" && cfg.Log != "off" {
		lb, err := jdk.Jars(jarDirs(cfg), "liblogback-java", "logback-classic", "logback-core", "slf4j-api")
		if err != nil {
			return supervise.Spec{}, About{}, none, err
		}
		r.jars = append(r.jars, lb...)
		srcs = append(srcs, javaTree("logback"))
	}
	name := "waitlab-" + string(cfg.Engine)
	if cfg.Log != "" && cfg.Log != "off" {
		name += "-logback"
	}
	classes, err := j.Compile(ctx, name, r.jars, srcs...)
	if err != nil {
		return supervise.Spec{}, About{}, none, err
	}
	if cfg.DB != "" {
		// The JDBC driver: found through java.sql's ServiceLoader at run
		// time, so it is on the class path, not the compile's.
		dj, err := jdk.Jars(jarDirs(cfg), "libmariadb-java", "mariadb-java-client")
		if err != nil {
			return supervise.Spec{}, About{}, none, err
		}
		r.jars = append(r.jars, dj...)
	}
	if r.dir, err = os.MkdirTemp("", "waitlab-"+string(cfg.Engine)); err != nil {
		return supervise.Spec{}, About{}, none, fmt.Errorf("launch: %w", err)
	}
	cleanup := func() { os.RemoveAll(r.dir) }
	spec, err := r.spec(classes)
	if err != nil {
		cleanup()
		return supervise.Spec{}, About{}, none, err
	}
	return spec, r.about, cleanup, nil
}

// spec writes the settings (and Tomcat's base) and builds the command.
func (r *jvmRun) spec(classes string) (supervise.Spec, error) {
	cfg := r.cfg
	if err := r.knobs(); err != nil {
		return supervise.Spec{}, err
	}
	var main string
	var err error
	switch cfg.Engine {
	case Tomcat:
		main = "waitlab.tomcat.Main"
		err = r.tomcatBase()
	case Netty:
		main = "waitlab.netty.Main"
		r.netty()
	}
	if err != nil {
		return supervise.Spec{}, err
	}
	settings := filepath.Join(r.dir, "waitlab.properties")
	if err := writeProps(settings, r.props); err != nil {
		return supervise.Spec{}, err
	}
	args := append([]string{"-XX:+UseSerialGC", "-Xss512k", "-Xshare:auto"}, r.jvmArgs...)
	if cfg.Heap != "" {
		args = append(args, "-Xmx"+cfg.Heap, "-XX:+ExitOnOutOfMemoryError")
	}
	if r.about.Limits != nil {
		r.about.Limits.Heap, r.about.Limits.HoldKB = cfg.Heap, cfg.HoldKB
	}
	if r.j.Major >= 23 {
		// Netty 4.1 reaches sun.misc.Unsafe; JDK 23+ warns on first use.
		args = append(args, "--sun-misc-unsafe-memory-access=allow")
	}
	cp := strings.Join(append([]string{classes}, r.jars...), string(os.PathListSeparator))
	args = append(args, "-cp", cp, main, settings)
	r.about.Engine, r.about.JDK = cfg.Engine, r.j.String()
	return supervise.Spec{Exe: r.j.Java, Args: args, ReadyTimeout: JVMReadyTimeout}, nil
}

// fromScenario takes a scenario's server (model, threads, offload pool)
// into the configuration, refusing what a JVM server does not serve.
func (c *Config) fromScenario() error {
	if c.Scenario == "" {
		return nil
	}
	s, err := model.ReadScenarioFile(c.Scenario)
	if err != nil {
		return model.NewFieldError("-f", "launch.err.scenario", c.Scenario, err)
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		return err
	}
	c.Model, c.Threads = string(s.Model), s.Threads
	if s.Model == model.Offload {
		c.Offload = s.OffloadPool
	}
	refuse := func(what string) error {
		return model.NewFieldError("-f", "launch.err.unsupported", what, c.Engine)
	}
	switch {
	case s.SharedLock:
		return refuse("shared_lock")
	case s.FanoutPool > 0:
		return refuse("fanout_pool")
	}
	for _, cl := range s.Classes {
		if cl.Fanout == model.Pipelined {
			return refuse("fanout: pipelined")
		}
	}
	return nil
}

// knobs writes the handler's settings: each distribution as kind:nanos,
// or the scenario's plan.
func (r *jvmRun) knobs() error {
	cfg, p := r.cfg, r.props
	host, port, err := splitListen(cfg.Listen)
	if err != nil {
		return err
	}
	p["host"], p["port"] = host, port
	p["model"] = cfg.Model
	p["seed"] = strconv.FormatInt(cfg.Seed, 10)
	p["blocking"] = strconv.FormatBool(cfg.Blocking)
	p["parallel"] = strconv.FormatBool(cfg.Fanout == "parallel")
	p["calls"] = strconv.Itoa(cfg.Calls)
	p["block_fraction"] = strconv.FormatFloat(cfg.BlockFraction, 'g', -1, 64)
	for _, d := range []struct{ key, field, v string }{{"cpu", "cpu", cfg.CPU}, {"wait", "wait", cfg.Wait}, {"block", "block", cfg.Block}} {
		if d.v == "" {
			continue
		}
		v, err := model.ParseDist(d.v)
		if err != nil {
			return model.NewFieldError(d.field, "launch.err.dist", d.field, d.v, err)
		}
		p[d.key] = string(v.Kind) + ":" + strconv.FormatInt(int64(v.Mean), 10)
	}
	p["downstream"] = cfg.Downstream
	p["validate_lock"] = strconv.FormatBool(cfg.ValidateLock)
	p["log_in_lock"] = strconv.FormatBool(cfg.LogInLock)
	p["db"] = cfg.DB
	p["log_level"] = cfg.LogLevel
	p["log_line_level"] = cfg.LogLineLevel
	p["hold_kb"] = strconv.Itoa(cfg.HoldKB)
	p["log"] = cfg.Log
	if p["log"] == "" {
		p["log"] = "off"
	}
	p["log_file"] = cfg.LogFile
	p["log_queue"] = strconv.Itoa(logbackQueue)
	p["stall_threshold_ns"] = strconv.FormatInt(int64(orDur(cfg.StallThreshold, Duration(10*time.Millisecond))), 10)
	p["drain_ms"] = strconv.FormatInt(time.Duration(orDur(cfg.Drain, Duration(10*time.Second))).Milliseconds(), 10)
	p["keepalive_timeout_ms"] = strconv.FormatInt(time.Duration(orDur(cfg.KeepAliveTimeout, Duration(defaultKeepAlive))).Milliseconds(), 10)
	if cfg.Scenario != "" {
		plan := filepath.Join(r.dir, "requests-plan.txt")
		if err := writePlan(cfg, plan); err != nil {
			return err
		}
		p["plan"] = plan
	}
	return nil
}

func orDur(d, def Duration) Duration {
	if d == 0 {
		return def
	}
	return d
}

func splitListen(addr string) (string, string, error) {
	if addr == "" {
		return "127.0.0.1", "0", nil
	}
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		return "", "", model.NewFieldError("listen", "launch.err.listen", addr)
	}
	host, port := addr[:i], addr[i+1:]
	if host == "" || host == "localhost" {
		host = "127.0.0.1"
	}
	if _, err := strconv.Atoi(port); err != nil {
		return "", "", model.NewFieldError("listen", "launch.err.listen", addr)
	}
	return host, port, nil
}

// writeProps writes a Java properties file (keys and values without
// backslashes or line breaks, as ours are).
func writeProps(path string, p map[string]string) error {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		v := strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(p[k])
		fmt.Fprintf(&b, "%s=%s\n", k, v)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	return nil
}

// writePlan draws the scenario's requests with the model's planner (the
// Go target's draws, exactly) and writes one line each for the JVM
// server: "index class loop cpu blocking parallel wait,wait,...".
func writePlan(cfg *Config, path string) error {
	s, err := model.ReadScenarioFile(cfg.Scenario)
	if err != nil {
		return model.NewFieldError("-f", "launch.err.scenario", cfg.Scenario, err)
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	w := bufio.NewWriter(f)
	pl := model.NewPlanner(s)
	var rq model.Request
	for i := 0; i < s.Requests; i++ {
		pl.Fill(int64(i), &rq)
		c := s.Classes[rq.Class]
		waits := make([]string, len(rq.Waits))
		for k, d := range rq.Waits {
			waits[k] = strconv.FormatInt(int64(d), 10)
		}
		fmt.Fprintf(w, "%d %s %d %d %s %s %s\n", i, c.Name, rq.Loop, int64(rq.CPU), bit(c.Blocking),
			bit(c.Fanout == model.Parallel), strings.Join(waits, ","))
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("launch: %w", err)
	}
	return f.Close()
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// engineJars finds the engine's jars: Tomcat's under CATALINA_HOME (or
// TomcatHome), Netty's under the --classpath directories and
// /usr/share/java.
func engineJars(cfg *Config) ([]string, error) {
	if cfg.Engine == Netty {
		return jdk.Jars(jarDirs(cfg), "libnetty-java", "netty-buffer", "netty-codec", "netty-codec-http",
			"netty-common", "netty-handler", "netty-transport", "netty-resolver")
	}
	home := tomcatHome()
	jars, _ := filepath.Glob(filepath.Join(home, "lib", "*.jar"))
	juli := filepath.Join(home, "bin", "tomcat-juli.jar")
	if len(jars) == 0 || !exists(juli) || !exists(filepath.Join(home, "lib", "catalina.jar")) {
		return nil, model.NewFieldError("engine", "launch.err.tomcat", home)
	}
	var out []string
	for _, j := range jars {
		if exists(j) { // Debian's lib/ holds links; a dangling one is left out
			out = append(out, j)
		}
	}
	return append(out, juli), nil
}

// jarDirs are where jars are looked for: --classpath's directories, then
// Debian's.
func jarDirs(cfg *Config) []string {
	return append(append([]string(nil), cfg.Classpath...), jdk.JarDir)
}

func tomcatHome() string {
	if h := os.Getenv("CATALINA_HOME"); h != "" {
		return h
	}
	return TomcatHome
}

func exists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// jarProperty reads key from a properties file inside a jar ("" when it
// cannot).
func jarProperty(jar, file, key string) string {
	z, err := zip.OpenReader(jar)
	if err != nil {
		return ""
	}
	defer z.Close()
	f, err := z.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, 1<<20))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
