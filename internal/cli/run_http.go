package cli

import (
	"flag"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// httpFlags are `waitlab run`'s flags of the HTTP view.
type httpFlags struct {
	via      string
	listen   string
	backlog  int
	maxConns int
	pin      bool
	engine   string
}

func addHTTPFlags(fs *flag.FlagSet) *httpFlags {
	h := &httpFlags{}
	fs.StringVar(&h.via, "via", runner.ViaProcess, "real views: process (in-process executors), http (a target child process and real sockets) or both")
	fs.StringVar(&h.listen, "listen", "127.0.0.1:0", "--via http: the target's address (port 0: any free port)")
	fs.IntVar(&h.backlog, "backlog", 4096, "--via http: the target's listen backlog (the kernel caps it at net.core.somaxconn)")
	fs.IntVar(&h.maxConns, "max-conns", 10000, "--via http: most connections the load opens at once (a bigger burst shares them)")
	fs.BoolVar(&h.pin, "pin", true, "--via http: pin the load generator and the target to different cores (with 2 or more)")
	fs.StringVar(&h.engine, "engine", "go", "--via http: the server: go (waitlab's target), tomcat (pool or virtual) or netty (loop or offload)")
	return h
}

// check refuses bad combinations before anything starts.
func (h *httpFlags) check(l msg.Lang, trace bool) error {
	switch h.via {
	case runner.ViaProcess, runner.ViaJVM:
		return nil
	case runner.ViaHTTP, runner.ViaBoth:
	default:
		return usagef("%s", msg.T(l, "http.err.via", h.via))
	}
	if trace {
		return usagef("%s", msg.T(l, "http.err.trace"))
	}
	if h.maxConns < 1 {
		return usagef("%s", msg.T(l, "http.err.maxconns", h.maxConns))
	}
	if _, err := launch.ParseEngine(h.engine); err != nil {
		return inLang(l, err)
	}
	return nil
}

func (h *httpFlags) options() runner.HTTPOptions {
	e, _ := launch.ParseEngine(h.engine)
	return runner.HTTPOptions{Listen: h.listen, Backlog: h.backlog, MaxConns: h.maxConns, NoPin: !h.pin, Engine: e}
}
