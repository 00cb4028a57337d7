package cli

import (
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	target "github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/msg"
)

// `waitlab target --config FILE` serves the file's configuration, the
// command line's flags winning; a bad file or engine is exit 2.
func TestTargetConfigFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "target.json")
	if err := os.WriteFile(path, []byte(`{"engine":"go","model":"pool","threads":2,"wait":"1ms","listen":"127.0.0.1:1"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, stop := startCommand(t, `http://(127\.0\.0\.1:\d+)`, "target", "--config", path, "--listen", "127.0.0.1:0")
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `model="pool"`) {
		t.Errorf("the target does not serve the file's model: %.300s", body)
	}
	if code, errs := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	_ = os.WriteFile(bad, []byte(`{"engine":"go","thread":2}`), 0o600)
	for _, args := range [][]string{
		{"target", "--config", bad},
		{"target", "--config", filepath.Join(t.TempDir(), "none.json")},
		{"target", "--engine", "jetty"},
		{"target", "--engine", "tomcat", "--model", "loop"},
		{"target", "--engine", "netty", "--downstream", "127.0.0.1:6379"},
	} {
		if code, _, errs := run(t, args...); code != 2 || errs == "" {
			t.Errorf("Main(%q) = %d, %q; want 2 with a message", args, code, errs)
		}
	}
}

// Every flag launch writes for the Go target (Config.TargetArgs) is one
// the target's own flag set reads, to the value the configuration holds:
// launch's flags and the target's cannot drift apart.
func TestTargetReadsLaunchArgs(t *testing.T) {
	c := launch.Config{Engine: launch.Go, Model: "pool", Threads: 7, Offload: 3, Listen: "127.0.0.1:0", Backlog: 99,
		CPU: "1ms", Wait: "2ms", Blocking: true, BlockFraction: 0.25, Block: "30ms", Calls: 4, Fanout: "parallel",
		Downstream: "127.0.0.1:6380", ValidateLock: true, LogInLock: true, DB: "root@tcp(127.0.0.1:3306)/",
		Log: "sync", LogFile: "/tmp/x.log", Seed: -5, StallThreshold: launch.Duration(3 * time.Millisecond), Drain: launch.Duration(2 * time.Second),
		MaxConnections: 500, KeepAliveTimeout: launch.Duration(7 * time.Second),
		Acceptor: "shared", Queue: 10000, Linger: launch.Duration(-1), OffloadQueue: 11, FanoutPool: 12, Carriers: 2,
		HeaderTimeout: launch.Duration(time.Second), BodyTimeout: launch.Duration(4 * time.Second), WriteTimeout: launch.Duration(5 * time.Second),
		DownstreamTimeout: launch.Duration(6 * time.Second), BodyMemory: 1 << 20, QueryKnobs: "off", QueryMax: launch.Duration(time.Second),
		QueryMaxCalls: 8, NoStallStacks: true, LockLogCPU: launch.Duration(50 * time.Microsecond), LogQueue: 64, LogBlock: true,
		LogLevel: "info", LogLineLevel: "debug", Body: "hi there"}
	args, err := c.TargetArgs("")
	if err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet("target", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var got target.Config
	f := &targetFlags{}
	addTargetServerFlags(fs, &got)
	f.addKnobFlags(fs, &got)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("the target refuses launch's words %q: %v", args, err)
	}
	if err := f.apply(msg.EN, &got); err != nil {
		t.Fatal(err)
	}
	d := func(v launch.Duration) time.Duration { return time.Duration(v) }
	for _, x := range []struct {
		name      string
		got, want any
	}{
		{"model", string(got.Model), c.Model}, {"threads", got.Threads, c.Threads}, {"offload", got.Offload, c.Offload},
		{"listen", got.Listen, c.Listen}, {"backlog", got.Backlog, c.Backlog}, {"cpu", got.Knobs.CPU.String(), c.CPU},
		{"wait", got.Knobs.Wait.String(), c.Wait}, {"blocking", got.Knobs.Blocking, c.Blocking},
		{"block-fraction", got.Knobs.BlockFraction, c.BlockFraction}, {"block", got.Knobs.Block.String(), c.Block},
		{"calls", got.Knobs.Calls, c.Calls}, {"fanout", got.Knobs.Parallel, true}, {"downstream", got.Knobs.Downstream, c.Downstream},
		{"validate-lock", got.Knobs.ValidateLock, c.ValidateLock}, {"log-in-lock", got.Knobs.LogInLock, c.LogInLock},
		{"db", got.DB, c.DB}, {"log", got.Log, c.Log}, {"log-file", got.LogFile, c.LogFile}, {"seed", got.Seed, c.Seed},
		{"stall-threshold", got.StallThreshold, d(c.StallThreshold)}, {"drain", got.Drain, d(c.Drain)},
		{"max-conns", got.MaxConns, c.MaxConnections}, {"keepalive", got.KeepAlive, d(c.KeepAliveTimeout)},
		{"acceptor", got.Acceptor, c.Acceptor}, {"queue", got.Queue, c.Queue}, {"linger", got.Linger, d(c.Linger)},
		{"offload-queue", got.OffloadQueue, c.OffloadQueue}, {"fanout-pool", got.FanoutPool, c.FanoutPool},
		{"carriers", got.Carriers, c.Carriers}, {"header-timeout", got.HeaderTimeout, d(c.HeaderTimeout)},
		{"body-timeout", got.BodyTimeout, d(c.BodyTimeout)}, {"write-timeout", got.WriteTimeout, d(c.WriteTimeout)},
		{"downstream-timeout", got.DownstreamTimeout, d(c.DownstreamTimeout)}, {"body-memory", got.BodyMemory, c.BodyMemory},
		{"query-knobs", got.QueryKnobs, c.QueryKnobs}, {"query-max", got.QueryMax, d(c.QueryMax)},
		{"query-max-calls", got.QueryMaxCalls, c.QueryMaxCalls}, {"no-stall-stacks", got.NoStallStacks, c.NoStallStacks},
		{"lock-log-cpu", got.Knobs.LockLogCPU, d(c.LockLogCPU)}, {"log-queue", got.LogQueue, c.LogQueue},
		{"log-block", got.LogBlock, c.LogBlock}, {"log-level", got.LogLevel, c.LogLevel},
		{"log-line-level", got.LogLineLevel, c.LogLineLevel}, {"body", got.Body, c.Body},
	} {
		if x.got != x.want {
			t.Errorf("--%s: the target read %v; launch's configuration holds %v", x.name, x.got, x.want)
		}
	}
}

// `waitlab downstream --config FILE` serves the file's configuration,
// the command line's flags winning; a bad file is exit 2.
func TestDownstreamConfigFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ds.json")
	if err := os.WriteFile(path, []byte(`{"listen":"127.0.0.1:1","delay":"3ms","max_clients":8}`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, stop := startCommand(t, `on (127\.0\.0\.1:\d+), answering each command after 3ms`, "downstream", "--config", path, "--listen", "127.0.0.1:0", "--lang", "en")
	if code, errs := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	_ = os.WriteFile(bad, []byte(`{"dealy":"3ms"}`), 0o600)
	for _, args := range [][]string{
		{"downstream", "--config", bad},
		{"downstream", "--config", filepath.Join(t.TempDir(), "none.json")},
		{"downstream", "--delay", "soon"},
	} {
		if code, _, errs := run(t, args...); code != 2 || errs == "" {
			t.Errorf("Main(%q) = %d, %q; want 2 with a message", args, code, errs)
		}
	}
}
