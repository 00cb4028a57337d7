package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
	"github.com/waitlab/waitlab/internal/probe"
)

// startPool runs the project's target, a pool of n threads waiting d, on
// 127.0.0.1:0.
func startPool(t *testing.T, n int, d time.Duration) string {
	t.Helper()
	s, err := httptarget.New(httptarget.Config{Model: model.Pool, Threads: n, Listen: "127.0.0.1:0", Knobs: httptarget.Knobs{Wait: model.FixedDist(d)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.Shutdown(ctx)
	})
	return "http://" + s.Addr().String() + "/"
}

// POST /api/probe refuses, before any load, what the page may not ask: a
// host the operator did not allow, a budget or rate over the lab's caps,
// a bad SLO, an unknown field. Each names its field.
func TestProbeAPIRefuses(t *testing.T) {
	s := New(Config{})
	for _, tc := range []struct {
		body, field string
		status      int
	}{
		// The fields are the JSON body's names (jsonField), as the page's.
		{`{"url":"http://example.com/"}`, "url", 400},
		{`{"url":"ftp://127.0.0.1/"}`, "url", 400},
		{`{"url":"http://127.0.0.1:1/","budget_s":600}`, "budget_s", 422},
		{`{"url":"http://127.0.0.1:1/","budget_s":1e300}`, "budget_s", 422},
		{`{"url":"http://127.0.0.1:1/","budget_s":-1}`, "budget_s", 422},
		{`{"url":"http://127.0.0.1:1/","budget_s":5}`, "budget_s", 400}, // under the least that can run one open step
		{`{"url":"http://127.0.0.1:1/","max_rate":1e-300}`, "max_rate", 400},
		{`{"url":"http://127.0.0.1:1/","max_rate":1e6}`, "max_rate", 422},
		{`{"url":"http://127.0.0.1:1/","slo":["p99<<1s"]}`, "slo", 400},
		{`{"url":"http://127.0.0.1:1/","size_for":"p99<1s"}`, "size_for", 400},
		{`{"url":"http://127.0.0.1:1/","threads":8}`, "", 400},
	} {
		code, p := post(t, s, "/api/probe?lang=en", tc.body)
		if code != tc.status || p["field"] != tc.field && tc.field != "" || p["message"] == "" {
			t.Errorf("%s = %d %v; want %d naming %q", tc.body, code, p, tc.status, tc.field)
		}
		// The page names what the visitor sent, not the CLI's flags, and
		// a budget too long is never "too short".
		if m, _ := p["message"].(string); strings.Contains(m, "--budget") || strings.Contains(m, "--max-rate") || strings.Contains(m, "--slo") || strings.Contains(m, "--size-for") || strings.Contains(m, "--allow-remote") || strings.Contains(m, "too short") {
			t.Errorf("%s: message %q names a flag or calls it too short", tc.body, m)
		}
	}
	// An allowed host passes the guard (and then fails on the network,
	// not on the guard): the operator's list is the only way past it.
	allowed := New(Config{ProbeAllow: []string{"example.com"}})
	if _, err := allowed.probeJob([]byte(`{"url":"http://example.com/"}`), "en"); err != nil {
		t.Errorf("an allowed host was refused: %v", err)
	}
	// GET on the endpoint answers JSON, like the others.
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/probe", nil))
	if rec.Code != http.StatusMethodNotAllowed || !strings.Contains(rec.Header().Get("Content-Type"), "json") {
		t.Errorf("GET /api/probe = %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// A probe from the page streams each step's start and end, then one
// result line with the steps table (one row per step), the verdict and,
// with a fitted scenario, a lab link carrying it.
func TestProbeAPIStreamsStepsThenResult(t *testing.T) {
	target := startPool(t, 2, 5*time.Millisecond)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/api/probe?lang=ko", "application/json", strings.NewReader(`{"url":"`+target+`","budget_s":9}`)) // probe.MinBudget at the default windows is 7.2 s
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-ndjson") {
		t.Fatalf("status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var starts, ends int
	var last ProbeLine
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		var l ProbeLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if p := l.Progress; p != nil {
			if p.Done {
				ends++
			} else {
				starts++
			}
			if !strings.Contains(p.Text, "단계") {
				t.Errorf("progress not in Korean: %q", p.Text)
			}
		}
		last = l
	}
	if last.Result == nil {
		t.Fatalf("no result line (last %+v)", last)
	}
	r := last.Result
	if starts < 2 || ends != len(r.Steps) || len(last.Rows) != len(r.Steps) || len(last.Head) != len(last.Rows[0]) {
		t.Errorf("%d starts, %d ends, %d rows of %d columns for %d steps", starts, ends, len(last.Rows), len(last.Head), len(r.Steps))
	}
	if !strings.HasPrefix(last.Shape, "판정") || last.Verdict == "" {
		t.Errorf("shape %q, verdict %q", last.Shape, last.Verdict)
	}
	if (r.Scenario == nil) != (last.Lab == "") {
		t.Errorf("scenario %v, lab link %q", r.Scenario != nil, last.Lab)
	}
}

// LabLink carries the fitted scenario's settings in the lab's shared-link
// form; a scenario the form cannot hold gets none.
func TestLabLink(t *testing.T) {
	sc := model.Scenario{Model: model.Pool, Threads: 8, Requests: 20000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 370},
		Classes: []model.Class{{Name: "request", Fraction: 1, Wait: model.FixedDist(20 * time.Millisecond)}}, Seed: 1}
	u, err := url.Parse(LabLink(&sc, "ko"))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Path != "/" || q.Get("model") != "pool" || q.Get("threads") != "8" || q.Get("wait") != "20ms" || q.Get("calls") != "1" ||
		q.Get("requests") != "2000" || q.Get("arrival") != sc.Arrival.String() || q.Get("lang") != "ko" || q.Get("shared_lock") != "false" {
		t.Errorf("link %s", u)
	}
	sc.Classes = append(sc.Classes, sc.Classes[0])
	if l := LabLink(&sc, "en"); l != "" {
		t.Errorf("two classes: link %q; want none", l)
	}
	if LabLink(nil, "en") != "" {
		t.Error("no scenario: a link")
	}
	// A loop-blocked fit: its blocking class rides in block_fraction and
	// block, the lab form's split.
	lb := model.Scenario{Model: model.Loop, Threads: 1, Requests: 20000, Arrival: model.Arrival{Kind: model.Poisson, Rate: 900}, Seed: 1,
		Classes: []model.Class{{Name: "normal", Fraction: 0.99, Wait: model.FixedDist(50 * time.Millisecond)},
			{Name: "blocking", Fraction: 0.01, Blocking: true, Wait: model.FixedDist(100 * time.Millisecond)}}}
	u, err = url.Parse(LabLink(&lb, "en"))
	if err != nil {
		t.Fatal(err)
	}
	if q := u.Query(); q.Get("model") != "loop" || q.Get("block_fraction") != "0.01" || q.Get("block") != "100ms" || q.Get("wait") != "50ms" {
		t.Errorf("loop-blocked link %s", u)
	}
}

// The page in a real browser: a bad host is refused in the page's words;
// a probe shows its progress, then the steps table and the verdict as the
// API answered them, and its link opens the fitted scenario in the lab's
// form.
func TestProbePageBrowser(t *testing.T) {
	if raceEnabled {
		t.Skip("the browser tests run in the plain pass, not under -race")
	}
	path := chromiumPath()
	if path == "" {
		if os.Getenv("WAITLAB_BROWSER") == "require" {
			t.Fatal("no chromium found and WAITLAB_BROWSER=require: apt-get install -y chromium")
		}
		t.Skip("no chromium found (apt-get install -y chromium to run it)")
	}
	if testing.Short() {
		t.Skip("starts a browser and sends real load for seconds")
	}
	target := startPool(t, 4, 10*time.Millisecond)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	b := &browser{t: t, ctx: ctx}
	// Korean and English (issue 44: every check in both languages).
	for _, L := range []probeWords{
		{lang: "ko", h1: "내 서버 측정하기", loopback: "루프백", left: "남은 시간", took: "걸렸습니다", users: "사용자 1명", shape: "판정"},
		{lang: "en", h1: "Your server, measured", loopback: "loopback", left: "left", took: "took", users: "1 VU", shape: ""},
	} {
		t.Run(L.lang, func(t *testing.T) {
			b.t = t
			probePage(t, b, ts.URL, target, L)
		})
	}
}

// probeWords are one language's words the probe page check looks for.
type probeWords struct{ lang, h1, loopback, left, took, users, shape string }

// probePage drives one probe on the page in L's language: a remote host
// refused, then a real probe of target, its live steps, result and lab
// link.
func probePage(t *testing.T, b *browser, base, target string, L probeWords) {
	b.load(base + "/probe?lang=" + L.lang)
	if h := b.text("h1"); h != L.h1 {
		t.Errorf("heading %q; want %q", h, L.h1)
	}
	b.typeIn("#p-url", "http://example.com/")
	b.do(chromedp.Click(chromedp.CSS("#p-run")))
	b.waitProbe(time.Minute)
	if !b.visible("#p-error") || !strings.Contains(b.text("#p-error"), L.loopback) || b.visible("#p-result") {
		t.Errorf("a remote host: error %q (visible %v), result visible %v", b.text("#p-error"), b.visible("#p-error"), b.visible("#p-result"))
	}

	b.typeIn("#p-url", target)
	b.typeIn("#p-budget", "15") // at least probe.MinBudget at the default windows
	// Every text the clock shows while the probe runs.
	b.do(chromedp.Evaluate[chromedp.Void](`window.clockSeen = []; new MutationObserver(() => window.clockSeen.push(document.querySelector("#p-clock").textContent)).observe(document.querySelector("#p-clock"), {childList: true, characterData: true, subtree: true})`))
	b.do(chromedp.Click(chromedp.CSS("#p-run")))
	b.waitProbe(2 * time.Minute)
	if d := b.eval(`document.body.dataset.done`); d != "result" {
		t.Fatalf("probe ended %q: %s", d, b.text("#p-error"))
	}
	if err := os.WriteFile(screenshotDir(t)+"/probe-"+L.lang+".png", b.screenshot(), 0o644); err != nil {
		t.Error(err)
	}
	steps := atoi(b.eval(`String(window.waitlabProbe.result.steps.length)`))
	if n := atoi(b.eval(`String(document.querySelectorAll("#p-steps tbody tr").length)`)); n != steps || steps < 3 {
		t.Errorf("%d table rows for %d steps", n, steps)
	}
	if n := atoi(b.eval(`String(document.querySelectorAll("#p-log li").length)`)); n != steps {
		t.Errorf("%d progress lines for %d steps", n, steps)
	}
	// Issue 44 defect 12: each step as it landed, with its rate, p99 and
	// in flight, and the time spent and left.
	if n := atoi(b.eval(`String(document.querySelectorAll("#p-live tbody tr").length)`)); n != steps {
		t.Errorf("%d live rows for %d steps", n, steps)
	}
	if got := b.eval(`[...document.querySelectorAll("#p-live tbody tr")].map(r => r.cells.length + ":" + [...r.cells].every(c => c.textContent.trim() !== "")).join(" ")`); strings.Contains(got, "false") || got == "" {
		t.Errorf("live rows with an empty cell (cells:filled per row): %s", got)
	}
	if got := b.eval(`window.clockSeen.join(" | ")`); !strings.Contains(got, L.left) {
		t.Errorf("while the probe ran its clock read %q; want the time left (%q)", got, L.left)
	}
	// Over, it says how long it took, not a count-down that stopped.
	if got := b.text("#p-clock"); strings.Contains(got, L.left) || !strings.Contains(got, L.took) {
		t.Errorf("the finished probe's clock reads %q; want the time it took (%q)", got, L.took)
	}
	// Each live row names its step's kind (a card at 390 px reads "0", else).
	if got := b.text(`#p-live tbody tr[data-index="0"] th`); !strings.HasPrefix(got, "0 · ") || len(got) < 6 {
		t.Errorf("the calibration step's row is headed %q; want its index and kind", got)
	}
	// A closed step's load is its users, not a number in a req/s column.
	if got := b.text(`#p-live tbody tr[data-index="0"] td`); !strings.Contains(got, L.users) {
		t.Errorf("the calibration step's load reads %q; want it in users (%q)", got, L.users)
	}
	if h, want := b.text("#p-shape"), b.eval(`window.waitlabProbe.shape`); h != want || h == "" || !strings.HasPrefix(h, L.shape) {
		t.Errorf("shape heading %q, want %q", h, want)
	}
	if hangul := strings.ContainsFunc(b.text("#p-live")+b.text("#p-clock")+b.text("#p-log"), func(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 }); hangul != (L.lang == "ko") {
		t.Errorf("%s page: live steps, clock and log hold Hangul: %v", L.lang, hangul)
	}
	if b.eval(`String(!!window.waitlabProbe.result.scenario)`) != "true" {
		t.Logf("no fitted scenario (shape %s): no lab link to follow", b.eval(`window.waitlabProbe.result.shape`))
		if b.visible("#p-lab") {
			t.Error("a lab link without a scenario")
		}
		return
	}
	model, threads := b.eval(`window.waitlabProbe.result.scenario.model`), b.eval(`String(window.waitlabProbe.result.scenario.threads)`)
	if !b.visible("#p-lab") {
		t.Fatal("a fitted scenario but no visible link to the lab")
	}
	// The link as the visitor follows it (its absolute href).
	b.load(b.eval(`document.querySelector("#p-lab").href`))
	if got := b.eval(`document.documentElement.lang`); got != L.lang {
		t.Errorf("the lab link opened the lab in %q; the probe page was %q", got, L.lang)
	}
	if got := b.eval(`document.getElementById("f-model").value`); got != model {
		t.Errorf("the lab opened with model %q; the fitted scenario's is %q", got, model)
	}
	if got := b.eval(`document.getElementById("f-threads").value`); got != threads {
		t.Errorf("the lab opened with %s threads; the fitted scenario's are %s", got, threads)
	}
	// The fitted model is what the visitor asked to see: its answer shows.
	if !b.exists("#r-makespan-model") {
		t.Error("the lab opened the fitted scenario with its answer hidden")
	}
}

// waitProbe waits until the page's probe has ended (body[data-done]).
func (b *browser) waitProbe(d time.Duration) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, d)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.body.dataset.done`, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		b.t.Fatalf("the probe never ended: %v (status %q)", err, b.text("#p-status"))
	}
}

// The page and the CLI share one default budget (the page's 30 s saw no
// limit in a pool of 4 that its own scout had shown).
func TestProbeDefaultBudgetIsTheCLIs(t *testing.T) {
	j, err := New(Config{}).probeJob([]byte(`{"url":"http://127.0.0.1:1/"}`), "en")
	if err != nil {
		t.Fatal(err)
	}
	if j.Budget != probe.DefaultBudget {
		t.Errorf("the page's default budget %v; the CLI's %v", j.Budget, probe.DefaultBudget)
	}
}

// A closed port is "connection refused" at once, with its address: no
// step is run (the page once sent 54,181 requests in 2.4 s and said the
// server answered errors only).
func TestProbeAPIRefusedAtOnce(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/api/probe?lang=en", "application/json", strings.NewReader(`{"url":"http://`+addr+`/"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var last ProbeLine
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		var l ProbeLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		last = l
	}
	if last.Result == nil || last.Problem == nil || len(last.Result.Steps) != 0 ||
		!strings.Contains(last.Problem.Message, "connection refused at "+addr) || last.Result.ShapeName != "" {
		t.Fatalf("last line %+v (problem %+v); want connection refused at %s, no step and no shape", last.Result, last.Problem, addr)
	}
}

// The reproduction: a loopback server whose /metrics answers 302
// to a test host in a network namespace, probed from the page without
// --probe-allow. The test host receives nothing (it received 3 requests a
// probe before netguard's client).
func TestProbeAPIMetricsRedirectStaysHome(t *testing.T) {
	host, hits := netguardtest.NetnsHost(t)
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/metrics" {
			http.Redirect(w, r, "http://"+host+"/x", http.StatusFound)
		}
	}))
	defer target.Close()
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/api/probe?lang=en", "application/json", strings.NewReader(`{"url":"`+target.URL+`/","budget_s":8}`))
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	time.Sleep(300 * time.Millisecond)
	if n := hits.Load(); n != 0 {
		t.Fatalf("the test host outside loopback received %d requests through /metrics redirects", n)
	}
}
