package loadgen

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTargets(t *testing.T) {
	files := map[string][]byte{"dir/body.json": []byte(`{"a":1}`)}
	read := func(p string) ([]byte, error) {
		if b, ok := files[p]; ok {
			return b, nil
		}
		return nil, errors.New("no such file")
	}
	in := `# two targets
GET http://127.0.0.1:8080/a
Accept: text/plain

POST http://127.0.0.1:8080/orders?x=1
Content-Type: application/json
@body.json

PUT http://127.0.0.1:8080/inline
= hello world
`
	ts, err := ParseTargets([]byte(in), "dir", read)
	if err != nil {
		t.Fatalf("ParseTargets = %v", err)
	}
	if len(ts) != 3 {
		t.Fatalf("ParseTargets gave %d targets; want 3", len(ts))
	}
	if ts[0].Method != "GET" || ts[0].Header[0] != [2]string{"Accept", "text/plain"} || ts[0].Body != nil {
		t.Errorf("target 1 = %+v", ts[0])
	}
	if ts[1].Method != "POST" || string(ts[1].Body) != `{"a":1}` {
		t.Errorf("target 2 = %+v, body %q", ts[1], ts[1].Body)
	}
	if string(ts[2].Body) != "hello world" {
		t.Errorf("target 3 body = %q; want hello world", ts[2].Body)
	}
	_, reqs, heads, err := prepare(ts)
	if err != nil {
		t.Fatalf("prepare = %v", err)
	}
	want := "POST /orders?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nUser-Agent: waitlab\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
	if string(reqs[1]) != want || heads[1] {
		t.Errorf("serialized request 2 = %q; want %q", reqs[1], want)
	}
}

func TestParseTargetsErrors(t *testing.T) {
	read := func(string) ([]byte, error) { return nil, errors.New("no such file") }
	for _, tt := range []struct{ in, want string }{
		{"", "no targets"},
		{"# only a comment\n", "no targets"},
		{"http://127.0.0.1/", "line 1"},
		{"get http://127.0.0.1/", "line 1"},
		{"GET /relative", "http://HOST"},
		{"GET http:///x", "no host"},
		{"GET http://127.0.0.1/\nBad Header loadreport.Line", "line 2"},
		{"GET http://127.0.0.1/\n@missing.json", "body file"},
		{"GET http://127.0.0.1/\n= body\nX: y", "last line"},
		{"GET ftp://127.0.0.1/", "http://"},
	} {
		_, err := ParseTargets([]byte(tt.in), ".", read)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseTargets(%q) = %v; want an error with %q", tt.in, err, tt.want)
		}
	}
}

func TestParseURL(t *testing.T) {
	for _, tt := range []struct {
		in, addr string
		bad      bool
	}{
		{"http://127.0.0.1:8080/x", "127.0.0.1:8080", false},
		{"http://localhost/", "localhost:80", false},
		{"https://[::1]/", "[::1]:443", false},
		{"http:///path", "", true},
		{"127.0.0.1:8080", "", true},
		{"http://127.0.0.1:99999/", "", true},
		{"", "", true},
	} {
		_, ep, err := ParseURL(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && ep.Addr != tt.addr) {
			t.Errorf("ParseURL(%q) = %q, %v; want %q, bad %v", tt.in, ep.Addr, err, tt.addr, tt.bad)
		}
	}
}

func TestPrepareRefusesTwoHosts(t *testing.T) {
	_, _, _, err := prepare([]Target{{Method: "GET", URL: "http://127.0.0.1:1/"}, {Method: "GET", URL: "http://127.0.0.1:2/"}})
	if err == nil {
		t.Error("prepare(two ports) = nil error; want one host:port per run")
	}
}

// FuzzParseTargets: any input either parses into targets whose requests
// serialize, or is an error naming a line; never a panic.
func FuzzParseTargets(f *testing.F) {
	for _, s := range []string{
		"GET http://127.0.0.1:8080/\nAccept: */*\n",
		"POST http://127.0.0.1/x\nContent-Type: text/plain\n= hi\n\nGET http://127.0.0.1/y\n",
		"# c\n\n\nDELETE http://h:1/p?q=1\n@b\n",
	} {
		f.Add(s)
	}
	read := func(string) ([]byte, error) { return []byte("body"), nil }
	f.Fuzz(func(t *testing.T, in string) {
		ts, err := ParseTargets([]byte(in), ".", read)
		if err != nil {
			return
		}
		for _, tg := range ts {
			u, _, err := ParseURL(tg.URL)
			if err != nil {
				t.Fatalf("ParseTargets accepted %q, which ParseURL refuses: %v", tg.URL, err)
			}
			req := tg.serialize(u)
			head, _, ok := strings.Cut(string(req), "\r\n\r\n")
			if !ok || strings.ContainsAny(head, "\n") && strings.Count(head, "\n") != strings.Count(head, "\r\n") {
				t.Fatalf("serialized request has a bare newline in its head: %q", req)
			}
		}
	})
}

// A figure over no samples is no data: a threshold on it is breached, the
// default error-rate rule stays unless an errors rule is stated, and a run
// with no finished request fails whatever the thresholds.
