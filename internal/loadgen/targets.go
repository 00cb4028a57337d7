package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
)

// Target is one request the generator sends: method, URL, headers, body.
type Target struct {
	Method string      `json:"method"`
	URL    string      `json:"url"`
	Header [][2]string `json:"header,omitempty"`
	Body   []byte      `json:"-"`
}

// Endpoint is where targets are sent: every target of one run shares it.
type Endpoint struct {
	Scheme string // http or https
	Host   string // as written in the URL (Host header)
	Addr   string // host:port to dial
}

// ParseURL checks a target URL: http or https, with a host. The error says
// what is wrong and how to write it.
func ParseURL(raw string) (*url.URL, Endpoint, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, Endpoint{}, fmt.Errorf("bad URL %q: write http://HOST[:PORT]/PATH (or https://)", raw)
	}
	if u.Hostname() == "" {
		return nil, Endpoint{}, fmt.Errorf("URL %q has no host: write http://HOST[:PORT]/PATH, e.g. http://127.0.0.1:8080/", raw)
	}
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return nil, Endpoint{}, fmt.Errorf("URL %q: port %q is not a number from 1 to 65535", raw, port)
	}
	return u, Endpoint{Scheme: u.Scheme, Host: u.Host, Addr: net.JoinHostPort(u.Hostname(), port)}, nil
}

// serialize writes the request as it goes on the wire, once, before the run.
func (t Target) serialize(u *url.URL) []byte {
	var b bytes.Buffer
	path := u.RequestURI()
	if path == "" {
		path = "/"
	}
	b.WriteString(t.Method)
	b.WriteByte(' ')
	b.WriteString(path)
	b.WriteString(" HTTP/1.1\r\nHost: ")
	b.WriteString(u.Host)
	b.WriteString("\r\n")
	hasUA, hasLen := false, false
	for _, h := range t.Header {
		switch strings.ToLower(h[0]) {
		case "host":
			continue // the URL's host is the Host header
		case "user-agent":
			hasUA = true
		case "content-length":
			hasLen = true
		}
		b.WriteString(h[0])
		b.WriteString(": ")
		b.WriteString(h[1])
		b.WriteString("\r\n")
	}
	if !hasUA {
		b.WriteString("User-Agent: waitlab\r\n")
	}
	if !hasLen && (len(t.Body) > 0 || t.Method == "POST" || t.Method == "PUT" || t.Method == "PATCH") {
		b.WriteString("Content-Length: ")
		b.WriteString(strconv.Itoa(len(t.Body)))
		b.WriteString("\r\n")
	}
	b.WriteString("\r\n")
	b.Write(t.Body)
	return b.Bytes()
}

// MaxBody caps a request body (--body @FILE, @ in a targets file), and
// MaxTargetsFile a targets file: a file given by mistake (/dev/zero, a
// disk image) is refused, not read without end.
const (
	MaxBody        = 16 << 20
	MaxTargetsFile = 16 << 20
)

// ReadFileLimit reads a file of at most limit bytes; a larger one is an
// error saying so, after reading at most limit+1 bytes. It is
// ReadFileContext without a context: a FIFO with no writer waits.
func ReadFileLimit(path string, limit int64) ([]byte, error) {
	return ReadFileContext(context.Background(), path, limit)
}

// ReadFileContext is ReadFileLimit whose wait on a FIFO, pipe or
// terminal ends with ctx (model.ReadFile: the error then wraps ctx.Err()).
func ReadFileContext(ctx context.Context, path string, limit int64) ([]byte, error) {
	return model.ReadFile(ctx, path, limit)
}

// ParseTargets reads a targets file. Entries are separated by blank lines;
// lines starting with # are comments. Each entry is:
//
//	METHOD URL
//	Header-Name: value        (any number of header lines)
//	@path/to/body             (optional: the body is that file, relative to dir)
//	= inline body text        (optional, instead of @: the rest of the line)
//
// readFile reads @ bodies (nil means os.ReadFile). The error names the line.
func ParseTargets(data []byte, dir string, readFile func(string) ([]byte, error)) ([]Target, error) {
	if readFile == nil {
		readFile = func(p string) ([]byte, error) { return ReadFileLimit(p, MaxBody) }
	}
	var out []Target
	var cur *Target
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), " \t\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "#"):
			continue
		case trimmed == "":
			cur = nil
			continue
		}
		if cur == nil {
			method, rawURL, ok := strings.Cut(trimmed, " ")
			rawURL = strings.TrimSpace(rawURL)
			if !ok || rawURL == "" || !validMethod(method) {
				return nil, fmt.Errorf("line %d: %q: an entry starts with METHOD URL, e.g. GET http://127.0.0.1:8080/", lineNo, trimmed)
			}
			if _, _, err := ParseURL(rawURL); err != nil {
				return nil, fmt.Errorf("line %d: %w", lineNo, err)
			}
			out = append(out, Target{Method: method, URL: rawURL})
			cur = &out[len(out)-1]
			continue
		}
		if cur.Body != nil {
			return nil, fmt.Errorf("line %d: the body (@file or = text) must be the entry's last line", lineNo)
		}
		switch {
		case strings.HasPrefix(trimmed, "@"):
			p := strings.TrimSpace(trimmed[1:])
			if p == "" {
				return nil, fmt.Errorf("line %d: @ needs a file name, e.g. @body.json", lineNo)
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			b, err := readFile(p)
			if err != nil {
				return nil, fmt.Errorf("line %d: body file: %w", lineNo, err)
			}
			if len(b) > MaxBody {
				return nil, fmt.Errorf("line %d: body file %s is larger than %d bytes", lineNo, p, MaxBody)
			}
			if b == nil {
				b = []byte{}
			}
			cur.Body = b
		case strings.HasPrefix(trimmed, "="):
			cur.Body = []byte(strings.TrimPrefix(strings.TrimPrefix(trimmed, "="), " "))
		default:
			name, val, ok := strings.Cut(trimmed, ":")
			name = strings.TrimSpace(name)
			if !ok || !validToken(name) || strings.ContainsAny(val, "\r\n") {
				return nil, fmt.Errorf("line %d: %q: write a header as Name: value, a body as @file or = text", lineNo, trimmed)
			}
			cur.Header = append(cur.Header, [2]string{name, strings.TrimSpace(val)})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", lineNo+1, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no targets: write at least one line METHOD URL, e.g. GET http://127.0.0.1:8080/")
	}
	return out, nil
}

func validMethod(m string) bool {
	if !validToken(m) {
		return false
	}
	for _, c := range m {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

func validToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("()<>@,;:\\\"/[]?={}", c) >= 0 {
			return false
		}
	}
	return true
}

// validFieldValue reports whether v may be a header field's value: visible
// characters, spaces and tabs, and bytes from 0x80 (RFC 9110, 5.5); never
// CR, LF, NUL or another control character.
func validFieldValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; (c < ' ' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// prepare checks that every target shares one endpoint and serializes them.
func prepare(targets []Target) (Endpoint, [][]byte, []bool, error) {
	var ep Endpoint
	reqs := make([][]byte, len(targets))
	heads := make([]bool, len(targets))
	for i, t := range targets {
		u, e, err := ParseURL(t.URL)
		if err != nil {
			return ep, nil, nil, err
		}
		if i == 0 {
			ep = e
		} else if e.Addr != ep.Addr || e.Scheme != ep.Scheme {
			return ep, nil, nil, fmt.Errorf("target %d (%s) is on %s://%s, the first on %s://%s: one run sends to one host:port",
				i+1, t.URL, e.Scheme, e.Addr, ep.Scheme, ep.Addr)
		}
		if t.Method == "" {
			t.Method = "GET"
		}
		// Everything written verbatim on the wire is checked: a space or
		// a CR LF in a method or a header would inject a request line or a
		// header of its own.
		if !validToken(t.Method) {
			return ep, nil, nil, model.NewFieldError("--method", "load.flag.method", t.Method)
		}
		for _, h := range t.Header {
			if !validToken(h[0]) || !validFieldValue(h[1]) {
				return ep, nil, nil, model.NewFieldError("--header", "load.flag.header", h[0]+": "+h[1])
			}
		}
		reqs[i] = t.serialize(u)
		heads[i] = t.Method == "HEAD"
	}
	return ep, reqs, heads, nil
}
