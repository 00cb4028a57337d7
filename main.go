// Command waitlab shows what a server thread does while it waits, and what
// that costs: a model, a real run and a real load test of the same scenario.
package main

import (
	"context"
	"os"

	"github.com/waitlab/waitlab/internal/cli"
)

func main() {
	ctx, stop := cli.NotifyContext(context.Background())
	code := cli.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
