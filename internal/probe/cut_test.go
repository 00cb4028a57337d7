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
	if v := VerdictText(msg.EN, res); !strings.Contains(v, "no verdict") {
		t.Errorf("an interrupted search: %s", v)
	}
}
