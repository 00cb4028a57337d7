package probe

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/plan"
)

// SizeFor is a sizing question: SLOs at a rate, written
// SLO[,SLO...]@RATE[rps], such as p99<200ms@300rps.
type SizeFor struct {
	Text string
	SLOs []plan.SLO
	Rate float64
}

// ParseSizeFor parses --size-for. Errors are *model.FieldError naming it.
func ParseSizeFor(s string) (SizeFor, error) {
	q := SizeFor{Text: strings.TrimSpace(s)}
	slos, rate, ok := strings.Cut(q.Text, "@")
	if !ok || strings.Contains(rate, "@") {
		return q, model.NewFieldError("--size-for", "probe.err.sizefor", s)
	}
	r, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rate), "rps")), 64)
	if err != nil || !(r > 0) || r > loadgen.MaxRate {
		return q, model.NewFieldError("--size-for", "probe.err.sizefor", s)
	}
	q.Rate = r
	for _, part := range strings.Split(slos, ",") {
		o, err := plan.ParseSLO(part)
		if err != nil || o.Class != "" || !o.Latency() || o.Queue() {
			return q, model.NewFieldError("--size-for", "probe.err.sizefor", s)
		}
		q.SLOs = append(q.SLOs, o)
	}
	return q, nil
}

// SizeAnswer is plan's answer on the fitted scenario.
type SizeAnswer struct {
	Question string  `json:"question"`
	Rate     float64 `json:"rate_rps"`
	Knob     string  `json:"knob"`
	Today    int     `json:"today"`
	Answer   int     `json:"answer"` // 0: none in range
	// TodayP99MS is the first SLO's figure at today's size (NaN: not
	// simulated, or overloaded).
	TodayFigure plan.Num     `json:"today_figure"`
	AnswerFig   plan.Num     `json:"answer_figure"`
	Note        Note         `json:"note"`
	Plan        *plan.Result `json:"-"`
}

// Size answers q with plan on res's fitted scenario.
func Size(ctx context.Context, cfg *Config, res *Result, q SizeFor) error {
	lang := cfg.Lang
	a := &SizeAnswer{Question: q.Text, Rate: q.Rate, TodayFigure: plan.Num(math.NaN()), AnswerFig: plan.Num(math.NaN())}
	res.Size = a
	if res.Scenario == nil {
		a.Note = note(lang, "probe.size.nomodel", res.ShapeName)
		return nil
	}
	sc := *res.Scenario
	sc.Arrival = model.Arrival{Kind: model.Poisson, Rate: q.Rate}
	reqs := 10_000
	if cfg.FitMax > 0 {
		reqs = min(reqs, cfg.FitMax)
	}
	pc := plan.Config{Scenario: sc, SLOs: q.SLOs, Requests: reqs, Max: 4096}
	pr, err := plan.Run(ctx, pc)
	if err != nil {
		return err
	}
	a.Plan = pr
	a.Knob, a.Today, a.Answer = string(pr.Knob), pr.Today, pr.Answer
	if p := pr.Point(pr.Today); p != nil && len(p.Values) > 0 {
		a.TodayFigure = p.Values[0]
	}
	if p := pr.Point(pr.Answer); p != nil && len(p.Values) > 0 {
		a.AnswerFig = p.Values[0]
	}
	slos := sloText(q.SLOs)
	switch {
	case pr.Answer == 0:
		a.Note = note(lang, "probe.size.none", slos, num0(q.Rate), pr.Min, pr.Max, res.ShapeName)
	case res.Shape == Serialized:
		a.Note = note(lang, "probe.size.serialized", pr.Answer, slos, num0(q.Rate), num2(1e3/math.Max(*res.CeilingRPS, 1e-9)))
	case pr.Answer <= pr.Today:
		a.Note = note(lang, "probe.size.today", pr.Today, slos, num0(q.Rate), pr.Answer)
	default:
		a.Note = note(lang, "probe.size.answer", pr.Answer, slos, num0(q.Rate), pr.Today)
	}
	return nil
}

func sloText(slos []plan.SLO) string {
	var parts []string
	for _, o := range slos {
		parts = append(parts, o.Text)
	}
	return strings.Join(parts, ", ")
}

// Restarter restarts the probed server with size workers and returns its
// URL and how to stop it: how --confirm changes the knob where it can be
// changed (the project's own target).
type Restarter func(ctx context.Context, size int) (url string, stop func(), err error)

// Confirm re-measures the sizing answer's point on a live server: with
// restart, the server restarted at the answer; without, the server as it
// is (today's size), which checks the prediction for today.
func Confirm(ctx context.Context, cfg Config, res *Result, q SizeFor, restart Restarter) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	lang := cfg.Lang
	if res.Size == nil || res.Scenario == nil {
		return nil
	}
	size := res.Size.Today
	url := cfg.URL
	if restart != nil && res.Size.Answer > 0 {
		size = res.Size.Answer
		u, stop, err := restart(ctx, size)
		if err != nil {
			return err
		}
		defer stop()
		url = u
		// The CPU and threads are the restarted server's now: its page
		// (its pid is the restarter's), where the old one had a page.
		if cfg.MetricsURL != "" || cfg.ThreadsURL != "" {
			cfg.MetricsURL = metricsOf(u)
		}
		cfg.TargetPID, cfg.ThreadsURL = 0, ""
	}
	cfg.URL = url
	cfg.SLOs = nil
	for _, o := range q.SLOs {
		// A --size-for SLO is a latency figure without a class or a queue
		// (ParseSizeFor), which a load test measures under the same name.
		cfg.SLOs = append(cfg.SLOs, loadreport.Threshold{Text: o.Text, Metric: o.Metric, Op: o.Op, Value: o.Value})
	}
	r := &prober{cfg: cfg, t0: time.Now(), s0: res.ServiceMS}
	w := min(max(time.Duration(float64(cfg.Samples)/q.Rate*float64(time.Second)), cfg.StepMin), cfg.StepMax)
	st, err := r.run(ctx, "confirm", q.Rate, 0, w)
	if err != nil {
		if ctx.Err() != nil {
			return nil // interrupted before it measured: Job.Run says so
		}
		return err
	}
	st.Index = len(res.Steps)
	if st.Interrupted || ctx.Err() != nil {
		// A cut window confirms nothing and breaches nothing: its figures
		// are kept, marked, and judged not at all.
		st.Met, st.Breaches, st.Interrupted = false, nil, true
		res.Confirm = &st
		res.Notes = append(res.Notes, note(lang, "probe.confirm.interrupted", size, num0(q.Rate)))
		return nil
	}
	if p := predict(size2(*res.Scenario, res.Size.Knob, size), res.Spread, q.Rate, w.Seconds()+cfg.Warmup.Seconds(), cfg.Warmup.Seconds(), cfg.Seed, cfg.FitMax); p != nil {
		p.ResP50, p.ResP99, p.ResRPS = resid(st.P50MS, p.P50MS), resid(st.P99MS, p.P99MS), resid(st.OKRPS, p.RPS)
		p.Compared = true
		p.CFP50MS, p.CFP99MS, p.USLRPS = plan.Num(math.NaN()), plan.Num(math.NaN()), plan.Num(math.NaN())
		st.Pred = p
	}
	res.Confirm = &st
	key := "probe.confirm.breached"
	if st.Met {
		key = "probe.confirm.met"
	}
	pred := "-"
	if st.Pred != nil {
		pred = num1(st.Pred.P99MS)
	}
	if restart == nil {
		res.Notes = append(res.Notes, note(lang, "probe.confirm.as_is", size))
	}
	res.Notes = append(res.Notes, note(lang, key, size, num0(q.Rate), num1(st.P99MS), pred, sloText(q.SLOs)))
	return nil
}

func size2(s model.Scenario, knob string, n int) model.Scenario {
	if knob == "" {
		knob = string(plan.DefaultKnob(s.Model))
	}
	return plan.Knob(knob).Set(s, n)
}
