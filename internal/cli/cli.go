// Package cli turns command lines into calls on waitlab's packages: it parses
// flags into model types, runs one subcommand and maps its error to an exit
// code (0 ok, 1 failure or breached threshold, 2 bad usage or bad input).
// Nothing imports cli.
//
// Each subcommand lives in its own file and registers itself from init, so
// subcommands can be added without touching a shared table.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/waitlab/waitlab/internal/buildinfo"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Env is what a subcommand may touch: its streams and the context that is
// cancelled on SIGINT/SIGTERM.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// command is one subcommand.
type command struct {
	name string
	// summary is the message catalog key of its one-line description.
	summary string
	// hidden commands (internal child processes) are not listed.
	hidden bool
	run    func(ctx context.Context, env *Env, args []string) error
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("cli: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// UsageError is bad input from the user: exit code 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// ExitError carries a specific exit code with an optional message (a
// breached threshold is 1 with the breaches already printed).
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}
func (e *ExitError) Unwrap() error { return e.Err }

// Main runs waitlab with args (without the program name) and returns the
// process exit code. It never panics on user input and never calls os.Exit.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	env := &Env{Stdin: stdin, Stdout: stdout, Stderr: stderr}
	if v := os.Getenv("WAITLAB_LANG"); v != "" {
		// A typo here would otherwise switch the language silently.
		if _, err := msg.ParseLang(v); err != nil {
			fmt.Fprintf(stderr, "waitlab: WAITLAB_LANG=%s: %v\n", v, err)
			return 2
		}
	}
	lang := envLang()
	if len(args) >= 2 && args[0] == "help" {
		// `waitlab help CMD [--lang ko]` is `waitlab CMD -h`, on stdout.
		if _, ok := commands[args[1]]; ok {
			return Main(ctx, append([]string{args[1], "-h"}, args[2:]...), stdin, stdout, stdout)
		}
		fmt.Fprintln(stderr, msg.T(lang, "cli.unknown", args[1]))
		return 2
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout, lang)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(stdout, "waitlab", Version())
		c := buildinfo.Commit()
		if c == "" {
			// go build -buildvcs=false, or a build outside a checkout.
			c = "unknown (built without VCS information)"
		}
		fmt.Fprintln(stdout, "commit", c)
		fmt.Fprintln(stdout, runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintln(stderr, msg.T(lang, "cli.unknown", args[0]))
		return 2
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "waitlab %s: internal error: %v\n%s", c.name, r, debug.Stack())
			code = 1
		}
	}()
	// A child of supervise (a real run, the HTTP view's target, an
	// experiment's server or load) stops when its parent closes the
	// cancel pipe or dies; elsewhere this is ctx itself.
	err := c.run(supervise.Controlled().Context(ctx), env, args[1:])
	if l, ok := argLang(args[1:]); ok {
		lang = l
	}
	return report(stderr, c.name, lang, err)
}

func report(stderr io.Writer, name string, lang msg.Lang, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var fe *model.FieldError
	var ue *UsageError
	var ee *ExitError
	switch {
	case errors.As(err, &fe):
		fmt.Fprintf(stderr, "waitlab %s: %s\n", name, fe.Localize(lang))
		return 2
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "waitlab %s: %v\n", name, ue.Err)
		return 2
	case errors.As(err, &ee):
		if ee.Err != nil {
			fmt.Fprintf(stderr, "waitlab %s: %v\n", name, ee.Err)
		}
		return ee.Code
	}
	fmt.Fprintf(stderr, "waitlab %s: %v\n", name, err)
	return 1
}

// argLang finds a valid --lang among a command's arguments, so that an
// error is printed in the language the user asked for even when the
// command failed before or while parsing its flags.
func argLang(args []string) (msg.Lang, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "lang" || !strings.HasPrefix(a, "-") {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return "", false
			}
			val = args[i+1]
		}
		if l, err := msg.ParseLang(val); err == nil {
			return l, true
		}
	}
	return "", false
}

// envLang picks the language for messages printed before a command's own
// --lang flag is parsed: WAITLAB_LANG, then LANG, else English.
func envLang() msg.Lang {
	for _, v := range []string{os.Getenv("WAITLAB_LANG"), os.Getenv("LANG")} {
		if v == "" {
			continue
		}
		if l, err := msg.ParseLang(strings.SplitN(v, ".", 2)[0]); err == nil {
			return l
		}
	}
	return msg.EN
}

func printUsage(w io.Writer, lang msg.Lang) {
	fmt.Fprintln(w, msg.T(lang, "cli.usage"))
	names := make([]string, 0, len(commands))
	for n, c := range commands {
		if !c.hidden {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-11s %s\n", n, msg.T(lang, commands[n].summary))
	}
	fmt.Fprintln(w, msg.T(lang, "cli.usage.more"))
}

// newFlags returns a flag set for a subcommand that reports errors instead
// of exiting, and prints its help on -h to stderr.
//
// The flag package's own output is discarded: a bad flag is reported once,
// in one line by report, with a pointer to -h; -h prints the command's
// help in the user's language (printHelp).
func newFlags(env *Env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("waitlab "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	helpOut.Store(fs, helpTo{w: env.Stderr, name: name})
	return fs
}

// helpTo is where a flag set's -h goes, and for which command.
type helpTo struct {
	w    io.Writer
	name string
}

// helpOut maps each *flag.FlagSet made by newFlags to its helpTo; a
// sync.Map because tests run commands from parallel goroutines.
var helpOut sync.Map

// parseFlags parses args and turns a flag error into a UsageError. Flags
// and positional arguments may be mixed: positional ones are returned.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	all := args
	for {
		if err := fs.Parse(args); err != nil {
			h, _ := helpOut.Load(fs)
			ht, _ := h.(helpTo)
			l, ok := argLang(all)
			if !ok {
				l = envLang()
			}
			if errors.Is(err, flag.ErrHelp) {
				if ht.w != nil {
					printHelp(ht.w, l, fs, ht.name)
				}
				return nil, err
			}
			return nil, &UsageError{Err: errors.New(flagError(l, ht.name, err))}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseNoArgs parses a command's flags, resolves its --lang, and refuses
// positional arguments with the catalog message argsKey (which takes the
// arguments as its one %q or %s). It is the common start of every
// subcommand that takes flags only.
func parseNoArgs(fs *flag.FlagSet, args []string, lang func() (msg.Lang, error), argsKey string) (msg.Lang, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return msg.EN, err
	}
	l, err := lang()
	if err != nil {
		return l, err
	}
	if len(pos) > 0 {
		return l, usagef("%s", msg.T(l, argsKey, strings.Join(pos, " ")))
	}
	return l, nil
}

// langFlag adds --lang and returns a function that resolves it.
func langFlag(fs *flag.FlagSet) func() (msg.Lang, error) {
	def := string(envLang())
	s := fs.String("lang", def, "language of text output: ko or en (default: WAITLAB_LANG, then LANG)")
	return func() (msg.Lang, error) {
		l, err := msg.ParseLang(*s)
		if err != nil {
			return msg.EN, &UsageError{Err: fmt.Errorf("--lang: %w", err)}
		}
		return l, nil
	}
}

// Version is the module version (see buildinfo.Version).
func Version() string { return buildinfo.Version() }

// checkOutPath checks, before any work starts, that an output file can be
// written, so a long run is not thrown away at its end for a typo in a
// path. It creates the file if needed (it is overwritten at the end).
func checkOutPath(l msg.Lang, flagName, path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return usagef("%s", msg.T(l, "cli.out.unwritable", flagName, path, err))
	}
	return f.Close()
}
