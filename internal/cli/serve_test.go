package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/web"
)

// serve prints its URL and that it is loopback-only, serves the page and
// stops with exit 0 when its context ends.
func TestServePrintsItsURLAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	codec := make(chan int, 1)
	var errb strings.Builder
	go func() {
		codec <- Main(ctx, []string{"serve", "--listen", "127.0.0.1:0", "--lang", "ko"}, strings.NewReader(""), pw, &errb)
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	if !sc.Scan() {
		t.Fatalf("serve printed nothing; stderr %q", errb.String())
	}
	line := sc.Text()
	url, ok := strings.CutPrefix(line, "waitlab 실습: ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("first line = %q; want the lab's loopback URL", line)
	}
	if !sc.Scan() || !strings.Contains(sc.Text(), "루프백") {
		t.Errorf("second line = %q; want it to say the lab is loopback only", sc.Text())
	}
	go io.Copy(io.Discard, pr)
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `<html lang="ko">`) {
		t.Errorf("GET %s = %d; want the page in Korean (serve --lang ko)", url, resp.StatusCode)
	}
	cancel()
	if code := <-codec; code != 0 {
		t.Errorf("serve after its context ended = %d; want 0 (stderr %q)", code, errb.String())
	}
}

func TestServeRefusesBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "extra"}, "extra"},
		{[]string{"serve", "--listen", "nonsense"}, "--listen nonsense"},
		{[]string{"serve", "--lang", "fr"}, "--lang"},
	} {
		code, _, errs := run(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("Main(%s) = %d, %q; want 2 naming %q", strings.Join(tc.args, " "), code, errs, tc.want)
		}
	}
}

// The web API and the CLI say the same thing about the same bad input:
// both come from one FieldError and one catalog entry (the web's without
// the field's name in front: it is the problem's own field). Threads and
// requests are left out: the web lab says its own, narrower range; so is
// a time it cannot read, which the CLI explains in Go's syntax and the
// form in the times a person types ("2초", "2.5": issue 44).
func TestWebErrorsAreTheCLIs(t *testing.T) {
	s := web.New(web.Config{})
	for _, tc := range []struct {
		flag, value, field string
	}{
		{"--block-fraction", "1.5", "block_fraction"},
		{"--arrival", "sometimes", "arrival"},
		{"--placement", "every:0", "placement"},
	} {
		for _, lang := range []string{"en", "ko"} {
			_, _, errs := run(t, "sim", "--preset", "lab-pool", "--lang", lang, tc.flag, tc.value)
			v, _ := json.Marshal(tc.value)
			if tc.field == "block_fraction" {
				v = []byte(tc.value)
			}
			req := httptest.NewRequest(http.MethodPost, "/api/sim?lang="+lang, strings.NewReader(`{"preset":"lab-pool","`+tc.field+`":`+string(v)+`}`))
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			var p struct{ Field, Message string }
			_ = json.Unmarshal(rec.Body.Bytes(), &p)
			_, cliText, _ := strings.Cut(strings.TrimSpace(errs), ": ")
			_, cliMsg, _ := strings.Cut(cliText, ": ")
			webMsg := p.Message
			if rec.Code != 400 || p.Field != tc.field || cliMsg == "" || cliMsg != webMsg {
				t.Errorf("%s %s (%s): CLI says %q, web says %d %q %q; want the same message for field %s", tc.flag, tc.value, lang, errs, rec.Code, p.Field, p.Message, tc.field)
			}
		}
	}
}
