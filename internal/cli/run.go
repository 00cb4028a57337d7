package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	reportpkg "github.com/waitlab/waitlab/internal/report"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

func init() {
	register(&command{name: "run", summary: "run.summary", run: runRun})
}

// runFlags are `waitlab run`'s own flags (beside the scenario's and the
// HTTP view's).
type runFlags struct {
	asJSON, warmup, compare, scale, stacks, timeline bool
	repeat                                           int
	threshold                                        time.Duration
	svg                                              string
}

func addRunFlags(fs *flag.FlagSet) *runFlags {
	f := &runFlags{}
	fs.BoolVar(&f.asJSON, "json", false, "print the result as JSON (with --compare: {model, real, ratio})")
	fs.IntVar(&f.repeat, "repeat", 1, "real runs to make, each in a fresh process; figures are the median, with min and max")
	fs.BoolVar(&f.warmup, "warmup", true, "make one uncounted warm-up run first")
	fs.BoolVar(&f.compare, "compare", false, "print the model and the measurement side by side, with the ratio real/model")
	fs.DurationVar(&f.threshold, "stall-threshold", 10*time.Millisecond, "loop watchdog: a task running longer than this is a stall")
	fs.BoolVar(&f.scale, "scale-to-cores", false, "shrink loops (or carriers) to this machine's cores, with requests and offload pool in proportion")
	fs.BoolVar(&f.stacks, "stacks", false, "print the stack of the worst loop stall")
	fs.BoolVar(&f.timeline, "timeline", false, "print the per-thread timeline of the real run (needs --repeat 1)")
	fs.StringVar(&f.svg, "svg", "", "write the real run's per-thread timeline as an SVG `file` (needs --repeat 1)")
	return f
}

func runRun(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "run")
	sf := addScenarioFlags(fs)
	lang := langFlag(fs)
	rf := addRunFlags(fs)
	hf := addHTTPFlags(fs) // run_http.go
	jf := addJVMFlags(fs)  // run_jvm.go
	l, err := parseNoArgs(fs, args, lang, "cli.sim.args")
	if err != nil {
		return err
	}
	if err := rf.check(l, hf); err != nil {
		return err
	}
	s, err := sf.resolve(ctx, l)
	if err != nil {
		return err
	}
	if err := rf.checkScenario(l, s); err != nil {
		return err
	}
	exe, err := childExe()
	if err != nil {
		return err
	}
	cfg := runner.Config{
		Scenario: s, Preset: sf.preset, Exe: exe, Repeat: rf.repeat, Warmup: rf.warmup,
		Options:      runner.Options{StallThreshold: rf.threshold, Trace: rf.trace(), Version: Version()},
		ScaleToCores: rf.scale, Cores: sysinfo.Cores(),
	}
	// Long runs say what they are doing on stderr, so a silent terminal is
	// not mistaken for a hang.
	long := false
	cfg.Progress = func(run, of int, expected time.Duration) {
		long = expected*time.Duration(of+1) > 2*time.Second
		if !long {
			return
		}
		if run == 0 {
			fmt.Fprintln(env.Stderr, msg.T(l, "run.progress.warmup", expected.Round(time.Millisecond)))
			return
		}
		fmt.Fprintln(env.Stderr, msg.T(l, "run.progress", run, of, expected.Round(time.Millisecond)))
	}
	opt := hf.options()
	opt.Java = jf.java // a JVM engine under --via http runs on --java too
	opt.OnTarget = func(pid int, addr string) {
		if long {
			fmt.Fprintln(env.Stderr, msg.T(l, "http.progress.ready", pid, addr))
		}
	}
	cfg.Runners = runner.Runners(runnersVia(hf.via, rf.compare), exe, opt, jf.options())
	prep, err := runner.Prepare(cfg)
	if err != nil {
		return runError(env, l, hf, err)
	}
	out, err := runner.Measure(ctx, prep)
	if err != nil {
		return runError(env, l, hf, err)
	}
	if err := rf.write(env, l, sf.preset, out); err != nil {
		return err
	}
	if out.Interrupted() {
		return interrupted(nil)
	}
	return nil
}

func (f *runFlags) trace() bool { return f.timeline || f.svg != "" }

// check refuses bad flag combinations before the scenario is read.
func (f *runFlags) check(l msg.Lang, hf *httpFlags) error {
	if err := hf.check(l, f.trace()); err != nil {
		return err
	}
	if f.repeat < 1 {
		return usagef("%s", msg.T(l, "run.err.repeat", f.repeat))
	}
	if f.trace() && f.repeat != 1 {
		return usagef("%s", msg.T(l, "run.err.timeline"))
	}
	if f.threshold <= 0 {
		return usagef("%s", msg.T(l, "run.err.threshold", f.threshold.String()))
	}
	return nil
}

// checkScenario refuses a timeline of a scenario too big to keep one, and
// an SVG path that cannot be written, before anything runs.
func (f *runFlags) checkScenario(l msg.Lang, s model.Scenario) error {
	for _, c := range []struct {
		on   bool
		name string
	}{{f.timeline, "--timeline"}, {f.svg != "", "--svg"}} {
		if c.on && s.Requests > model.MaxTraceRequests {
			return model.NewFieldError(c.name, "sim.err.trace", s.Requests, model.MaxTraceRequests)
		}
	}
	if f.svg != "" {
		return checkOutPath(l, "--svg", f.svg)
	}
	return nil
}

// runError words a run that measured nothing: interrupted (130), refused
// (2) or failed.
func runError(env *Env, l msg.Lang, hf *httpFlags, err error) error {
	switch {
	case errors.Is(err, supervise.ErrInterrupted):
		fmt.Fprintln(env.Stderr, msg.T(l, "run.interrupted.none"))
		return interrupted(nil)
	case errors.As(err, new(*runner.TooBigError)):
		return tooBig(l, err)
	case errors.As(err, new(*model.FieldError)):
		return err
	case errors.Is(err, epoll.ErrNeedsLinux):
		return fmt.Errorf("%s", msg.T(l, "run.err.linux"))
	case errors.Is(err, runner.ErrTargetDied):
		return fmt.Errorf("%s", msg.T(l, "http.err.died", err))
	case hf.via == runner.ViaHTTP:
		return fmt.Errorf("%s", msg.T(l, "http.err.run", err))
	case hf.via == runner.ViaJVM:
		return fmt.Errorf("%s", msg.T(l, "jvm.err.run", err))
	}
	return fmt.Errorf("%s", msg.T(l, "run.err.child", err))
}

// write prints what the run measured: the SVG file, then JSON or the text
// with its timeline.
func (f *runFlags) write(env *Env, l msg.Lang, preset string, out *runner.Outcome) error {
	measured := out.Real
	if out.JVM != nil {
		measured = out.JVM
	}
	if measured == nil {
		measured = out.HTTP
	}
	if f.svg != "" && measured.Trace != nil {
		var buf bytes.Buffer
		if err := reportpkg.WriteSVGTimeline(&buf, l, measured.Trace); err != nil {
			return err
		}
		if err := os.WriteFile(f.svg, buf.Bytes(), 0o644); err != nil {
			return &UsageError{Err: fmt.Errorf("--svg: %s", msg.T(l, "cli.sim.svg.write", f.svg, err))}
		}
	}
	if f.asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out.JSON(f.compare))
	}
	var b bytes.Buffer
	runner.WriteText(&b, l, out, runner.TextOptions{Compare: f.compare, Warmup: f.warmup, Stacks: f.stacks, Preset: preset, Cores: sysinfo.Cores()})
	if f.trace() && out.JVM != nil {
		fmt.Fprintf(&b, "\n%s\n", runner.JVMTimelineNote(l, out.JVM, f.compare))
	}
	if f.timeline && measured.Trace != nil {
		b.WriteByte('\n')
		if err := reportpkg.WriteASCIITimeline(&b, l, measured.Trace, timelineWidth); err != nil {
			return err
		}
	}
	if f.svg != "" && measured.Trace != nil {
		fmt.Fprintf(&b, "\n%s\n", msg.T(l, "cli.sim.svg.done", f.svg))
	}
	_, err := env.Stdout.Write(b.Bytes())
	return err
}

// childExe names the binary that runs each real run in a child process:
// this one. Tests point it at a freshly built waitlab.
var childExe = runner.Executable

// tooBig turns a refusal into a usage error (exit 2) in the user's language.
func tooBig(l msg.Lang, err error) error {
	var tb *runner.TooBigError
	if errors.As(err, &tb) {
		return &UsageError{Err: fmt.Errorf("%s", msg.T(l, tb.Key, tb.Args...))}
	}
	return err
}
