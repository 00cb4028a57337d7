//go:build linux

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/waitlab/waitlab/internal/experiment"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/msg"
)

func init() {
	register(&command{name: "exp", summary: "exp.summary", run: runExp})
}

// runExp is `waitlab exp list` and `waitlab exp run NAME`: flags only; the
// recipes, tables and files are internal/experiment's.
func runExp(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "exp")
	lang := langFlag(fs)
	repeat := fs.Int("repeat", 0, "counted runs per condition, after one uncounted warm-up (default 5; 1 with --quick)")
	quick := fs.Bool("quick", false, "a scaled-down run that finishes in under 20 s, for CI and a first look")
	out := fs.String("out", "", "write the table as Markdown (NAME.md) and JSON (NAME.json) and the plots as SVG into `DIR`")
	asJSON := fs.Bool("json", false, "print the table as JSON instead of Markdown")
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
		fmt.Fprintln(env.Stdout, msg.T(l, "exp.list.head"))
		for _, e := range experiment.List() {
			fmt.Fprintf(env.Stdout, "  %-20s %s\n", e.Name, msg.T(l, "exp."+e.Name+".about"))
		}
		return nil
	case "run":
	default:
		return usagef("%s", msg.T(l, "exp.err.sub", pos[0]))
	}
	if len(pos) != 2 {
		return usagef("%s", msg.T(l, "exp.err.name"))
	}
	name := pos[1]
	if _, ok := experiment.Lookup(name); !ok {
		var names []string
		for _, e := range experiment.List() {
			names = append(names, e.Name)
		}
		return usagef("%s", msg.T(l, "exp.err.unknown", name, strings.Join(names, ", ")))
	}
	if *repeat < 0 || (*repeat == 0 && isSet(fs, "repeat")) {
		return usagef("%s", msg.T(l, "exp.err.repeat", *repeat))
	}
	if *repeat > live.MaxRepeat { // run's bound: each repeat is real runs of every condition
		return usagef("%s", msg.T(l, "run.err.repeat.max", *repeat, live.MaxRepeat))
	}
	if *out != "" {
		// A typo in the path must not throw a long run away at its end.
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return usagef("%s", msg.T(l, "cli.out.unwritable", "--out", *out, err))
		}
	}
	exe, err := childExe()
	if err != nil {
		return err
	}
	cmdline := "waitlab exp run " + name
	if *quick {
		cmdline += " --quick"
	}
	if *repeat > 0 {
		cmdline += fmt.Sprintf(" --repeat %d", *repeat)
	}
	if l != msg.EN {
		cmdline += " --lang " + string(l)
	}
	t, err := experiment.Run(ctx, name, experiment.Options{
		Repeat: *repeat, Quick: *quick, Lang: l, Exe: exe, Version: Version(), Command: cmdline,
		Progress: func(line string) { fmt.Fprintln(env.Stderr, line) },
		Nice:     experiment.DefaultNice(),
	})
	if errors.Is(err, experiment.ErrInterrupted) {
		fmt.Fprintln(env.Stderr, msg.T(l, "exp.interrupted.none"))
		return &ExitError{Code: 130}
	}
	if errors.As(err, new(*live.TooBigError)) {
		// A --repeat the machine's limits refuse is bad input (exit 2).
		return tooBig(l, err)
	}
	if err != nil {
		return fmt.Errorf("%s", msg.T(l, "exp.err.failed", name, err))
	}
	if *asJSON {
		err = experiment.WriteJSON(env.Stdout, t)
	} else {
		err = experiment.WriteMarkdown(env.Stdout, t, "")
	}
	if err != nil {
		return err
	}
	if *out != "" {
		paths, err := experiment.WriteFiles(*out, t)
		if err != nil {
			return err
		}
		for _, p := range paths {
			fmt.Fprintln(env.Stderr, msg.T(l, "exp.wrote", p))
		}
	}
	if t.Interrupted {
		return &ExitError{Code: 130}
	}
	return nil
}

func isSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}
