package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/buildinfo"
	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
	"github.com/waitlab/waitlab/internal/report"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/sim"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// problemError is a refusal the handler answers with status and Problem.
type problemError struct {
	status int
	field  string
	key    string
	args   []any
}

func (e *problemError) Error() string { return msg.T(msg.EN, e.key, e.args...) }

func refuse(status int, field, key string, args ...any) error {
	return &problemError{status: status, field: field, key: key, args: args}
}

// fail writes err as a Problem: 413 for bodies too big, 429 for a busy
// lab, 422 for real runs refused by the machine or the caps, 400 for bad
// input, 500 for anything else (with the error's text: it is our fault).
func (s *Server) fail(w http.ResponseWriter, lang msg.Lang, err error) {
	var pe *problemError
	if errors.As(err, &pe) {
		writeJSON(w, pe.status, runner.Problem{Field: pe.field, Message: msg.T(lang, pe.key, pe.args...)})
		return
	}
	var fe *model.FieldError
	if errors.As(err, &fe) {
		writeJSON(w, http.StatusBadRequest, s.fieldProblem(lang, fe))
		return
	}
	// Over this lab's caps, or over the machine's own ceiling on a run's
	// length (far above the caps): say the caps, in the page's words and
	// durations, not the CLI's flags.
	var tb *runner.TooBigError
	var ce *runner.CapError
	caps := " " + msg.T(lang, "web.caps", s.cfg.Caps.MaxRequests, s.cfg.Caps.MaxThreads, s.cfg.Caps.MaxWall.Seconds())
	switch {
	case errors.As(err, &tb) && tb.Key == "run.err.wall" && len(tb.Args) == 2:
		est, _ := time.ParseDuration(fmt.Sprint(tb.Args[0]))
		writeJSON(w, http.StatusUnprocessableEntity, runner.Problem{Field: "requests",
			Message: msg.T(lang, "web.err.real.wall", narrate.Clock(lang, est), narrate.Clock(lang, s.cfg.Caps.MaxWall)) + caps})
		return
	case errors.As(err, &ce) && ce.Cap == "wall":
		writeJSON(w, http.StatusUnprocessableEntity, runner.Problem{Field: "requests",
			Message: msg.T(lang, "web.err.real.wall", narrate.Clock(lang, time.Duration(ce.Got*1e9)), narrate.Clock(lang, time.Duration(ce.Limit*1e9))) + caps})
		return
	case errors.As(err, &ce):
		p, _ := runner.Explain(err, lang)
		p.Message += caps
		writeJSON(w, http.StatusUnprocessableEntity, p)
		return
	}
	if p, ok := runner.Explain(err, lang); ok {
		status := http.StatusBadRequest
		var ce *runner.CapError
		if errors.As(err, &ce) || errors.As(err, new(*runner.TooBigError)) {
			status = http.StatusUnprocessableEntity
		}
		writeJSON(w, status, p)
		return
	}
	writeJSON(w, http.StatusInternalServerError, runner.Problem{Message: msg.T(lang, "web.err.internal", err.Error())})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	writeWithTimeline(w, status, v, nil)
}

// writeWithTimeline writes v's JSON object with the trace added as its
// "timeline" field. The trace is spliced in as model.Trace writes it:
// through encoding/json, a Marshaler's output is scanned and compacted
// again, which cost several times the simulation for a 2,000-request
// timeline.
func writeWithTimeline(w http.ResponseWriter, status int, v any, tl *model.Trace) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out := b.Bytes()
	if tl != nil {
		tb, err := tl.MarshalJSON()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		out = bytes.TrimRight(out, "\n")
		out = append(out[:len(out)-1], `,"timeline":`...)
		out = append(append(out, tb...), "}\n"...)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(out)
}

// Request is what POST /api/sim and /api/run read: a preset's name (or
// none: the default scenario) with overrides, or a whole scenario.
type Request struct {
	Preset   string
	Scenario model.Scenario
}

// readBody reads at most MaxBody bytes of the request.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, refuse(http.StatusRequestEntityTooLarge, "", "web.err.body.big", s.cfg.MaxBody)
	}
	if err != nil {
		return nil, refuse(http.StatusBadRequest, "", "web.err.body.read", err.Error())
	}
	return body, nil
}

// ParseRequest turns a request body into a valid scenario: an object with
// "classes" is a whole scenario (the scenario file's fields, strictly:
// unknown fields are errors); any other object is model.Overrides on the
// preset named by "preset" (or the default scenario), through
// model.Resolve, the path the CLI's flags take. Errors are
// *model.FieldError naming the field.
func ParseRequest(body []byte) (Request, error) {
	var fields map[string]json.RawMessage
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	if err := json.Unmarshal(body, &fields); err != nil || fields == nil {
		return Request{}, model.NewFieldError("", "web.err.body.json", jsonProblem(err))
	}
	if _, whole := fields["classes"]; whole {
		if _, ok := fields["preset"]; ok {
			return Request{}, model.NewFieldError("preset", "web.err.preset.and.scenario")
		}
		s, err := model.ParseYAML(body)
		if err != nil {
			return Request{}, err
		}
		s, err = model.Resolve(s, nil)
		return Request{Scenario: s}, err
	}
	var req Request
	base := model.DefaultScenario()
	if raw, ok := fields["preset"]; ok {
		if err := json.Unmarshal(raw, &req.Preset); err != nil {
			return req, model.NewFieldError("preset", "web.err.type.string")
		}
		delete(fields, "preset")
		if e, ok := model.LookupVariant(req.Preset); ok {
			// A fan-out lab entry is its base preset with its overrides;
			// the request's own fields go over them.
			var eo map[string]json.RawMessage
			_ = json.Unmarshal([]byte(e.Overrides), &eo)
			for k, v := range fields {
				eo[k] = v
			}
			fields = eo
			base = e.BaseScenario()
		} else {
			p, ok := model.LookupPreset(req.Preset)
			if !ok {
				return req, model.NewFieldError("preset", "web.err.preset.unknown", req.Preset, strings.Join(entryNames(), ", "))
			}
			base = p.Scenario
		}
	}
	rest, _ := json.Marshal(fields)
	var o model.Overrides
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return req, model.NewFieldError(te.Field, "web.err.type."+typeName(te.Type.Kind()))
		}
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return req, model.NewFieldError(strings.Trim(name, `"`), "web.err.unknown.field")
		}
		return req, model.NewFieldError("", "web.err.body.json", jsonProblem(err))
	}
	s, err := model.Resolve(base, &o)
	req.Scenario = s
	return req, err
}

// typeName names a JSON value's expected type for a message.
func typeName(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "int"
	case reflect.Float64, reflect.Float32:
		return "number"
	case reflect.Bool:
		return "bool"
	}
	return "string"
}

func jsonProblem(err error) string {
	if err == nil {
		return "not an object"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// SimAnswer is POST /api/sim's answer: `waitlab sim --json`'s object with,
// when asked, the timeline (model.Trace's JSON contract) and the timed
// narration, the published figures of a preset at its reference settings,
// and what limited the run, in words.
type SimAnswer struct {
	*model.Result
	Preset    string             `json:"preset,omitempty"`
	Reference map[string]float64 `json:"reference,omitempty"`
	Limit     *narrate.Limit     `json:"limit,omitempty"`
	// Timeline is written as the answer's "timeline" field (its JSON is
	// model.Trace's contract) by writeWithTimeline.
	Timeline  *model.Trace   `json:"-"`
	Narration []narrate.Line `json:"narration,omitempty"`
	// TimelineOmitted says the timeline was asked for but the run was too
	// big to draw (more than TimelineMaxRequests requests or
	// TimelineMaxLanes lanes).
	TimelineOmitted bool `json:"timeline_omitted,omitempty"`
}

// RunAnswer is POST /api/run's answer: the real run's result at the top
// level (`waitlab run --json`'s object), its model, the ratios real/model,
// the published figures, and when asked the real run's timeline and its
// narration.
type RunAnswer struct {
	*model.Result
	Preset      string             `json:"preset,omitempty"`
	Model       *model.Result      `json:"model"`
	Ratio       map[string]float64 `json:"ratio,omitempty"`
	Reference   map[string]float64 `json:"reference,omitempty"`
	StallStates map[string]int64   `json:"stall_states,omitempty"`
	Caps        CapsJSON           `json:"caps"`
	// Via is how the scenario ran for real: "process" (real threads,
	// loops or goroutines in a child process), "http" (a target server
	// child and a load generator over loopback sockets: lab's HTTP view)
	// or "both", or "jvm" (waitlab's Java executors in a JVM child: the
	// top-level result is the JVM's, its JVM facts under "jvm", its
	// ratios to the model in Ratio). With "http" alone, the top-level
	// result is the HTTP one.
	Via       string              `json:"via"`
	HTTP      *model.Result       `json:"http,omitempty"`
	HTTPRatio map[string]float64  `json:"http_ratio,omitempty"`
	Sockets   *runner.HTTPSockets `json:"sockets,omitempty"`
	// JVMNotes are the JVM run's facts as sentences in the asker's
	// language (report.JVMNotes: the JDK, the cold first pass, the
	// carriers, the pinning verdict by the JFR count), with via=jvm.
	JVMNotes  []string       `json:"jvm_notes,omitempty"`
	Timeline  *model.Trace   `json:"-"` // see SimAnswer.Timeline
	Narration []narrate.Line `json:"narration,omitempty"`
}

// CapsJSON is the server's limits as the API tells them: a real run's
// (runner.Caps) and the largest simulation drawn as a timeline.
type CapsJSON struct {
	MaxRequests         int     `json:"max_requests"`
	MaxThreads          int     `json:"max_threads"`
	MaxWallS            float64 `json:"max_wall_s"`
	TimelineMaxRequests int     `json:"timeline_max_requests"`
	TimelineMaxLanes    int     `json:"timeline_max_lanes"`
}

func (s *Server) capsJSON() CapsJSON {
	c := s.cfg.Caps
	return CapsJSON{c.MaxRequests, c.MaxThreads, c.MaxWall.Seconds(), s.cfg.TimelineMaxRequests, s.cfg.TimelineMaxLanes}
}

func flag(r *http.Request, name string) bool {
	v := r.URL.Query().Get(name)
	return v == "1" || v == "true"
}

// noWork reports a scenario whose requests take no time at all (no wait,
// no CPU, no blocking call): its batch time is 0, its throughput has no
// meaning, and its narration would tell requests finishing as they arrive.
// The lab refuses it with the reason rather than show that.
func noWork(sc model.Scenario) bool {
	for _, c := range sc.Classes {
		if !c.CPU.IsZero() || !c.Wait.IsZero() {
			return false
		}
	}
	return true
}

// Simulate runs one simulation for the API, bounded in size (requests,
// threads, requests × calls) and in compute time (SimMaxWall), with the
// trace and narration when asked (and the run is small enough to draw).
// ctx ending (the visitor left) stops it, waiting or simulating.
func (s *Server) Simulate(ctx context.Context, req Request, lang msg.Lang, timeline, narration bool) (*SimAnswer, error) {
	sc := req.Scenario
	if sc.Requests > s.cfg.SimMaxRequests {
		return nil, refuse(http.StatusUnprocessableEntity, "requests", "web.err.sim.big", sc.Requests, s.cfg.SimMaxRequests)
	}
	if n := sc.Threads + sc.OffloadPool; n > s.cfg.SimMaxThreads {
		return nil, refuse(http.StatusUnprocessableEntity, "threads", "web.err.sim.threads", n, s.cfg.SimMaxThreads)
	}
	if noWork(sc) {
		return nil, refuse(http.StatusUnprocessableEntity, "wait", "web.err.zero.work")
	}
	calls := 0
	for _, c := range sc.Classes {
		calls = max(calls, c.CallCount())
	}
	if work := float64(sc.Requests) * float64(max(calls, 1)); work > float64(s.cfg.SimMaxCalls) {
		return nil, refuse(http.StatusUnprocessableEntity, "calls", "web.err.sim.calls", sc.Requests, calls, s.cfg.SimMaxCalls)
	}
	select {
	case s.simSlots <- struct{}{}:
		defer func() { <-s.simSlots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	drawable := sc.Requests <= s.cfg.TimelineMaxRequests && sc.Threads+sc.OffloadPool <= s.cfg.TimelineMaxLanes
	// The simulation stops when the visitor leaves or it computes longer
	// than the server allows.
	sctx, cancel := context.WithTimeout(ctx, s.cfg.SimMaxWall)
	defer cancel()
	res, err := sim.RunContext(sctx, sc, sim.Options{Trace: drawable})
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return nil, refuse(http.StatusUnprocessableEntity, "requests", "web.err.sim.slow", s.cfg.SimMaxWall.Seconds())
		}
		return nil, err
	}
	a := &SimAnswer{Result: res, Preset: req.Preset, Reference: runner.Reference(req.Preset, sc), Limit: narrate.WhatLimited(res, lang)}
	if timeline {
		if drawable {
			a.Timeline = res.Trace
		} else {
			a.TimelineOmitted = true
		}
	}
	if narration && drawable {
		a.Narration = narrate.Timed(res, lang)
		if l, ok := callsLine(res, lang); ok {
			a.Narration = append([]narrate.Line{l}, a.Narration...)
		}
	}
	return a, nil
}

// readRequest reads a POST's body and parses it as a Request; when it
// cannot, it writes the problem and reports false.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request, lang msg.Lang) (Request, bool) {
	body, err := s.readBody(w, r)
	if err == nil {
		var req Request
		if req, err = ParseRequest(body); err == nil {
			return req, true
		}
	}
	s.fail(w, lang, err)
	return Request{}, false
}

func (s *Server) sim(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	req, ok := s.readRequest(w, r, lang)
	if !ok {
		return
	}
	a, err := s.Simulate(r.Context(), req, lang, flag(r, "timeline"), flag(r, "narration"))
	if err != nil {
		if r.Context().Err() != nil {
			return // the visitor left
		}
		s.fail(w, lang, err)
		return
	}
	writeWithTimeline(w, http.StatusOK, a, a.Timeline)
}

// acquireRun takes the real-run slot, waiting in line if there is room in
// it; a full line is refused (429) with the caps and the line named.
func (s *Server) acquireRun(ctx context.Context) (release func(), err error) {
	return s.acquireRunAs(ctx, "")
}

// acquireRunAs is acquireRun for a visitor who named its place in line
// (ticket, "" for none), so GET /api/line can tell it how many runs are
// ahead of it while it waits.
func (s *Server) acquireRunAs(ctx context.Context, ticket string) (release func(), err error) {
	select {
	case s.runSlot <- struct{}{}:
		return s.holding(ticket), nil
	default:
	}
	s.mu.Lock()
	if s.waiting >= s.cfg.RunQueue {
		s.mu.Unlock()
		return nil, refuse(http.StatusTooManyRequests, "", "web.err.busy", s.cfg.RunQueue)
	}
	s.waiting++
	s.line = append(s.line, ticket)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.waiting--
		for i, t := range s.line {
			if t == ticket {
				s.line = append(s.line[:i], s.line[i+1:]...)
				break
			}
		}
		s.mu.Unlock()
	}()
	select {
	case s.runSlot <- struct{}{}:
		return s.holding(ticket), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// RealRun measures req's scenario for real beside its model (runner.Measure)
// within the server's caps, one run at a time. A ctx that ends (the tab
// closed) stops the wait or the run's child process.
func (s *Server) RealRun(ctx context.Context, req Request, via string, lang msg.Lang, timeline, narration bool) (*RunAnswer, error) {
	return s.realRunAs(ctx, req, via, "", "", "", lang, timeline, narration)
}

// realRunAs is RealRun holding ticket's place in line (see acquireRunAs).
// pin is the JVM view's pin mechanism (?pin=synchronized|native, via=jvm);
// engine the server of the HTTP view (?engine=go|tomcat|netty, via=http
// or both; "" is the Go target).
func (s *Server) realRunAs(ctx context.Context, req Request, via, ticket, pin, engine string, lang msg.Lang, timeline, narration bool) (*RunAnswer, error) {
	switch via {
	case "":
		via = runner.ViaProcess
	case runner.ViaProcess, runner.ViaHTTP, runner.ViaBoth, runner.ViaJVM:
	default:
		return nil, refuse(http.StatusBadRequest, "via", "web.err.via", via)
	}
	if noWork(req.Scenario) {
		return nil, refuse(http.StatusUnprocessableEntity, "wait", "web.err.zero.work")
	}
	exe, err := s.exe()
	if err != nil {
		return nil, err
	}
	caps := s.cfg.Caps
	if via == runner.ViaBoth {
		// Two views, each with its warm-up: the wall cap covers both.
		caps.MaxWall /= 2
	}
	cfg := runner.Config{
		Scenario: req.Scenario, Preset: req.Preset, Exe: exe, Repeat: 1, Warmup: true,
		Options: runner.Options{StallThreshold: 10 * time.Millisecond, Trace: timeline || narration, Version: buildinfo.Version()},
		Caps:    caps, Via: via, Cores: sysinfo.Cores(),
	}
	if via == runner.ViaJVM {
		cfg.JVM.Java, cfg.JVM.Pin = s.cfg.Java, pin
	} else if pin != "" {
		return nil, refuse(http.StatusBadRequest, "pin", "web.err.pin")
	}
	if engine != "" {
		e, err := httpEngine(engine, via, req.Scenario.Model)
		if err != nil {
			return nil, err
		}
		cfg.HTTP.Engine = e
	}
	// Refuse what the caps or the machine refuse before waiting in line;
	// the prepared run is the one measured.
	prep, err := runner.Prepare(cfg)
	if err != nil {
		return nil, jdkMissing(err, lang)
	}
	release, err := s.acquireRunAs(ctx, ticket)
	if err != nil {
		return nil, err
	}
	defer release()
	out, err := runner.Measure(ctx, prep)
	if err != nil {
		return nil, jdkMissing(err, lang)
	}
	a := &RunAnswer{
		Result: out.Real, Preset: req.Preset, Model: out.Model, Ratio: out.Ratio, Reference: out.Reference,
		StallStates: out.StallStates, Caps: s.capsJSON(),
		Via: via, HTTP: out.HTTP, HTTPRatio: out.HTTPRatio, Sockets: out.Sockets,
	}
	if via == runner.ViaJVM {
		a.Result, a.Ratio = out.JVM, out.JVMRatio
		if out.JVM != nil {
			a.JVMNotes = report.JVMNotes(lang, out.JVM)
		}
	}
	if a.Result == nil {
		// Over HTTP only: the measurement is the HTTP one.
		a.Result, a.Ratio = out.HTTP, out.HTTPRatio
	}
	if a.Result == nil {
		return nil, supervise.ErrInterrupted
	}
	if timeline && a.Result.Trace != nil {
		a.Timeline = a.Result.Trace
	}
	if narration {
		a.Narration = narrate.Timed(a.Result, lang)
	}
	return a, nil
}

// jdkMissing says, for a run that needs a JDK (on the JDK, or a JVM
// server over HTTP), that this server has none it can use, followed by
// jdk's own reason for whoever runs it; other errors pass unchanged.
func jdkMissing(err error, lang msg.Lang) error {
	var fe *model.FieldError
	if errors.As(err, &fe) && strings.TrimLeft(fe.Field, "-") == jdk.Field {
		return refuse(http.StatusUnprocessableEntity, "", "web.err.nojdk", msg.T(lang, fe.Key, fe.Args...))
	}
	return err
}

// httpEngine reads ?engine= for a run over HTTP: a server launch starts
// (go, tomcat, netty) that serves the scenario's model, refused by name
// otherwise.
func httpEngine(name, via string, m model.Kind) (launch.Engine, error) {
	if via != runner.ViaHTTP && via != runner.ViaBoth {
		return "", refuse(http.StatusBadRequest, "engine", "web.err.engine.via")
	}
	e, err := launch.ParseEngine(name)
	if err != nil {
		return "", refuse(http.StatusBadRequest, "engine", "web.err.engine", name)
	}
	if ms := e.Models(); len(ms) > 0 && !slices.Contains(ms, string(m)) {
		return "", refuse(http.StatusBadRequest, "engine", "web.err.engine.model", string(e), string(m), strings.Join(ms, ", "))
	}
	return e, nil
}

func (s *Server) run(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	req, ok := s.readRequest(w, r, lang)
	if !ok {
		return
	}
	q := r.URL.Query()
	a, err := s.realRunAs(r.Context(), req, q.Get("via"), ticketOf(r), q.Get("pin"), q.Get("engine"), lang, flag(r, "timeline"), flag(r, "narration"))
	if r.Context().Err() != nil {
		return // the visitor left; whatever was measured has no reader
	}
	if err != nil {
		if errors.Is(err, supervise.ErrInterrupted) {
			s.fail(w, lang, refuse(http.StatusServiceUnavailable, "", "web.err.interrupted"))
			return
		}
		s.fail(w, lang, err)
		return
	}
	writeWithTimeline(w, http.StatusOK, a, a.Timeline)
}

// PresetJSON is one entry of GET /api/presets.
type PresetJSON struct {
	Name  string `json:"name"`
	Group string `json:"group"`
	// Label is the button's sentence ("the starting settings — 4 threads,
	// 12 requests").
	Label       string `json:"label"`
	Description string `json:"description"`
	// Setup is the description without its outcome: what the page shows
	// until the learner has guessed (Description tells the answer).
	Setup     string             `json:"setup"`
	Scenario  model.Scenario     `json:"scenario"`
	Reference map[string]float64 `json:"reference,omitempty"`
	RefWaitMS float64            `json:"ref_wait_ms,omitempty"`
	// RefModel is the model's figures at the published measurement's
	// settings (RefWaitMS), beside Reference.
	RefModel map[string]float64 `json:"ref_model,omitempty"`
	Source   string             `json:"source,omitempty"`
	// Overrides are applied to Base to make the scenario (the fan-out
	// example, which is not a preset of its own).
	Base      string          `json:"base,omitempty"`
	Overrides json.RawMessage `json:"overrides,omitempty"`
}

// entryNames are the names POST {"preset": NAME} takes: the presets and
// the fan-out lab's entries (model.Variants).
func entryNames() []string {
	names := model.PresetNames()
	for _, e := range model.Variants() {
		names = append(names, e.Name)
	}
	return names
}

// presetList is GET /api/presets' answer in one language: it is the same
// for every request, so it is made once per language.
func (s *Server) presetList(lang msg.Lang) ([]byte, error) {
	s.mu.Lock()
	b, ok := s.presetCache[lang]
	s.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := buildPresets(lang)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.presetCache[lang] = b
	s.mu.Unlock()
	return b, nil
}

func buildPresets(lang msg.Lang) ([]byte, error) {
	{
		var out []PresetJSON
		for _, p := range model.Presets() {
			group := "lab"
			if strings.HasPrefix(p.Name, "ch15") {
				group = "loops"
			}
			pj := PresetJSON{
				Name: p.Name, Group: group, Label: msg.T(lang, "web.label."+p.Name), Description: msg.T(lang, "preset."+p.Name), Setup: msg.T(lang, "web.setup."+p.Name),
				Scenario: p.Scenario, Reference: p.Reference, RefWaitMS: float64(p.RefWait) / 1e6, Source: msg.T(lang, p.Source),
			}
			if p.RefWait > 0 {
				// The model at the published measurement's settings, for
				// the JDK 21 rows the page always shows.
				req, err := ParseRequest([]byte(`{"preset":"` + p.Name + `","wait":"` + p.RefWait.String() + `"}`))
				if err != nil {
					return nil, err
				}
				res, err := sim.Run(req.Scenario, sim.Options{})
				if err != nil {
					return nil, err
				}
				pj.RefModel = map[string]float64{}
				for k := range p.Reference {
					switch k {
					case "makespan_ms":
						pj.RefModel[k] = res.MakespanMS
					case "throughput_rps":
						pj.RefModel[k] = res.ThroughputRPS
					}
				}
			}
			out = append(out, pj)
		}
		for _, e := range model.Variants() {
			fo, err := ParseRequest([]byte(`{"preset":"` + e.Name + `"}`))
			if err != nil {
				return nil, err
			}
			out = append(out, PresetJSON{
				Name: e.Name, Group: "fanout", Label: msg.T(lang, "web.label."+e.Name), Description: msg.T(lang, "preset."+e.Name), Setup: msg.T(lang, "web.setup."+e.Name),
				Scenario: fo.Scenario, Base: e.Base, Overrides: json.RawMessage(e.Overrides),
			})
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		err := enc.Encode(out)
		return b.Bytes(), err
	}
}

func (s *Server) presets(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	b, err := s.presetList(lang)
	if err != nil {
		s.fail(w, lang, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(b)
}

// catalog answers the page's text: every "web." entry of the catalog in
// the asked language, and the version.
func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	out := map[string]string{}
	for _, k := range msg.Keys() {
		if strings.HasPrefix(k, "web.") {
			// As written: the page fills the verbs, then the markers.
			out[k] = msg.Format(lang, k)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"lang": lang, "version": buildinfo.Version(), "strings": out, "caps": s.capsJSON(),
	})
}

var pageTmpl = template.Must(template.ParseFS(staticFS, "static/index.html"))

// page serves the lab's one page in the request's language.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	var b bytes.Buffer
	// Two labs on one page: this one at /, the fan-out lab (its previous
	// lab in the source's series) at /fanout.
	d := map[string]any{"Lang": string(lang), "Lab": "main", "TitleKey": "web.title", "TaglineKey": "web.tagline",
		"OtherLab": "/fanout?lang=" + string(lang), "OtherLabKey": "web.nav.prev", "NoScript": msg.T(lang, "web.noscript")}
	if r.URL.Path == "/fanout" {
		d["Lab"], d["TitleKey"], d["TaglineKey"], d["OtherLab"], d["OtherLabKey"] = "fanout", "web.fo.title", "web.fo.tagline", "/?lang="+string(lang), "web.nav.next"
	}
	d["Title"] = msg.T(lang, d["TitleKey"].(string))
	if err := pageTmpl.Execute(&b, d); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Language", string(lang))
	_, _ = w.Write(b.Bytes())
}

// fieldProblem is a refused field in the page's words: the message without
// the field's name in front (the page shows it under the field, and the
// name is English), and the lab's own limits where the scenario's are far
// wider (threads and requests: one range on the page, not two).
func (s *Server) fieldProblem(lang msg.Lang, fe *model.FieldError) runner.Problem {
	p := runner.Problem{Field: pageField(fe.Field), Message: msg.T(lang, fe.Key, fe.Args...)}
	switch fe.Key {
	case "err.parse.dur":
		// The CLI's "use Go syntax" is no help on a form.
		p.Message = msg.T(lang, "web.err.field.dur", fmt.Sprint(fe.Args[0]))
	case "err.block.needs.fraction":
		p.Message = msg.T(lang, "web.err.block.needs.fraction")
	case "err.offload.unused":
		p.Message = msg.T(lang, "web.err.offload.unused", fe.Args...)
	case "err.offload.missing":
		p.Message = msg.T(lang, "web.err.offload.missing", fe.Args...)
	case "err.threads":
		p.Message = msg.T(lang, "web.err.range.threads", fe.Args[0], s.cfg.SimMaxThreads)
	case "err.requests":
		p.Message = msg.T(lang, "web.err.range.requests", fe.Args[0], s.cfg.SimMaxRequests)
	}
	return p
}

// pageField is the form's name for a scenario's field: a class's calls,
// wait and CPU are the form's calls, wait and cpu ("classes.normal.calls"
// is the calls field), the blocking class's wait and fraction its block
// and block_fraction.
func pageField(f string) string {
	rest, ok := strings.CutPrefix(f, "classes.")
	if !ok {
		return f
	}
	class, leaf, ok := strings.Cut(rest, ".")
	if !ok {
		return f
	}
	if class == "blocking" {
		switch leaf {
		case "wait":
			return "block"
		case "fraction":
			return "block_fraction"
		}
	}
	return leaf
}

func (s *Server) onlyPost(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", "POST")
	writeJSON(w, http.StatusMethodNotAllowed, runner.Problem{Message: msg.T(s.langOf(r), "web.err.method", r.Method, r.URL.Path, "POST")})
}

func (s *Server) onlyGet(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", "GET")
	writeJSON(w, http.StatusMethodNotAllowed, runner.Problem{Message: msg.T(s.langOf(r), "web.err.method", r.Method, r.URL.Path, "GET")})
}

func (s *Server) noAPI(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusNotFound, runner.Problem{Message: msg.T(s.langOf(r), "web.err.no.api", r.URL.Path)})
}
