package web

// The "your server" page: GET /probe, and POST /api/probe, which runs
// `waitlab probe` (internal/probe) against a URL the operator allows and
// streams its progress, then its result, the steps table and verdict, and
// a link that opens the fitted scenario in the lab.
//
// Why here and bounded so: a probe sends real load, so it is a real run
// like POST /api/run (one at a time through runSlot, the same short line,
// stopped when the tab closes), limited to loopback unless the operator
// named the host (Config.ProbeAllow; the lab itself is behind serve's
// guards: loopback Host, same-origin POST, netguard's timeouts and cap),
// and held to a budget and a rate the server sets, not the visitor.

import (
	"bytes"
	"encoding/json"
	"errors"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/probe"
	"github.com/waitlab/waitlab/internal/runner"
)

// Bounds of a probe from the page.
const (
	ProbeMaxBudget = 60 * time.Second
	// ProbeDefaultBudget is the CLI's (probe.DefaultBudget): one default,
	// so the page decides what `waitlab probe` decides. At 30 s it had
	// seen no limit in a pool of 4 that its own scout had shown.
	ProbeDefaultBudget = probe.DefaultBudget
	ProbeMaxRate       = 5000.0
)

// probeMinBudget is the least budget, in whole seconds, the page accepts:
// what the probe needs for one open step at its default windows
// (probe.MinBudget), so the page refuses less on the field itself.
var probeMinBudget = math.Ceil(probe.MinBudget(probe.DefaultStepMin, probe.DefaultWarmup).Seconds())

// ProbeRequest is POST /api/probe's body.
type ProbeRequest struct {
	URL     string   `json:"url"`
	SLOs    []string `json:"slo,omitempty"`
	MaxRate float64  `json:"max_rate,omitempty"` // 0: ProbeMaxRate
	BudgetS float64  `json:"budget_s,omitempty"` // 0: ProbeDefaultBudget
	SizeFor string   `json:"size_for,omitempty"`
}

// ProbeLine is one line of POST /api/probe's answer (NDJSON): a step
// starting or ending, then one final line with the result or the error.
type ProbeLine struct {
	Progress *ProbeProgress `json:"progress,omitempty"`
	Result   *probe.Result  `json:"result,omitempty"`
	// Text is the result as `waitlab probe` prints it; Head and Rows its
	// steps table, Verdict its shape and one-paragraph verdict, Notes the
	// fit's notes, the sizing answer and the warnings.
	Text    string     `json:"text,omitempty"`
	Head    []string   `json:"head,omitempty"`
	Rows    [][]string `json:"rows,omitempty"`
	Shape   string     `json:"shape,omitempty"`
	Verdict string     `json:"verdict,omitempty"`
	Notes   []string   `json:"notes,omitempty"`
	// Lab opens the fitted scenario in the lab ("": no scenario).
	Lab     string          `json:"lab,omitempty"`
	Problem *runner.Problem `json:"problem,omitempty"`
}

// ProbeProgress is a step starting (Done false) or ending.
type ProbeProgress struct {
	probe.Step
	Done     bool    `json:"done"`
	ElapsedS float64 `json:"elapsed_s"`
	BudgetS  float64 `json:"budget_s"`
	Text     string  `json:"text"`
	// Load is the step's load in words: a rate for an open step, users
	// for a closed one (probe.LoadText).
	Load string `json:"load"`
	// What is the step's kind in words ("calibrate (closed)").
	What string `json:"what"`
}

// probeJob turns a request into a probe, refusing what the page may not
// ask: a host the operator did not allow, a budget or rate over the caps.
func (s *Server) probeJob(body []byte, lang msg.Lang) (*probe.Job, error) {
	var req ProbeRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, refuse(http.StatusBadRequest, "", "web.probe.err.body", err.Error())
	}
	// Checked in seconds before it becomes a Duration: 1e300 s would
	// overflow to a negative one.
	if req.BudgetS < 0 || req.BudgetS > ProbeMaxBudget.Seconds() {
		return nil, refuse(http.StatusUnprocessableEntity, "budget_s", "web.probe.err.budget", req.BudgetS, ProbeMaxBudget.Seconds())
	}
	j := &probe.Job{Config: probe.Config{URL: strings.TrimSpace(req.URL), MaxRate: req.MaxRate,
		Budget: time.Duration(req.BudgetS * float64(time.Second)), Seed: 1, Lang: lang}, Metrics: "auto"}
	if j.MaxRate == 0 {
		j.MaxRate = ProbeMaxRate
	}
	if j.MaxRate > ProbeMaxRate {
		return nil, refuse(http.StatusUnprocessableEntity, "max_rate", "web.probe.err.rate", j.MaxRate, ProbeMaxRate)
	}
	if j.Budget == 0 {
		j.Budget = ProbeDefaultBudget
	}
	if j.Budget > ProbeMaxBudget {
		return nil, refuse(http.StatusUnprocessableEntity, "budget_s", "web.probe.err.budget", req.BudgetS, ProbeMaxBudget.Seconds())
	}
	if u, _, err := loadgen.ParseURL(j.URL); err == nil && slices.Contains(s.cfg.ProbeAllow, strings.ToLower(u.Hostname())) {
		j.AllowRemote = true
	}
	for _, v := range req.SLOs {
		t, err := probe.ParseSLO(v)
		if err != nil {
			return nil, err // probeAPI names its JSON field
		}
		j.SLOs = append(j.SLOs, t)
	}
	if req.SizeFor != "" {
		q, err := probe.ParseSizeFor(req.SizeFor)
		if err != nil {
			return nil, err
		}
		j.SizeFor = &q
	}
	if err := j.Prepare(); err != nil {
		return nil, err
	}
	return j, nil
}

func (s *Server) probeAPI(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	body, err := s.readBody(w, r)
	if err != nil {
		s.fail(w, lang, err)
		return
	}
	j, err := s.probeJob(body, lang)
	var fe *model.FieldError
	if errors.As(err, &fe) {
		// The message under its field, without the CLI's flag in front
		// (the field is the problem's own member).
		m := msg.T(lang, fe.Key, fe.Args...)
		if fe.Key == "probe.err.remote" && len(fe.Args) > 0 {
			// The page's operator allows a host with serve's flag, not
			// the target's --allow-remote (issue 44).
			m = msg.T(lang, "web.probe.err.remote", fe.Args[0])
		}
		writeJSON(w, http.StatusBadRequest, runner.Problem{Field: jsonField(fe.Field), Message: m})
		return
	}
	if err != nil {
		s.fail(w, lang, err)
		return
	}
	release, err := s.acquireRun(r.Context())
	if err != nil {
		if r.Context().Err() == nil {
			s.fail(w, lang, err)
		}
		return
	}
	defer release()
	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	send := func(l ProbeLine) {
		_ = enc.Encode(l)
		_ = rc.Flush()
	}
	j.Progress = func(p probe.Progress) {
		send(ProbeLine{Progress: &ProbeProgress{Step: p.Step, Done: p.Done, ElapsedS: p.Elapsed.Seconds(), BudgetS: p.Budget.Seconds(), Text: progressText(lang, p), Load: probe.LoadText(lang, p.Step), What: probe.KindText(lang, p.Step)}})
	}
	res, err := j.Run(r.Context())
	if r.Context().Err() != nil {
		return // the visitor left
	}
	var ferr *probe.FailError
	if res == nil || err != nil && !errors.As(err, &ferr) {
		send(ProbeLine{Problem: &runner.Problem{Message: msg.T(lang, "web.probe.err.run", errText(err, lang))}})
		return
	}
	pageWords(lang, res)
	var text bytes.Buffer
	_ = probe.WriteText(&text, lang, res)
	line := ProbeLine{Result: res, Text: text.String(), Lab: LabLink(res.Scenario, lang),
		Shape: msg.T(lang, "probe.verdict.head", probe.ShapeText(lang, res.ShapeName)), Verdict: probe.VerdictText(lang, res)}
	line.Head, line.Rows = probe.StepRows(lang, res.Steps)
	if slices.ContainsFunc(res.Steps, func(st probe.Step) bool { return st.Pooled != nil }) {
		line.Notes = append(line.Notes, msg.T(lang, "probe.table.pooled")) // the table's "*"
	}
	for _, n := range res.Notes {
		line.Notes = append(line.Notes, n.Text)
	}
	if a := res.Size; a != nil {
		line.Notes = append(line.Notes, a.Note.Text)
	}
	for _, n := range res.Warnings {
		line.Notes = append(line.Notes, n.Text)
	}
	if ferr != nil {
		line.Problem = &runner.Problem{Message: ferr.Error()}
	}
	send(line)
}

// pageKeys are the probe's notes that name a CLI flag (--budget), each
// with its words on this page (whose field is the time limit).
var pageKeys = map[string]string{
	"probe.undecided.plateau":  "web.probe.undecided.plateau",
	"probe.undecided.no_check": "web.probe.undecided.no_check",
}

// pageWords rewrites res's notes that name a CLI flag in the page's own
// words, from the same key arguments.
func pageWords(lang msg.Lang, res *probe.Result) {
	for _, ns := range [][]probe.Note{res.Evidence, res.Notes, res.Warnings} {
		for i, n := range ns {
			if k, ok := pageKeys[n.Key]; ok {
				ns[i].Text = msg.T(lang, k, n.Args...)
			}
		}
	}
}

// jsonField is the request's JSON field for a probe's flag.
func jsonField(flag string) string {
	switch flag {
	case "URL":
		return "url"
	case "--budget":
		return "budget_s"
	case "--max-rate":
		return "max_rate"
	case "--slo":
		return "slo"
	case "--size-for":
		return "size_for"
	}
	return strings.TrimPrefix(flag, "--")
}

func errText(err error, lang msg.Lang) string {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		return fe.Localize(lang)
	}
	if err == nil {
		return "-"
	}
	return err.Error()
}

// progressText is a step's line, as `waitlab probe` prints its progress.
func progressText(lang msg.Lang, p probe.Progress) string {
	return strings.TrimSpace(probe.ProgressText(lang, p))
}

// labRequests is the size of the lab's run of a fitted scenario: small
// enough that the lab draws its timeline.
const labRequests = 2000

// LabLink is the lab's address carrying sc's settings (the lab reads
// them as a shared link, GET /?model=...): "" without a scenario or for
// one the lab's form cannot hold (more than one class, besides the
// normal and blocking split of a loop-blocked fit).
func LabLink(sc *model.Scenario, lang msg.Lang) string {
	if sc == nil || len(sc.Classes) == 0 {
		return ""
	}
	c := sc.Classes[0]
	q := url.Values{}
	switch {
	case len(sc.Classes) == 1:
	case len(sc.Classes) == 2 && sc.Classes[1].Name == "blocking" && sc.Classes[1].Blocking:
		// A loop-blocked fit: the lab's block_fraction and block hold its
		// blocking class (the form's normal and blocking split).
		b := sc.Classes[1]
		q.Set("block_fraction", strconv.FormatFloat(b.Fraction, 'g', 4, 64))
		q.Set("block", b.Wait.String())
		q.Set("placement", "random")
	default:
		return ""
	}
	q.Set("lang", string(lang))
	q.Set("model", string(sc.Model))
	q.Set("threads", strconv.Itoa(sc.Threads))
	if sc.Cores > 0 {
		q.Set("cores", strconv.Itoa(sc.Cores))
	}
	q.Set("requests", strconv.Itoa(min(sc.Requests, labRequests)))
	q.Set("arrival", sc.Arrival.String())
	q.Set("cpu", c.CPU.String())
	q.Set("wait", c.Wait.String())
	calls := c.Calls
	if calls == 0 && !c.Wait.IsZero() {
		calls = 1
	}
	q.Set("calls", strconv.Itoa(calls))
	q.Set("shared_lock", strconv.FormatBool(sc.SharedLock))
	q.Set("seed", strconv.FormatInt(sc.Seed, 10))
	// The fitted model is what the visitor came for: the lab shows its
	// answer at once (a plain link with settings asks for a guess first).
	q.Set("reveal", "1")
	return "/?" + q.Encode()
}

var probeTmpl = template.Must(template.ParseFS(staticFS, "static/probe.html"))

// probePage serves the "your server" page in the request's language.
func (s *Server) probePage(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	other := msg.KO
	if lang == msg.KO {
		other = msg.EN
	}
	t := func(key string, args ...any) string { return msg.T(lang, key, args...) }
	d := map[string]any{
		"Lang": string(lang), "T": t, "Other": "/probe?lang=" + string(other), "OtherName": msg.T(other, "web.probe.lang"),
		"Lab": "/?lang=" + string(lang), "Fanout": "/fanout?lang=" + string(lang), "MaxBudget": ProbeMaxBudget.Seconds(), "DefBudget": ProbeDefaultBudget.Seconds(),
		"MinBudget": probeMinBudget,
		"MaxRate":   ProbeMaxRate, "Allowed": strings.Join(append([]string{"127.0.0.1", "localhost", "[::1]"}, s.cfg.ProbeAllow...), ", "),
	}
	var b bytes.Buffer
	if err := probeTmpl.Execute(&b, d); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Language", string(lang))
	_, _ = w.Write(b.Bytes())
}
