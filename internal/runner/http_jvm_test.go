package runner

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

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
