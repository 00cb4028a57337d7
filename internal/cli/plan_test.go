package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestPlanRefusesBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "--slo"},
		{[]string{"--slo", "p99>1s"}, "ceiling"},
		{[]string{"--slo", "p98<1s"}, "unknown metric"},
		{[]string{"--slo", "p99<1s", "--size", "loops"}, "--size"},
		{[]string{"--slo", "p99<1s", "--size", "nope"}, "--size"},
		{[]string{"--slo", "p99<1s", "--downstream-slowdown", "2ms"}, "--downstream-slowdown"},
		{[]string{"--slo", "p99<1s", "--min", "0"}, "--min"},
		{[]string{"--slo", "p99<1s", "--min", "9", "--max", "3"}, "--max"},
		{[]string{"--slo", "p99<1s", "--seeds", "0"}, "--seeds"},
		{[]string{"--slo", "p99<1s", "--confirm", "--confirm-runs", "0"}, "--confirm-runs"},
		{[]string{"--slo", "p99<1s", "extra"}, "no arguments"},
		{[]string{"--slo", "other.p99<1s"}, "no class"},
		{[]string{"--lang", "ko", "--slo", "p99>1s"}, "상한"},
	} {
		code, out, errs := run(t, append([]string{"plan"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("Main(plan %s) = %d, stdout %q, stderr %q; want 2 and a message naming %q", strings.Join(tc.args, " "), code, out, errs, tc.want)
		}
	}
}

func TestPlanJSONAnswersCh15(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "curve.svg")
	code, out, errs := run(t, "plan", "--preset", "ch15-offload4", "--slo", "batch<350ms", "--max", "12", "--json", "--svg", svg)
	if code != 0 {
		t.Fatalf("plan = %d, stderr %q", code, errs)
	}
	var got struct {
		Knob   string `json:"knob"`
		Answer int    `json:"answer"`
		Curve  []struct {
			Size   int        `json:"size"`
			Values []*float64 `json:"values"`
			Met    bool       `json:"met"`
		} `json:"curve"`
		Cross *struct{} `json:"cross_check"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("plan --json: %v\n%s", err, out)
	}
	if got.Knob != "offload-pool" || got.Answer != 7 || len(got.Curve) != 12 || got.Cross != nil {
		t.Errorf("plan --json = knob %q, answer %d, %d points, cross %v; want offload-pool, 7, 12, none", got.Knob, got.Answer, len(got.Curve), got.Cross)
	}
	for _, p := range got.Curve {
		if p.Met != (p.Size >= 7) || p.Values[0] == nil {
			t.Errorf("curve point %d: met %v, value %v", p.Size, p.Met, p.Values[0])
		}
	}
	b, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("--svg wrote %d bytes, %v", len(b), err)
	}
}

func TestPlanTextCrossCheckAndNoAnswer(t *testing.T) {
	args := []string{"plan", "--model", "pool", "--threads", "4", "--arrival", "poisson:400", "--wait", "exp:10ms", "--max", "8"}
	code, out, errs := run(t, append(args, "--requests", "5000", "--slo", "p99<54ms")...)
	if code != 0 || !strings.Contains(out, "answer: 6 threads") || !strings.Contains(out, "cross-check (M/M/c") {
		t.Errorf("plan = %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	// No size meets an SLO below the service time's own p99: exit 1.
	code, out, _ = run(t, append(args, "--requests", "1000", "--slo", "p99<20ms", "--lang", "ko")...)
	if code != 1 || !strings.Contains(out, "답 없음") {
		t.Errorf("plan (unreachable SLO) = %d; want 1 and no answer:\n%s", code, out)
	}
}

// --confirm runs the answer and the size below for real, in child
// processes. The offload pool's waves are a floor no real run can beat:
// ceil(5/K) blocking calls of 100 ms in a row.
func TestPlanConfirmRunsForReal(t *testing.T) {
	exe := waitlabBinary(t)
	old := childExe
	childExe = func() (string, error) { return exe, nil }
	defer func() { childExe = old }()
	for _, via := range []string{"process", "http"} {
		t.Run(via, func(t *testing.T) {
			code, out, errs := run(t, "plan", "--preset", "ch15-offload4", "--threads", "2", "--cores", "2", "--requests", "500",
				"--slo", "batch<250ms", "--max", "6", "--confirm", "--confirm-runs", "1", "--via", via, "--json")
			if code != 0 && code != 1 {
				t.Fatalf("plan --confirm --via %s = %d, stderr %q", via, code, errs)
			}
			var got struct {
				Answer  int `json:"answer"`
				Confirm struct {
					Via   string `json:"via"`
					Sizes []struct {
						Size      int        `json:"size"`
						Predicted []*float64 `json:"predicted"`
						Measured  []*float64 `json:"measured"`
						Runs      int        `json:"runs"`
					} `json:"sizes"`
					Held bool `json:"held"`
				} `json:"confirm"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("plan --confirm --json: %v\n%s", err, out)
			}
			if got.Answer != 3 || got.Confirm.Via != via || len(got.Confirm.Sizes) != 2 {
				t.Fatalf("answer %d, confirm %+v; want 3 and two sizes run via %s", got.Answer, got.Confirm, via)
			}
			// The floor is ceil(5/K) waves of 100 ms: no load lowers it.
			for _, s := range got.Confirm.Sizes {
				floor := math.Ceil(5/float64(s.Size)) * 100
				if s.Runs != 1 || s.Measured[0] == nil || *s.Measured[0] < 0.95*floor || *s.Predicted[0] < floor {
					t.Errorf("size %d: runs %d, predicted %v, measured %v; want both at least %v ms", s.Size, s.Runs, s.Predicted[0], s.Measured[0], floor)
				}
			}
			if (code == 0) != got.Confirm.Held {
				t.Errorf("exit %d with held %v", code, got.Confirm.Held)
			}
		})
	}
}

// --via takes process or http only.
func TestPlanViaIsChecked(t *testing.T) {
	code, _, errs := run(t, "plan", "--preset", "ch15-offload4", "--via", "both", "--confirm")
	if code != 2 || !strings.Contains(errs, "--via") {
		t.Errorf("plan --via both = %d, %q; want a usage error naming --via", code, errs)
	}
}

// A long plan says what it is doing; SIGINT stops it between simulations
// with exit code 130 and no answer. The plan is long because its sizes
// pass near the bound (p99 of the hold alone is 46 ms), and a pass waits
// for a converged run of 16 seeds; a plan whose every size fails (p99<20ms)
// now fails each at once and ends in a second.
func TestPlanInterruptExits130(t *testing.T) {
	cmd, out, errb := startRun(t, "simulating:", "plan", "--model", "pool", "--threads", "4", "--arrival", "poisson:1000",
		"--wait", "exp:10ms", "--slo", "p99<47ms", "--requests", "500000", "--seeds", "16", "--max", "100000", "--lang", "en")
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	if code := waitExit(t, cmd, 15*time.Second); code != 130 {
		t.Errorf("interrupted plan exit code %d; want 130. stderr %q", code, errb.String())
	}
	if strings.Contains(out.String(), "answer") {
		t.Errorf("interrupted plan printed an answer:\n%s", out.String())
	}
}
