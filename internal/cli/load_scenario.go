package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// wantsLoadScenario reports whether `waitlab load` was given a scenario
// (--scenario FILE, -f FILE or --preset NAME).
func wantsLoadScenario(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "scenario" || name == "f" || name == "preset") {
			return true
		}
	}
	return false
}

// runLoadScenario is `waitlab load --scenario FILE | --preset NAME
// [scenario flags] URL`: the scenario's arrival as load on a target that
// serves the scenario (loadgen.RunScenario), reported as the usual load
// report plus what the scenario view keeps: per-class latency, batch
// time, throughput, sockets and the index check.
func runLoadScenario(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "load")
	quietFlags(fs)
	sf := addScenarioFlags(fs)
	fs.StringVar(&sf.file, "scenario", "", "the scenario `file` (YAML) to turn into load (same as -f)")
	maxConns := fs.Int("max-conns", loadgen.DefaultScenarioConns, "most connections open at once (a bigger burst shares them)")
	engine := fs.String("engine", "auto", "auto or epoll (the epoll event loop) or goroutines (a goroutine per connection)")
	out := fs.String("out", "", "write the compact result file (for waitlab report) to `FILE`")
	o := addOutputFlags(fs)
	pos, err := parseQuiet(fs, env, args)
	if err != nil {
		return err
	}
	l, err := o.lang()
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("%s", msg.T(l, "load.scenario.url"))
	}
	if *maxConns < 1 {
		return usagef("%s", msg.T(l, "http.err.maxconns", *maxConns))
	}
	switch *engine {
	case "auto":
		*engine = ""
	case loadresult.EngineEpoll, loadresult.EngineGoroutines:
	default:
		return usagef("--engine: %s", msg.T(l, "load.scenario.flag.engine", *engine))
	}
	ths, err := parseThresholds(o.thresholds)
	if err != nil {
		return err
	}
	s, err := sf.resolve(ctx, l)
	if err != nil {
		return inLang(l, err)
	}
	if _, ep, err := loadgen.ParseURL(pos[0]); err != nil {
		return &UsageError{Err: err}
	} else if ep.Scheme != "http" {
		return &UsageError{Err: loadgen.ErrScenarioURL}
	}
	if err := runner.CheckHTTP(s, runner.HTTPOptions{MaxConns: *maxConns}); err != nil {
		return tooBig(l, err)
	}
	if err := runner.Check(s, 0); err != nil {
		return tooBig(l, err)
	}
	// Every output path is opened before the run (as plain load does).
	outs, err := openOutputs(l, o, *out)
	if err != nil {
		return err
	}
	res, err := loadgen.RunScenario(ctx, loadgen.ScenarioConfig{Scenario: s, URL: pos[0], MaxConns: *maxConns, Engine: *engine, Version: Version()})
	if err != nil {
		outs.discard()
		return err
	}
	res.Load.Interrupted = res.Result.Interrupted
	if !*o.json {
		// The usual report (its files, thresholds and exit code), then
		// the scenario's view.
		err := emit(env, res.Load, o, ths, l, outs)
		fmt.Fprintln(env.Stdout)
		writeLoadScenario(env.Stdout, l, s, res)
		if err == nil && res.Result.Completed == 0 {
			return &ExitError{Code: 1}
		}
		return err
	}
	return emitScenarioJSON(env, res, ths, l, outs)
}

// emitScenarioJSON prints a scenario load as JSON (the scenario's view and
// the load report), writes its files, and gives its exit: 130 when
// interrupted, 1 on a breached threshold, no completed request or a file
// not written.
func emitScenarioJSON(env *Env, res *loadgen.ScenarioResult, ths []loadreport.Threshold, l msg.Lang, outs *outputs) error {
	rep := loadreport.Analyze(res.Load, l)
	enc := json.NewEncoder(env.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(struct {
		Scenario *loadgen.ScenarioResult `json:"scenario"`
		Load     *loadreport.Report      `json:"load"`
	}{res, rep}); err != nil {
		outs.discard()
		return err
	}
	var writeErrs []error
	if outs.result != nil {
		if err := outs.result.write(res.Load.Write); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(l, "load.write.failed", "--out", outs.result.path, err)))
		}
	}
	if outs.html != nil {
		if err := outs.html.write(func(w io.Writer) error { return loadreport.WriteHTML(w, rep, l) }); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(l, "load.write.failed", "--html", outs.html.path, err)))
		}
	}
	writeErr := errors.Join(writeErrs...)
	switch {
	case res.Result.Interrupted:
		return interrupted(writeErr)
	case len(loadreport.Check(rep, ths, l)) > 0 || res.Result.Completed == 0:
		return &ExitError{Code: 1, Err: writeErr}
	case writeErr != nil:
		return &ExitError{Code: 1, Err: writeErr}
	}
	return nil
}

// writeLoadScenario writes the scenario part of a scenario load's report.
func writeLoadScenario(w io.Writer, l msg.Lang, s model.Scenario, res *loadgen.ScenarioResult) {
	r := res.Result
	fmt.Fprintln(w, msg.T(l, "load.scenario.summary", s.Name, s.Requests, s.Arrival.String(), r.MakespanMS, r.ThroughputRPS))
	for _, c := range s.Classes {
		cs := r.Classes[c.Name]
		fmt.Fprintln(w, msg.T(l, "load.scenario.class", c.Name, cs.Count, cs.P50MS, cs.P99MS, cs.MaxMS))
	}
	var b bytes.Buffer
	runner.WriteLoadSockets(&b, l, s, res.Sockets)
	w.Write(b.Bytes())
}
