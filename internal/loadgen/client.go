package loadgen

import (
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/netip"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/loadresult"
	"golang.org/x/sys/unix"
)

// errKind is how a request failed. The zero value is success.
type errKind uint8

// The kinds of failure, in the order reports list them. A non-2xx response
// is not one of these: it is counted by status code.
const (
	kindOK errKind = iota
	kindConnectRefused
	kindConnectTimeout
	kindConnect
	kindReset
	kindTimeout
	kindClosed
	kindBadResponse
	kindOther
	numKinds
)

// kindNames are the JSON names of the error kinds (and catalog key
// suffixes): the result format's, in its order (a count that disagrees
// fails at init).
var kindNames = [numKinds]string(append([]string{""}, loadresult.ErrorKinds[:]...))

// maxHeader is the read buffer: the largest response header (and chunk
// line) httpwire accepts.
const maxHeader = httpwire.MaxHeader

// client is one keep-alive HTTP/1.1 connection to one address. It writes
// pre-serialized requests and parses only what it needs of the response:
// the status line, Content-Length, Transfer-Encoding: chunked and
// Connection: close; the body is read and discarded. A client is used by
// one goroutine at a time; Abort may be called from any goroutine.
type client struct {
	addr    string
	tlsConf *tls.Config
	timeout time.Duration // dial timeout

	c     stream
	buf   []byte
	r, w  int // unread bytes are buf[r:w]
	reuse bool
	rr    httpwire.ResponseReader

	mu      sync.Mutex // guards the assignment of c and aborted (not the hot path)
	aborted bool

	// The raw path (plain TCP): the request is written and the response
	// read inside one RawConn.Read, so the poller waits for the response
	// without a read that returns EAGAIN first. rawFn is bound once per
	// client so the hot path does not allocate a closure.
	rc       syscall.RawConn
	rawFn    func(fd uintptr) bool
	rawReq   []byte
	rawDone  bool // the request is fully written
	rawErr   error
	rawStale bool // a reused connection had bytes (or EOF) before the request
	peek     [1]byte

	// bytesIn counts the bytes read, shared by the run's connections
	// (nil: not counted).
	bytesIn *atomic.Int64

	// tags, when set, receives each response's scenario tags (the
	// scenario driver's check); onDial, when set, is told how long each
	// successful dial took (the scenario's connection set-up figures).
	tags   *tags
	onDial func(took time.Duration)
}

// tags are the scenario headers of an answer (-1/"" when absent).
type tags struct {
	index int64
	class string
	loop  int
}

// count adds n bytes read to the run's total.
func (c *client) count(n int) {
	if c.bytesIn != nil && n > 0 {
		c.bytesIn.Add(int64(n))
	}
}

func newClient(addr string, tlsConf *tls.Config, dialTimeout time.Duration) *client {
	return &client{addr: addr, tlsConf: tlsConf, timeout: dialTimeout, buf: make([]byte, maxHeader)}
}

// stream is what the client needs of its connection: a net.Conn (TLS, or
// a host name to resolve) or an *os.File over a socket dialled raw.
type stream interface {
	io.ReadWriteCloser
	SetDeadline(t time.Time) error
}

func (c *client) close() {
	if c.c != nil {
		c.mu.Lock()
		c.c.Close()
		c.c = nil
		c.mu.Unlock()
	}
	c.r, c.w = 0, 0
}

// abort wakes a blocked read or write and closes the connection; it may be
// called from any goroutine, and every later request fails at once.
func (c *client) abort() {
	c.mu.Lock()
	c.aborted = true
	if c.c != nil {
		c.c.SetDeadline(time.Unix(1, 0))
	}
	c.mu.Unlock()
}

func (c *client) dial(deadline time.Time) errKind {
	if c.tlsConf == nil {
		if ap, err := netip.ParseAddrPort(c.addr); err == nil {
			return c.dialRaw(ap, deadline) // client_linux.go
		}
	}
	return c.dialNet(deadline)
}

// dialNet dials with net.Dialer: TLS, a host name, or off Linux.
func (c *client) dialNet(deadline time.Time) errKind {
	// No TCP keep-alive probes (KeepAlive -1): Go's default turns them
	// on with four setsockopt(2) calls a connection, which a burst of
	// fresh connections pays on the generator's core before its request
	// goes out (wrk does not set them either); TCP_NODELAY stays, Go's
	// default.
	d := net.Dialer{Deadline: deadline, Timeout: c.timeout, KeepAlive: -1}
	t0 := time.Now()
	conn, err := d.Dial("tcp", c.addr)
	if err != nil {
		switch {
		case errors.Is(err, syscall.ECONNREFUSED):
			return kindConnectRefused
		case errors.Is(err, syscall.ECONNRESET):
			return kindReset
		case isTimeout(err):
			return kindConnectTimeout
		}
		return kindConnect
	}
	if c.onDial != nil {
		c.onDial(time.Since(t0))
	}
	if c.tlsConf != nil {
		conn = tls.Client(conn, c.tlsConf)
	}
	var rc syscall.RawConn
	if tc, ok := conn.(*net.TCPConn); ok {
		if r, err := tc.SyscallConn(); err == nil {
			rc = r
		}
	}
	return c.adopt(conn, rc)
}

// adopt makes conn the client's connection, with rc its descriptor for
// the raw read path (nil: none, as for TLS). When the run was aborted
// while it dialled, conn is closed and the answer is kindTimeout.
func (c *client) adopt(conn stream, rc syscall.RawConn) errKind {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.aborted {
		conn.Close()
		return kindTimeout
	}
	c.c = conn
	c.r, c.w = 0, 0
	c.reuse = false
	c.rc = rc
	if rc != nil && c.rawFn == nil {
		c.rawFn = c.rawStep
	}
	return kindOK
}

// rawStep runs inside RawConn.Read: first it writes the request and asks
// the poller to wait for the response; once woken it reads what arrived.
// It returns true when done (c.rawErr says how).
func (c *client) rawStep(fd uintptr) bool {
	if c.reuse && !c.rawDone && len(c.rawReq) > 0 && c.w == 0 {
		// A reused connection must be silent before the request goes
		// out: bytes (or an end of stream) that are already there were
		// not sent in answer to it.
		// A raw recvfrom: unix.Recvfrom allocates the peer's address.
		_, _, errno := unix.RawSyscall6(unix.SYS_RECVFROM, fd, uintptr(unsafe.Pointer(&c.peek[0])), 1,
			unix.MSG_PEEK|unix.MSG_DONTWAIT, 0, 0)
		if errno == 0 {
			c.rawStale = true
			return true
		}
	}
	for !c.rawDone {
		n, err := unix.Write(int(fd), c.rawReq)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			return true // the send buffer is full: the caller writes the rest
		case err != nil:
			c.rawErr = os.NewSyscallError("write", err)
			return true
		}
		c.rawReq = c.rawReq[n:]
		c.rawDone = len(c.rawReq) == 0
		if c.rawDone {
			return false // the response cannot be there yet: wait for it
		}
	}
	for {
		n, err := unix.Read(int(fd), c.buf[c.w:])
		c.count(n)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			return false
		case err != nil:
			c.rawErr = os.NewSyscallError("read", err)
		case n == 0:
			c.rawErr = io.EOF
		default:
			c.w += n
		}
		return true
	}
}

// do sends req and reads one response before deadline. It returns the
// status code (0 on failure) and the failure kind. A request that fails on a
// reused connection before any byte of the response arrived is retried once
// on a fresh connection (the server may have closed an idle connection).
func (c *client) do(req []byte, head bool, deadline time.Time) (int, errKind) {
	for attempt := 0; ; attempt++ {
		if c.c == nil {
			if k := c.dial(deadline); k != kindOK {
				return 0, k
			}
		}
		reused := c.reuse
		status, got, k := c.roundTrip(req, head, deadline)
		if k == kindOK {
			c.reuse = true
			return status, kindOK
		}
		c.close()
		if reused && !got && attempt == 0 && (k == kindClosed || k == kindReset) {
			continue
		}
		return status, k
	}
}

func (c *client) roundTrip(req []byte, head bool, deadline time.Time) (status int, got bool, k errKind) {
	if err := c.c.SetDeadline(deadline); err != nil {
		return 0, false, classify(err)
	}
	if c.r == c.w {
		c.r, c.w = 0, 0
	}
	if c.rc != nil && c.w == 0 {
		c.rawReq, c.rawDone, c.rawErr, c.rawStale = req, false, nil, false
		if err := c.rc.Read(c.rawFn); err != nil {
			return 0, false, classify(err)
		}
		if c.rawStale {
			// The idle connection had unasked bytes (or was closed)
			// before the request went out: they are no answer to it.
			return 0, false, kindClosed
		}
		if c.rawErr != nil {
			return 0, c.w > 0, classify(c.rawErr)
		}
		if !c.rawDone { // the send buffer was full
			if _, err := c.c.Write(c.rawReq); err != nil {
				return 0, false, classify(err)
			}
		}
		got = c.w > 0
	} else if _, err := c.c.Write(req); err != nil {
		return 0, false, classify(err)
	}
	var field func(name, value []byte)
	if c.tags != nil {
		field = c.tags.read
	}
	c.rr.Reset(head)
	for {
		n, err := c.rr.Feed(c.buf[c.r:c.w], field)
		c.r += n
		if err != nil {
			return 0, true, kindBadResponse
		}
		if c.rr.Done() {
			break
		}
		// More bytes are needed: the rest of a header block or chunk
		// line stays, moved to the front (all bytes of a body are
		// consumed).
		if c.r > 0 {
			c.w = copy(c.buf, c.buf[c.r:c.w])
			c.r = 0
		}
		if c.w == len(c.buf) {
			return 0, true, kindBadResponse
		}
		n, err = c.c.Read(c.buf[c.w:])
		c.count(n)
		c.w += n
		if n > 0 {
			got = true
		}
		if err != nil && n == 0 {
			if err == io.EOF && c.rr.EOF() {
				break // the body ran to the end of the connection
			}
			return 0, got, classify(err)
		}
	}
	if c.r < c.w {
		// Bytes after the response, unasked: a protocol error of the
		// server, never the next request's answer.
		return 0, true, kindBadResponse
	}
	if c.rr.Head.Close {
		c.close()
	}
	return c.rr.Head.Status, true, kindOK
}

func isTimeout(err error) bool {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func classify(err error) errKind {
	switch {
	case err == nil:
		return kindOK
	case isTimeout(err):
		return kindTimeout
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return kindClosed
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE), errors.Is(err, net.ErrClosed):
		return kindReset
	}
	return kindOther
}

// read records a scenario tag when name is one (a number that does not
// parse reads as 0).
func (t *tags) read(name, val []byte) {
	switch {
	case httpwire.EqualFold(name, "x-waitlab-req"):
		t.index, _ = httpwire.ParseDecimal(val)
	case httpwire.EqualFold(name, "x-waitlab-class"):
		t.class = string(val)
	case httpwire.EqualFold(name, "x-waitlab-loop"):
		n, _ := httpwire.ParseDecimal(val)
		t.loop = int(n)
	}
}
