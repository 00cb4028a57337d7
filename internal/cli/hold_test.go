package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// runBounded is run with a bound on its time: a command that does not
// return within it fails the test instead of hanging it.
func runBounded(t *testing.T, bound time.Duration, args ...string) (int, string, string) {
	t.Helper()
	type out struct {
		code           int
		stdout, stderr string
	}
	done := make(chan out, 1)
	go func() {
		c, o, e := run(t, args...)
		done <- out{c, o, e}
	}()
	select {
	case o := <-done:
		return o.code, o.stdout, o.stderr
	case <-time.After(bound):
		t.Fatalf("waitlab %s did not return within %v", strings.Join(args, " "), bound)
		return 0, "", ""
	}
}

// Issue 19, faults 1, 3, 8, 9: each reproduction exits 2 at once, naming
// the flag, with a message free of formatting faults.
func TestSweepReproductionsRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"load", "--rate", "10", "--duration", "1s", "--start-at", "17646144000", srv.URL}, "--start-at"},
		{[]string{"load", "--rate", "10", "--duration", "1s", "--start-at", "1600-01-01T00:00:00Z", srv.URL}, "--start-at"},
		{[]string{"load", "--vus", "1", "--duration", "1s", "--start-at", "2000-01-01T00:00:00Z", srv.URL}, "--start-at"},
		{[]string{"kube", "job", "--segments", "2", "--start-at", "17646144000", "--", "--rate", "10", srv.URL}, "--start-at"},
		{[]string{"kube", "job", "--segments", "2", "--start-in", "-1h", "--", "--rate", "10", srv.URL}, "--start-in"},
		{[]string{"report", "--listen", "0.0.0.0:0", "--expect", "1"}, "--listen"},
		{[]string{"report", "--listen", "[::]:0", "--expect", "1"}, "--listen"},
		{[]string{"report", "--listen", "127.0.0.1:0", "--expect", "1", "--collect-timeout", "1000000h"}, "--collect-timeout"},
		{[]string{"exp", "run", "threads", "--repeat", "100000000"}, "--repeat"},
		{[]string{"plan", "--preset", "lab-pool", "--slo", "p99>200ms"}, "--slo"},
		{[]string{"plan", "--preset", "lab-pool", "--slo", "rps<1000"}, "--slo"},
	} {
		for _, lang := range []string{"en", "ko"} {
			args := append(append([]string(nil), c.args...), "--lang", lang)
			if c.args[0] == "kube" {
				args = append([]string{"kube", "job", "--lang", lang}, c.args[2:]...)
			}
			code, _, errs := runBounded(t, 30*time.Second, args...)
			if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "%!") {
				t.Errorf("waitlab %s = %d, %q; want 2 naming %s, without a formatting fault", strings.Join(args, " "), code, errs, c.want)
			}
		}
	}
}

// Issue 19, fault 10: control characters from a result file (its url) or
// a scenario file (its name) reached the terminal raw.
func TestFileTextEscaped(t *testing.T) {
	dir := t.TempDir()
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	res := filepath.Join(dir, "r.wlr")
	if code, _, errs := run(t, "load", "--rate", "50", "--duration", "200ms", "--out", res, "--lang", "en", srv.URL); code != 0 {
		t.Fatalf("load = %d: %s", code, errs)
	}
	b, err := os.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	hostile := strings.Replace(string(b), `"url":"`+srv.URL, `"url":"`+srv.URL+`/\u001b[2J\u001b]0;owned\u0007`, 1)
	if hostile == string(b) {
		t.Fatal("the result file has no url field to alter")
	}
	if err := os.WriteFile(res, []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	scen := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(scen, []byte("name: \"\\e[2Jevil\\e]0;t\\a\"\nmodel: pool\nthreads: 2\nrequests: 5\narrival: burst\nclasses:\n  - {name: \"c\\e[31m\", cpu: 1ms}\nseed: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"report", res}, {"report", res, res + ".html"}, {"sim", "-f", scen}} {
		if args[len(args)-1] == res+".html" {
			args = []string{"report", "--html", res + ".html", res}
		}
		for _, lang := range []string{"en", "ko"} {
			code, stdout, errs := run(t, append(args, "--lang", lang)...)
			if strings.ContainsAny(stdout+errs, "\x1b\x07") {
				t.Errorf("waitlab %s = %d: control characters reached the terminal: %q", strings.Join(args, " "), code, stdout+errs)
			}
			if code != 0 && code != 1 {
				t.Errorf("waitlab %s = %d: %s", strings.Join(args, " "), code, errs)
			}
		}
	}
}

// The hostile-client battery against the collector (report --listen):
// idle, slowloris, never-read and many connections, while a real upload
// is answered; the interrupted collector leaves no goroutine behind.
func TestCollectorHostileBattery(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	urlc := make(chan string, 1)
	var stderr strings.Builder
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			line := sc.Text()
			stderr.WriteString(line + "\n")
			if i := strings.Index(line, "http://"); i >= 0 && len(urlc) == 0 {
				urlc <- strings.Fields(line[i:])[0]
			}
		}
	}()
	code := make(chan int, 1)
	go func() {
		var out bytes.Buffer
		code <- Main(ctx, []string{"report", "--listen", "127.0.0.1:0", "--expect", "1", "--collect-timeout", "60s", "--lang", "en"}, strings.NewReader(""), &out, pw)
		pw.Close()
	}()
	var u string
	select {
	case u = <-urlc:
	case c := <-code:
		t.Fatalf("the collector exited %d before listening", c)
	case <-time.After(30 * time.Second):
		t.Fatal("the collector did not say where it listens")
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/")
	post := []byte("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}")
	netguardtest.Battery(t, addr, []netguardtest.Attack{
		netguardtest.Idle(100),
		netguardtest.Slowloris(40, post),
		netguardtest.NeverRead(8, post, 2000),
		netguardtest.Many(100, post),
	}, func() error {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
		resp, err := c.Post(u, "application/json", strings.NewReader("{}"))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			return fmt.Errorf("status %s; want 400 for a file that is not a result", resp.Status)
		}
		return nil
	})
	cancel()
	select {
	case c := <-code:
		if c != 130 {
			t.Errorf("interrupted collector exited %d; want 130", c)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the collector did not stop after the interrupt")
	}
	<-drained
	if strings.Contains(stderr.String(), "\x1b") {
		t.Errorf("the collector printed control characters: %q", stderr.String())
	}
	netguardtest.NoGoroutineLeft(t, before)
}
