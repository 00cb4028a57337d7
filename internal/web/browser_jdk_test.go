package web

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/waitlab/waitlab/internal/jdk/jdktest"
)

// The web lab on this machine's JDK (issues 40 and 41, item 5), in
// English and Korean: "Run on the JDK" joins the published JDK 21 row
// with a live one keyed to the request it answered, a server without a
// JDK says so, and the pinning lesson runs the virtual-thread preset's
// waits in synchronized and in a native frame.
func issueJDK(t *testing.T, b *browser, ts *httptest.Server, srv *Server) {
	for _, L := range []struct{ lang, lesson, events string }{
		{"en", "JEP 491", "event"},
		{"ko", "JEP 491", "건"},
	} {
		page := ts.URL + "/?lang=" + L.lang

		t.Run("jdk run keyed to its settings "+L.lang, func(t *testing.T) {
			b.t = t
			j := jdktest.Need(t, 21)
			srv.cfg.Java, srv.cfg.Exe = j.Home, waitlabBinary(t)
			defer func() { srv.cfg.Java = "" }()
			b.load(page)
			b.do(chromedp.Click(chromedp.CSS("#btn-clear")))
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#f-wait", "200ms") // the published row's settings
			b.typeIn("#predict-batch", "1")
			want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
			b.do(chromedp.Click(chromedp.CSS("#btn-jvm")))
			// While it runs, a preset clicked does not take the run over.
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.preset[data-name="lab-loop"]').click()`))
			b.waitDoneFor(want, 3*time.Minute)
			if got := b.eval(`document.querySelector(".preset[aria-pressed=true]").dataset.name`); got != "lab-pool" {
				t.Errorf("a preset clicked during the JDK run took over: %s is chosen", got)
			}
			if got := b.num("#r-makespan-jvm"); got < 600 {
				t.Errorf("the JDK's batch time is %v ms (status %q); want at least the floor of three 200 ms rounds", got, b.text("#status"))
			}
			if !b.exists("#r-makespan-ref") || !b.exists("#r-makespan-model") {
				t.Errorf("the published JDK 21 row (%v) and the model (%v) are not beside the live JDK", b.exists("#r-makespan-ref"), b.exists("#r-makespan-model"))
			}
			if got := b.text("#jvm-facts"); !strings.Contains(got, strconv.Itoa(j.Major)) {
				t.Errorf("the JVM facts line %q does not name JDK %d", got, j.Major)
			}
			if got := b.text("#predict-verdict"); strings.Count(got, "%") < 2 {
				t.Errorf("the guess is not scored against the JDK's run: %q", got)
			}
			if got := b.text("#jvm-cold"); !strings.Contains(got, "p99") {
				t.Errorf("the cold first pass is not shown apart: %q", got)
			}
			got := b.eval(`(r => r.entry + " " + r.kind)(JSON.parse(localStorage.getItem("waitlab.runs")).slice(-1)[0])`)
			if got != "lab-pool jvm" {
				t.Errorf("the JDK run was saved as %q; want lab-pool jvm", got)
			}
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#result").scrollIntoView()`))
			b.shot(screenshotDir(t), "jdk-"+L.lang+"-1280.png", 0)
			b.do(chromedp.EmulateViewport(390, 844))
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#jvm-verdict").scrollIntoView()`))
			if got := b.eval(`document.documentElement.scrollWidth + " " + document.documentElement.clientWidth`); got != "390 390" {
				t.Errorf("the JDK result at 390 px: scrollWidth clientWidth = %s", got)
			}
			b.shot(screenshotDir(t), "jdk-"+L.lang+"-390.png", 0)
			b.do(chromedp.EmulateViewport(1280, 800))
			// Another setting: the JDK's figure is stale, greyed.
			b.typeIn("#f-threads", "3")
			if b.eval(`document.body.dataset.stale`) != "true" {
				t.Error("the form says 3 threads beside the 4-thread JDK run, and the result is not marked stale")
			}
			// Another preset: the JDK's answer is not attributed to it.
			b.clickAndWait(`.preset[data-name="lab-loop"]`)
			b.clickAndWait("#btn-reveal")
			if b.exists("#r-makespan-jvm") || b.exists("#jvm-verdict") {
				t.Error("lab-pool's JDK run is shown under lab-loop")
			}
		})

		t.Run("no jdk "+L.lang, func(t *testing.T) {
			b.t = t
			srv.cfg.Java, srv.cfg.Exe = t.TempDir()+"/no-java", waitlabBinary(t)
			defer func() { srv.cfg.Java = "" }()
			code, out := post(t, srv, "/api/run?via=jvm&lang="+L.lang, `{"preset":"lab-pool","wait":"50ms"}`)
			msgText, _ := out["message"].(string)
			if code < 400 || msgText == "" {
				t.Fatalf("a JDK run without a JDK = %d %v; want a refusal with its message", code, out)
			}
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#f-wait", "50ms")
			b.typeIn("#predict-batch", "1")
			b.clickAndWait("#btn-jvm")
			if got := b.text("#status"); !strings.Contains(got, msgText) || b.eval(`String(document.querySelector("#status").classList.contains("bad"))`) != "true" {
				t.Errorf("no JDK: the page says %q; want the server's %q as an error", got, msgText)
			}
			if b.exists("#r-makespan-jvm") {
				t.Error("no JDK, yet a JDK column")
			}
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#status").scrollIntoView({block: "center"})`))
			b.shot(screenshotDir(t), "nojdk-"+L.lang+"-1280.png", 0)
		})

		t.Run("over http on tomcat "+L.lang, func(t *testing.T) {
			b.t = t
			jdktest.Need(t, 21)
			if _, err := os.Stat("/usr/share/tomcat10/bin/tomcat-juli.jar"); err != nil {
				jdktest.Package(t, errors.New("tomcat10 is not installed: apt-get install -y tomcat10"))
			}
			srv.cfg.Exe = waitlabBinary(t)
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			if b.visible("#f-engine") {
				t.Error("the server choice shows for a run in process")
			}
			b.selectValue("#f-via", "http")
			if !b.visible("#f-engine") || b.eval(`String(document.querySelector('#f-engine option[value="netty"]').disabled)`) != "true" {
				t.Error("over HTTP on the pool model: want the server choice, with Netty not offered")
			}
			b.selectValue("#f-engine", "tomcat")
			b.typeIn("#f-wait", "50ms")
			b.typeIn("#predict-batch", "1")
			want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
			b.do(chromedp.Click(chromedp.CSS("#btn-real")))
			b.waitDoneFor(want, 3*time.Minute)
			if got := b.num("#r-makespan-real"); got < 150 {
				t.Errorf("Tomcat's batch time is %v ms (status %q); want at least three 50 ms rounds", got, b.text("#status"))
			}
			if got := b.text("#result-table thead"); !strings.Contains(got, "Tomcat") {
				t.Errorf("the result's columns %q do not name Tomcat", got)
			}
			if got := b.text("#real-server"); !strings.Contains(got, "Tomcat") {
				t.Errorf("the server line reads %q; want Tomcat's version", got)
			}
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#result").scrollIntoView()`))
			b.shot(screenshotDir(t), "tomcat-"+L.lang+"-1280.png", 0)
			// The loop preset: Tomcat does not serve it; the Go target is chosen.
			b.clickAndWait(`.preset[data-name="lab-loop"]`)
			if got := b.eval(`document.querySelector("#f-engine").value + " " + document.querySelector('#f-engine option[value="tomcat"]').disabled`); got != "go true" {
				t.Errorf("on the loop preset the server is %q; want the Go target chosen and Tomcat not offered", got)
			}
			b.selectValue("#f-via", "process")
		})

		t.Run("pinning lesson "+L.lang, func(t *testing.T) {
			b.t = t
			j := jdktest.Need(t, 24)
			srv.cfg.Java, srv.cfg.Exe = j.Home, waitlabBinary(t)
			defer func() { srv.cfg.Java = "" }()
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			if b.visible("#pin") {
				t.Error("the pinning lesson shows on the thread pool preset")
			}
			b.clickAndWait(`.preset[data-name="lab-virtual"]`)
			if b.visible("#pin") {
				t.Error("the pinning lesson's runs are offered before the preset's guess: their figures would tell its answer")
			}
			b.clickAndWait("#btn-reveal")
			if !b.visible("#btn-pin") {
				t.Fatal("the pinning lesson is not on the virtual-thread preset")
			}
			want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
			b.do(chromedp.Click(chromedp.CSS("#btn-pin")))
			b.waitDoneFor(want, 4*time.Minute)
			if st := b.text("#pin-status"); st != "" {
				t.Fatalf("the pinning lesson failed: %q", st)
			}
			if n := b.num("#pin-native-events"); n < 12 {
				t.Errorf("JFR counted %v pinned waits in the native frame; want one per blocking wait, at least 12", n)
			}
			if n := b.num("#pin-synchronized-events"); n != 0 {
				t.Errorf("on JDK %d JFR counted %v pinned waits inside synchronized; want 0 (JEP 491)", j.Major, n)
			}
			if got := b.text("#pin-lesson"); !strings.Contains(got, L.lesson) || !strings.Contains(got, strconv.Itoa(j.Major)) {
				t.Errorf("the lesson reads %q; want JEP 491 on JDK %d", got, j.Major)
			}
			if got := b.text("#pin-native-events"); !strings.Contains(got, L.events) {
				t.Errorf("the native row's count reads %q; want it counted in %q", got, L.events)
			}
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#pin").scrollIntoView()`))
			b.shot(screenshotDir(t), "pin-"+L.lang+"-1280.png", 0)
			b.do(chromedp.EmulateViewport(390, 844))
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#pin").scrollIntoView()`))
			if got := b.eval(`document.documentElement.scrollWidth + " " + document.documentElement.clientWidth`); got != "390 390" {
				t.Errorf("the pinning lesson at 390 px: scrollWidth clientWidth = %s", got)
			}
			b.shot(screenshotDir(t), "pin-"+L.lang+"-390.png", 0)
			b.do(chromedp.EmulateViewport(1280, 800))
		})
	}
}

// waitDoneFor is waitDone with a longer bound, for runs that start a JVM
// (the bound only stops a hung page; no timing is asserted).
func (b *browser) waitDoneFor(n int, d time.Duration) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, d)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`Number(document.body.dataset.done || 0) >= %d`, n), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		b.t.Fatalf("browser: the page never settled %d requests: %v (status %q)", n, err, b.text("#status"))
	}
}
