package live

import (
	"context"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 13, item 4: cancelling a large burst a few milliseconds in, while
// the arrivals goroutine is still planning and submitting requests, must
// not race (go test -race) and must not signal a loop's eventfd after stop
// closed it: Run waits for the arrivals before it stops the executor and
// reads the jobs. The cancel comes once the first request has completed
// (an observable event), not after a sleep.
func TestInterruptDuringALargeBurst(t *testing.T) {
	for _, m := range []model.Kind{model.Pool, model.Loop, model.Offload, model.Virtual} {
		t.Run(string(m), func(t *testing.T) {
			s := scenario(m, 2, 200_000, time.Millisecond, false)
			if m == model.Offload {
				s.OffloadPool = 2
				s.Classes[0].Blocking = true
			}
			s.Normalize()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			// A watcher cancels as soon as the first request is done.
			opt := Options{onFirst: cancel}
			res, err := Run(ctx, s, opt)
			if err != nil {
				t.Fatalf("Run = %v", err)
			}
			if !res.Interrupted || res.Completed == 0 || res.Completed >= s.Requests {
				t.Errorf("Run interrupted = %v, completed %d of %d; want interrupted with some done", res.Interrupted, res.Completed, s.Requests)
			}
		})
	}
}
