package loadgen

import (
	"strings"
	"testing"
)

// The scenario's tags are read by the client's parser (TestParseHeadTags,
// FuzzParseHead); RunScenario end to end is internal/runner's
// TestHTTPIndexEndToEnd against a real target.

func TestAppendRequestCarriesTheIndex(t *testing.T) {
	g := &scenarioGen{path: "/p", query: "a=1", host: "h:1"}
	got := string(g.appendRequest(nil, 42))
	if !strings.HasPrefix(got, "GET /p?a=1&req=42 HTTP/1.1\r\nHost: h:1\r\n") || !strings.HasSuffix(got, "\r\n\r\n") {
		t.Errorf("appendRequest = %q", got)
	}
}

// A burst's connection carries one request, and says so: the server then
// closes after its answer instead of parking the connection until the
// client's close reaches it. Kept-alive loads (open, closed) do not.
func TestAppendRequestOneShotSaysClose(t *testing.T) {
	for _, oneShot := range []bool{false, true} {
		g := &scenarioGen{path: "/", host: "h:1", oneShot: oneShot}
		got := string(g.appendRequest(nil, 7))
		if has := strings.Contains(got, "\r\nConnection: close\r\n"); has != oneShot {
			t.Errorf("oneShot %v: appendRequest = %q; Connection: close present %v, want %v", oneShot, got, has, oneShot)
		}
		if !strings.HasSuffix(got, "\r\n\r\n") || strings.HasSuffix(got, "\r\n\r\n\r\n") {
			t.Errorf("oneShot %v: appendRequest = %q; want one blank line at the end", oneShot, got)
		}
	}
}
