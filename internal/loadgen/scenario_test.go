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
