package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

func init() {
	register(&command{name: "load", summary: "cli.load", run: runLoad})
}

// multiFlag collects a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ", ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// outputFlags are the report flags `load` and `report` share.
type outputFlags struct {
	json       *bool
	html       *string
	thresholds multiFlag
	lang       func() (msg.Lang, error)
}

func addOutputFlags(fs *flag.FlagSet) *outputFlags {
	o := &outputFlags{}
	o.json = fs.Bool("json", false, "print the report as one JSON object instead of text")
	o.html = fs.String("html", "", "also write a self-contained HTML report with plots to `FILE`")
	fs.Var(&o.thresholds, "threshold", "pass/fail rule, repeatable: p99<200ms, errors<1%, ok_rps>1000 (breached -> exit 1)")
	o.lang = langFlag(fs)
	return o
}

// quietFlags makes a flag error print once (by cli's error report), not
// with the whole usage.
func quietFlags(fs *flag.FlagSet) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
}

// parseQuiet parses like parseFlags (which prints the flags on -h).
func parseQuiet(fs *flag.FlagSet, _ *Env, args []string) ([]string, error) {
	pos, err := parseFlags(fs, args)
	return pos, err
}

// runLoad is `waitlab load`: flags (or --config FILE) become a
// loadgen.Spec, Spec.Config builds the run's Config (the one builder, in
// loadgen), and the run is measured and reported.
func runLoad(ctx context.Context, env *Env, args []string) error {
	if wantsLoadScenario(args) {
		return runLoadScenario(ctx, env, args) // load_scenario.go
	}
	fs := newFlags(env, "load")
	quietFlags(fs)
	lf := addLoadFlags(fs)
	sc := addScaleFlags(fs)
	o := addOutputFlags(fs)
	bf := addBaselineFlags(fs)
	pos, err := parseQuiet(fs, env, args)
	if err != nil {
		return err
	}
	lang, err := o.lang()
	if err != nil {
		return err
	}
	ths, err := parseThresholds(o.thresholds)
	if err != nil {
		return err
	}
	spec, err := lf.resolve(ctx, env, fs, pos, lang)
	if err != nil {
		return err
	}
	cfg, err := spec.ConfigContext(ctx, lang, Version())
	if err != nil && ctx.Err() != nil {
		return interrupted(nil) // a FIFO's wait ended by the user's signal
	}
	if err != nil {
		return &UsageError{Err: err}
	}
	if err := sc.apply(lang, &cfg); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return &UsageError{Err: err}
	}
	if cfg.MetricsURL, err = spec.MetricsURL(&cfg); err != nil {
		return &UsageError{Err: err}
	}
	if cfg.Progress, err = progressFor(env, lang, lf.progress); err != nil {
		return err
	}
	// The baseline is read and checked before the run: a wrong file must
	// not cost the measurement.
	bl, err := readBaseline(lang, bf, cfg.Targets[0].URL)
	if err != nil {
		return err
	}
	return measure(ctx, env, cfg, lf.out, o, ths, lang, sc, bl)
}

// measure opens the outputs, runs the load and reports it (against the
// baseline when there is one). Every output path is opened before the run:
// a typo in --out must not cost the measurement.
func measure(ctx context.Context, env *Env, cfg loadgen.Config, out string, o *outputFlags, ths []loadreport.Threshold, lang msg.Lang, sc *scaleFlags, bl *loadBaseline) error {
	outs, err := openOutputs(lang, o, out)
	if err != nil {
		return err
	}
	res, err := loadgen.Run(ctx, cfg)
	if err != nil {
		outs.discard()
		return err
	}
	if cfg.Progress != nil {
		fmt.Fprintln(env.Stderr)
	}
	if bl != nil {
		return judgeRun(env, res, bl, o, ths, lang, outs, out)
	}
	pushErr := sc.push(env, lang, res)
	if err := emit(env, res, o, ths, lang, outs); err != nil || pushErr == nil {
		return err
	}
	return pushErr
}

// loadFlags are the flags that say what load to send, bound to a Spec,
// and the few that only the command has.
type loadFlags struct {
	spec     loadgen.Spec
	headers  multiFlag
	config   string
	out      string
	progress string
}

// loadSpecFlags are the flags a --config file replaces.
var loadSpecFlags = []string{"rate", "arrival", "stages", "vus", "think", "duration", "requests", "timeout", "connections",
	"warmup", "targets", "method", "body", "header", "target-pid", "target-metrics", "seed", "insecure", "engine"}

func addLoadFlags(fs *flag.FlagSet) *loadFlags {
	l := &loadFlags{}
	s := &l.spec
	fs.StringVar((*string)(&s.Rate), "rate", "", "open model: constant `R` requests per second")
	fs.StringVar(&s.Arrival, "arrival", "", "open model: poisson:R (Poisson arrivals), or rate:R; with --stages, just poisson")
	fs.StringVar(&s.Stages, "stages", "", "open model: rate ramps, e.g. 30s:100,60s:1000,30s:0 (each stage ramps linearly to its rate)")
	fs.IntVar(&s.VUs, "vus", 0, "closed model: `N` virtual users, each waits for its reply before sending again")
	fs.DurationVar((*time.Duration)(&s.Think), "think", 0, "closed model: pause after each reply")
	fs.DurationVar((*time.Duration)(&s.Duration), "duration", 0, "measured window after the warm-up (default 10s; unlimited with --requests alone; the stages' length with --stages)")
	fs.Int64Var(&s.Requests, "requests", 0, "stop after `N` measured requests")
	s.Timeout = loadgen.Duration(loadgen.DefaultTimeout)
	fs.DurationVar((*time.Duration)(&s.Timeout), "timeout", loadgen.DefaultTimeout, "per-request timeout, from the actual send")
	fs.IntVar(&s.Connections, "connections", 0, "open model: most connections (default: enough for the rate, capped at 2000)")
	fs.DurationVar((*time.Duration)(&s.Warmup), "warmup", 0, "send for this long first, without measuring")
	fs.StringVar(&s.Targets, "targets", "", "targets `FILE`: METHOD URL, headers, @body per entry (see docs/load.md)")
	fs.StringVar(&s.Method, "method", "GET", "HTTP method for the URL")
	fs.StringVar(&s.Body, "body", "", "request body for the URL (@FILE reads a file)")
	fs.Var(&l.headers, "header", "request header 'Name: value', repeatable")
	fs.StringVar(&l.out, "out", "", "write the compact result file (for waitlab report) to `FILE`")
	fs.IntVar(&s.TargetPID, "target-pid", 0, "record the target's CPU from /proc/`PID`")
	fs.StringVar(&s.TargetMetrics, "target-metrics", "auto", "Prometheus page with the target's process_cpu_seconds_total: URL, auto (the target's /metrics) or off")
	fs.Int64Var(&s.Seed, "seed", 1, "seed of Poisson arrivals")
	fs.BoolVar(&s.Insecure, "insecure", false, "https: do not verify the server's certificate")
	fs.StringVar(&l.progress, "progress", "auto", "live progress on stderr: auto (when a terminal), on, off")
	fs.StringVar(&s.Engine, "engine", "auto", "auto (http: io_uring for --vus without --think, else epoll, as measured), epoll, uring (io_uring; epoll when the kernel refuses it) or goroutines (a goroutine per connection; https always); WAITLAB_LOAD_GOROUTINES=1 means goroutines")
	fs.StringVar(&l.config, "config", "", "read the load (URL, rate or vus, duration, ...) from a JSON or YAML `FILE` (- for stdin) instead of flags (see docs/load.md)")
	return l
}

// resolve returns the Spec: from --config FILE (with no load flag beside
// it), or from the flags and the URL argument.
func (l *loadFlags) resolve(ctx context.Context, env *Env, fs *flag.FlagSet, pos []string, lang msg.Lang) (loadgen.Spec, error) {
	env2 := os.Getenv("WAITLAB_LOAD_GOROUTINES") != ""
	poll := os.Getenv("WAITLAB_LOAD_NETPOLL") != ""
	if l.config == "" {
		s := l.spec
		s.Headers = l.headers
		if len(pos) > 1 {
			return s, usagef("%s", msg.T(lang, "load.flag.url"))
		}
		if len(pos) == 1 {
			s.URL = pos[0]
		}
		if s.TargetMetrics == "" {
			s.TargetMetrics = "off" // --target-metrics "" turns it off, as it always did
		}
		s.GoroutinesEnv, s.RuntimePoll = env2, poll
		return s, nil
	}
	var both []string
	fs.Visit(func(f *flag.Flag) {
		if slices.Contains(loadSpecFlags, f.Name) {
			both = append(both, "--"+f.Name)
		}
	})
	if len(pos) > 0 {
		both = append(both, pos[0])
	}
	if len(both) > 0 {
		return loadgen.Spec{}, usagef("%s", msg.T(lang, "loadspec.both", strings.Join(both, ", ")))
	}
	var data []byte
	var err error
	if l.config == "-" {
		data, err = readUntilDone(ctx, env.Stdin, loadgen.MaxSpecBytes+1)
	} else {
		data, err = loadgen.ReadFileContext(ctx, l.config, loadgen.MaxSpecBytes)
	}
	if err != nil && ctx.Err() != nil {
		return loadgen.Spec{}, interrupted(nil) // a FIFO's wait ended by the user's signal
	}
	if err != nil {
		return loadgen.Spec{}, usagef("--config %s: %v", l.config, err)
	}
	s, err := loadgen.ParseSpec(data)
	var fe *model.FieldError
	if errors.As(err, &fe) {
		return s, usagef("--config %s: %s", l.config, fe.Localize(lang))
	}
	if err != nil {
		return s, usagef("--config %s: %v", l.config, err)
	}
	s.GoroutinesEnv, s.RuntimePoll = env2, s.RuntimePoll || poll
	return s, nil
}

// progressFor returns the live progress printer --progress asks for.
func progressFor(env *Env, lang msg.Lang, mode string) (func(loadgen.Progress), error) {
	switch mode {
	case "on":
		return progressPrinter(env.Stderr, lang), nil
	case "auto":
		if isTerminal(env.Stderr) {
			return progressPrinter(env.Stderr, lang), nil
		}
		return nil, nil
	case "off":
		return nil, nil
	}
	return nil, usagef("%s", msg.T(lang, "cli.err.progress", mode))
}

func parseThresholds(list []string) ([]loadreport.Threshold, error) {
	var ths []loadreport.Threshold
	for _, s := range list {
		t, err := loadreport.ParseThreshold(s)
		var fe *model.FieldError
		if errors.As(err, &fe) {
			named := *fe
			named.Field = "--threshold"
			return nil, &named // exit 2, in the user's language
		}
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		ths = append(ths, t)
	}
	return ths, nil
}

// outFile is an output path opened for writing before the work starts.
type outFile struct {
	flag, path string
	f          *os.File
	created    bool // the file did not exist before: discard removes it
}

// outputs are the files a load or report writes besides stdout.
type outputs struct {
	result *outFile // --out
	html   *outFile // --html
}

// openOutputs opens --html and (for load) --out for writing, without
// truncating them yet; a path that cannot be written is a usage error
// naming the flag (exit 2).
func openOutputs(lang msg.Lang, o *outputFlags, result string) (*outputs, error) {
	outs := &outputs{}
	var err error
	if outs.html, err = openOut(lang, "--html", *o.html); err != nil {
		return nil, err
	}
	if outs.result, err = openOut(lang, "--out", result); err != nil {
		outs.discard()
		return nil, err
	}
	return outs, nil
}

func openOut(lang msg.Lang, flagName, path string) (*outFile, error) {
	if path == "" {
		return nil, nil
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err == nil {
		if st, serr := f.Stat(); serr == nil && st.IsDir() {
			f.Close()
			err = errors.New("is a directory")
		}
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, usagef("%s", msg.T(lang, "load.flag.output", flagName, path, err))
	}
	return &outFile{flag: flagName, path: path, f: f, created: os.IsNotExist(statErr)}, nil
}

// write replaces the file's content with what fn writes, and closes it.
func (o *outFile) write(fn func(io.Writer) error) error {
	if st, err := o.f.Stat(); err == nil && st.Mode().IsRegular() {
		if err := o.f.Truncate(0); err != nil {
			o.f.Close()
			return err
		}
	}
	if err := fn(o.f); err != nil {
		o.f.Close()
		return err
	}
	return o.f.Close()
}

// discard closes the files unwritten, removing the ones it created.
func (outs *outputs) discard() {
	if outs == nil {
		return
	}
	for _, o := range []*outFile{outs.result, outs.html} {
		if o == nil {
			continue
		}
		o.f.Close()
		if o.created {
			os.Remove(o.path)
		}
	}
}

// emit prints the report of res (text or JSON), then writes the files. A
// file that fails to write does not lose the measurement: the report is
// already printed, and the exit code is 1 with the error. An interrupted
// run exits 130 and has no verdict; breached thresholds exit 1 with a line
// each.
func emit(env *Env, res *loadresult.Result, o *outputFlags, ths []loadreport.Threshold, lang msg.Lang, outs *outputs) error {
	rep := loadreport.Analyze(res, lang)
	breaches := loadreport.Check(rep, ths, lang)
	var err error
	if *o.json {
		err = loadreport.WriteJSON(env.Stdout, rep)
	} else {
		err = loadreport.WriteText(env.Stdout, rep, lang, len(ths))
	}
	if err != nil {
		outs.discard()
		return err
	}
	var writeErrs []error
	if outs != nil && outs.result != nil {
		if err := outs.result.write(res.Write); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(lang, "load.write.failed", "--out", outs.result.path, err)))
		}
	}
	if outs != nil && outs.html != nil {
		if err := outs.html.write(func(w io.Writer) error { return loadreport.WriteHTML(w, rep, lang) }); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(lang, "load.write.failed", "--html", outs.html.path, err)))
		}
	}
	writeErr := errors.Join(writeErrs...)
	if res.Interrupted {
		// An interrupted run has no verdict: what it measured is printed
		// and marked, and the exit code says it was interrupted.
		return interrupted(writeErr)
	}
	if len(breaches) > 0 {
		// The text report already lists the breaches; repeat them on
		// stderr for scripts, unless both streams are the same terminal.
		if *o.json || !(isTerminal(env.Stdout) && isTerminal(env.Stderr)) {
			for _, b := range breaches {
				fmt.Fprintln(env.Stderr, b)
			}
		}
		return &ExitError{Code: 1, Err: writeErr}
	}
	if writeErr != nil {
		return &ExitError{Code: 1, Err: writeErr}
	}
	return nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func progressPrinter(w io.Writer, lang msg.Lang) func(loadgen.Progress) {
	return func(p loadgen.Progress) {
		p99 := "-"
		if p.P99 > 0 {
			p99 = p.P99.Round(10 * time.Microsecond).String()
		}
		fmt.Fprint(w, msg.T(lang, "load.progress", p.Elapsed.Seconds(), p.Rate,
			strconv.FormatInt(p.OK, 10), strconv.FormatInt(p.Sent-p.OK, 10), p99))
	}
}

// readUntilDone reads r (at most limit bytes) while ctx lasts: standard
// input that never ends (a terminal, a pipe whose writer waits) is
// waited on, and the user's interrupt ends the wait. The read itself
// cannot be stopped; the command ends, and the process with it.
func readUntilDone(ctx context.Context, r io.Reader, limit int64) ([]byte, error) {
	type read struct {
		data []byte
		err  error
	}
	ch := make(chan read, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, limit))
		ch <- read{data, err}
	}()
	select {
	case rd := <-ch:
		return rd.data, rd.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
