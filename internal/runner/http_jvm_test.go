package runner

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/model"
)

// A JVM server killed mid-run (SIGKILL) is reported as the target dying,
// and nothing of it is left running.
func TestHTTPJVMTargetKilled(t *testing.T) {
	if _, err := jdk.Find("", 11); err != nil {
		if os.Getenv("WAITLAB_JDK") == "require" {
			t.Fatalf("WAITLAB_JDK=require, but: %v", err)
		}
		t.Skipf("SKIPPED (set WAITLAB_JDK=require to fail instead): %v", err)
	}
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
