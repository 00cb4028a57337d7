package plan

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// cutRunner is a Runner whose warm-up measures (without records, as a
// warm-up does) and whose first counted run is interrupted: cancel is
// called and the run returns ErrInterrupted, as a child killed by the
// user's SIGINT does.
type cutRunner struct{ cancel context.CancelFunc }

func (cutRunner) Via() string                { return runner.ViaProcess }
func (cutRunner) Check(model.Scenario) error { return nil }
func (c cutRunner) Run(_ context.Context, s model.Scenario, opt live.Options) (*runner.Run, error) {
	if !opt.Trace {
		return &runner.Run{Result: &model.Result{Completed: s.Requests, MakespanMS: 300}}, nil
	}
	c.cancel()
	return nil, fmt.Errorf("%w (the child stopped)", runner.ErrInterrupted)
}

// Issue 45, item 7: SIGINT during plan --confirm ended in "came back
// without its records" (exit 1) and lost the answer. The confirmation
// comes back, marked interrupted, concluding nothing, and prints.
func TestConfirmInterruptedMarksItAndConcludesNothing(t *testing.T) {
	res, err := Run(context.Background(), Config{Scenario: ch15(t), SLOs: slos(t, "batch<350ms"), Max: 20})
	if err != nil || res.Answer == 0 {
		t.Fatalf("Run = %v, answer %d", err, res.Answer)
	}
	for _, already := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		if already {
			cancel() // the interrupt came before the first real run
		}
		c, err := Confirm(ctx, res, Real{Runner: cutRunner{cancel}}, 2)
		cancel()
		if err != nil {
			t.Fatalf("Confirm (interrupted, before it started %v) = %v; want the confirmation", already, err)
		}
		if !c.Interrupted() || c.Held || c.Separated || len(c.Sizes) != 1 || c.Sizes[0].Runs != 0 {
			t.Errorf("Confirm (interrupted) = %+v; want one size, interrupted, no runs, neither held nor separated", c)
		}
		var b bytes.Buffer
		if err := WriteConfirm(&b, msg.EN, res, c); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); !strings.Contains(out, "was interrupted") || strings.Contains(out, "did NOT meet") || strings.Contains(out, " no\n") {
			t.Errorf("WriteConfirm (interrupted) concludes:\n%s", out)
		}
	}
}
