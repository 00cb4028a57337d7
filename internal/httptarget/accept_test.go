//go:build linux

package httptarget

import (
	"net"
	"testing"

	"golang.org/x/sys/unix"
)

// The models set no TCP_NODELAY per connection: an accepted socket gets
// it from the listening socket (listen sets it there). Without it, an
// answer written behind another not yet acknowledged would wait for
// Nagle's timer.
func TestAcceptedSocketsGetNoDelay(t *testing.T) {
	fd, addr, err := listen("127.0.0.1:0", 16)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	c, err := net.Dial("tcp", addr.String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	nfd, err := accept4(fd, unix.SOCK_CLOEXEC, true)
	if err != nil {
		t.Fatalf("accept4: %v", err)
	}
	defer unix.Close(nfd)
	v, err := unix.GetsockoptInt(nfd, unix.IPPROTO_TCP, unix.TCP_NODELAY)
	if err != nil || v == 0 {
		t.Errorf("TCP_NODELAY on the accepted socket = %d, %v; want it on", v, err)
	}
	// And the socket is the client's: bytes sent arrive.
	if _, err := c.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	var b [1]byte
	if n, err := unix.Read(nfd, b[:]); n != 1 || b[0] != 'x' {
		t.Errorf("read %d %q, %v; want the client's byte", n, b[:n], err)
	}
}

// accept4 on a non-blocking listener with nothing pending says EAGAIN
// (the acceptor's poller wait relies on it), not a descriptor.
func TestAccept4NothingPending(t *testing.T) {
	fd, _, err := listen("127.0.0.1:0", 16)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	if err := unix.SetNonblock(fd, true); err != nil {
		t.Fatal(err)
	}
	if nfd, err := accept4(fd, unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, false); err != unix.EAGAIN {
		t.Errorf("accept4 = %d, %v; want EAGAIN", nfd, err)
	}
}
