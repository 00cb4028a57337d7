package cli

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/waitlab/waitlab/internal/golden"
)

// TestMain lets the test binary stand in for the waitlab binary inside the
// script tests: testscript puts a "waitlab" command on the scripts' PATH
// that runs Main in a fresh process, so a script sees the exit code, the
// streams and the files exactly as a user's shell would.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"waitlab": func() {
			ctx, stop := NotifyContext(context.Background())
			code := Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
			stop()
			os.Exit(code)
		},
	})
}

// TestScripts runs the CLI behaviour scripts in testdata/script: each
// .txtar file is a shell session (commands, expected exit codes, what
// stdout and stderr must or must not hold) with the files it needs.
// Run with -update to rewrite the cmp'd outputs from what the commands
// print now.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       golden.Updating(),
		Setup: func(e *testscript.Env) error {
			// The scripts pin the language; the machine's LANG must
			// not choose it for them.
			e.Setenv("WAITLAB_LANG", "")
			e.Setenv("LANG", "C")
			return nil
		},
	})
}
