package httptarget

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 13, item 12: an acceptor that dies is an error of the server
// (Failed), not only an event line, and a clean shutdown reports none.
func TestAcceptorDeathIsAnError(t *testing.T) {
	s := start(t, Config{Model: model.Pool, Threads: 2})
	// Shut the listening socket under the acceptor: accept4 fails for good.
	if err := unix.Shutdown(s.lnFD, unix.SHUT_RDWR); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.Failed():
		if err == nil || !strings.Contains(err.Error(), "acceptor died") {
			t.Errorf("Failed() = %v; want the acceptor's death", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the acceptor's death was not reported on Failed()")
	}
}

func TestCleanShutdownIsNoFailure(t *testing.T) {
	s := start(t, Config{Model: model.Pool, Threads: 2})
	if err := s.Shutdown(t.Context()); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.Failed():
		t.Errorf("Failed() after a clean shutdown = %v; want nothing", err)
	case <-time.After(100 * time.Millisecond):
	}
}
