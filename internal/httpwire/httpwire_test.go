package httpwire

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		n         int // bytes consumed; -1 = whole input
		err       error
		method    string
		path      string
		query     string
		body      string
		close     bool
		minor     int
		headerLen int
	}{
		{name: "simple", in: "GET / HTTP/1.1\r\nHost: x\r\n\r\n", n: -1, method: "GET", path: "/", minor: 1},
		{name: "query", in: "GET /a?wait=50ms&cpu=1ms HTTP/1.1\r\nHost: x\r\n\r\n", n: -1, method: "GET", path: "/a", query: "wait=50ms&cpu=1ms", minor: 1},
		{name: "close", in: "GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n", n: -1, method: "GET", path: "/", close: true, minor: 1},
		{name: "close in list", in: "GET / HTTP/1.1\r\nHost: x\r\nConnection: upgrade, close\r\n\r\n", n: -1, method: "GET", path: "/", close: true, minor: 1},
		{name: "http/1.0 closes", in: "GET / HTTP/1.0\r\n\r\n", n: -1, method: "GET", path: "/", close: true},
		{name: "http/1.0 keep-alive", in: "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", n: -1, method: "GET", path: "/"},
		{name: "body", in: "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", n: -1, method: "POST", path: "/p", body: "hello", minor: 1},
		{name: "pipelined", in: "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n", n: 28, method: "GET", path: "/1", minor: 1},
		{name: "bare LF", in: "GET / HTTP/1.1\nHost: x\n\n", n: -1, method: "GET", path: "/", minor: 1},
		{name: "leading blank lines", in: "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", n: -1, method: "GET", path: "/", minor: 1},
		{name: "partial header", in: "GET / HTTP/1.1\r\nHost: x\r\n", err: ErrIncomplete},
		{name: "partial body", in: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc", err: ErrIncomplete},
		{name: "partial method", in: "GE", err: ErrIncomplete},
		{name: "garbage", in: "\x16\x03\x01\x02\x00", err: ErrMalformed},
		{name: "no version", in: "GET /\r\n\r\n", err: ErrMalformed},
		{name: "bad version", in: "GET / HTTP/2.0\r\n\r\n", err: ErrMalformed},
		{name: "bad field", in: "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", err: ErrMalformed},
		{name: "space before colon", in: "GET / HTTP/1.1\r\nHost : x\r\n\r\n", err: ErrMalformed},
		{name: "bad length", in: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", err: ErrMalformed},
		{name: "conflicting lengths", in: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", err: ErrMalformed},
		{name: "chunked", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", err: ErrUnsupported},
		{name: "chunked and length", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", err: ErrMalformed},
		// Issue 19, fault 7 (RFC 9112 section 6.3): every Transfer-Encoding
		// that does not end in chunked is 400, and so is any with a length.
		{name: "identity", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n", err: ErrMalformed},
		{name: "identity and length", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\nContent-Length: 3\r\n\r\nabc", err: ErrMalformed},
		{name: "empty and length", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\nContent-Length: 3\r\n\r\nabc", err: ErrMalformed},
		{name: "empty", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \r\n\r\n", err: ErrMalformed},
		{name: "gzip only", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", err: ErrMalformed},
		{name: "chunked then gzip", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", err: ErrMalformed},
		{name: "gzip then chunked", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", err: ErrUnsupported},
		{name: "chunked, trailing comma", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked,\r\n\r\n", err: ErrUnsupported},
		{name: "two fields, last identity", in: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n", err: ErrMalformed},
		{name: "body too large", in: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", err: ErrBodyTooLarge},
		{name: "header too large", in: "GET / HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("a", MaxHeader) + "\r\n\r\n", err: ErrHeaderTooLarge},
		{name: "no host in 1.1", in: "GET / HTTP/1.1\r\n\r\n", err: ErrMalformed},
		{name: "two hosts", in: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", err: ErrMalformed},
		{name: "two hosts in 1.0", in: "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", err: ErrMalformed},
		{name: "empty host", in: "GET / HTTP/1.1\r\nHost:\r\n\r\n", n: -1, method: "GET", path: "/", minor: 1},
		{name: "unknown method", in: "FOOBAR / HTTP/1.1\r\nHost: x\r\n\r\n", err: ErrMethod},
		{name: "long method", in: strings.Repeat("M", 4000) + " / HTTP/1.1\r\nHost: x\r\n\r\n", err: ErrMethod},
		{name: "connect", in: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", err: ErrMethod},
		{name: "trace", in: "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", err: ErrMethodNotAllowed},
		{name: "delete", in: "DELETE /x HTTP/1.1\r\nHost: x\r\n\r\n", n: -1, method: "DELETE", path: "/x", minor: 1},
		{name: "header too large, incomplete", in: "GET / HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("a", MaxHeader+10), err: ErrHeaderTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Request
			n, err := Parse([]byte(tt.in), &r)
			if err != tt.err {
				t.Fatalf("Parse(%q) error = %v; want %v", tt.in, err, tt.err)
			}
			if err != nil {
				return
			}
			want := tt.n
			if want < 0 {
				want = len(tt.in)
			}
			if n != want {
				t.Errorf("Parse(%q) n = %d; want %d", tt.in, n, want)
			}
			if string(r.Method) != tt.method || string(r.Path) != tt.path || string(r.Query) != tt.query || string(r.Body) != tt.body {
				t.Errorf("Parse(%q) = method %q path %q query %q body %q; want %q %q %q %q", tt.in, r.Method, r.Path, r.Query, r.Body, tt.method, tt.path, tt.query, tt.body)
			}
			if r.Close != tt.close || r.Minor != tt.minor {
				t.Errorf("Parse(%q) close=%v minor=%d; want close=%v minor=%d", tt.in, r.Close, r.Minor, tt.close, tt.minor)
			}
		})
	}
}

// Every prefix of a valid request is incomplete, never an error.
func TestParseIncremental(t *testing.T) {
	in := []byte("POST /x?y=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc")
	var r Request
	for i := 0; i < len(in); i++ {
		if _, err := Parse(in[:i], &r); err != ErrIncomplete {
			t.Fatalf("Parse(%q) error = %v; want ErrIncomplete", in[:i], err)
		}
	}
	if n, err := Parse(in, &r); err != nil || n != len(in) {
		t.Fatalf("Parse(full) = %d, %v; want %d, nil", n, err, len(in))
	}
}

func TestWantsContinue(t *testing.T) {
	var r Request
	in := "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"
	if _, err := Parse([]byte(in), &r); err != ErrIncomplete || !r.WantsContinue() {
		t.Errorf("Parse(%q) = %v, WantsContinue %v; want ErrIncomplete, true", in, err, r.WantsContinue())
	}
	if _, err := Parse([]byte(in[:20]), &r); err != ErrIncomplete || r.WantsContinue() {
		t.Errorf("Parse(partial header) WantsContinue = %v; want false", r.WantsContinue())
	}
	if _, err := Parse([]byte(in+"body"), &r); err != nil {
		t.Errorf("Parse(with body) = %v", err)
	}
}

func TestParseDoesNotAllocate(t *testing.T) {
	in := []byte("GET /?wait=1ms HTTP/1.1\r\nHost: localhost\r\nUser-Agent: x\r\nAccept: */*\r\nConnection: keep-alive\r\n\r\n")
	var r Request
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := Parse(in, &r); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Parse allocates %v times per call; want 0", allocs)
	}
}

func TestAppendResponseReadsBack(t *testing.T) {
	for _, tc := range []Response{
		{Status: 200, Body: []byte("hello\n")},
		{Status: 503, Body: []byte("busy\n"), Close: true},
		{Status: 431, Close: true},
		{Status: 200, ContentType: "text/plain; version=0.0.4", Body: []byte("# metrics\n")},
	} {
		b := AppendResponse(nil, &tc)
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(b)), nil)
		if err != nil {
			t.Fatalf("http.ReadResponse(AppendResponse(%d)) error = %v\n%s", tc.Status, err, b)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != tc.Status || string(body) != string(tc.Body) || resp.Close != tc.Close {
			t.Errorf("AppendResponse(%d) reads back as %d %q close=%v; want %d %q close=%v", tc.Status, resp.StatusCode, body, resp.Close, tc.Status, tc.Body, tc.Close)
		}
		if resp.Header.Get("Date") == "" {
			t.Errorf("AppendResponse(%d) has no Date header", tc.Status)
		}
	}
}

func TestAppendResponseDoesNotAllocate(t *testing.T) {
	dst := make([]byte, 0, 512)
	r := Response{Status: 200, Body: []byte("hello")}
	date() // warm the cache
	allocs := testing.AllocsPerRun(100, func() { dst = AppendResponse(dst[:0], &r) })
	if allocs > 0.05 { // a new second may cost one allocation
		t.Errorf("AppendResponse allocates %v times per call; want 0", allocs)
	}
}

func TestQueryValue(t *testing.T) {
	q := []byte("wait=50ms&cpu=1ms&flag&empty=")
	for _, tc := range []struct {
		key, want string
		ok        bool
	}{{"wait", "50ms", true}, {"cpu", "1ms", true}, {"flag", "", true}, {"empty", "", true}, {"none", "", false}} {
		v, ok := QueryValue(q, tc.key)
		if string(v) != tc.want || ok != tc.ok {
			t.Errorf("QueryValue(%q, %q) = %q, %v; want %q, %v", q, tc.key, v, ok, tc.want, tc.ok)
		}
	}
}

func TestStatusOf(t *testing.T) {
	for err, want := range map[error]int{nil: 0, ErrIncomplete: 0, ErrMalformed: 400, ErrHeaderTooLarge: 431, ErrBodyTooLarge: 413, ErrUnsupported: 501} {
		if got := StatusOf(err); got != want {
			t.Errorf("StatusOf(%v) = %d; want %d", err, got, want)
		}
	}
}

// FuzzParse checks Parse never panics, consumes exactly header + body,
// parses the same request when more bytes follow, and never succeeds on a
// strict prefix of what it accepted.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /p?a=b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
		"GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET / HTTP/1.1\nHost: x\nX: y\n\n",
		"\r\nGET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx",
		"FOO / HTTP/1.1\r\nHost: x\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var r Request
		n, err := Parse(in, &r)
		// HeaderDone is false exactly where Parse still waits for header
		// bytes.
		if !HeaderDone(in) && (err != ErrIncomplete || r.HeaderLen != 0) {
			t.Fatalf("HeaderDone(%q) = false but Parse = %v (header %d)", in, err, r.HeaderLen)
		}
		if HeaderDone(in) && err == ErrIncomplete && r.HeaderLen == 0 {
			t.Fatalf("HeaderDone(%q) = true but Parse waits for the header", in)
		}
		if err != nil {
			if n != 0 {
				t.Fatalf("Parse(%q) = %d with error %v; want 0", in, n, err)
			}
			return
		}
		if n <= 0 || n > len(in) {
			t.Fatalf("Parse(%q) n = %d out of range", in, n)
		}
		if r.HeaderLen+r.ContentLength != n || len(r.Body) != r.ContentLength {
			t.Fatalf("Parse(%q): header %d + body %d != n %d", in, r.HeaderLen, r.ContentLength, n)
		}
		// The same bytes followed by more bytes parse the same request.
		more := append(append([]byte{}, in[:n]...), "GET / HTTP/1.1\r\n"...)
		var r2 Request
		if n2, err := Parse(more, &r2); err != nil || n2 != n {
			t.Fatalf("Parse(%q + more) = %d, %v; want %d, nil", in[:n], n2, err, n)
		}
		// Every strict prefix is incomplete or (for the header) malformed
		// garbage detected early, never success.
		for i := 0; i < n; i++ {
			if _, err := Parse(in[:i], &r2); err == nil {
				t.Fatalf("Parse(prefix %q of %q) succeeded", in[:i], in[:n])
			}
		}
	})
}

// FuzzQueryValue checks QueryValue never panics and returns a sub-slice.
func FuzzQueryValue(f *testing.F) {
	f.Add([]byte("wait=50ms&cpu=1ms"), "wait")
	f.Add([]byte("&&=&a"), "a")
	f.Fuzz(func(t *testing.T, q []byte, key string) {
		v, ok := QueryValue(q, key)
		if !ok && v != nil {
			t.Fatalf("QueryValue(%q, %q) = %q, false", q, key, v)
		}
		if len(v) > len(q) {
			t.Fatalf("QueryValue(%q, %q) = %q longer than input", q, key, v)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	in := []byte("GET / HTTP/1.1\r\nHost: localhost:8080\r\nUser-Agent: wrk\r\nAccept: */*\r\n\r\n")
	var r Request
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(in, &r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendResponse(b *testing.B) {
	dst := make([]byte, 0, 512)
	r := Response{Status: 200, Body: []byte("hello, world\n")}
	b.ReportAllocs()
	for b.Loop() {
		dst = AppendResponse(dst[:0], &r)
	}
}
