package httpwire

import (
	"strconv"
	"sync/atomic"
	"time"
)

// StatusText returns the reason phrase for the statuses waitlab's servers
// send ("Unknown" for others).
func StatusText(code int) string {
	switch code {
	case 100:
		return "Continue"
	case 200:
		return "OK"
	case 400:
		return "Bad Request"
	case 404:
		return "Not Found"
	case 405:
		return "Method Not Allowed"
	case 408:
		return "Request Timeout"
	case 413:
		return "Content Too Large"
	case 431:
		return "Request Header Fields Too Large"
	case 500:
		return "Internal Server Error"
	case 501:
		return "Not Implemented"
	case 502:
		return "Bad Gateway"
	case 503:
		return "Service Unavailable"
	}
	return "Unknown"
}

// Response is what AppendResponse writes.
type Response struct {
	Status int
	// ContentType defaults to "text/plain; charset=utf-8".
	ContentType string
	Body        []byte
	// Close adds "Connection: close".
	Close bool
	// KeepAlive adds "Connection: keep-alive": an HTTP/1.0 client whose
	// connection stays open must be told so (RFC 9112 section 9.3).
	KeepAlive bool
	// Allow, if set, is sent as the Allow field (with a 405).
	Allow string
	// HeadOnly writes the header (with the body's Content-Length) but not
	// the body, for HEAD requests.
	HeadOnly bool
	// Extra is written as is after the other header fields: whole lines,
	// each ending in CRLF (the target's scenario tags).
	Extra []byte
}

const defaultType = "text/plain; charset=utf-8"

// AppendResponse appends r in HTTP/1.1 wire form to dst and returns the
// extended slice. With a dst of enough capacity it does not allocate.
func AppendResponse(dst []byte, r *Response) []byte {
	dst = append(dst, "HTTP/1.1 "...)
	dst = strconv.AppendInt(dst, int64(r.Status), 10)
	dst = append(dst, ' ')
	dst = append(dst, StatusText(r.Status)...)
	dst = append(dst, "\r\nServer: waitlab\r\nDate: "...)
	dst = append(dst, date()...)
	dst = append(dst, "\r\nContent-Type: "...)
	if r.ContentType == "" {
		dst = append(dst, defaultType...)
	} else {
		dst = append(dst, r.ContentType...)
	}
	dst = append(dst, "\r\nContent-Length: "...)
	dst = strconv.AppendInt(dst, int64(len(r.Body)), 10)
	if r.Close {
		dst = append(dst, "\r\nConnection: close"...)
	} else if r.KeepAlive {
		dst = append(dst, "\r\nConnection: keep-alive"...)
	}
	if r.Allow != "" {
		dst = append(dst, "\r\nAllow: "...)
		dst = append(dst, r.Allow...)
	}
	dst = append(dst, "\r\n"...)
	dst = append(dst, r.Extra...)
	dst = append(dst, "\r\n"...)
	if !r.HeadOnly {
		dst = append(dst, r.Body...)
	}
	return dst
}

// dateCache holds the Date header value for one second, so formatting it
// costs one clock read per response and one allocation per second.
type dateCache struct {
	sec int64
	b   []byte
}

var cachedDate atomic.Pointer[dateCache]

// date returns the current time in IMF-fixdate form. Safe for concurrent use.
func date() []byte {
	now := time.Now()
	s := now.Unix()
	if c := cachedDate.Load(); c != nil && c.sec == s {
		return c.b
	}
	c := &dateCache{sec: s, b: now.UTC().AppendFormat(make([]byte, 0, 29), "Mon, 02 Jan 2006 15:04:05 GMT")}
	cachedDate.Store(c)
	return c.b
}
