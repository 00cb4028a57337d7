package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// post sends body to path on a fresh server and decodes the answer.
func post(t *testing.T, s *Server, path, body string, hdr ...string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("POST %s %s: answer is not a JSON object: %v\n%s", path, body, err, rec.Body)
	}
	return rec.Code, out
}

func TestSimPresetAnswersTheCLIsJSONWithTimelineAndNarration(t *testing.T) {
	s := New(Config{})
	code, out := post(t, s, "/api/sim?timeline=1&narration=1", `{"preset":"lab-pool"}`)
	if code != 200 {
		t.Fatalf("POST /api/sim lab-pool = %d %v; want 200", code, out)
	}
	if out["makespan_ms"] != 6000.0 || out["mode"] != "sim" || out["preset"] != "lab-pool" {
		t.Errorf("makespan_ms, mode, preset = %v, %v, %v; want 6000, sim, lab-pool", out["makespan_ms"], out["mode"], out["preset"])
	}
	tl, _ := out["timeline"].(map[string]any)
	if lanes, _ := tl["lanes"].([]any); len(lanes) != 4 {
		t.Errorf("timeline.lanes = %v; want 4 threads", tl["lanes"])
	}
	if spans, _ := tl["spans"].([]any); len(spans) != 12 {
		t.Errorf("timeline has %d spans; want 12 (one 2 s hold per request)", len(spans))
	}
	narr, _ := out["narration"].([]any)
	if len(narr) != 5 {
		t.Fatalf("narration = %v; want 5 timed lines", narr)
	}
	second := narr[1].(map[string]any)
	if second["start_ms"] != 2000.0 || second["end_ms"] != 4000.0 || !strings.HasPrefix(second["text"].(string), "2.0 s:") {
		t.Errorf("narration[1] = %v; want the 2.0 s line spanning 2000..4000 ms", second)
	}
	if lim, _ := out["limit"].(map[string]any); lim["kind"] != "threads" {
		t.Errorf("limit = %v; want kind threads", out["limit"])
	}
	// Without the flags, neither is sent.
	_, out = post(t, s, "/api/sim", `{"preset":"lab-pool"}`)
	if out["timeline"] != nil || out["narration"] != nil {
		t.Errorf("POST /api/sim without flags sent timeline or narration")
	}
}

// The API's numbers are the simulator's: a few presets and overrides.
func TestSimMatchesTheModel(t *testing.T) {
	s := New(Config{})
	for _, tc := range []struct {
		body     string
		makespan float64
		limit    string
	}{
		{`{"preset":"lab-loop"}`, 2000, "wait"},
		{`{"preset":"lab-loop-blocking"}`, 12000, "blocking"},
		{`{"preset":"lab-virtual"}`, 2000, "wait"},
		{`{"preset":"lab-pool-10x30"}`, 6000, "threads"},
		{`{"preset":"lab-pool","wait":"200ms"}`, 600, "threads"},
		{`{"preset":"lab-virtual","calls":10,"wait":"200ms","fanout":"parallel"}`, 200, "wait"},
		{`{"preset":"lab-virtual","calls":10,"wait":"200ms","fanout":"sequential"}`, 2000, "wait"},
		{`{"model":"pool","threads":2,"requests":4,"wait":"1s","shared_lock":true}`, 4000, "lock"},
		{`{"preset":"lab-virtual","blocking":true}`, 12000, "pinned"},
		{`{"preset":"ch15-onloop"}`, 350, "blocking"},
		{`{"preset":"ch15-offload4"}`, 508.8, "pool"},
		{`{"model":"pool","threads":4,"cores":1,"requests":8,"cpu":"10ms","wait":"0s"}`, 80, "cores"},
		{`{"model":"virtual","threads":2,"requests":100,"cpu":"10ms","wait":"10ms"}`, 510, "carriers"},
		{`{"model":"loop","threads":2,"requests":100,"cpu":"10ms","wait":"0s"}`, 500, "loops"},
	} {
		code, out := post(t, s, "/api/sim?timeline=1", tc.body)
		if code != 200 || out["makespan_ms"] != tc.makespan {
			t.Errorf("POST /api/sim %s = %d, makespan %v; want 200, %v (%v)", tc.body, code, out["makespan_ms"], tc.makespan, out)
			continue
		}
		if lim, _ := out["limit"].(map[string]any); lim["kind"] != tc.limit {
			t.Errorf("POST /api/sim %s: limit %v; want %s", tc.body, lim, tc.limit)
		}
	}
}

// A whole scenario object (the scenario file's fields) is taken as it is.
func TestSimWholeScenario(t *testing.T) {
	s := New(Config{})
	body := `{"model":"loop","threads":2,"requests":12,"arrival":"burst","seed":1,
		"classes":[{"name":"normal","fraction":1,"wait":"2s","blocking":true}]}`
	code, out := post(t, s, "/api/sim", body)
	if code != 200 || out["makespan_ms"] != 12000.0 {
		t.Errorf("POST /api/sim (whole scenario) = %d, %v; want 200, makespan 12000", code, out)
	}
	code, out = post(t, s, "/api/sim", `{"model":"loop","threads":2,"requests":12,"classes":[{"name":"x","frac":1}]}`)
	if code != 400 || out["field"] != "file" {
		t.Errorf("POST /api/sim (unknown class field) = %d, %v; want 400 naming it", code, out)
	}
}

// Errors are {field, message} with a 4xx, the message the CLI prints for
// the same input, in the request's language.
func TestSimErrorsNameTheField(t *testing.T) {
	s := New(Config{})
	resolveErr := func(o model.Overrides) *model.FieldError {
		p, _ := model.LookupPreset("lab-pool")
		_, err := model.Resolve(p.Scenario, &o)
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			t.Fatalf("Resolve(%+v) = %v; want a FieldError", o, err)
		}
		return fe
	}
	bad := "2 parsecs"
	for _, tc := range []struct {
		body, lang, field, want string
		status                  int
	}{
		// One range for threads and requests, the lab's, and no English
		// field name in front of a Korean message.
		{`{"preset":"lab-pool","threads":0}`, "ko", "threads", "스레드 0개는 쓸 수 없습니다. 이 실습에서는 1개에서 10000개까지 줄 수 있습니다", 400},
		{`{"preset":"lab-pool","requests":0}`, "en", "requests", "0 requests is not allowed here: give 1 to 200000", 400},
		// A time the form cannot read, in the form's words: no "Go syntax"
		// (issue 44 defect 7); the CLI's message is another.
		{`{"preset":"lab-pool","wait":"2 parsecs"}`, "en", "wait", func() string {
			if fe := resolveErr(model.Overrides{Wait: &bad}); fe.Key != "err.parse.dur" {
				t.Errorf("Resolve of a bad wait: key %s; want err.parse.dur", fe.Key)
			}
			return "give a time (e.g. 2 s, 2.5, 200ms); got 2 parsecs"
		}(), 400},
		{`{"preset":"lab-pool","threads":"four"}`, "en", "threads", "give a whole number", 400},
		{`{"preset":"lab-pool","thread":4}`, "en", "thread", "unknown field", 400},
		{`{"preset":"lab-poo"}`, "en", "preset", "lab-pool-10x30", 400},
		{`[1,2]`, "en", "", "JSON object", 400},
		{`{"preset":"lab-pool","requests":300000}`, "en", "requests", "too many to simulate here", 422},
		{`{"preset":"lab-pool","threads":20000}`, "ko", "threads", "스레드 20000개는", 422},
		{`{"preset":"lab-virtual","requests":100000,"calls":10,"wait":"1ms"}`, "en", "calls", "100000 requests of 10 downstream calls each are too much to simulate here (requests × calls up to 500000)", 422},
		{`{"preset":"lab-pool","block":"5ms"}`, "ko", "block", "블로킹 비율과 함께", 400},
		// A class's field is the form's field (issue 44 defect 7).
		{`{"preset":"lab-pool","calls":5000}`, "en", "calls", "5000", 400},
		// A wait of nothing is refused with its reason (issue 44 defect 6).
		{`{"preset":"lab-pool","wait":"0s"}`, "en", "wait", "no wait and no CPU work", 422},
	} {
		code, out := post(t, s, "/api/sim?lang="+tc.lang, tc.body)
		m, _ := out["message"].(string)
		if tc.lang == "ko" && strings.HasPrefix(m, tc.field+":") {
			t.Errorf("POST /api/sim?lang=ko %s: message %q starts with the English field name", tc.body, m)
		}
		if field, _ := out["field"].(string); code != tc.status || field != tc.field || !strings.Contains(m, tc.want) {
			t.Errorf("POST /api/sim?lang=%s %s = %d %v; want %d, field %q, a message with %q", tc.lang, tc.body, code, out, tc.status, tc.field, tc.want)
		}
	}
}

// A run too big to draw answers its numbers and says the timeline was left
// out.
func TestSimTooBigToDraw(t *testing.T) {
	s := New(Config{TimelineMaxRequests: 100})
	code, out := post(t, s, "/api/sim?timeline=1&narration=1", `{"preset":"lab-pool","requests":101}`)
	if code != 200 || out["timeline"] != nil || out["narration"] != nil || out["timeline_omitted"] != true || out["makespan_ms"] != 52000.0 {
		t.Errorf("POST /api/sim (101 requests, drawn up to 100) = %d, timeline %v, omitted %v, makespan %v; want numbers only", code, out["timeline"] != nil, out["timeline_omitted"], out["makespan_ms"])
	}
}

// A simulation that computes longer than the server allows is stopped and
// refused with the limit named; one whose visitor left answers nothing.
func TestSimStopped(t *testing.T) {
	s := New(Config{SimMaxWall: time.Nanosecond})
	code, out := post(t, s, "/api/sim", `{"preset":"lab-pool"}`)
	if code != 422 || !strings.Contains(out["message"].(string), "did not finish within 0 s") {
		t.Errorf("POST /api/sim with a 1 ns budget = %d %v; want 422 naming the limit", code, out)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(Config{}).Simulate(ctx, Request{Scenario: model.DefaultScenario()}, msg.EN, true, true); !errors.Is(err, context.Canceled) {
		t.Errorf("Simulate after the visitor left = %v; want context.Canceled", err)
	}
}

func TestOversizedBodyIsRefused(t *testing.T) {
	s := New(Config{MaxBody: 1024})
	body := `{"preset":"lab-pool","arrival":"` + strings.Repeat("x", 4096) + `"}`
	code, out := post(t, s, "/api/sim", body)
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(out["message"].(string), "1024 bytes") {
		t.Errorf("POST /api/sim (4 KB, limit 1 KB) = %d %v; want 413 naming the limit", code, out)
	}
}

func TestLanguageChoice(t *testing.T) {
	s := New(Config{Lang: msg.EN})
	for _, tc := range []struct {
		query, accept string
		want          msg.Lang
	}{
		{"", "", msg.EN},
		{"", "ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", msg.KO},
		{"", "fr-FR,en;q=0.5,ko;q=0.9", msg.KO},
		{"", "en-GB,ko;q=0.3", msg.EN},
		{"?lang=en", "ko", msg.EN},
		{"?lang=ko", "en", msg.KO},
		{"?lang=xx", "ko", msg.KO},
	} {
		req := httptest.NewRequest(http.MethodGet, "/api/strings"+tc.query, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Language", tc.accept)
		}
		if got := s.langOf(req); got != tc.want {
			t.Errorf("langOf(%q, Accept-Language %q) = %s; want %s", tc.query, tc.accept, got, tc.want)
		}
	}
}

func TestPresetsAndStrings(t *testing.T) {
	s := New(Config{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/presets?lang=ko", nil))
	var ps []PresetJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &ps); err != nil {
		t.Fatal(err)
	}
	groups := map[string]int{}
	for _, p := range ps {
		groups[p.Group]++
		if p.Description == "" || strings.HasPrefix(p.Description, "preset.") {
			t.Errorf("preset %s has no description", p.Name)
		}
	}
	if groups["lab"] != 5 || groups["loops"] != 4 || groups["fanout"] != 4 {
		t.Errorf("presets by group = %v; want 5 lab, 4 loops (ch15), 4 fanout (sequential, parallel, pool, pipelined)", groups)
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/strings?lang=ko", nil))
	var st struct {
		Lang    string
		Strings map[string]string
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st.Lang != "ko" || st.Strings["web.btn.sim"] != "시뮬레이션" {
		t.Errorf("GET /api/strings?lang=ko = %s, web.btn.sim %q; want ko strings", st.Lang, st.Strings["web.btn.sim"])
	}
}

func TestPageAndAssets(t *testing.T) {
	s := New(Config{})
	for _, tc := range []struct{ path, accept, want string }{
		{"/", "ko", `<html lang="ko">`},
		{"/?lang=en", "ko", `<html lang="en">`},
		{"/static/app.js", "", "fetch("},
		{"/static/app.css", "", "{"},
	} {
		req := httptest.NewRequest(http.MethodGet, tc.path, nil)
		req.Header.Set("Accept-Language", tc.accept)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("GET %s = %d; want 200 with %q", tc.path, rec.Code, tc.want)
		}
	}
}

// Real runs over the caps are refused before anything starts, with the
// caps named.
func TestRealRunOverTheCapsIsRefused(t *testing.T) {
	s := New(Config{Exe: "/nonexistent/waitlab", Caps: runner.Caps{MaxRequests: 100, MaxThreads: 8, MaxWall: 5 * time.Second}})
	for _, tc := range []struct{ body, field, want string }{
		{`{"preset":"lab-pool","requests":101}`, "requests", "100 requests"},
		{`{"preset":"lab-pool","threads":9}`, "threads", "8 threads"},
		{`{"preset":"lab-pool"}`, "requests", "about 12.0 s for real, over this lab's cap of 5.0 s"},
	} {
		code, out := post(t, s, "/api/run", tc.body)
		msg, _ := out["message"].(string)
		if code != 422 || out["field"] != tc.field || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "100 requests, 8 threads, 5 s") {
			t.Errorf("POST /api/run %s = %d %v; want 422, field %s, naming %q and all the caps", tc.body, code, out, tc.field, tc.want)
		}
	}
}

// One real run at a time: a second waits in line, one more than the line
// holds is refused politely; a waiting run whose visitor leaves stops
// waiting.
func TestRealRunsOneAtATime(t *testing.T) {
	s := New(Config{RunQueue: 1})
	release, err := s.acquireRun(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	waited := make(chan error, 1)
	go func() {
		rel, err := s.acquireRun(ctx)
		if rel != nil {
			rel()
		}
		waited <- err
	}()
	for {
		s.mu.Lock()
		n := s.waiting
		s.mu.Unlock()
		if n == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	_, err = s.acquireRun(context.Background())
	var pe *problemError
	if !errors.As(err, &pe) || pe.status != http.StatusTooManyRequests || pe.key != "web.err.busy" {
		t.Errorf("acquireRun with the line full = %v; want 429 web.err.busy", err)
	}
	cancel()
	if err := <-waited; !errors.Is(err, context.Canceled) {
		t.Errorf("a waiting run whose context ended = %v; want context.Canceled", err)
	}
	release()
	rel, err := s.acquireRun(context.Background())
	if err != nil {
		t.Fatalf("acquireRun after release = %v", err)
	}
	rel()
}

var (
	buildOnce sync.Once
	builtExe  string
	buildErr  error
)

// waitlabBinary builds the waitlab command once: real runs are its child
// processes.
func waitlabBinary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs child processes")
	}
	exe, err := buildWaitlab()
	if err != nil {
		t.Fatalf("build waitlab: %v", err)
	}
	return exe
}

// buildWaitlab builds the binary once; safe to call from any goroutine
// (the browser test starts it early, beside the browser).
func buildWaitlab() (string, error) {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "waitlab-web-test")
		if err != nil {
			buildErr = err
			return
		}
		builtExe = filepath.Join(dir, "waitlab")
		out, err := exec.Command("go", "build", "-o", builtExe, "github.com/waitlab/waitlab").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	return builtExe, buildErr
}

func TestRealRunBesideTheModel(t *testing.T) {
	s := New(Config{Exe: waitlabBinary(t)})
	code, out := post(t, s, "/api/run?timeline=1&narration=1&lang=ko", `{"preset":"lab-pool","wait":"50ms"}`)
	if code != 200 {
		t.Fatalf("POST /api/run = %d %v; want 200", code, out)
	}
	m, _ := out["model"].(map[string]any)
	if out["mode"] != "real" || m["makespan_ms"] != 150.0 || out["makespan_ms"].(float64) < 150 {
		t.Errorf("real %v makespan %v, model %v; want a real run of at least the model's 150 ms", out["mode"], out["makespan_ms"], m["makespan_ms"])
	}
	if r, _ := out["ratio"].(map[string]any); r["makespan_ms"] == nil {
		t.Errorf("ratio = %v; want makespan_ms", out["ratio"])
	}
	if tl, _ := out["timeline"].(map[string]any); len(tl["records"].([]any)) != 12 {
		t.Errorf("real timeline has %v records; want 12", len(tl["records"].([]any)))
	}
	if n, _ := out["narration"].([]any); len(n) == 0 || !strings.Contains(n[0].(map[string]any)["text"].(string), "요청") {
		t.Errorf("narration = %v; want Korean lines", out["narration"])
	}
}

// Over HTTP: a target server child and the load generator on loopback,
// beside the model; with both, the process run and the HTTP run.
func TestRealRunOverHTTP(t *testing.T) {
	s := New(Config{Exe: waitlabBinary(t)})
	code, out := post(t, s, "/api/run?via=http", `{"preset":"lab-pool","wait":"50ms"}`)
	if code != 200 {
		t.Fatalf("POST /api/run?via=http = %d %v; want 200", code, out)
	}
	h, _ := out["http"].(map[string]any)
	if out["via"] != "http" || h == nil || h["makespan_ms"].(float64) < 150 || out["makespan_ms"] != h["makespan_ms"] {
		t.Errorf("via %v, http %v, top-level makespan %v; want the HTTP run (at least the model's 150 ms) at the top", out["via"], h["makespan_ms"], out["makespan_ms"])
	}
	if out["sockets"] == nil {
		t.Errorf("no sockets figures in an HTTP run")
	}
	code, out = post(t, s, "/api/run?via=sometimes", `{"preset":"lab-pool","wait":"50ms"}`)
	if code != 400 || out["field"] != "via" {
		t.Errorf("POST /api/run?via=sometimes = %d %v; want 400 naming via", code, out)
	}
}

// A visitor who leaves (the request's context ends) stops the real run.
func TestRealRunStopsWhenTheVisitorLeaves(t *testing.T) {
	s := New(Config{Exe: waitlabBinary(t)})
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/api/run", strings.NewReader(`{"preset":"lab-pool","wait":"1500ms"}`))
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		s.ServeHTTP(rec, req)
		close(done)
	}()
	// Wait until the run holds the slot (it is going), then leave.
	for len(s.runSlot) == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done
	if rec.Body.Len() != 0 {
		t.Errorf("a run whose visitor left answered %d %s; want nothing", rec.Code, rec.Body)
	}
	if len(s.runSlot) != 0 {
		t.Errorf("the run slot is still held after the visitor left")
	}
}

func BenchmarkAPISimPreset(b *testing.B) {
	s := New(Config{})
	// Every entry the page offers: the presets and the fan-out lab's.
	for _, name := range entryNames() {
		body := []byte(`{"preset":"` + name + `"}`)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/api/sim?timeline=1&narration=1", bytes.NewReader(body))
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("POST /api/sim %s = %d", name, rec.Code)
				}
			}
		})
	}
}

// Another site's page cannot make the lab run anything, and a loopback lab
// does not answer to other host names (DNS rebinding).
func TestOriginAndHost(t *testing.T) {
	s := New(Config{LoopbackOnly: true})
	for _, tc := range []struct {
		host, origin string
		status       int
	}{
		{"127.0.0.1:7070", "", 200},
		{"127.0.0.1:7070", "http://127.0.0.1:7070", 200},
		{"localhost:7070", "http://localhost:7070", 200},
		{"[::1]:7070", "", 200},
		{"127.0.0.1:7070", "http://evil.example", 403},
		{"127.0.0.1:7070", "null", 403},
		{"evil.example:7070", "http://evil.example:7070", 403},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/sim", strings.NewReader(`{"preset":"lab-pool"}`))
		req.Host = tc.host
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != tc.status {
			t.Errorf("POST /api/sim Host %s Origin %q = %d; want %d", tc.host, tc.origin, rec.Code, tc.status)
		}
	}
}

// Issue 22, defect 10: the fan-out lab's entries are POSTable by name, as
// /api/presets lists them, with overrides on top; every endpoint answers
// JSON, a wrong method or path too.
func TestFanoutEntriesPostableAndJSONEverywhere(t *testing.T) {
	s := New(Config{})
	for _, tc := range []struct {
		body     string
		makespan float64
	}{
		{`{"preset":"fanout"}`, 200},
		{`{"preset":"fanout-seq"}`, 2000},
		{`{"preset":"fanout","fanout":"sequential"}`, 2000},
		{`{"preset":"fanout-pool"}`, 6000},
	} {
		code, out := post(t, s, "/api/sim", tc.body)
		if code != 200 || out["makespan_ms"] != tc.makespan {
			t.Errorf("POST /api/sim %s = %d, makespan %v (%v); want 200, %v ms", tc.body, code, out["makespan_ms"], out["message"], tc.makespan)
		}
	}
	for _, tc := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/api/sim", 405, "POST"},
		{"GET", "/api/run", 405, "POST"},
		{"GET", "/api/plan", 405, "POST"},
		{"POST", "/api/presets", 405, "GET"},
		{"GET", "/api/nothing", 404, ""},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path+"?lang=ko", nil))
		var p runner.Problem
		err := json.Unmarshal(rec.Body.Bytes(), &p)
		if rec.Code != tc.status || err != nil || p.Message == "" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || rec.Header().Get("Allow") != tc.allow {
			t.Errorf("%s %s = %d %q (Allow %q, %s); want %d, a JSON problem, Allow %q", tc.method, tc.path, rec.Code, rec.Body, rec.Header().Get("Allow"), rec.Header().Get("Content-Type"), tc.status, tc.allow)
		}
	}
}

// Issue 22, defect 7: a refused real run says its length and the lab's
// cap in the page's durations, never the CLI's flags or Go's "12m30s".
func TestRealRunTooLongSaysTheCapInWords(t *testing.T) {
	s := New(Config{Exe: "/nonexistent/waitlab", Caps: runner.Caps{MaxRequests: 2000, MaxThreads: 64, MaxWall: 20 * time.Second}})
	for _, tc := range []struct{ lang, body, want string }{
		// 1 thread, 200 requests of 4 s: 13 min 20 s, over the machine's
		// own 10-minute ceiling (runner.MaxWall) before the lab's cap.
		{"en", `{"preset":"lab-pool","threads":1,"requests":200,"wait":"4s"}`, "about 13 min 20 s for real, over this lab's cap of 20.0 s"},
		{"ko", `{"preset":"lab-pool","threads":1,"requests":200,"wait":"4s"}`, "약 13분 20초 걸립니다. 이 실습의 한도는 20.0초입니다"},
		{"ko", `{"preset":"lab-pool","requests":2000,"wait":"5s"}`, "약 41분 40초 걸립니다"},
	} {
		code, out := post(t, s, "/api/run?lang="+tc.lang, tc.body)
		m, _ := out["message"].(string)
		if code != 422 || !strings.Contains(m, tc.want) || strings.Contains(m, "--") || strings.Contains(m, "m0s") {
			t.Errorf("POST /api/run?lang=%s %s = %d %q; want 422 with %q and no flag", tc.lang, tc.body, code, m, tc.want)
		}
	}
}

// Issue 22, defect 7: the blocking call's sentence says each loop's own
// stall, not their sum, and names the loops with the particles that fit.
func TestBlockingSentencePerLoop(t *testing.T) {
	s := New(Config{})
	for _, tc := range []struct{ lang, body, want string }{
		{"en", `{"preset":"lab-loop-blocking"}`, "loops 1 and 2 each block on a 2.0 s call, standing still for 12.0 s each"},
		{"ko", `{"preset":"lab-loop-blocking"}`, "루프 1과 루프 2가 각각 2.0초짜리 호출에 막혀 12.0초씩 멈췄고"},
		{"ko", `{"preset":"lab-loop-blocking","threads":1,"requests":3}`, "루프 1이 2.0초짜리 호출에 막혀 6.0초 멈췄고"},
	} {
		code, out := post(t, s, "/api/sim?lang="+tc.lang, tc.body)
		lim, _ := out["limit"].(map[string]any)
		if text, _ := lim["text"].(string); code != 200 || !strings.Contains(text, tc.want) {
			t.Errorf("POST /api/sim?lang=%s %s: limit %q; want %q", tc.lang, tc.body, text, tc.want)
		}
	}
}

// The first page load (the page, its CSS, JS and icon, the strings and the
// presets in either language) stays under 200 KB: counted in bytes, which
// does not depend on the machine.
func TestFirstLoadUnder200KB(t *testing.T) {
	s := New(Config{})
	for _, lang := range []string{"en", "ko"} {
		total := 0
		for _, path := range []string{"/?lang=" + lang, "/static/app.css", "/static/app.js", "/static/code.js", "/static/icon.svg",
			"/api/strings?lang=" + lang, "/api/presets?lang=" + lang} {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if rec.Code != 200 {
				t.Fatalf("GET %s = %d", path, rec.Code)
			}
			total += rec.Body.Len()
		}
		t.Logf("first load in %s: %d bytes", lang, total)
		if total >= 200_000 {
			t.Errorf("first load in %s is %d bytes; want under 200 KB", lang, total)
		}
	}
}

// Size it answers the lab's presets through plan: lab-pool needs 12
// threads for a batch under 3 s.
func TestSizeIt(t *testing.T) {
	s := New(Config{})
	code, out := post(t, s, "/api/plan?lang=en", `{"preset":"lab-pool","slo":"batch<3s"}`)
	if code != 200 || out["answer"] != 12.0 || !strings.Contains(out["text"].(string), "12 threads") || !strings.Contains(out["svg"].(string), "<svg") {
		t.Errorf("POST /api/plan lab-pool batch<3s = %d answer %v; want 200, 12 threads, text and svg", code, out["answer"])
	}
	code, out = post(t, s, "/api/plan?lang=en", `{"preset":"lab-pool","slo":"fast please"}`)
	if code != 400 || out["field"] != "slo" {
		t.Errorf("POST /api/plan with a bad objective = %d %v; want 400 on slo", code, out)
	}
}

// BenchmarkPlanPresets: the size-it panel on each lab preset (batch<3s);
// issue 22 wants each under a second.
func BenchmarkPlanPresets(b *testing.B) {
	s := New(Config{})
	for _, p := range model.Presets() {
		if !strings.HasPrefix(p.Name, "lab-") {
			continue
		}
		b.Run(p.Name, func(b *testing.B) {
			body := `{"preset":"` + p.Name + `","slo":"batch<3s"}`
			for b.Loop() {
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/plan", strings.NewReader(body)))
				if rec.Code != 200 {
					b.Fatal(rec.Code, rec.Body)
				}
			}
		})
	}
}

// GET /api/line tells a visitor whose run waits how many are ahead, and
// when it runs (issue 44 defect 12).
func TestLineTellsTheWait(t *testing.T) {
	s := New(Config{})
	line := func(ticket string) LineJSON {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/line?ticket="+ticket, nil))
		var l LineJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil || rec.Code != 200 {
			t.Fatalf("GET /api/line: %d %s", rec.Code, rec.Body)
		}
		return l
	}
	relA, err := s.acquireRunAs(context.Background(), "a")
	if err != nil {
		t.Fatal(err)
	}
	if l := line("a"); !l.Running || l.Waiting {
		t.Errorf("the run going: %+v; want running", l)
	}
	got := make(chan func(), 1)
	go func() {
		rel, err := s.acquireRunAs(context.Background(), "b")
		if err != nil {
			t.Error(err)
		}
		got <- rel
	}()
	for i := 0; ; i++ {
		if l := line("b"); l.Waiting {
			if l.Ahead != 1 {
				t.Errorf("b behind a: ahead %d; want 1", l.Ahead)
			}
			break
		}
		if i > 5000 {
			t.Fatal("b never showed in line")
		}
		time.Sleep(time.Millisecond)
	}
	if l := line("nobody"); l.Waiting || l.Running {
		t.Errorf("an unknown ticket: %+v; want neither", l)
	}
	relA()
	relB := <-got
	if l := line("b"); !l.Running {
		t.Errorf("b after a: %+v; want running", l)
	}
	relB()
	if l := line("b"); l.Running || l.Waiting {
		t.Errorf("b done: %+v", l)
	}
}
