package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/lab"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	reportpkg "github.com/waitlab/waitlab/internal/report"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"github.com/waitlab/waitlab/internal/watchdog"
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
	cfg := lab.RunConfig{
		Scenario: s, Preset: sf.preset, Exe: exe, Repeat: rf.repeat, Warmup: rf.warmup,
		Options:      live.Options{StallThreshold: rf.threshold, Trace: rf.trace(), Version: Version()},
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
	cfg.Runners = lab.RunnersJVM(runnersVia(hf.via, rf.compare), exe, opt, jf.options())
	out, err := lab.Run(ctx, cfg)
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
	case errors.As(err, new(*live.TooBigError)):
		return tooBig(l, err)
	case errors.As(err, new(*model.FieldError)):
		return err
	case errors.Is(err, epoll.ErrNeedsLinux):
		return fmt.Errorf("%s", msg.T(l, "run.err.linux"))
	case errors.Is(err, lab.ErrTargetDied):
		return fmt.Errorf("%s", msg.T(l, "http.err.died", err))
	case hf.via == lab.ViaHTTP:
		return fmt.Errorf("%s", msg.T(l, "http.err.run", err))
	case hf.via == lab.ViaJVM:
		return fmt.Errorf("%s", msg.T(l, "jvm.err.run", err))
	}
	return fmt.Errorf("%s", msg.T(l, "run.err.child", err))
}

// write prints what the run measured: the SVG file, then JSON or the text
// with its timeline.
func (f *runFlags) write(env *Env, l msg.Lang, preset string, out *lab.Outcome) error {
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
	writeRunText(&b, l, runText{
		s: out.Scenario, rep: out.Repeated, model: out.Model, compare: f.compare, ref: out.Reference, preset: preset,
		scaling: out.Scaling, warmup: f.warmup, stacks: f.stacks, first: out.MedianRun, cores: sysinfo.Cores(),
		http: out.HTTPRepeated, sockets: out.Sockets, jvm: out.JVMRepeated,
	})
	if f.trace() && out.JVM != nil {
		fmt.Fprintf(&b, "\n%s\n", timelineWhose(l, measured, f.compare))
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
var childExe = live.Executable

// tooBig turns a refusal into a usage error (exit 2) in the user's language.
func tooBig(l msg.Lang, err error) error {
	var tb *live.TooBigError
	if errors.As(err, &tb) {
		return &UsageError{Err: fmt.Errorf("%s", msg.T(l, tb.Key, tb.Args...))}
	}
	return err
}

type runText struct {
	s       model.Scenario
	rep     *live.Repeated
	model   *model.Result
	compare bool
	ref     map[string]float64
	preset  string
	scaling *live.Scaling
	warmup  bool
	stacks  bool
	first   *live.ChildResponse
	cores   int // this machine's, for the warnings
	// The HTTP view, when run (run_http.go); rep is nil with --via http.
	http    *live.Repeated
	sockets *lab.HTTPSockets
	// The JVM view, when run (run_jvm.go); rep is the Go run's, or nil.
	jvm *live.Repeated
}

func writeRunText(b *bytes.Buffer, l msg.Lang, t runText) {
	if t.jvm != nil {
		writeRunJVMText(b, l, t) // run_jvm.go
		return
	}
	if t.http != nil {
		writeRunHTTPText(b, l, t) // run_http.go
		return
	}
	measured := t.rep.Median
	writeRunPreamble(b, l, t)
	head := "run.head"
	if !t.warmup {
		head = "run.head.nowarm"
	}
	fmt.Fprintf(b, "%s\n", msg.T(l, head, t.s.Model, lanesPhrase(l, t.s), t.s.Requests, len(t.rep.Runs)))
	if measured.Interrupted {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.interrupted", measured.Completed, measured.Requests))
	}
	b.WriteByte('\n')
	if !t.compare {
		_ = reportpkg.WriteText(b, l, measured)
		b.WriteByte('\n')
	}
	multi := len(t.rep.Runs) > 1
	if t.compare || multi {
		var rows []reportpkg.CompareRow
		for _, f := range live.Figures(t.s) {
			row := reportpkg.CompareRow{Label: figureLabel(l, f), Model: math.NaN(), Real: f.Get(measured),
				Min: math.NaN(), Max: math.NaN(), Ref: math.NaN()}
			if t.compare && !live.Real(f.Key) {
				row.Model = f.Get(t.model)
			}
			if multi {
				rg := t.rep.Range[f.Key]
				row.Min, row.Max = rg.Min, rg.Max
			}
			if v, ok := t.ref[f.Key]; ok {
				row.Ref = v
			}
			rows = append(rows, row)
		}
		_ = reportpkg.WriteCompare(b, l, rows, t.compare, multi)
		if len(t.ref) > 0 {
			if p, ok := model.LookupPreset(t.preset); ok {
				fmt.Fprintf(b, "%s\n", msg.T(l, "run.ref.note", msg.T(l, p.Source)))
			}
		}
		b.WriteByte('\n')
	}
	writeRunStalls(b, l, t, measured.Stalls)
	fmt.Fprintf(b, "%s\n", msg.T(l, "run.threads.note", measured.OSThreadsPeak, measured.CPUMS))
	writeRunTail(b, l, t, measured.Env)
}

// writeRunPreamble writes the scaling line and the scenario.
func writeRunPreamble(b *bytes.Buffer, l msg.Lang, t runText) {
	if sc := t.scaling; sc != nil {
		if sc.OffloadPool[0] > 0 {
			fmt.Fprintf(b, "%s\n\n", msg.T(l, "run.scaled.pool", sc.Loops[0], sc.Loops[1], sc.Requests[0], sc.Requests[1], sc.OffloadPool[0], sc.OffloadPool[1], sc.Factor))
		} else {
			fmt.Fprintf(b, "%s\n\n", msg.T(l, "run.scaled", sc.Loops[0], sc.Loops[1], sc.Requests[0], sc.Requests[1], sc.Factor))
		}
	}
	_ = reportpkg.WriteScenario(b, l, t.s)
	b.WriteByte('\n')
}

// writeRunStalls writes what the watchdog saw (states and stacks from the
// in-process median run, t.first, when there is one).
func writeRunStalls(b *bytes.Buffer, l msg.Lang, t runText, st *model.Stalls) {
	if st == nil {
		return
	}
	if st.Count == 0 {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.stalls.none", st.ThresholdMS))
	} else {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.stalls", st.ThresholdMS, st.Count, st.WorstMS, st.WorstLoop+1, st.WorstReq, joinInts(st.PerLoop)))
		if t.first != nil && len(t.first.StallStates) > 0 {
			ss := t.first.StallStates
			fmt.Fprintf(b, "%s\n", msg.T(l, "run.stalls.states", ss[watchdog.StateBlocked], ss[watchdog.StateRunning], ss[""]))
		}
	}
	if t.stacks && t.first != nil && len(t.first.Stalls) > 0 && t.first.Stalls[0].Stack != "" {
		fmt.Fprintf(b, "%s\n", indent(t.first.Stalls[0].Stack, "    "))
	}
}

// writeRunTail writes the warnings and the environment.
func writeRunTail(b *bytes.Buffer, l msg.Lang, t runText, e *model.Env) {
	for _, w := range live.Warnings(t.s, t.cores) {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.warning", w.Text(l)))
	}
	if e != nil {
		cg := ""
		if e.CgroupCPUs > 0 {
			cg = msg.T(l, "run.env.cgroup", e.CgroupCPUs)
		}
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.env", e.CPUModel, e.GoVersion, e.GOMAXPROCS, e.NumCPU, cg, e.KernelRelease))
	}
}

func figureLabel(l msg.Lang, f live.Figure) string {
	if f.Class != "" {
		return msg.T(l, "run.fig.class", f.Class, msg.T(l, "run.fig."+strings.TrimPrefix(f.Key, f.Class+".")))
	}
	return msg.T(l, "run.fig."+f.Key)
}

// lanesPhrase says what a real run runs on, in the model's words:
// threads, loops (and offload threads) or carriers.
func lanesPhrase(l msg.Lang, s model.Scenario) string {
	if s.Model == model.Offload {
		return msg.T(l, "run.lanes.offload", s.Threads, s.OffloadPool)
	}
	if s.FanoutPool > 0 {
		return msg.T(l, "run.lanes.pool.fanout", s.Threads, s.FanoutPool)
	}
	return msg.T(l, "run.lanes."+string(s.Model), s.Threads)
}

// joinInts prints counts as text ("4, 4, 6"), never as a Go slice.
func joinInts[T int | int64](v []T) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.FormatInt(int64(n), 10)
	}
	return strings.Join(parts, ", ")
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+pre)
}
