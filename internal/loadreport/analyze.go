package loadreport

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// Percentiles is a latency summary in milliseconds over Samples values.
// Over no samples there is no latency: every figure is "no data" (null in
// JSON, never 0), and a threshold on it is breached.
type Percentiles struct {
	Samples int64   `json:"samples"`
	MinMS   float64 `json:"min_ms"`
	MeanMS  float64 `json:"mean_ms"`
	P50MS   float64 `json:"p50_ms"`
	P90MS   float64 `json:"p90_ms"`
	P95MS   float64 `json:"p95_ms"`
	P99MS   float64 `json:"p99_ms"`
	P999MS  float64 `json:"p999_ms"`
	MaxMS   float64 `json:"max_ms"`
}

// NoData reports whether the summary is over no samples.
func (p Percentiles) NoData() bool { return p.Samples == 0 }

// MarshalJSON writes null for every figure when there are no samples.
func (p Percentiles) MarshalJSON() ([]byte, error) {
	type plain Percentiles
	if !p.NoData() {
		return json.Marshal(plain(p))
	}
	return json.Marshal(struct {
		Samples int64    `json:"samples"`
		MinMS   *float64 `json:"min_ms"`
		MeanMS  *float64 `json:"mean_ms"`
		P50MS   *float64 `json:"p50_ms"`
		P90MS   *float64 `json:"p90_ms"`
		P95MS   *float64 `json:"p95_ms"`
		P99MS   *float64 `json:"p99_ms"`
		P999MS  *float64 `json:"p999_ms"`
		MaxMS   *float64 `json:"max_ms"`
	}{})
}

// Point is one second of the series as reports show it. A second without
// a successful response has no latency: P50MS and P99MS are nil (null).
type Point struct {
	T         int64    `json:"t"`
	RPS       float64  `json:"rps"` // requests finished in this second
	OK        int64    `json:"ok"`
	Errors    int64    `json:"errors"`
	P50MS     *float64 `json:"p50_ms"`
	P99MS     *float64 `json:"p99_ms"`
	GenCPUPct float64  `json:"gen_cpu_pct,omitempty"`
	Partial   bool     `json:"partial,omitempty"` // the second straddles the window's end
}

// Warning is a validity warning: a stable code and a sentence saying what
// it means and what to do.
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Report is what every output shows, computed from a Result. Its JSON form
// is `waitlab load --json`.
type Report struct {
	Model           string             `json:"model"` // open | closed
	Arrival         string             `json:"arrival"`
	Stages          string             `json:"stages,omitempty"`
	URL             string             `json:"url"`
	Interrupted     bool               `json:"interrupted"` // the run was stopped before its end: no verdict
	WindowS         float64            `json:"window_s"`
	OfferedRPS      float64            `json:"offered_rps"`
	AchievedRPS     float64            `json:"achieved_rps"`
	OKRPS           float64            `json:"ok_rps"`
	Requests        int64              `json:"requests"`
	OK              int64              `json:"ok"`
	ErrorCount      int64              `json:"error_count"`
	Errors          map[string]int64   `json:"errors"`
	Late            int64              `json:"late"`
	Unsent          int64              `json:"unsent"`
	Latency         Percentiles        `json:"latency"`
	ServiceTime     Percentiles        `json:"service_time"`
	InFlight        float64            `json:"in_flight"`
	Series          []Point            `json:"series"`
	Warnings        []Warning          `json:"warnings"`
	GeneratorCPUPct float64            `json:"generator_cpu_pct"`
	TargetCPUPct    *float64           `json:"target_cpu_pct,omitempty"` // % of one CPU
	OthersCPUPct    *float64           `json:"others_cpu_pct,omitempty"` // % of the machine
	Connections     int                `json:"connections"`
	ConnectionsUsed int                `json:"connections_used"`
	Files           int                `json:"files,omitempty"`
	RunID           string             `json:"run_id,omitempty"`
	Engine          string             `json:"engine,omitempty"`     // epoll | goroutines
	EngineWhy       string             `json:"engine_why,omitempty"` // why not the epoll engine
	Inputs          []loadresult.Input `json:"inputs,omitempty"`     // every result merged into this report
	Sequential      bool               `json:"merged_sequential,omitempty"`
	GenPeakRSSMB    float64            `json:"gen_peak_rss_mb,omitempty"`
	Breaches        []string           `json:"threshold_breaches,omitempty"`
	// Thresholds is every rule's outcome, met or breached (see conventions.go).
	Thresholds []ThresholdResult `json:"thresholds"`
	// StatusCounts counts responses by HTTP status: "2xx" for the ok ones,
	// the code for every other status.
	StatusCounts map[string]int64         `json:"status_counts"`
	Warmup       *loadresult.WarmupCounts `json:"warmup,omitempty"`
	TargetStalls *loadresult.TargetStalls `json:"target_stalls,omitempty"`

	res     *loadresult.Result
	latHist *hdrhistogram.Histogram
	svcHist *hdrhistogram.Histogram

	// BytesReceived is every byte of response read, warm-up included.
	BytesReceived int64 `json:"bytes_received"`
}

// Warning thresholds.
const (
	genCPULimit      = 80.0 // % of what the generator may use
	genBoundLimit    = 90.0
	achievedMin      = 0.95
	errorRateMax     = 0.01
	minSamplesForP99 = 1000
	lateMax          = 0.01
	neighbourMax     = 10.0 // % of the machine
)

func summarize(h *loadresult.Hist) Percentiles {
	if h.Count == 0 {
		return Percentiles{}
	}
	hh := h.Histogram()
	q := func(p float64) float64 {
		return float64(hh.ValueAtQuantile(p)) / 1e3 // microseconds -> ms
	}
	return Percentiles{
		Samples: h.Count,
		MeanMS:  float64(h.SumNS) / float64(h.Count) / 1e6,
		P50MS:   q(50), P90MS: q(90), P99MS: q(99), P999MS: q(99.9),
		P95MS: q(95), MinMS: minMS(h),
		MaxMS: float64(h.MaxNS) / 1e6,
	}
}

// Analyze computes the report of r: rates, percentiles, the series, and
// every validity warning, in lang.
func Analyze(r *loadresult.Result, lang msg.Lang) *Report {
	rep := &Report{
		Model: r.Model, Arrival: r.Arrival, Stages: r.Stages, URL: r.URL, Interrupted: r.Interrupted, Warmup: r.Warmup, TargetStalls: r.TargetStalls,
		Requests: r.Requests, OK: r.OK, Late: r.Late, Unsent: r.Unsent,
		Errors: map[string]int64{}, Connections: r.Connections, ConnectionsUsed: r.Opened,
		Files: r.Files, RunID: r.RunID, Engine: r.Engine, EngineWhy: r.EngineWhy, Inputs: r.Inputs, Sequential: r.Sequential, res: r, latHist: r.Latency.Histogram(), svcHist: r.Service.Histogram(),
		Series: []Point{}, Warnings: []Warning{},
	}
	for k, n := range r.Errors {
		rep.Errors[k] = n
		rep.ErrorCount += n
	}
	w := r.Window().Seconds()
	rep.WindowS = w
	if w > 0 {
		if r.Model == "open" {
			rep.OfferedRPS = float64(r.Offered) / w
		}
		// Completions inside the window only: a response after its end
		// would inflate a rate over it.
		rep.AchievedRPS = float64(r.WindowRequests) / w
		rep.OKRPS = float64(r.WindowOK) / w
	}
	rep.GenPeakRSSMB = round1(float64(r.PeakRSS) / (1 << 20))
	rep.StatusCounts = statusCounts(r)
	rep.BytesReceived = r.BytesReceived
	rep.Latency = summarize(&r.Latency)
	rep.ServiceTime = summarize(&r.Service)
	for i := range r.Series {
		s := &r.Series[i]
		// Seconds bucket by the window: a second that starts at or after
		// its end holds only the stragglers' completions, a second that
		// straddles it is partial (marked, and left out of the throughput
		// plot): neither is a dive in throughput.
		start := time.Duration(s.T) * time.Second
		if !r.Sequential && start >= r.Window() {
			continue
		}
		p := Point{T: s.T, RPS: float64(s.Requests), OK: s.OK, Errors: s.Errors, GenCPUPct: round1(s.GenCPU),
			Partial: !r.Sequential && start+time.Second > r.Window()}
		if s.OK > 0 {
			h := s.Histogram()
			p50, p99 := float64(h.ValueAtQuantile(50))/1e3, float64(h.ValueAtQuantile(99))/1e3
			p.P50MS, p.P99MS = &p50, &p99
		}
		rep.Series = append(rep.Series, p)
	}
	c := r.CPU
	if r.WindowNS > 0 && c.GenAllowed > 0 {
		rep.GeneratorCPUPct = round1(100 * float64(c.GenNS) / (float64(r.WindowNS) * c.GenAllowed))
	}
	if r.WindowNS > 0 && c.TargetNS >= 0 {
		v := round1(100 * float64(c.TargetNS) / float64(r.WindowNS))
		rep.TargetCPUPct = &v
	}
	others := int64(-1)
	if c.MachineNS > 0 && r.Files <= 1 {
		o := c.MachineBusyNS - c.GenNS
		if r.TargetLocal && c.TargetNS > 0 {
			o -= c.TargetNS
		}
		others = max(o, 0)
		v := round1(100 * float64(others) / float64(c.MachineNS))
		rep.OthersCPUPct = &v
	}
	// Little's law over the wire: successes finished per second in the
	// window times their mean service time is the mean number of
	// requests in flight, i.e. their service time over the window. With
	// N virtual users it cannot exceed N.
	if r.WindowNS > 0 {
		rep.InFlight = float64(r.WindowServiceNS) / float64(r.WindowNS)
	}
	rep.Warnings = warnings(rep, r, lang)
	return rep
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

func (rep *Report) add(lang msg.Lang, code string, args ...any) {
	rep.Warnings = append(rep.Warnings, Warning{Code: code, Message: msg.T(lang, "load.warn."+code, args...)})
}

func warnings(rep *Report, r *loadresult.Result, lang msg.Lang) []Warning {
	rep.Warnings = rep.Warnings[:0]
	for _, step := range []func(*Report, *loadresult.Result, msg.Lang){
		warnRun, warnGenerator, warnMachine, warnPace, warnOutcome, warnLittle, warnSegments,
	} {
		step(rep, r, lang)
	}
	return rep.Warnings
}

// behind reports whether an open model achieved less than achievedMin of
// its offered rate.
func behind(rep *Report, r *loadresult.Result) bool {
	return r.Model == "open" && rep.OfferedRPS > 0 && rep.AchievedRPS < achievedMin*rep.OfferedRPS
}

// warnRun says what kind of run this was: closed, interrupted, segments
// started apart, several files merged.
func warnRun(rep *Report, r *loadresult.Result, lang msg.Lang) {
	if r.Model == "closed" {
		rep.add(lang, "closed_model", vusOf(r.Arrival))
	}
	if r.Interrupted {
		rep.add(lang, "interrupted")
	}
	if r.StartSpreadNS > 0 && r.WindowNS > 0 {
		spread := time.Duration(r.StartSpreadNS)
		p50 := time.Duration(0)
		if rep.Latency.Samples > 0 {
			p50 = time.Duration(rep.Latency.P50MS * 1e6)
		}
		// A segment that starts late sends its first requests late, and
		// their latency (from the common intended time) says so: worth a
		// word when that lateness is large against the window or against
		// the typical latency (below 10 ms, clock and timer noise).
		if float64(spread) > 0.01*float64(r.WindowNS) || (p50 > 0 && spread > p50 && spread > 10*time.Millisecond) {
			p50s := "-"
			if p50 > 0 {
				p50s = ms(p50.Seconds() * 1e3)
			}
			rep.add(lang, "start_spread", ms(spread.Seconds()*1e3), pct(100*float64(spread)/float64(r.WindowNS)), p50s)
		}
	}
	switch {
	case r.Files > 1 && r.Sequential:
		rep.add(lang, "merged_sequential", r.Files, secs1(r.Window().Seconds()))
	case r.Files > 1:
		rep.add(lang, "merged", r.Files)
	}
}

// warnGenerator warns of a generator short of CPU, or bound by it.
func warnGenerator(rep *Report, r *loadresult.Result, lang msg.Lang) {
	c := r.CPU
	if rep.GeneratorCPUPct > genCPULimit {
		rep.add(lang, "gen_cpu", pct(rep.GeneratorCPUPct), num(c.GenAllowed))
	}
	if rep.GeneratorCPUPct >= genBoundLimit {
		// Near saturation while the target is not: the target's CPU is
		// below 80% of the CPUs left to it (on this machine), or the
		// generator fell behind, or the closed model's rate is its own.
		targetIdle := false
		if rep.TargetCPUPct != nil && r.TargetLocal {
			left := max(float64(c.MachineCPUs)-c.GenAllowed, 1)
			targetIdle = *rep.TargetCPUPct < genCPULimit*left
		}
		if targetIdle || behind(rep, r) || r.Model == "closed" {
			rep.add(lang, "generator_bound", pct(rep.GeneratorCPUPct))
		}
	}
}

// warnMachine warns of a target sharing the generator's machine, and
// of busy neighbours.
func warnMachine(rep *Report, r *loadresult.Result, lang msg.Lang) {
	c := r.CPU
	if r.TargetLocal {
		if rep.TargetCPUPct != nil {
			rep.add(lang, "shared_cpu", pct(*rep.TargetCPUPct), c.TargetFrom)
		} else {
			rep.add(lang, "shared_cpu_unknown")
		}
	}
	if rep.OthersCPUPct != nil && *rep.OthersCPUPct > neighbourMax {
		if r.TargetLocal && c.TargetNS < 0 {
			rep.add(lang, "neighbours_with_target", pct(*rep.OthersCPUPct), c.MachineCPUs)
		} else {
			rep.add(lang, "neighbours", pct(*rep.OthersCPUPct), c.MachineCPUs)
		}
	}
}

// warnPace warns of sends that fell behind their schedule: the target's
// loop stalls, a run behind its rate (and the cap that was the limit),
// late sends.
func warnPace(rep *Report, r *loadresult.Result, lang msg.Lang) {
	stalled := r.TargetStalls != nil && r.TargetStalls.Count > 0
	if stalled {
		st := r.TargetStalls
		rep.add(lang, "target_stalls", grouped(st.Count), worstText(lang, st), st.From, grouped(r.Late))
	}
	if behind(rep, r) {
		switch {
		case r.Opened >= r.Connections && r.ConnectionsGiven:
			rep.add(lang, "behind_cap", num(rep.AchievedRPS), num(rep.OfferedRPS), pct(100*rep.AchievedRPS/rep.OfferedRPS), grouped(r.Unsent), grouped(int64(r.Connections)))
		case r.Opened >= r.Connections:
			rep.add(lang, "behind_conns", num(rep.AchievedRPS), num(rep.OfferedRPS), pct(100*rep.AchievedRPS/rep.OfferedRPS), grouped(r.Unsent), grouped(int64(r.Connections)))
		default:
			rep.add(lang, "behind", num(rep.AchievedRPS), num(rep.OfferedRPS), pct(100*rep.AchievedRPS/rep.OfferedRPS), grouped(r.Unsent))
		}
	}
	// Late sends while the target's loops stalled are the stalls' doing
	// (said above), not the generator's.
	if !stalled && r.Model == "open" && r.Requests > 0 && float64(r.Late) > lateMax*float64(r.Requests) {
		rep.add(lang, "late", grouped(r.Late), pct(100*float64(r.Late)/float64(r.Requests)), ms(float64(r.MaxLagNS)/1e6))
	}
}

// warnOutcome warns of errors, no ok response, a window too short for
// its p99, and too few samples for one.
func warnOutcome(rep *Report, r *loadresult.Result, lang msg.Lang) {
	if r.Requests > 0 && float64(rep.ErrorCount) > errorRateMax*float64(r.Requests) {
		rep.add(lang, "errors", pct(100*float64(rep.ErrorCount)/float64(r.Requests)), num(rep.AchievedRPS), num(rep.OKRPS))
	}
	if r.Requests > 0 && r.OK == 0 {
		rep.add(lang, "no_ok")
	}
	if w := r.Window().Seconds() * 1e3; r.OK > 0 && rep.Latency.P99MS > w/10 {
		rep.add(lang, "window", ms(rep.Latency.P99MS), ms(w), secs(10*rep.Latency.P99MS/1e3))
	}
	if r.OK > 0 && r.OK < minSamplesForP99 {
		rep.add(lang, "few_samples", grouped(r.OK))
	}
}

// warnLittle gives Little's law over the window, and what the requests
// in flight were held by.
func warnLittle(rep *Report, r *loadresult.Result, lang msg.Lang) {
	c := r.CPU
	if r.OK > 0 {
		winMean := 0.0
		if r.WindowOK > 0 {
			winMean = float64(r.WindowServiceNS) / float64(r.WindowOK) / 1e6
		}
		rep.add(lang, "little", num(rep.OKRPS), ms(winMean), num(rep.InFlight))
		switch {
		case c.TargetThreads > 0 && rep.InFlight > float64(c.TargetThreads):
			rep.add(lang, "little_queued", num(rep.InFlight), grouped(int64(c.TargetThreads)), grouped(int64(math.Ceil(rep.InFlight))-int64(c.TargetThreads)))
		case c.TargetThreads > 0:
			rep.add(lang, "little_threads", num(rep.InFlight), grouped(int64(c.TargetThreads)))
		case r.Model == "closed":
			rep.add(lang, "little_vus", num(rep.InFlight), grouped(int64(r.Connections)))
		case r.Opened > 0:
			rep.add(lang, "little_conns", num(rep.InFlight), grouped(int64(r.Opened)), grouped(int64(r.Connections)))
		}
	}
}

// warnSegments adds each merged segment's own validity warnings, once.
func warnSegments(rep *Report, r *loadresult.Result, lang msg.Lang) {
	own := map[string]bool{}
	for _, w := range rep.Warnings {
		own[w.Code] = true
	}
	for _, part := range r.Parts() {
		// Each segment's own validity warnings, tagged with its host: a
		// generator out of CPU spoils its share even when the merged
		// numbers look fine.
		sub := Analyze(part, lang)
		seg := ""
		if part.Segment != nil {
			seg = part.Segment.String()
		}
		for _, w := range sub.Warnings {
			if own[w.Code] {
				continue // the merged report says it already
			}
			switch w.Code {
			case "closed_model", "interrupted", "merged", "merged_sequential", "window", "errors", "no_ok",
				"few_samples", "little", "little_conns", "little_queued", "little_threads", "little_vus":
				continue // said once for the whole run
			}
			rep.Warnings = append(rep.Warnings, Warning{Code: "segment." + w.Code, Message: msg.T(lang, "load.warn.segment", seg, part.Host, w.Message)})
		}
	}
}

// worstText says how long the longest task of the target's loops held
// its loop, as the bounds of its histogram bucket.
func worstText(lang msg.Lang, st *loadresult.TargetStalls) string {
	if st.WorstUpToMS < 0 {
		return msg.T(lang, "load.stalls.worst_above", ms(st.WorstAboveMS))
	}
	return msg.T(lang, "load.stalls.worst", ms(st.WorstAboveMS), ms(st.WorstUpToMS))
}

func vusOf(arrival string) string {
	_, n, _ := strings.Cut(arrival, ":")
	return n
}

// Number formatting shared by the reports: grouped thousands, short decimals.

func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// num formats a rate or count: grouped, one decimal below 100.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	if math.Abs(v) >= 100 {
		return grouped(int64(math.Round(v)))
	}
	return strconv.FormatFloat(round1(v), 'f', -1, 64)
}

func pct(v float64) string { return strconv.FormatFloat(round1(v), 'f', 1, 64) + "%" }

// ms formats milliseconds with three significant digits, as ms or s.
func ms(v float64) string {
	switch {
	case v >= 10000:
		return strconv.FormatFloat(v/1e3, 'f', 1, 64) + " s"
	case v >= 1000:
		return strconv.FormatFloat(v/1e3, 'f', 2, 64) + " s"
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64) + " ms"
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64) + " ms"
	}
	return strconv.FormatFloat(v, 'f', 2, 64) + " ms"
}

func secs(s float64) string { return (time.Duration(math.Ceil(s)) * time.Second).String() }

// sortedErrors lists the error kinds, transport kinds first, then statuses.
func sortedErrors(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	order := func(k string) int {
		for i, n := range loadresult.ErrorKinds {
			if n == k {
				return i
			}
		}
		return 100
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, oj := order(keys[i]), order(keys[j])
		if oi != oj {
			return oi < oj
		}
		return keys[i] < keys[j]
	})
	return keys
}
