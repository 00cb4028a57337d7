package live

import (
	"errors"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 13: `run --repeat 1000000` is refused by the 10-minute rule (each
// run is a child process), and so are runs that fit alone but not
// repeated; what fits passes.
func TestCheckRepeat(t *testing.T) {
	tiny := scenario(model.Pool, 1, 1, 0, false)
	lab := scenario(model.Pool, 4, 12, 200*time.Millisecond, false) // about 0.6 s a run
	for _, tc := range []struct {
		name     string
		s        model.Scenario
		expected time.Duration
		n        int
		key      string
	}{
		{"a million repeats", tiny, 0, 1_000_000, "run.err.repeat.max"},
		{"zero repeats", tiny, 0, 0, "run.err.repeat.max"},
		{"1000 lab runs (10 minutes)", lab, 600 * time.Millisecond, 1000, "run.err.wall.repeat"},
		{"one run too long", lab, 11 * time.Minute, 1, "run.err.wall"},
		{"10 lab runs", lab, 600 * time.Millisecond, 10, ""},
		{"1000 tiny runs", tiny, 0, MaxRepeat, ""},
	} {
		err := CheckRepeat(tc.s, tc.expected, tc.n, true)
		if tc.key == "" {
			if err != nil {
				t.Errorf("CheckRepeat(%s) = %v; want nil", tc.name, err)
			}
			continue
		}
		var tb *TooBigError
		if !errors.As(err, &tb) || tb.Key != tc.key {
			t.Errorf("CheckRepeat(%s) = %v; want a TooBigError %s", tc.name, err, tc.key)
		}
	}
}
