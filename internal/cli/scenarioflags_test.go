package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

func resolveArgs(t *testing.T, args ...string) (model.Scenario, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := addScenarioFlags(fs)
	if err := fs.Parse(args); err != nil {
		return model.Scenario{}, &UsageError{Err: err}
	}
	return f.resolve(context.Background(), msg.EN)
}

func TestResolveOverridesPreset(t *testing.T) {
	s, err := resolveArgs(t, "--preset", "lab-loop", "--wait", "200ms", "--threads", "3")
	if err != nil {
		t.Fatal(err)
	}
	if s.Model != model.Loop || s.Threads != 3 || s.Classes[0].Wait.Mean != 200*time.Millisecond || s.Requests != 12 {
		t.Errorf("resolve(lab-loop --wait 200ms --threads 3) = %+v", s)
	}
}

func TestResolveBlockFraction(t *testing.T) {
	s, err := resolveArgs(t, "--model", "loop", "--threads", "8", "--cpu", "200us", "--wait", "0",
		"--block-fraction", "0.01", "--block", "100ms", "--requests", "2000")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Classes) != 2 || s.Classes[0].Name != "normal" || s.Classes[1].Name != "blocking" {
		t.Fatalf("classes = %+v; want normal and blocking", s.Classes)
	}
	b := s.Classes[1]
	if !b.Blocking || b.Fraction != 0.01 || b.Wait.Mean != 100*time.Millisecond || b.CPU.Mean != 200*time.Microsecond {
		t.Errorf("blocking class = %+v", b)
	}
}

func TestResolveModelSwitchDropsOffloadPool(t *testing.T) {
	s, err := resolveArgs(t, "--preset", "ch15-offload64", "--model", "loop")
	if err != nil || s.OffloadPool != 0 {
		t.Errorf("resolve(ch15-offload64 --model loop) = pool %d, %v; want pool 0, nil", s.OffloadPool, err)
	}
}

func TestResolveBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("model: loop\nthreads: 2\nrequests: 3\nbogus: 1\nclasses: [{wait: 1s}]\n"), 0o644)
	for _, c := range []struct {
		args  []string
		field string
	}{
		{[]string{"--threads", "0"}, "threads"},
		{[]string{"--model", "actor"}, "--model"},
		{[]string{"--wait", "-1s"}, "--wait"},
		{[]string{"--block-fraction", "1.5"}, "--block-fraction"},
		{[]string{"--arrival", "rate:abc"}, "--arrival"},
		{[]string{"--preset", "nope"}, "--preset"},
		{[]string{"--block", "10ms"}, "--block-fraction"},
		{[]string{"-f", filepath.Join(dir, "missing.yaml")}, "-f"},
		{[]string{"-f", bad}, "bogus"},
		{[]string{"--model", "offload"}, "offload_pool"},
		{[]string{"--think", "1s"}, "think"},
	} {
		_, err := resolveArgs(t, c.args...)
		var fe *model.FieldError
		var ue *UsageError
		if err == nil || !(errors.As(err, &fe) || errors.As(err, &ue)) {
			t.Errorf("resolve(%v) = %v; want a field or usage error", c.args, err)
			continue
		}
		if !strings.Contains(err.Error(), c.field) {
			t.Errorf("resolve(%v) = %q; want it to name %q", c.args, err, c.field)
		}
	}
}
