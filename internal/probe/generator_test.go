package probe

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/httptarget"
	"github.com/waitlab/waitlab/internal/model"
)

// A heavy generator against a fast target: the generator's process gets
// one CPU (GOMAXPROCS 1) and a busy neighbour goroutine spinning beside
// it, and the target answers at once. The generator binds first, and the
// probe must refuse to blame the server: shape generator, no limit, no
// ceiling, no scenario.
func TestGeneratorBoundRefusesToBlame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: an 8 s probe on one starved CPU (TestClassify holds the generator verdict)")
	}
	s := startTarget(t, httptarget.Config{Model: model.Loop, Threads: 1})
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		x := 0
		for !stop.Load() {
			for i := 0; i < 1000; i++ {
				x += i * i
			}
		}
		_ = x
	}()
	defer func() { stop.Store(true); wg.Wait() }()
	cfg := quick("http://"+s.Addr().String()+"/", 8*time.Second, 200_000)
	res := probeOf(t, cfg)
	if res.ShapeName != "generator" {
		t.Fatalf("shape = %s, want generator (the generator had one busy CPU)", res.ShapeName)
	}
	if res.Limit != nil || res.CeilingRPS != nil || res.Scenario != nil {
		t.Errorf("a generator-bound probe concluded about the server: limit %v, ceiling %v, scenario %v", res.Limit, res.CeilingRPS, res.Scenario != nil)
	}
	found := false
	for _, n := range res.Notes {
		found = found || n.Key == "probe.note.no_conclusion"
	}
	if !found {
		t.Errorf("no note saying nothing is concluded: %+v", res.Notes)
	}
}
