package plan

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/report"
)

// WriteText writes the answer for people: the question, the answer (or
// why there is none), the knee, the curve, the cost of going bigger, the
// cross-check and the slowdown.
func WriteText(w io.Writer, lang msg.Lang, r *Result) error {
	var b strings.Builder
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	_ = report.WriteScenario(&b, lang, r.Scenario)
	b.WriteByte('\n')
	knob := T("plan.knob." + string(r.Knob))
	fmt.Fprintln(&b, T("plan.question", knob, r.Min, r.Max, sloList(r.SLOs)))
	switch r.Mode {
	case "burst":
		fmt.Fprintln(&b, T("plan.method.burst", r.Requests, r.Seeds, r.SeedLimit, r.MaxSeeds, r.Evaluations, group(r.Simulated)))
	default:
		reqs := r.Requests // the answer's own length: the warm-up is its run's
		if a := r.Point(r.Answer); a != nil && a.RequestsPerSeed > 0 {
			reqs = a.RequestsPerSeed
		}
		fmt.Fprintln(&b, T("plan.method."+r.Mode, r.Seeds, r.SeedLimit, r.MaxSeeds, group(int64(reqs)), group(int64(r.Warmup)), r.Evaluations, group(r.Simulated)))
		fmt.Fprintln(&b, T("plan.method.ci", report.PctHalf(r.Precision), group(MaxRequests)))
	}
	b.WriteByte('\n')
	writeAnswer(&b, lang, r)
	for _, n := range r.Notes {
		args := append([]any(nil), n.Args...)
		for i, a := range args {
			if k, ok := a.(string); ok && strings.HasPrefix(k, "plan.res.") {
				args[i] = T(k) // a resource named by its catalog key
			}
		}
		fmt.Fprintln(&b, "  "+T(n.Key, args...))
	}
	b.WriteByte('\n')
	writeCurve(&b, lang, r)
	b.WriteByte('\n')
	writeCost(&b, lang, r)
	if r.Cross != nil {
		b.WriteByte('\n')
		writeCross(&b, lang, r)
	}
	if r.Slow != nil {
		b.WriteByte('\n')
		writeSlow(&b, lang, r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func sloList(slos []SLO) string {
	t := make([]string, len(slos))
	for i, o := range slos {
		t[i] = o.Text
	}
	return strings.Join(t, ", ")
}

func writeAnswer(b *strings.Builder, lang msg.Lang, r *Result) {
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	if r.Answer == 0 {
		fmt.Fprintln(b, T("plan.answer.none", r.Min, r.Max))
		if len(r.Undecided) > 0 {
			sizes := make([]string, len(r.Undecided))
			for i, n := range r.Undecided {
				sizes[i] = strconv.Itoa(n)
			}
			fmt.Fprintln(b, "  "+T("plan.undecided.none", strings.Join(sizes, ", ")))
		}
		writeUnreachable(b, lang, r.SLOs, r.Curve)
		if l := r.Limit; l != nil && l.Name != "" {
			switch {
			case l.Util >= 0.9 && l.Name != string(r.Knob) && !(l.Name == "threads" && r.Knob == Carriers):
				// Another resource is saturated: this knob cannot help.
				fmt.Fprintln(b, "  "+T("plan.limit.other", r.Max, T("plan.res."+l.Name), num(l.Capacity), pct(l.Util)))
			case l.Util > 0:
				fmt.Fprintln(b, "  "+T("plan.limit.util", r.Max, T("plan.res."+l.Name), num(l.Capacity), pct(l.Util)))
			default:
				fmt.Fprintln(b, "  "+T("plan.limit", r.Max, T("plan.res."+l.Name), num(l.Capacity)))
			}
		}
		return
	}
	a := r.Point(r.Answer)
	fmt.Fprintln(b, T("plan.answer", r.Answer, T("plan.knob."+string(r.Knob)), figs(r.SLOs, a)))
	if below := r.Point(r.Answer - 1); below != nil {
		why := figs(r.SLOs, below)
		if below.Overloaded {
			why = T("plan.overloaded", pct(below.Bottleneck.Util))
		} else if len(below.Verdicts) > 0 {
			v := T("plan.verdict.failed")
			if below.Undecided {
				v = T("plan.verdict.undecided")
			}
			why += ": " + v
		}
		fmt.Fprintln(b, "  "+T("plan.below", r.Answer-1, why))
	}
	if r.Knee > 0 {
		fmt.Fprintln(b, "  "+T("plan.knee", r.Knee))
	}
	if n := minSamples(r.SLOs, a); n > 0 {
		fmt.Fprintln(b, "  "+T("plan.spread", a.Seeds, group(int64(n)), pct(r.Spread)))
	} else {
		fmt.Fprintln(b, "  "+T("plan.spread.seeds", a.Seeds, pct(r.Spread)))
	}
	if r.Few {
		fmt.Fprintln(b, "  "+T("plan.few", minSamples(r.SLOs, a)))
	}
	if r.Borderline && r.Mode == "burst" {
		fmt.Fprintln(b, "  "+T("plan.borderline", r.MaxSeeds))
	}
	writeUndecided(b, lang, r)
}

// writeUndecided names the sizes below the answer whose interval still
// straddled an SLO when the budget ran out.
func writeUndecided(b *strings.Builder, lang msg.Lang, r *Result) {
	for _, n := range r.Undecided {
		if r.Answer > 0 && n > r.Answer {
			continue
		}
		p := r.Point(n)
		for j, o := range r.SLOs {
			if j < len(p.Verdicts) && p.Verdicts[j] == VerdictUndecided {
				ci := "[" + short(o, float64(p.CI[j][0])) + "–" + short(o, float64(p.CI[j][1])) + "]"
				fmt.Fprintln(b, "  "+msg.T(lang, "plan.undecided", n, o.label(), ci, o.Text))
			}
		}
	}
}

func minSamples(slos []SLO, p *Point) int {
	n := math.MaxInt
	for i, o := range slos {
		if o.Latency() {
			n = min(n, p.Samples[i])
		}
	}
	if n == math.MaxInt {
		return 0
	}
	return n
}

// figs writes a point's figures: "p99 183.2 ms, rps 1000/s".
func figs(slos []SLO, p *Point) string {
	parts := make([]string, len(slos))
	for i, o := range slos {
		parts[i] = o.label() + " " + val(o, float64(p.Values[i]))
		if i < len(p.CI) && !math.IsNaN(float64(p.CI[i][0])) && !p.Overloaded {
			parts[i] += " [" + short(o, float64(p.CI[i][0])) + "–" + short(o, float64(p.CI[i][1])) + "]"
		}
	}
	return strings.Join(parts, ", ")
}

func (o SLO) label() string {
	if o.Class != "" {
		return o.Class + "." + o.Metric
	}
	return o.Metric
}

func val(o SLO, v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	if math.IsInf(v, 0) {
		return "∞"
	}
	if o.Metric == "rps" {
		return num(v) + "/s"
	}
	return report.MS(v) + " ms"
}

func writeCurve(b *strings.Builder, lang msg.Lang, r *Result) {
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	fmt.Fprintln(b, T("plan.curve"))
	head := []string{T("plan.knob." + string(r.Knob))}
	right := []bool{true}
	for _, o := range r.SLOs {
		head = append(head, o.Text)
		right = append(right, true)
		if r.Cross != nil {
			head = append(head, T("plan.col.analytic", r.Cross.Kind))
			right = append(right, true)
		}
	}
	head = append(head, T("plan.col.seeds"), T("plan.col.spread", r.SLOs[0].label()), T("plan.col.rps"), T("plan.col.busiest"), T("plan.col.met"))
	right = append(right, true, true, true, false, false)
	rows := [][]string{head}
	for i := range r.Curve {
		p := &r.Curve[i]
		row := []string{strconv.Itoa(p.Size)}
		for j, o := range r.SLOs {
			v := val(o, float64(p.Values[j]))
			if !p.Simulated {
				v = T("plan.notsim")
			} else if j < len(p.CI) && !math.IsNaN(float64(p.CI[j][0])) && !p.Overloaded {
				v += " [" + short(o, float64(p.CI[j][0])) + "–" + short(o, float64(p.CI[j][1])) + "]"
			}
			row = append(row, v)
			if r.Cross != nil {
				a := math.NaN()
				if j < len(p.Analytic) {
					a = float64(p.Analytic[j])
				}
				row = append(row, val(o, a))
			}
		}
		spread := "-"
		if p.Simulated && len(p.SeedMin) > 0 && !math.IsNaN(float64(p.SeedMin[0])) && !math.IsInf(float64(p.SeedMin[0]), 0) {
			spread = short(r.SLOs[0], float64(p.SeedMin[0])) + "–" + short(r.SLOs[0], float64(p.SeedMax[0]))
		}
		rps := "-"
		if p.Simulated {
			rps = num(float64(p.RPS))
		}
		busiest := "-"
		if bn := p.Bottleneck; bn.Name != "" {
			busiest = T("plan.res." + bn.Name)
			if bn.Util > 0 {
				busiest += " " + pct(bn.Util)
			}
		}
		met := T("plan.met.no")
		switch {
		case p.Met:
			met = T("plan.met.yes")
		case p.Overloaded:
			met = T("plan.met.overload")
		}
		if len(p.Verdicts) > 0 && !p.Overloaded {
			met = T("plan.verdict.failed")
			switch {
			case p.Met:
				met = T("plan.verdict.met")
			case p.Undecided:
				met = T("plan.verdict.undecided")
			}
		} else if p.Borderline {
			met += " " + T("plan.met.close")
		}
		if p.Few {
			met += " " + T("plan.met.few")
		}
		if p.Size == r.Answer {
			met += " ←"
		}
		seeds := strconv.Itoa(p.Seeds)
		if p.SameAs > 0 {
			seeds += " (=" + strconv.Itoa(p.SameAs) + ")"
		}
		row = append(row, seeds, spread, rps, busiest, met)
		rows = append(rows, row)
	}
	report.Table(b, "  ", rows, right)
	if r.Mode != "burst" {
		fmt.Fprintln(b, "  "+T("plan.curve.ci"))
	}
}

func short(o SLO, v float64) string {
	if o.Metric == "rps" {
		return num(v)
	}
	return report.MS(v)
}

func writeCost(b *strings.Builder, lang msg.Lang, r *Result) {
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	fmt.Fprintln(b, T("plan.cost"))
	virtual := r.Scenario.Model == "virtual"
	head := []string{T("plan.knob." + string(r.Knob)), r.SLOs[0].Text, T("plan.col.osthreads")}
	right := []bool{true, true, true, true, true, true}
	if virtual {
		head = append(head, T("plan.col.vthreads"))
	}
	head = append(head, T("plan.col.memory"), T("plan.col.switches"))
	rows := [][]string{head}
	var sizes []int
	if r.Answer > 0 {
		sizes = []int{r.Answer, 2 * r.Answer, 4 * r.Answer, r.Max}
	} else {
		sizes = []int{r.Max}
	}
	sizes = append(sizes, r.Today)
	seen := map[int]bool{}
	for _, n := range sortedInts(sizes) {
		p := r.Point(n)
		if p == nil || seen[n] {
			continue
		}
		seen[n] = true
		label := strconv.Itoa(n)
		if n == r.Today {
			label += " " + T("plan.today")
		}
		v := val(r.SLOs[0], float64(p.Values[0]))
		if !p.Simulated {
			v = T("plan.notsim")
		}
		row := []string{label, v, strconv.Itoa(p.Cost.OSThreads)}
		if virtual {
			row = append(row, strconv.Itoa(p.Cost.VirtualThreads))
		}
		sw := "-"
		if v := float64(p.Cost.SwitchesPerSec); !math.IsNaN(v) {
			sw = num(v)
		}
		row = append(row, mib(p.Cost.MemoryMiB), sw)
		rows = append(rows, row)
	}
	report.Table(b, "  ", rows, right)
	fmt.Fprintln(b, "  "+T("plan.cost.assume", PlatformStack>>20, VirtualStack>>10))
}

func writeCross(b *strings.Builder, lang msg.Lang, r *Result) {
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	cc := r.Cross
	kind := cc.Kind
	if cc.Approx {
		kind = T("plan.cross.approx", cc.Kind)
	}
	fmt.Fprintln(b, T("plan.cross", kind, num(cc.Lambda), report.MS(cc.HoldMS)))
	ans := strconv.Itoa(cc.Answer)
	if cc.Answer == 0 {
		ans = T("plan.cross.none")
	}
	sim := strconv.Itoa(r.Answer)
	if r.Answer == 0 {
		sim = T("plan.cross.none")
	}
	fmt.Fprintln(b, "  "+T("plan.cross.answers", sim, ans))
	if cc.Agree {
		fmt.Fprintln(b, "  "+T("plan.cross.agree", pct(cc.Worst), cc.WorstSize, pct(cc.Tolerance)))
	} else {
		fmt.Fprintln(b, "  "+T("plan.cross.disagree", pct(cc.Worst), cc.WorstSize, pct(cc.Tolerance)))
	}
	if len(cc.Without) > 0 {
		fmt.Fprintln(b, "  "+T("plan.cross.without", strings.Join(cc.Without, ", ")))
	}
	if r.Mode == "burst" {
		return
	}
	if len(cc.Beyond) == 0 {
		fmt.Fprintln(b, "  "+T("plan.cross.inside"))
	}
	for _, x := range cc.Beyond {
		var o SLO
		for _, s := range r.SLOs {
			if s.Text == x.SLO {
				o = s
			}
		}
		ci := "[" + short(o, float64(x.CI[0])) + "–" + short(o, float64(x.CI[1])) + "]"
		fmt.Fprintln(b, "  "+T("plan.cross.beyond", x.Size, x.SLO, val(o, float64(x.Analytic)), ci))
		trust := val(o, float64(x.Analytic))
		if x.Trust == "simulation" {
			if pt := r.Point(x.Size); pt != nil {
				for j, s := range r.SLOs {
					if s.Text == x.SLO {
						trust = val(o, float64(pt.Values[j]))
					}
				}
			}
		}
		fmt.Fprintln(b, "    "+T("plan.cross.why."+x.Why, trust))
	}
}

func writeSlow(b *strings.Builder, lang msg.Lang, r *Result) {
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	sr := r.Slow
	knob := T("plan.knob." + string(r.Knob))
	fmt.Fprintln(b, T("plan.slow", sr.Slowdown.From, sr.Slowdown.To))
	if sr.Answer > 0 {
		fmt.Fprintln(b, "  "+T("plan.slow.answer", sr.Answer, knob, r.Answer))
	} else {
		fmt.Fprintln(b, "  "+T("plan.slow.none", r.Max, knob))
		writeUnreachable(b, lang, r.SLOs, sr.Curve)
	}
	p := sr.AtToday
	if p == nil {
		return
	}
	if p.Simulated {
		fmt.Fprintln(b, "  "+T("plan.slow.today", sr.Today, knob, figs(r.SLOs, p)))
	} else {
		fmt.Fprintln(b, "  "+T("plan.slow.today", sr.Today, knob, T("plan.overloaded", pct(p.Bottleneck.Util))))
	}
	if sr.InFlight > 0 {
		fmt.Fprintln(b, "  "+T("plan.slow.little", num(sr.Rate), report.MS(float64(p.MeanMS)), num(sr.InFlight), num(sr.Queued)))
	}
	if r.Scenario.Model == "pool" {
		if sr.Excess > 0 {
			fmt.Fprintln(b, "  "+T("plan.slow.excess", num(sr.Holding), sr.Today, num(sr.Excess)))
		} else {
			fmt.Fprintln(b, "  "+T("plan.slow.fits", num(sr.Holding), sr.Today))
		}
	}
	if sr.Growth > 0 {
		fmt.Fprintln(b, "  "+T("plan.slow.growth", num(sr.Growth)))
	}
}

func sortedInts(v []int) []int {
	out := append([]int(nil), v...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case math.IsInf(v, 0):
		return "∞"
	case v >= 1000:
		return group(int64(math.Round(v)))
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func pct(f float64) string {
	return strconv.FormatFloat(f*100, 'f', 1, 64) + "%"
}

func mib(v float64) string {
	if v >= 1024 {
		return strconv.FormatFloat(v/1024, 'f', 2, 64) + " GiB"
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " MiB"
}

// group writes n with thousands separators: 1,600.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// WriteConfirm writes the real runs beside their predictions.
func WriteConfirm(w io.Writer, lang msg.Lang, r *Result, c *Confirmation) error {
	var b strings.Builder
	T := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	knob := T("plan.knob." + string(r.Knob))
	fmt.Fprintln(&b, T("plan.confirm.head."+c.Via))
	head := []string{knob, T("plan.col.slo"), T("plan.col.predicted"), T("plan.col.measured"), T("plan.col.range"), T("plan.col.met")}
	rows := [][]string{head}
	for _, cs := range c.Sizes {
		for i, o := range r.SLOs {
			size := ""
			if i == 0 {
				size = strconv.Itoa(cs.Size)
			}
			pred, meas, rng, met := "—", "—", "—", T("plan.met.cut")
			if i < len(cs.Predicted) {
				pred = val(o, float64(cs.Predicted[i]))
			}
			if i < len(cs.Measured) {
				meas, rng = val(o, float64(cs.Measured[i])), short(o, float64(cs.MeasuredMin[i]))+"–"+short(o, float64(cs.MeasuredMax[i]))
				switch {
				case cs.Interrupted: // a cut-short window passes no verdict
				case o.Meets(float64(cs.Measured[i])):
					met = T("plan.met.yes")
				default:
					met = T("plan.met.no")
				}
			}
			rows = append(rows, []string{size, o.Text, pred, meas, rng, met})
		}
	}
	report.Table(&b, "  ", rows, []bool{true, false, true, true, true, false})
	for _, cs := range c.Sizes {
		fmt.Fprintln(&b, "  "+T("plan.confirm.runs", cs.Size, knob, cs.Runs, group(int64(cs.Requests)), group(int64(cs.Warmup)), num(float64(cs.PredictedRPS)), num(float64(cs.RealRPS))))
		if cs.Interrupted {
			fmt.Fprintln(&b, "  "+T("plan.confirm.interrupted", cs.Size))
		}
		if cs.Few {
			fmt.Fprintln(&b, "  "+T("plan.confirm.few", cs.Size))
		}
	}
	if len(c.Sizes) > 0 {
		for _, wn := range c.Sizes[0].Warnings {
			fmt.Fprintln(&b, "  "+T("plan.confirm.warning", wn))
		}
		if e := c.Sizes[0].Env; e != nil {
			fmt.Fprintln(&b, "  "+T("plan.confirm.env", e.CPUModel, e.GoVersion, e.NumCPU, e.KernelRelease))
			if la := c.Sizes[len(c.Sizes)-1].LoadAvg; la > 0 {
				fmt.Fprintln(&b, "  "+T("plan.confirm.load", la, e.NumCPU))
			}
		}
	}
	switch {
	case c.Interrupted():
		fmt.Fprintln(&b, T("plan.confirm.cut", r.Answer, knob))
	case c.Held && c.Separated:
		fmt.Fprintln(&b, T("plan.confirm.held.sep", r.Answer, knob, r.Answer-1))
	case c.Held:
		fmt.Fprintln(&b, T("plan.confirm.held", r.Answer, knob))
	default:
		fmt.Fprintln(&b, T("plan.confirm.failed", r.Answer, knob))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeUnreachable says, for each SLO no simulated size meets, the best
// figure the curve reached and where: when even that misses, sizing this
// knob alone cannot meet the SLO.
func writeUnreachable(b *strings.Builder, lang msg.Lang, slos []SLO, curve []Point) {
	for i, o := range slos {
		best, at := math.NaN(), 0
		for _, p := range curve {
			v := float64(p.Values[i])
			if !p.Simulated || p.Overloaded || math.IsNaN(v) {
				continue
			}
			if math.IsNaN(best) || (o.Ceiling() && v < best) || (!o.Ceiling() && v > best) {
				best, at = v, p.Size
			}
		}
		if !math.IsNaN(best) && !o.Meets(best) {
			fmt.Fprintln(b, "  "+msg.T(lang, "plan.unreachable", o.label(), val(o, best), at, o.Text))
		}
	}
}
