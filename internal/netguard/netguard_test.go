package netguard

import (
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// At the cap, a new connection takes the slot of the one waiting longest
// without a request in progress; when every slot is serving, the new one
// is closed.
func TestGuardEvictsTheLongestIdle(t *testing.T) {
	g := NewGuard(2)
	pipe := func() (net.Conn, net.Conn) { a, b := net.Pipe(); return a, b }
	a, aPeer := pipe()
	b, bPeer := pipe()
	defer aPeer.Close()
	defer bPeer.Close()
	if !g.admit(a) || !g.admit(b) {
		t.Fatal("two connections under a cap of 2 were not admitted")
	}
	g.track(a, http.StateNew)
	g.track(b, http.StateActive) // serving: not evictable
	c, cPeer := pipe()
	defer cPeer.Close()
	if !g.admit(c) {
		t.Fatal("a third connection was refused while one slot was idle")
	}
	aPeer.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := aPeer.Read(make([]byte, 1)); err != io.EOF && err != io.ErrClosedPipe {
		t.Errorf("the idle connection was not closed for the new one: %v", err)
	}
	g.track(c, http.StateActive)
	d, dPeer := pipe()
	defer dPeer.Close()
	if g.admit(d) {
		t.Error("a connection was admitted while every slot was serving")
	}
	if ev, ref := g.Counts(); ev != 1 || ref != 1 || g.Open() != 2 {
		t.Errorf("evicted %d, refused %d, open %d; want 1, 1, 2", ev, ref, g.Open())
	}
	g.track(b, http.StateClosed)
	if g.Open() != 1 {
		t.Errorf("after a close, %d open; want 1", g.Open())
	}
}
