package loadgen

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// planServer serves scenario s as a waitlab target tags its answers:
// each request's index, its class by the planner, and the loop its
// connection is bound to, which is the planner's loop of the first index
// the connection carried (a connection that mixes loops is answered from
// the wrong loop, and the generator's check counts it). It keeps
// connections alive unless a request says Connection: close, and counts
// the requests it answered.
func planServer(t *testing.T, s model.Scenario, answered *atomic.Int64) string {
	p := model.NewPlanner(s)
	return "http://" + serveConns(t, func(c net.Conn) {
		br := bufio.NewReader(c)
		loop := -2 // not bound yet
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			closing := false
			for {
				h, err := br.ReadString('\n')
				if err != nil {
					return
				}
				if h == "\r\n" {
					break
				}
				closing = closing || strings.EqualFold(strings.TrimSpace(h), "Connection: close")
			}
			f := strings.Fields(line)
			if len(f) < 2 {
				return
			}
			u, err := url.Parse(f[1])
			if err != nil {
				return
			}
			i, err := strconv.ParseInt(u.Query().Get("req"), 10, 64)
			if err != nil {
				return
			}
			var r model.Request
			p.Fill(i, &r)
			if loop == -2 {
				loop = r.Loop
			}
			answered.Add(1)
			fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nX-Waitlab-Req: %d\r\nX-Waitlab-Class: %s\r\nX-Waitlab-Loop: %d\r\nContent-Length: 2\r\n\r\nok",
				i, s.Classes[r.Class].Name, loop)
			if closing {
				return
			}
		}
	}) + "/"
}

func engineScenario(t *testing.T, arrival string, think model.Dist) model.Scenario {
	t.Helper()
	s := model.Scenario{Name: "engines", Model: model.Loop, Threads: 3, Requests: 90, Seed: 5,
		Classes: []model.Class{
			{Name: "normal", Fraction: 0.7, Wait: model.FixedDist(time.Millisecond)},
			{Name: "rare", Fraction: 0.3, Wait: model.FixedDist(2 * time.Millisecond)},
		}}
	a, err := model.ParseArrival(arrival)
	if err != nil {
		t.Fatal(err)
	}
	s.Arrival, s.Think = a, think
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	return s
}

// A scenario runs the same on the epoll engine's loop and on the goroutine
// engine, under every arrival: every request answered once, on a
// connection of its planner loop (the server's loop tag agrees), its
// index and class checked, the same counts by class and by loop on both
// engines, and in the open model every request keeps its intended send
// time (the pacer's, exactly). No figure here depends on the clock.
func TestScenarioOnBothEngines(t *testing.T) {
	for _, tc := range []struct {
		name     string
		arrival  string
		think    model.Dist
		maxConns int
	}{
		{"burst", "burst", model.Dist{}, 0},
		{"burst-capped", "burst", model.Dist{}, 7},
		{"rate", "rate:2000", model.Dist{}, 0},
		{"poisson", "poisson:2000", model.Dist{}, 0},
		{"poisson-capped", "poisson:4000", model.Dist{}, 3},
		{"vus", "vus:4", model.Dist{}, 0},
		{"vus-think", "vus:5", model.ExpDist(300 * time.Microsecond), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := engineScenario(t, tc.arrival, tc.think)
			type outcome struct {
				classes map[string]int64
				byLoop  []int64
			}
			var got []outcome
			for _, engine := range []string{loadresult.EngineEpoll, loadresult.EngineGoroutines} {
				var answered atomic.Int64
				res, err := RunScenario(context.Background(), ScenarioConfig{Scenario: s, URL: planServer(t, s, &answered),
					MaxConns: tc.maxConns, Timeout: 30 * time.Second, Engine: engine, Records: true})
				if err != nil {
					t.Fatal(err)
				}
				r, sk := res.Result, res.Sockets
				if res.Load.Engine != engine {
					t.Fatalf("%s: ran on %q (%s)", engine, res.Load.Engine, res.Load.EngineWhy)
				}
				if r.Completed != s.Requests || sk.Failed != 0 || answered.Load() != int64(s.Requests) {
					t.Fatalf("%s: completed %d of %d, failed %d (%v), the server answered %d", engine, r.Completed, s.Requests, sk.Failed, sk.Errors, answered.Load())
				}
				if sk.IndexMismatch+sk.ClassMismatch+sk.LoopMismatch+sk.Untagged != 0 {
					t.Errorf("%s: server and planner disagree: index %d, class %d, loop %d, untagged %d",
						engine, sk.IndexMismatch, sk.ClassMismatch, sk.LoopMismatch, sk.Untagged)
				}
				o := outcome{classes: map[string]int64{}, byLoop: sk.ByLoop}
				for name, c := range r.Classes {
					o.classes[name] = c.Count
				}
				got = append(got, o)
				for loop, n := range sk.ByLoop {
					if n != int64(s.Requests/s.Threads) {
						t.Errorf("%s: loop %d served %d requests, round-robin gives %d", engine, loop, n, s.Requests/s.Threads)
					}
				}
				switch {
				case tc.maxConns > 0 && sk.Connections > tc.maxConns:
					t.Errorf("%s: %d connections above the cap %d", engine, sk.Connections, tc.maxConns)
				case tc.name == "burst" && sk.Connections != s.Requests:
					t.Errorf("%s: burst on %d connections, want one per request (%d)", engine, sk.Connections, s.Requests)
				case s.Arrival.Closed() && sk.Connections > s.Arrival.VUs*s.Threads:
					t.Errorf("%s: %d connections for %d users on %d loops", engine, sk.Connections, s.Arrival.VUs, s.Threads)
				}
				checkRecords(t, engine, s, r.Trace)
			}
			if !equalCounts(got[0].classes, got[1].classes) || !slices.Equal(got[0].byLoop, got[1].byLoop) {
				t.Errorf("the engines disagree: epoll %v by loop %v, goroutines %v by loop %v", got[0].classes, got[0].byLoop, got[1].classes, got[1].byLoop)
			}
		})
	}
}

// checkRecords: one record per request, each sent at or after its
// intended time and answered after; in the open model the intended time
// is the pacer's (the dispatcher kept it however late the send).
func checkRecords(t *testing.T, engine string, s model.Scenario, tr *model.Trace) {
	t.Helper()
	if tr == nil || len(tr.Records) != s.Requests {
		t.Fatalf("%s: records %v; want %d", engine, tr, s.Requests)
	}
	seen := make([]bool, s.Requests)
	pacer := s.Arrival.Pacer(s.Seed)
	for _, rec := range tr.Records {
		if rec.ID < 0 || rec.ID >= int64(s.Requests) || seen[rec.ID] {
			t.Fatalf("%s: record of request %d twice or out of range", engine, rec.ID)
		}
		seen[rec.ID] = true
		if rec.Start < rec.Arrival || rec.End < rec.Start {
			t.Errorf("%s: request %d intended %v, sent %v, answered %v; want them in that order", engine, rec.ID, rec.Arrival, rec.Start, rec.End)
		}
		if pacer != nil {
			if due, _ := pacer.Due(rec.ID); rec.Arrival != due {
				t.Errorf("%s: request %d intended at %v; the pacer says %v", engine, rec.ID, rec.Arrival, due)
			}
		}
	}
}

func equalCounts(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A cancelled scenario stops on either engine: the result says
// interrupted, nothing counts as answered, and what was in flight failed
// as cut short (a timeout), not as anything the server did.
func TestScenarioCancelledOnBothEngines(t *testing.T) {
	for _, arrival := range []string{"rate:1000", "vus:3"} {
		for _, engine := range []string{loadresult.EngineEpoll, loadresult.EngineGoroutines} {
			s := engineScenario(t, arrival, model.Dist{})
			u := burstServer(t, func(c net.Conn) { c.Read(make([]byte, 1024)); time.Sleep(5 * time.Second) })
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			res, err := RunScenario(ctx, ScenarioConfig{Scenario: s, URL: u, Timeout: time.Minute, Engine: engine})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			sk := res.Sockets
			if !res.Result.Interrupted || res.Result.Completed != 0 || sk.Failed == 0 || sk.Failed != sk.Errors["timeout"] {
				t.Errorf("%s on %s: interrupted %v, completed %d, failed %d, errors %v; want interrupted, 0 answered, the sent ones cut short",
					arrival, engine, res.Result.Interrupted, res.Result.Completed, sk.Failed, sk.Errors)
			}
		}
	}
}
