//go:build linux

// Package experiment turns each published experiment the product is built
// on into a recipe that runs on this machine and prints its table beside
// the published one: the recipe (what runs, how often, scaled how), the
// published figures with the title of their source, the model's
// prediction where there is one, and this machine's medians with their
// min-max over N counted runs after one uncounted warm-up.
//
// One file per experiment registers it from init (Register); Run looks it
// up, captures the environment (cores, GOMAXPROCS, CPU model, Go version,
// kernel, and the machine's load average sampled during the run) and
// returns a Table that WriteMarkdown, WriteJSON and WriteSVG render. The
// model and in-process real runs come from runner.Measure; load experiments start
// `waitlab target`, `waitlab downstream` and `waitlab load` as child
// processes of the same binary, pinned to separate cores where the machine
// has two (proc_linux.go), and stop every one of them before Run returns,
// also when ctx is cancelled.
//
// The registry is filled during package initialisation and read-only
// after that; a Bench belongs to one Run and is not shared.
package experiment

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/watch"
)

// Experiment is one recipe.
type Experiment struct {
	// Name is what `waitlab exp run NAME` takes.
	Name string
	// Order is its place in `waitlab exp list` (the numbering).
	Order int
	// Needs names what the experiment needs beyond this binary ("" for
	// nothing), for the list.
	Needs string
	// Run measures and fills the bench's table. It returns an error only
	// when nothing could be measured; a cut-short run marks the table
	// Interrupted and returns what it has.
	Run func(ctx context.Context, r *Bench) error
	// Claims are the published claims the experiment tests; each run
	// judges every one of them (claims.go).
	Claims []ClaimDef
	// JVM, when set, measures the same claims on the JVM engine (our own
	// Java, engine.go) into a table of its own, with the same row keys
	// as Run so the judging code is shared; nil: every claim's JVM
	// verdict is not run, with exp.<name>.nojvm (or exp.jvm.none) as why.
	JVM func(ctx context.Context, r *Bench) error
	// JDK is the least JDK major version the JVM recipe needs (the
	// source's own JDK).
	JDK int
}

// The catalog keys of an experiment are "exp.<name>.title" and
// "exp.<name>.about" (one line for the list).

var registry = map[string]*Experiment{}

// Register adds an experiment; it panics on a duplicate name, which can
// only happen at init time.
func Register(e *Experiment) {
	if _, dup := registry[e.Name]; dup {
		panic("experiment: duplicate " + e.Name)
	}
	registry[e.Name] = e
}

// List returns every experiment in display order.
func List() []*Experiment {
	out := make([]*Experiment, 0, len(registry))
	for _, e := range registry {
		out = append(out, e)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Order < out[b].Order })
	return out
}

// Lookup returns the named experiment.
func Lookup(name string) (*Experiment, bool) {
	e, ok := registry[name]
	return e, ok
}

// Options are how to run an experiment.
type Options struct {
	// Repeat is the number of counted runs (0: DefaultRepeat, or 1 with Quick). One
	// uncounted warm-up run comes first.
	Repeat int
	// Quick scales the experiment down to finish in under 20 s.
	Quick bool
	Lang  msg.Lang
	// Exe is the waitlab binary child processes run.
	Exe string
	// Version is echoed in the environment.
	Version string
	// Command is the command line that ran the experiment, echoed.
	Command string
	// Progress, when set, receives one line before each step.
	Progress func(line string)
	// Now is the clock for the date (default time.Now).
	Now func() time.Time
	// Nice, when not 0, is the priority the experiment and its children
	// run at (see DefaultNice); a failure to set it is noted, not fatal.
	Nice int
	// Only, when not empty, restricts the run to these claim ids: the
	// table holds only their claims and a recipe may skip conditions
	// none of them needs. The ids are checked with ValidateOnly first.
	Only []string
	// Engine is go, jvm or both ("": both where a JDK of the
	// experiment's JDK is found or it has no JVM recipe, go otherwise;
	// engine.go). Java is --java: the JDK to use ("" finds one).
	Engine string
	Java   string
}

// MaxRepeat is the largest --repeat accepted: at 100 counted runs the
// 95% interval of a median is within about ±10% of the runs' spread,
// and a longer run only ties up the machine.
const MaxRepeat = 100

// DefaultRepeat is the counted runs per condition without --repeat: six
// is the fewest whose min-max brackets a median with 95% confidence
// (1 - 2/2^6 = 96.9%), so a claim's interval means what it says.
const DefaultRepeat = 6

// Run runs the named experiment and returns its table. A run cut short by
// ctx returns the table so far with Interrupted set, or supervise.ErrInterrupted
// when nothing was measured. Every child process it started has exited
// when Run returns.
func Run(ctx context.Context, name string, opt Options) (*Table, error) {
	e, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("experiment: no experiment %q", name)
	}
	if opt.Repeat > MaxRepeat {
		return nil, fmt.Errorf("experiment: --repeat %d is above the bound %d", opt.Repeat, MaxRepeat)
	}
	if bad := ValidateOnly(name, opt.Only); len(bad) > 0 {
		return nil, fmt.Errorf("experiment: %s has no claim %q", name, bad[0])
	}
	if opt.Repeat <= 0 {
		opt.Repeat = DefaultRepeat
		if opt.Quick {
			opt.Repeat = 1
		}
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Lang == "" {
		opt.Lang = msg.EN
	}
	if err := CheckEngine(opt.Engine); err != nil {
		return nil, err
	}
	engines, j, noJVM, err := resolveEngines(e, opt)
	if err != nil {
		return nil, err
	}
	r := newBench(e, opt)
	r.T.Engines = engines
	if noJVM != "" {
		r.T.Notes = append(r.T.Notes, noJVM)
	}
	if opt.Nice != 0 {
		if err := setNice(opt.Nice); err != nil {
			r.Note("exp.note.nice", err)
		}
	}
	// The environment is taken before the run: a recipe may narrow this
	// process's CPU affinity for a while, and Go follows it with
	// GOMAXPROCS.
	env := captureEnv(opt.Version, [3]float64{})
	sampler := watch.StartNeighbours()
	err = runEngines(ctx, e, r, engines, j)
	m := sampler.Stop()
	env.OwnCPU, env.NeighbourCPU, env.NeighbourCPUMax = m.Own, m.Neigh, m.NeighMax
	env.LoadStart, env.LoadMax, env.LoadEnd = m.LoadStart, m.LoadMax, m.LoadEnd
	r.T.Env = env
	r.T.Env.Nice = currentNice()
	r.T.Children = r.procs.record()
	if e := r.T.Env; e.Busy() {
		r.T.Notes = append([]string{r.T_("exp.note.busy", e.NeighbourCPU, e.MachineCPUs, e.NeighbourCPUMax, e.OwnCPU)}, r.T.Notes...)
	}
	if ctx.Err() != nil {
		r.T.Interrupted = true
	}
	if err != nil {
		if ctx.Err() != nil && len(r.T.Rows) == 0 {
			return nil, supervise.ErrInterrupted
		}
		if len(r.T.Rows) == 0 {
			return nil, err
		}
		r.T.Notes = append(r.T.Notes, r.T_("exp.note.error", err))
	}
	if len(r.T.Rows) == 0 {
		if r.T.Skipped != "" {
			return r.T, nil
		}
		return nil, supervise.ErrInterrupted
	}
	return r.T, nil
}

// Bench is what a recipe works with: the options, the table it fills,
// and the child processes it starts (not a runner.Runner, which makes one
// real run of a scenario).
type Bench struct {
	Opt   Options
	T     *Table
	procs *procSet
	exp   *Experiment
	// engine is what this bench measures on (EngineGo, EngineJVM);
	// jdk, jdkName and server are the JVM engine's, echoed in its claims
	// and rows.
	engine          string
	jdk             *jdk.JDK
	jdkName, server string
	// classes is the JVM programs' compiled class directory (jvm.go);
	// jvmWarm: the JVM engine's one warm-up run is done.
	classes string
	jvmWarm bool
	// targetReport is the last stop report of a trial's target kept
	// with trial.KeepReport.
	targetReport []byte
}

func newBench(e *Experiment, opt Options) *Bench {
	t := &Table{
		Experiment: e.Name, Lang: opt.Lang, Title: msg.T(opt.Lang, "exp."+e.Name+".title"),
		Command: opt.Command, Date: opt.Now().UTC().Format("2006-01-02 15:04 UTC"),
		Repeat: opt.Repeat, Warmup: true, Quick: opt.Quick,
	}
	return &Bench{Opt: opt, T: t, procs: &procSet{}, exp: e, engine: EngineGo}
}

// T_ formats a catalog message in the run's language.
func (r *Bench) T_(key string, args ...any) string { return msg.T(r.Opt.Lang, key, args...) }

// Progressf reports a step.
func (r *Bench) Progressf(key string, args ...any) {
	if r.Opt.Progress != nil {
		r.Opt.Progress(r.T_(key, args...))
	}
}

// Note adds a paragraph under the table.
func (r *Bench) Note(key string, args ...any) { r.T.Notes = append(r.T.Notes, r.T_(key, args...)) }
