//go:build linux

package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
)

// Experiment 8 on the JVM engine: the same four conditions against our
// server on Debian's Netty (one event loop, the Go target's 200 µs of CPU
// per request spun on it), started through launch like every JVM target.
// The generator is waitlab's own on both engines: the claim is about
// where the generator runs, and the server it measures is now a JVM one
// with its own CPU per request (Netty's on top of the 200 µs) and its
// own threads beside the loop (the JIT, the GC). Nothing is set from
// the published outputs; the heavy generator's 1.8x is the published
// image's stated cost, an input as on the Go engine.

// coJDK is the least JDK our Netty server runs on (launch's).
const coJDK = 11

func runColocatedJVM(ctx context.Context, r *Bench) error {
	d, w := r.windows(10*time.Second, 1200*time.Millisecond)
	w = max(w, time.Second) // the JIT's first pass, uncounted
	r.server = "Netty (loops 1)"
	r.T.Recipe = r.T_("exp.co.jvm.recipe", coVUs, d.Seconds(), w.Seconds(), r.Opt.Repeat, coFactor)
	args := []string{"--engine", string(launch.Netty), "--java", r.jdk.Home, "--model", "loop", "--threads", "1", "--cpu", coCPU.String()}
	return colocatedRows(ctx, r, args, d, w)
}

// noteNetty reads the server's name and version from the last kept stop
// report into the runner's server (echoed in the JVM claims and rows),
// with its loops.
func (r *Bench) noteNetty(loops int) {
	var rep launch.Report
	if len(r.targetReport) == 0 || json.Unmarshal(r.targetReport, &rep) != nil || rep.JVM == nil || rep.JVM.Version == "" {
		return
	}
	r.server = fmt.Sprintf("%s (loops %d)", rep.JVM.Version, loops)
}
