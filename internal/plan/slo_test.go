package plan

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

func TestParseSLO(t *testing.T) {
	for _, c := range []struct {
		in                string
		metric, class, op string
		value             float64
	}{
		{"p99<200ms", "p99", "", "<", 200},
		{" P99 <= 1.5s ", "p99", "", "<=", 1500},
		{"normal.p99<80ms", "p99", "normal", "<", 80},
		{"normal.p99.9<80ms", "p99.9", "normal", "<", 80},
		{"p999<1s", "p99.9", "", "<", 1000},
		{"a.b.p50<1ms", "p50", "a.b", "<", 1},
		{"queue_p99<10ms", "queue_p99", "", "<", 10},
		{"mean<250us", "mean", "", "<", 0.25},
		{"max<2s", "max", "", "<", 2000},
		{"ok_rps>1000", "rps", "", ">", 1000},
		{"rps>=1000/s", "rps", "", ">=", 1000},
		{"throughput>5", "rps", "", ">", 5},
		{"batch<350ms", "batch", "", "<", 350},
		{"makespan<=1s", "batch", "", "<=", 1000},
	} {
		o, err := ParseSLO(c.in)
		if err != nil {
			t.Errorf("ParseSLO(%q) = %v", c.in, err)
			continue
		}
		if o.Metric != c.metric || o.Class != c.class || o.Op != c.op || o.Value != c.value {
			t.Errorf("ParseSLO(%q) = %+v; want %s %s %s %v", c.in, o, c.class, c.metric, c.op, c.value)
		}
	}
	for _, in := range []string{"", "p99", "<200ms", "p98<1s", "p99>200ms", "rps<1000", "p99<abc", "p99<-1s",
		"p99<0s", "rps>0", "rps>x", "normal.rps>5", "normal.batch<1s", "p99<<1s", "p99<1s<2s", "errors<1%", "service_p99<1s"} {
		_, err := ParseSLO(in)
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != "--slo" {
			t.Errorf("ParseSLO(%q) = %v; want a --slo field error", in, err)
		}
	}
}

func TestMeets(t *testing.T) {
	for _, c := range []struct {
		slo  string
		v    float64
		want bool
	}{{"p99<200ms", 199.9, true}, {"p99<200ms", 200, false}, {"p99<=200ms", 200, true},
		{"rps>10", 10, false}, {"rps>=10", 10, true}, {"rps>10", 10.1, true}} {
		o, _ := ParseSLO(c.slo)
		if got := o.Meets(c.v); got != c.want {
			t.Errorf("%s.Meets(%v) = %v; want %v", c.slo, c.v, got, c.want)
		}
	}
}

// Any text either parses into an SLO that is a ceiling or a floor in the
// right direction, or is a --slo field error; never a panic.
func FuzzParseSLO(f *testing.F) {
	for _, s := range []string{"p99<200ms", "normal.p99.9<=1s", "rps>1000", "batch<1s", "queue_mean<1ms", "a.b.c<1", "p99<", "><", "..p99<1s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseSLO(s)
		if err != nil {
			var fe *model.FieldError
			if !errors.As(err, &fe) || fe.Field != "--slo" {
				t.Fatalf("ParseSLO(%q) = %v; want a --slo field error", s, err)
			}
			return
		}
		if !(o.Value > 0) || o.Metric == "" {
			t.Fatalf("ParseSLO(%q) = %+v: no metric or no positive bound", s, o)
		}
		if o.Ceiling() != (o.Op[0] == '<') {
			t.Fatalf("ParseSLO(%q) = %+v: bound in the wrong direction", s, o)
		}
		_ = o.Meets(o.Value)
		if k, q := o.Stat(); o.Latency() && k == "p" && !(q > 0 && q < 100) {
			t.Fatalf("ParseSLO(%q): percentile %v", s, q)
		}
	})
}

func FuzzParseSlowdown(f *testing.F) {
	for _, s := range []string{"2ms:50ms", "1s:2s", ":", "2ms", "-1ms:1ms"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseSlowdown(s)
		if err != nil {
			var fe *model.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseSlowdown(%q) = %v; want a field error", s, err)
			}
			return
		}
		if d.From <= 0 || d.To <= 0 {
			t.Fatalf("ParseSlowdown(%q) = %+v", s, d)
		}
	})
}

// sortRuns and rankedOf give what a whole sort gives: the same order, the
// same nearest-rank values.
func TestSortRunsAndRankedOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, runs := range []int{0, 1, 2, 3, 21, 64, 65, 500} {
		var x []time.Duration
		for r := 0; r < runs; r++ {
			part := make([]time.Duration, 1+rng.IntN(50))
			for k := range part {
				part[k] = time.Duration(rng.IntN(1000))
			}
			slices.Sort(part)
			x = append(x, part...)
		}
		want := slices.Clone(x)
		slices.Sort(want)
		sortRuns(x)
		if !slices.Equal(x, want) {
			t.Fatalf("%d runs: sortRuns differs from slices.Sort", runs)
		}
	}
	// Runs whose samples are sorted whole (tail 0) and runs whose samples
	// are arranged as a percentile's interval leaves them (a sorted tail,
	// the rest unsorted and at or below it), the tail starting at the
	// fraction tailAt: pooledFigure and seedFigure read the same values
	// as a whole sort, whether the rank lies in every tail or below one
	// (then the runs are sorted whole on the way).
	for _, tailAt := range []float64{0, 0.5, 0.95} {
		var rs []run
		var all []time.Duration
		for r := 0; r < 3; r++ {
			s := make([]time.Duration, 100+rng.IntN(100))
			for k := range s {
				s[k] = time.Duration(rng.IntN(500)) * time.Millisecond
			}
			tail := int(tailAt * float64(len(s)))
			slices.Sort(s)
			if tail > 0 {
				rng.Shuffle(tail, func(a, b int) { s[a], s[b] = s[b], s[a] })
			}
			rs = append(rs, run{samples: [][]time.Duration{s}, tail: []int{tail}})
			all = append(all, s...)
		}
		slices.Sort(all)
		texts := []string{"p50<1s", "p99<1s", "p99.9<1s", "p90<1s", "max<1s"}
		split := 1
		if tailAt > 0 {
			split = 2
		}
		if split == 1 { // a mean's samples are sorted whole, as reduce leaves them
			texts = append(texts, "mean<1s")
		}
		fresh := func() []run { // the runs as arranged, for each figure
			out := make([]run, len(rs))
			for j, r := range rs {
				out[j] = run{samples: [][]time.Duration{slices.Clone(r.samples[0])}, tail: slices.Clone(r.tail)}
			}
			return out
		}
		for _, text := range texts {
			o := slos(t, text)[0]
			v, n := pooledFigure(o, fresh(), 0)
			if w := figure(o, all, 0, 0); v != w || n != len(all) {
				t.Errorf("tail at %v, %s: pooledFigure = %v, %d; the whole sort's %v, %d", tailAt, text, v, n, w, len(all))
			}
			for j, r := range fresh() {
				whole := slices.Sorted(slices.Values(r.samples[0]))
				if v, w := seedFigure(o, r, 0), figure(o, whole, 0, 0); v != w {
					t.Errorf("tail at %v, %s, run %d: seedFigure = %v, the whole sort's %v", tailAt, text, j, v, w)
				}
			}
		}
	}
}
