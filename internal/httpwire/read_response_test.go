package httpwire

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/waitlab/waitlab/internal/httpwire/httpwiretest"
)

func TestParseResponseHead(t *testing.T) {
	tests := []struct {
		in   string
		want ResponseHead
		bad  bool
	}{
		{"HTTP/1.1 200 OK\r\n\r\n", ResponseHead{Status: 200, Length: -1}, false},
		{"HTTP/1.1 404\r\ncontent-LENGTH:  12 \r\n\r\n", ResponseHead{Status: 404, Length: 12}, false},
		{"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\nConnection: keep-alive, Close\r\n\r\n", ResponseHead{Status: 200, Length: -1, Chunked: true, Close: true}, false},
		{"HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\n", ResponseHead{Status: 200, Length: -1}, false},
		{"HTTP/1.0 200 OK\r\n\r\n", ResponseHead{Status: 200, Length: -1, Close: true}, false},
		{"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n", ResponseHead{Status: 200, Length: 3}, false},
		{"HTTP/1.1 2x0 OK\r\n\r\n", ResponseHead{}, true},
		{"HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", ResponseHead{}, true},
		{"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", ResponseHead{}, true},
		{"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", ResponseHead{}, true},
		{"HTTP/1.1 600 What\r\n\r\n", ResponseHead{}, true},
		{"HTTP/1.1 099 What\r\n\r\n", ResponseHead{}, true},
		{"HTTP/2.0 200 OK\r\n\r\n", ResponseHead{}, true},
		{"HTTP/1.1 2000 OK\r\n\r\n", ResponseHead{}, true},
	}
	for _, tt := range tests {
		got, err := ParseResponseHead([]byte(tt.in), nil)
		if (err != nil) != tt.bad || (!tt.bad && got != tt.want) {
			t.Errorf("ParseResponseHead(%q) = %+v, %v; want %+v, bad %v", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

// The fields that do not frame the response go to the callback, as sent.
func TestParseResponseHeadFields(t *testing.T) {
	var got []string
	_, err := ParseResponseHead([]byte("HTTP/1.1 200 OK\r\nX-Waitlab-Req:  42 \r\nContent-Length: 0\r\nServer: w\r\n\r\n"),
		func(name, value []byte) { got = append(got, string(name)+"="+string(value)) })
	if err != nil || strings.Join(got, ",") != "X-Waitlab-Req=42,Server=w" {
		t.Errorf("fields %q, %v; want X-Waitlab-Req=42,Server=w", got, err)
	}
}

// feedAll feeds wire to a reader step bytes at a time (all at once for
// 0), keeping the unconsumed rest as a client does, and returns the
// statuses of the responses read and how reading ended: "eof" when the
// bytes ran out between responses, "short" when in one, "bad" on an
// error. A reader that reaches the end inside a body that runs until
// close completes it.
func feedAll(wire string, step int, head bool) (statuses []int, end string) {
	var r ResponseReader
	r.Reset(head)
	var pending []byte
	in := []byte(wire)
	for {
		if len(in) == 0 {
			switch {
			case r.EOF():
				return append(statuses, r.Head.Status), "eof"
			case len(pending) == 0 && r.phase == rpHead:
				return statuses, "eof"
			}
			return statuses, "short"
		}
		k := len(in)
		if step > 0 {
			k = min(k, step)
		}
		pending, in = append(pending, in[:k]...), in[k:]
		for {
			n, err := r.Feed(pending, nil)
			if n < 0 || n > len(pending) {
				panic("Feed consumed out of range")
			}
			pending = pending[n:]
			if err != nil {
				return statuses, "bad"
			}
			if !r.Done() {
				break
			}
			statuses = append(statuses, r.Head.Status)
			r.Reset(head)
		}
	}
}

// The shared response cases (httpwiretest.Responses, which the load
// generator's client reads too), fed whole, byte by byte and in odd
// chunks.
func TestResponseReader(t *testing.T) {
	if MaxHeader != httpwiretest.MaxHeader {
		t.Fatalf("httpwiretest.MaxHeader %d; httpwire's is %d", httpwiretest.MaxHeader, MaxHeader)
	}
	for _, tt := range httpwiretest.Responses {
		for _, step := range []int{0, 1, 7} { // whole, byte by byte, odd chunks
			got, end := feedAll(tt.Stream(), step, tt.Head)
			if !slices.Equal(got, tt.Statuses) || end != tt.End {
				t.Errorf("%s (feeds of %d): statuses %v, end %s; want %v, end %s", tt.Name, step, got, end, tt.Statuses, tt.End)
			}
		}
	}
}

func TestResponseComplete(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", true},
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel", false},
		{"HTTP/1.1 200 OK\r\ncontent-length:0\r\n\r\n", true},
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n", false},
		{"HTTP/1.1 204 No Content\r\n\r\n", true},
		{"HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\nabc", false},
		{"HTTP/1.1 200 OK\r\n\r\nbody until close", false},
	} {
		if got := ResponseComplete([]byte(c.in), false); got != c.want {
			t.Errorf("ResponseComplete(%q) = %v; want %v", c.in, got, c.want)
		}
	}
}

func TestReadResponse(t *testing.T) {
	buf := make([]byte, MaxHeader)
	for _, c := range []struct {
		in     string
		status int
		err    error
	}{
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 200, nil},
		{"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 200, nil},
		{"HTTP/1.1 503 OK\r\nConnection: close\r\n\r\nuntil the end", 503, nil},
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel", 0, io.ErrUnexpectedEOF},
		{"garbage\r\n\r\n", 0, ErrBadResponse},
	} {
		h, err := ReadResponse(iotest.OneByteReader(strings.NewReader(c.in)), buf, false)
		if h.Status != c.status || err != c.err {
			t.Errorf("ReadResponse(%q) = %d, %v; want %d, %v", c.in, h.Status, err, c.status, c.err)
		}
	}
	// Bytes that arrive with the response, after it, were not asked for.
	if _, err := ReadResponse(strings.NewReader("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nab"), buf, false); err != ErrBadResponse {
		t.Errorf("ReadResponse with a byte after the body: %v; want ErrBadResponse", err)
	}
}

// A keep-alive response and its repeat, read through a head cache, cost
// no allocation.
func TestResponseReaderDoesNotAllocate(t *testing.T) {
	wire := []byte("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: b\r\n\r\nhello")
	var r ResponseReader
	r.Cache = &HeadCache{raw: make([]byte, 0, 128)}
	field := func(name, value []byte) {}
	allocs := testing.AllocsPerRun(100, func() {
		for _, f := range []func(name, value []byte){nil, field} {
			r.Reset(false)
			if n, err := r.Feed(wire, f); err != nil || n != len(wire) || !r.Done() {
				t.Fatalf("Feed = %d, %v, done %v", n, err, r.Done())
			}
		}
	})
	if allocs != 0 {
		t.Errorf("reading a response allocates %.1f times; want 0", allocs)
	}
}

// FuzzResponseReader feeds arbitrary bytes to the reader, whole and in
// pieces: it never panics, consumes within what it was given, reads the
// same responses however the bytes are split, and its head parse does
// not depend on whether the fields are asked for.
func FuzzResponseReader(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
		"HTTP/1.0 200 OK\r\n\r\nbody",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n",
		"HTTP/1.1 204 No Content\r\nX-Waitlab-Req: 3\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
	} {
		f.Add(s, 3, false)
	}
	f.Fuzz(func(t *testing.T, wire string, step int, head bool) {
		if step < 0 {
			step = -step
		}
		whole, end := feedAll(wire, 0, head)
		split, endSplit := feedAll(wire, 1+step%64, head)
		// A bad response may be seen before more of it arrives, or
		// after: only where reading stops for the good ones is the same.
		if !slices.Equal(whole, split) || (end != endSplit && end != "bad" && endSplit != "bad") {
			t.Fatalf("%q: whole %v %s, in pieces of %d %v %s", wire, whole, end, 1+step%64, split, endSplit)
		}
		// A complete response stays complete when more bytes follow it.
		if ResponseComplete([]byte(wire), head) && !ResponseComplete([]byte(wire+"more"), head) {
			t.Fatalf("ResponseComplete(%q) but not with more bytes after it", wire)
		}
		if e := responseHeadEnd([]byte(wire)); e >= 0 {
			b := []byte(wire)[:e]
			h1, err1 := ParseResponseHead(b, nil)
			h2, err2 := ParseResponseHead(b, func(name, value []byte) {
				if !bytes.Contains(b, name) || len(name) == 0 {
					t.Fatalf("field name %q not from the head", name)
				}
			})
			if h1 != h2 || (err1 == nil) != (err2 == nil) {
				t.Fatalf("ParseResponseHead(%q) = %+v, %v without fields, %+v, %v with", b, h1, err1, h2, err2)
			}
			if err1 == nil && (h1.Status < 100 || h1.Status > 599 || h1.Length < -1) {
				t.Fatalf("ParseResponseHead(%q) = %+v", b, h1)
			}
		}
	})
}

func TestIndexCRLF(t *testing.T) {
	for _, c := range []struct {
		in   string
		from int
		want int
	}{
		{"", 0, -1}, {"\r\n", 0, 0}, {"a\r\n", 0, 1}, {"a\r\n", 1, 1}, {"a\r\n", 2, -1}, {"\n\r\n", 0, 1},
		{"a\nb\r\r\n", 0, 4}, {"\r\n\r\n", 1, 2}, {"\r", 0, -1}, {"x\r\nx\r\n", 3, 4},
	} {
		if got := indexCRLF([]byte(c.in), c.from); got != c.want {
			t.Errorf("indexCRLF(%q, %d) = %d; want %d", c.in, c.from, got, c.want)
		}
	}
}

func TestResponseHeadEnd(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"a\r\n\r\n", 5}, {"\r\n\r\n", 4}, {"abc\r\n\r", -1}, {"HTTP/1.1 200 OK\r\nA: b\r\n\r\nbody", 25}, {strings.Repeat("x", 9) + "\r\n\r\n", 13},
		{"a\n\n", -1}, {"a\r\n\n\r\n\r\n", 8},
	} {
		if got := responseHeadEnd([]byte(tt.in)); got != tt.want {
			t.Errorf("responseHeadEnd(%q) = %d; want %d", tt.in, got, tt.want)
		}
	}
}

// FuzzIndexCRLF checks the vectorised search against the plain one.
func FuzzIndexCRLF(f *testing.F) {
	f.Add([]byte("a\r\nb\r\n"), 1)
	f.Fuzz(func(t *testing.T, b []byte, from int) {
		if from < 0 || from > len(b) {
			return
		}
		want := -1
		for i := from; i+1 < len(b); i++ {
			if b[i] == '\r' && b[i+1] == '\n' {
				want = i
				break
			}
		}
		if got := indexCRLF(b, from); got != want {
			t.Fatalf("indexCRLF(%q, %d) = %d; want %d", b, from, got, want)
		}
	})
}
