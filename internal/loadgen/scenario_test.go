package loadgen

import (
	"bufio"
	"strings"
	"testing"
)

func TestReadHeadTags(t *testing.T) {
	in := "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nX-Waitlab-Req: 17\r\nX-Waitlab-Class: blocking\r\nX-Waitlab-Loop: 2\r\n\r\nok\n"
	br := bufio.NewReader(strings.NewReader(in))
	tg := tags{index: -1, loop: -1}
	status, length, closeAfter, err := readHead(br, &tg)
	if err != nil || status != 200 || length != 3 || closeAfter || tg.index != 17 || tg.class != "blocking" || tg.loop != 2 {
		t.Errorf("readHead = %d, %d, %v, %v, %+v", status, length, closeAfter, err, tg)
	}
	for _, bad := range []string{"SSH-2.0\r\n\r\n", "HTTP/1.1 abc OK\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.1 200 OK\r\nnocolon\r\n\r\n"} {
		tg := tags{}
		if _, _, _, err := readHead(bufio.NewReader(strings.NewReader(bad)), &tg); err == nil {
			t.Errorf("readHead(%q) accepted it", bad)
		}
	}
}

func TestAppendRequestCarriesTheIndex(t *testing.T) {
	g := &scenarioGen{path: "/p", query: "a=1", host: "h:1"}
	got := string(g.appendRequest(nil, 42))
	if !strings.HasPrefix(got, "GET /p?a=1&req=42 HTTP/1.1\r\nHost: h:1\r\n") || !strings.HasSuffix(got, "\r\n\r\n") {
		t.Errorf("appendRequest = %q", got)
	}
}

func FuzzReadHead(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Waitlab-Req: 1\r\n\r\nok"))
	f.Add([]byte("HTTP/1.0 503 x\r\nConnection: close\r\n\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tg := tags{index: -1, loop: -1}
		_, length, _, err := readHead(bufio.NewReader(strings.NewReader(string(b))), &tg)
		if err == nil && length < 0 {
			t.Fatalf("negative length %d accepted from %q", length, b)
		}
	})
}
