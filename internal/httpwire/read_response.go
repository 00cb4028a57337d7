package httpwire

import (
	"bytes"
	"errors"
	"io"
)

// The client side: reading the responses to requests waitlab sends (the
// load generator's engines and the experiments' recipes). Like the
// request parser it is incremental and does not allocate: a
// ResponseReader is fed the bytes received so far, consumes what it can
// and says whether the response is complete.

// ErrBadResponse is a response that is not valid HTTP/1.x framing: a bad
// status line or header field, a bad chunk, a header block or chunk line
// larger than MaxHeader, or conflicting Content-Lengths.
var ErrBadResponse = errors.New("httpwire: malformed response")

// ResponseHead is what a response's status line and header fields say
// about the response and its framing.
type ResponseHead struct {
	Status int
	// Length is the Content-Length, -1 when absent.
	Length int64
	// Chunked: the Transfer-Encoding names chunked.
	Chunked bool
	// Close: the connection closes after this response ("Connection:
	// close", or HTTP/1.0 without "Connection: keep-alive").
	Close bool
}

// ParseResponseHead parses a complete header block (status line, header
// fields and the blank line, as HeaderEnd measures it) without
// allocating. field, when not nil, is given every header field that does
// not frame the response (name as sent, value without surrounding
// blanks); its arguments point into b.
func ParseResponseHead(b []byte, field func(name, value []byte)) (ResponseHead, error) {
	h := ResponseHead{Length: -1}
	// Status line: HTTP/1.x SP 3DIGIT [SP reason] CRLF
	if len(b) < 12 || string(b[:7]) != "HTTP/1." || b[8] != ' ' {
		return h, ErrBadResponse
	}
	http10 := b[7] == '0'
	for i := 9; i < 12; i++ {
		if b[i] < '0' || b[i] > '9' {
			return h, ErrBadResponse
		}
		h.Status = h.Status*10 + int(b[i]-'0')
	}
	if len(b) > 12 && b[12] != ' ' && b[12] != '\r' {
		return h, ErrBadResponse
	}
	if h.Status < 100 || h.Status > 599 {
		return h, ErrBadResponse // not an HTTP status (RFC 9110, 15)
	}
	keepAlive := false
	p := indexCRLF(b, 0)
	if p < 0 {
		return h, ErrBadResponse
	}
	p += 2
	for p < len(b) {
		e := indexCRLF(b[p:], 0)
		if e < 0 {
			return h, ErrBadResponse
		}
		line := b[p : p+e]
		p += e + 2
		if len(line) == 0 {
			break
		}
		colon := indexByte(line, ':')
		if colon <= 0 {
			return h, ErrBadResponse
		}
		name, val := line[:colon], trimSpace(line[colon+1:])
		switch {
		case EqualFold(name, "content-length"):
			n, ok := ParseDecimal(val)
			if !ok || (h.Length >= 0 && h.Length != n) {
				return h, ErrBadResponse
			}
			h.Length = n
		case EqualFold(name, "transfer-encoding"):
			if hasToken(val, "chunked") {
				h.Chunked = true
			}
		case EqualFold(name, "connection"):
			if hasToken(val, "close") {
				h.Close = true
			}
			if hasToken(val, "keep-alive") {
				keepAlive = true
			}
		case field != nil:
			field(name, val)
		}
	}
	if http10 && !keepAlive {
		h.Close = true
	}
	return h, nil
}

// Phases of a response being read.
const (
	rpHead uint8 = iota
	rpLength
	rpChunkSize
	rpChunkData
	rpChunkEnd // the CRLF after a chunk's data
	rpTrailer
	rpToClose
	rpDone
)

// ResponseReader reads one response incrementally: Reset it for each
// request, then Feed it the bytes as they arrive. The zero value is ready
// for a request that is not HEAD.
type ResponseReader struct {
	// Head is the head of the response once it is read (the final one,
	// after any 1xx interim responses).
	Head ResponseHead
	// Cache, when set, remembers the last head parsed (see HeadCache);
	// Reset keeps it.
	Cache *HeadCache

	phase  uint8
	noBody bool  // the request was HEAD
	remain int64 // body bytes (or a chunk's) still to come
}

// HeadCache remembers the last response head parsed and what it said: a
// response that begins with the same bytes has the same head (its first
// blank line is at the same place, and ParseResponseHead depends on
// nothing else), so a server's repeated answer costs one comparison
// instead of the scan and the parse. One cache may serve the readers of
// one goroutine.
type HeadCache struct {
	raw  []byte
	head ResponseHead
}

// Reset readies r for the response to the next request; head says the
// request was HEAD (its response has no body, whatever its header says).
func (r *ResponseReader) Reset(head bool) {
	*r = ResponseReader{Cache: r.Cache, noBody: head}
}

// Done reports whether the response is complete.
func (r *ResponseReader) Done() bool { return r.phase == rpDone }

// UntilClose reports whether the body runs to the end of the connection
// (no Content-Length, not chunked): the end of stream completes it (see
// EOF).
func (r *ResponseReader) UntilClose() bool { return r.phase == rpToClose }

// EOF tells r the connection ended and reports whether that completes the
// response (its body ran to the end of the connection). Head.Close is
// then set.
func (r *ResponseReader) EOF() bool {
	if r.phase != rpToClose {
		return false
	}
	r.phase, r.Head.Close = rpDone, true
	return true
}

// Feed parses the bytes b, received after those already consumed, and
// returns how many it consumed. When the response is complete (Done),
// b[n:] are bytes after it. Otherwise b[n:] is the start of a header
// block or chunk line that is not whole yet: the caller keeps it and
// feeds it again with the bytes that follow. field is as for
// ParseResponseHead (nil skips the fields; only then is Cache used).
// With an error the response is bad and r must be Reset.
func (r *ResponseReader) Feed(b []byte, field func(name, value []byte)) (n int, err error) {
	for n < len(b) || r.phase == rpDone {
		rest := b[n:]
		switch r.phase {
		case rpDone:
			return n, nil
		case rpHead:
			e, h, err := r.head(rest, field)
			if err != nil || e < 0 {
				return n, err
			}
			n += e
			if h.Status < 200 {
				continue // an interim answer: the real one follows
			}
			r.Head = h
			switch {
			case r.noBody || h.Status == 204 || h.Status == 304 || h.Length == 0:
				r.phase = rpDone
			case h.Chunked:
				r.phase = rpChunkSize
			case h.Length > 0:
				r.phase, r.remain = rpLength, h.Length
			default:
				r.phase = rpToClose
			}
		case rpLength, rpChunkData:
			take := min(int64(len(rest)), r.remain)
			n += int(take)
			r.remain -= take
			if r.remain > 0 {
				return n, nil
			}
			if r.phase == rpLength {
				r.phase = rpDone
			} else {
				r.phase = rpChunkEnd
			}
		case rpChunkEnd:
			if len(rest) < 2 {
				if rest[0] != '\r' {
					return n, ErrBadResponse
				}
				return n, nil
			}
			if rest[0] != '\r' || rest[1] != '\n' {
				return n, ErrBadResponse // chunk data without its CRLF
			}
			n += 2
			r.phase = rpChunkSize
		case rpChunkSize, rpTrailer:
			e := indexCRLF(rest, 0)
			if e < 0 {
				if len(rest) >= MaxHeader {
					return n, ErrBadResponse
				}
				return n, nil
			}
			line := rest[:e]
			n += e + 2
			if r.phase == rpTrailer {
				if len(line) == 0 {
					r.phase = rpDone
				}
				continue
			}
			size, ok := parseChunkSize(line)
			switch {
			case !ok:
				return n, ErrBadResponse
			case size == 0:
				r.phase = rpTrailer
			default:
				r.phase, r.remain = rpChunkData, size
			}
		case rpToClose:
			return len(b), nil
		}
	}
	return n, nil
}

// head finds and parses the header block at the start of b: its length
// (-1 when it is not whole yet) and what it says.
func (r *ResponseReader) head(b []byte, field func(name, value []byte)) (int, ResponseHead, error) {
	c := r.Cache
	if c != nil && field == nil {
		if e := len(c.raw); e > 0 && len(b) >= e && string(b[:e]) == string(c.raw) {
			return e, c.head, nil
		}
	}
	e := responseHeadEnd(b)
	if e < 0 {
		if len(b) >= MaxHeader {
			return -1, ResponseHead{}, ErrBadResponse
		}
		return -1, ResponseHead{}, nil
	}
	if e > MaxHeader {
		return -1, ResponseHead{}, ErrBadResponse
	}
	h, err := ParseResponseHead(b[:e], field)
	if err != nil {
		return -1, h, err
	}
	if c != nil && field == nil {
		c.raw, c.head = append(c.raw[:0], b[:e]...), h
	}
	return e, h, nil
}

// responseHeadEnd returns the length of the header block at the start of
// b including its final blank line ("\r\n\r\n"), or -1 when it is not
// complete yet.
func responseHeadEnd(b []byte) int {
	if i := bytes.Index(b, crlfcrlf); i >= 0 {
		return i + 4
	}
	return -1
}

var crlfcrlf = []byte("\r\n\r\n")

// ResponseComplete reports whether b begins with one whole response to a
// request (HEAD when head): for a caller that keeps a response's bytes
// together and asks again as they grow. A bad response is not complete.
func ResponseComplete(b []byte, head bool) bool {
	var r ResponseReader
	r.Reset(head)
	_, err := r.Feed(b, nil)
	return err == nil && r.Done()
}

// ReadResponse reads one response to a request (HEAD when head) from
// src, with buf as its buffer (MaxHeader bytes hold any head), and
// returns its head. Bytes after the response are ErrBadResponse.
func ReadResponse(src io.Reader, buf []byte, head bool) (ResponseHead, error) {
	var r ResponseReader
	r.Reset(head)
	w := 0
	for {
		n, err := r.Feed(buf[:w], nil)
		if err != nil {
			return ResponseHead{}, err
		}
		if r.Done() {
			if n < w {
				return r.Head, ErrBadResponse
			}
			return r.Head, nil
		}
		w = copy(buf, buf[n:w])
		if w == len(buf) {
			return ResponseHead{}, ErrBadResponse
		}
		m, err := src.Read(buf[w:])
		w += m
		if err != nil && m == 0 {
			if err == io.EOF {
				if r.EOF() {
					return r.Head, nil
				}
				err = io.ErrUnexpectedEOF
			}
			return ResponseHead{}, err
		}
	}
}

// parseChunkSize reads a chunk-size line: hex digits, then optionally
// chunk extensions after ';' (or blanks).
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
