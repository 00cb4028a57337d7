package web

import (
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/probe"
)

// The page's verdict names its own time-limit field, never the CLI's
// --budget flag, for every note of the probe that names the flag; the
// arguments are kept.
func TestProbePageWordsNameTheField(t *testing.T) {
	for _, k := range msg.Keys() {
		if !strings.HasPrefix(k, "probe.") || strings.HasPrefix(k, "probe.err.") || strings.HasPrefix(k, "probe.stopped.") {
			continue // flag errors are the CLI's; the stop reasons sit in the terminal-style text
		}
		if strings.Contains(msg.Format(msg.EN, k), "--budget") && pageKeys[k] == "" {
			t.Errorf("%s names --budget and has no words of the page's own", k)
		}
	}
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		res := &probe.Result{Evidence: []probe.Note{{Key: "probe.undecided.plateau", Args: []any{1, "90", "120"}}},
			Notes: []probe.Note{{Key: "probe.undecided.no_check", Args: []any{4}}}}
		pageWords(l, res)
		v := res.Evidence[0].Text + " " + res.Notes[0].Text
		field := map[msg.Lang]string{msg.EN: "time limit", msg.KO: "측정 시간 한도"}[l]
		if strings.Contains(v, "--budget") || !strings.Contains(v, field) || !strings.Contains(v, "120") {
			t.Errorf("%s: %q; want the page's %q, no --budget, the arguments kept", l, v, field)
		}
		if l == msg.EN && !strings.Contains(v, "the 1 saturated step completed") {
			t.Errorf("%q: want one saturated step in the singular", v)
		}
	}
}
