package httptarget

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 13, item 8: three stalls in the same place print the stack once,
// each line carries the stall's final duration, and NoStallStacks prints
// none.
func TestStallLinesPrintEachStackOnce(t *testing.T) {
	for _, noStacks := range []bool{false, true} {
		var buf syncBuffer
		s := start(t, Config{Model: model.Loop, Threads: 1, Events: &buf, StallThreshold: 20 * time.Millisecond, NoStallStacks: noStacks})
		for i := 0; i < 3; i++ {
			resp, err := http.Get(url(s, "/?block=60ms"))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
		}
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) && strings.Count(buf.String(), "stall loop=0") < 3 {
			time.Sleep(5 * time.Millisecond)
		}
		out := buf.String()
		if n := strings.Count(out, "stall loop=0"); n != 3 {
			t.Fatalf("noStacks=%v: %d stall lines; want 3:\n%s", noStacks, n, out)
		}
		// The first request comes through a new connection's path, the
		// next through the kept-alive one's: each distinct call path
		// (stack id) prints its stack once.
		ids := map[string]bool{}
		for _, f := range strings.Fields(out) {
			if id, ok := strings.CutPrefix(f, "stack="); ok {
				ids[id] = true
			}
		}
		want := len(ids)
		if noStacks {
			want = 0
		} else if want == 0 || want == 3 {
			t.Errorf("three stalls of two call paths carry %d distinct stack ids:\n%s", want, out)
		}
		if n := strings.Count(out, "osthread.Block"); n != want {
			t.Errorf("noStacks=%v: stack printed %d times; want once per distinct stack (%d):\n%s", noStacks, n, want, out)
		}
		for _, ln := range strings.Split(out, "\n") {
			if i := strings.Index(ln, "duration="); strings.HasPrefix(ln, "stall ") && i >= 0 {
				d, err := time.ParseDuration(strings.Fields(ln[i+len("duration="):])[0])
				if err != nil || d < 60*time.Millisecond {
					t.Errorf("stall line %q: want the final duration >= 60ms", ln)
				}
			}
		}
	}
}
