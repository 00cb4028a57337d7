//go:build linux

package experiment

import "context"

// Experiment 10 on the JVM engine: the blocking-loop chapter's 1% of
// blocking calls, each a real `SELECT SLEEP(0.1)` to the throw-away
// MariaDB, made through JDBC (Debian's MariaDB Connector/J, one
// connection per thread) by our server on Debian's Netty: on the event
// loop's own thread (Netty's channel handler), or on an offload
// executor group of 64 and of the small pool (Netty's
// DefaultEventExecutorGroup: each channel pinned to one executor, so a
// blocked executor holds its channels, not a queue any free thread
// drains). The load and the probe are the Go engine's. The claims are
// the chapter's multiples (the chapter ran on the JVM), judged against
// the published figures: nothing here is set from them.
func runDBOnLoopJVM(ctx context.Context, r *Bench) error { return dbOnLoop(ctx, r) }
