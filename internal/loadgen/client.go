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

// errBadResponse is a response the client could not parse.
var errBadResponse = errors.New("loadgen: malformed HTTP response")

// maxHeader is the read buffer and the largest response header accepted.
const maxHeader = 8 << 10

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
	for {
		// Read until the header block is complete.
		end := -1
		for {
			if end = headerEnd(c.buf[c.r:c.w]); end >= 0 {
				break
			}
			if c.r > 0 {
				c.w = copy(c.buf, c.buf[c.r:c.w])
				c.r = 0
			}
			if c.w == len(c.buf) {
				return 0, true, kindBadResponse
			}
			n, err := c.c.Read(c.buf[c.w:])
			c.count(n)
			c.w += n
			if n > 0 {
				got = true
			}
			if err != nil && n == 0 {
				return 0, got, classify(err)
			}
		}
		h, err := parseHead(c.buf[c.r:c.r+end], c.tags)
		if err != nil {
			return 0, true, kindBadResponse
		}
		c.r += end
		if h.status < 200 { // 1xx interim response: no body, read the next
			continue
		}
		switch {
		case head || h.status == 204 || h.status == 304:
		case h.chunked:
			if k := c.skipChunked(); k != kindOK {
				return 0, true, k
			}
		case h.length >= 0:
			if k := c.skip(h.length); k != kindOK {
				return 0, true, k
			}
		default: // body runs to the end of the connection
			for {
				c.r, c.w = 0, 0
				n, err := c.c.Read(c.buf)
				c.count(n)
				if err != nil || n == 0 {
					if err == io.EOF {
						break
					}
					return 0, true, classify(err)
				}
			}
			h.close = true
		}
		if c.r < c.w {
			// Bytes after the response, unasked: a protocol error of the
			// server, never the next request's answer.
			return 0, true, kindBadResponse
		}
		if h.close {
			c.close()
		}
		return h.status, true, kindOK
	}
}

// fill reads more bytes into the buffer, moving unread ones to the front.
func (c *client) fill() errKind {
	if c.r > 0 {
		c.w = copy(c.buf, c.buf[c.r:c.w])
		c.r = 0
	}
	if c.w == len(c.buf) {
		return kindBadResponse
	}
	n, err := c.c.Read(c.buf[c.w:])
	c.w += n
	if err != nil && n == 0 {
		return classify(err)
	}
	return kindOK
}

// skip discards n body bytes.
func (c *client) skip(n int64) errKind {
	for {
		avail := int64(c.w - c.r)
		if avail >= n {
			c.r += int(n)
			return kindOK
		}
		n -= avail
		c.r, c.w = 0, 0
		if k := c.fill(); k != kindOK {
			return k
		}
	}
}

// line returns the length of the next CRLF-terminated line (without CRLF),
// reading more as needed.
func (c *client) line() (int, errKind) {
	for {
		b := c.buf[c.r:c.w]
		for i := 0; i+1 < len(b); i++ {
			if b[i] == '\r' && b[i+1] == '\n' {
				return i, kindOK
			}
		}
		if k := c.fill(); k != kindOK {
			return 0, k
		}
	}
}

// skipChunked discards a chunked body and its trailers.
func (c *client) skipChunked() errKind {
	for {
		n, k := c.line()
		if k != kindOK {
			return k
		}
		size, ok := parseChunkSize(c.buf[c.r : c.r+n])
		c.r += n + 2
		if !ok {
			return kindBadResponse
		}
		if size == 0 {
			for { // trailers, up to an empty line
				n, k := c.line()
				if k != kindOK {
					return k
				}
				c.r += n + 2
				if n == 0 {
					return kindOK
				}
			}
		}
		if k := c.skip(size); k != kindOK {
			return k
		}
		// The chunk's data ends with CRLF, nothing else.
		n, k = c.line()
		if k != kindOK {
			return k
		}
		c.r += n + 2
		if n != 0 {
			return kindBadResponse
		}
	}
}

func parseChunkSize(b []byte) (int64, bool) {
	var n int64
	digits := 0
	for _, ch := range b {
		var v byte
		switch {
		case ch >= '0' && ch <= '9':
			v = ch - '0'
		case ch >= 'a' && ch <= 'f':
			v = ch - 'a' + 10
		case ch >= 'A' && ch <= 'F':
			v = ch - 'A' + 10
		case ch == ';' || ch == ' ' || ch == '\t':
			return n, digits > 0
		default:
			return 0, false
		}
		if digits >= 15 {
			return 0, false
		}
		n = n<<4 | int64(v)
		digits++
	}
	return n, digits > 0
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

// head is what the client reads from a response header.
type head struct {
	status  int
	length  int64 // -1 when absent
	chunked bool
	close   bool
}

// headerEnd returns the length of the header block including its final
// blank line, or -1 when it is not complete yet.
func headerEnd(b []byte) int {
	for i := 0; i+3 < len(b); i++ {
		if c := b[i+3]; c != '\r' && c != '\n' { // no window through i+3 can match
			i += 3
			continue
		}
		if b[i] == '\r' && b[i+1] == '\n' && b[i+2] == '\r' && b[i+3] == '\n' {
			return i + 4
		}
	}
	return -1
}

// parseHead parses a complete header block (status line, fields, blank
// line) without allocating. With t it also records the scenario tags
// (X-Waitlab-Req, -Class, -Loop; a class allocates its string).
func parseHead(b []byte, t *tags) (head, error) {
	h := head{length: -1}
	// Status line: HTTP/1.x SP 3DIGIT [SP reason] CRLF
	if len(b) < 12 || string(b[:7]) != "HTTP/1." || b[8] != ' ' {
		return h, errBadResponse
	}
	http10 := b[7] == '0'
	for i := 9; i < 12; i++ {
		if b[i] < '0' || b[i] > '9' {
			return h, errBadResponse
		}
		h.status = h.status*10 + int(b[i]-'0')
	}
	if len(b) > 12 && b[12] != ' ' && b[12] != '\r' {
		return h, errBadResponse
	}
	if h.status < 100 || h.status > 599 {
		return h, errBadResponse // not an HTTP status (RFC 9110, 15)
	}
	keepAlive := false
	p := indexCRLF(b, 0)
	if p < 0 {
		return h, errBadResponse
	}
	p += 2
	for p < len(b) {
		e := indexCRLF(b, p)
		if e < 0 {
			return h, errBadResponse
		}
		line := b[p:e]
		p = e + 2
		if len(line) == 0 {
			break
		}
		colon := -1
		for i, ch := range line {
			if ch == ':' {
				colon = i
				break
			}
		}
		if colon <= 0 {
			return h, errBadResponse
		}
		name, val := line[:colon], trim(line[colon+1:])
		switch {
		case equalFold(name, "content-length"):
			n, ok := parseDecimal(val)
			if !ok || (h.length >= 0 && h.length != n) {
				return h, errBadResponse
			}
			h.length = n
		case equalFold(name, "transfer-encoding"):
			if hasToken(val, "chunked") {
				h.chunked = true
			}
		case equalFold(name, "connection"):
			if hasToken(val, "close") {
				h.close = true
			}
			if hasToken(val, "keep-alive") {
				keepAlive = true
			}
		case t != nil:
			t.read(name, val)
		}
	}
	if http10 && !keepAlive {
		h.close = true
	}
	return h, nil
}

// read records a scenario tag when name is one (a number that does not
// parse reads as 0).
func (t *tags) read(name, val []byte) {
	switch {
	case equalFold(name, "x-waitlab-req"):
		t.index, _ = parseDecimal(val)
	case equalFold(name, "x-waitlab-class"):
		t.class = string(val)
	case equalFold(name, "x-waitlab-loop"):
		n, _ := parseDecimal(val)
		t.loop = int(n)
	}
}

func indexCRLF(b []byte, from int) int {
	for i := from; i+1 < len(b); i++ {
		if b[i] == '\r' && b[i+1] == '\n' {
			return i
		}
	}
	return -1
}

func trim(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalFold reports whether b equals the lower-case ASCII s, ignoring case.
func equalFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if lower(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// hasToken reports whether the comma-separated list v holds tok (lower case).
func hasToken(v []byte, tok string) bool {
	for len(v) > 0 {
		i := 0
		for i < len(v) && v[i] != ',' {
			i++
		}
		if equalFold(trim(v[:i]), tok) {
			return true
		}
		if i == len(v) {
			break
		}
		v = v[i+1:]
	}
	return false
}

func parseDecimal(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, ch := range b {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		n = n*10 + int64(ch-'0')
	}
	return n, true
}
