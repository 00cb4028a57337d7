// Package downstream is the target server's far end: a delay server that
// answers a minimal subset of RESP (the Redis protocol: PING, ECHO, GET, SET,
// so redis-cli can talk to it) after an injected delay, a latency-injecting
// TCP proxy that puts the same delay in front of a real Redis, and the two
// clients the target uses to call them: a blocking one (a pool thread or a
// goroutine waits in read) and a non-blocking one whose socket an event loop
// watches with epoll.
//
// The RESP codec here is incremental and allocation-free on the reply path,
// like the HTTP parser: it reports "need more bytes" rather than blocking.
package downstream

import (
	"errors"
	"strconv"
)

// Protocol errors.
var (
	// ErrIncomplete: more bytes are needed.
	ErrIncomplete = errors.New("downstream: incomplete RESP message")
	// ErrProtocol: the bytes are not RESP.
	ErrProtocol = errors.New("downstream: RESP protocol error")
)

// maxBulk bounds bulk string and array lengths the codec accepts.
const (
	maxBulk  = 1 << 20
	maxArray = 64
	maxLine  = 64 << 10
)

// Kind is the type byte of a RESP reply.
type Kind byte

// RESP reply kinds.
const (
	Simple  Kind = '+'
	Error   Kind = '-'
	Integer Kind = ':'
	Bulk    Kind = '$'
	Array   Kind = '*'
)

// Reply is one parsed reply. Text points into the parse buffer: a simple
// string, an error message or a bulk string (Nil for a null bulk); Int is
// an integer reply or an array's length (array elements are skipped: the
// target only needs to know the call finished).
type Reply struct {
	Kind Kind
	Text []byte
	Int  int64
	Nil  bool
}

// ParseReply parses one reply from the start of buf and returns the bytes it
// used. It does not allocate.
func ParseReply(buf []byte, r *Reply) (int, error) {
	return parseReply(buf, r, 0)
}

func parseReply(buf []byte, r *Reply, depth int) (int, error) {
	if len(buf) == 0 {
		return 0, ErrIncomplete
	}
	if depth > 8 {
		return 0, ErrProtocol
	}
	line, next, err := readLine(buf, 1)
	if err != nil {
		return 0, err
	}
	*r = Reply{Kind: Kind(buf[0])}
	switch r.Kind {
	case Simple, Error:
		r.Text = line
		return next, nil
	case Integer:
		v, ok := parseInt(line)
		if !ok {
			return 0, ErrProtocol
		}
		r.Int = v
		return next, nil
	case Bulk:
		v, ok := parseInt(line)
		if !ok || v < -1 || v > maxBulk {
			return 0, ErrProtocol
		}
		if v == -1 {
			r.Nil = true
			return next, nil
		}
		end := next + int(v)
		if len(buf) < end+2 {
			return 0, ErrIncomplete
		}
		if buf[end] != '\r' || buf[end+1] != '\n' {
			return 0, ErrProtocol
		}
		r.Text = buf[next:end:end]
		return end + 2, nil
	case Array:
		v, ok := parseInt(line)
		if !ok || v < -1 || v > maxArray {
			return 0, ErrProtocol
		}
		r.Int = v
		if v == -1 {
			r.Nil = true
			return next, nil
		}
		p := next
		var el Reply
		for i := int64(0); i < v; i++ {
			n, err := parseReply(buf[p:], &el, depth+1)
			if err != nil {
				return 0, err
			}
			p += n
		}
		return p, nil
	}
	return 0, ErrProtocol
}

// Command is one parsed request: its arguments point into the parse buffer.
// Args has room for a fixed number of arguments so parsing does not
// allocate; commands with more arguments are protocol errors.
type Command struct {
	Args [8][]byte
	N    int
}

// Name returns the first argument.
func (c *Command) Name() []byte {
	if c.N == 0 {
		return nil
	}
	return c.Args[0]
}

// ParseCommand parses one client command: a RESP array of bulk strings
// (what redis clients send) or an inline command ("PING\r\n", what a
// person types over telnet). It returns the bytes used.
func ParseCommand(buf []byte, c *Command) (int, error) {
	if len(buf) == 0 {
		return 0, ErrIncomplete
	}
	c.N = 0
	if buf[0] != '*' {
		return parseInline(buf, c)
	}
	line, p, err := readLine(buf, 1)
	if err != nil {
		return 0, err
	}
	n, ok := parseInt(line)
	if !ok || n < 1 || n > int64(len(c.Args)) {
		return 0, ErrProtocol
	}
	for i := int64(0); i < n; i++ {
		if p >= len(buf) {
			return 0, ErrIncomplete
		}
		if buf[p] != '$' {
			return 0, ErrProtocol
		}
		line, next, err := readLine(buf[p:], 1)
		if err != nil {
			return 0, err
		}
		l, ok := parseInt(line)
		if !ok || l < 0 || l > maxBulk {
			return 0, ErrProtocol
		}
		start := p + next
		end := start + int(l)
		if len(buf) < end+2 {
			return 0, ErrIncomplete
		}
		if buf[end] != '\r' || buf[end+1] != '\n' {
			return 0, ErrProtocol
		}
		c.Args[c.N] = buf[start:end:end]
		c.N++
		p = end + 2
	}
	return p, nil
}

func parseInline(buf []byte, c *Command) (int, error) {
	line, next, err := readLine(buf, 0)
	if err != nil {
		return 0, err
	}
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if c.N == len(c.Args) {
			return 0, ErrProtocol
		}
		c.Args[c.N] = line[i:j:j]
		c.N++
		i = j
	}
	return next, nil
}

// readLine returns buf[from:] up to "\r\n" (or "\n") and the index after it.
func readLine(buf []byte, from int) (line []byte, next int, err error) {
	for i := from; i < len(buf); i++ {
		if buf[i] == '\n' {
			e := i
			if e > from && buf[e-1] == '\r' {
				e--
			}
			return buf[from:e:e], i + 1, nil
		}
		if i > maxLine {
			return nil, 0, ErrProtocol
		}
	}
	return nil, 0, ErrIncomplete
}

func parseInt(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	neg := false
	if b[0] == '-' {
		neg, b = true, b[1:]
		if len(b) == 0 {
			return 0, false
		}
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// AppendCommand appends args as a RESP array of bulk strings.
func AppendCommand(dst []byte, args ...string) []byte {
	dst = append(dst, '*')
	dst = strconv.AppendInt(dst, int64(len(args)), 10)
	dst = append(dst, '\r', '\n')
	for _, a := range args {
		dst = AppendBulk(dst, a)
	}
	return dst
}

// AppendBulk appends s as a RESP bulk string.
func AppendBulk[T string | []byte](dst []byte, s T) []byte {
	dst = append(dst, '$')
	dst = strconv.AppendInt(dst, int64(len(s)), 10)
	dst = append(dst, '\r', '\n')
	dst = append(dst, s...)
	return append(dst, '\r', '\n')
}
