package cli

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadresult"
)

// writeSynth writes a seeded synthetic run (loadgen.SyntheticRun) of 8 s
// at 150 ok/s, waiting wait plus an exponential 1 ms, to dir/name.
func writeSynth(t *testing.T, dir, name, url string, seed uint64, wait time.Duration, cond *loadresult.Conditions) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	lat := make([][]time.Duration, 8)
	for s := range lat {
		for range 150 {
			lat[s] = append(lat[s], wait+time.Duration(rng.ExpFloat64()*1e6))
		}
	}
	r := loadgen.SyntheticRun(url, time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC), lat, nil)
	r.Conditions = cond
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := r.Write(f); err != nil {
		t.Fatal(err)
	}
	return p
}

const synthURL = "http://127.0.0.1:8080/"

// report --baseline: A/A passes in both orders, A/B (20 -> 26 ms) exits 1
// naming p50 and p99 on stderr; JSON and HTML are written.
func TestReportBaselineVerdicts(t *testing.T) {
	dir := t.TempDir()
	a1 := writeSynth(t, dir, "a1.json", synthURL, 1, 20*time.Millisecond, nil)
	a2 := writeSynth(t, dir, "a2.json", synthURL, 2, 20*time.Millisecond, nil)
	b := writeSynth(t, dir, "b.json", synthURL, 3, 26*time.Millisecond, nil)
	for _, p := range [][2]string{{a1, a2}, {a2, a1}} {
		if code, out, errs := run(t, "report", "--baseline", p[0], p[1]); code != 0 || !strings.Contains(out, "verdict   pass") {
			t.Errorf("report --baseline %s %s = %d\n%s%s; want 0, pass", p[0], p[1], code, out, errs)
		}
	}
	html := filepath.Join(dir, "cmp.html")
	code, out, errs := run(t, "report", "--baseline", a1, b, "--html", html)
	if code != 1 || !strings.Contains(errs, "worse: p50") || !strings.Contains(errs, "worse: p99") || !strings.Contains(out, "verdict   fail: p50") {
		t.Errorf("A/B = %d\n%s%s; want 1 naming p50 and p99", code, out, errs)
	}
	if page, err := os.ReadFile(html); err != nil || !strings.Contains(string(page), "<svg") {
		t.Errorf("--html: %v", err)
	}
	code, out, _ = run(t, "report", "--baseline", a1, b, "--json")
	var v struct {
		Pass        bool     `json:"pass"`
		Regressions []string `json:"regressions"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 1 || v.Pass || len(v.Regressions) == 0 {
		t.Errorf("--json = %d, %v, %+v\n%s", code, err, v, out)
	}
	if code, out, _ := run(t, "report", "--baseline", a1, b, "--lang", "ko"); code != 1 || !strings.Contains(out, "판정      실패") {
		t.Errorf("--lang ko = %d\n%s", code, out)
	}
	// A tolerance wider than the change passes it.
	if code, _, errs := run(t, "report", "--baseline", a1, b, "--tolerance", "60%"); code != 0 {
		t.Errorf("--tolerance 60%% = %d, %s; want 0", code, errs)
	}
}

// Fairness: the generator pinned apart in the baseline, on the target's CPU
// in the candidate: the text says first that it is not like for like,
// naming the placement; --strict exits 1.
func TestReportBaselineFairness(t *testing.T) {
	dir := t.TempDir()
	apart := writeSynth(t, dir, "apart.json", synthURL, 1, 20*time.Millisecond, &loadresult.Conditions{GenCPUs: "1", TargetCPUs: "0"})
	shared := writeSynth(t, dir, "shared.json", synthURL, 2, 20*time.Millisecond, &loadresult.Conditions{GenCPUs: "0", TargetCPUs: "0"})
	code, out, _ := run(t, "report", "--baseline", apart, shared)
	i := strings.Index(out, "not a like-for-like comparison")
	if code != 0 || i < 0 || i > strings.Index(out, "p50 (ms)") || !strings.Contains(out, "generator placement") || !strings.Contains(out, "shared CPU (gen 0, target 0)") {
		t.Errorf("apart vs shared = %d\n%s; want 0, the warning first, naming the placement", code, out)
	}
	if code, out, _ := run(t, "report", "--baseline", apart, shared, "--strict"); code != 1 || !strings.Contains(out, "--strict") {
		t.Errorf("--strict = %d\n%s; want 1", code, out)
	}
}

// Bad input exits 2 with the file named.
func TestReportBaselineBadInput(t *testing.T) {
	dir := t.TempDir()
	a := writeSynth(t, dir, "a.json", synthURL, 1, 20*time.Millisecond, nil)
	other := writeSynth(t, dir, "other.json", "http://127.0.0.1:9999/", 2, 20*time.Millisecond, nil)
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, nil, 0o644)
	wrong := filepath.Join(dir, "sim.json")
	os.WriteFile(wrong, []byte(`{"format":"waitlab-sim/1","model":"pool"}`), 0o644)
	nos := filepath.Join(dir, "nosamples.json")
	r := loadgen.SyntheticRun(synthURL, time.Now(), make([][]time.Duration, 8), nil)
	f, _ := os.Create(nos)
	r.Write(f)
	f.Close()
	for _, c := range []struct {
		name string
		args []string
		file string
	}{
		{"empty file", []string{"--baseline", a, empty}, "empty.json"},
		{"another format", []string{"--baseline", wrong, a}, "sim.json"},
		{"different URL", []string{"--baseline", a, other}, "other.json"},
		{"no samples", []string{"--baseline", a, nos}, "nosamples.json"},
		{"no candidate", []string{"--baseline", a}, "candidate"},
		{"bad tolerance", []string{"--baseline", a, a, "--tolerance", "x"}, "--tolerance"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := run(t, append([]string{"report"}, c.args...)...)
			if code != 2 || !strings.Contains(errs, c.file) {
				t.Errorf("report %v = %d, %q; want 2 naming %s", c.args, code, errs, c.file)
			}
		})
	}
	if code, _, errs := run(t, "report", "--baseline", a, other, "--allow-different-url"); code == 2 {
		t.Errorf("--allow-different-url = 2, %s", errs)
	}
	// load --baseline refuses a bad baseline before sending anything.
	if code, _, errs := run(t, "load", "--rate", "10", "--duration", "1s", "--baseline", empty, "http://127.0.0.1:1/"); code != 2 || !strings.Contains(errs, "empty.json") {
		t.Errorf("load --baseline empty = %d, %q; want 2 naming it", code, errs)
	}
	if code, _, errs := run(t, "load", "--rate", "10", "--duration", "1s", "--baseline", a, "http://127.0.0.1:1/"); code != 2 || !strings.Contains(errs, "a.json") {
		t.Errorf("load --baseline of another URL = %d, %q; want 2 naming it", code, errs)
	}
}

// load --baseline measures and judges in one command: the run's report,
// then the comparison, whose verdict sets the exit code (0 or 1, never a
// usage error).
func TestLoadBaseline(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }))
	defer srv.Close()
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	if code, _, errs := run(t, "load", "--rate", "50", "--duration", "2s", "--progress", "off", "--out", base, srv.URL+"/"); code != 0 {
		t.Fatalf("load = %d, %s", code, errs)
	}
	cand := filepath.Join(dir, "cand.json")
	code, out, errs := run(t, "load", "--rate", "50", "--duration", "2s", "--progress", "off", "--out", cand, "--baseline", base, srv.URL+"/")
	if (code != 0 && code != 1) || !strings.Contains(out, "baseline   "+base) || !strings.Contains(out, "candidate  "+cand) || !strings.Contains(out, "verdict   ") {
		t.Errorf("load --baseline = %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(cand); err != nil {
		t.Errorf("--out with --baseline: %v", err)
	}
}

// load --config FILE: the load from a YAML file (or stdin), the same run
// as its flags; a load flag beside it is refused naming the flag.
func TestLoadConfigFile(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }))
	defer srv.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "load.yaml")
	os.WriteFile(cfg, []byte("url: "+srv.URL+"/\nrate: 40\nduration: 1s\n"), 0o644)
	out := filepath.Join(dir, "r.json")
	if code, _, errs := run(t, "load", "--config", cfg, "--progress", "off", "--out", out); code != 0 {
		t.Fatalf("load --config = %d, %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := loadresult.ReadResult(data)
	if err != nil || r.Arrival != "rate:40" || r.URL != srv.URL+"/" || r.Window() != time.Second {
		t.Errorf("result of load --config: %v, arrival %q, url %q, window %v", err, r.Arrival, r.URL, r.Window())
	}
	if code, _, errs := run(t, "load", "--config", cfg, "--rate", "10"); code != 2 || !strings.Contains(errs, "--rate") {
		t.Errorf("load --config with --rate = %d, %q; want 2 naming --rate", code, errs)
	}
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("url: "+srv.URL+"/\nrat: 40\n"), 0o644)
	if code, _, errs := run(t, "load", "--config", bad); code != 2 || !strings.Contains(errs, "rat") || !strings.Contains(errs, "bad.yaml") {
		t.Errorf("load --config with a typo = %d, %q; want 2 naming the field and the file", code, errs)
	}
}
