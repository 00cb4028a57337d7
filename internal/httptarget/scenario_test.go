package httptarget

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// startScenario serves sc on 127.0.0.1:0 until the test ends.
func startScenario(t *testing.T, sc model.Scenario) *Server {
	t.Helper()
	s, err := NewScenario(sc, Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatalf("NewScenario = %v", err)
	}
	if err := s.Start(); err != nil {
		t.Fatalf("Start = %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.Shutdown(ctx)
	})
	return s
}

// twoClasses is a small scenario with a rare blocking class spread over
// the loops, so class and loop both vary with the index.
func twoClasses(m model.Kind) model.Scenario {
	s := model.Scenario{
		Name: "t", Model: m, Threads: 4, Requests: 40, Seed: 7,
		Classes: []model.Class{
			{Name: "normal", Fraction: 0.9, CPU: model.FixedDist(50 * time.Microsecond)},
			{Name: "slow", Fraction: 0.1, Wait: model.FixedDist(time.Millisecond), Blocking: true},
		},
		Placement: model.Placement{Kind: model.Spread},
	}
	if m == model.Offload {
		s.OffloadPool = 2
	}
	s.Normalize()
	return s
}

// Each request index, sent in a shuffled order on a fresh connection, is
// served as the planner's request: its class, and (loop models) on the
// planner's loop.
func TestScenarioServesThePlannersRequest(t *testing.T) {
	for _, m := range model.Kinds {
		t.Run(string(m), func(t *testing.T) {
			sc := twoClasses(m)
			srv := startScenario(t, sc)
			p := model.NewPlanner(sc)
			order := rand.New(rand.NewPCG(1, 2)).Perm(sc.Requests)
			for _, i := range order {
				c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
				resp, err := c.Get(url(srv, "/?"+IndexParam+"="+strconv.Itoa(i)))
				if err != nil {
					t.Fatalf("GET index %d: %v", i, err)
				}
				resp.Body.Close()
				var r model.Request
				p.Fill(int64(i), &r)
				if got := resp.Header.Get(HeaderIndex); got != strconv.Itoa(i) {
					t.Errorf("index %d: %s = %q", i, HeaderIndex, got)
				}
				if got, want := resp.Header.Get(HeaderClass), sc.Classes[r.Class].Name; got != want {
					t.Errorf("index %d: class %q, the planner's is %q", i, got, want)
				}
				if m.HasLoops() {
					if got := resp.Header.Get(HeaderLoop); got != strconv.Itoa(r.Loop) {
						t.Errorf("index %d: served on loop %q, the planner's is %d", i, got, r.Loop)
					}
				}
			}
		})
	}
}

// Without an index the server numbers requests in arrival order from 0;
// a bad index is a 400.
func TestScenarioArrivalOrderAndBadIndex(t *testing.T) {
	sc := twoClasses(model.Pool)
	srv := startScenario(t, sc)
	c := &http.Client{Timeout: 10 * time.Second}
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url(srv, "/"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get(HeaderIndex); got != strconv.Itoa(i) {
			t.Errorf("request %d without an index was numbered %q", i, got)
		}
	}
	for _, bad := range []string{"-1", "x", "99999999999999"} {
		resp, err := c.Get(url(srv, "/?"+IndexParam+"="+bad))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("index %q: status %d, want 400", bad, resp.StatusCode)
		}
	}
}

// A blocking class stalls the loop over HTTP as in the model: every
// blocking request, named by its scenario index, is a stall of its whole
// wait (a normal request crowded off its core by other work may be one
// too, but never that long).
func TestScenarioBlockingClassStallsTheLoop(t *testing.T) {
	sc := twoClasses(model.Loop)
	sc.Classes[1].Wait = model.FixedDist(60 * time.Millisecond)
	srv := startScenario(t, sc)
	p := model.NewPlanner(sc)
	want := map[int64]bool{}
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for i := 0; i < sc.Requests; i++ {
		var r model.Request
		p.Fill(int64(i), &r)
		if r.Class == 1 {
			want[int64(i)] = true
		}
		resp, err := c.Get(url(srv, "/?"+IndexParam+"="+strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	got := map[int64]bool{}
	for _, st := range srv.Stalls() {
		if st.Duration >= 55*time.Millisecond {
			got[st.Req] = true
		}
	}
	if len(want) == 0 || !maps.Equal(got, want) {
		t.Errorf("requests seen stalling their loop for the whole wait: %v; want the blocking ones %v", got, want)
	}
}

func TestRequestIndex(t *testing.T) {
	for _, tc := range []struct {
		in              string
		idx             int64
		found, complete bool
	}{
		{"GET /?req=17 HTTP/1.1\r\n", 17, true, true},
		{"GET /x?a=1&req=3 HTTP/1.1\r\nHost: h\r\n", 3, true, true},
		{"\r\nGET /?req=5 HTTP/1.1\n", 5, true, true},
		{"GET / HTTP/1.1\r\n", 0, false, true},
		{"GET /?req=-2 HTTP/1.1\r\n", 0, false, true},
		{"GET /?req=1", 0, false, false},
		{"garbage\n", 0, false, true},
	} {
		idx, found, complete := requestIndex([]byte(tc.in))
		if idx != tc.idx || found != tc.found || complete != tc.complete {
			t.Errorf("requestIndex(%q) = %d, %v, %v; want %d, %v, %v", tc.in, idx, found, complete, tc.idx, tc.found, tc.complete)
		}
	}
}

func FuzzRequestIndex(f *testing.F) {
	f.Add([]byte("GET /?req=17 HTTP/1.1\r\n"))
	f.Add([]byte("GET /?a&req= HTTP/1.1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		idx, found, _ := requestIndex(b)
		if found && idx < 0 {
			t.Fatalf("negative index %d found in %q", idx, b)
		}
	})
}

// A connection that never sends its request line is not held by the
// binder for ever: it is closed after the header timeout.
func TestScenarioBinderClosesSilentConnections(t *testing.T) {
	sc := twoClasses(model.Loop)
	s, err := NewScenario(sc, Config{Listen: "127.0.0.1:0", HeaderTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	c, err := net.Dial("tcp", s.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	var b [1]byte
	_, err = c.Read(b[:])
	if err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a silent connection was not closed by the server: %v", err)
	}
}
