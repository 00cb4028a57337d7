package web

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/waitlab/waitlab/internal/narrate"
)

// The defects of issue 44 ("the web lab, true in every state and whole"),
// each driven in English and in Korean on the one browser of TestBrowser.
// Every check here failed on the page before issue 44.

// in44 is one language's words for the checks.
type in44 struct {
	lang, other string
	// answer words: lab-pool's and lab-loop-blocking's batch times as the
	// outcome line writes them.
	pool6, worst12 string
	poolLabel      string
}

var langs44 = []in44{
	{lang: "en", other: "ko", pool6: "6 s", worst12: "12 s", poolLabel: "The starting settings"},
	{lang: "ko", other: "en", pool6: "6초", worst12: "12초", poolLabel: "처음 설정으로"},
}

func issue44(t *testing.T, b *browser, ts *httptest.Server, srv *Server) {
	for _, L := range langs44 {
		page := ts.URL + "/?lang=" + L.lang

		t.Run("44.1 a run keeps its settings "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.do(chromedp.Click(chromedp.CSS("#btn-clear")))
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#f-wait", "200ms")
			b.typeIn("#predict-batch", "1")
			want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
			b.do(chromedp.Click(chromedp.CSS("#btn-real")))
			// While it runs: the worst combination, and 3 threads.
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.preset[data-name="lab-loop-blocking"]').click()`))
			b.typeIn("#f-threads", "3")
			b.waitDone(want)
			if got := b.eval(`document.querySelector(".preset[aria-pressed=true]").dataset.name`); got != "lab-pool" {
				t.Errorf("a preset clicked during a real run took over: %s is chosen", got)
			}
			got := b.eval(`(r => r.entry + " " + r.vals.threads + " " + r.kind)(JSON.parse(localStorage.getItem("waitlab.runs")).slice(-1)[0])`)
			if got != "lab-pool 4 real" {
				t.Errorf("the real run was saved as %q; want lab-pool with 4 threads (what ran)", got)
			}
			if lbl := b.text("#run-list li[data-n] label"); !strings.Contains(lbl, L.poolLabel) {
				t.Errorf("the run is listed as %q; want lab-pool's label", lbl)
			}
			if b.eval(`document.body.dataset.stale`) != "true" {
				t.Error("the form says 3 threads beside the 4-thread run, and the result is not marked stale")
			}
		})

		t.Run("44.2 predict then reveal "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.clear()`)) // no preset answered yet in this tab
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-loop-blocking"]`)
			// No answer before a guess: not in the header, the tooltips or
			// the JDK 21 rows.
			if got := b.text("#base"); strings.Contains(got, L.worst12) {
				t.Errorf("the settings header tells the answer before a guess: %q", got)
			}
			for name, ans := range map[string]string{"lab-pool": L.pool6, "lab-loop-blocking": L.worst12} {
				if got := b.eval(`document.querySelector('.preset[data-name="` + name + `"]').title`); strings.Contains(got, ans) {
					t.Errorf("%s's tooltip tells the answer: %q", name, got)
				}
			}
			if got := b.eval(`document.querySelector("#ref-lab-loop-blocking-model").dataset.v || ""`); got != "" {
				t.Errorf("the JDK 21 row shows the model's %s ms before a guess", got)
			}
			// Enter in the guess box scores the guess.
			b.typeIn("#predict-batch", "6")
			want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
			b.do(chromedp.Focus(chromedp.CSS("#predict-batch")), chromedp.KeyEvent(kb.Enter))
			b.waitDone(want)
			if got := b.num("#r-makespan-you"); got != 6000 {
				t.Errorf("Enter in the guess box: the guess column holds %v; want 6000 (the guess scored)", got)
			}
			if got := b.text("#predict-verdict"); !strings.Contains(got, "50%") {
				t.Errorf("Enter in the guess box: verdict %q; want 50%%", got)
			}
			if got := b.text("#base"); !strings.Contains(got, L.worst12) {
				t.Errorf("after the guess the header still hides the outcome: %q", got)
			}
			// The question says what is true now: no "the answer shows when
			// you check your guess" over an answer on screen.
			below, changed := map[string]string{"en": "The answer for these settings is below", "ko": "이 설정의 답은 아래에 있습니다"}[L.lang], map[string]string{"en": "The settings changed", "ko": "설정이 바뀌었습니다"}[L.lang]
			if got := b.text("#question"); !strings.Contains(got, below) {
				t.Errorf("the answer shown, the question reads %q; want %q", got, below)
			}
			b.typeIn("#f-threads", "3")
			if got := b.text("#question"); !strings.Contains(got, changed) {
				t.Errorf("settings edited after the answer, the question reads %q; want %q", got, changed)
			}
			b.typeIn("#f-threads", "2")
			if got := b.text("#question"); !strings.Contains(got, below) {
				t.Errorf("settings back, the question reads %q; want %q", got, below)
			}
			// Simulate with a guess typed scores it.
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#predict-batch", "4")
			b.clickAndWait("#btn-sim")
			if got := b.text("#predict-verdict"); !strings.Contains(got, "33%") {
				t.Errorf("Simulate with a guess typed: verdict %q; want it scored (33%%)", got)
			}
			// Simulate with no guess asks for one and shows nothing.
			b.clickAndWait(`.preset[data-name="lab-loop"]`)
			b.clickAndWait("#btn-sim")
			if !b.exists("#hidden-note") || b.exists("#r-makespan-model") || !b.exists("#err-predict-batch") {
				t.Errorf("Simulate without a guess: hidden %v, result %v, guess field marked %v; want the answer hidden and a guess asked for",
					b.exists("#hidden-note"), b.exists("#r-makespan-model"), b.exists("#err-predict-batch"))
			}
			b.clickAndWait("#btn-reveal")
			if got := b.num("#r-makespan-model"); got != 2000 {
				t.Errorf("Show the answer after the refusal: %v ms; want lab-loop's 2000", got)
			}
		})

		t.Run("44.2 lockstep and the five ask first "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.clear()`)) // no preset answered yet in this tab
			b.load(page)
			// Lockstep shows two answers: it asks which finishes first.
			b.selectValue("#ls-a-pick", "lab-pool")
			b.selectValue("#ls-b-pick", "lab-loop")
			b.clickAndWait("#btn-ls")
			if b.visible("#ls-out") || !b.exists("#err-ls-guess") || strings.Contains(b.text("#lockstep"), L.pool6) {
				t.Errorf("lockstep without a guess: shown %v, guess asked %v; want the answers hidden and a guess asked for", b.visible("#ls-out"), b.exists("#err-ls-guess"))
			}
			if got := b.text("#ref-lab-pool-model"); got == "" || strings.ContainsAny(got, "0123456789") {
				t.Errorf("a refused lockstep counted as skipping: lab-pool's JDK 21 row shows %q", got)
			}
			b.selectValue("#ls-guess", "b")
			b.clickAndWait("#btn-ls")
			right := map[string]string{"en": "Right: the second finishes first (2.0 s against 6.0 s).", "ko": "맞았습니다. 둘째가 먼저 끝납니다(2.0초 대 6.0초)."}[L.lang]
			if got := b.text("#ls-verdict"); !b.visible("#ls-out") || got != right {
				t.Errorf("lockstep, guessed the loops first: verdict %q, shown %v; want it scored right with both batch times", got, b.visible("#ls-out"))
			}
			// Size it draws the batch time of the settings on screen: not
			// before their guess.
			b.clickAndWait(`.preset[data-name="lab-loop-blocking"]`)
			b.clickAndWait("#btn-size")
			if b.exists("#size-table") || strings.Contains(b.text("#size"), L.worst12) || !strings.Contains(b.text("#size-status"), map[string]string{"en": "Show the answer", "ko": "답 보기"}[L.lang]) {
				t.Errorf("size it before a guess: %q; want the curve held back until a guess or a skip", b.text("#size"))
			}
			// Choosing other sides drops the guess made for these two.
			b.selectValue("#ls-b-pick", "lab-loop-blocking")
			if got := b.eval(`document.querySelector("#ls-guess").value`); got != "" {
				t.Errorf("new sides kept the old guess %q", got)
			}
			// The five: published figures at once, the model's only for
			// presets seen (lab-pool and lab-loop, guessed above) until the
			// learner asks for all five, a button that says it skips.
			b.clickAndWait("#btn-five")
			if got := b.text(`#five-bars .group[data-name="lab-loop-blocking"]`); strings.Contains(got, "1,200 ms") || !strings.Contains(got, "1,227 ms") {
				t.Errorf("the five before a guess: the worst combination reads %q; want only the published 1,227 ms", got)
			}
			if got := b.text(`#five-bars .group[data-name="lab-pool"]`); !strings.Contains(got, "600 ms") {
				t.Errorf("the five: lab-pool, guessed in lockstep, reads %q; want the model's 600 ms", got)
			}
			if got := b.text("#ref-lab-loop-blocking-model"); strings.ContainsAny(got, "0123456789") {
				t.Errorf("opening the five counted as skipping: the JDK 21 row shows %q", got)
			}
			skip := map[string]string{"en": "skips their guesses", "ko": "예측을 건너뜁니다"}[L.lang]
			if got := b.text("#btn-five-all"); !b.visible("#btn-five-all") || !strings.Contains(got, skip) {
				t.Fatalf("no button that says it skips the guesses: %q (visible %v)", got, b.visible("#btn-five-all"))
			}
			b.clickAndWait("#btn-five-all")
			if got := b.text(`#five-bars .group[data-name="lab-loop-blocking"]`); !strings.Contains(got, "1,200 ms") {
				t.Errorf("after skipping all five: %q; want the model's 1,200 ms", got)
			}
			if got := b.text("#ref-lab-loop-blocking-model"); got != "1,200 ms" || b.visible("#btn-five-all") {
				t.Errorf("after skipping all five: the JDK 21 row reads %q, button visible %v", got, b.visible("#btn-five-all"))
			}
		})

		t.Run("44.6 a wait of 0 "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.clickAndWait("#btn-reveal")
			b.typeIn("#f-wait", "0")
			b.clickAndWait("#btn-sim")
			if !b.exists("#err-wait") || b.num("#r-makespan-model") == 0 {
				t.Errorf("wait 0: refused on its field %v, batch %v ms; want it refused with its reason", b.exists("#err-wait"), b.num("#r-makespan-model"))
			}
			if got := b.text("#err-wait"); !strings.Contains(got, "200ms") {
				t.Errorf("wait 0: %q; want the reason and a value to give", got)
			}
		})

		t.Run("44.8 state is kept "+L.lang, func(t *testing.T) {
			b.t = t
			// Reload keeps the settings.
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#f-threads", "6")
			b.do(chromedp.Reload())
			b.waitReady()
			if got := b.eval(`document.querySelector("#f-threads").value`); got != "6" {
				t.Errorf("after a reload threads = %q; want the 6 typed", got)
			}
			// An unsimulated edit is not revealed by the language switch.
			b.load(b.eval(`document.querySelector("#lang-switch").href`))
			if !b.exists("#hidden-note") || b.eval(`document.querySelector("#f-threads").value`) != "6" {
				t.Errorf("the switch with an unsimulated edit: hidden %v, threads %q; want the settings kept and the answer hidden",
					b.exists("#hidden-note"), b.eval(`document.querySelector("#f-threads").value`))
			}
			// A scored guess survives the switch, answer and all.
			b.load(page)
			b.do(chromedp.Click(chromedp.CSS("#btn-clear")))
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#predict-batch", "5")
			b.clickAndWait("#btn-guess")
			b.clickAndWait("#btn-sim")
			b.load(b.eval(`document.querySelector("#lang-switch").href`))
			if got := b.num("#r-makespan-you"); got != 5000 || b.num("#r-makespan-model") != 6000 {
				t.Errorf("after the switch: guess %v, model %v; want the 5 s guess scored against 6 s", got, b.num("#r-makespan-model"))
			}
			// Saved runs read in the page's language.
			other := langs44[0]
			if L.lang == "en" {
				other = langs44[1]
			}
			if lbl := b.text("#run-list li[data-n] label"); !strings.Contains(lbl, other.poolLabel) {
				t.Errorf("a run saved on the %s page reads %q on the %s page", L.lang, lbl, other.lang)
			}
			// Revisit a run at the preset's settings: its answer shows.
			b.load(ts.URL + b.eval(`document.querySelector("#run-list li[data-n] a").getAttribute("href")`))
			if got := b.num("#r-makespan-model"); got != 6000 {
				t.Errorf("a run's link reopened it with the answer hidden (%v)", got)
			}
		})

		t.Run("44.3 each source its own conditions "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.clickAndWait(`.preset[data-name="ch15-none"]`)
			b.clickAndWait("#btn-reveal")
			head := b.eval(`[...document.querySelectorAll("#result-table thead th")].map(e => e.textContent).join("|")`)
			note := b.text("#ref-note")
			if strings.Contains(head, "JDK 21") || strings.Contains(note, "0.2") || strings.Contains(note, "JDK 21") {
				t.Errorf("ch15-none: columns %q, note %q; want the book's measurement, not JDK 21 at 0.2 s", head, note)
			}
			if !strings.Contains(note, "Netty") {
				t.Errorf("ch15-none: note %q; want its source named", note)
			}
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#f-wait", "200ms")
			b.clickAndWait("#btn-reveal")
			if got := b.text("#ref-note"); !strings.Contains(got, "JDK 21") || !strings.Contains(got, "0.2") {
				t.Errorf("lab-pool at 0.2 s: note %q; want JDK 21 at 0.2 s", got)
			}
		})

		t.Run("44.7 field errors "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.clickAndWait("#btn-reveal")
			// A server refusal for calls lands on the field.
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#more").open = true`))
			b.typeIn("#f-calls", "5000")
			b.clickAndWait("#btn-sim")
			if !b.exists("#err-calls") {
				t.Errorf("calls 5000: not marked on the field (status %q)", b.text("#status"))
			}
			b.typeIn("#f-calls", "1")
			// Times as a person writes them.
			for _, c := range []struct {
				in string
				ms float64
			}{{"2초", 6000}, {"2.5", 7500}, {"6s", 18000}} {
				b.typeIn("#f-wait", c.in)
				b.clickAndWait("#btn-sim")
				if b.exists("#err-wait") || b.num("#r-makespan-model") != c.ms {
					t.Errorf("wait %q: refused %v (%q), batch %v; want %v ms", c.in, b.exists("#err-wait"), b.text("#err-wait"), b.num("#r-makespan-model"), c.ms)
				}
			}
			b.typeIn("#f-wait", "2s")
			b.typeIn("#predict-batch", "6s")
			b.clickAndWait("#btn-guess")
			if got := b.num("#r-makespan-you"); got != 6000 {
				t.Errorf("a guess of 6s: %v (%q); want 6000 ms", got, b.text("#err-predict-batch"))
			}
			// No CLI flags, no Go syntax, no "clear the value" where an
			// empty field is refused.
			b.typeIn("#f-offload_pool", "3")
			b.clickAndWait("#btn-sim")
			if got := b.text("#err-offload_pool"); got == "" || strings.Contains(got, "remove") || strings.Contains(got, "지우") || strings.Contains(got, "--") || strings.Contains(got, "model:") {
				t.Errorf("offload pool 3 on a pool: %q; want a value to give (0), in the form's words", got)
			}
			b.typeIn("#f-offload_pool", "0")
			b.typeIn("#f-block", "100ms")
			b.clickAndWait("#btn-sim")
			if got := b.text("#err-block"); got == "" || strings.Contains(got, "--") {
				t.Errorf("a blocking call without a fraction: %q; want it refused without CLI flags", got)
			}
			b.typeIn("#f-block", "")
			b.typeIn("#f-wait", "2x")
			b.clickAndWait("#btn-sim")
			if got := b.text("#err-wait"); got == "" || strings.Contains(got, "Go") {
				t.Errorf("wait 2x: %q; want it refused without Go syntax", got)
			}
		})

		t.Run("44.9 the code follows the model "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.selectValue("#f-model", "virtual")
			if got := b.eval(`document.querySelector("[role=tab][aria-selected=true]").id`); got != "tab-vt" {
				t.Errorf("after choosing virtual the code tab is %s; want tab-vt", got)
			}
			b.selectValue("#f-model", "loop")
			if got := b.eval(`document.querySelector("[role=tab][aria-selected=true]").id`); got != "tab-webflux" {
				t.Errorf("after choosing loop the code tab is %s; want tab-webflux", got)
			}
			// The code's comments are in the page's language.
			b.do(chromedp.Click(chromedp.CSS("#tab-mvc")))
			want, not := "Holds this Tomcat thread", "이 Tomcat 스레드를 붙잡습니다"
			if L.lang == "ko" {
				want, not = not, want
			}
			if got := b.text("#code-text"); !strings.Contains(got, want) || strings.Contains(got, not) {
				t.Errorf("the Spring MVC tab's comments: %q; want %q", firstLines(got, 12), want)
			}
		})

		t.Run("44.11 probe, units, the 0.2 s offer "+L.lang, func(t *testing.T) {
			b.t = t
			for _, u := range []string{page, ts.URL + "/fanout?lang=" + L.lang} {
				b.load(u)
				if got := b.eval(`(document.querySelector("#probe-link") || {}).pathname || ""`); got != "/probe" {
					t.Errorf("%s: no link to /probe (%q)", u, got)
				}
			}
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-loop"]`)
			b.clickAndWait("#btn-reveal")
			if got := b.text("#r-queue-model"); got == "0" || strings.Contains(got, "us") {
				t.Errorf("lab-loop's queue wait reads %q; want a unit (0 s, µs)", got)
			}
			// The loops are drawn idle (their waits are registered): the
			// busy row says the same.
			if bars, peak := b.eval(`String(document.querySelectorAll("#tl rect.bar").length)`), b.text("#r-peak-model"); bars != "0" || peak != "0" {
				t.Errorf("lab-loop: %s bars drawn, peak busy %q; want the row to agree with the idle lanes", bars, peak)
			}
			// ... and the narration under them says the same.
			if got := b.text("#narration"); strings.Contains(got, "peak busy loops: 2") || strings.Contains(got, "루프는 최대 2개") ||
				!strings.Contains(got, map[string]string{"en": "the loops were never busy", "ko": "루프는 CPU 작업도 붙잡힌 대기도 없어"}[L.lang]) {
				t.Errorf("lab-loop: the narration says %q beside idle lanes and a peak of %s", got, b.text("#r-peak-model"))
			}
			if got := b.text(`#result-table tr:has(#r-peak-model) th`); got != map[string]string{"en": "Peak loops busy", "ko": "동시에 일한 루프 수 (최대)"}[L.lang] {
				t.Errorf("lab-loop's peak row is labelled %q; want it in loops", got)
			}
			// The worst combination is over the real-run cap at 2 s: the
			// page offers it at 0.2 s.
			b.clickAndWait(`.preset[data-name="lab-loop-blocking"]`)
			b.clickAndWait("#btn-reveal")
			b.clickAndWait("#btn-real")
			if !b.visible("#btn-real02") {
				t.Fatalf("a real run over the cap: no offer to run it at 0.2 s (status %q)", b.text("#status"))
			}
			b.clickAndWait("#btn-real02")
			if got := b.eval(`document.querySelector("#f-wait").value`); got != "200ms" || b.num("#r-makespan-real") < 1200 {
				t.Errorf("run at 0.2 s: wait %q, real %v ms; want it run at 200ms beside the model's 1,200", got, b.num("#r-makespan-real"))
			}
		})

		t.Run("44.5 one precision beside the published figure "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-loop-blocking"]`)
			b.typeIn("#f-wait", "200ms")
			b.clickAndWait("#btn-reveal")
			b.clickAndWait("#btn-real")
			exact := regexp.MustCompile(`^\d{1,3}(,\d{3})* ms$`)
			for _, sel := range []string{"#r-makespan-model", "#r-makespan-real", "#r-makespan-ref"} {
				if got := b.text(sel); !exact.MatchString(got) {
					t.Errorf("beside the JDK 21 figure, %s reads %q; want whole milliseconds (status %q)", sel, got, b.text("#status"))
				}
			}
			// The line under the table writes the run as its row does.
			if cellText, line := b.text("#r-makespan-real"), b.text("#real-verdict"); !strings.Contains(line, cellText) {
				t.Errorf("the real run reads %q in the table and %q under it; want one precision", cellText, line)
			}
		})

		t.Run("44.12 a run in line says so "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			b.clickAndWait(`.preset[data-name="lab-pool"]`)
			b.typeIn("#f-wait", "200ms")
			b.clickAndWait("#btn-reveal")
			// Another visitor's run holds the machine.
			release, err := srv.acquireRun(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want := atoi(b.eval(`document.body.dataset.done || "0"`)) + 1
			b.do(chromedp.Click(chromedp.CSS("#btn-real")))
			ctx, cancel := context.WithTimeout(b.ctx, 20e9)
			_, perr := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.line === "1"`))
			cancel()
			status := b.text("#status")
			release()
			b.waitDone(want)
			if perr != nil || !(strings.Contains(status, "in line") || strings.Contains(status, "줄을 서서")) {
				t.Errorf("a run behind another: status %q (%v); want it to say it waits in line", status, perr)
			}
		})

		t.Run("44.4 the fan-out lab tells the calls "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(ts.URL + "/fanout?lang=" + L.lang)
			firsts := map[string]string{}
			for _, name := range []string{"fanout-seq", "fanout", "fanout-pipelined", "fanout-pool"} {
				b.clickAndWait(`.preset[data-name="` + name + `"]`)
				b.clickAndWait("#btn-reveal")
				firsts[name] = b.text("#narration li")
			}
			// The moments are numbered from 1 under the unnumbered calls line.
			if got := b.eval(`[...document.querySelectorAll("#narration li:not(.summary)")].map(l => l.value).join(",")`); got != "1,2,3" {
				t.Errorf("fanout-pool's moments are numbered %q; want 1,2,3 (the calls line above them has no number)", got)
			}
			// The pool's narration is short and says where the time goes
			// (it was 11 windows of the same counts).
			if n, all := atoi(b.eval(`String(document.querySelectorAll("#narration li").length)`)), b.text("#narration"); n > 5 || n > narrate.MaxLines ||
				!strings.Contains(all, map[string]string{"en": "fan-out threads make 116 calls without a break", "ko": "팬아웃 스레드 4개가 쉬지 않고"}[L.lang]) {
				t.Errorf("fanout-pool's narration: %d lines; want at most 5, the busy fan-out threads told:\n%s", n, all)
			}
			want := map[string][]string{
				"en": {"one after another", "at once", "round trip (pipelining)", "fan-out pool"},
				"ko": {"차례로", "동시에", "왕복에 모두 보냅니다(파이프라이닝)", "팬아웃 풀로"},
			}[L.lang]
			for i, name := range []string{"fanout-seq", "fanout", "fanout-pipelined", "fanout-pool"} {
				if !strings.Contains(firsts[name], want[i]) {
					t.Errorf("%s: the narration starts %q; want how its calls are made (%q)", name, firsts[name], want[i])
				}
			}
			if got := b.text("#limit"); !strings.Contains(got, map[string]string{"en": "The fan-out pool", "ko": "팬아웃 풀입니다"}[L.lang]) {
				t.Errorf("fanout-pool's bottleneck: %q; want the fan-out pool's threads, the busy ones", got)
			}
			if got := b.text("#base"); strings.Contains(got, "same 6 s as one after another") || strings.Contains(got, "'차례로'와 같은 6초") {
				t.Errorf("fanout-pool's description compares with a 2 s preset as if it took 6 s: %q", got)
			}
		})

		t.Run("44.10 size it on the page "+L.lang, func(t *testing.T) {
			b.t = t
			for _, w := range []int64{1280, 390} {
				b.do(chromedp.EmulateViewport(w, 844))
				b.load(page)
				b.clickAndWait(`.preset[data-name="lab-pool"]`)
				b.reveal()
				b.typeIn("#size-slo", "batch<3s")
				b.clickAndWait("#btn-size")
				if got := b.text("#size-answer"); !strings.Contains(got, map[string]string{"en": "12 threads", "ko": "스레드 12개"}[L.lang]) {
					t.Errorf("%d px: size it answers %q; want 12 threads in words", w, got)
				}
				shown := b.eval(`document.querySelector("#size-out").innerText`)
				for _, raw := range []string{"--cores", "(sequential)", "burst", "2000.0 ms"} {
					if strings.Contains(shown, raw) {
						t.Errorf("%d px: size it shows the CLI's %q on the page", w, raw)
					}
				}
				if got := b.eval(`[...document.querySelectorAll("#size-out *")].filter(e => e.getClientRects().length && e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && parseFloat(getComputedStyle(e).fontSize) < 11).map(e => e.tagName + ":" + getComputedStyle(e).fontSize).slice(0, 5).join(", ")`); got != "" {
					t.Errorf("%d px: size it has text under 11 px: %s", w, got)
				}
				if got := b.eval(`(e => e.scrollWidth > e.clientWidth + 1 ? e.scrollWidth + ">" + e.clientWidth : "")(document.querySelector("#size"))`); got != "" {
					t.Errorf("%d px: size it is wider than its box: %s", w, got)
				}
				if w == 390 {
					b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#size").scrollIntoView()`))
					b.shot(screenshotDir(t), "size-"+L.lang+"-390.png", 0)
				}
			}
			b.do(chromedp.EmulateViewport(1280, 800))
		})

		t.Run("44.7 probe fields "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(ts.URL + "/probe?lang=" + L.lang)
			probes := func() string {
				return b.eval(`String(performance.getEntriesByType("resource").filter(e => e.name.includes("/api/probe")).length)`)
			}
			before := probes()
			b.typeIn("#p-url", "http://127.0.0.1:9/")
			for _, c := range []struct{ rate, budget, field string }{
				{"0", "30", "p-rate"}, {"2.5", "30", "p-rate"}, {"abc", "30", "p-rate"}, {"100", "0", "p-budget"}, {"100", "abc", "p-budget"},
			} {
				b.typeIn("#p-rate", c.rate)
				b.typeIn("#p-budget", c.budget)
				b.do(chromedp.Evaluate[chromedp.Void](`delete document.body.dataset.done; document.querySelector("#p-run").click()`))
				b.waitProbe(20e9)
				if !b.exists("#err-"+c.field) || probes() != before {
					t.Errorf("rate %q budget %q: field %s marked %v, probes sent %s (before %s); want it refused on the field, nothing sent",
						c.rate, c.budget, c.field, b.exists("#err-"+c.field), probes(), before)
				}
			}
			// A host the operator did not allow: serve's flag, not the target's.
			b.typeIn("#p-rate", "100")
			b.typeIn("#p-budget", "30")
			b.typeIn("#p-url", "http://example.com/")
			b.do(chromedp.Evaluate[chromedp.Void](`delete document.body.dataset.done; document.querySelector("#p-run").click()`))
			b.waitProbe(20e9)
			if got := b.text("#p-error"); !strings.Contains(got, "serve --probe-allow") || strings.Contains(got, "--allow-remote") {
				t.Errorf("a remote host: %q; want serve --probe-allow named", got)
			}
			if !b.exists("#err-p-url") {
				t.Error("a remote host: the URL field is not marked")
			}
		})

		t.Run("44 at 390 px "+L.lang, func(t *testing.T) {
			b.t = t
			b.do(chromedp.EmulateViewport(390, 844))
			defer b.do(chromedp.EmulateViewport(1280, 800))
			for _, u := range []string{
				page + "&preset=lab-loop-blocking&wait=200ms&reveal=1",
				ts.URL + "/fanout?lang=" + L.lang + "&preset=fanout-pool&reveal=1",
				ts.URL + "/probe?lang=" + L.lang,
			} {
				b.load(u)
				if !strings.Contains(u, "/probe") {
					// Everything the lab draws: lockstep (its skip), the
					// five (all shown) and Size it.
					b.selectValue("#ls-guess", "skip")
					b.clickAndWait("#btn-ls")
					if b.visible("#btn-five") {
						b.clickAndWait("#btn-five")
						if b.visible("#btn-five-all") {
							b.clickAndWait("#btn-five-all")
						}
					}
					b.typeIn("#size-slo", "batch<3s")
					b.clickAndWait("#btn-size")
				}
				b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
				if got := b.eval(`document.documentElement.scrollWidth + " " + document.documentElement.clientWidth`); got != "390 390" {
					t.Errorf("%s at 390 px: scrollWidth clientWidth = %s", u, got)
				}
				// Text under 11 px, and boxes whose text is cut off.
				small := b.eval(`[...document.querySelectorAll("body *")].filter(e => e.getClientRects().length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && parseFloat(getComputedStyle(e).fontSize) < 11).map(e => (e.id || e.className || e.tagName) + ":" + getComputedStyle(e).fontSize).slice(0, 8).join(", ")`)
				if small != "" {
					t.Errorf("%s at 390 px: text under 11 px: %s", u, small)
				}
				cut := b.eval(`[...document.querySelectorAll("body *")].filter(e => { const s = getComputedStyle(e); return e.getClientRects().length && !e.closest("table.cards thead") && (s.overflowX === "hidden" || s.textOverflow === "ellipsis") && e.scrollWidth > e.clientWidth + 1; }).map(e => e.id || e.className || e.tagName).slice(0, 8).join(", ")`)
				if cut != "" {
					t.Errorf("%s at 390 px: text cut off in %s", u, cut)
				}
				// A select cannot wrap: every option's text fits its box.
				selects := b.eval(`(() => { const c = document.createElement("canvas").getContext("2d"); return [...document.querySelectorAll("select")].filter(s => s.getClientRects().length).flatMap(s => { const cs = getComputedStyle(s); c.font = cs.fontSize + " " + cs.fontFamily; const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; return [...s.options].filter(o => c.measureText(o.text).width > room).map(o => s.id + ":" + o.value); }).slice(0, 8).join(", "); })()`)
				if selects != "" {
					t.Errorf("%s at 390 px: options cut off in their select: %s", u, selects)
				}
				name := strings.NewReplacer(ts.URL+"/", "", "?", "-", "&", "-", "=", "_").Replace(u)
				if len(name) > 40 {
					name = name[:40]
				}
				b.shot(screenshotDir(t), "390-"+L.lang+"-"+name+".png", 0)
			}
		})

		t.Run("44 lessons "+L.lang, func(t *testing.T) {
			b.t = t
			b.load(page)
			text := b.eval(`document.body.innerText`)
			want := map[string][]string{
				"en": {"maxThreads is 200", "new requests wait", "JPA", "JDK 24", "cannot take another request", "easy to debug",
					"follows the CPU count", "with the JDK alone", "the code stays blocking, yet it runs concurrently"},
				"ko": {"maxThreads는 200개", "새 요청은 대기열에서 기다립니다", "JPA", "JDK 24", "다른 요청을 받을 수도 없습니다", "디버깅하기 쉽",
					"CPU 수를 따릅니다", "JDK만으로", "코드는 블로킹 그대로인데 동시에 돕니다"},
			}[L.lang]
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("the page does not teach %q", w)
				}
			}
		})
	}
}
