package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/probe"
)

// The progress line names a closed step's load in users ("16 VUs"), not
// as a rate ("16 VUs req/s"), and a cut window as cut short, not breached.
func TestProbeProgressWording(t *testing.T) {
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		show := probeProgress(&b, lang)
		show(probe.Progress{Step: probe.Step{Index: 1, Kind: "scout", Closed: true, VUs: 16}, Elapsed: time.Second, Budget: time.Minute})
		show(probe.Progress{Step: probe.Step{Index: 2, Kind: "step", OfferedRPS: 40}, Elapsed: time.Second, Budget: time.Minute})
		show(probe.Progress{Step: probe.Step{Index: 3, Kind: "confirm", OfferedRPS: 300, Interrupted: true}, Done: true, Elapsed: time.Second, Budget: time.Minute})
		out := b.String()
		if strings.Contains(out, "VUs req/s") || strings.Contains(out, "초당 사용자") || !strings.Contains(out, msg.T(lang, "probe.load.vus", 16)) ||
			!strings.Contains(out, msg.T(lang, "probe.load.rate", "40")) || !strings.Contains(out, msg.T(lang, "probe.table.cut")) {
			t.Errorf("%s progress:\n%q", lang, out)
		}
	}
}
