package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/waitlab/waitlab/internal/lab"
	"github.com/waitlab/waitlab/internal/model"
)

// The browser tests drive the lab in a real headless Chromium (Debian's
// chromium package). Without one they skip, unless WAITLAB_BROWSER=require
// (set by .ci/run), where a missing browser is a failure.

// chromiumPath finds the browser: $WAITLAB_CHROMIUM, then the usual names.
func chromiumPath() string {
	if p := os.Getenv("WAITLAB_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// screenshotDir is where the tests write their screenshots (git-ignored).
func screenshotDir(t *testing.T) string {
	dir := os.Getenv("WAITLAB_SCREENSHOTS")
	if dir == "" {
		dir = "screenshots"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestBrowser(t *testing.T) {
	if raceEnabled {
		t.Skip("the browser tests run in the plain pass, not under -race")
	}
	path := chromiumPath()
	if path == "" {
		if os.Getenv("WAITLAB_BROWSER") == "require" {
			t.Fatal("no chromium found and WAITLAB_BROWSER=require: apt-get install -y chromium")
		}
		t.Skip("no chromium found: the browser tests skip (apt-get install -y chromium to run them)")
	}
	if testing.Short() {
		t.Skip("starts a browser, builds the binary and runs child processes")
	}
	// Build the binary for the real runs while the browser starts and the
	// first subtests run; the "real" subtest waits for it.
	buildStart := time.Now()
	go buildWaitlab()
	srv := New(Config{Caps: lab.Caps{MaxRequests: 200, MaxThreads: 16, MaxWall: 10 * time.Second}})
	ts := httptest.NewServer(srv)
	defer ts.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first Run starts the browser; its context must not time out.
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	t.Logf("started %s in %v", path, time.Since(start).Round(time.Millisecond))
	shots := screenshotDir(t)
	b := &browser{t: t, ctx: ctx}

	t.Run("load", func(t *testing.T) {
		b.t = t
		b.do(chromedp.Navigate(ts.URL + "/?lang=en"))
		b.waitDone(1)
		bytes := b.eval(`performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
			.reduce((n, e) => n + (e.transferSize || 0), 0)`)
		n := b.eval(`performance.getEntriesByType("resource").length + 1`)
		t.Logf("first load: %s bytes in %s requests (the page, its CSS and JS, strings, presets, one simulation)", bytes, n)
		if err := os.WriteFile(filepath.Join(shots, "first-load.txt"), []byte(fmt.Sprintf("first load: %s bytes in %s requests\n", bytes, n)), 0o644); err != nil {
			t.Error(err)
		}
		fmt.Printf("waitlab web lab: first load %s bytes in %s requests\n", bytes, n)
	})

	t.Run("presets", func(t *testing.T) {
		b.t = t
		for _, p := range model.Presets() {
			start := time.Now()
			b.clickAndWait(`.preset[data-name="` + p.Name + `"]`)
			t.Logf("%s: simulated and drawn in %v", p.Name, time.Since(start).Round(time.Millisecond))
			lanes := p.Scenario.Threads + p.Scenario.OffloadPool
			if got := b.eval(`document.querySelectorAll("#tl g.lane").length`); got != fmt.Sprint(lanes) {
				t.Errorf("%s: %s lanes drawn; want %d", p.Name, got, lanes)
			}
			if got := b.eval(`document.querySelector(".preset[aria-pressed=true]").dataset.name`); got != p.Name {
				t.Errorf("%s: pressed preset = %s", p.Name, got)
			}
		}
		b.clickAndWait(`.preset[data-name="fanout"]`)
		if got := b.text("#r-makespan-model"); got != "200.0 ms" {
			t.Errorf("fanout: batch time %q; want 200.0 ms (ten 0.2 s calls in parallel)", got)
		}
		b.clickAndWait(`.preset[data-name="lab-loop-blocking"]`)
		if got := b.eval(`[...document.querySelectorAll("#tl text.id")].map(e => e.textContent).sort((a, b) => a.slice(1) - b.slice(1)).join(" ")`); got != "#1 #2 #3 #4 #5 #6 #7 #8 #9 #10 #11 #12" {
			t.Errorf("lab-loop-blocking: request ids on the bars = %q; want each of the 12 requests once", got)
		}
		b.clickAndWait(`.preset[data-name="lab-loop"]`)
		if got := b.eval(`document.querySelector("#waiting-row text.count").textContent`); got != "12" {
			t.Errorf("lab-loop: the waiting row starts with %q requests; want 12 (registered waits, no thread)", got)
		}
		b.clickAndWait(`.preset[data-name="lab-pool"]`)
		if got := b.text("#r-makespan-model"); got != "6.0 s" {
			t.Errorf("lab-pool: batch time %q; want 6.0 s", got)
		}
		if got := b.text("#limit"); !strings.Contains(got, "4 threads") {
			t.Errorf("lab-pool: what limited it = %q; want the 4 threads", got)
		}
	})

	t.Run("predict", func(t *testing.T) {
		b.t = t
		b.do(chromedp.SendKeys("#predict-batch", "4"))
		if got := b.text("#predict-verdict"); !strings.Contains(got, "4.0 s") || !strings.Contains(got, "6.0 s") || !strings.Contains(got, "off by -33%") {
			t.Errorf("prediction 4 s on lab-pool: verdict %q; want 4.0 s vs 6.0 s, off by -33%%", got)
		}
		if got := b.text("#r-makespan-you"); !strings.HasPrefix(got, "4.0 s") {
			t.Errorf("the guess column says %q; want 4.0 s", got)
		}
	})

	t.Run("cursor", func(t *testing.T) {
		b.t = t
		// Drag the cursor over the timeline from 0.5 s to 3 s: the 2.0 s
		// line tells that moment.
		x0 := b.evalFloat(`(() => { const r = document.querySelector("#tl").getBoundingClientRect(); return r.left + 92 + (r.width - 102) * 0.5 / 6; })()`)
		x1 := b.evalFloat(`(() => { const r = document.querySelector("#tl").getBoundingClientRect(); return r.left + 92 + (r.width - 102) * 3 / 6; })()`)
		y := b.evalFloat(`(() => { const r = document.querySelector("#tl").getBoundingClientRect(); return r.top + 20; })()`)
		if y < 0 || y > 800 {
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#tl").scrollIntoView({block: "center"})`))
			y = b.evalFloat(`document.querySelector("#tl").getBoundingClientRect().top + 20`)
			x0 = b.evalFloat(`(() => { const r = document.querySelector("#tl").getBoundingClientRect(); return r.left + 92 + (r.width - 102) * 0.5 / 6; })()`)
			x1 = b.evalFloat(`(() => { const r = document.querySelector("#tl").getBoundingClientRect(); return r.left + 92 + (r.width - 102) * 3 / 6; })()`)
		}
		b.do(chromedp.MouseEvent(chromedp.MousePressed, x0, y, chromedp.ButtonLeft))
		if got := b.text("#narration li.now"); !strings.HasPrefix(got, "0.0 s:") {
			t.Errorf("cursor at 0.5 s: lit line %q; want the 0.0 s line", got)
		}
		for i := 1; i <= 5; i++ {
			b.do(chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*float64(i)/5, y, chromedp.ButtonLeft))
		}
		b.do(chromedp.MouseEvent(chromedp.MouseReleased, x1, y, chromedp.ButtonLeft))
		if got := b.text("#narration li.now"); !strings.HasPrefix(got, "2.0 s:") {
			t.Errorf("cursor dragged to 3.0 s: lit line %q; want the 2.0 s line", got)
		}
		if got := b.text("#cursor-at"); got != "cursor: 3.0 s" {
			t.Errorf("cursor readout %q; want cursor: 3.0 s", got)
		}
		if got := b.text("#counts"); got != "4 queued, 0 waiting off-thread" {
			t.Errorf("counts at 3.0 s = %q; want 4 queued", got)
		}
		// Pointing at a bar names its request.
		bx := b.evalFloat(`(() => { const r = document.querySelector('#tl rect.bar[data-req="4"]').getBoundingClientRect(); return r.left + r.width * 0.3; })()`)
		by := b.evalFloat(`(() => { const r = document.querySelector('#tl rect.bar[data-req="4"]').getBoundingClientRect(); return r.top + r.height / 2; })()`)
		b.do(chromedp.MouseEvent(chromedp.MouseMoved, 1, 1), chromedp.MouseEvent(chromedp.MouseMoved, bx, by))
		if got := b.text("#hover"); !strings.HasPrefix(got, "request 5: waiting, holding the thread, 2.0 s to 4.0 s") {
			t.Errorf("hover over request 5's bar: %q; want it named", got)
		}
		b.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		if err := os.WriteFile(filepath.Join(shots, "lab-en.png"), b.screenshot(), 0o644); err != nil {
			t.Error(err)
		}
	})

	t.Run("real", func(t *testing.T) {
		b.t = t
		srv.cfg.Exe = waitlabBinary(t)
		t.Logf("waitlab built for the real runs %v after the test began", time.Since(buildStart).Round(time.Millisecond))
		b.do(chromedp.SetValue("#f-wait", "200ms"))
		b.clickAndWait("#btn-sim")
		if got := b.text("#r-makespan-model"); got != "600.0 ms" {
			t.Fatalf("lab-pool at 200 ms waits: model %q; want 600.0 ms", got)
		}
		b.clickAndWait("#btn-real")
		real := b.text("#r-makespan-real")
		var ms float64
		if _, err := fmt.Sscanf(real, "%f ms", &ms); err != nil || ms < 600 {
			t.Errorf("real run: measured %q next to the model's 600.0 ms; want a measurement of at least 600 ms", real)
		}
		if got := b.text("#real-verdict"); !strings.HasPrefix(got, "Real run: ") {
			t.Errorf("real verdict = %q", got)
		}
		if got := b.text("#r-makespan-ratio"); !strings.HasSuffix(got, "×") {
			t.Errorf("ratio real/model = %q", got)
		}
		// The timeline can show the real run's own trace.
		b.do(chromedp.Click(chromedp.CSS("#tl-toggle")))
		if got := b.text("#tl-source"); got != "Real run (measured)" {
			t.Errorf("after the toggle the timeline shows %q; want the real run", got)
		}
		if got := b.eval(`document.querySelectorAll("#tl g.lane").length`); got != "4" {
			t.Errorf("the real run's timeline has %s lanes; want 4", got)
		}
		if got := b.eval(`document.querySelectorAll("#tl rect.bar").length`); got != "12" {
			t.Errorf("the real run's timeline has %s bars; want 12 (one per request)", got)
		}
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#timeline").scrollIntoView()`))
		if err := os.WriteFile(filepath.Join(shots, "lab-en-real.png"), b.screenshot(), 0o644); err != nil {
			t.Error(err)
		}
		b.do(chromedp.Click(chromedp.CSS("#tl-toggle")))
		// Over HTTP: a target server and the load generator on loopback.
		b.do(chromedp.SetValue("#f-via", "http"))
		b.clickAndWait("#btn-real")
		if got := b.eval(`[...document.querySelectorAll("#result-table thead th")].map(e => e.textContent).join("|")`); !strings.Contains(got, "Over HTTP") {
			t.Errorf("after a run over HTTP the result table's columns are %q; want Over HTTP", got)
		}
		if got := b.text("#r-queue-real"); got != "" {
			t.Errorf("over HTTP the queue wait reads %q; want it left empty (not seen from outside)", got)
		}
		var hms float64
		if got := b.text("#r-makespan-real"); func() error { _, err := fmt.Sscanf(got, "%f ms", &hms); return err }() != nil || hms < 600 {
			t.Errorf("over HTTP: measured %q next to the model's 600.0 ms", got)
		}
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#result").scrollIntoView()`))
		if err := os.WriteFile(filepath.Join(shots, "lab-en-http.png"), b.screenshot(), 0o644); err != nil {
			t.Error(err)
		}
		b.do(chromedp.SetValue("#f-via", "process"))
		// Over the caps: refused, with the caps named, before anything runs.
		b.do(chromedp.SetValue("#f-requests", "500"))
		b.clickAndWait("#btn-real")
		if got := b.text("#status"); !strings.Contains(got, "200 requests") || !strings.Contains(got, "16 threads") {
			t.Errorf("a real run over the caps: status %q; want a refusal naming the caps", got)
		}
		if got := b.eval(`document.querySelector("#f-requests").getAttribute("aria-invalid")`); got != "true" {
			t.Errorf("the requests field is not marked invalid (%s)", got)
		}
		b.do(chromedp.SetValue("#f-requests", "12"))
	})

	t.Run("form errors", func(t *testing.T) {
		b.t = t
		b.do(chromedp.SetValue("#f-threads", "0"))
		b.clickAndWait("#btn-sim")
		if got := b.text("#err-threads"); !strings.HasPrefix(got, "threads: ") {
			t.Errorf("threads 0: message %q; want the CLI's field message", got)
		}
		b.do(chromedp.SetValue("#f-threads", "4"))
		b.clickAndWait("#btn-sim")
		if got := b.eval(`String(document.querySelectorAll("[aria-invalid=true]").length)`); got != "0" {
			t.Errorf("after the fix, %s fields still marked invalid", got)
		}
	})

	t.Run("compare", func(t *testing.T) {
		b.t = t
		n := b.eval(`String(document.querySelectorAll("#run-list li[data-n]").length)`)
		if atoi(n) < 2 {
			t.Fatalf("%s runs listed; want at least 2", n)
		}
		b.do(chromedp.Click(chromedp.CSS(`#run-list li[data-n]:nth-child(1) input`)))
		b.do(chromedp.Click(chromedp.CSS(`#run-list li[data-n]:nth-child(2) input`)))
		b.do(chromedp.Click(chromedp.CSS(`#btn-compare`)))
		if got := b.eval(`String(document.querySelectorAll("#compare-table thead th").length)`); got != "3" {
			t.Errorf("comparison table has %s header cells; want 3 (label + 2 runs)", got)
		}
		if got := b.eval(`String(document.querySelectorAll("#compare .bars .row").length)`); got != "2" {
			t.Errorf("comparison has %s bars; want 2", got)
		}
		href := b.eval(`document.querySelector("#run-list li[data-n] a").getAttribute("href")`)
		if !strings.Contains(href, "preset=") {
			t.Errorf("a run's link %q does not carry its scenario", href)
		}
	})

	t.Run("reload", func(t *testing.T) {
		b.t = t
		before := b.eval(`String(document.querySelectorAll("#run-list li[data-n]").length)`)
		b.do(chromedp.Reload())
		b.waitDone(1)
		if got := b.eval(`String(document.querySelectorAll("#run-list li[data-n]").length)`); atoi(got) < atoi(before) {
			t.Errorf("after a reload %s runs are listed; want the %s from before and the new one", got, before)
		}
	})

	t.Run("korean", func(t *testing.T) {
		b.t = t
		b.clickAndWait(`.preset[data-name="lab-pool"]`)
		b.do(chromedp.SetValue("#f-wait", "200ms"))
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#form").dispatchEvent(new Event("input"))`))
		// The switch is a link that carries the scenario: follow it.
		href := b.eval(`document.querySelector("#lang-switch").href`)
		if !strings.Contains(href, "lang=ko") || !strings.Contains(href, "wait=200ms") {
			t.Errorf("the language switch links to %q; want lang=ko and the scenario (wait=200ms)", href)
		}
		b.do(chromedp.Navigate(href))
		b.waitDone(1)
		if got := b.eval(`document.documentElement.lang`); got != "ko" {
			t.Fatalf("after the switch the page is in %q; want ko", got)
		}
		if got := b.eval(`document.querySelector("#f-wait").value`); got != "200ms" {
			t.Errorf("the switch lost the scenario: wait = %q; want 200ms", got)
		}
		if got := b.text("#narration li"); !strings.HasPrefix(got, "0.0 ms: 요청 12개가 도착합니다. 스레드 4개가 하나씩 맡고 8개는 대기열에서 기다립니다.") {
			t.Errorf("Korean narration starts %q", got)
		}
		if got := b.text("#r-makespan-model"); got != "600.0 ms" {
			t.Errorf("Korean page, lab-pool at 200 ms: %q; want 600.0 ms", got)
		}
		b.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		if err := os.WriteFile(filepath.Join(shots, "lab-ko.png"), b.screenshot(), 0o644); err != nil {
			t.Error(err)
		}
	})

	t.Run("keyboard and labels", func(t *testing.T) {
		b.t = t
		if got := b.eval(`[...document.querySelectorAll("input, select")].filter(e => e.type !== "hidden" && e.labels.length === 0 && !e.getAttribute("aria-label")).map(e => e.id || e.outerHTML).join(", ")`); got != "" {
			t.Errorf("inputs without a label: %s", got)
		}
		// From the top of the page, Tab to the lab-loop preset and press
		// Enter: it simulates.
		b.do(chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`))
		found := false
		for i := 0; i < 30 && !found; i++ {
			b.do(chromedp.KeyEvent(kb.Tab))
			found = b.eval(`(document.activeElement.dataset || {}).name || ""`) == "lab-loop"
		}
		if !found {
			t.Fatal("Tab never reached the lab-loop preset")
		}
		want := atoi(b.eval(`document.body.dataset.done`)) + 1
		b.do(chromedp.KeyEvent(kb.Enter))
		b.waitDone(want)
		if got := b.text("#r-makespan-model"); got != "2.0초" {
			t.Errorf("lab-loop chosen with the keyboard: %q; want 2.0초", got)
		}
		// The cursor moves with the arrow keys.
		b.do(chromedp.Focus(chromedp.CSS("#cursor")))
		b.do(chromedp.KeyEvent(kb.End))
		if got := b.text("#narration li.now"); !strings.HasPrefix(got, "2.0초:") {
			t.Errorf("cursor at the end (End key): lit line %q; want the 2.0초 line", got)
		}
	})

	t.Run("narrow", func(t *testing.T) {
		b.t = t
		b.do(chromedp.EmulateViewport(390, 844))
		b.do(chromedp.Reload())
		b.waitDone(1)
		if got := b.eval(`document.documentElement.scrollWidth + " " + document.documentElement.clientWidth`); got != "390 390" {
			t.Errorf("at 390 px: scrollWidth clientWidth = %s; want nothing wider than 390", got)
		}
		wide := b.eval(`[...document.querySelectorAll("body *")].filter(e => { const r = e.getBoundingClientRect(); return r.right > 391 && getComputedStyle(e).position !== "absolute" && !e.closest(".table-wrap, pre"); }).slice(0, 5).map(e => e.tagName + "#" + e.id + "." + e.className).join(", ")`)
		if wide != "" {
			t.Errorf("at 390 px, elements reach past the right edge: %s", wide)
		}
		if err := os.WriteFile(filepath.Join(shots, "lab-ko-390.png"), b.screenshot(), 0o644); err != nil {
			t.Error(err)
		}
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#timeline").scrollIntoView()`))
		if err := os.WriteFile(filepath.Join(shots, "lab-ko-390-timeline.png"), b.screenshot(), 0o644); err != nil {
			t.Error(err)
		}
		b.do(chromedp.EmulateViewport(1280, 800))
	})
}

func atoi(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// browser runs steps in the one tab, failing the current subtest on error.
type browser struct {
	t   *testing.T
	ctx context.Context
}

func (b *browser) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// eval returns a JavaScript expression's value as text.
func (b *browser) eval(expr string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr))
	if err != nil {
		b.t.Fatalf("browser: eval %s: %v", expr, err)
	}
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

func (b *browser) evalFloat(expr string) float64 {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[float64](expr))
	if err != nil {
		b.t.Fatalf("browser: eval %s: %v", expr, err)
	}
	return v
}

func (b *browser) text(sel string) string {
	b.t.Helper()
	return strings.TrimSpace(b.eval(`(document.querySelector(` + jsString(sel) + `) || {}).textContent || ""`))
}

func jsString(s string) string { return "`" + strings.ReplaceAll(s, "`", "\\`") + "`" }

// waitDone waits until the page has settled n requests to the lab
// (<body data-done>): answers and refusals alike.
func (b *browser) waitDone(n int) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`Number(document.body.dataset.done || 0) >= %d`, n), chromedp.WithPollingInterval(10*time.Millisecond)))
	if err != nil {
		b.t.Fatalf("browser: the page never settled %d requests: %v (status %q)", n, err, b.text("#status"))
	}
}

// clickAndWait clicks sel and waits for the lab request it starts.
func (b *browser) clickAndWait(sel string) {
	b.t.Helper()
	want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
	b.do(chromedp.Click(chromedp.CSS(sel)))
	b.waitDone(want)
}

func (b *browser) screenshot() []byte {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("browser: screenshot: %v", err)
	}
	return buf
}
