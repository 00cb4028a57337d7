package jvmexec

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// The plan is the planner's draws, request for request: the JVM runs the
// same requests as the model and the Go executors.
func TestPlanIsThePlannersDraws(t *testing.T) {
	s := model.Scenario{Model: model.Loop, Threads: 3, Requests: 50, Arrival: model.Arrival{Kind: model.Rate, Rate: 1000},
		Classes: []model.Class{
			{Name: "a", Fraction: 0.7, CPU: model.FixedDist(time.Millisecond), Wait: mustDist(t, "exp:5ms"), Calls: 2, Fanout: model.Sequential},
			{Name: "b", Fraction: 0.3, Wait: model.FixedDist(3 * time.Millisecond), Calls: 3, Blocking: true, Fanout: model.Pipelined},
		}, Seed: 7}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	n, err := WritePlan(&b, s, "", false, 2)
	if err != nil || n != s.Requests {
		t.Fatalf("WritePlan: %d, %v", n, err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if lines[0] != planVersion {
		t.Fatalf("first line %q", lines[0])
	}
	var reqs []string
	for _, l := range lines {
		if strings.HasPrefix(l, "req ") {
			reqs = append(reqs, l)
		}
	}
	if len(reqs) != s.Requests {
		t.Fatalf("%d request lines", len(reqs))
	}
	p := model.NewPlanner(s)
	pacer := s.Arrival.Pacer(s.Seed)
	var rq model.Request
	for i, l := range reqs {
		p.Fill(int64(i), &rq)
		due, _ := pacer.Due(int64(i))
		f := strings.Fields(l)
		want := []string{"req", itoa(int64(i)), itoa(int64(rq.Class)), itoa(int64(due)), itoa(int64(rq.CPU)), itoa(int64(rq.Loop))}
		if s.Classes[rq.Class].Fanout == model.Pipelined {
			want = append(want, "1", itoa(int64(rq.WaitTotal(model.Pipelined))))
		} else {
			want = append(want, itoa(int64(len(rq.Waits))))
			for _, w := range rq.Waits {
				want = append(want, itoa(int64(w)))
			}
		}
		if strings.Join(f, " ") != strings.Join(want, " ") {
			t.Fatalf("request %d: %q, want %q", i, l, strings.Join(want, " "))
		}
	}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func mustDist(t *testing.T, s string) model.Dist {
	t.Helper()
	d, err := model.ParseDist(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The child's result is read as untrusted input: records out of range
// are refused, a result without passes is an interruption, and the cold
// pass is reported apart from the measured one.
func TestDecode(t *testing.T) {
	s := model.Scenario{Model: model.Pool, Threads: 1, Requests: 2, Arrival: model.Arrival{Kind: model.Burst},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(time.Millisecond), Fanout: model.Sequential}}, Seed: 1}
	s.Normalize()
	if _, err := decode([]byte(`{"passes":[],"facts":{}}`), s); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("no pass: %v", err)
	}
	if _, err := decode([]byte(`{"passes":[{"records":[[5,0,0,0,1,0]]}],"facts":{}}`), s); err == nil {
		t.Fatal("a record beyond the requests was accepted")
	}
	one := `{"passes":[{"cold":true,"sent":2,"records":[[0,0,0,0,3000000,0],[1,0,0,3000000,6000000,0]]}],"facts":{}}`
	if res, err := decode([]byte(one), s); err != nil || !res.Interrupted {
		t.Fatalf("only the cold pass: %v, interrupted %v; want it marked interrupted", err, res != nil && res.Interrupted)
	}
	body := `{"passes":[
	 {"cold":true,"sent":2,"records":[[0,0,0,0,3000000,0],[1,0,0,3000000,6000000,0]]},
	 {"cold":false,"sent":2,"peak":1,"records":[[0,0,0,0,1000000,0],[1,0,0,1000000,2000000,0]]}],
	 "facts":{"java_version":"25.0.3","vendor":"X","available_processors":2,"gc":["G1"],"cpu_clock":"thread"}}`
	res, err := decode([]byte(body), s)
	if err != nil {
		t.Fatal(err)
	}
	if res.Mode != "jvm" || res.Completed != 2 || res.MakespanMS != 2 || res.JVM.Cold == nil || res.JVM.Cold.MakespanMS != 6 {
		t.Fatalf("decoded %+v cold %+v", res, res.JVM.Cold)
	}
	if res.QueueWait.MaxMS != 1 || res.PeakThreads != 1 {
		t.Fatalf("queue wait %+v peak %d", res.QueueWait, res.PeakThreads)
	}
}
