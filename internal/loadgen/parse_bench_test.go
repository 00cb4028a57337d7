package loadgen

import (
	"net"
	"testing"
	"time"
)

// echoConn answers each write with the same response.
type echoConn struct {
	resp []byte
	left []byte
}

func (e *echoConn) Read(p []byte) (int, error) {
	n := copy(p, e.left)
	e.left = e.left[n:]
	return n, nil
}
func (e *echoConn) Write(p []byte) (int, error)      { e.left = e.resp; return len(p), nil }
func (e *echoConn) Close() error                     { return nil }
func (e *echoConn) LocalAddr() net.Addr              { return &net.TCPAddr{} }
func (e *echoConn) RemoteAddr() net.Addr             { return &net.TCPAddr{} }
func (e *echoConn) SetDeadline(time.Time) error      { return nil }
func (e *echoConn) SetReadDeadline(time.Time) error  { return nil }
func (e *echoConn) SetWriteDeadline(time.Time) error { return nil }

func benchParse(b *testing.B, resp string) {
	c := newClient("unused", nil, time.Second)
	c.c = &echoConn{resp: []byte(resp)}
	req := []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	deadline := time.Now().Add(time.Hour)
	b.ReportAllocs()
	for b.Loop() {
		if st, _, k := c.roundTrip(req, false, deadline); st != 200 || k != kindOK {
			b.Fatal(st, k)
		}
	}
}

func BenchmarkParseLength(b *testing.B) {
	benchParse(b, "HTTP/1.1 200 OK\r\nServer: waitlab\r\nDate: Mon, 07 Dec 2026 02:40:01 GMT\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 5\r\n\r\nhello")
}

func BenchmarkParseChunked(b *testing.B) {
	benchParse(b, "HTTP/1.1 200 OK\r\nServer: waitlab\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
}
