package web

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 45, items 10 and 15: the size-it panel's refusals name the JSON
// field (slo), not the CLI's flag (--slo); an arrival far beyond the
// sizes tried answers (no size meets it) instead of burning CPU.
func TestSizeItNamesItsFields(t *testing.T) {
	s := New(Config{})
	for _, body := range []string{`{"preset":"lab-pool","slo":"nosuch.p99<1s"}`, `{"preset":"lab-pool","slo":"batch<1s","arrival":"poisson:10"}`} {
		code, out := post(t, s, "/api/plan?lang=en", body)
		if code != 400 || out["field"] != "slo" || strings.Contains(fmt.Sprint(out["message"]), "--") {
			t.Errorf("POST /api/plan %s = %d %v; want 400 naming the field slo", body, code, out)
		}
	}
	code, out := post(t, s, "/api/plan?lang=en", `{"preset":"lab-pool","slo":"p99<1s","arrival":"poisson:1e9"}`)
	if code != 200 || out["answer"] != 0.0 {
		t.Errorf("POST /api/plan poisson:1e9 = %d, answer %v; want 200 and no answer", code, out["answer"])
	}
}
