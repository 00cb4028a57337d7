package experiment_test

import (
	"context"
	"os"
	"testing"

	"github.com/waitlab/waitlab/internal/cli"
)

// asWaitlab makes the test binary act as the waitlab binary: the
// experiments' child processes (target, downstream, load, real runs) are
// this binary started again with the variable set, so the tests need no
// separate go build.
const asWaitlab = "WAITLAB_EXPERIMENT_TEST_AS_WAITLAB"

func TestMain(m *testing.M) {
	if os.Getenv(asWaitlab) == "1" {
		ctx, stop := cli.NotifyContext(context.Background())
		code := cli.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Setenv(asWaitlab, "1")
	os.Exit(m.Run())
}
