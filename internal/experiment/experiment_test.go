package experiment

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/supervise"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// waitlabBinary is the test binary itself, which acts as waitlab in the
// child processes (main_test.go).
func waitlabBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

func TestSummarizeTakesTheLowerMedian(t *testing.T) {
	for _, tc := range []struct {
		in             []float64
		med, min, maxV float64
	}{
		{[]float64{3, 1, 2}, 2, 1, 3},
		{[]float64{4, 1, 3, 2}, 2, 1, 4},
		{[]float64{7}, 7, 7, 7},
	} {
		c := Summarize(tc.in)
		if c.Median != tc.med || c.Min != tc.min || c.Max != tc.maxV || c.Runs != len(tc.in) {
			t.Errorf("Summarize(%v) = %+v; want median %v min %v max %v", tc.in, c, tc.med, tc.min, tc.maxV)
		}
	}
	if c := Summarize(nil); !math.IsNaN(c.Median) {
		t.Errorf("Summarize(nil).Median = %v; want NaN", c.Median)
	}
}

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		d    int
		want string
	}{
		{23529, 0, "23,529"}, {1227.4, 0, "1,227"}, {0.5, 2, "0.50"}, {-1234.5, 1, "-1,234.5"}, {math.NaN(), 0, "-"}, {999, 0, "999"},
	} {
		if got := Num(tc.v, tc.d); got != tc.want {
			t.Errorf("Num(%v, %d) = %q; want %q", tc.v, tc.d, got, tc.want)
		}
	}
}

func TestSumsOf(t *testing.T) {
	pg, err := scrape.Parse([]byte("# HELP x\nwaitlab_target_log_dropped_total 12\nwaitlab_target_shed_total{reason=\"a\"} 3\nwaitlab_target_shed_total{reason=\"b\"} 4\nwaitlab_target_shed_totalx 100\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := sumsOf(pg, []string{"waitlab_target_log_dropped_total", "waitlab_target_shed_total", "waitlab_target_absent_total"})
	if len(got) != 2 || got["waitlab_target_log_dropped_total"] != 12 || got["waitlab_target_shed_total"] != 7 {
		t.Errorf("sumsOf = %v; want dropped 12, shed 3+4 = 7 (and not the longer name), nothing for the absent name", got)
	}
	// A name asked for twice (runTrial adds the request count to every
	// recipe's list) is counted once: the logging rows' shares rest on it.
	if got := sumsOf(pg, []string{"waitlab_target_log_dropped_total", "waitlab_target_log_dropped_total"}); got["waitlab_target_log_dropped_total"] != 12 {
		t.Errorf("sumsOf with a name twice = %v; want 12", got)
	}
}

// goldenTable is a fixed table with every kind of cell.
func goldenTable(l msg.Lang) *Table {
	t := &Table{Experiment: "golden", Lang: l, Title: "Golden", Command: "waitlab exp run golden", Date: "2026-01-01 00:00 UTC",
		Repeat: 3, Warmup: true, Recipe: "A recipe.", Scaling: "Scaled.",
		Columns: []Column{{Key: "a", Label: "A (ms)", Digits: 1}, {Key: "b", Label: "B", Digits: 0}}}
	r := t.AddRow("one", "one", map[string]Cell{"a": Summarize([]float64{1, 2, 3}), "b": Summarize([]float64{1000, 2000, 1500})})
	r.SetModel("a", 2)
	r.SetPublished("a", 2.5)
	r2 := t.AddRow("two", "two", map[string]Cell{"a": Summarize([]float64{4})})
	r2.Warn = []string{"gen_cpu"}
	t.Warnings = []RowWarning{{Row: "two", Code: "gen_cpu", Message: "the generator was busy"}}
	t.Published = &Published{Source: "A book", Columns: []string{"condition", "A"}, Rows: [][]string{{"one", "2.5"}}, Note: "A note."}
	t.Notes = []string{"What differs."}
	t.Plots = []Plot{{File: "golden.svg", Title: "Golden", Keys: []string{"a", "b"}}}
	c := Judge(ClaimDef{ID: "golden.a", Published: 2.5, Quantity: "latency", Unit: "ms", Digits: 1, Tolerance: 0.2, Null: NoNull}, []float64{1, 2, 3})
	c.Source, c.What = "A book", "A"
	c.Note = claimNote(l, &c, "")
	t.Claims = []Claim{c}
	t.Env = Env{Cores: 2, LoadStart: 0.5, LoadMax: 1, LoadEnd: 0.75}
	t.Env.CPUModel, t.Env.GOMAXPROCS, t.Env.GoVersion, t.Env.KernelRelease = "CPU", 2, "go1", "6.0"
	return t
}

func TestWriteGolden(t *testing.T) {
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		tab := goldenTable(l)
		var md, svg bytes.Buffer
		if err := WriteMarkdown(&md, tab, "experiments"); err != nil {
			t.Fatal(err)
		}
		if err := WriteSVG(&svg, tab, tab.Plots[0]); err != nil {
			t.Fatal(err)
		}
		golden(t, "golden."+string(l)+".md", md.Bytes())
		golden(t, "golden."+string(l)+".svg", svg.Bytes())
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update after checking):\n%s", name, got)
	}
}

func TestWriteFilesLinksPlotsFromTheParent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "experiments")
	paths, err := WriteFiles(dir, goldenTable(msg.EN))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 3 {
		t.Fatalf("WriteFiles wrote %v; want the plot, the section and the JSON", paths)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "golden.md"))
	if !strings.Contains(string(md), "](experiments/golden.svg)") {
		t.Errorf("section links its plot as %q; want experiments/golden.svg (relative to the directory's parent)", md)
	}
}

func TestEveryExperimentHasItsText(t *testing.T) {
	for _, e := range List() {
		if strings.HasPrefix(e.Name, "test-") {
			continue
		}
		for _, k := range []string{"exp." + e.Name + ".title", "exp." + e.Name + ".about"} {
			if !msg.Has(k) {
				t.Errorf("experiment %s lacks catalog entry %s", e.Name, k)
			}
		}
	}
}

// The trial experiment is the smallest load experiment: a downstream, a
// target and a generator as children, for the cleanup tests.
func init() {
	Register(&Experiment{Name: "test-trial", Order: 1000, Run: func(ctx context.Context, r *Bench) error {
		r.T.Columns = []Column{{Key: "ok_rps", Label: "ok/s"}, {Key: "ds_per_req", Label: "ds/req"}}
		_, _, err := r.loadRow(ctx, "x", "x", trial{
			Downstream: []string{"--delay", "1ms"},
			Target:     []string{"--model", "pool", "--threads", "4", "--validate-lock"},
			Load:       closedSpec(4, 300*time.Millisecond, 100*time.Millisecond, time.Second),
		})
		return err
	}})
}

func init() {
	Register(&Experiment{Name: "test-long", Order: 1001, Run: func(ctx context.Context, r *Bench) error {
		r.T.Columns = []Column{{Key: "ok_rps", Label: "ok/s"}}
		// The first run is short, the second would last 30 s.
		tr := trial{Downstream: []string{"--delay", "1ms"}, Target: []string{"--model", "loop", "--threads", "1"}}
		for i, d := range []time.Duration{300 * time.Millisecond, 30 * time.Second} {
			tr.Load = closedSpec(4, d, 0, time.Second)
			if _, _, err := r.loadRow(ctx, fmt.Sprint(i), "x", tr); err != nil || ctx.Err() != nil {
				return err
			}
		}
		return nil
	}})
}

// checkGone fails when a child of the run is still alive or its port
// still accepts. The load experiments' trial starts at least three (the
// downstream, the target and the generator): checkLoadGone.
func checkGone(t *testing.T, children []Child) {
	t.Helper()
	for _, c := range children {
		if err := syscall.Kill(c.PID, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("child %s (pid %d) still exists after Run: kill(0) = %v", c.Name, c.PID, err)
		}
		if c.Addr != "" {
			if conn, err := net.DialTimeout("tcp", c.Addr, time.Second); err == nil {
				conn.Close()
				t.Errorf("child %s's address %s still accepts connections after Run", c.Name, c.Addr)
			}
		}
	}
}

func checkLoadGone(t *testing.T, children []Child) {
	t.Helper()
	if len(children) < 3 {
		t.Fatalf("children = %+v; want the downstream, the target and the generator", children)
	}
	checkGone(t, children)
}

func TestLoadExperimentLeavesNothingBehind(t *testing.T) {
	exe := waitlabBinary(t)
	tab, err := Run(context.Background(), "test-trial", Options{Exe: exe, Repeat: 1, Lang: msg.EN})
	if err != nil {
		t.Fatalf("Run(test-trial) = %v", err)
	}
	if c := tab.Rows[0].Cells["ok_rps"]; !(c.Median > 0) {
		t.Errorf("ok_rps = %+v; want requests served", c)
	}
	// The validate-lock makes two downstream commands a request (PING,
	// then GET): read from the downstream's typed report.
	if c := tab.Rows[0].Cells["ds_per_req"]; !(c.Median >= 1.5) {
		t.Errorf("ds_per_req = %+v; want the downstream's report read (2 a request)", c)
	}
	checkLoadGone(t, tab.Children)
}

func TestInterruptStopsEveryChild(t *testing.T) {
	exe := waitlabBinary(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel as the generator of the second run starts: the first run's
	// children have come and gone, the second's are all running, and its
	// load would last 30 s.
	loads := 0
	childStarted = func(c Child) {
		if c.Name == "load" {
			loads++
			if loads == 2 {
				cancel()
			}
		}
	}
	defer func() { childStarted = nil }()
	done := make(chan struct{})
	var tab *Table
	var err error
	go func() {
		tab, err = Run(ctx, "test-long", Options{Exe: exe, Repeat: 1, Lang: msg.EN})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(25 * time.Second):
		t.Fatal("Run did not return after its context was cancelled")
	}
	if err != nil {
		t.Fatalf("Run after an interrupt = %v; want the table so far", err)
	}
	if !tab.Interrupted {
		t.Error("table.Interrupted = false after an interrupt")
	}
	checkLoadGone(t, tab.Children)
}

func TestInterruptBeforeAnythingIsMeasured(t *testing.T) {
	exe := waitlabBinary(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, "test-trial", Options{Exe: exe, Lang: msg.EN}); !errors.Is(err, supervise.ErrInterrupted) {
		t.Errorf("Run with a cancelled context = %v; want supervise.ErrInterrupted", err)
	}
}

// The quick blocking-loop runs in a few seconds: its table has the four
// conditions, the model's ordering, the watchdog's stalls of the on-loop
// blocking in process and over HTTP, the HTTP columns beside their model,
// the scaling of both views stated, and every HTTP target it started gone.
// TestEveryExperimentLeavesNothingBehind runs the others (WAITLAB_EXP_ALL=1).
func TestQuickBlockingLoop(t *testing.T) {
	exe := waitlabBinary(t)
	tab, err := Run(context.Background(), "blocking-loop", Options{Exe: exe, Quick: true, Lang: msg.KO, Engine: EngineGo})
	if err != nil {
		t.Fatalf("Run(blocking-loop, quick) = %v", err)
	}
	checkQuickTable(t, tab)
	if len(tab.Rows) != 4 || tab.Scaling == "" {
		t.Fatalf("blocking-loop: %d rows, scaling %q; want 4 conditions and the scaling stated", len(tab.Rows), tab.Scaling)
	}
	none, on := tab.Row("ch15-none").Cells["throughput_rps"], tab.Row("ch15-onloop").Cells["throughput_rps"]
	if none.Model == nil || on.Model == nil || !(*none.Model > *on.Model) {
		t.Errorf("blocking-loop model throughput: none %v, on loop %v; want none above on-loop", none.Model, on.Model)
	}
	if st := tab.Median("ch15-onloop", "stalls"); !(st >= 1) {
		t.Errorf("blocking-loop: on-loop stalls = %v; want the watchdog to see the 100 ms blocks", st)
	}
	// Over HTTP: every row has its throughput, p50 and stalls, with the
	// model beside them, and the target's watchdog saw the blocking.
	for _, row := range tab.Rows {
		for _, k := range []string{"http_rps", "http_per_loop_rps", "http_p50_ms", "http_p99_ms", "http_stalls"} {
			c, ok := row.Cells[k]
			if !ok || c.Runs != 1 || math.IsNaN(c.Median) {
				t.Errorf("blocking-loop row %s: cell %s = %+v (present %v); want one run measured over HTTP", row.Key, k, c, ok)
			}
		}
		if c := row.Cells["http_rps"]; c.Model == nil || !(c.Median > 0) {
			t.Errorf("blocking-loop row %s: http_rps = %+v; want a throughput and the model's", row.Key, c)
		}
	}
	if st := tab.Median("ch15-onloop", "http_stalls"); !(st >= 1) {
		t.Errorf("blocking-loop: on-loop stalls over HTTP = %v; want the target's watchdog to see the 100 ms blocks", st)
	}
	if !strings.Contains(tab.Scaling, "HTTP") {
		t.Errorf("blocking-loop scaling %q does not say how the HTTP view was scaled", tab.Scaling)
	}
	// One target per HTTP run: the warm-up and the counted run of each
	// of the four conditions.
	targets := 0
	for _, c := range tab.Children {
		if c.Name == "target" && c.Addr != "" {
			targets++
		}
	}
	if targets != 8 {
		t.Errorf("blocking-loop recorded %d HTTP targets (%+v); want 8 (4 conditions x warm-up + 1 run)", targets, tab.Children)
	}
	checkGone(t, tab.Children)
}

// checkQuickTable checks what every quick table has: one counted run,
// rows, the environment, and Markdown in the run's language (Korean here)
// with no bad format verb.
func checkQuickTable(t *testing.T, tab *Table) {
	t.Helper()
	if tab.Repeat != 1 || len(tab.Rows) == 0 || tab.Env.Cores < 1 || tab.Env.GoVersion == "" {
		t.Fatalf("Run(%s, quick): repeat %d, %d rows, env %+v; want 1 run, rows and the environment",
			tab.Experiment, tab.Repeat, len(tab.Rows), tab.Env)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, tab, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "환경:") || strings.Contains(md.String(), "%!") {
		t.Errorf("%s: Korean Markdown lacks the environment or has a bad verb:\n%s", tab.Experiment, md.String())
	}
}

// leakVar carries a token every child process of the experiments inherits
// (they all start with this process's environment): a process that still
// has it after Run is one an experiment left behind, whatever started it
// (the load experiments' children, lab's in-process and HTTP children, a
// database server) and whether or not it was reparented.
const leakVar = "WAITLAB_EXPERIMENT_TEST_LEAK"

// leftovers lists the processes other than this one whose environment
// has leakVar=token, as "pid (command)".
func leftovers(t *testing.T, token string) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	want := []byte(leakVar + "=" + token)
	self := os.Getpid()
	var out []string
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil {
			continue // gone, or not ours to read
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if bytes.Equal(kv, want) {
				cmd, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
				out = append(out, fmt.Sprintf("%d (%s)", pid, strings.TrimSpace(string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))))
				break
			}
		}
	}
	return out
}

// Every registered experiment, experiments added later included, runs its
// quick variant and leaves no process and no listening port behind: every
// child it recorded is gone and its address refuses, and no process that
// inherited this run's token is left. A skipped experiment (say, its
// database is not installed) must say why; it is reported as skipped. It
// takes a few minutes, so it runs only with WAITLAB_EXP_ALL=1 (CI sets
// it; not under -race); each experiment's wall time is logged, not
// asserted. A process that exits takes its listening sockets with it, so
// no process left means no port left; the recorded children's addresses
// are dialled as well.
func TestEveryExperimentLeavesNothingBehind(t *testing.T) {
	if os.Getenv("WAITLAB_EXP_ALL") != "1" {
		t.Skip("runs every experiment's quick variant (a few minutes); set WAITLAB_EXP_ALL=1")
	}
	if raceEnabled {
		// Every child would be this race-instrumented binary, several
		// times slower; what the parent runs in process is raced by
		// TestQuickBlockingLoop.
		t.Skip("not under -race: the leak check runs in the plain go test")
	}
	exe := waitlabBinary(t)
	token := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Setenv(leakVar, token)

	// The check itself: a child with the token is seen while it runs and
	// not after it has been reaped.
	sleeper := exec.Command("sleep", "30")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	// Start returns once the exec has begun, but the kernel fills in
	// the new image's environment a little later (before that,
	// /proc/PID/environ reads empty), so look until it shows or 10 s
	// have passed.
	var seen []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if seen = leftovers(t, token); len(seen) > 0 || time.Now().After(deadline) {
			break
		}
	}
	_ = sleeper.Process.Kill()
	_ = sleeper.Wait()
	if len(seen) != 1 || !strings.HasPrefix(seen[0], strconv.Itoa(sleeper.Process.Pid)+" ") {
		t.Fatalf("leftovers with a running child = %v; want exactly that child (pid %d)", seen, sleeper.Process.Pid)
	}
	if l := leftovers(t, token); len(l) != 0 {
		t.Fatalf("leftovers after the child was reaped = %v; want none", l)
	}

	ran := 0
	for _, e := range List() {
		if strings.HasPrefix(e.Name, "test-") {
			continue
		}
		ran++
		t.Run(e.Name, func(t *testing.T) {
			start := time.Now()
			tab, err := Run(context.Background(), e.Name, Options{Exe: exe, Quick: true, Lang: msg.KO})
			t.Logf("%s --quick: %v", e.Name, time.Since(start).Round(time.Millisecond))
			if l := leftovers(t, token); len(l) != 0 {
				t.Errorf("%s left processes behind: %s", e.Name, strings.Join(l, ", "))
			}
			if err != nil {
				t.Fatalf("Run(%s, quick) = %v", e.Name, err)
			}
			checkGone(t, tab.Children)
			if tab.Skipped != "" {
				if strings.Contains(tab.Skipped, "%!") {
					t.Errorf("%s: skip reason has a bad verb: %q", e.Name, tab.Skipped)
				}
				t.Skipf("%s skipped: %s", e.Name, tab.Skipped)
			}
			checkQuickTable(t, tab)
		})
	}
	if ran == 0 {
		t.Fatal("no experiment is registered")
	}
}

// The notes under blocking-loop compare the views from the table's cells:
// the HTTP multiples beside the in-process ones, each view's throughput
// against its own model, and the connection set-up; with no HTTP view
// only why.
func TestBlockingHTTPNotes(t *testing.T) {
	r := newBench(&Experiment{Name: "blocking-loop"}, Options{Lang: msg.EN, Repeat: 1, Now: time.Now})
	one := func(v float64) Cell { return Cell{Median: v, Min: v, Max: v, Runs: 1} }
	// in process: rps, p50; over HTTP: rps, p50, stalls; models.
	for _, c := range []struct {
		key                   string
		rps, p50, hrps, hp50  float64
		stalls, hstalls, mrps float64
	}{
		{"ch15-none", 8000, 30, 4000, 40, 0, 0, 10000},
		{"ch15-onloop", 1600, 120, 1000, 160, 5, 3, 2000},
		{"ch15-offload64", 3000, 33, 1500, 44, 0, 0, 4000},
		{"ch15-offload4", 900, 31, 700, 48, 0, 0, 1000},
	} {
		row := r.T.AddRow(c.key, c.key, map[string]Cell{
			"throughput_rps": one(c.rps), "per_loop_rps": one(c.rps / 2), "p50_ms": one(c.p50), "stalls": one(c.stalls),
			"http_rps": one(c.hrps), "http_per_loop_rps": one(c.hrps), "http_p50_ms": one(c.hp50), "http_stalls": one(c.hstalls),
		})
		row.SetModel("throughput_rps", c.mrps)
		row.SetModel("http_rps", c.mrps/2)
		row.SetModel("http_p50_ms", 25)
	}
	v := blockingHTTPView{connectP50: map[string]float64{"ch15-none": 7.5, "ch15-onloop": 25, "ch15-offload64": 30, "ch15-offload4": 7}, overflows: map[string]int64{"ch15-none": 0}}
	blockingHTTPNotes(r, v, nil)
	all := strings.Join(r.T.Notes, "\n")
	for _, want := range []string{
		"none / on the loop is 4.00x (the model at that scale 5.00x, in process 5.00x)",
		"grows 4.0x with blocking on the loop (in process 4.0x)",
		"is 1.10x with offload to pool 64 (in process 1.10x) and 1.20x with pool 4",
		"saw 3 loop stalls with blocking on the loop, 0 with offload to pool 64 and 0 with pool 4 (in process 5",
		"0.80, 0.80, 0.75 and 0.90 of the model's in process and 0.80, 1.00, 0.75 and 1.40 over HTTP",
		"40.0 ms over HTTP against 30.0 ms in process (model 25.0 ms)",
		"connection set-up p50 7.5, 25.0, 30.0 and 7.0 ms",
		"(ListenOverflows, summed over the median runs): 0.",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("notes lack %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "%!") {
		t.Errorf("notes have a bad verb:\n%s", all)
	}

	r2 := newBench(&Experiment{Name: "blocking-loop"}, Options{Lang: msg.KO, Repeat: 1, Now: time.Now})
	r2.T.AddRow("ch15-none", "x", map[string]Cell{"throughput_rps": one(1)})
	r2.T.AddRow("ch15-onloop", "y", map[string]Cell{"throughput_rps": one(1)})
	blockingHTTPNotes(r2, blockingHTTPView{}, errors.New("no sockets here"))
	if len(r2.T.Notes) != 1 || !strings.Contains(r2.T.Notes[0], "no sockets here") {
		t.Errorf("notes without an HTTP view = %q; want only why, with the error", r2.T.Notes)
	}
}
