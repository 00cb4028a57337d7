package probe

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Job is a whole `waitlab probe` (or the web lab's "your server"): the
// probe, its sizing answer and its confirmation, and the target the
// probe may start itself.
//
// Why: --confirm is only worth its name where the knob can really be
// turned. From outside it cannot, so a Job either starts the server
// itself (SpawnArgs: the project's own target, restarted with the
// answer's --threads) or is told how to start it at a size (RestartCmd:
// any server, gunicorn's --workers {n}); without either it re-measures
// the server as it is and says so.
type Job struct {
	Config
	SizeFor *SizeFor
	Confirm bool
	// Metrics is where the target's CPU is read: "auto" (the URL's
	// /metrics, unless Config.TargetPID), "off" or "", or a URL.
	Metrics string
	// SpawnArgs, when set, are `waitlab target` flags: the probe starts
	// that target on 127.0.0.1:0 (Config.URL is then its address) and
	// stops it at the end.
	SpawnArgs []string
	// RestartCmd is a shell command that starts the server with {n}
	// workers on 127.0.0.1:{port}; --confirm runs it at the answer.
	RestartCmd string
	// Exe is the waitlab binary SpawnArgs run ("": this process's).
	Exe string
	// place is where a spawned target and this generator run (set by
	// Run when SpawnArgs are given).
	place supervise.Pinning
	// exited says whether the last spawned target has ended, and why.
	exited func() string
}

// ReadyTimeout bounds a started server's wait to answer.
const ReadyTimeout = 30 * time.Second

// Prepare checks j and fills its defaults. Errors are *model.FieldError
// naming the flag.
func (j *Job) Prepare() error {
	if j.Confirm && j.SizeFor == nil {
		return model.NewFieldError("--size-for", "probe.err.confirm")
	}
	if len(j.SpawnArgs) > 0 && j.RestartCmd != "" {
		return model.NewFieldError("--restart-cmd", "probe.err.spawn_both")
	}
	if j.RestartCmd != "" && !strings.Contains(j.RestartCmd, "{n}") {
		return model.NewFieldError("--restart-cmd", "probe.err.restart_cmd", j.RestartCmd)
	}
	if len(j.SpawnArgs) > 0 {
		if j.URL != "" {
			return model.NewFieldError("--spawn-target", "probe.err.spawn_url", j.URL)
		}
		j.URL = "http://127.0.0.1/" // checked as the address it will be
		defer func() { j.URL = "" }()
	}
	if err := j.Validate(); err != nil {
		return err
	}
	switch j.Metrics {
	case "off", "":
		j.MetricsURL = ""
	case "auto":
		j.MetricsURL = ""
		if j.TargetPID == 0 && len(j.SpawnArgs) == 0 {
			j.MetricsURL = metricsOf(j.URL)
		}
		if j.TargetPID > 0 {
			// The CPU comes from the pid; the thread count a waitlab
			// target reports is still read from its page (a lock is told
			// from a pool by it).
			j.ThreadsURL = metricsOf(j.URL)
		}
	default:
		u, _, err := loadgen.ParseURL(j.Metrics)
		if err != nil {
			return model.NewFieldError("--target-metrics", "probe.err.url", j.Metrics)
		}
		if !j.AllowRemote && !netguard.LoopbackHost(u.Host) {
			return model.NewFieldError("--target-metrics", "probe.err.remote", u.Hostname())
		}
		j.MetricsURL = j.Metrics
	}
	return nil
}

func metricsOf(rawURL string) string {
	u, _, err := loadgen.ParseURL(rawURL)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host + "/metrics"
}

// Run runs the job: the target started (SpawnArgs), the probe, the
// sizing answer and the confirmation. Errors as Run's; a spawn that
// fails is a *model.FieldError naming --spawn-target.
func (j *Job) Run(ctx context.Context) (*Result, error) {
	if err := j.Prepare(); err != nil {
		return nil, err
	}
	cfg := j.Config
	if len(j.SpawnArgs) > 0 {
		// The field report's first lesson, applied where the probe can:
		// a target it starts runs on CPUs of its own, and so does the
		// generator, so a limit it reads is not the CPU the two fought
		// over (a pool of 64 x 5 ms on 2 CPUs read 44 unpinned, 66 pinned).
		j.place = supervise.Place() // shared on one CPU
		restore, perr := supervise.PinSelf(j.place.Generator)
		defer restore()
		if perr != nil {
			j.place.Failed = perr.Error()
		}
		url, pid, stop, err := j.spawn(ctx, 0)
		if err != nil {
			return nil, err
		}
		defer stop()
		cfg.URL, cfg.Exited = url, j.exited
		if cfg.TargetPID == 0 && j.Metrics == "auto" {
			// Its process tree, read around each step, and its page for
			// the threads it reports.
			cfg.TargetPID, cfg.ThreadsURL = pid, metricsOf(url)
		}
		p := j.place
		cfg.Placement = &p
	}
	res, err := Run(ctx, cfg)
	if err != nil || j.SizeFor == nil || ctx.Err() != nil || res.Scenario == nil && Shape(res.ShapeName) == Undecided {
		return res, err
	}
	if err := Size(ctx, &cfg, res, *j.SizeFor); err != nil {
		if ctx.Err() != nil {
			res.Interrupted = true
			return res, nil
		}
		return res, err
	}
	if !j.Confirm {
		return res, nil
	}
	var restart Restarter
	switch {
	case len(j.SpawnArgs) > 0:
		restart = func(ctx context.Context, n int) (string, func(), error) {
			url, _, stop, err := j.spawn(ctx, n)
			return url, stop, err
		}
	case j.RestartCmd != "":
		restart = j.restartCmd
	}
	err = Confirm(ctx, cfg, res, *j.SizeFor, restart)
	if ctx.Err() != nil {
		// Cut short: the answer stands, the confirmation concludes
		// nothing (Confirm marked it), and the exit says interrupted.
		res.Interrupted = true
		return res, nil
	}
	return res, err
}

// spawn starts the target SpawnArgs describe (`waitlab target` words,
// `--engine tomcat|netty` among them for a JVM server) on a free loopback
// port (with --threads n when n > 0), on the server's CPUs of j.place,
// through launch (the one starter), and waits for its Ready. It returns
// the URL, the pid and the stop.
func (j *Job) spawn(ctx context.Context, n int) (string, int, func(), error) {
	cfg, err := launch.FromArgs(j.SpawnArgs)
	if err != nil {
		return "", 0, nil, err
	}
	if n > 0 {
		cfg.Threads = n
	}
	cfg.Listen = "127.0.0.1:0"
	out := &tail{} // a JVM says it ran out of heap on its standard output
	srv, err := launch.Start(ctx, cfg, launch.Options{Exe: j.Exe, CPUs: j.place.Target, Stdout: out})
	if err != nil {
		if ctx.Err() != nil {
			return "", 0, nil, ctx.Err()
		}
		var re *launch.ReadyError
		if errors.As(err, &re) {
			return "", 0, nil, model.NewFieldError("--spawn-target", "probe.err.spawn", strings.Join(j.SpawnArgs, " "), re.Why)
		}
		return "", 0, nil, err
	}
	if srv.PinErr != nil && j.place.Failed == "" {
		j.place.Failed = srv.PinErr.Error()
	}
	j.exited = exitedOf(srv, out)
	return "http://" + srv.Addr + "/", srv.PID, func() { srv.Stop() }, nil
}

// restartCmd runs RestartCmd with {n} and {port} filled through sh -c,
// in its own process group, and waits until it answers HTTP on the
// probed URL's path.
func (j *Job) restartCmd(ctx context.Context, n int) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := strings.NewReplacer("{n}", strconv.Itoa(n), "{port}", strconv.Itoa(port)).Replace(j.RestartCmd)
	c, err := supervise.Start(supervise.Spec{Name: "restarted server", Exe: "/bin/sh", Args: []string{"-c", cmd}})
	if err != nil {
		return "", nil, err
	}
	stop := func() { stopGroup(c) }
	path := "/"
	if u, _, err := loadgen.ParseURL(j.URL); err == nil && u.RequestURI() != "" {
		path = u.RequestURI()
	}
	url := "http://127.0.0.1:" + strconv.Itoa(port) + path
	if err := waitHTTP(ctx, url, c, n); err != nil {
		stop()
		return "", nil, fmt.Errorf("%s: %w", cmd, err)
	}
	return url, stop, nil
}

// stopGroup ends a shell command's whole process group (the shell, the
// server it started and the server's workers): SIGTERM to the group, a
// few seconds for it to empty, then SIGKILL.
func stopGroup(c *supervise.Child) {
	_ = syscall.Kill(-c.PID, syscall.SIGTERM)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && syscall.Kill(-c.PID, 0) == nil {
		time.Sleep(50 * time.Millisecond)
	}
	c.Kill()
	c.Stop()
}

// waitHTTP waits until url answers, or c exits, or ReadyTimeout passes;
// then, for up to parallelWait more, until n requests at once (at most
// 64) take no longer than about one alone. A server whose workers boot
// one after another answers its first request long before it has all n
// (the rest wait in its backlog), and a confirmation measured then
// would measure the boot.
func waitHTTP(ctx context.Context, url string, c *supervise.Child, n int) error {
	cl := netguard.Client(2*time.Second, false) // the restarted server is on 127.0.0.1:{port}
	defer cl.CloseIdleConnections()
	get := func() (time.Duration, bool) {
		t0 := time.Now()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := cl.Do(req)
		if err != nil {
			return 0, false
		}
		resp.Body.Close()
		return time.Since(t0), true
	}
	pause := func() error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
			return nil
		}
	}
	deadline := time.Now().Add(ReadyTimeout)
	for {
		if c.HasExited() {
			return errors.New("exited before answering: " + c.Why())
		}
		if _, ok := get(); ok {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("did not answer within %v", ReadyTimeout)
		}
		if err := pause(); err != nil {
			return err
		}
	}
	n = min(max(n, 1), 64)
	for end := time.Now().Add(parallelWait); time.Now().Before(end); {
		one, _ := get()
		lat := make(chan time.Duration, n)
		for i := 0; i < n; i++ {
			go func() { d, _ := get(); lat <- d }()
		}
		worst := time.Duration(0)
		for i := 0; i < n; i++ {
			worst = max(worst, <-lat)
		}
		if worst <= 2*one+10*time.Millisecond {
			return nil
		}
		if err := pause(); err != nil {
			return err
		}
	}
	return nil // measured as it is: the confirmation's figures say the rest
}

// parallelWait bounds the wait for a restarted server's workers.
const parallelWait = 15 * time.Second
