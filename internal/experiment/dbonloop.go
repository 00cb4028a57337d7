//go:build linux

package experiment

import (
	"context"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Experiment 10: blocking-loop with a real database call. A throw-away
// MariaDB (its own datadir, port and socket in a temp dir, a child of the
// experiment like every other process, deleted afterwards) answers
// `SELECT SLEEP(0.1)` for 1% of the target's requests, made through
// database/sql and go-sql-driver/mysql (`waitlab target --db`): on the
// event loop's own thread, or offloaded to a pool of 64 and of 4. The
// load is closed (virtual users); beside it a probe generator sends only
// requests that make no call, at a low fixed rate, because the load
// report has no classes: the probe's latency is the innocent requests'.

const dbInstall = "apt-get install -y mariadb-server"

const (
	dbBlock     = 100 * time.Millisecond
	dbCPU       = 200 * time.Microsecond // each request's CPU, as in the published run
	dbFraction  = 0.01
	dbVUs       = 64
	dbProbeRate = 100
)

func init() {
	Register(&Experiment{Name: "db-on-loop", Order: 10, Needs: "mariadb-server", Run: runDBOnLoop, Claims: dbClaims, JVM: runDBOnLoopJVM, JDK: coJDK})
}

// The chapter's multiples again, with a real database call in place of
// a sleep.
var dbClaims = []ClaimDef{
	{ID: "db.p50-onloop", Source: "exp.src.ch15", Published: 129.0 / 39, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.20, TolWhy: "exp.tol.shape", Null: 1},
	{ID: "db.slowdown", Source: "exp.src.ch15", Published: 23529.0 / 5333, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.range", Null: 1},
	{ID: "db.p50-offload64", Source: "exp.src.ch15", Published: 42.0 / 39, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.15, TolWhy: "exp.tol.shape", Null: NoNull},
}

type dbCond struct {
	key   string
	label string // catalog key of the row's label
	model model.Kind
	pool  int  // offload pool (offload only)
	block bool // 1% of requests make the database call
}

var dbConds = []dbCond{
	{"none", "exp.db.row.none", model.Loop, 0, false},
	{"onloop", "exp.db.row.onloop", model.Loop, 0, true},
	{"offload64", "exp.db.row.offload64", model.Offload, 64, true},
	{"offload4", "exp.db.row.offload4", model.Offload, 4, true}, // pool scaled: smallPool
}

// dbServes names the claims each row feeds (--only runs the rows an
// asked-for claim reads; the pool of 4 feeds notes only).
var dbServes = map[string][]string{
	"none":      {"db.p50-onloop", "db.slowdown", "db.p50-offload64"},
	"onloop":    {"db.p50-onloop", "db.slowdown"},
	"offload64": {"db.p50-offload64"},
}

// dbSetup is one db-on-loop run's shape: the loops, the server's cores,
// the small pool and the windows.
type dbSetup struct {
	loops, cores, small int
	d, w                time.Duration
}

func runDBOnLoop(ctx context.Context, r *Bench) error { return dbOnLoop(ctx, r) }

// dbOnLoop is the recipe on either engine: the Go target (database/sql,
// go-sql-driver/mysql) or, on the JVM engine, our server on Debian's
// Netty (JDBC, Debian's MariaDB Connector/J), the same conditions, the
// same MariaDB, the same load and probe.
func dbOnLoop(ctx context.Context, r *Bench) error {
	t := r.T
	server, err1 := exec.LookPath("mariadbd")
	installDB, err2 := exec.LookPath("mariadb-install-db")
	if err1 != nil || err2 != nil {
		t.Skipped = r.T_("exp.db.skipped", dbInstall)
		return nil
	}
	place := supervise.Place()
	cores := max(1, len(place.Target))
	// The small pool is the published 4 scaled by this server's cores
	// against the published eight, so its ceiling stands to this
	// server's throughput as 4 did to eight cores'. The big one stays 64:
	// big enough either way.
	ds := dbSetup{loops: min(8, max(2, cores)), cores: cores, small: max(1, int(math.Round(4*float64(min(cores, 8))/8)))}
	ds.d, ds.w = r.windows(10*time.Second, 1200*time.Millisecond)
	if r.engine == EngineJVM {
		ds.w = max(ds.w, time.Second) // the JIT's first pass, uncounted
		r.server = fmt.Sprintf("Netty (loops %d), MariaDB Connector/J", ds.loops)
	}
	dbHeader(r, ds)
	conds := dbConds
	if r.Opt.Quick {
		conds = conds[:3]
		r.Note("exp.db.quick")
	}

	r.Progressf("exp.db.progress.start")
	addr, stop, err := r.startMariaDB(ctx, server, installDB, place.Generator)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("experiment db-on-loop: %w", err)
	}
	defer stop()

	var perReqCPU float64 // seconds of server CPU per request, from the first row
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if !r.Wants(dbServes[c.key]...) {
			continue // --only: no asked-for claim reads this row
		}
		row, err := r.dbRow(ctx, c, ds, addr)
		if err != nil {
			return err
		}
		if row == nil {
			break
		}
		if c.key == "none" {
			if cpu, tp := t.Median("none", "srvcpu"), t.Median("none", "throughput_rps"); cpu > 0 && tp > 0 {
				perReqCPU = cpu / 100 / tp
			} else if tp > 0 {
				perReqCPU = 1 / tp
			}
		}
		if perReqCPU > 0 {
			// Throughput only: the model's percentiles are per request
			// of the closed load, which cycles fast while a loop is free,
			// whereas the probe samples the loops at times of its own
			// (see exp.db.note.occupancy).
			if m, err := dbModel(c, ds.loops, ds.cores, perReqCPU); err == nil {
				row.SetModel("throughput_rps", m.ThroughputRPS)
			}
		}
		if p, ok := model.LookupPreset("ch15-" + c.key); ok && p.Reference != nil {
			row.SetPublished("throughput_rps", p.Reference["throughput_rps"])
			row.SetPublished("p50_ms", p.Reference["p50_ms"])
			row.SetPublished("p99_ms", p.Reference["p99_ms"])
		}
	}
	dbNotes(r, ds.loops, ds.small, perReqCPU)
	t.Plots = []Plot{{File: "db-on-loop.svg", Title: t.Title, Keys: []string{"throughput_rps", "p50_ms", "p99_ms"}}}
	return nil
}

// dbHeader writes the table's recipe, scaling, columns and the
// published rows.
func dbHeader(r *Bench, ds dbSetup) {
	t := r.T
	key := "exp.db.recipe"
	if r.engine == EngineJVM {
		key = "exp.db.jvm.recipe"
	}
	t.Recipe = r.T_(key, ds.loops, dbVUs, dbCPU.Microseconds(), dbBlock.Milliseconds(), dbProbeRate, ds.d.Seconds(), ds.w.Seconds(), r.Opt.Repeat)
	t.Scaling = r.placementNote() + " " + r.T_("exp.db.scaling", ds.loops, ds.cores, ds.small)
	t.WarmupEach = true
	t.Columns = []Column{
		{Key: "throughput_rps", Label: r.T_("exp.col.tput"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.db.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.db.col.p99"), Digits: 1},
		{Key: "all_p99_ms", Label: r.T_("exp.db.col.allp99"), Digits: 1},
		{Key: "db_pct", Label: r.T_("exp.db.col.dbpct"), Digits: 2},
		{Key: "stalls", Label: r.T_("exp.col.stalls"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	t.Published = &Published{Source: blockingSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.col.tput"), "p50 (ms)", "p99 (ms)"},
		Rows: [][]string{
			{r.T_("exp.bl.row.ch15-none"), "23,529", "39", "72"},
			{r.T_("exp.bl.row.ch15-onloop"), "5,333", "129", "268"},
			{r.T_("exp.bl.row.ch15-offload64"), "9,950", "42", "84"},
			{r.T_("exp.bl.row.ch15-offload4"), "3,490", "41", "76"},
		},
		Note: r.T_("exp.db.pub.note")}
}

// dbRow measures condition c over the runs on a fresh target each: the
// Go target with a go-sql-driver DSN, or our Netty server with a JDBC
// URL, both to the MariaDB at addr. A nil row: interrupted before any
// run.
func (r *Bench) dbRow(ctx context.Context, c dbCond, ds dbSetup, addr string) (*Row, error) {
	t := r.T
	targs := []string{"--model", string(c.model), "--threads", strconv.Itoa(ds.loops), "--cpu", dbCPU.String()}
	if r.engine == EngineJVM {
		targs = append([]string{"--engine", string(launch.Netty), "--java", r.jdk.Home}, targs...)
		targs = append(targs, "--db", "jdbc:mariadb://"+addr+"/?user=root")
	} else {
		targs = append(targs, "--db", "root@tcp("+addr+")/")
	}
	if c.block {
		targs = append(targs, "--block-fraction", strconv.FormatFloat(dbFraction, 'f', -1, 64), "--block", dbBlock.String())
	}
	label := r.T_(c.label)
	if c.key == "offload4" {
		c.pool = ds.small
		label = r.T_(c.label, ds.small)
	}
	if c.model == model.Offload {
		targs = append(targs, "--offload", strconv.Itoa(c.pool))
	}
	samples := Samples{}
	var reps []*loadreport.Report
	for i := 1; i <= r.Opt.Repeat && ctx.Err() == nil; i++ {
		r.Progressf("exp.progress.trial", label, i, r.Opt.Repeat, ds.d.String())
		o, err := r.dbTrial(ctx, targs, targetProcs(ds.loops), ds.d, ds.w)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return nil, fmt.Errorf("experiment db-on-loop: %s: %w", label, err)
		}
		if o.interrupted {
			t.Interrupted = true
		}
		samples.Add(o.figures())
		reps = append(reps, o.main, o.probe)
	}
	if len(reps) == 0 {
		return nil, nil
	}
	row := t.AddRow(c.key, label, samples.Cells())
	r.warnRow(row, reps)
	return row, nil
}

// dbModel is the simulator's prediction for condition c as run here: the
// ch15 preset's classes (1% make a 100 ms blocking call) with this run's
// loops, pool, server cores and closed load, and the normal requests' CPU
// set to what the no-call row measured per request on the server.
func dbModel(c dbCond, loops, cores int, cpu float64) (*model.Result, error) {
	name := "ch15-none"
	if c.block {
		name = "ch15-onloop"
		if c.model == model.Offload {
			name = "ch15-offload64"
		}
	}
	p, ok := model.LookupPreset(name)
	if !ok {
		return nil, fmt.Errorf("no preset %s", name)
	}
	s := p.Scenario
	s.Model, s.Threads, s.OffloadPool, s.Cores = c.model, loops, c.pool, cores
	s.Arrival = model.Arrival{Kind: model.VUs, VUs: dbVUs}
	s.Requests = 20000
	d := model.FixedDist(time.Duration(cpu * float64(time.Second)))
	for i := range s.Classes {
		s.Classes[i].CPU = d
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return sim.Run(s, sim.Options{})
}

// dbNotes writes what the rows show against the published ones.
func dbNotes(r *Bench, loops, small int, cpu float64) {
	t := r.T
	if t.Row("none") == nil || t.Row("onloop") == nil {
		return
	}
	r.Claim("db.p50-onloop", ratios(t.Vals("onloop", "p50_ms"), t.Vals("none", "p50_ms")), "")
	r.Claim("db.slowdown", ratios(t.Vals("none", "throughput_rps"), t.Vals("onloop", "throughput_rps")), "")
	r.Claim("db.p50-offload64", ratios(t.Vals("offload64", "p50_ms"), t.Vals("none", "p50_ms")), "")
	none, on := t.Median("none", "p50_ms"), t.Median("onloop", "p50_ms")
	tpNone, tpOn := t.Median("none", "throughput_rps"), t.Median("onloop", "throughput_rps")
	modelX := math.NaN()
	if a, b := t.Row("none").Cells["throughput_rps"].Model, t.Row("onloop").Cells["throughput_rps"].Model; a != nil && b != nil && *b > 0 {
		modelX = *a / *b
	}
	if v := r.Verdict("db.p50-onloop"); v == Reproduced || v == Direction {
		r.Note("exp.db.note.onloop", on/none, 129.0/39, tpNone/tpOn, modelX, 23529.0/5333, t.Median("onloop", "stalls"))
	}
	// Occupancy: each call holds its loop for 100 ms, so the share of
	// time a loop is stalled is calls per second x 100 ms / loops; a
	// probe request lands on a stalled loop that often.
	calls := t.Median("onloop", "throughput_rps") * t.Median("onloop", "db_pct") / 100
	r.Note("exp.db.note.occupancy", calls, loops, 100*min(1, calls*dbBlock.Seconds()/float64(loops)))
	if o := t.Median("offload64", "p50_ms"); !math.IsNaN(o) && r.Verdict("db.p50-offload64") == Reproduced {
		r.Note("exp.db.note.offload", o/none, 42.0/39, t.Median("offload64", "stalls"))
	}
	if o := t.Median("offload4", "throughput_rps"); !math.IsNaN(o) {
		// The pool's ceiling: small threads, each call 100 ms, 1% of
		// requests calling.
		ceiling := float64(small) / dbFraction / dbBlock.Seconds()
		if ceiling < tpNone {
			r.Note("exp.db.note.pool4", small, t.Median("offload4", "p50_ms")/none, o, ceiling, tpNone)
			if o > 1.05*ceiling {
				// The queue of a closed load fills slowly: up to one
				// call per virtual user waits in it.
				r.Note("exp.db.note.pool4.transient", o, ceiling, dbVUs, float64(dbVUs)*dbBlock.Seconds()/float64(small))
			}
		} else {
			r.Note("exp.db.note.pool4.free", small, ceiling, tpNone, o)
		}
	}
	if cpu > 0 {
		r.Note("exp.db.note.model", cpu*1e6)
	}
	r.Note("exp.db.note.probe", dbProbeRate)
	if r.engine == EngineJVM {
		r.Note("exp.db.jvm.why")
	} else {
		r.Note("exp.db.note.why")
	}
}

// dbTrialOut is one run: the load's report, the probe's, and the
// target's counters after it.
type dbTrialOut struct {
	main, probe *loadreport.Report
	metrics     map[string]float64
	interrupted bool
}

func (o *dbTrialOut) figures() map[string]float64 {
	f := map[string]float64{
		"throughput_rps": o.main.AchievedRPS,
		"p50_ms":         o.probe.Latency.P50MS,
		"p99_ms":         o.probe.Latency.P99MS,
		"all_p99_ms":     o.main.Latency.P99MS,
		"stalls":         o.metrics["waitlab_target_loop_stalls_total"],
		"errors_pct":     0,
		"gencpu":         o.main.GeneratorCPUPct + o.probe.GeneratorCPUPct,
	}
	if n := o.main.Requests + o.probe.Requests; n > 0 {
		f["errors_pct"] = 100 * float64(o.main.ErrorCount+o.probe.ErrorCount) / float64(n)
	}
	if n := o.metrics["waitlab_target_requests_total"]; n > 0 {
		f["db_pct"] = 100 * o.metrics["waitlab_target_db_calls_total"] / n
	}
	if o.main.TargetCPUPct != nil {
		f["srvcpu"] = *o.main.TargetCPUPct
	}
	return f
}

// dbTrial starts a fresh target with targs on the server's CPUs and runs
// the closed load and the probe at once on the generator's: the load
// sends `/` (the target draws the 1% that call the database), the probe
// `/?block=0s` (a request that never calls it) at a fixed rate.
func (r *Bench) dbTrial(ctx context.Context, targs []string, procs int, d, w time.Duration) (*dbTrialOut, error) {
	place := supervise.Place()
	exe := r.Opt.Exe
	cfg := launch.Config{Engine: launch.Go, Listen: "127.0.0.1:0", Drain: launch.Duration(2 * time.Second), Flags: targs}
	tg, err := r.procs.startTarget(ctx, "target", exe, place.Target, []string{"GOMAXPROCS=" + strconv.Itoa(procs)}, cfg)
	if err != nil {
		return nil, err
	}
	defer tg.stop(5 * time.Second)
	dir, err := os.MkdirTemp("", "waitlab-exp-")
	if err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	defer os.RemoveAll(dir)
	base := "http://" + tg.Addr
	load := closedSpec(dbVUs, d, w, 10*time.Second)
	load.URL, load.TargetPID, load.TargetMetrics = base+"/", tg.PID, base+"/metrics"
	probe := openSpec(dbProbeRate, d, w, 10*time.Second, 64)
	probe.URL, probe.TargetPID, probe.TargetMetrics = base+"/?block=0s", tg.PID, "off"
	specs := [2]loadgen.Spec{load, probe}
	var wg sync.WaitGroup
	var errs [2]error
	var results [2]*loadresult.Result
	for i, name := range []string{"load", "probe"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = r.runGenerator(ctx, name, place.Generator, dir, specs[i])
		}()
	}
	wg.Wait()
	out := &dbTrialOut{metrics: scrapeSums(base+"/metrics", []string{"waitlab_target_loop_stalls_total",
		"waitlab_target_db_calls_total", "waitlab_target_db_errors_total", "waitlab_target_requests_total"})}
	var reps [2]*loadreport.Report
	for i, res := range results {
		if errs[i] != nil {
			return nil, errs[i]
		}
		out.interrupted = out.interrupted || res.Interrupted
		reps[i] = loadreport.Analyze(res, r.Opt.Lang)
	}
	out.main, out.probe = reps[0], reps[1]
	return out, nil
}

// startMariaDB initialises a throw-away datadir in a temp dir
// (mariadb-install-db), starts mariadbd on a free loopback port with its
// socket and pid file there, pinned to cpus, and waits until it greets a
// client, and returns its address. stop ends the server and deletes the directory; both processes
// are children of the experiment (stopped also on Ctrl-C).
func (r *Bench) startMariaDB(ctx context.Context, server, installDB string, cpus []int) (addr string, stop func(), err error) {
	dir, err := os.MkdirTemp("", "waitlab-mariadb-")
	if err != nil {
		return "", nil, err
	}
	removeDir := func() { os.RemoveAll(dir) }
	var user []string
	if os.Geteuid() == 0 {
		user = []string{"--user=root"} // mariadbd refuses to run as root without it
	}
	data := filepath.Join(dir, "data")
	iargs := append([]string{"--no-defaults", "--datadir=" + data, "--auth-root-authentication-method=normal",
		"--skip-test-db", "--innodb-log-file-size=8M"}, user...)
	if _, err := r.procs.runToEnd(ctx, "mariadb-install-db", installDB, cpus, iargs...); err != nil || ctx.Err() != nil {
		removeDir()
		if err == nil {
			err = ctx.Err()
		}
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		removeDir()
		return "", nil, err
	}
	addr = ln.Addr().String()
	ln.Close()
	_, port, _ := net.SplitHostPort(addr)
	sargs := append([]string{"--no-defaults", "--datadir=" + data, "--bind-address=127.0.0.1", "--port=" + port,
		"--socket=" + filepath.Join(dir, "mariadb.sock"), "--pid-file=" + filepath.Join(dir, "mariadb.pid"),
		"--log-error=" + filepath.Join(dir, "error.log"), "--skip-name-resolve",
		"--innodb-log-file-size=8M", "--innodb-buffer-pool-size=16M", "--max-connections=200"}, user...)
	p, _, err := r.procs.start("mariadbd", server, cpus, nil, false, sargs...)
	if err != nil {
		removeDir()
		return "", nil, err
	}
	p.Addr = addr
	stop = func() { p.stop(15 * time.Second); removeDir() }
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if mariaDBGreets(addr) {
			return addr, stop, nil
		}
		select {
		case <-p.waited:
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			stop()
			return "", nil, fmt.Errorf("mariadbd exited: %v: %s", p.err, lastLines(string(log), 5))
		case <-time.After(50 * time.Millisecond):
		}
	}
	stop()
	if ctx.Err() != nil {
		return "", nil, ctx.Err()
	}
	return "", nil, fmt.Errorf("mariadbd did not accept connections on %s within 30 s", addr)
}

// mariaDBGreets reports whether a server at addr sends the MySQL
// protocol's greeting (protocol version 10) on connect: it is up.
func mariaDBGreets(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(time.Second))
	var hdr [5]byte
	if _, err := io.ReadFull(c, hdr[:]); err != nil {
		return false
	}
	return hdr[4] == 10
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
