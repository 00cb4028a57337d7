package plan

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
)

// A size is met only with its whole interval on the right side.
func TestVerdictOnTheInterval(t *testing.T) {
	o := slos(t, "p99<115ms")[0]
	f := slos(t, "rps>1000")[0]
	for _, c := range []struct {
		o      SLO
		lo, hi float64
		want   string
	}{
		{o, 100, 110, VerdictMet}, {o, 110, 120, VerdictUndecided}, {o, 116, 130, VerdictFailed},
		{o, math.NaN(), math.NaN(), VerdictUndecided},
		{f, 1001, 1010, VerdictMet}, {f, 990, 1010, VerdictUndecided}, {f, 900, 999, VerdictFailed},
	} {
		if got := verdict(c.o, [2]Num{Num(c.lo), Num(c.hi)}); got != c.want {
			t.Errorf("verdict(%s, [%v, %v]) = %s; want %s", c.o.Text, c.lo, c.hi, got, c.want)
		}
	}
	// Seeds' standard errors add in quadrature: three seeds of se 1 make
	// a pooled se of sqrt(3)/3.
	ci, ok := pooledCI(100, []est{{se: 1, df: 19, ok: true}, {se: 1, df: 19, ok: true}, {se: 1, df: 19, ok: true}})
	want := 2.0 * math.Sqrt(3) / 3 // t_57 is about 2.0
	if !ok || math.Abs(float64(ci[1])-100-want) > 0.02*want {
		t.Errorf("pooledCI = %v; want 100 ± %.3f", ci, want)
	}
	if _, ok := pooledCI(100, []est{{se: 1, df: 19, ok: true}, {}}); ok {
		t.Error("pooledCI with a seed without an interval: ok; want no interval")
	}
}

// Issue 21, acceptance: the M/M/37 case answers 38, and 37 is shown as
// failed or undecided, never met (Erlang C: 128.7 ms at 37).
func TestMM37AnswersWithTheInterval(t *testing.T) {
	if raceOn || testing.Short() {
		t.Skip("millions of simulated requests near saturation")
	}
	if p := mmcP99(37, 1800, 0.020); math.Abs(p-128.7) > 0.1 {
		t.Fatalf("Erlang C p99 at 37 = %.2f; want 128.7 (the issue's figure)", p)
	}
	res, err := Run(context.Background(), Config{Scenario: mmcScenario(1800, 20*time.Millisecond), SLOs: slos(t, "p99<115ms"), Min: 36, Max: 40, Curve: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer != 38 {
		t.Errorf("Answer = %d; want 38", res.Answer)
	}
	p := res.Point(37)
	if p == nil || p.Met || p.Verdicts[0] == VerdictMet {
		t.Fatalf("size 37: %+v; want failed or undecided", p)
	}
	var b bytes.Buffer
	if err := WriteText(&b, msg.EN, res); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "37" && strings.HasSuffix(line, " met") {
			t.Errorf("the curve shows 37 as met: %q", line)
		}
	}
	t.Logf("37: %v %v, %d requests a seed, %d seeds; %d requests in all", p.Values[0], p.CI[0], p.RequestsPerSeed, p.Seeds, res.Simulated)
}
