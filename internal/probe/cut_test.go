package probe

import (
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/msg"
)

// An interrupt that came in the confirmation, after the search gave its
// verdict: the verdict stands and says so, "no verdict" is not printed
// beneath it, and the cut-short confirm row is marked neither met nor
// breached (issue 45, item 3).
func TestConfirmCutKeepsVerdict(t *testing.T) {
	limit, ceil := 4, 79.0
	res := &Result{URL: "http://127.0.0.1:1/", ShapeName: string(Pool), Limit: &limit, CeilingRPS: &ceil, CapacityRPS: 70,
		ServiceMS: 50, Confidence: 0.8, Stopped: "breach_bisected", Interrupted: true,
		Confirm: &Step{Kind: "confirm", OfferedRPS: 300, Interrupted: true, Requests: 10, OK: 10}}
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var b strings.Builder
		if err := WriteText(&b, lang, res); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, msg.T(lang, "probe.verdict.none.interrupted")) || strings.Contains(out, msg.T(lang, "probe.table.breached")) ||
			!strings.Contains(out, msg.T(lang, "probe.verdict.stands")) || !strings.Contains(out, msg.T(lang, "probe.table.cut")) {
			t.Errorf("%s: a confirmation cut after the verdict reads:\n%s", lang, out)
		}
	}
	// Cut during the search: no verdict, as before.
	res = &Result{URL: "http://127.0.0.1:1/", Stopped: "interrupted", Interrupted: true}
	if v := VerdictText(msg.EN, res); !strings.Contains(strings.ToLower(v), "no verdict") {
		t.Errorf("an interrupted search: %s", v)
	}
}

// A failure at a closed step names its load in users, not as a rate, and
// a probe where no step held every SLO says so instead of "0 req/s".
func TestStepFailureWording(t *testing.T) {
	scout := Step{Index: 1, Kind: "scout", Closed: true, VUs: 16, Requests: 40, Errors: 40, ErrorKinds: map[string]int64{KindTimeout: 40}}
	cal := Step{Index: 0, Kind: "calibrate", Closed: true, VUs: 1, Met: true, Requests: 10, OK: 10}
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		n := stepFailure(lang, scout, []Step{cal, scout})
		if strings.Contains(n.Text, "VUs req/s") || strings.Contains(n.Text, "초당 사용자") || strings.Contains(n.Text, " 0 req/s") || strings.Contains(n.Text, "초당 0건") {
			t.Errorf("%s: %s", lang, n.Text)
		}
		if !strings.Contains(n.Text, msg.T(lang, "probe.fail.none_held")) {
			t.Errorf("%s: %s; want it said that no rate held every SLO", lang, n.Text)
		}
	}
	open := Step{Index: 2, Kind: "step", OfferedRPS: 80, Requests: 40, Errors: 40, ErrorKinds: map[string]int64{KindRefused: 40}}
	held := Step{Index: 1, Kind: "step", OfferedRPS: 40, Met: true, Requests: 40, OK: 40}
	if n := stepFailure(msg.EN, open, []Step{cal, held, open}); !strings.Contains(n.Text, "(80 req/s)") || !strings.Contains(n.Text, "was 40 req/s") {
		t.Errorf("open step: %s", n.Text)
	}
}
