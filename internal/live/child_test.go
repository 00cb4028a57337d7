package live

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watchdog"
)

func TestServeChildRoundTrip(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0)) // ServeChild sets it for the run
	s := scenario(model.Loop, 2, 6, 15*time.Millisecond, true)
	body, _ := json.Marshal(ChildRequest{Scenario: s, Options: Options{Trace: true, StallThreshold: 5 * time.Millisecond}})
	var out bytes.Buffer
	if err := ServeChild(context.Background(), bytes.NewReader(body), &out); err != nil {
		t.Fatalf("ServeChild = %v", err)
	}
	var resp ChildResponse
	if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
		t.Fatalf("ServeChild wrote %q: %v", out.String(), err)
	}
	if resp.Error != "" || resp.Result == nil || resp.Result.Completed != 6 || resp.Trace == nil || len(resp.Trace.Records) != 6 {
		t.Fatalf("ServeChild response = %+v; want a complete result with its trace", resp)
	}
	// A stall that ends between two looks of the checker (a starved
	// checker on a loaded machine) has no stack; the others name the call.
	if len(resp.Stalls) != 6 || !strings.Contains(anyStack(resp.Stalls), "osthread.Block") {
		t.Errorf("ServeChild stalls = %d, a stack %q; want 6 with the loop's stack in osthread.Block", len(resp.Stalls), anyStack(resp.Stalls))
	}
	for i := 1; i < len(resp.Stalls); i++ {
		if resp.Stalls[i].Duration > resp.Stalls[i-1].Duration {
			t.Errorf("ServeChild stalls not longest first at %d", i)
		}
	}
}

func anyStack(st []watchdog.Stall) string {
	for _, s := range st {
		if s.Stack != "" {
			return s.Stack
		}
	}
	return ""
}

func TestServeChildReportsRefusals(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	s := scenario(model.Pool, MaxThreads+1, 6, time.Millisecond, false)
	body, _ := json.Marshal(ChildRequest{Scenario: s})
	var out bytes.Buffer
	if err := ServeChild(context.Background(), bytes.NewReader(body), &out); err != nil {
		t.Fatalf("ServeChild = %v", err)
	}
	var resp ChildResponse
	_ = json.Unmarshal(out.Bytes(), &resp)
	if resp.Result != nil || !strings.Contains(resp.Error, "threads, over the executors' ceiling") {
		t.Errorf("ServeChild(too many threads) = %+v; want an error naming the threads' ceiling", resp)
	}
	if err := ServeChild(context.Background(), strings.NewReader(`{"scenario": 1}`), &out); err == nil {
		t.Errorf("ServeChild(bad JSON) = nil; want an error")
	}
}

func FuzzDecodeChildRequest(f *testing.F) {
	body, _ := json.Marshal(ChildRequest{Scenario: scenario(model.Offload, 2, 10, time.Millisecond, true), Options: Options{Trace: true}})
	f.Add(body)
	f.Add([]byte(`{"scenario":{"model":"pool","threads":4,"requests":12,"arrival":"burst","classes":[{"wait":"200ms"}]}}`))
	f.Add([]byte(`{"scenario":{"model":"loop"},"options":{"stall_threshold":5000000}}`))
	f.Add([]byte(`{"bogus":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := DecodeChildRequest(bytes.NewReader(b))
		if err != nil {
			return
		}
		// A decoded scenario is normalized, and Validate and guard answer
		// without panicking.
		if req.Scenario.Arrival.Kind == "" {
			t.Fatalf("DecodeChildRequest(%q): scenario not normalized", b)
		}
		if req.Scenario.Validate() == nil {
			_ = guard(req.Scenario)
		}
	})
}
