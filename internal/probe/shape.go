package probe

import (
	"math"
	"runtime"

	"github.com/waitlab/waitlab/internal/msg"
)

// Shape is what limits a server, told from outside.
type Shape string

// The shapes.
const (
	Pool       Shape = "pool"       // a concurrency limit of N: a pool of N workers
	Serialized Shape = "serialized" // one section at a time: a ceiling near 1 / (time in it)
	CPU        Shape = "cpu"        // the target's CPU saturates
	Generator  Shape = "generator"  // the generator bound first: nothing is concluded about the server
	Unbounded  Shape = "unbounded"  // no limit within the range tried
	// LoopBlocked: an event loop that blocking calls stall; every request
	// that arrives during a stall waits it out (stall.go).
	LoopBlocked Shape = "loop-blocked"
	// ConnCap: connections refused or reset at a fixed number of open
	// connections, whatever the rate (a maxConnections and its backlog).
	ConnCap Shape = "connection-cap"
	// Undecided: the steps support no shape well enough; the verdict says
	// what would decide it.
	Undecided Shape = "undecided"
)

// Limits of the verdicts, each with why.
const (
	// genCPUBound: the generator's CPU, as a share of what it may use,
	// above which its own timing is not trustworthy (load vendors advise
	// under 80%; at 90% sends start to slip).
	genCPUBound = 90.0
	// lateBound: late sends (more than 5 ms after their intended time) at
	// or above this share of requests, with connections to spare, mean the
	// generator could not keep its schedule. Measured here: a generator
	// that keeps up, on a 2-core machine at a load average of 45, sent up
	// to 42% late at a breaking step; one starved of CPU on purpose sent
	// 98-100% late.
	lateBound = 75.0
	// cpuBound: the target's CPU above this share of the CPUs left to it.
	cpuBound = 0.85
	// flatBound: saturated steps whose ok throughputs are within this
	// ratio of each other show a ceiling that does not move with load.
	flatBound = 1.15
	// serialBelow: a server whose work completing at once (ceiling x
	// service time) is below this acts as one lane: a lock, or a pool of 1.
	serialBelow = 1.5
	// serialThreads: with the thread count known, a limit this many times
	// smaller than the threads (and at most 4) is not the threads' doing.
	serialThreads = 8.0
	// machineFull and cpuShare: a machine this busy (the target, the
	// generator and every other process, as a share of all its CPUs) at a
	// saturated step, serving requests whose CPU is at least cpuShare of
	// their service time, is CPU-bound although the target alone never
	// reached cpuBound: its neighbours took the rest. A request mostly
	// waiting (a pool of 8 sleeping 20 ms, 2% CPU) is not, however full
	// the machine: its limit is its threads.
	machineFull = 0.9
	cpuShare    = 0.25
	// genFullShare: a generator using this share of the machine's CPUs
	// at a step where the machine was full competed with the target for
	// them; a limit read there is not the server's (a pool of 64 x 5 ms
	// needs 12,800 req/s, which 2 CPUs cannot both send and serve).
	genFullShare = 0.25
	// genHalf: a generator using half the machine's CPUs at the step
	// that set the ceiling leaves the target the other half, however
	// busy /proc/stat says the machine was (measured: a pool of 64 read
	// 57 with the generator at 1.5 of 2 cores, the machine at 69%).
	genHalf = 0.5
	// threadsMatch: a CPU-bound server whose reported threads are within
	// this share of ceiling x service time is bound by both (the pool is
	// told, the CPU its runner-up).
	threadsMatch = 0.1
)

// Verdict is the shape and its evidence.
type Verdict struct {
	Shape      Shape
	Confidence float64
	RunnerUp   Shape
	Limit      *int
	Ceiling    *float64
	NEst       float64 // ceiling x service time at no load
	Section    float64 // serialized: 1 / ceiling, ms
	// GaveOut, for an unbounded server, is what gave out at the step that
	// broke an SLO (gaveOut); "none" when no step broke.
	GaveOut string
	// Conns, for a connection cap: the most connections open at a step
	// that held every SLO, and the fewest at one that broke.
	Conns    [2]int
	Evidence []Note
	Warnings []Note
}

// genBound says the generator, not the server, set step st's figures:
// its CPU was spent, or it sent most of its requests late while it had
// connections to spare and the server refused almost nothing (a server
// shedding work makes the generator reconnect, and late sends then are
// the server's doing). The service time is no help here: a generator
// starved of CPU reads its responses late too.
func genBound(st Step) bool {
	if st.GenCPUPct >= genCPUBound {
		return true
	}
	return !st.Closed && st.ConnsUsed < st.Conns && st.LatePct >= lateBound && st.ErrorPct < 10
}

// counts says whether a step's generator is judged: not the
// calibration's one user, the scout or a confirmation.
func counts(st Step) bool {
	return st.Kind != "calibrate" && st.Kind != "scout" && st.Kind != "confirm" && st.Kind != "check"
}

// genStrained says a step's figures deserve a warning about the generator.
func genStrained(st Step) bool {
	return st.GenCPUPct >= 80 || !st.Closed && st.LatePct >= 10
}

// Classify tells the shape from the steps. s0 and s0p50 are the mean and
// median service time at no load (ms); cpus the machine's CPUs. The
// generator and the target are taken to share CPUs; ClassifyApart is
// for a target on CPUs of its own.
func Classify(steps []Step, s0, s0p50 float64, cpus int, lang msg.Lang) Verdict {
	return classify(steps, s0, s0p50, cpus, false, lang)
}

// ClassifyApart is Classify for a generator and a target pinned to
// separate CPUs: only there can a step be seen where the server failed
// by itself while the generator was healthy (generatorBound).
func ClassifyApart(steps []Step, s0, s0p50 float64, cpus int, lang msg.Lang) Verdict {
	return classify(steps, s0, s0p50, cpus, true, lang)
}

func classify(steps []Step, s0, s0p50 float64, cpus int, apart bool, lang msg.Lang) Verdict {
	v := Verdict{}
	if cpus <= 0 {
		cpus = runtime.NumCPU()
	}
	sc := scanSteps(steps, s0)
	// The generator first: if it bound at or before the step where the
	// search broke, nothing the steps show is the server's.
	if generatorBound(&v, steps, sc.binding, s0p50, apart, lang) {
		return v
	}
	if sc.failedShare >= connFailed && sc.refusedShare >= connRefused {
		// Refused or reset instead of queued: the cap is on connections
		// (a maxConnections with its backlog full), whatever the rate.
		v.Shape, v.RunnerUp, v.Confidence = ConnCap, Pool, 0.7
		if sc.connsFailing > sc.connsHealthy {
			v.Confidence += 0.15
		}
		v.Conns = [2]int{sc.connsHealthy, sc.connsFailing}
		if len(sc.sat) > 0 {
			c := sc.ceiling
			v.Ceiling = &c
		}
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.conncap", pct1(sc.refusedShare), pct1(sc.failedShare), sc.connsHealthy, sc.connsFailing))
		return v
	}
	if len(sc.sat) == 0 {
		v.Shape = Unbounded
		v.Confidence = 0.8
		last := 0.0
		for _, st := range steps {
			last = max(last, st.OfferedRPS)
		}
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.unbounded", num0(last), num1(s0)))
		v.GaveOut = "none"
		if b := sc.binding; b != nil {
			v.Confidence = 0.6
			v.Evidence = append(v.Evidence, note(lang, "probe.ev.breach_unsaturated", b.Index, num1(b.P99MS), num1(s0)))
			var ev Note
			v.GaveOut, ev = gaveOut(*b, cpus, lang)
			v.Evidence = append(v.Evidence, ev)
		}
		return v
	}
	c := sc.ceiling
	v.Ceiling = &c
	v.NEst = c * s0 / 1e3
	// The step that shows the limit best: the saturated one offered most.
	top := sc.sat[0]
	lo, hi := top.OKRPS, top.OKRPS
	for _, st := range sc.sat {
		lo, hi = min(lo, st.OKRPS), max(hi, st.OKRPS)
		if st.OfferedRPS > top.OfferedRPS || st.Closed && top.Closed && st.VUs > top.VUs {
			top = st
		}
	}
	flat := len(sc.sat) >= 2 && lo > 0 && hi/lo <= flatBound
	v.Evidence = append(v.Evidence, note(lang, "probe.ev.ceiling", num0(c), len(sc.sat)))
	if flat {
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.flat", num0(lo), num0(hi), len(sc.sat)))
	}
	v.Evidence = append(v.Evidence, note(lang, "probe.ev.little", top.Index, num0(top.OKRPS), num1(top.SvcMeanMS), num1(top.InFlight), num1(s0), num1(top.Busy)))
	decide(&v, sc, top, flat, cpus, lang)
	return v
}

// scan is what Classify reads off the steps.
type scan struct {
	binding *Step  // the first open step that broke an SLO
	sat     []Step // the steps the server did not keep up with
	ceiling float64
	threads int // the target's thread count, when its /metrics says
	// kidThreads are the threads of the target's child processes (a
	// pre-fork server's workers), when --target-pid reads them.
	kidThreads int
	// open is the counted open steps (not a confirmation or a retake's
	// original), in order.
	open []Step
	// check is the closed check at the limit's users (probe.go's check;
	// nil: none ran).
	check *Step
	// refusedShare is the share of the open steps' failures that were
	// refused or reset connections, at the steps that broke an SLO (0
	// without failures); failedShare their failures over their requests.
	refusedShare float64
	failedShare  float64
	// connsHealthy is the most connections the generator opened at a
	// step that held every SLO, connsFailing the fewest at one that broke.
	connsHealthy, connsFailing int
	// cpuMS is the target's CPU per request at the steps it kept up with
	// (the fit's, fitCPU; 0 unknown): under contention a saturated step's
	// own grows with the spinning and the wake-ups, not with the work.
	cpuMS float64
}

func scanSteps(steps []Step, s0 float64) scan {
	var sc scan
	// The open steps tell the ceiling; the closed ones (the scout, whose
	// users also wait on the generator's own round trip) only when there
	// are no open steps (a --vus-sweep).
	anyOpen := false
	for _, st := range steps {
		anyOpen = anyOpen || !st.Closed && st.Kind != "confirm"
	}
	counted := func(st Step) bool {
		return st.Kind != "calibrate" && st.Kind != "confirm" && st.Kind != "check" && !(anyOpen && st.Closed)
	}
	var failed, refused, reqs int64
	for i := range steps {
		st := steps[i]
		if st.Kind == "check" {
			sc.check = &steps[i]
		}
		sc.threads = max(sc.threads, st.TargetThreads)
		sc.kidThreads = max(sc.kidThreads, st.TargetKidThreads)
		if !counted(st) {
			continue
		}
		if sc.binding == nil && !st.Met && st.Kind != "scout" {
			sc.binding = &steps[i]
		}
		if st.Saturated(s0) {
			sc.sat = append(sc.sat, st)
		}
		if !st.Closed {
			sc.open = append(sc.open, st)
		}
		if !st.Closed && !st.Met && st.Kind != "scout" {
			failed += st.Errors
			refused += st.ErrorKinds[KindRefused] + st.ErrorKinds[KindReset]
			reqs += st.Requests
			if sc.connsFailing == 0 || st.ConnsUsed < sc.connsFailing {
				sc.connsFailing = st.ConnsUsed
			}
		} else if !st.Closed && st.Met {
			sc.connsHealthy = max(sc.connsHealthy, st.ConnsUsed)
		}
	}
	if failed > 0 {
		sc.refusedShare = float64(refused) / float64(failed)
		sc.failedShare = float64(failed) / float64(reqs)
	}
	if s0 > 0 {
		sc.cpuMS = fitCPU(steps, s0).CPUMS
	}
	// The ceiling is the most the server ever completed, once it was
	// seen not to keep up somewhere.
	for _, st := range steps {
		if len(sc.sat) > 0 && counted(st) {
			sc.ceiling = max(sc.ceiling, st.OKRPS)
		}
	}
	return sc
}

// generatorBound sets v to Generator when the generator bound first,
// and warns of the steps up to the binding one where it strained.
//
// First means at a lower offered rate than any at which the server was
// seen to fail with the generator healthy. The step that first breaks
// an SLO is often an overshoot, far past the ceiling, where the
// generator works hard at every connection the server holds (a pool of
// 64 x 5 ms at 19,878/s: the generator's CPU at 94%); when the bisection
// below it then finds the server failing at 12,756/s with the generator
// at 33%, the server bound first. Without such a step, the generator
// bound first when it bound at or before the binding step.
//
// Only when the two are apart on CPUs (apart): sharing them, a generator
// at half its strain still takes the server's CPU (in one process, a
// pool of 64 x 5 ms read a ceiling of 57 x 5.5 ms with the generator at
// 1.16 cores), so the server is never seen failing by itself.
func generatorBound(v *Verdict, steps []Step, binding *Step, s0p50 float64, apart bool, lang msg.Lang) bool {
	alone := math.Inf(1) // the lowest rate at which the server failed by itself
	for _, st := range steps {
		if apart && !st.Closed && st.OfferedRPS > 0 && !st.Met && counts(st) && !genBound(st) {
			alone = math.Min(alone, st.OfferedRPS)
		}
	}
	for _, st := range steps {
		if !counts(st) {
			continue
		}
		first := binding == nil || st.Index <= binding.Index
		if !math.IsInf(alone, 1) {
			first = st.Closed || st.OfferedRPS < alone
		}
		if genBound(st) && first {
			v.Shape, v.Confidence = Generator, 0.9
			v.Evidence = append(v.Evidence, note(lang, "probe.ev.generator", st.Index, num1(st.GenCPUPct), num1(st.LatePct), num1(st.SvcP50MS), num1(s0p50)))
			return true
		}
		// Apart on CPUs, late sends from a generator that is mostly idle
		// are the server's: it holds every connection, or its accept
		// queue is full, so the next send waits on the server (gunicorn's
		// 4 workers at twice their ceiling: late 58%, the generator's CPU
		// 2.5%). Sharing CPUs, the same lateness can be the target taking
		// the generator's CPU, and is warned of.
		idleLate := apart && st.GenCPUPct < 50
		if genStrained(st) && !idleLate && (binding == nil || st.Index <= binding.Index) {
			v.Warnings = append(v.Warnings, note(lang, "probe.warn.generator_step", st.Index, num1(st.GenCPUPct), num1(st.LatePct)))
		}
	}
	return false
}

// decide tells a saturated server's shape: the CPU, one lane (a lock),
// or a pool of N, with the evidence.
func decide(v *Verdict, sc scan, top Step, flat bool, cpus int, lang msg.Lang) {
	// CPU: the target's CPU at the top step against what is left to it.
	var tcpu float64
	known := false
	for _, st := range sc.sat {
		if st.TargetCPUPct != nil {
			known = true
			tcpu = max(tcpu, *st.TargetCPUPct/100)
		}
	}
	avail := coresLeft(top, cpus)
	// A lock is told before the CPU: threads spinning and waking for one
	// lock can fill the CPU too, and the lock is the cause.
	threads := sc.threads
	lock := threads > 0 && v.NEst <= 4 && float64(threads) >= serialThreads*v.NEst
	// Both at once: the CPU is full, and the threads the server reports
	// explain the ceiling too (ceiling x service time within threadsMatch
	// of them). Either alone would cap it here; the pool is the shape, the
	// CPU the runner-up, and the evidence says both (a pool of 64 x 5 ms
	// on one CPU: 64.4 in service at 11,875 req/s, the CPU at 0.98 cores).
	cpuFull := known && tcpu >= cpuBound*avail && !lock
	both := cpuFull && threads > 0 && v.NEst >= serialBelow &&
		math.Abs(v.NEst-float64(threads)) <= threadsMatch*float64(threads)
	if cpuFull && !both {
		v.Shape, v.Confidence, v.RunnerUp = CPU, 0.8, Pool
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.cpu", num2(tcpu), num2(avail)))
		return
	}
	if st, full, share := fullMachine(sc.sat, cpus, 1e3*v.NEst/sc.ceiling, sc.cpuMS); st != nil && !lock && !both {
		v.Shape, v.Confidence, v.RunnerUp = CPU, 0.7, Pool
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.cpu_machine", st.Index, pct1(full), num2(*st.TargetCPUPct/100), num2(st.GenCores),
			num0(*st.OthersCPUPct), cpus, pct1(share)))
		return
	}
	if t, ok := turnsBound(sc, tcpu, avail, 1e3*v.NEst/sc.ceiling); known && ok && !lock && !both {
		v.Shape, v.Confidence, v.RunnerUp = CPU, 0.7, Pool
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.cpu_turns", num2(tcpu), num2(avail), t.threads, trimNum(sc.cpuMS, 2), trimNum(t.waitMS, 2),
			num2(t.busy), num0(t.ceiling), num0(sc.ceiling), pct1(t.ceiling/sc.ceiling-1)))
		return
	}
	switch {
	case both:
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.cpu_and_pool", num2(tcpu), num2(avail), num1(v.NEst), threads))
	case known:
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.cpu_not", num2(tcpu), num2(avail)))
	default:
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.cpu_unknown"))
	}
	if v.NEst < serialBelow || lock {
		v.Shape, v.RunnerUp = Serialized, Pool
		v.Confidence = 0.6
		if flat {
			v.Confidence += 0.1
		}
		one := 1
		v.Limit = &one
		v.Section = 1e3 / sc.ceiling
		// The cap delivered depends on how many wait for the lock (each
		// hand-off may wake a thread): the most it passed, and what it
		// passed under the deepest queue, each named.
		peak, deep := sc.sat[0], sc.sat[0]
		for _, st := range sc.sat {
			if st.OKRPS > peak.OKRPS {
				peak = st
			}
			if st.InFlight > deep.InFlight {
				deep = st
			}
		}
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.serial_cap", num0(peak.OKRPS), peak.Index, num1(peak.InFlight), num0(deep.OKRPS), deep.Index, num1(deep.InFlight), num0(sc.ceiling)))
		if threads > 0 {
			v.Confidence += 0.15
			v.Evidence = append(v.Evidence, note(lang, "probe.ev.serial_threads", threads, num1(v.NEst), num2(v.Section)))
		} else {
			v.Evidence = append(v.Evidence, note(lang, "probe.ev.serial", num1(v.NEst), num2(v.Section)))
		}
		return
	}
	if st := sharedFull(sc.sat, sc.ceiling, cpus); st != nil {
		v.Shape, v.Confidence, v.RunnerUp = Generator, 0.7, Pool
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.machine_full", st.Index, num0(100*busyShare(st, cpus)), num2(st.GenCores), cpus, num1(v.NEst)))
		return
	}
	n := int(math.Round(v.NEst))
	if why := poolUnconfirmed(sc, flat, v.NEst, n, lang); why != nil {
		v.Shape, v.Limit, v.RunnerUp, v.Confidence = Undecided, nil, Pool, 0
		v.Evidence = append(v.Evidence, *why)
		return
	}
	v.Shape, v.Limit = Pool, &n
	v.Confidence = 0.7
	if flat {
		v.Confidence += 0.15
	}
	if math.Abs(v.NEst-float64(n)) < 0.25 {
		v.Confidence += 0.1
	}
	if v.NEst < 4 {
		v.RunnerUp = Serialized
		v.Confidence -= 0.1
	} else if known && tcpu >= 0.6*avail {
		v.RunnerUp = CPU
		v.Confidence -= 0.1
		if both {
			v.Confidence -= 0.1
		}
	}
	v.Evidence = append(v.Evidence, note(lang, "probe.ev.pool", num1(v.NEst), n, num1(top.InFlight)))
	if threads > 0 {
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.pool_threads", threads, n))
	}
	if c := sc.check; c != nil {
		v.Evidence = append(v.Evidence, note(lang, "probe.ev.pool_check", c.VUs, num0(c.OKRPS), n, num0(checkExpect(c, sc.ceiling, v.NEst))))
	}
	v.Confidence = math.Min(v.Confidence, 0.95)
}

// Bounds of the pool's confirmation and of a connection cap, each with why.
const (
	// checkMatch: a closed check at N users agrees with a pool of N when
	// it completes within this share of N / service time (each user's
	// round trip adds the generator's own latency to the service time).
	checkMatch = 0.25
	// connFailed and connRefused: saturated steps that failed this share
	// of their requests, most of them refused or reset connections, met
	// a cap on connections, not a queue.
	connFailed  = 0.01
	connRefused = 0.5
)

// checkExpect is what the closed check c completes for a pool whose
// ceiling x service time is nEst at ceiling req/s: min(c.VUs, nEst) /
// service time (users past the pool's size wait for a worker). The check
// picks its users from the runner's service time, which a busy machine
// can put above the one the verdict settles on (a calibration's mean of
// 83 ms against 52 ms at the light steps: 6 users for a pool of 4).
func checkExpect(c *Step, ceiling, nEst float64) float64 {
	if nEst <= 0 {
		return 0
	}
	return math.Min(float64(c.VUs), nEst) * ceiling / nEst
}

// plateau says the throughput stopped growing with the rate: a saturated
// step completed within flatBound of what another step completed at a
// lower rate (saturated too, or the highest rate that kept up). The
// in-flight work stopped at one N over them, whatever the other
// saturated steps did: on a busy machine the steps far past the ceiling
// collapse in their own ways (a pool of 4 x 10 ms read 233, 300 and 222
// req/s at three of them; a pool of 4 x 50 ms 75 req/s kept up at 77
// offered, then 72 at 122 and, with the generator late, 60 at 80).
func plateau(sc scan) bool {
	for _, a := range sc.sat {
		for _, b := range sc.open {
			if b.Index == a.Index || b.OfferedRPS >= a.OfferedRPS || b.OKRPS <= 0 || a.OKRPS <= 0 {
				continue
			}
			if lo, hi := min(a.OKRPS, b.OKRPS), max(a.OKRPS, b.OKRPS); hi/lo <= flatBound && (b.Saturated(0) || b.OKRPS*flatBound >= sc.ceiling) {
				return true
			}
		}
	}
	return false
}

// poolUnconfirmed says what a pool of n (nEst = ceiling x service time)
// lacks, as the evidence of an undecided verdict that names what would
// decide it; nil when the pool holds: its in-flight work flat at one N
// over two saturated steps or more (flat), and the closed check at n
// users completing about n / service time. The plateau holds when two
// saturated steps agree (plateau), or all of them do (flat).
//
// Why both: a plateau alone is what a loop that its stalls fill, an
// unbounded server that gave out, or a too-short search also show (a
// stalled loop read as "a concurrency limit of 48"; a pool of 4 read at
// 30 s as no limit at all); a pool of N is the one shape that completes N
// / service time with N users.
func poolUnconfirmed(sc scan, flat bool, nEst float64, n int, lang msg.Lang) *Note {
	switch c := sc.check; {
	case !flat && !plateau(sc):
		lo, hi := sc.sat[0].OKRPS, sc.sat[0].OKRPS
		for _, st := range sc.sat {
			lo, hi = min(lo, st.OKRPS), max(hi, st.OKRPS)
		}
		w := note(lang, "probe.undecided.plateau", len(sc.sat), num0(lo), num0(hi))
		return &w
	case c == nil && len(sc.open) == 0:
		// A closed sweep (--vus-sweep): its own steps are closed runs at
		// 1, 2, 4, ... users, the check's evidence already.
	case c == nil:
		w := note(lang, "probe.undecided.no_check", n)
		return &w
	case c != nil:
		exp := checkExpect(c, sc.ceiling, nEst)
		if exp <= 0 || math.Abs(c.OKRPS/exp-1) > checkMatch {
			w := note(lang, "probe.undecided.check", c.VUs, num0(c.OKRPS), n, num0(exp))
			return &w
		}
	}
	return nil
}

// gaveOut names what gave out at b, the first step that broke an SLO
// while the server kept up (unbounded: no queue grew): the generator (it
// strained), a JVM's heap (its /metrics: the collector busy, heapGaveOut),
// the target's CPU (--target-pid or its /metrics, at cpuBound of what
// was left to it), connections (refused or reset), answers in time
// (timeouts), HTTP errors, or else the latency alone. A server that ran
// out of heap altogether stops answering: a failure with the last
// healthy rate, and what gave out named by deadGaveOut.
func gaveOut(b Step, cpus int, lang msg.Lang) (string, Note) {
	k := b.ErrorKinds
	switch {
	case genStrained(b):
		return "generator", note(lang, "probe.ev.gave_out.generator", b.Index, num1(b.GenCPUPct), num1(b.LatePct))
	case heapGaveOut(b.JVM):
		// Before the CPU: a collector short of heap fills the CPU too,
		// and the heap is the cause.
		return "heap", heapNote(lang, "probe.ev.gave_out.heap", b.Index, b.JVM)
	case b.TargetCPUPct != nil && *b.TargetCPUPct/100 >= cpuBound*coresLeft(b, cpus):
		return "cpu", note(lang, "probe.ev.gave_out.cpu", b.Index, num2(*b.TargetCPUPct/100), num2(coresLeft(b, cpus)))
	case k[KindRefused]+k[KindReset] > 0 && k[KindRefused]+k[KindReset] >= k[KindTimeout]+k[KindStatus]:
		return "connections", note(lang, "probe.ev.gave_out.connections", b.Index, kindsText(lang, k, b.StatusCodes))
	case k[KindTimeout] > 0 && k[KindTimeout] >= k[KindStatus]:
		return "timeouts", note(lang, "probe.ev.gave_out.timeouts", b.Index, kindsText(lang, k, b.StatusCodes))
	case k[KindStatus] > 0:
		return "errors", note(lang, "probe.ev.gave_out.errors", b.Index, kindsText(lang, k, b.StatusCodes))
	}
	return "latency", note(lang, "probe.ev.gave_out.latency", b.Index, num1(b.P50MS), num1(b.P99MS))
}

// turns is what a CPU-bound server's threads taking turns predict.
type turns struct {
	threads int
	waitMS  float64 // each request's time off the CPU
	busy    float64 // cores busy at the ceiling
	ceiling float64 // req/s
}

// turnsBound says the server's known threads, taking turns on its cores,
// explain the ceiling and the CPU it reached there (tcpu of avail cores;
// s0 the no-load service time, ms), although that CPU is under cpuBound.
//
// Why: the kernel slices a core among the runnable threads, so N threads
// that each need c ms of CPU, all runnable at once, finish their turns
// together after N*c/k ms on k cores, then wait their w = s0 - c ms off
// the CPU at once, and the cores idle meanwhile. The ceiling is
// N / (N*c/k + w) and the cores are busy N*c / (N*c/k + w). gunicorn's 4
// sync workers with 4.4 ms of CPU and 4.3 ms asleep on one core: 183
// req/s at 0.80 busy by this account; measured 188-189 req/s at
// 0.82-0.83, where a pool of 4 would give 465 and a CPU that never idles
// 227. Read as a pool, Little's law made it a pool of 2.
//
// Only where the CPU is a large share of the service time (cpuShare),
// the threads are known (the /metrics count, or a pre-fork server's
// children), the account keeps the cores busy at least turnsBusy of
// avail (a pool whose threads mostly wait is its threads' limit, not the
// CPU's), and both figures agree with the measured ones within
// turnsMatch.
func turnsBound(sc scan, tcpu, avail, s0 float64) (turns, bool) {
	n := sc.threads
	if n == 0 {
		n = sc.kidThreads
	}
	c := sc.cpuMS
	if n <= 0 || c <= 0 || s0 <= c || c < cpuShare*s0 || avail <= 0 || sc.ceiling <= 0 {
		return turns{}, false
	}
	w := s0 - c
	cycle := float64(n)*c/avail + w
	t := turns{threads: n, waitMS: w, busy: float64(n) * c / cycle, ceiling: 1e3 * float64(n) / cycle}
	ok := t.busy >= turnsBusy*avail && math.Abs(t.ceiling/sc.ceiling-1) <= turnsMatch && math.Abs(tcpu-t.busy) <= turnsMatch*avail
	return t, ok
}

// turnsBusy and turnsMatch bound turnsBound's account (see there).
const (
	turnsBusy  = 0.6
	turnsMatch = 0.1
)

// coresLeft is the CPU the target could have used at st: the machine's
// CPUs less the generator's use, and no more than its affinity allows (a
// target pinned to one CPU of two has one, however idle the other).
func coresLeft(st Step, cpus int) float64 {
	left := math.Max(float64(cpus)-st.GenCores, 1)
	if st.TargetCores > 0 {
		left = math.Min(left, float64(st.TargetCores))
	}
	return left
}

// sharedFull is a step at which the whole machine was machineFull busy
// while the generator used genFullShare of its CPUs (or the generator
// alone used genHalf of them): the step that set
// the ceiling, or the first saturated one when every saturated step was
// so. There the target's ceiling is what the generator left it, and a
// limit read from it was not seen in the server.
func sharedFull(sat []Step, ceiling float64, cpus int) *Step {
	var first, top *Step
	all := len(sat) > 0
	for i := range sat {
		st := &sat[i]
		gen := st.GenCores / float64(cpus)
		full := busyShare(st, cpus) >= machineFull && gen >= genFullShare || gen >= genHalf
		all = all && full
		if full && (first == nil || st.OfferedRPS < first.OfferedRPS) {
			first = st
		}
		if full && st.OKRPS >= ceiling {
			top = st
		}
	}
	if top != nil {
		return top
	}
	if all {
		return first
	}
	return nil
}

// busyShare is how busy the whole machine was at st (0..1): /proc/stat's
// reading, or what the generator, the target (in its own process) and
// the other processes used, whichever is more (the two are read over
// slightly different spans, and the larger is the safer for a verdict
// that withholds a conclusion).
func busyShare(st *Step, cpus int) float64 {
	used := st.GenCores / float64(cpus)
	if st.TargetCPUPct != nil && !st.TargetInProcess {
		used += *st.TargetCPUPct / 100 / float64(cpus)
	}
	if st.OthersCPUPct != nil {
		used += *st.OthersCPUPct / 100
	}
	return math.Max(st.MachinePct/100, used)
}

// fullMachine is the saturated step at which the whole machine was
// machineFull busy while the target's CPU was cpuShare or more of each
// request's service time, with that fullness and share; nil when none.
//
// The share is the CPU per request where the server kept up (cpuMS) of
// the service time at no load (s0 ms): a saturated step's own service
// time has the queue in it.
func fullMachine(sat []Step, cpus int, s0, cpuMS float64) (*Step, float64, float64) {
	share := cpuMS / s0
	for i := range sat {
		st := &sat[i]
		if st.TargetCPUPct == nil || st.OthersCPUPct == nil || cpuMS <= 0 || s0 <= 0 {
			continue
		}
		full := (*st.TargetCPUPct/100+st.GenCores)/float64(cpus) + *st.OthersCPUPct/100
		if full >= machineFull && share >= cpuShare {
			return st, full, share
		}
	}
	return nil, 0, 0
}

func num0(v float64) string { return trimNum(v, 0) }
func num1(v float64) string { return trimNum(v, 1) }
func num2(v float64) string { return trimNum(v, 2) }
