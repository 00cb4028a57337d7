package model

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

func mustSegments(t *testing.T, texts ...string) []Segment {
	t.Helper()
	var out []Segment
	for _, s := range texts {
		seg, err := ParseSegment(s)
		if err != nil {
			t.Fatalf("ParseSegment(%q) = %v", s, err)
		}
		out = append(out, seg)
	}
	return out
}

// TestSegmentsUnionIsTheWholeSchedule: for every arrival kind, the union of
// the segments' schedules is exactly the single-machine schedule, request
// for request (same index, same intended send time), each request once.
func TestSegmentsUnionIsTheWholeSchedule(t *testing.T) {
	stages, err := ParseStages("2s:100,3s:400,1s:0")
	if err != nil {
		t.Fatal(err)
	}
	pacers := map[string]func() Pacer{
		"burst":          func() Pacer { return BurstPacer{} },
		"rate":           func() Pacer { return ConstantPacer{Rate: 1234.5} },
		"poisson":        func() Pacer { return NewPoissonPacer(Profile{{Rate: 777}}, 42) },
		"stages":         func() Pacer { return ProfilePacer{Profile: stages} },
		"poisson-stages": func() Pacer { return NewPoissonPacer(stages, 7) },
	}
	splits := [][]string{
		{"0/1"},
		{"0/3", "1/3", "2/3"},
		{"0:1/3", "1/3:1"},
	}
	seq := "0,0.25,0.3,5/7,1"
	const n = 5000
	for name, mk := range pacers {
		whole := mk()
		want := make([]time.Duration, 0, n)
		for i := int64(0); i < n; i++ {
			d, ok := whole.Due(i)
			if !ok {
				break
			}
			want = append(want, d)
		}
		for si, split := range append(splits, []string{"0:0.25", "0.25:0.3", "0.3:5/7", "5/7:1"}) {
			segs := mustSegments(t, split...)
			if si == len(splits) {
				for i := range segs {
					if segs[i], err = segs[i].WithSequence(seq); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := CheckPartition(segs); err != nil {
				t.Fatalf("CheckPartition(%v) = %v", split, err)
			}
			seen := make([]int, len(want))
			total := int64(0)
			for _, s := range segs {
				p := s.Pacer(mk())
				cnt := s.Count(int64(len(want)))
				total += cnt
				for k := int64(0); k < cnt; k++ {
					g := s.Global(k)
					if !s.Owns(g) {
						t.Fatalf("%s %v: Global(%d) = %d, which it does not own", name, s, k, g)
					}
					seen[g]++
					d, ok := p.Due(k)
					if !ok || d != want[g] {
						t.Fatalf("%s %v: Due(%d) = %v, %v; the whole schedule's request %d is due %v", name, s, k, d, ok, g, want[g])
					}
				}
			}
			if total != int64(len(want)) {
				t.Errorf("%s %v: segments hold %d requests; want %d", name, split, total, len(want))
			}
			for g, c := range seen {
				if c != 1 {
					t.Fatalf("%s %v: request %d sent %d times; want once", name, split, g, c)
				}
			}
		}
	}
}

func TestSegmentShareAndVUs(t *testing.T) {
	segs := mustSegments(t, "0:1/3", "1/3:1/2", "1/2:1")
	for i := range segs {
		var err error
		if segs[i], err = segs[i].WithSequence("0,1/3,1/2,1"); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []int{1, 2, 7, 100, 1001} {
		next, sum := 0, 0
		for _, s := range segs {
			first, count := s.VUs(n)
			if first != next || count < 0 {
				t.Fatalf("VUs(%d) of %v = %d,%d; want to start at %d", n, s, first, count, next)
			}
			next, sum = first+count, sum+count
		}
		if sum != n {
			t.Errorf("VUs(%d) split into %d users; want %d", n, sum, n)
		}
	}
	// Shares spread over the run: every block of D requests has each share.
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100; i++ {
		n := r.Int64N(1 << 40)
		c := segs[0].Count(n) + segs[1].Count(n) + segs[2].Count(n)
		if c != n {
			t.Fatalf("Count(%d) summed over the segments = %d", n, c)
		}
	}
}

func TestCheckPartitionSaysWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		segs []string
		want string
	}{
		{[]string{"0/3", "2/3"}, "missing"},
		{[]string{"0/3", "1/3", "1/3", "2/3"}, "overlaps"},
		{[]string{"0/2"}, "missing"},
		{[]string{"0:2/3", "1/3:1"}, "sequences"},
		{[]string{"0/3", "1/3", "1/2:1"}, "sequence"},
	} {
		err := CheckPartition(mustSegments(t, c.segs...))
		if err == nil || !contains(err.Error(), c.want) {
			t.Errorf("CheckPartition(%v) = %v; want %q", c.segs, err, c.want)
		}
	}
	for _, bad := range []string{"3/3", "-1/3", "1/0", "x", "0.5:0.5", "0.7:0.2", "0:2", "1/3000001:1", "1/20000"} {
		if _, err := ParseSegment(bad); err == nil {
			t.Errorf("ParseSegment(%q) = nil error; want one", bad)
		}
	}
	s := mustSegments(t, "1/4")[0]
	if s.String() != "1/4:1/2" || s.Share() != 0.25 || s.Sequence() != "0,1/4,1/2,3/4,1" {
		t.Errorf("1/4 = %s share %v", s, s.Share())
	}
	_ = sort.Ints
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func FuzzParseSegment(f *testing.F) {
	for _, s := range []string{"0/1", "2/3", "0:1/3", "0.25:0.5", "1/3:1", "x:y", "1/0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seg, err := ParseSegment(s)
		if err != nil {
			return
		}
		if c := seg.Count(1000003); c < 1 || c > 1000003 {
			t.Fatalf("ParseSegment(%q).Count(1000003) = %d", s, c)
		}
		back, err := ParseSegment(seg.String())
		if err != nil || back.String() != seg.String() {
			t.Fatalf("round trip %q -> %q -> %v", s, seg, err)
		}
	})
}
