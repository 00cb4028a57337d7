package probe

import (
	"testing"

	"github.com/waitlab/waitlab/internal/msg"
)

// An English verdict's sentences begin with a capital, except where the
// first word is a name or a figure; Korean is left as written.
func TestSentencesCapitalised(t *testing.T) {
	got := sentences(msg.EN, []string{"the throughput ceiling is 400 req/s.", "p99 stays at 20 ms.", "--budget ran out.", "Little's law at step 4.", "closed check: 8 users."})
	want := "The throughput ceiling is 400 req/s. p99 stays at 20 ms. --budget ran out. Little's law at step 4. Closed check: 8 users."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := sentences(msg.KO, []string{"처리량 천장은 초당 400건입니다.", "p99"}); got != "처리량 천장은 초당 400건입니다. p99" {
		t.Errorf("Korean changed: %q", got)
	}
}
