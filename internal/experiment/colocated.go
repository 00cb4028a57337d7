//go:build linux

package experiment

import (
	"context"
	"fmt"
	"github.com/waitlab/waitlab/internal/supervise"
	"math"
	"time"
)

// Experiment 8: the same target measured four ways: the generator on its
// own core; the generator on the server's core; a heavy generator (1.8
// times its CPU per request, loadgen's cpu_factor, as the field report's
// emulated amd64 image on arm64 cost) on the server's core; and that heavy
// generator with three times the virtual users. How far the "server's"
// throughput moves, what the generator's CPU was, and the warnings the
// generator raised in each case. The field report: three times the
// virtual users on one laptop took TPS from 248 to 225, because the
// generator took the server's CPU: more users bought no throughput.

func init() {
	Register(&Experiment{Name: "colocated-generator", Order: 8, Run: runColocated, Claims: coClaims, JVM: runColocatedJVM, JDK: coJDK})
}

// 248 -> 225 TPS as the users on one laptop tripled: -9.3%. Judged on the
// heavy generator, the published one.
var coClaims = []ClaimDef{
	{ID: "co.3x", Source: "exp.src.field.colocated", Published: 100 * (225.0/248 - 1), Quantity: "share", Unit: "%", Digits: 1, Tolerance: 0.5, TolWhy: "exp.tol.env", Null: 0},
}

// coFactor is the heavy generator's CPU per request against the light
// one's: the published emulated image's 1.8x.
const coFactor = 1.8

// coVUs are the light condition's virtual users.
const coVUs = 64

func runColocated(ctx context.Context, r *Bench) error {
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	r.T.Recipe = r.T_("exp.co.recipe", coVUs, d.Seconds(), w.Seconds(), r.Opt.Repeat, coFactor)
	return colocatedRows(ctx, r, []string{"--model", "loop", "--threads", "1", "--cpu", coCPU.String()}, d, w)
}

// coCPU is the target's CPU per request (its one event loop's).
const coCPU = 200 * time.Microsecond

// colocatedRows measures the four conditions against the target that
// targetArgs start (the Go target, or Netty on the JVM engine) and judges
// co.3x: the same recipe on either engine.
func colocatedRows(ctx context.Context, r *Bench, targetArgs []string, d, w time.Duration) error {
	t := r.T
	const vus = coVUs
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 2},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
	}
	t.Published = &Published{Source: fieldSource,
		Columns: []string{r.T_("exp.md.condition"), "TPS"},
		Rows: [][]string{
			{r.T_("exp.co.pub.before"), "248"},
			{r.T_("exp.co.pub.after"), "225"},
		},
		Note: r.T_("exp.co.pub.note")}
	if supervise.Place().Shared {
		r.Note("exp.co.onecpu")
	}
	conds := []struct {
		key    string
		vus    int
		onSrv  bool
		factor float64
		labelK string
	}{
		{"apart", vus, false, 1, "exp.co.row.apart"},
		{"shared", vus, true, 1, "exp.co.row.shared"},
		{"heavy", vus, true, coFactor, "exp.co.row.heavy"},
		{"heavy-3x", 3 * vus, true, coFactor, "exp.co.row.heavy3"},
	}
	for _, c := range conds {
		if ctx.Err() != nil {
			break
		}
		tr := trial{
			Target:      targetArgs,
			Load:        closedSpec(c.vus, d, w, 10*time.Second),
			GenOnServer: c.onSrv,
			KeepReport:  r.engine == EngineJVM,
		}
		tr.Load.CPUFactor = c.factor
		label := r.T_(c.labelK, c.vus, c.factor)
		row, reps, err := r.loadRow(ctx, c.key, label, tr)
		if err != nil {
			return fmt.Errorf("experiment colocated-generator: %s: %w", label, err)
		}
		if row == nil {
			break
		}
		// Here the generator's own warnings are the result: show the
		// shared-CPU one too.
		r.warnRow(row, reps, "shared_cpu")
		if r.engine == EngineJVM {
			r.noteNetty(1)
		}
	}
	apart, shared, heavy, heavy3 := t.Median("apart", "ok_rps"), t.Median("shared", "ok_rps"), t.Median("heavy", "ok_rps"), t.Median("heavy-3x", "ok_rps")
	var moved []float64
	for _, x := range ratios(t.Vals("heavy-3x", "ok_rps"), t.Vals("heavy", "ok_rps")) {
		moved = append(moved, 100*(x-1))
	}
	// Why tripling the users moves throughput or not, from the numbers:
	// how the generator's CPU moved against its requests.
	reason := ""
	if g1, g3 := t.Median("heavy", "gencpu"), t.Median("heavy-3x", "gencpu"); g1 > 0 && !math.IsNaN(g3) && heavy > 0 {
		reason = r.T_("exp.co.3x.gencpu", Num(g1, 0), Num(float64(vus), 0), Num(g3, 0), Num(g3/g1, 2), Num(heavy3/heavy, 2))
	}
	r.Claim("co.3x", moved, reason)
	if !math.IsNaN(heavy3) {
		r.Note("exp.co.note.moves", 100*(shared/apart-1), 100*(heavy/apart-1), 100*(heavy3/heavy-1), 100*(225.0/248-1),
			t.Median("shared", "gencpu"), t.Median("heavy", "gencpu"))
	}
	r.Note("exp.co.note.why")
	t.Plots = []Plot{{File: "colocated-generator.svg", Title: t.Title, Keys: []string{"ok_rps", "gencpu"}}}

	return nil
}
