package loadgen

import (
	"strings"
	"testing"
	"time"
)

// feedLoop parses wire as the event loop would, in reads of at most step
// bytes, and returns the recorded ok count, the error kinds and whether
// the request ended.
func feedLoop(wire string, step int, head bool) (ok int64, kinds [numKinds]int64, done bool) {
	g := &gen{cfg: &Config{Timeout: time.Second}, rec: newRecorder(1), reqs: [][]byte{nil}, heads: []bool{head}, t0: time.Now()}
	l := &loop{g: g}
	c := &econn{fd: -1, buf: make([]byte, maxHeader), state: stReading, measured: true, head: head}
	c.rr.Reset(head)
	if step <= 0 {
		step = len(wire) + 1
	}
	for len(wire) > 0 && c.state == stReading {
		if !l.room(c) {
			break
		}
		n := copy(c.buf[c.w:], wire[:min(step, len(wire))])
		wire = wire[n:]
		c.w += n
		c.got = true
		l.parse(c)
	}
	s := &g.rec.shards[0]
	return s.ok, s.kinds, c.state != stReading
}

func TestLoopParse(t *testing.T) {
	tests := []struct {
		name string
		wire string
		head bool
		ok   bool
		kind errKind
	}{
		{"content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", false, true, kindOK},
		{"chunked with trailer", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x\r\nhello\r\nA\r\n0123456789\r\n0\r\nX: 1\r\n\r\n", false, true, kindOK},
		{"interim 100", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", false, true, kindOK},
		{"head", "HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n", true, true, kindOK},
		{"not http", "SSH-2.0\r\n\r\n", false, false, kindBadResponse},
		{"bad chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", false, false, kindBadResponse},
		{"503", "HTTP/1.1 503 Busy\r\nContent-Length: 0\r\n\r\n", false, false, kindOK},
		// Issue 13, item 14: accounting holes.
		{"status 600", "HTTP/1.1 600 What\r\nContent-Length: 0\r\n\r\n", false, false, kindBadResponse},
		{"chunk without CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXY0\r\n\r\n", false, false, kindBadResponse},
		{"extra bytes after the response", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false, false, kindBadResponse},
	}
	for _, tt := range tests {
		for _, step := range []int{0, 1, 5} {
			if step > 0 && strings.HasPrefix(tt.name, "extra bytes") {
				continue // in pieces the response ends before the extra bytes come: see TestUnaskedBytesAreNoAnswer
			}
			ok, kinds, done := feedLoop(tt.wire, step, tt.head)
			if !done || (ok == 1) != tt.ok || (tt.kind != kindOK && kinds[tt.kind] != 1) {
				t.Errorf("%s (reads of %d): done %v, ok %d, kinds %v; want done, ok %v, kind %s", tt.name, step, done, ok, kinds, tt.ok, kindNames[tt.kind])
			}
		}
	}
}

// FuzzLoopParse: whatever the server sends, the loop's incremental parser
// neither panics nor records more than one result for one request.
func FuzzLoopParse(f *testing.F) {
	f.Add("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 3)
	f.Add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 1)
	f.Add("HTTP/1.1 200 OK\r\n\r\nuntil close", 4)
	f.Fuzz(func(t *testing.T, wire string, step int) {
		if step < 0 {
			step = -step
		}
		ok, kinds, _ := feedLoop(wire, step%64, false)
		var n int64 = ok
		for _, k := range kinds {
			n += k
		}
		if n > 1 {
			t.Errorf("one response recorded %d times (ok %d, kinds %v)", n, ok, kinds)
		}
	})
}
