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

	"github.com/waitlab/waitlab/internal/jvmexec"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/plan"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/sim"
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

// planFlags are `waitlab plan`'s own flags (beside the scenario's).
type planFlags struct {
	slos                sloFlags
	size, slowdown, via string
	java                string
	svg, precision      string
	minSize, maxSize    int
	seeds, confirmRuns  int
	confirm, asJSON     bool
}

func addPlanFlags(fs *flag.FlagSet) *planFlags {
	f := &planFlags{}
	fs.Var(&f.slos, "slo", "an objective every answer must meet, repeatable: p99<200ms, normal.p99<80ms, queue_p99<10ms, rps>1000, batch<350ms")
	fs.StringVar(&f.size, "size", "", "the knob to size: threads (pool), loops (loop, offload), offload-pool, carriers (virtual) or cores; default: the model's")
	fs.IntVar(&f.minSize, "min", 0, "smallest size to try (default 1)")
	fs.IntVar(&f.maxSize, "max", 0, fmt.Sprintf("largest size to try (default %d; loops: the cores)", plan.DefaultMax))
	fs.IntVar(&f.seeds, "seeds", 0, fmt.Sprintf("seeds per size to start with (default %d; more near the bound)", plan.DefaultSeeds))
	fs.StringVar(&f.slowdown, "downstream-slowdown", "", "also answer for a wait that grows, FROM:TO (e.g. 2ms:50ms), with Little's law at today's size")
	fs.BoolVar(&f.confirm, "confirm", false, "run the answer and the size below it for real (as --via says) and print predicted vs measured")
	fs.StringVar(&f.via, "via", runner.ViaProcess, "how --confirm runs for real: process (in-process executors) or http (a target child process and real sockets)")
	fs.StringVar(&f.java, "java", "", "--via jvm: the JDK to run on (a JDK home or its bin/java); else JAVA_HOME, java on PATH, then /usr/lib/jvm")
	fs.IntVar(&f.confirmRuns, "confirm-runs", 3, "real runs per size with --confirm (median and range, after one warm-up)")
	fs.BoolVar(&f.asJSON, "json", false, "print the answer, the curve, the seeds and the cross-check as JSON")
	fs.StringVar(&f.svg, "svg", "", "write the curve as an SVG `file`")
	fs.StringVar(&f.precision, "precision", "", "run each size longer until the 95% interval of every figure an SLO names has a half-width within this fraction (default 5%)")
	return f
}

func runPlan(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "plan")
	sf := addScenarioFlags(fs)
	lang := langFlag(fs)
	pf := addPlanFlags(fs)
	l, err := parseNoArgs(fs, args, lang, "plan.err.args")
	if err != nil {
		return err
	}
	s, err := sf.resolve(ctx, l)
	if err != nil {
		return err
	}
	cfg, err := pf.config(fs, l, s)
	if err != nil {
		return err
	}
	cfg.Progress = planProgress(env, l)
	res, err := plan.Run(ctx, cfg)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return interrupted(nil)
		}
		return err
	}
	out := planOutput{Result: res}
	if pf.confirm && res.Answer > 0 {
		if out.Confirm, err = pf.runConfirm(ctx, env, l, cfg, res); err != nil {
			return err
		}
	}
	if pf.svg != "" {
		var b bytes.Buffer
		if err := plan.WriteSVG(&b, l, res); err != nil {
			return err
		}
		if err := os.WriteFile(pf.svg, b.Bytes(), 0o644); err != nil {
			return &UsageError{Err: fmt.Errorf("--svg: %s", msg.T(l, "plan.err.svg.write", pf.svg, err))}
		}
	}
	if err := pf.write(env, l, out); err != nil {
		return err
	}
	return planVerdict(out)
}

// config checks the plan's flags and builds its configuration for s.
func (f *planFlags) config(fs *flag.FlagSet, l msg.Lang, s model.Scenario) (plan.Config, error) {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	cfg := plan.Config{Scenario: s, Min: f.minSize, Max: f.maxSize, Seeds: f.seeds}
	switch {
	case set["min"] && f.minSize < 1:
		return cfg, model.NewFieldError("--min", "plan.err.range", f.minSize, plan.MaxSize)
	case set["max"] && f.maxSize < 1:
		return cfg, model.NewFieldError("--max", "plan.err.max", f.maxSize, max(1, f.minSize), plan.MaxSize)
	case set["seeds"] && f.seeds < 1:
		return cfg, model.NewFieldError("--seeds", "plan.err.seeds", f.seeds)
	}
	// --requests is the scenario's; for an open or closed model it is the
	// simulated requests per seed (a burst keeps its batch).
	if set["requests"] && s.Arrival.Kind != model.Burst {
		cfg.Requests = s.Requests
	}
	var err error
	if f.precision != "" {
		if s.Arrival.Kind == model.Burst {
			return cfg, model.NewFieldError("--precision", "conf.err.precision.burst")
		}
		if cfg.Precision, err = sim.ParsePrecision(f.precision); err != nil {
			return cfg, err
		}
	}
	if cfg.Knob, err = plan.ParseKnob(f.size, s.Model); err != nil {
		return cfg, err
	}
	for _, text := range f.slos {
		o, err := plan.ParseSLO(text)
		if err != nil {
			return cfg, err
		}
		cfg.SLOs = append(cfg.SLOs, o)
	}
	if f.slowdown != "" {
		d, err := plan.ParseSlowdown(f.slowdown)
		if err != nil {
			return cfg, err
		}
		cfg.Slowdown = &d
	}
	if f.via != runner.ViaProcess && f.via != runner.ViaHTTP && f.via != runner.ViaJVM {
		return cfg, usagef("%s", msg.T(l, "plan.err.via", f.via))
	}
	if f.confirm && (f.confirmRuns < 1 || f.confirmRuns > 20) {
		return cfg, usagef("%s", msg.T(l, "plan.err.confirm.runs", f.confirmRuns))
	}
	return cfg, nil
}

// planProgress says on stderr what a plan that takes more than a second
// is doing, at most once a second, so a silent terminal is not taken for
// a hang.
func planProgress(env *Env, l msg.Lang) func(size, done int) {
	start := time.Now()
	var mu sync.Mutex
	var last time.Time
	return func(size, done int) {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); now.Sub(start) > time.Second && now.Sub(last) >= time.Second {
			last = now
			key := "plan.progress"
			if done == 1 {
				key = "plan.progress.one"
			}
			fmt.Fprintln(env.Stderr, msg.T(l, key, done, size))
		}
	}
}

// runConfirm runs the answer for real with the runner --via names.
func (f *planFlags) runConfirm(ctx context.Context, env *Env, l msg.Lang, cfg plan.Config, res *plan.Result) (*plan.Confirmation, error) {
	exe, err := childExe()
	if err != nil {
		return nil, err
	}
	rr := runner.Runners(f.via, exe, runner.HTTPOptions{}, jvmexec.Options{Java: f.java})[0] // one runner: --via is process, http or jvm
	r := plan.Real{Runner: rr, Version: Version(), Progress: func(s model.Scenario, run, of int) {
		fmt.Fprintln(env.Stderr, msg.T(l, "plan.progress.confirm", cfg.Knob.Get(s), run, of))
	}}
	c, err := plan.Confirm(ctx, res, r, f.confirmRuns)
	if err != nil {
		return nil, tooBig(l, err)
	}
	return c, nil // an interrupted confirmation is printed, then exits 130 (planVerdict)
}

// write prints the plan: JSON, or the text with its confirmation.
func (f *planFlags) write(env *Env, l msg.Lang, out planOutput) error {
	if f.asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	var b bytes.Buffer
	if err := plan.WriteText(&b, l, out.Result); err != nil {
		return err
	}
	if out.Confirm != nil {
		b.WriteByte('\n')
		if err := plan.WriteConfirm(&b, l, out.Result, out.Confirm); err != nil {
			return err
		}
	}
	if f.svg != "" {
		fmt.Fprintf(&b, "\n%s\n", msg.T(l, "plan.svg.done", f.svg))
	}
	_, err := env.Stdout.Write(b.Bytes())
	return err
}

// planVerdict is the exit: no answer, or an answer that did not hold for
// real, is a failure; an interrupted confirmation passes nothing.
func planVerdict(out planOutput) error {
	switch c := out.Confirm; {
	case c != nil && c.Interrupted():
		return interrupted(nil)
	case out.Answer == 0:
		return &ExitError{Code: 1}
	case c != nil && !c.Held:
		return &ExitError{Code: 1}
	}
	return nil
}
