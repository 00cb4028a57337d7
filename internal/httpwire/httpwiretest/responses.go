// Package httpwiretest holds the HTTP/1.1 response cases that the
// response reader's own tests (internal/httpwire) and the load
// generator's client tests (internal/loadgen) both read: one table, so a
// framing case added for one is tested by both.
package httpwiretest

import "strings"

// MaxHeader is httpwire.MaxHeader (a head larger than it is refused).
const MaxHeader = 8 << 10

// Response is a server's bytes on one connection and what a reader makes
// of them.
type Response struct {
	Name string
	// Wire is what the server sends, with "|" between the answers to
	// successive requests (a client test sends a request before each;
	// a reader test reads them as one stream).
	Wire string
	// Head: the requests are HEAD (a response has no body).
	Head bool
	// Statuses are the final statuses read, in order.
	Statuses []int
	// End is how reading ends after them: "eof" when the bytes ran out
	// between responses (or ended a body that runs until close), "short"
	// when they ran out inside one, "bad" on a framing error.
	End string
	// Closes: the last response ends the connection (Connection: close,
	// HTTP/1.0, a body until close), so a client reads no further.
	Closes bool
}

// Stream is r's wire as one stream of bytes.
func (r Response) Stream() string { return strings.ReplaceAll(r.Wire, "|", "") }

// Responses are the cases.
var Responses = []Response{
	{"content-length keep-alive", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello|HTTP/1.1 503 No\r\nContent-Length: 0\r\n\r\n", false, []int{200, 503}, "eof", false},
	{"chunked with extension and trailer", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\nA\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\n|HTTP/1.1 201 OK\r\nContent-Length: 1\r\n\r\nx", false, []int{200, 201}, "eof", false},
	{"connection close", "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi", false, []int{200}, "eof", true},
	{"http/1.0 without keep-alive closes", "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi", false, []int{200}, "eof", true},
	{"body to end of connection", "HTTP/1.1 200 OK\r\n\r\nall of this is body", false, []int{200}, "eof", true},
	{"interim 100 then 200", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false, []int{200}, "eof", false},
	{"head has no body", "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n|HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", true, []int{200, 200}, "eof", false},
	{"204 has no body", "HTTP/1.1 204 No Content\r\n\r\n|HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false, []int{204, 200}, "eof", false},
	{"not http", "SSH-2.0-OpenSSH\r\n\r\n", false, nil, "bad", false},
	{"truncated body", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", false, nil, "short", false},
	{"truncated head", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n", false, nil, "short", false},
	{"bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", false, nil, "bad", false},
	// Issue 13, item 14: accounting holes.
	{"status 600 is no HTTP status", "HTTP/1.1 600 What\r\nContent-Length: 0\r\n\r\n", false, nil, "bad", false},
	{"status 099 is no HTTP status", "HTTP/1.1 099 What\r\nContent-Length: 0\r\n\r\n", false, nil, "bad", false},
	{"chunk data without its CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXY0\r\n\r\n", false, nil, "bad", false},
	{"conflicting lengths", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", false, nil, "bad", false},
	{"head too large", "HTTP/1.1 200 OK\r\nX: " + strings.Repeat("x", MaxHeader) + "\r\n\r\n", false, nil, "bad", false},
	{"chunk line too long", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;" + strings.Repeat("x", MaxHeader), false, nil, "bad", false},
}
