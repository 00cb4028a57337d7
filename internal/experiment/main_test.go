package experiment_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/cli"
)

// asWaitlab makes the test binary act as the waitlab binary: the
// experiments' child processes (target, downstream, load, real runs) are
// this binary started again with the variable set, so the tests need no
// separate go build.
const asWaitlab = "WAITLAB_EXPERIMENT_TEST_AS_WAITLAB"

func TestMain(m *testing.M) {
	// A fuzz worker is this test binary too, started by the fuzzing
	// parent with its environment: it must stay a test.
	if os.Getenv(asWaitlab) == "1" && !slices.ContainsFunc(os.Args, func(a string) bool { return strings.HasPrefix(a, "-test.fuzzworker") }) {
		ctx, stop := cli.NotifyContext(context.Background())
		code := cli.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Setenv(asWaitlab, "1")
	os.Exit(m.Run())
}
