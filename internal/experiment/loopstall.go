//go:build linux

package experiment

import (
	"context"
	"fmt"
	"io"
	"math"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/stats"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// Experiment 2: one event loop that also accepts (a single Java NIO
// selector), real TCP connections that each send one request at once.
// First 500 connections, with and without one handler blocking 100 ms
// once: every request behind the stall pays. Then 2,000 connections with
// the listen backlog at 128 and at 4,096, the connects fired in one burst
// from several threads while the only loop is stalled by a first
// request: the accept queue fills for real, the kernel's ListenOverflows
// and ListenDrops counters (/proc/net/netstat) say how often it dropped a
// SYN, and the clients whose SYN was dropped come back at TCP's
// retransmission intervals (1 s, then 3 s, 7 s, ...).

const stallSource = "Book chapter on Netty event loops, \"One event loop, one stall\" (Java NIO Selector, 500 connections, 8-core laptop, JDK 25)"

func init() {
	Register(&Experiment{Name: "loop-stall", Order: 2, Run: runLoopStall, Claims: stallClaims, JVM: runLoopStallJVM, JDK: stallJDK})
}

var stallClaims = []ClaimDef{
	{ID: "ls.batch-500", Source: "exp.src.stall", Published: 87, Quantity: "latency", Unit: "ms", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
	{ID: "ls.p50-500", Source: "exp.src.stall", Published: 36, Quantity: "latency", Unit: "ms", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
	{ID: "ls.p99-500", Source: "exp.src.stall", Published: 63, Quantity: "latency", Unit: "ms", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
	// "17 platform threads": the server's OS threads serving 500
	// connections on one loop.
	{ID: "ls.threads", Source: "exp.src.stall", Published: 17, Quantity: "count", Digits: 0, Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
	// 178-243 ms and 119-142 ms against 87 and 36: the stall adds 91-156
	// ms to the batch and 83-106 ms to p50; the middles, ± half the range.
	{ID: "ls.stall-batch", Source: "exp.src.stall", Published: (178+243)/2.0 - 87, Quantity: "latency", Unit: "ms", Tolerance: 0.27, TolWhy: "exp.tol.range", Null: 0},
	{ID: "ls.stall-p50", Source: "exp.src.stall", Published: (119+142)/2.0 - 36, Quantity: "latency", Unit: "ms", Tolerance: 0.13, TolWhy: "exp.tol.range", Null: 0},
	// 2,000 connections, 15 runs: 7 fast (126-189 ms), 6 at whole
	// seconds, 2 not done within 30 s.
	{ID: "ls.2000-slow", Source: "exp.src.stall", Published: 100 * 8.0 / 15, Quantity: "runshare", Unit: "%", Digits: 0, Tolerance: 0.5, TolWhy: "exp.tol.coin", Null: 0},
	{ID: "ls.2000-undone", Source: "exp.src.stall", Published: 100 * 2.0 / 15, Quantity: "runshare", Unit: "%", Digits: 0, Tolerance: 0.5, TolWhy: "exp.tol.coin", Null: 0},
	{ID: "ls.2000-fast-batch", Source: "exp.src.stall", Published: (126 + 189) / 2.0, Quantity: "latency", Unit: "ms", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull},
}

type burstCond struct {
	key     string
	conns   int
	backlog int
	stall   bool // one request blocks 100 ms once
	// stallFirst sends the blocking request before the burst and waits
	// until the loop has it: the stall's position is controlled (every
	// request of the burst is behind it).
	stallFirst bool
	// stallAfter, when above 0, sends the blocking request on a
	// connection opened before the burst once that share of the burst's
	// connects is done: the stall lands while most requests are queued
	// at the server, so it sits in front of them.
	stallAfter float64
	runs       int
	// deadline is how long a run waits for its requests.
	deadline time.Duration
	// raw opens the burst as the source's NIO client did: every
	// non-blocking connect() back to back from one thread (rawBurst),
	// not a goroutine per net.Dial.
	raw bool
}

// burstOutcome is one run of a burst, for the per-run list.
type burstOutcome struct {
	batch     float64
	undone    float64
	overflows float64 // ListenOverflows plus ListenDrops added
	slow      float64 // connects that took 0.9 s or more
}

func runLoopStall(ctx context.Context, r *Bench) error {
	t := r.T
	// The source ran 15; the share of slow runs is a coin the race
	// tosses each run, and over 15 runs its 95% interval (about ±25
	// points at one half) is wider than the ±50% tolerance's band
	// (27-80%), so the claim could never be decided: 40 runs narrow it
	// to about ±15 points. A run takes 0.2-1.2 s.
	runs128, runs4096 := 40, 20
	big := 2000
	deadline := 30 * time.Second
	if r.Opt.Quick {
		runs128, runs4096, big, deadline = 2, 2, 1000, 5*time.Second
	}
	runs := r.Opt.Repeat
	t.Recipe = r.T_("exp.ls.recipe", r.Opt.Repeat, Num(float64(big), 0), runs128, runs4096, deadline.Seconds())
	t.Scaling = r.placementNote() + " " + r.T_("exp.ls.sysctl", sysctl("net/core/somaxconn"), sysctl("net/ipv4/tcp_syn_retries"),
		sysctl("net/ipv4/tcp_abort_on_overflow"), sysctl("net/ipv4/tcp_max_syn_backlog"), sysctl("net/ipv4/tcp_syncookies"))
	t.Columns = []Column{
		{Key: "batch_ms", Label: r.T_("exp.ls.col.batch"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 1},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 1},
		{Key: "slow", Label: r.T_("exp.ls.col.slow"), Digits: 0},
		{Key: "undone", Label: r.T_("exp.ls.col.undone"), Digits: 0},
		{Key: "overflows", Label: "ListenOverflows Δ", Digits: 0},
		{Key: "drops", Label: "ListenDrops Δ", Digits: 0},
		{Key: "threads", Label: r.T_("exp.col.osthreads"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
		{Key: "burst_rate", Label: r.T_("exp.ls.col.burst"), Digits: 1},
		{Key: "issue_rate", Label: r.T_("exp.ls.col.issue"), Digits: 1},
	}
	t.Published = &Published{Source: stallSource,
		Columns: []string{r.T_("exp.md.condition"), r.T_("exp.ls.col.batch"), "p50 (ms)", "p99 (ms)"},
		Rows: [][]string{
			{r.T_("exp.ls.pub.500"), "87", "36", "63"},
			{r.T_("exp.ls.pub.500stall"), "178–243", "119–142", ""},
			{r.T_("exp.ls.pub.2000"), r.T_("exp.ls.pub.2000.v"), "", ""},
		},
		Note: r.T_("exp.ls.pub.note")}
	small := []string{"ls.batch-500", "ls.p50-500", "ls.p99-500", "ls.stall-batch", "ls.stall-p50"}
	bigIDs := []string{"ls.2000-slow", "ls.2000-undone", "ls.2000-fast-batch"}
	conds := []burstCond{
		{"500", 500, 4096, false, false, 0, runs, deadline, false},
		{"500-stall", 500, 4096, true, false, 0.2, runs, deadline, false},
		// The published condition: no stall, the default backlog, the
		// connections opened in one burst.
		{"big-128", big, 128, false, false, 0, runs128, deadline, true},
		{"big-4096", big, 4096, false, false, 0, runs4096, deadline, true},
	}
	if !r.Opt.Quick {
		// The variant that provokes the overflow: the burst arrives while
		// a first request holds the only loop. A separate row, no claim.
		conds = append(conds, burstCond{"provoked-128", big, 128, true, true, 0, runs, deadline, true})
	}
	slowAt := map[string][]float64{}
	perRun := map[string][]burstOutcome{}
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		if strings.HasPrefix(c.key, "500") && !r.Wants(small...) || strings.HasPrefix(c.key, "big") && !r.Wants(bigIDs...) ||
			c.key == "provoked-128" && len(r.Opt.Only) > 0 {
			continue
		}
		samples := Samples{}
		label := r.T_("exp.ls.row."+c.key, Num(float64(c.conns), 0), c.backlog)
		// Run 0 is the uncounted warm-up (a fresh server each run, so it
		// warms the binary, the page cache and the kernel's socket
		// allocations, not the server).
		for i := r.firstRun(); i <= c.runs && ctx.Err() == nil; i++ {
			r.Progressf("exp.progress.burst", label, i, c.runs)
			f, slow, err := r.burst(ctx, c)
			if err != nil {
				if ctx.Err() != nil {
					break
				}
				return fmt.Errorf("experiment loop-stall: %s: %w", label, err)
			}
			if i == 0 {
				continue
			}
			samples.Add(f)
			slowAt[c.key] = append(slowAt[c.key], slow...)
			perRun[c.key] = append(perRun[c.key], burstOutcome{batch: f["batch_ms"], undone: f["undone"], overflows: f["overflows"] + f["drops"], slow: f["slow"]})
		}
		if len(samples) == 0 {
			break
		}
		row := t.AddRow(c.key, label, samples.Cells())
		if c.key == "500" {
			row.SetPublished("batch_ms", 87)
			row.SetPublished("p50_ms", 36)
			row.SetPublished("p99_ms", 63)
		}
	}
	stallNotes(r, slowAt, perRun, big, deadline)
	t.Plots = []Plot{{File: "loop-stall.svg", Title: t.Title, Keys: []string{"batch_ms", "p50_ms", "overflows"}}}
	return nil
}

// burstRun starts a fresh one-loop target, fires c.conns connections that
// each send one request, and returns the run's figures and the latencies
// (ms) of the connects that took 900 ms or more.
func (r *Bench) burstRun(ctx context.Context, c burstCond) (map[string]float64, []float64, error) {
	place := supervise.Place()
	tg, err := r.procs.startTarget(ctx, "target", r.Opt.Exe, place.Target, nil, launch.Config{Engine: launch.Go,
		Listen: "127.0.0.1:0", Drain: launch.Duration(time.Second), Model: "loop", Threads: 1, Backlog: c.backlog,
		Flags: []string{"--acceptor", "shared"}})
	if err != nil {
		return nil, nil, err
	}
	defer tg.stop(5 * time.Second)
	restore, pinErr := supervise.PinSelf(place.Generator)
	defer restore()
	if pinErr != nil { // the one policy: say so and go on unpinned
		r.Note("http.pin.failed", pinErr.Error())
	}
	n0 := readNetstat()
	var stallConn net.Conn
	if c.stallFirst {
		// The first request stalls the only loop for 100 ms; the burst
		// starts once it is surely being served.
		stallConn, err = net.DialTimeout("tcp", tg.Addr, 5*time.Second)
		if err != nil {
			return nil, nil, err
		}
		defer stallConn.Close()
		if _, err := io.WriteString(stallConn, "GET /?block=100ms HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			return nil, nil, err
		}
		time.Sleep(5 * time.Millisecond) // lets the loop read it: the stall, not a measurement, depends on it
	}
	var stallWrite func()
	if c.stallAfter > 0 {
		stallConn, err = net.DialTimeout("tcp", tg.Addr, 5*time.Second)
		if err != nil {
			return nil, nil, err
		}
		defer stallConn.Close()
		var once sync.Once
		stallWrite = func() {
			once.Do(func() { _, _ = io.WriteString(stallConn, "GET /?block=100ms HTTP/1.1\r\nHost: x\r\n\r\n") })
		}
		defer stallWrite() // a burst whose connects all failed still ends
	}
	cpu0 := sysinfo.ProcessCPU()
	var lat, dial, connAt []float64
	var start time.Time
	issue := math.NaN()
	if c.raw {
		start = time.Now()
		if lat, dial, connAt, issue, err = rawBurst(ctx, tg.Addr, c.conns, start.Add(c.deadline)); err != nil {
			return nil, nil, err
		}
	} else {
		lat, dial, connAt, start = dialBurst(ctx, c, tg.Addr, stallWrite)
	}
	wall := time.Since(start)
	genCPU := 100 * float64(sysinfo.ProcessCPU()-cpu0) / float64(wall) / float64(max(len(place.Generator), 1))
	threads, _ := sysinfo.PidThreads(tg.PID)
	n1 := readNetstat()
	f, slow := burstFigures(c, lat, dial, connAt)
	f["overflows"] = n1["ListenOverflows"] - n0["ListenOverflows"]
	f["drops"] = n1["ListenDrops"] - n0["ListenDrops"]
	f["threads"], f["gencpu"] = float64(threads), genCPU
	if issue > 0 {
		f["issue_rate"] = float64(c.conns) / issue
	}
	return f, slow, nil
}

// dialBurst opens c.conns connections from a goroutine each (net.Dial),
// released together at start, each sending one request; the connect
// that completes the stallAfter share calls stallWrite. It returns what
// rawBurst returns, but for the issue time, and when the goroutines
// were released.
func dialBurst(ctx context.Context, c burstCond, addr string, stallWrite func()) (lat, dial, connAt []float64, start time.Time) {
	var dialed atomic.Int64
	stallAt := int64(math.Ceil(c.stallAfter * float64(c.conns)))
	lat, dial, connAt = make([]float64, c.conns), make([]float64, c.conns), make([]float64, c.conns)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	deadline := time.Now().Add(c.deadline)
	for i := 0; i < c.conns; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			lat[i] = math.NaN()
			<-gate
			d := net.Dialer{Deadline: deadline}
			t0 := time.Now()
			conn, err := d.DialContext(ctx, "tcp", addr)
			if err != nil {
				return
			}
			dial[i] = float64(time.Since(t0)) / 1e6
			connAt[i] = float64(time.Since(start)) / 1e6
			defer conn.Close()
			_ = conn.SetDeadline(deadline)
			if n := dialed.Add(1); stallWrite != nil && n >= stallAt {
				stallWrite()
			}
			if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
				return
			}
			if _, err := httpwire.ReadResponse(conn, make([]byte, httpwire.MaxHeader), false); err == nil {
				lat[i] = float64(time.Since(start)) / 1e6
			}
		}(i)
	}
	start = time.Now()
	close(gate)
	wg.Wait()
	return lat, dial, connAt, start
}

// burstFigures are a burst's figures from each connection's latency
// (ms from the start, NaN when not done), connect time and connect end,
// and the connect times of 900 ms or more.
func burstFigures(c burstCond, lat, dial, connAt []float64) (map[string]float64, []float64) {
	// A connect that took 900 ms or more had its SYN dropped and
	// retransmitted (the first retransmission is 1 s after the SYN).
	var done, slow []float64
	burst, fastN := 0.0, 0
	for i, v := range lat {
		if !math.IsNaN(v) {
			done = append(done, v)
		}
		if dial[i] >= 900 {
			slow = append(slow, dial[i])
		} else if dial[i] > 0 {
			burst, fastN = max(burst, connAt[i]), fastN+1
		}
	}
	slices.Sort(done)
	f := map[string]float64{
		"undone": float64(c.conns - len(done)),
		"slow":   float64(len(slow)),
	}
	if fastN > 0 && burst > 0 {
		// The connects the kernel did not drop: how fast the burst
		// arrived (per ms, up to the last of them).
		f["burst_rate"] = float64(fastN) / burst
	}
	if len(done) < c.conns {
		// Not done within the deadline: the batch lasted at least that.
		f["batch_ms"] = float64(c.deadline) / 1e6
	}
	if len(done) > 0 {
		if len(done) == c.conns {
			f["batch_ms"] = done[len(done)-1]
		}
		f["p50_ms"] = stats.NearestRank(done, 50)
		f["p99_ms"] = stats.NearestRank(done, 99)
	}
	return f, slow
}

// readNetstat returns the TcpExt counters of /proc/net/netstat (none when
// it cannot be read).
func readNetstat() map[string]float64 {
	m, err := sysinfo.Netstat()
	if err != nil {
		return map[string]float64{}
	}
	return m
}

// sysctl is a sysctl's value, "?" when it cannot be read.
func sysctl(path string) string {
	v, err := sysinfo.Sysctl(path)
	if err != nil {
		return "?"
	}
	return v
}

// burstClass sorts a run of a burst as the source did: "undone" (some
// requests not done in time), "seconds" (the kernel counted an
// accept-queue overflow and the batch took 0.9 s or more: a dropped SYN
// comes back after 1 s, and so does a dropped final ACK, whose client
// thinks it is connected until the server's SYN-ACK is retransmitted)
// or "fast". A slow batch without an overflow is the client starved of
// CPU, not a retransmission, so on a busy machine the batch time alone
// does not sort the runs.
func burstClass(o burstOutcome) string {
	switch {
	case o.undone > 0:
		return "undone"
	case o.overflows > 0 && (o.slow > 0 || o.batch >= 900):
		return "seconds"
	}
	return "fast"
}

// stallNotes judges the claims from the rows and lists each burst run's
// outcome and the kernel's overflow count.
func stallNotes(r *Bench, slowAt map[string][]float64, perRun map[string][]burstOutcome, big int, deadline time.Duration) {
	t := r.T
	r.Claim("ls.batch-500", t.Vals("500", "batch_ms"), "")
	r.Claim("ls.p50-500", t.Vals("500", "p50_ms"), "")
	r.Claim("ls.p99-500", t.Vals("500", "p99_ms"), "")
	r.Claim("ls.threads", t.Vals("500", "threads"), "")
	r.Claim("ls.stall-batch", diffs(t.Vals("500-stall", "batch_ms"), t.Vals("500", "batch_ms")), "")
	r.Claim("ls.stall-p50", diffs(t.Vals("500-stall", "p50_ms"), t.Vals("500", "p50_ms")), "")
	if r.Opt.Quick {
		why := r.T_("exp.ls.quick", Num(float64(big), 0), len(perRun["big-128"]), deadline.Seconds())
		for _, id := range []string{"ls.2000-slow", "ls.2000-undone", "ls.2000-fast-batch"} {
			r.ClaimNotRun(id, why)
		}
	} else if runs := perRun["big-128"]; len(runs) > 0 {
		var slow, undone, fast []float64
		for _, o := range runs {
			cl := burstClass(o)
			slow = append(slow, b2f(cl != "fast"))
			undone = append(undone, b2f(cl == "undone"))
			if cl == "fast" {
				fast = append(fast, o.batch)
			}
		}
		r.Claim("ls.2000-slow", slow, "")
		r.Claim("ls.2000-undone", undone, "")
		r.Claim("ls.2000-fast-batch", fast, "")
	}
	for _, key := range []string{"big-128", "big-4096", "provoked-128"} {
		runs := perRun[key]
		if len(runs) == 0 || t.Row(key) == nil {
			continue
		}
		n := map[string]int{}
		var list []string
		for i, o := range runs {
			cl := burstClass(o)
			n[cl]++
			v := Num(o.batch, 0) + " ms"
			if cl != "fast" {
				v = Num(o.batch/1000, 1) + " s"
			}
			if cl == "undone" {
				v = r.T_("exp.ls.run.undone", Num(o.undone, 0))
			}
			list = append(list, fmt.Sprintf("%d: %s (%s)", i+1, v, Num(o.overflows, 0)))
		}
		r.Note("exp.ls.note.runs", t.Row(key).Label, n["fast"], n["seconds"], n["undone"], deadline.Seconds(), strings.Join(list, "; "))
	}
	for _, key := range []string{"big-128", "big-4096"} {
		slow := slowAt[key]
		if t.Row(key) == nil || len(slow) == 0 {
			continue
		}
		near := 0
		for _, v := range slow {
			for _, s := range []float64{1000, 3000, 7000, 15000} {
				if v >= s-50 && v < s+300 {
					near++
					break
				}
			}
		}
		slices.Sort(slow)
		r.Note("exp.ls.note.slow", t.Row(key).Label, Num(float64(len(slow)), 0), Num(float64(near), 0), Num(slow[0], 0), Num(slow[len(slow)-1], 0))
	}
	if !r.Opt.Quick { // the scaled-down burst judges nothing, so it explains nothing either
		stallRace(r, big)
	}
	if ov := t.Vals("big-4096", "overflows"); len(slowAt["big-4096"]) > 0 && len(ov) > 0 && slices.Max(ov) == 0 {
		r.Note("exp.ls.note.starved", Num(float64(len(slowAt["big-4096"])), 0))
	}
	r.Note("exp.ls.note.why")
}

// stallRace says why the 2,000-connection runs at backlog 128 overflowed
// or not, from measured rates: the connect() calls issued per ms, the
// connects that completed without a retransmission per ms (the burst as
// the kernel took it, backlog 4,096: no queue limit in the way) against
// the connections the one loop answered per ms in the 500-connection
// batch. While the burst outruns the loop, the accept queue grows by the
// difference; min(backlog, somaxconn) is what the kernel keeps (128
// here), so it overflows after 128 / (burst - loop) ms unless the burst
// ends first. The sentence is chosen by what the runs did (none, some or
// all overflowed), and the rates say why.
func stallRace(r *Bench, conns int) {
	t := r.T
	burst, loop := t.Median("big-4096", "burst_rate"), 500/t.Median("500", "batch_ms")
	if math.IsNaN(burst) || math.IsNaN(loop) || t.Row("big-128") == nil {
		return
	}
	issue := t.Median("big-4096", "issue_rate")
	queue := min(128.0, parseFloatOr(sysctl("net/core/somaxconn"), 128))
	ov := t.Vals("big-128", "overflows")
	over := 0
	for _, v := range ov {
		if v > 0 {
			over++
		}
	}
	last := float64(conns) / burst // ms the burst lasts as the kernel took it
	fill := math.Inf(1)
	if burst > loop {
		fill = queue / (burst - loop)
	}
	rates := r.T_("exp.ls.note.race.rates", Num(issue, 1), Num(burst, 1), Num(loop, 1), Num(queue, 0), Num(last, 0))
	var why string
	switch {
	case burst <= loop:
		why = r.T_("exp.ls.note.race.keeps")
	default:
		why = r.T_("exp.ls.note.race.fills", Num(fill, 0))
	}
	// Both outcomes in the source's proportion is the claim's verdict;
	// both outcomes in another proportion is only lopsided.
	key := "exp.ls.note.race.lopsided"
	switch {
	case over == 0:
		key = "exp.ls.note.race.none"
	case over == len(ov):
		key = "exp.ls.note.race.all"
	case r.Verdict("ls.2000-slow") == Reproduced:
		key = "exp.ls.note.race.mixed"
	}
	r.Note(key, over, len(ov), rates+" "+why)
}

func parseFloatOr(s string, def float64) float64 {
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return v
	}
	return def
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
