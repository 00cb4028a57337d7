package cli

import (
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// printHelp writes a command's -h: its summary, a usage line and its flags,
// each described in lang. A flag's text is the catalog entry
// "flag.CMD.NAME" (a flag whose meaning differs by command) or "flag.NAME"
// (one meaning everywhere); the English usage string given to the flag
// package is only the fallback.
func printHelp(w io.Writer, lang msg.Lang, fs *flag.FlagSet, name string) {
	if c, ok := commands[name]; ok {
		fmt.Fprintln(w, msg.T(lang, c.summary))
		fmt.Fprintln(w)
	}
	usage := msg.T(lang, "cli.help.usage", name)
	if k := "cli.help.usage." + name; msg.Has(k) {
		usage = msg.T(lang, k)
	}
	fmt.Fprintln(w, usage)
	fs.VisitAll(func(fl *flag.Flag) {
		typ, _ := flag.UnquoteUsage(fl)
		head := "  -" + fl.Name
		if typ != "" {
			head += " " + typ
		}
		text := strings.ReplaceAll(flagText(lang, name, fl), "`", "")
		if def := fl.DefValue; def != "" && def != "0" && def != "false" && def != "0s" && fl.Name != "lang" {
			text += msg.T(lang, "cli.help.default", def)
		}
		fmt.Fprintf(w, "%s\n    \t%s\n", head, text)
	})
}

// flagText is a flag's one-line description in lang.
func flagText(lang msg.Lang, cmd string, fl *flag.Flag) string {
	if c, _, ok := strings.Cut(cmd, " "); ok {
		cmd = c // "kube job": the command's own entries are flag.kube.NAME
	}
	for _, k := range []string{"flag." + cmd + "." + fl.Name, "flag." + fl.Name} {
		if msg.Has(k) {
			return msg.T(lang, k)
		}
	}
	return fl.Usage
}

// The flag package's error texts, to be said again in the user's language.
var (
	errUndefined = regexp.MustCompile(`^flag provided but not defined: -(.+)$`)
	errNoValue   = regexp.MustCompile(`^flag needs an argument: -(.+)$`)
	errBadValue  = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for flag -([^:]+): (.*)$`)
)

// wrkFlags are flags people bring from wrk and hey to `waitlab load`,
// with the catalog key of the hint that names waitlab's flag for the same.
var wrkFlags = map[string]string{"c": "cli.hint.c", "d": "cli.hint.d", "n": "cli.hint.n", "z": "cli.hint.z"}

// flagError turns a flag package error into one line in lang, naming the
// flag and the fix, with a pointer to the command's -h.
func flagError(lang msg.Lang, cmd string, err error) string {
	e := err.Error()
	line := e
	if m := errUndefined.FindStringSubmatch(e); m != nil {
		line = msg.T(lang, "cli.flag.undefined", m[1])
		if key, ok := wrkFlags[m[1]]; ok && cmd == "load" {
			line += " " + msg.T(lang, key)
		}
	} else if m := errNoValue.FindStringSubmatch(e); m != nil {
		line = msg.T(lang, "cli.flag.novalue", m[1])
	} else if m := errBadValue.FindStringSubmatch(e); m != nil {
		line = msg.T(lang, "cli.flag.badvalue", m[2], m[1], m[3])
	}
	if cmd == "" {
		return line
	}
	return line + " " + msg.T(lang, "cli.flag.see", cmd)
}
