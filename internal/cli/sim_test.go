package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/golden"
)

const simData = "../../testdata/sim/"

func simJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errs := run(t, append([]string{"sim", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("sim --json %v = %d, %s", args, code, errs)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("sim --json %v: %v\n%s", args, err, out)
	}
	return m
}

// The acceptance figures of issue 2, exactly.
func TestSimAcceptanceMakespans(t *testing.T) {
	cases := []struct {
		preset     string
		want, w200 float64
	}{
		{"lab-pool", 6000, 600},
		{"lab-loop", 2000, 200},
		{"lab-loop-blocking", 12000, 1200},
		{"lab-virtual", 2000, 200},
		{"lab-pool-10x30", 6000, 600},
	}
	for _, c := range cases {
		if got := simJSON(t, "--preset", c.preset)["makespan_ms"]; got != c.want {
			t.Errorf("sim --preset %s --json: makespan_ms = %v; want %v", c.preset, got, c.want)
		}
		if got := simJSON(t, "--preset", c.preset, "--wait", "200ms")["makespan_ms"]; got != c.w200 {
			t.Errorf("sim --preset %s --wait 200ms --json: makespan_ms = %v; want %v", c.preset, got, c.w200)
		}
	}
}

func TestSimJSONFields(t *testing.T) {
	m := simJSON(t, "--preset", "ch15-offload4")
	for _, k := range []string{"mode", "scenario", "seed", "makespan_ms", "throughput_rps", "throughput_definition",
		"requests", "completed", "all", "classes", "queue_wait", "peak_threads", "in_flight_mean", "precision", "loops"} {
		if _, ok := m[k]; !ok {
			t.Errorf("sim --json: no %q in %v", k, m)
		}
	}
	if m["mode"] != "sim" || m["precision"] != "exact" || m["requests"] != 2000.0 || m["completed"] != 2000.0 {
		t.Errorf("sim --json: mode %v, precision %v, requests %v, completed %v", m["mode"], m["precision"], m["requests"], m["completed"])
	}
	classes := m["classes"].(map[string]any)
	for _, c := range []string{"normal", "blocking"} {
		s, ok := classes[c].(map[string]any)
		if !ok {
			t.Fatalf("sim --json: no classes.%s", c)
		}
		for _, k := range []string{"count", "mean_ms", "p50_ms", "p90_ms", "p99_ms", "max_ms"} {
			if _, ok := s[k]; !ok {
				t.Errorf("sim --json: no classes.%s.%s", c, k)
			}
		}
	}
	if sc := m["scenario"].(map[string]any); sc["model"] != "offload" || sc["offload_pool"] != 4.0 {
		t.Errorf("sim --json: scenario = %v; want the resolved offload scenario", sc)
	}
	// --block-fraction names the classes normal and blocking.
	m = simJSON(t, "--model", "loop", "--threads", "8", "--requests", "1000", "--cpu", "200us", "--block-fraction", "0.01", "--block", "100ms", "--placement", "spread")
	if c := m["classes"].(map[string]any); c["normal"] == nil || c["blocking"] == nil {
		t.Errorf("sim --block-fraction --json: classes = %v; want normal and blocking", c)
	}
}

// The eight-loop experiment through the command line: shape and the
// per-loop placement of the blocking requests.
func TestSimCh15(t *testing.T) {
	p50 := func(m map[string]any) float64 {
		return m["classes"].(map[string]any)["normal"].(map[string]any)["p50_ms"].(float64)
	}
	base, onloop := simJSON(t, "--preset", "ch15-none"), simJSON(t, "--preset", "ch15-onloop")
	off64, off4 := simJSON(t, "--preset", "ch15-offload64"), simJSON(t, "--preset", "ch15-offload4")
	if base["makespan_ms"] != 50.0 {
		t.Errorf("ch15-none makespan_ms = %v; want 50", base["makespan_ms"])
	}
	if onloop["makespan_ms"].(float64) < 3*50 || p50(onloop) <= 3*p50(base) {
		t.Errorf("ch15-onloop makespan %v, p50 %v; want several times base (50, %v)", onloop["makespan_ms"], p50(onloop), p50(base))
	}
	if r := p50(off64) / p50(base); r < 0.9 || r > 1.1 {
		t.Errorf("ch15-offload64 p50 %v; want within 10%% of base %v", p50(off64), p50(base))
	}
	if r := p50(off4) / p50(base); r < 0.9 || r > 1.1 || off4["makespan_ms"].(float64) < 3*off64["makespan_ms"].(float64) {
		t.Errorf("ch15-offload4 p50 %v makespan %v; want p50 near %v and makespan >= 3 x %v", p50(off4), off4["makespan_ms"], p50(base), off64["makespan_ms"])
	}
	code, out, _ := run(t, "sim", "--preset", "ch15-onloop")
	if code != 0 || !strings.Contains(out, "blocking requests per loop") || !strings.Contains(out, "48, 848, 1648") {
		t.Errorf("sim --preset ch15-onloop = %d; want the per-loop blocking table:\n%s", code, out)
	}
}

func TestSimDeterministic(t *testing.T) {
	args := []string{"sim", "--json", "-f", simData + "mixed.yaml", "--requests", "3000"}
	_, a, _ := run(t, args...)
	_, b, _ := run(t, args...)
	if a != b || a == "" {
		t.Error("sim -f mixed.yaml --json twice: outputs differ")
	}
	_, c, _ := run(t, append(args, "--seed", "12")...)
	if c == a {
		t.Error("sim --seed 12: same output as seed 11")
	}
}

// Bad input: one clear line on stderr naming the field, exit 2, no panic.
func TestSimBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string // in the message
	}{
		{"malformed YAML", []string{"-f", simData + "bad-malformed.yaml"}, "file:"},
		{"unknown field", []string{"-f", simData + "bad-unknown-field.yaml"}, "threds"},
		{"unknown model in file", []string{"-f", simData + "bad-model.yaml"}, "actor"},
		{"negative duration in file", []string{"-f", simData + "bad-negative.yaml"}, "negative"},
		{"zero threads in file", []string{"-f", simData + "bad-zero-threads.yaml"}, "threads:"},
		{"fraction over 1 in file", []string{"-f", simData + "bad-fraction.yaml"}, "fraction"},
		{"a billion requests in file", []string{"-f", simData + "bad-billion.yaml", "--timeline"}, "requests:"},
		{"missing file", []string{"-f", simData + "no-such.yaml"}, "no-such.yaml"},
		{"unknown model flag", []string{"--model", "actor"}, "--model"},
		{"negative wait", []string{"--wait", "-5ms"}, "--wait"},
		{"zero threads", []string{"--threads", "0"}, "threads:"},
		{"block fraction over 1", []string{"--block-fraction", "1.5"}, "--block-fraction"},
		{"a billion requests with a timeline", []string{"--requests", "1000000000", "--timeline"}, "requests:"},
		{"too many for a timeline", []string{"--requests", "200000", "--timeline"}, "--timeline:"},
		{"too many for an SVG", []string{"--requests", "200000", "--svg", filepath.Join(t.TempDir(), "x.svg")}, "--svg:"},
		{"unknown preset", []string{"--preset", "nope"}, "--preset"},
		{"preset and file", []string{"--preset", "lab-pool", "-f", simData + "lock.yaml"}, "--preset"},
		{"json with timeline", []string{"--json", "--timeline"}, "--json"},
		{"positional argument", []string{"scenario.yaml"}, "-f"},
		{"unknown flag", []string{"--nope"}, "nope"},
		{"bad arrival", []string{"--arrival", "rate:0"}, "--arrival"},
		{"think on an open model", []string{"--think", "1s"}, "think:"},
		{"bad placement", []string{"--placement", "every:0"}, "--placement"},
		{"offload without a pool", []string{"--model", "offload"}, "offload_pool:"},
		{"bad svg path", []string{"--svg", filepath.Join(t.TempDir(), "no", "dir", "x.svg")}, "--svg"},
	}
	for _, c := range cases {
		code, out, errs := run(t, append([]string{"sim"}, c.args...)...)
		if code != 2 {
			t.Errorf("sim %s (%v) = %d; want 2\nstdout: %s\nstderr: %s", c.name, c.args, code, out, errs)
			continue
		}
		if !strings.Contains(errs, c.want) || strings.Contains(errs, "panic") || strings.Contains(errs, "internal error") {
			t.Errorf("sim %s: stderr %q; want a message containing %q", c.name, errs, c.want)
		}
		if lines := strings.Count(strings.TrimSpace(errs), "\n"); lines > 0 && !strings.Contains(errs, "Usage") {
			t.Errorf("sim %s: stderr has %d lines; want one:\n%s", c.name, lines+1, errs)
		}
	}
}

func TestSimSVG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.svg")
	code, out, errs := run(t, "sim", "--preset", "ch15-offload4", "--svg", path, "--lang", "ko")
	if code != 0 || !strings.Contains(out, path) {
		t.Fatalf("sim --svg = %d, %s %s", code, out, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("sim --svg wrote invalid XML: %v", err)
		}
	}
	if !bytes.Contains(data, []byte("오프로드 1")) || !bytes.Contains(data, []byte("<svg")) {
		t.Error("sim --svg --lang ko: want an svg with Korean lane names")
	}
}

// The text output, byte for byte (go test ./internal/cli -update rewrites).
func TestSimGolden(t *testing.T) {
	cases := []struct {
		file string
		args []string
	}{
		{"lab-pool.en.golden", []string{"--preset", "lab-pool", "--timeline", "--lang", "en"}},
		{"lab-pool.ko.golden", []string{"--preset", "lab-pool", "--timeline", "--lang", "ko"}},
		{"lab-loop-blocking.en.golden", []string{"--preset", "lab-loop-blocking", "--timeline", "--lang", "en"}},
		{"lab-virtual.ko.golden", []string{"--preset", "lab-virtual", "--lang", "ko"}},
		{"ch15-onloop.en.golden", []string{"--preset", "ch15-onloop", "--lang", "en"}},
		{"mixed.en.golden", []string{"-f", simData + "mixed.yaml", "--timeline", "--lang", "en"}},
		{"lock.ko.golden", []string{"-f", simData + "lock.yaml", "--requests", "40", "--threads", "8", "--timeline", "--lang", "ko"}},
		{"fanout.en.golden", []string{"-f", simData + "fanout.yaml", "--lang", "en"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			code, out, errs := run(t, append([]string{"sim"}, c.args...)...)
			if code != 0 {
				t.Fatalf("sim %v = %d, %s", c.args, code, errs)
			}
			golden.Check(t, filepath.Join("testdata", "golden", "sim", c.file), []byte(out))
		})
	}
}

// Issue 13: an interrupted simulation exits 130 with one line, and the
// bounds of a scenario are refused before any work with one line naming
// the bound.
func TestSimInterruptedAndBounds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := Main(ctx, []string{"sim", "--model", "loop", "--requests", "1000"}, strings.NewReader(""), &out, &errb)
	if code != 130 || !strings.Contains(errb.String(), "interrupted") || out.Len() != 0 {
		t.Errorf("sim on a cancelled context = %d, stdout %q, stderr %q; want 130, nothing printed, one line", code, out.String(), errb.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--wait", "1000000h"}, "at most 1h0m0s"},
		{[]string{"--model", "loop", "--requests", "100000000"}, "use 1 to 10000000"},
		{[]string{"--calls", "1000", "--requests", "1000000"}, "at most 100000000 events"},
		{[]string{"--arrival", "rate:0.0000001", "--requests", "1000"}, "years of virtual time"},
	} {
		code, _, errs := run(t, append([]string{"sim"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("sim %v = %d, %q; want 2 and one line containing %q", c.args, code, errs, c.want)
		}
	}
}

// Issue 21: a bad --precision is exit 2 naming the flag, and a burst is
// told it is exact; a good one converges and says after how many requests.
func TestSimPrecisionFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "ch15-onloop", "--arrival", "poisson:2000", "--precision", "0"}, "--precision"},
		{[]string{"--preset", "ch15-onloop", "--arrival", "poisson:2000", "--precision", "200%"}, "--precision"},
		{[]string{"--preset", "ch15-onloop", "--precision", "5%"}, "exact"},
	} {
		code, _, errs := run(t, append([]string{"sim", "--lang", "en"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("sim %v = %d, %q; want exit 2 naming %q", c.args, code, errs, c.want)
		}
	}
	code, out, errs := run(t, "sim", "--lang", "en", "--model", "pool", "--threads", "2", "--wait", "exp:1ms", "--arrival", "poisson:1000", "--requests", "2000", "--precision", "5%")
	if code != 0 || !strings.Contains(out, "converged after") || !strings.Contains(out, "±") {
		t.Errorf("sim --precision 5%% = %d, %s%s; want converged after N requests, with ± figures", code, out, errs)
	}
}
