package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
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

func runLoad(ctx context.Context, env *Env, args []string) error {
	if wantsLoadScenario(args) {
		return runLoadScenario(ctx, env, args) // load_scenario.go
	}
	fs := newFlags(env, "load")
	quietFlags(fs)
	rate := fs.String("rate", "", "open model: constant `R` requests per second")
	arrival := fs.String("arrival", "", "open model: poisson:R (Poisson arrivals), or rate:R; with --stages, just poisson")
	stages := fs.String("stages", "", "open model: rate ramps, e.g. 30s:100,60s:1000,30s:0 (each stage ramps linearly to its rate)")
	vus := fs.Int("vus", 0, "closed model: `N` virtual users, each waits for its reply before sending again")
	think := fs.Duration("think", 0, "closed model: pause after each reply")
	duration := fs.Duration("duration", 0, "measured window after the warm-up (default 10s; unlimited with --requests alone; the stages' length with --stages)")
	requests := fs.Int64("requests", 0, "stop after `N` measured requests")
	timeout := fs.Duration("timeout", loadgen.DefaultTimeout, "per-request timeout, from the actual send")
	conns := fs.Int("connections", 0, "open model: most connections (default: enough for the rate, capped at 2000)")
	warmup := fs.Duration("warmup", 0, "send for this long first, without measuring")
	targets := fs.String("targets", "", "targets `FILE`: METHOD URL, headers, @body per entry (see docs/load.md)")
	method := fs.String("method", "GET", "HTTP method for the URL")
	body := fs.String("body", "", "request body for the URL (@FILE reads a file)")
	var headers multiFlag
	fs.Var(&headers, "header", "request header 'Name: value', repeatable")
	out := fs.String("out", "", "write the compact result file (for waitlab report) to `FILE`")
	pid := fs.Int("target-pid", 0, "record the target's CPU from /proc/`PID`")
	metrics := fs.String("target-metrics", "auto", "Prometheus page with the target's process_cpu_seconds_total: URL, auto (the target's /metrics) or off")
	seed := fs.Int64("seed", 1, "seed of Poisson arrivals")
	insecure := fs.Bool("insecure", false, "https: do not verify the server's certificate")
	progress := fs.String("progress", "auto", "live progress on stderr: auto (when a terminal), on, off")
	engine := fs.String("engine", "auto", "auto (epoll for http), epoll or goroutines (a goroutine per connection; https always); WAITLAB_LOAD_GOROUTINES=1 means goroutines")
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
	for name, d := range map[string]time.Duration{"--think": *think, "--duration": *duration, "--timeout": *timeout, "--warmup": *warmup} {
		if d < 0 {
			return usagef("%s", msg.T(lang, "load.flag.negative", name, d))
		}
	}
	for name, n := range map[string]int64{"--vus": int64(*vus), "--requests": *requests, "--connections": int64(*conns), "--target-pid": int64(*pid)} {
		if n < 0 {
			return usagef("%s", msg.T(lang, "load.flag.negative", name, strconv.FormatInt(n, 10)))
		}
	}
	cfg := loadgen.Config{Think: *think, Duration: *duration, Requests: *requests, Timeout: *timeout,
		Connections: *conns, Warmup: *warmup, Seed: *seed, TargetPID: *pid, Insecure: *insecure, Version: Version(),
		Engine: *engine, RuntimePoll: os.Getenv("WAITLAB_LOAD_NETPOLL") != ""}
	// The environment switches of earlier versions map to the config.
	switch {
	case *engine == "auto" && os.Getenv("WAITLAB_LOAD_GOROUTINES") != "":
		cfg.Engine = loadgen.EngineGoroutines
	case *engine == "auto":
		cfg.Engine = ""
	}

	// The load: exactly one of --rate, --arrival, --vus (--stages alone or with --arrival poisson).
	set := 0
	for _, s := range []bool{*rate != "", *arrival != "", *vus > 0} {
		if s {
			set++
		}
	}
	switch {
	case set > 1 && !(*stages != "" && *arrival != "" && *rate == "" && *vus == 0):
		return usagef("%s", msg.T(lang, "load.flag.models"))
	case *stages != "":
		if *rate != "" || *vus > 0 {
			return usagef("%s", msg.T(lang, "load.flag.models"))
		}
		p, err := model.ParseStages(*stages)
		if err != nil {
			return usagef("--stages: %v", err)
		}
		cfg.Stages = p
		cfg.Arrival = model.Arrival{Kind: model.Rate}
		switch strings.ToLower(strings.TrimSpace(*arrival)) {
		case "", "rate":
		case "poisson":
			cfg.Arrival.Kind = model.Poisson
		default:
			return usagef("--arrival %q with --stages: write --arrival poisson (the rates come from the stages)", *arrival)
		}
	case *rate != "":
		r, err := strconv.ParseFloat(strings.TrimSpace(*rate), 64)
		if err != nil || r <= 0 || math.IsNaN(r) || math.IsInf(r, 0) || r > 1e9 {
			return usagef("%s", msg.T(lang, "load.flag.rate", *rate))
		}
		cfg.Arrival = model.Arrival{Kind: model.Rate, Rate: r}
	case *arrival != "":
		a, err := model.ParseArrival(*arrival)
		if err != nil {
			return usagef("--arrival: %v", err)
		}
		if a.Kind == model.Burst {
			return usagef("--arrival burst cannot drive a load run: use rate:R, poisson:R or --vus N")
		}
		cfg.Arrival = a
	case *vus > 0:
		cfg.Arrival = model.Arrival{Kind: model.VUs, VUs: *vus}
	default:
		return usagef("%s", msg.T(lang, "load.flag.nomodel"))
	}

	// Targets.
	switch {
	case *targets != "" && len(pos) == 0:
		data, err := loadgen.ReadFileLimit(*targets, loadgen.MaxTargetsFile)
		if err != nil {
			return usagef("%s", msg.T(lang, "load.flag.targets", *targets, err))
		}
		ts, err := loadgen.ParseTargets(data, filepath.Dir(*targets), nil)
		if err != nil {
			return usagef("--targets %s: %v", *targets, err)
		}
		cfg.Targets = ts
	case *targets == "" && len(pos) == 1:
		if _, _, err := loadgen.ParseURL(pos[0]); err != nil {
			return usagef("%v", err)
		}
		t := loadgen.Target{Method: strings.ToUpper(*method), URL: pos[0]}
		for _, h := range headers {
			k, v, ok := strings.Cut(h, ":")
			if !ok || strings.TrimSpace(k) == "" {
				return usagef("--header %q: write 'Name: value'", h)
			}
			t.Header = append(t.Header, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
		}
		if b, ok := strings.CutPrefix(*body, "@"); ok {
			data, err := loadgen.ReadFileLimit(b, loadgen.MaxBody)
			if err != nil {
				return usagef("--body @%s: %v", b, err)
			}
			t.Body = data
		} else if *body != "" {
			t.Body = []byte(*body)
		}
		cfg.Targets = []loadgen.Target{t}
	default:
		return usagef("%s", msg.T(lang, "load.flag.url"))
	}
	if err := sc.apply(lang, &cfg); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return &UsageError{Err: err}
	}
	switch *metrics {
	case "off", "":
	case "auto":
		if *pid == 0 {
			u, _, _ := loadgen.ParseURL(cfg.Targets[0].URL)
			cfg.MetricsURL = u.Scheme + "://" + u.Host + "/metrics"
		}
	default:
		if _, _, err := loadgen.ParseURL(*metrics); err != nil {
			return usagef("--target-metrics: %v", err)
		}
		cfg.MetricsURL = *metrics
	}
	switch *progress {
	case "on":
		cfg.Progress = progressPrinter(env.Stderr, lang)
	case "auto":
		if isTerminal(env.Stderr) {
			cfg.Progress = progressPrinter(env.Stderr, lang)
		}
	case "off":
	default:
		return usagef("--progress %q: use auto, on or off", *progress)
	}

	// The baseline is read and checked before the run: a wrong file must
	// not cost the measurement either.
	bl, err := readBaseline(lang, bf, cfg.Targets[0].URL)
	if err != nil {
		return err
	}
	// Every output path is opened before the run: a typo in --out must
	// not cost the measurement.
	outs, err := openOutputs(lang, o, *out)
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
		return judgeRun(env, res, bl, o, ths, lang, outs, *out)
	}
	pushErr := sc.push(env, lang, res)
	if err := emit(env, res, o, ths, lang, outs); err != nil || pushErr == nil {
		return err
	}
	return pushErr
}

func parseThresholds(list []string) ([]loadgen.Threshold, error) {
	var ths []loadgen.Threshold
	for _, s := range list {
		t, err := loadgen.ParseThreshold(s)
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
func emit(env *Env, res *loadgen.Result, o *outputFlags, ths []loadgen.Threshold, lang msg.Lang, outs *outputs) error {
	rep := loadgen.Analyze(res, lang)
	breaches := loadgen.Check(rep, ths, lang)
	var err error
	if *o.json {
		err = loadgen.WriteJSON(env.Stdout, rep)
	} else {
		err = loadgen.WriteText(env.Stdout, rep, lang, len(ths))
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
		if err := outs.html.write(func(w io.Writer) error { return loadgen.WriteHTML(w, rep, lang) }); err != nil {
			writeErrs = append(writeErrs, errors.New(msg.T(lang, "load.write.failed", "--html", outs.html.path, err)))
		}
	}
	writeErr := errors.Join(writeErrs...)
	if res.Interrupted {
		// An interrupted run has no verdict: what it measured is printed
		// and marked, and the exit code says it was interrupted.
		return &ExitError{Code: 130, Err: writeErr}
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
