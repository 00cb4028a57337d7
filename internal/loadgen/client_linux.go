//go:build linux

package loadgen

import (
	"errors"
	"net"
	"net/netip"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// dialRaw opens a plain TCP connection to a literal address without
// net.Dialer: socket, TCP_NODELAY, a non-blocking connect(2), and the
// socket handed to Go's poller as an *os.File (its reads, writes and
// deadlines wait there as a net.Conn's do). On loopback the handshake is
// done by the time connect returns EINPROGRESS, so a second connect, which
// answers EISCONN, finds it established and the goroutine goes on to write
// its request at once; net.Dialer would park it until the poller next ran
// (in a burst, behind every other dialling goroutine) and then ask for the
// socket's error and both addresses, three system calls this client never
// reads. A connection still in progress waits for writability in the
// poller, within the dial timeout.
func (c *client) dialRaw(ap netip.AddrPort, deadline time.Time) errKind {
	t0 := time.Now()
	if c.timeout > 0 {
		if d := t0.Add(c.timeout); deadline.IsZero() || d.Before(deadline) {
			deadline = d
		}
	}
	sa, domain := sockaddrOf(ap)
	fd, err := unix.Socket(domain, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return kindConnect
	}
	unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
	if err := unix.Connect(fd, sa); err != nil && err != unix.EINPROGRESS && err != unix.EINTR {
		unix.Close(fd)
		return dialKind(err)
	}
	f := os.NewFile(uintptr(fd), "tcp "+c.addr) // non-blocking: into the poller
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return kindConnect
	}
	f.SetWriteDeadline(deadline)
	var cerr error
	werr := rc.Write(func(fd uintptr) bool {
		switch err := unix.Connect(int(fd), sa); err {
		case nil, unix.EISCONN:
			return true
		case unix.EALREADY, unix.EINPROGRESS, unix.EINTR:
			return false // not yet: wait until writable
		default:
			cerr = err
			return true
		}
	})
	if werr != nil || cerr != nil {
		f.Close()
		if werr != nil {
			if isTimeout(werr) {
				return kindConnectTimeout
			}
			return kindConnect
		}
		return dialKind(cerr)
	}
	f.SetWriteDeadline(time.Time{})
	if c.onDial != nil {
		c.onDial(time.Since(t0))
	}
	return c.adopt(f, rc)
}

// dialKind is the error kind of a failed connect(2).
func dialKind(err error) errKind {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return kindConnectRefused
	case errors.Is(err, syscall.ECONNRESET):
		return kindReset
	case errors.Is(err, syscall.ETIMEDOUT):
		return kindConnectTimeout
	}
	return kindConnect
}

// zoneID is an IPv6 zone's interface index (0 when none or unknown).
func zoneID(zone string) uint32 {
	if zone == "" {
		return 0
	}
	if ifi, err := net.InterfaceByName(zone); err == nil {
		return uint32(ifi.Index)
	}
	return 0
}
