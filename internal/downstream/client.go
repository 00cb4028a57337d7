package downstream

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Pre-encoded commands the target sends.
var (
	CmdPing = AppendCommand(nil, "PING")
	CmdGet  = AppendCommand(nil, "GET", "waitlab")
)

// Client is the blocking client: Do writes a command and waits in read for
// the reply, holding the calling thread (or goroutine) for the round trip.
// Connections are kept in an idle list and reused. Safe for concurrent use;
// each Do uses its own connection.
type Client struct {
	Addr    string
	Timeout time.Duration // per round trip; 0 means 30s

	mu   sync.Mutex
	idle []*Conn
}

// Conn is one blocking connection. Not safe for concurrent use.
type Conn struct {
	nc  net.Conn
	buf []byte
}

// Do sends cmd (a pre-encoded RESP command) on a pooled connection and
// waits for one reply. A RESP error reply is returned as an error.
func (c *Client) Do(cmd []byte) error { return c.DoN(cmd, 1) }

// DoN pipelines n copies of cmd on one pooled connection: all of them in
// one write, then the n replies read back, one round trip for the lot
// (what a Redis pipeline or MGET buys). The first RESP error reply is
// returned as an error (the connection is then closed, not reused).
func (c *Client) DoN(cmd []byte, n int) error {
	conn, err := c.get()
	if err != nil {
		return err
	}
	if err := conn.DoN(cmd, n, c.timeout()); err != nil {
		conn.nc.Close()
		return err
	}
	c.put(conn)
	return nil
}

func (c *Client) timeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return 30 * time.Second
}

func (c *Client) get() (*Conn, error) {
	c.mu.Lock()
	if n := len(c.idle); n > 0 {
		conn := c.idle[n-1]
		c.idle = c.idle[:n-1]
		c.mu.Unlock()
		return conn, nil
	}
	c.mu.Unlock()
	nc, err := net.DialTimeout("tcp", c.Addr, c.timeout())
	if err != nil {
		return nil, fmt.Errorf("downstream: dial %s: %w", c.Addr, err)
	}
	return &Conn{nc: nc, buf: make([]byte, 0, 512)}, nil
}

func (c *Client) put(conn *Conn) {
	c.mu.Lock()
	if len(c.idle) < 4096 {
		c.idle = append(c.idle, conn)
		conn = nil
	}
	c.mu.Unlock()
	if conn != nil {
		conn.nc.Close()
	}
}

// Close closes the idle connections.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, conn := range c.idle {
		conn.nc.Close()
	}
	c.idle = nil
	return nil
}

// Do writes cmd and reads one reply.
func (c *Conn) Do(cmd []byte, timeout time.Duration) error { return c.DoN(cmd, 1, timeout) }

// DoN writes n copies of cmd at once and reads n replies; timeout bounds
// the whole round trip.
func (c *Conn) DoN(cmd []byte, n int, timeout time.Duration) error {
	c.nc.SetDeadline(time.Now().Add(timeout))
	out := cmd
	if n > 1 {
		out = bytes.Repeat(cmd, n)
	}
	if _, err := c.nc.Write(out); err != nil {
		return fmt.Errorf("downstream: write: %w", err)
	}
	c.buf = c.buf[:0]
	var r Reply
	off, got := 0, 0
	for {
		if len(c.buf) == cap(c.buf) {
			nb := make([]byte, len(c.buf), 2*cap(c.buf)+512)
			copy(nb, c.buf)
			c.buf = nb
		}
		m, err := c.nc.Read(c.buf[len(c.buf):cap(c.buf)])
		c.buf = c.buf[:len(c.buf)+m]
		for m > 0 {
			used, perr := ParseReply(c.buf[off:], &r)
			if perr == ErrIncomplete {
				break
			}
			if perr != nil {
				return perr
			}
			if r.Kind == Error {
				return fmt.Errorf("downstream: %s", r.Text)
			}
			off += used
			if got++; got == n {
				return nil
			}
		}
		if err != nil {
			return fmt.Errorf("downstream: read: %w", err)
		}
	}
}

// NBConn is a non-blocking connection for an event loop: the loop creates
// it with DialNonblock, registers FD with its poller, and drives it with
// Start, Write and Read as the socket becomes writable or readable. Owned
// by one loop goroutine.
type NBConn struct {
	FD         int
	connecting bool
	out        []byte
	in         []byte
	reply      Reply
	want, got  int // replies expected and parsed
	off        int // bytes of in already parsed
}

// ErrReply is returned when the downstream answers with a RESP error.
var ErrReply = errors.New("downstream: error reply")

// Resolve turns "host:port" into a socket address for DialNonblock.
func Resolve(addr string) (unix.Sockaddr, error) {
	ta, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("downstream: resolve %s: %w", addr, err)
	}
	if ip4 := ta.IP.To4(); ip4 != nil {
		sa := &unix.SockaddrInet4{Port: ta.Port}
		copy(sa.Addr[:], ip4)
		return sa, nil
	}
	sa := &unix.SockaddrInet6{Port: ta.Port}
	copy(sa.Addr[:], ta.IP.To16())
	return sa, nil
}

// DialNonblock starts a non-blocking connect to sa. The connection is
// ready once its socket is writable (Write checks the connect result).
// Safe for concurrent use with the same sa.
func DialNonblock(sa unix.Sockaddr) (*NBConn, error) {
	// Connect writes into the Sockaddr's raw form: dial with a private
	// copy, so loops may share one resolved address.
	domain := unix.AF_INET
	switch a := sa.(type) {
	case *unix.SockaddrInet4:
		c := *a
		sa = &c
	case *unix.SockaddrInet6:
		c := *a
		sa = &c
		domain = unix.AF_INET6
	}
	fd, err := nbSocket(domain)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
	c := &NBConn{FD: fd, out: make([]byte, 0, 64), in: make([]byte, 0, 256)}
	switch err := unix.Connect(fd, sa); err {
	case nil:
	case unix.EINPROGRESS:
		c.connecting = true
	default:
		unix.Close(fd)
		return nil, os.NewSyscallError("connect", err)
	}
	return c, nil
}

// Start queues cmd to be written and forgets any earlier reply.
func (c *NBConn) Start(cmd []byte) { c.StartN(cmd, 1) }

// StartN queues n copies of cmd to be written at once (a pipeline): Read
// reports done when all n replies are in.
func (c *NBConn) StartN(cmd []byte, n int) {
	c.out = c.out[:0]
	for i := 0; i < max(n, 1); i++ {
		c.out = append(c.out, cmd...)
	}
	c.in = c.in[:0]
	c.want, c.got, c.off = max(n, 1), 0, 0
}

// Write writes what it can of the queued command and reports whether it
// is all written (false: wait until the socket is writable).
func (c *NBConn) Write() (done bool, err error) {
	if c.connecting {
		v, err := unix.GetsockoptInt(c.FD, unix.SOL_SOCKET, unix.SO_ERROR)
		if err != nil {
			return false, os.NewSyscallError("getsockopt", err)
		}
		if v == int(unix.EINPROGRESS) || v == int(unix.EALREADY) {
			return false, nil
		}
		if v != 0 {
			return false, os.NewSyscallError("connect", unix.Errno(v))
		}
		c.connecting = false
	}
	for len(c.out) > 0 {
		n, err := unix.Write(c.FD, c.out)
		switch {
		case err == unix.EAGAIN || err == unix.ENOTCONN:
			return false, nil
		case err == unix.EINTR:
			continue
		case err != nil:
			return false, os.NewSyscallError("write", err)
		}
		c.out = c.out[:copy(c.out, c.out[n:])]
	}
	return true, nil
}

// Pending reports whether part of the command is still to be written.
func (c *NBConn) Pending() bool { return c.connecting || len(c.out) > 0 }

// Read reads what has arrived and reports whether every reply expected
// (one, or StartN's n) is in. A closed connection or a RESP error reply
// is an error.
func (c *NBConn) Read() (done bool, err error) {
	for {
		if len(c.in) == cap(c.in) {
			nb := make([]byte, len(c.in), 2*cap(c.in))
			copy(nb, c.in)
			c.in = nb
		}
		n, err := unix.Read(c.FD, c.in[len(c.in):cap(c.in)])
		switch {
		case err == unix.EAGAIN:
			return false, nil
		case err == unix.EINTR:
			continue
		case err != nil:
			return false, os.NewSyscallError("read", err)
		case n == 0:
			return false, errors.New("downstream: connection closed")
		}
		c.in = c.in[:len(c.in)+n]
		for {
			used, perr := ParseReply(c.in[c.off:], &c.reply)
			if perr == ErrIncomplete {
				break
			}
			if perr != nil {
				return false, perr
			}
			if c.reply.Kind == Error {
				return true, ErrReply
			}
			c.off += used
			if c.got++; c.got >= c.want {
				return true, nil
			}
		}
	}
}

// Close closes the socket (the loop must remove it from its poller first).
func (c *NBConn) Close() error { return unix.Close(c.FD) }
