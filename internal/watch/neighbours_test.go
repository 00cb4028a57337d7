package watch

import (
	"testing"
	"time"
)

// The neighbours' share is the machine's busy time less the tree's, per
// second of wall time; neither share goes below zero (a reaped child's
// time can move the tree's reading down).
func TestSplitShares(t *testing.T) {
	t0 := time.Unix(100, 0)
	a := cpuSample{at: t0, busy: 10 * time.Second, tree: 2 * time.Second}
	b := cpuSample{at: t0.Add(2 * time.Second), busy: 13 * time.Second, tree: 3 * time.Second}
	if own, neigh := split(a, b); own != 0.5 || neigh != 1 {
		t.Errorf("split = %v own, %v neighbours; want 0.5 and 1 cores", own, neigh)
	}
	b.tree = time.Second
	if own, neigh := split(a, b); own != 0 || neigh != 2 {
		t.Errorf("a tree reading that went down: %v own, %v neighbours; want 0 and 2", own, neigh)
	}
	if own, neigh := split(a, a); own != 0 || neigh != 0 {
		t.Errorf("no wall time: %v, %v; want 0, 0", own, neigh)
	}
}

// A started sampler stops and reports shares no machine could exceed.
func TestNeighboursStop(t *testing.T) {
	s := StartNeighbours()
	m := s.Stop()
	if m.Own < 0 || m.Neigh < 0 || m.NeighMax < m.Neigh {
		t.Errorf("shares %+v: negative, or a largest share below the mean", m)
	}
}
