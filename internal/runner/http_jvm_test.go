package runner

import (
	"context"
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
)

// A JVM server killed mid-run (SIGKILL) is reported as the target dying,
// and nothing of it is left running.
func TestHTTPJVMTargetKilled(t *testing.T) {
	jdktest.Need(t, 11)
	jdktest.Jars(t, "libnetty-java", "netty-common", "netty-transport", "netty-codec-http")
	s := model.Scenario{Model: model.Loop, Threads: 2, Requests: 40, Arrival: model.Arrival{Kind: model.Burst},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(2 * time.Second)}}, Seed: 1}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	pid := 0
	o := HTTPOptions{Engine: launch.Netty, OnTarget: func(p int, addr string) {
		pid = p
		go func() {
			time.Sleep(500 * time.Millisecond)
			_ = syscall.Kill(p, syscall.SIGKILL)
		}()
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, err := RunHTTP(ctx, "", s, 10*time.Millisecond, "test", o)
	if !errors.Is(err, ErrTargetDied) {
		t.Fatalf("RunHTTP after SIGKILL = %v, want ErrTargetDied", err)
	}
	if pid == 0 {
		t.Fatal("the target never started")
	}
	if err := syscall.Kill(-pid, 0); err == nil {
		t.Errorf("the killed target's process group %d is still there", pid)
	}
}

// `--java` reaches a JVM engine under --via http: with the finder's
// first JDK one major, and another JDK installed, the run names the one
// asked for, not the finder's.
func TestHTTPJVMJava(t *testing.T) {
	first := jdktest.Need(t, 11)
	var other *jdk.JDK
	for _, j := range jdk.Installed() {
		if j.Major != first.Major && j.Major >= 11 {
			other = j
			break
		}
	}
	if other == nil {
		jdktest.NotRun(t, "one JDK installed: --java cannot be told from the finder's choice")
		return
	}
	jdktest.Jars(t, "libnetty-java", "netty-common", "netty-transport", "netty-codec-http")
	s := model.Scenario{Model: model.Loop, Threads: 1, Requests: 4, Arrival: model.Arrival{Kind: model.Burst},
		Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(time.Millisecond)}}, Seed: 1}
	s.Normalize()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, want := range []*jdk.JDK{other, first} {
		h, err := RunHTTP(ctx, "", s, 10*time.Millisecond, "test", HTTPOptions{Engine: launch.Netty, Java: want.Home})
		if err != nil {
			t.Fatalf("--java %s: %v", want.Home, err)
		}
		if !strings.Contains(h.Server.JDK, " "+want.Version+" ") {
			t.Errorf("--java %s: the server ran on %q, want %s", want.Home, h.Server.JDK, want.Version)
		}
		if h.Report == nil || h.Report.Requests != int64(s.Requests) {
			t.Errorf("--java %s: report %+v, want %d requests", want.Home, h.Report, s.Requests)
		}
	}
}

// Netty binds each channel to a loop of its own choosing when it accepts
// it; the target moves a connection to the loop the planner names for its
// first request, so over a burst and over keep-alive connections every
// request is served on the planner's loop (the Go target's rule), and the
// report counts the moves Netty's own choice made necessary.
func TestHTTPJVMNettyPlacement(t *testing.T) {
	jdktest.Need(t, 11)
	jdktest.Jars(t, "libnetty-java", "netty-common", "netty-transport", "netty-codec-http")
	for _, tc := range []struct {
		m       model.Kind
		arrival string
	}{{model.Loop, "burst"}, {model.Loop, "rate:500"}, {model.Offload, "burst"}} {
		t.Run(string(tc.m)+"/"+tc.arrival, func(t *testing.T) {
			a, err := model.ParseArrival(tc.arrival)
			if err != nil {
				t.Fatal(err)
			}
			// 7 loops: the warm-up's 240 connections leave Netty's
			// round-robin at loop 2 where the planner starts at 0.
			s := model.Scenario{Model: tc.m, Threads: 7, Requests: 70, Arrival: a,
				Classes: []model.Class{{Name: "normal", Fraction: 1, Wait: model.FixedDist(2 * time.Millisecond)}}, Seed: 1}
			if tc.m == model.Offload {
				s.OffloadPool = 4
			}
			s.Normalize()
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			h, err := RunHTTP(ctx, "", s, 10*time.Millisecond, "test", HTTPOptions{Engine: launch.Netty})
			if err != nil {
				t.Fatal(err)
			}
			sk := h.Sockets
			if h.Result.Completed != s.Requests || sk.Failed != 0 {
				t.Fatalf("completed %d of %d, failed %d (%v)", h.Result.Completed, s.Requests, sk.Failed, sk.Errors)
			}
			if sk.LoopMismatch+sk.IndexMismatch+sk.ClassMismatch+sk.Untagged != 0 {
				t.Fatalf("Netty and the planner disagree: %+v", sk)
			}
			for loop, n := range sk.ByLoop {
				if n != int64(s.Requests/s.Threads) {
					t.Errorf("loop %d served %d requests, the planner's round-robin gives %d", loop, n, s.Requests/s.Threads)
				}
			}
			if h.Report == nil || h.Report.JVM == nil || h.Report.JVM.Moved == 0 || h.Report.JVM.Moved > int64(sk.Connections) {
				t.Errorf("report %+v: want some of the %d connections moved (Netty's round-robin counts the warm-up's too)", h.Report.JVM, sk.Connections)
			}
		})
	}
}
