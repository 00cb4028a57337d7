package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/plan"
	"github.com/waitlab/waitlab/internal/runner"
)

func init() {
	register(&command{name: "plan", summary: "plan.summary", run: runPlan})
}

// sloFlags collects repeated --slo flags.
type sloFlags []string

func (s *sloFlags) String() string     { return strings.Join(*s, ", ") }
func (s *sloFlags) Set(v string) error { *s = append(*s, v); return nil }

// planOutput is the JSON of `waitlab plan`: the answer, the curve, the
// seeds and the cross-check, and the real runs with --confirm.
type planOutput struct {
	*plan.Result
	Confirm *plan.Confirmation `json:"confirm,omitempty"`
}

func runPlan(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "plan")
	sf := addScenarioFlags(fs)
	lang := langFlag(fs)
	var slos sloFlags
	fs.Var(&slos, "slo", "an objective every answer must meet, repeatable: p99<200ms, normal.p99<80ms, queue_p99<10ms, rps>1000, batch<350ms")
	size := fs.String("size", "", "the knob to size: threads (pool), loops (loop, offload), offload-pool, carriers (virtual) or cores; default: the model's")
	minSize := fs.Int("min", 0, "smallest size to try (default 1)")
	maxSize := fs.Int("max", 0, fmt.Sprintf("largest size to try (default %d; loops: the cores)", plan.DefaultMax))
	seeds := fs.Int("seeds", 0, fmt.Sprintf("seeds per size to start with (default %d; more near the bound)", plan.DefaultSeeds))
	slowdown := fs.String("downstream-slowdown", "", "also answer for a wait that grows, FROM:TO (e.g. 2ms:50ms), with Little's law at today's size")
	confirm := fs.Bool("confirm", false, "run the answer and the size below it for real (as --via says) and print predicted vs measured")
	via := fs.String("via", runner.ViaProcess, "how --confirm runs for real: process (in-process executors) or http (a target child process and real sockets)")
	confirmRuns := fs.Int("confirm-runs", 3, "real runs per size with --confirm (median and range, after one warm-up)")
	asJSON := fs.Bool("json", false, "print the answer, the curve, the seeds and the cross-check as JSON")
	svg := fs.String("svg", "", "write the curve as an SVG `file`")
	l, err := parseNoArgs(fs, args, lang, "plan.err.args")
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	s, err := sf.resolve(l)
	if err != nil {
		return err
	}
	cfg := plan.Config{Scenario: s, Min: *minSize, Max: *maxSize, Seeds: *seeds}
	if set["min"] && *minSize < 1 {
		return model.NewFieldError("--min", "plan.err.range", *minSize, plan.MaxSize)
	}
	if set["max"] && *maxSize < 1 {
		return model.NewFieldError("--max", "plan.err.max", *maxSize, max(1, *minSize), plan.MaxSize)
	}
	if set["seeds"] && *seeds < 1 {
		return model.NewFieldError("--seeds", "plan.err.seeds", *seeds)
	}
	// --requests is the scenario's; for an open or closed model it is the
	// simulated requests per seed (a burst keeps its batch).
	if set["requests"] && s.Arrival.Kind != model.Burst {
		cfg.Requests = s.Requests
	}
	if cfg.Knob, err = plan.ParseKnob(*size, s.Model); err != nil {
		return err
	}
	for _, text := range slos {
		o, err := plan.ParseSLO(text)
		if err != nil {
			return err
		}
		cfg.SLOs = append(cfg.SLOs, o)
	}
	if *slowdown != "" {
		d, err := plan.ParseSlowdown(*slowdown)
		if err != nil {
			return err
		}
		cfg.Slowdown = &d
	}
	if *via != runner.ViaProcess && *via != runner.ViaHTTP {
		return usagef("%s", msg.T(l, "plan.err.via", *via))
	}
	if *confirm && (*confirmRuns < 1 || *confirmRuns > 20) {
		return usagef("%s", msg.T(l, "plan.err.confirm.runs", *confirmRuns))
	}
	// A plan that takes more than a second says what it is doing on
	// stderr, at most once a second, so a silent terminal is not taken
	// for a hang.
	start := time.Now()
	var mu sync.Mutex
	var last time.Time
	cfg.Progress = func(size, done int) {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); now.Sub(start) > time.Second && now.Sub(last) >= time.Second {
			last = now
			fmt.Fprintln(env.Stderr, msg.T(l, "plan.progress", done, size))
		}
	}
	res, err := plan.Run(ctx, cfg)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &ExitError{Code: 130}
		}
		return err
	}
	out := planOutput{Result: res}
	if *confirm && res.Answer > 0 {
		exe, err := childExe()
		if err != nil {
			return err
		}
		var rr runner.Runner = runner.Process{Exe: exe}
		if *via == runner.ViaHTTP {
			rr = runner.HTTP{Exe: exe}
		}
		r := plan.Real{Runner: rr, Version: Version(), Progress: func(s model.Scenario, run, of int) {
			fmt.Fprintln(env.Stderr, msg.T(l, "plan.progress.confirm", cfg.Knob.Get(s), run, of))
		}}
		c, err := plan.Confirm(ctx, res, r, *confirmRuns)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, runner.ErrInterrupted) {
				return &ExitError{Code: 130}
			}
			return tooBig(l, err)
		}
		out.Confirm = c
	}
	if *svg != "" {
		var b bytes.Buffer
		if err := plan.WriteSVG(&b, l, res); err != nil {
			return err
		}
		if err := os.WriteFile(*svg, b.Bytes(), 0o644); err != nil {
			return &UsageError{Err: fmt.Errorf("--svg: %s", msg.T(l, "plan.err.svg.write", *svg, err))}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		var b bytes.Buffer
		if err := plan.WriteText(&b, l, res); err != nil {
			return err
		}
		if out.Confirm != nil {
			b.WriteByte('\n')
			if err := plan.WriteConfirm(&b, l, res, out.Confirm); err != nil {
				return err
			}
		}
		if *svg != "" {
			fmt.Fprintf(&b, "\n%s\n", msg.T(l, "plan.svg.done", *svg))
		}
		if _, err := env.Stdout.Write(b.Bytes()); err != nil {
			return err
		}
	}
	// The verdict: no answer, or an answer that did not hold for real,
	// is a failure; an interrupted confirmation passes nothing.
	switch c := out.Confirm; {
	case c != nil && anyInterrupted(c):
		return &ExitError{Code: 130}
	case res.Answer == 0:
		return &ExitError{Code: 1}
	case c != nil && !c.Held:
		return &ExitError{Code: 1}
	}
	return nil
}

func anyInterrupted(c *plan.Confirmation) bool {
	for _, s := range c.Sizes {
		if s.Interrupted {
			return true
		}
	}
	return false
}
