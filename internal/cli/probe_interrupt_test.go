package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// markWatch is a stderr that cancels the run (what SIGINT does in main)
// once mark appears in it.
type markWatch struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	mark   string
	cancel context.CancelFunc
}

func (w *markWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.mark) {
		w.cancel()
	}
	return len(p), nil
}

func (w *markWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

func runUntilMark(t *testing.T, mark string, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	errw := &markWatch{mark: mark, cancel: cancel}
	code := Main(ctx, args, strings.NewReader(""), &out, errw)
	return code, out.String(), errw.String()
}

// An interrupted probe exits 130 and gives no verdict: no shape, no
// capacity, no scenario, nothing said of an SLO (issue 45, item 4); cut
// during --confirm, it keeps the answer it had, marks the confirmation
// interrupted and concludes nothing from its window (item 3).
func TestProbeInterrupted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(5 * time.Millisecond) }))
	defer srv.Close()
	common := []string{"probe", "--step-min", "500ms", "--step-max", "1s", "--warmup", "100ms", "--max-rate", "400", "--progress", "on", "--target-metrics", "off"}

	code, out, errs := runUntilMark(t, "step 2 ", append(common, "--json", srv.URL+"/")...)
	var res struct {
		Shape       string          `json:"shape"`
		Interrupted bool            `json:"interrupted"`
		Capacity    float64         `json:"capacity_rps"`
		Scenario    json.RawMessage `json:"scenario"`
		Stopped     string          `json:"stopped"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json printed %q (stderr %q): %v", out, errs, err)
	}
	if code != 130 || !res.Interrupted || res.Shape != "" || res.Capacity != 0 || string(res.Scenario) != "null" || res.Stopped != "interrupted" {
		t.Errorf("interrupted probe = %d, %+v; want 130, interrupted, no shape, capacity or scenario", code, res)
	}
	code, out, _ = runUntilMark(t, "step 2 ", append(common, srv.URL+"/")...)
	if code != 130 || !strings.Contains(strings.ToLower(out), "no verdict") || strings.Contains(out, "unbounded") || strings.Contains(out, "SLO broke") {
		t.Errorf("interrupted probe (text) = %d:\n%s\nwant 130 and no verdict", code, out)
	}

	code, out, errs = runUntilMark(t, " confirm ", append(common, "--budget", "12s", "--size-for", "p99<100ms@150rps", "--confirm", "--json", srv.URL+"/")...)
	var conf struct {
		Shape   string `json:"shape"`
		Confirm *struct {
			Interrupted bool `json:"interrupted"`
			Met         bool `json:"met"`
		} `json:"confirm"`
		Notes []struct{ Key string } `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &conf); err != nil {
		t.Fatalf("--confirm --json printed %q (stderr %q): %v", out, errs, err)
	}
	if conf.Confirm == nil {
		t.Skipf("the probe ended before its confirmation (shape %s): nothing to interrupt there", conf.Shape)
	}
	keys := ""
	for _, n := range conf.Notes {
		keys += n.Key + " "
	}
	if code != 130 || !conf.Confirm.Interrupted || conf.Confirm.Met || !strings.Contains(keys, "probe.confirm.interrupted") ||
		strings.Contains(keys, "probe.confirm.breached") || strings.Contains(keys, "probe.confirm.met") {
		t.Errorf("interrupted confirmation = %d, confirm %+v, notes %s; want 130, interrupted, judged not at all", code, *conf.Confirm, keys)
	}
	// The text of the same: the finished search's verdict stands and no
	// "no verdict" contradicts it; the cut row is neither met nor breached.
	code, out, _ = runUntilMark(t, " confirm ", append(common, "--budget", "12s", "--size-for", "p99<100ms@150rps", "--confirm", srv.URL+"/")...)
	if code == 130 && strings.Contains(out, "confirmation interrupted") {
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, " confirm ") && strings.Contains(line, "breached") {
				t.Errorf("the cut confirm row is marked breached: %s", line)
			}
		}
		if strings.Contains(strings.ToLower(out), "no verdict") || !strings.Contains(out, "verdict stands") {
			t.Errorf("interrupted confirmation (text):\n%s\nwant the verdict kept and no 'no verdict'", out)
		}
	}
}
