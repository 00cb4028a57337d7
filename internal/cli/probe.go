package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/probe"
)

func init() {
	register(&command{name: "probe", summary: "probe.summary", run: runProbe})
}

// runProbe parses `waitlab probe` and prints; the search, the shape, the
// fit, the sizing answer and the target it may start are internal/probe's.
func runProbe(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "probe")
	quietFlags(fs)
	var slos multiFlag
	fs.Var(&slos, "slo", "an SLO every step must meet, repeatable (default p99<1s and errors<1%)")
	var j probe.Job
	fs.Float64Var(&j.MaxRate, "max-rate", probe.DefaultMaxRate, "never offer more requests per second than this")
	fs.DurationVar(&j.Budget, "budget", probe.DefaultBudget, "the whole search's time limit")
	fs.DurationVar(&j.StepMin, "step-min", probe.DefaultStepMin, "a step's shortest measured window")
	fs.DurationVar(&j.StepMax, "step-max", probe.DefaultStepMax, "a step's longest measured window")
	fs.DurationVar(&j.Warmup, "warmup", probe.DefaultWarmup, "warm-up before each step's window")
	fs.IntVar(&j.VUsSweep, "vus-sweep", 0, "a closed sweep of 1, 2, 4, ... `N` virtual users instead of the open steps")
	sizeFor := fs.String("size-for", "", "sizing question on the fitted model, e.g. p99<200ms@300rps")
	fs.BoolVar(&j.Confirm, "confirm", false, "re-measure the sizing answer's point on the live server")
	spawn := fs.String("spawn-target", "", "start waitlab target with these `FLAGS` on 127.0.0.1:0 and probe it (--confirm restarts it with the answer)")
	fs.StringVar(&j.RestartCmd, "restart-cmd", "", "shell `COMMAND` that starts the server with {n} workers on 127.0.0.1:{port}, for --confirm")
	fs.BoolVar(&j.AllowRemote, "allow-remote", false, "allow a non-loopback host")
	fs.IntVar(&j.TargetPID, "target-pid", 0, "read the target's CPU from /proc/`PID`")
	fs.StringVar(&j.Metrics, "target-metrics", "auto", "Prometheus page with process_cpu_seconds_total: URL, auto or off")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	htmlOut := fs.String("html", "", "write an HTML report with plots to `FILE`")
	scenarioOut := fs.String("scenario", "", "write the fitted scenario to `FILE`")
	progress := fs.String("progress", "auto", "live progress on stderr: auto, on, off")
	fs.Int64Var(&j.Seed, "seed", 1, "seed of the arrivals and the simulations")
	langOf := langFlag(fs)
	pos, err := parseQuiet(fs, env, args)
	if err != nil {
		return err
	}
	lang, err := langOf()
	if err != nil {
		return err
	}
	j.Lang, j.Version, j.SpawnArgs = lang, Version(), strings.Fields(*spawn)
	if len(pos) > 1 || len(pos) == 0 && len(j.SpawnArgs) == 0 {
		return usagef("%s", msg.T(lang, "cli.help.usage.probe"))
	}
	if len(pos) == 1 {
		j.URL = pos[0]
	}
	if j.Warmup == 0 {
		j.Warmup = -1 // 0 given: no warm-up (Validate's 0 is the default)
	}
	if j.SLOs, err = parseProbeSLOs(slos); err != nil {
		return err
	}
	if *sizeFor != "" {
		v, err := probe.ParseSizeFor(*sizeFor)
		if err != nil {
			return err
		}
		j.SizeFor = &v
	}
	if err := j.Prepare(); err != nil {
		return err
	}
	switch *progress {
	case "on", "auto":
		if *progress == "on" || isTerminal(env.Stderr) {
			j.Progress = probeProgress(env.Stderr, lang)
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
	res, runErr := j.Run(ctx)
	return printProbe(env, lang, res, runErr, *jsonOut, htmlF, scF)
}

func parseProbeSLOs(slos []string) ([]loadreport.Threshold, error) {
	var out []loadreport.Threshold
	for _, s := range slos {
		t, err := probe.ParseSLO(s)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// printProbe prints a probe's result and writes its files; the exit code
// follows the result (130 interrupted, 1 failed).
func printProbe(env *Env, lang msg.Lang, res *probe.Result, runErr error, jsonOut bool, htmlF, scF *outFile) error {
	var fe *probe.FailError
	if res == nil || runErr != nil && !errors.As(runErr, &fe) {
		for _, f := range []*outFile{htmlF, scF} {
			if f != nil {
				f.f.Close()
				if f.created {
					os.Remove(f.path)
				}
			}
		}
		return runErr
	}
	var err error
	if jsonOut {
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
	case res.Stopped == "interrupted" || res.Interrupted:
		return interrupted(errors.Join(writeErrs...))
	case res.Confirm != nil && !res.Confirm.Met:
		// The answer did not hold on the live server: not a pass.
		return &ExitError{Code: 1, Err: errors.Join(append([]error{errors.New(confirmBreach(res))}, writeErrs...)...)}
	case res.Undecided != nil:
		// Undecided concludes nothing: like a failure, not a pass.
		return &ExitError{Code: 1, Err: errors.Join(append([]error{errors.New(res.Undecided.Text)}, writeErrs...)...)}
	case fe != nil:
		return &ExitError{Code: 1, Err: errors.Join(append([]error{fe}, writeErrs...)...)}
	case len(writeErrs) > 0:
		return &ExitError{Code: 1, Err: errors.Join(writeErrs...)}
	}
	return nil
}

// confirmBreach is the note that says the confirmation breached.
func confirmBreach(res *probe.Result) string {
	for _, n := range res.Notes {
		if n.Key == "probe.confirm.breached" {
			return n.Text
		}
	}
	return "probe.confirm.breached"
}

func probeProgress(w io.Writer, lang msg.Lang) func(probe.Progress) {
	return func(p probe.Progress) { fmt.Fprint(w, probe.ProgressText(lang, p)) }
}
