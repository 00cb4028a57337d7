package cli

import (
	"encoding/json"
	"net"
	"strings"
	"testing"
)

// closedPort returns a loopback address nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// A latency-only threshold against a server that is down: every request
// is refused, so p99 has no data; the threshold on it is breached and the
// default error-rate rule still holds (issue 13, item 1).
func TestLoadLatencyThresholdAgainstDeadServer(t *testing.T) {
	url := "http://" + closedPort(t) + "/"
	code, stdout, errs := run(t, "load", "--rate", "50", "--duration", "1s", "--threshold", "p99<200ms",
		"--progress", "off", "--target-metrics", "off", url)
	if code != 1 {
		t.Fatalf("load --threshold p99<200ms against a closed port = %d; want 1. stdout %q stderr %q", code, stdout, errs)
	}
	if strings.Contains(stdout, "met") || strings.Contains(stdout, "p99 0.00") {
		t.Errorf("report claims a latency or a met threshold:\n%s", stdout)
	}
	if !strings.Contains(stdout, "no data") || !strings.Contains(errs, "error rate") || !strings.Contains(errs, "no responses to measure p99") {
		t.Errorf("want 'no data' in the report and both the error-rate and the p99 breach on stderr; stdout %q stderr %q", stdout, errs)
	}

	code, stdout, _ = run(t, "load", "--rate", "50", "--duration", "1s", "--threshold", "p99<200ms", "--json",
		"--progress", "off", "--target-metrics", "off", url)
	var m struct {
		Latency map[string]any `json:"latency"`
	}
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatalf("--json printed %q: %v", stdout, err)
	}
	if code != 1 || m.Latency["p99_ms"] != nil || m.Latency["samples"] != float64(0) {
		t.Errorf("load --json = %d, latency %v; want 1, p99_ms null and samples 0", code, m.Latency)
	}
}

// A user's own errors rule replaces the default one, and only then.
func TestLoadOwnErrorRuleReplacesDefault(t *testing.T) {
	url := "http://" + closedPort(t) + "/"
	code, _, errs := run(t, "load", "--rate", "20", "--duration", "500ms", "--threshold", "errors<=100%",
		"--progress", "off", "--target-metrics", "off", url)
	// errors<=100% holds, the default rule is gone, but no request
	// succeeded... the run still had requests, so only the stated rule counts.
	if code != 0 || strings.Contains(errs, "default") {
		t.Errorf("load --threshold errors<=100%% = %d, %q; want 0 (the user's rule replaces the default)", code, errs)
	}
}
