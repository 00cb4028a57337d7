package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/probe"
)

func init() {
	register(&command{name: "probe", summary: "probe.summary", run: runProbe})
}

// runProbe parses `waitlab probe` and prints; the search, the shape, the
// fit and the sizing answer are internal/probe's.
func runProbe(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "probe")
	quietFlags(fs)
	var slos multiFlag
	fs.Var(&slos, "slo", "an SLO every step must meet, repeatable (default p99<1s and errors<1%)")
	maxRate := fs.Float64("max-rate", probe.DefaultMaxRate, "never offer more requests per second than this")
	budget := fs.Duration("budget", probe.DefaultBudget, "the whole search's time limit")
	stepMin := fs.Duration("step-min", probe.DefaultStepMin, "a step's shortest measured window")
	stepMax := fs.Duration("step-max", probe.DefaultStepMax, "a step's longest measured window")
	warmup := fs.Duration("warmup", probe.DefaultWarmup, "warm-up before each step's window")
	vusSweep := fs.Int("vus-sweep", 0, "a closed sweep of 1, 2, 4, ... `N` virtual users instead of the open steps")
	sizeFor := fs.String("size-for", "", "sizing question on the fitted model, e.g. p99<200ms@300rps")
	confirm := fs.Bool("confirm", false, "re-measure the sizing answer's point on the live server")
	allowRemote := fs.Bool("allow-remote", false, "allow a non-loopback host")
	pid := fs.Int("target-pid", 0, "read the target's CPU from /proc/`PID`")
	metrics := fs.String("target-metrics", "auto", "Prometheus page with process_cpu_seconds_total: URL, auto or off")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	htmlOut := fs.String("html", "", "write an HTML report with plots to `FILE`")
	scenarioOut := fs.String("scenario", "", "write the fitted scenario to `FILE`")
	progress := fs.String("progress", "auto", "live progress on stderr: auto, on, off")
	seed := fs.Int64("seed", 1, "seed of the arrivals and the simulations")
	langOf := langFlag(fs)
	pos, err := parseQuiet(fs, env, args)
	if err != nil {
		return err
	}
	lang, err := langOf()
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("%s", msg.T(lang, "cli.help.usage.probe"))
	}
	cfg := probe.Config{URL: pos[0], AllowRemote: *allowRemote, MaxRate: *maxRate, Budget: *budget,
		StepMin: *stepMin, StepMax: *stepMax, Warmup: *warmup, VUsSweep: *vusSweep, TargetPID: *pid,
		Seed: *seed, Version: Version(), Lang: lang}
	if *warmup == 0 {
		cfg.Warmup = -1 // 0 given: no warm-up (Validate's 0 is the default)
	}
	for _, s := range slos {
		t, err := probe.ParseSLO(s)
		if err != nil {
			return err
		}
		cfg.SLOs = append(cfg.SLOs, t)
	}
	var q *probe.SizeFor
	if *sizeFor != "" {
		v, err := probe.ParseSizeFor(*sizeFor)
		if err != nil {
			return err
		}
		q = &v
	}
	if *confirm && q == nil {
		return usagef("%s", msg.T(lang, "probe.err.confirm"))
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	switch *metrics {
	case "off", "":
	case "auto":
		if *pid == 0 {
			u, _, _ := loadgen.ParseURL(cfg.URL)
			cfg.MetricsURL = u.Scheme + "://" + u.Host + "/metrics"
		}
	default:
		if _, _, err := loadgen.ParseURL(*metrics); err != nil {
			return &UsageError{Err: model.NewFieldError("--target-metrics", "probe.err.url", *metrics)}
		}
		cfg.MetricsURL = *metrics
	}
	switch *progress {
	case "on":
		cfg.Progress = probeProgress(env.Stderr, lang)
	case "auto":
		if isTerminal(env.Stderr) {
			cfg.Progress = probeProgress(env.Stderr, lang)
		}
	case "off":
	default:
		return usagef("%s", msg.T(lang, "cli.err.progress", *progress))
	}
	// Output files are opened before the probe: a typo must not cost it.
	htmlF, err := openOut(lang, "--html", *htmlOut)
	if err != nil {
		return err
	}
	scF, err := openOut(lang, "--scenario", *scenarioOut)
	if err != nil {
		return err
	}
	res, runErr := probe.Run(ctx, cfg)
	var fe *probe.FailError
	if runErr != nil && !errors.As(runErr, &fe) {
		for _, f := range []*outFile{htmlF, scF} {
			if f != nil {
				f.f.Close()
			}
		}
		return runErr
	}
	if runErr == nil && q != nil && ctx.Err() == nil {
		if err := probe.Size(ctx, &cfg, res, *q); err != nil {
			return err
		}
		if *confirm {
			if err := probe.Confirm(ctx, cfg, res, *q, nil); err != nil {
				return err
			}
		}
	}
	if *jsonOut {
		err = probe.WriteJSON(env.Stdout, res)
	} else {
		err = probe.WriteText(env.Stdout, lang, res)
	}
	if err != nil {
		return err
	}
	var writeErrs []error
	if htmlF != nil {
		if err := htmlF.write(func(w io.Writer) error { return probe.WriteHTML(w, lang, res) }); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(lang, "probe.write.failed", "--html", htmlF.path, err)))
		}
	}
	if scF != nil {
		if res.Scenario == nil {
			scF.f.Close()
			if scF.created {
				os.Remove(scF.path)
			}
		} else if err := scF.write(func(w io.Writer) error { return probe.WriteScenario(w, res) }); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(lang, "probe.write.failed", "--scenario", scF.path, err)))
		}
	}
	switch {
	case res.Stopped == "interrupted":
		return &ExitError{Code: 130, Err: errors.Join(writeErrs...)}
	case fe != nil:
		return &ExitError{Code: 1, Err: errors.Join(append([]error{fe}, writeErrs...)...)}
	case len(writeErrs) > 0:
		return &ExitError{Code: 1, Err: errors.Join(writeErrs...)}
	}
	return nil
}

func probeProgress(w io.Writer, lang msg.Lang) func(probe.Progress) {
	return func(p probe.Progress) {
		what := strconv.FormatFloat(p.Step.OfferedRPS, 'f', 0, 64)
		if p.Step.Closed {
			what = msg.T(lang, "probe.table.vus", p.Step.VUs)
		}
		el, bud := p.Elapsed.Seconds(), p.Budget.Seconds()
		if !p.Done {
			fmt.Fprint(w, msg.T(lang, "probe.progress", el, bud, p.Step.Index, p.Step.Kind, what))
			return
		}
		verdict := msg.T(lang, "probe.table.met")
		if !p.Step.Met {
			verdict = msg.T(lang, "probe.table.breached")
		}
		fmt.Fprint(w, msg.T(lang, "probe.progress.done", el, bud, p.Step.Index, p.Step.Kind,
			strconv.FormatFloat(p.Step.OKRPS, 'f', 0, 64), (time.Duration(p.Step.P99MS*1e6)).Round(100*time.Microsecond).String(), verdict))
	}
}
