package cli

import (
	"context"

	"github.com/waitlab/waitlab/internal/live"
)

// The child side of `waitlab run`: one real run in a fresh process, so each
// run starts with a clean thread count and its own GOMAXPROCS.
func init() {
	register(&command{name: live.ChildCommand, summary: "run.child.summary", hidden: true, run: runChild})
}

func runChild(ctx context.Context, env *Env, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments: it reads a scenario as JSON on stdin", live.ChildCommand)
	}
	return live.ServeChild(ctx, env.Stdin, env.Stdout) // Main cancels ctx with the parent (supervise)
}
