//go:build linux

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/waitlab/waitlab/internal/experiment"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
	"github.com/waitlab/waitlab/internal/supervise"
)

func init() {
	register(&command{name: "exp", summary: "exp.summary", run: runExp})
}

// runExp is `waitlab exp list`, `waitlab exp summary DIR` and `waitlab
// exp run NAME`: flags only; the recipes, tables and files are
// internal/experiment's.
func runExp(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "exp")
	lang := langFlag(fs)
	var o expFlags
	fs.IntVar(&o.repeat, "repeat", 0, "counted runs per condition, after one uncounted warm-up (default 6; 1 with --quick; at most 100)")
	fs.BoolVar(&o.quick, "quick", false, "a scaled-down run that finishes in under 20 s, for CI and a first look")
	fs.StringVar(&o.out, "out", "", "write the table as Markdown (NAME.md) and JSON (NAME.json) and the plots as SVG into `DIR`")
	fs.BoolVar(&o.json, "json", false, "print the table as JSON instead of Markdown")
	fs.StringVar(&o.engine, "engine", "", "the engine that judges the claims: go, jvm or both (default: both where a JDK is found, go otherwise)")
	fs.StringVar(&o.java, "java", "", "the JDK the JVM engine uses: its home or bin/java (default: JAVA_HOME, PATH, /usr/lib/jvm)")
	fs.StringVar(&o.only, "only", "", "judge only these claims (comma-separated ids, see exp list): the table holds their claims and the recipe skips conditions none of them needs")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	l, err := lang()
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("%s", msg.T(l, "exp.usage"))
	}
	switch pos[0] {
	case "list":
		if len(pos) > 1 {
			return usagef("%s", msg.T(l, "exp.usage"))
		}
		expList(env, l)
		return nil
	case "summary":
		return expSummary(env, l, pos[1:])
	case "run":
	default:
		return usagef("%s", msg.T(l, "exp.err.sub", pos[0]))
	}
	if len(pos) != 2 {
		return usagef("%s", msg.T(l, "exp.err.name"))
	}
	o.repeatSet = isSet(fs, "repeat")
	return expRun(ctx, env, l, pos[1], o)
}

// expFlags are the flags of `exp run`.
type expFlags struct {
	repeat    int
	repeatSet bool // --repeat was given (a given 0 is refused)
	quick     bool
	json      bool
	out, only string
	// engine and java are --engine (go, jvm, both) and --java.
	engine, java string
}

// expList prints one line per experiment (CI reads the first word of
// each), its claims' ids at the end.
func expList(env *Env, l msg.Lang) {
	fmt.Fprintln(env.Stdout, msg.T(l, "exp.list.head"))
	for _, e := range experiment.List() {
		about := msg.T(l, "exp."+e.Name+".about")
		if e.JVM != nil {
			about += " " + msg.T(l, "exp.list.jvm", e.JDK)
		}
		if ids := experiment.ClaimIDs(e.Name); len(ids) > 0 {
			about += " " + msg.T(l, "exp.list.claims", strings.Join(ids, ", "))
		}
		fmt.Fprintf(env.Stdout, "  %-20s %s\n", e.Name, about)
	}
}

// expRun is `exp run NAME`: the flags checked, the recipe run, its table
// printed and written.
func expRun(ctx context.Context, env *Env, l msg.Lang, name string, o expFlags) error {
	onlyIDs, err := o.check(l, name)
	if err != nil {
		return err
	}
	exe, err := childExe()
	if err != nil {
		return err
	}
	t, err := experiment.Run(ctx, name, experiment.Options{
		Repeat: o.repeat, Quick: o.quick, Lang: l, Exe: exe, Version: Version(), Command: o.command(l, name, onlyIDs),
		Progress: func(line string) { fmt.Fprintln(env.Stderr, line) },
		Nice:     experiment.DefaultNice(), Only: onlyIDs, Engine: o.engine, Java: o.java,
	})
	if errors.Is(err, supervise.ErrInterrupted) {
		fmt.Fprintln(env.Stderr, msg.T(l, "exp.interrupted.none"))
		return interrupted(nil)
	}
	if errors.As(err, new(*model.FieldError)) {
		// --engine jvm with no JDK, or a --java that is not one: bad
		// input, said before anything ran (exit 2).
		return inLang(l, err)
	}
	if errors.As(err, new(*runner.TooBigError)) {
		// A --repeat the machine's limits refuse is bad input (exit 2).
		return tooBig(l, err)
	}
	if err != nil {
		return fmt.Errorf("%s", msg.T(l, "exp.err.failed", name, err))
	}
	if o.json {
		err = experiment.WriteJSON(env.Stdout, t)
	} else {
		err = experiment.WriteMarkdown(env.Stdout, t, "")
	}
	if err != nil {
		return err
	}
	if o.out != "" {
		paths, err := experiment.WriteFiles(o.out, t)
		if err != nil {
			return err
		}
		for _, p := range paths {
			fmt.Fprintln(env.Stderr, msg.T(l, "exp.wrote", p))
		}
	}
	if t.Interrupted {
		return interrupted(nil)
	}
	return nil
}

// check refuses an unknown experiment, a bad --repeat or --only and an
// --out that cannot be made, before any run; it returns --only's ids.
func (o expFlags) check(l msg.Lang, name string) ([]string, error) {
	if _, ok := experiment.Lookup(name); !ok {
		var names []string
		for _, e := range experiment.List() {
			names = append(names, e.Name)
		}
		return nil, usagef("%s", msg.T(l, "exp.err.unknown", name, strings.Join(names, ", ")))
	}
	if err := experiment.CheckEngine(o.engine); err != nil {
		return nil, inLang(l, err)
	}
	if o.repeat < 0 || (o.repeat == 0 && o.repeatSet) {
		return nil, usagef("%s", msg.T(l, "exp.err.repeat", o.repeat))
	}
	if o.repeat > experiment.MaxRepeat {
		return nil, usagef("%s", msg.T(l, "exp.err.repeat.max", o.repeat, experiment.MaxRepeat))
	}
	var onlyIDs []string
	if o.only != "" {
		for _, id := range strings.Split(o.only, ",") {
			if id = strings.TrimSpace(id); id != "" {
				onlyIDs = append(onlyIDs, id)
			}
		}
		if bad := experiment.ValidateOnly(name, onlyIDs); len(bad) > 0 || len(onlyIDs) == 0 {
			b := o.only
			if len(bad) > 0 {
				b = bad[0]
			}
			return nil, usagef("%s", msg.T(l, "exp.err.only", b, name, strings.Join(experiment.ClaimIDs(name), ", ")))
		}
	}
	if o.out != "" {
		// A typo in the path must not throw a long run away at its end.
		if err := os.MkdirAll(o.out, 0o755); err != nil {
			return nil, usagef("%s", msg.T(l, "cli.out.unwritable", "--out", o.out, err))
		}
	}
	return onlyIDs, nil
}

// command is the command line the table records, as a person would type it.
func (o expFlags) command(l msg.Lang, name string, onlyIDs []string) string {
	cmdline := "waitlab exp run " + name
	if o.quick {
		cmdline += " --quick"
	}
	if o.repeat > 0 {
		cmdline += fmt.Sprintf(" --repeat %d", o.repeat)
	}
	if len(onlyIDs) > 0 {
		cmdline += " --only " + strings.Join(onlyIDs, ",")
	}
	if o.engine != "" {
		cmdline += " --engine " + o.engine
	}
	if o.java != "" {
		cmdline += " --java " + o.java
	}
	if l != msg.EN {
		cmdline += " --lang " + string(l)
	}
	return cmdline
}

func isSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// expSummary is `waitlab exp summary DIR`: the claims of the tables in
// DIR (NAME.json, in the experiments' order), as the top of
// docs/experiments.md.
func expSummary(env *Env, l msg.Lang, args []string) error {
	if len(args) != 1 {
		return usagef("%s", msg.T(l, "exp.usage.summary"))
	}
	dir := args[0]
	var ts []*experiment.Table
	for _, e := range experiment.List() {
		b, err := os.ReadFile(filepath.Join(dir, e.Name+".json"))
		if err != nil {
			continue
		}
		t, err := experiment.ReadTable(b)
		if err != nil {
			return usagef("%s: %v", filepath.Join(dir, e.Name+".json"), err)
		}
		ts = append(ts, t)
	}
	if len(ts) == 0 {
		return usagef("%s", msg.T(l, "exp.err.summary", dir, dir))
	}
	return experiment.WriteSummary(env.Stdout, l, ts)
}
