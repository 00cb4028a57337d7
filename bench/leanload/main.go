// Command leanload is waitlab's load generator linked alone: a closed run
// of 50 virtual users (or -vus) for -duration against one URL, printing
// the successes. It exists to measure what the generator's memory is
// without the rest of waitlab's packages in the binary (their code pages
// count in the resident set of `waitlab load`): see docs/benchmarks.md,
// "The generator's resident set".
//
//	go build -o /tmp/leanload ./bench/leanload
//	/usr/bin/time -f %M taskset -c 1 /tmp/leanload http://127.0.0.1:18091/
package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/netguard"
)

func main() {
	vus := flag.Int("vus", 50, "virtual users (connections)")
	dur := flag.Duration("duration", 4*time.Second, "measured window")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: leanload [-vus N] [-duration D] http://127.0.0.1:PORT/")
		os.Exit(2)
	}
	if u, err := url.Parse(flag.Arg(0)); err != nil || !netguard.LoopbackHost(u.Hostname()) {
		fmt.Fprintln(os.Stderr, "leanload: the URL must be http:// on 127.0.0.1, ::1 or localhost (a bench tool drives only this machine)")
		os.Exit(2)
	}
	cfg := loadgen.Config{
		Targets:  []loadgen.Target{{URL: flag.Arg(0)}},
		Arrival:  model.Arrival{Kind: model.VUs, VUs: *vus},
		Duration: *dur,
	}
	r, err := loadgen.Run(context.Background(), cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "leanload:", err)
		os.Exit(1)
	}
	fmt.Printf("%d ok in %s\n", r.OK, *dur)
}
