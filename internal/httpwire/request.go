// Package httpwire speaks HTTP/1.1 both ways, on sockets that net/http
// cannot drive because a loop or a locked OS thread owns them: it parses
// requests and writes responses for waitlab's own servers (the epoll
// loops and the blocking thread pool of the target server), and it reads
// responses for waitlab's clients (the load generator's engines and the
// experiments' recipes). It is the one home of HTTP/1.1 framing and of its
// byte helpers.
//
// Parsing is incremental and allocation-free: Parse looks at the bytes
// received so far and either returns one complete request (header and
// Content-Length body) with slices that point into the caller's buffer, or
// ErrIncomplete to ask for more bytes. Pipelined requests are handled by
// calling Parse again on the bytes after the one just consumed. Malformed
// input gives ErrMalformed (answer 400 and close), a request header larger
// than MaxHeader gives ErrHeaderTooLarge (answer 431 and close). A
// ResponseReader is fed a response's bytes as they arrive (status line,
// header fields, a Content-Length, chunked or until-close body) and says
// when it is complete; ErrBadResponse is a response it cannot frame.
//
// Functions here keep no state; a Request or ResponseReader is owned by
// one goroutine.
package httpwire

import (
	"bytes"
	"errors"
)

// MaxHeader is the largest header block (request or status line and header
// fields, up to and including the blank line) Parse and a ResponseReader
// accept, and the longest chunk line: 8 KiB, like most servers' default.
const MaxHeader = 8 << 10

// MaxBody is the largest Content-Length Parse accepts.
const MaxBody = 1 << 20

// Parse errors. Each one names the status the server answers with.
var (
	// ErrIncomplete: the buffer holds only part of a request; read more.
	ErrIncomplete = errors.New("httpwire: incomplete request")
	// ErrMalformed: not a valid HTTP/1.x request (400 Bad Request).
	ErrMalformed = errors.New("httpwire: malformed request")
	// ErrHeaderTooLarge: the header exceeds MaxHeader (431).
	ErrHeaderTooLarge = errors.New("httpwire: request header too large")
	// ErrBodyTooLarge: Content-Length exceeds MaxBody (413).
	ErrBodyTooLarge = errors.New("httpwire: request body too large")
	// ErrUnsupported: a Transfer-Encoding the server does not implement (501).
	ErrUnsupported = errors.New("httpwire: transfer-encoding not supported")
	// ErrMethod: a method the server does not implement, CONNECT among
	// them (501, RFC 9110 section 15.6.2).
	ErrMethod = errors.New("httpwire: method not implemented")
	// ErrMethodNotAllowed: a method the server knows but does not allow on
	// its resources, TRACE (405 with an Allow field).
	ErrMethodNotAllowed = errors.New("httpwire: method not allowed")
)

// Allowed is the value of the Allow field of a 405: the methods waitlab's
// servers serve.
const Allowed = "GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS"

// checkMethod sorts a request method (a valid token) into served, known but
// not allowed (405), and not implemented (501).
func checkMethod(m []byte) error {
	switch string(m) {
	case "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS":
		return nil
	case "TRACE":
		return ErrMethodNotAllowed
	}
	return ErrMethod
}

// StatusOf returns the status code a server answers a parse error with
// (0 for nil and ErrIncomplete).
func StatusOf(err error) int {
	switch err {
	case ErrMalformed:
		return 400
	case ErrHeaderTooLarge:
		return 431
	case ErrBodyTooLarge:
		return 413
	case ErrUnsupported, ErrMethod:
		return 501
	case ErrMethodNotAllowed:
		return 405
	}
	return 0
}

// Request is one parsed request. Its byte slices point into the buffer
// given to Parse and are valid only until that buffer is changed.
type Request struct {
	Method []byte
	// Target is the request target as sent ("/a?b=c").
	Target []byte
	// Path is Target before '?', Query after it (without the '?').
	Path, Query []byte
	// Minor is the HTTP/1.x minor version (0 or 1).
	Minor int
	// Close is true when the connection must close after the response:
	// "Connection: close", or HTTP/1.0 without "Connection: keep-alive".
	Close bool
	// ContentLength is the body length (0 without a body).
	ContentLength int
	// Body is the request body.
	Body []byte
	// HeaderLen is the size of the request line and header fields.
	HeaderLen int
	// Expect100 is true when the client sent "Expect: 100-continue": it
	// waits for "HTTP/1.1 100 Continue" before sending the body. Parse sets
	// it (with the other header fields) also when it returns ErrIncomplete
	// for a missing body, so the server can answer Continue (see
	// WantsContinue).
	Expect100 bool
}

// Continue is the interim response a server sends to a client that
// expects 100-continue.
var Continue = []byte("HTTP/1.1 100 Continue\r\n\r\n")

// WantsContinue reports whether the last Parse of r returned ErrIncomplete
// with a whole header asking for 100-continue and a body still to come.
func (r *Request) WantsContinue() bool { return r.Expect100 && r.HeaderLen > 0 && r.ContentLength > 0 }

// Reset clears r for reuse.
func (r *Request) Reset() { *r = Request{} }

// Parse parses one request from the start of buf into r and returns how
// many bytes it used (header and body). With an error, n is 0 and r is
// unspecified, except that with ErrIncomplete after a whole header r holds
// that header (see WantsContinue). Parse does not allocate.
func Parse(buf []byte, r *Request) (n int, err error) {
	end := headerEnd(buf)
	if end < 0 {
		r.HeaderLen = 0
		if len(buf) > MaxHeader {
			return 0, ErrHeaderTooLarge
		}
		// Reject garbage early rather than waiting for 8 KiB of it.
		if err := checkPrefix(buf); err != nil {
			return 0, err
		}
		return 0, ErrIncomplete
	}
	if end > MaxHeader {
		return 0, ErrHeaderTooLarge
	}
	*r = Request{HeaderLen: end}
	// Tolerate empty lines before the request line (RFC 9112 2.2).
	p := skipBlank(buf)
	line, next := cutLine(buf, p, end)
	if line < 0 {
		return 0, ErrMalformed
	}
	if err := parseRequestLine(buf[p:line], r); err != nil {
		return 0, err
	}
	// teSeen: a Transfer-Encoding field was sent, whatever its value;
	// chunked: the last coding of the last one is chunked.
	teSeen, chunked := false, false
	clSeen := false
	keepAlive := false
	hosts := 0
	p = next
	for p < end {
		le, nx := cutLine(buf, p, end)
		if le < 0 {
			return 0, ErrMalformed
		}
		if le == p { // the blank line
			break
		}
		name, value, ok := splitField(buf[p:le])
		if !ok {
			return 0, ErrMalformed
		}
		switch {
		case EqualFold(name, "content-length"):
			v, ok := parseLength(value)
			if !ok || (clSeen && v != r.ContentLength) {
				return 0, ErrMalformed
			}
			clSeen = true
			r.ContentLength = v
		case EqualFold(name, "connection"):
			if hasToken(value, "close") {
				r.Close = true
			}
			if hasToken(value, "keep-alive") {
				keepAlive = true
			}
		case EqualFold(name, "host"):
			hosts++
		case EqualFold(name, "expect"):
			if EqualFold(value, "100-continue") {
				r.Expect100 = true
			}
		case EqualFold(name, "transfer-encoding"):
			// Any value counts, "identity" and the empty one included:
			// RFC 9112 dropped identity, and a server that read the
			// Content-Length beside it would frame the body differently
			// from a proxy that honours the field (section 6.1).
			teSeen = true
			chunked = lastCodingChunked(value)
		}
		p = nx
	}
	// RFC 9112 section 3.2: a 1.1 request carries exactly one Host, and no
	// request more than one.
	if hosts > 1 || (r.Minor == 1 && hosts == 0) {
		return 0, ErrMalformed
	}
	if teSeen {
		// RFC 9112 section 6.3: with Content-Length it is the smuggling
		// shape, and a request whose last coding is not chunked has no
		// framing; both are 400 (and the connection closes). A chunked
		// body is valid HTTP this server does not read: 501.
		if clSeen || !chunked {
			return 0, ErrMalformed
		}
		return 0, ErrUnsupported
	}
	if r.Minor == 0 && !keepAlive {
		r.Close = true
	}
	if r.ContentLength > MaxBody {
		return 0, ErrBodyTooLarge
	}
	if err := checkMethod(r.Method); err != nil {
		return 0, err
	}
	total := end + r.ContentLength
	if len(buf) < total {
		return 0, ErrIncomplete
	}
	r.Body = buf[end:total:total]
	return total, nil
}

// HeaderDone reports whether Parse can tell what buf holds without more
// bytes for the header: a whole header is in, or the bytes are already
// too many or malformed. A server that waits for a header off its worker
// threads (the pool's poller) hands the connection on once this is true.
func HeaderDone(buf []byte) bool {
	if len(buf) == 0 {
		return false
	}
	return headerEnd(buf) >= 0 || len(buf) > MaxHeader || checkPrefix(buf) != nil
}

// headerEnd returns the index just after "\r\n\r\n" (or "\n\n"), or -1.
func headerEnd(buf []byte) int {
	i := skipBlank(buf)
	for i < len(buf) {
		j := bytes.IndexByte(buf[i:], '\n') // vectorised
		if j < 0 {
			return -1
		}
		i += j
		if i+1 < len(buf) && buf[i+1] == '\n' {
			return i + 2
		}
		if i+2 < len(buf) && buf[i+1] == '\r' && buf[i+2] == '\n' {
			return i + 3
		}
		i++
	}
	return -1
}

// skipBlank returns the index after any empty lines at the start of buf.
func skipBlank(buf []byte) int {
	i := 0
	for {
		switch {
		case i+1 < len(buf) && buf[i] == '\r' && buf[i+1] == '\n':
			i += 2
		case i < len(buf) && buf[i] == '\n':
			i++
		default:
			return i
		}
	}
}

// cutLine returns the end of the line starting at p (before "\r\n" or
// "\n") and the start of the next one, or -1 when there is no line end
// before limit.
func cutLine(buf []byte, p, limit int) (end, next int) {
	for i := p; i < limit; i++ {
		if buf[i] == '\n' {
			e := i
			if e > p && buf[e-1] == '\r' {
				e--
			}
			return e, i + 1
		}
	}
	return -1, limit
}

// checkPrefix rejects a partial request whose first bytes cannot start a
// request line, so garbage is answered at once.
func checkPrefix(buf []byte) error {
	for i := skipBlank(buf); i < len(buf); i++ {
		c := buf[i]
		if c == ' ' {
			return nil
		}
		if !isTokenChar(c) {
			if c == '\r' && i+1 == len(buf) {
				return nil
			}
			return ErrMalformed
		}
	}
	return nil
}

func parseRequestLine(line []byte, r *Request) error {
	sp1 := indexByte(line, ' ')
	if sp1 <= 0 {
		return ErrMalformed
	}
	r.Method = line[:sp1:sp1]
	for _, c := range r.Method {
		if !isTokenChar(c) {
			return ErrMalformed
		}
	}
	rest := line[sp1+1:]
	sp2 := indexByte(rest, ' ')
	if sp2 <= 0 {
		return ErrMalformed
	}
	r.Target = rest[:sp2:sp2]
	for _, c := range r.Target {
		if c <= ' ' || c == 0x7f {
			return ErrMalformed
		}
	}
	proto := rest[sp2+1:]
	if len(proto) != 8 || string(proto[:7]) != "HTTP/1." {
		return ErrMalformed
	}
	switch proto[7] {
	case '0':
		r.Minor = 0
	case '1':
		r.Minor = 1
	default:
		return ErrMalformed
	}
	if q := indexByte(r.Target, '?'); q >= 0 {
		r.Path = r.Target[:q:q]
		r.Query = r.Target[q+1:]
	} else {
		r.Path = r.Target
	}
	return nil
}

func splitField(line []byte) (name, value []byte, ok bool) {
	c := indexByte(line, ':')
	if c <= 0 {
		return nil, nil, false
	}
	name = line[:c]
	for _, b := range name {
		if !isTokenChar(b) {
			return nil, nil, false // includes "Name :" with a space
		}
	}
	value = line[c+1:]
	for _, b := range value {
		if (b < ' ' && b != '\t') || b == 0x7f {
			return nil, nil, false
		}
	}
	return name, trimSpace(value), true
}

func parseLength(v []byte) (int, bool) {
	if len(v) > 12 {
		return 0, false
	}
	n, ok := ParseDecimal(v)
	return int(n), ok
}

// ParseDecimal reads b as a non-negative decimal number of at most 18
// digits (nothing else, no sign).
func ParseDecimal(b []byte) (int64, bool) {
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

// lastCodingChunked reports whether the last non-empty element of a
// Transfer-Encoding list is chunked.
func lastCodingChunked(v []byte) bool {
	v = trimSpace(v)
	for len(v) > 0 && v[len(v)-1] == ',' {
		v = trimSpace(v[:len(v)-1])
	}
	for i := len(v) - 1; i >= 0; i-- {
		if v[i] == ',' {
			v = v[i+1:]
			break
		}
	}
	return EqualFold(trimSpace(v), "chunked")
}

// hasToken reports whether the comma-separated list v holds tok (lower
// case ASCII), ignoring case.
func hasToken(v []byte, tok string) bool {
	for len(v) > 0 {
		i := indexByte(v, ',')
		var item []byte
		if i < 0 {
			item, v = v, nil
		} else {
			item, v = v[:i], v[i+1:]
		}
		if EqualFold(trimSpace(item), tok) {
			return true
		}
	}
	return false
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// indexCRLF returns the index of the first "\r\n" in b at or after from,
// or -1. It looks for the '\n' with the vectorised bytes.IndexByte.
func indexCRLF(b []byte, from int) int {
	for i := from; i+1 < len(b); {
		j := bytes.IndexByte(b[i+1:], '\n')
		if j < 0 {
			return -1
		}
		k := i + 1 + j // b[k] is '\n', and k-1 >= from
		if b[k-1] == '\r' {
			return k - 1
		}
		i = k
	}
	return -1
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

// EqualFold compares b (a header field name or value) with the lower-case
// ASCII string s, ignoring case.
func EqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// isTokenChar reports whether c may appear in an HTTP token (RFC 9110 5.6.2).
func isTokenChar(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// QueryValue returns the value of key in the query string q (no decoding
// beyond what the knobs need: values are durations and numbers) and whether
// it was present. It does not allocate.
func QueryValue(q []byte, key string) ([]byte, bool) {
	for len(q) > 0 {
		i := indexByte(q, '&')
		var pair []byte
		if i < 0 {
			pair, q = q, nil
		} else {
			pair, q = q[:i], q[i+1:]
		}
		k, v := pair, []byte(nil)
		if e := indexByte(pair, '='); e >= 0 {
			k, v = pair[:e], pair[e+1:]
		}
		if string(k) == key {
			return v, true
		}
	}
	return nil, false
}
