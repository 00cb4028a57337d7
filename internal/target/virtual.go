package target

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/httpwire"
)

// virtualServer is the goroutine-per-connection model: Go's own net/http,
// the idiomatic Go server, with GOMAXPROCS carriers. A wait parks the
// goroutine and frees its carrier; a blocking wait (--blocking) is a
// nanosleep(2) that holds an OS thread (the runtime hands the carrier's P
// to another thread meanwhile, which is Go's answer to pinning).
type virtualServer struct {
	s        *Server
	srv      *http.Server
	ln       net.Listener
	served   chan error
	oldProcs int
}

func (v *virtualServer) queueLen() int { return 0 }

func (v *virtualServer) start() error {
	s := v.s
	if s.cfg.Carriers > 0 {
		v.oldProcs = runtime.GOMAXPROCS(s.cfg.Carriers)
	}
	f := os.NewFile(uintptr(s.lnFD), "listener")
	ln, err := net.FileListener(f) // dups the descriptor
	f.Close()
	s.lnFD = -1
	if err != nil {
		return err
	}
	v.ln = &limitListener{Listener: ln, s: s}
	v.srv = &http.Server{
		Handler: v,
		// net/http reads up to MaxHeaderBytes plus 4 KiB of slack: this
		// makes the limit the same 8 KiB as the other models.
		MaxHeaderBytes: httpwire.MaxHeader - 4096,
		IdleTimeout:    s.cfg.KeepAlive,
		ConnState: func(c net.Conn, st http.ConnState) {
			switch st {
			case http.StateNew:
				s.conns.Add(1)
			case http.StateClosed, http.StateHijacked:
				s.conns.Add(-1)
			}
		},
		ErrorLog: nil,
	}
	v.served = make(chan error, 1)
	go func() { v.served <- v.srv.Serve(v.ln) }()
	return nil
}

func (v *virtualServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s := v.s
	switch routeOf([]byte(r.URL.Path)) {
	case routeMetrics:
		w.Header().Set("Content-Type", metricsContentType)
		w.Write(s.m.text())
		return
	case routeHealth:
		w.Write(bodyOK)
		return
	}
	// Read the body as the other models do (this also makes net/http
	// answer "100 Continue" to a client that expects it).
	io.Copy(io.Discard, io.LimitReader(r.Body, httpwire.MaxBody))
	start := time.Now()
	id := s.reqSeq.Add(1)
	s.m.inFlight.Inc()
	p := s.makePlan(id, []byte(r.URL.RawQuery))
	status := s.runBlocking(&p, false)
	var scratch []byte
	if s.log.f != nil {
		scratch = s.log.write(scratch, id, []byte(r.Method), []byte(r.URL.Path), status, start)
	}
	body := bodyFor(status, s.body)
	h := w.Header()
	h["Content-Type"] = []string{"text/plain; charset=utf-8"}
	h["Server"] = []string{"waitlab"}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	p.header(h)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
	s.m.inFlight.Dec()
	s.m.count(status, start)
}

func (v *virtualServer) shutdown(ctx context.Context) error {
	err := v.srv.Shutdown(ctx)
	if err != nil {
		v.srv.Close()
		err = ErrDrainTimeout
	}
	<-v.served
	if v.oldProcs > 0 {
		runtime.GOMAXPROCS(v.oldProcs)
	}
	return err
}

// limitListener answers 503 to connections beyond MaxConns.
type limitListener struct {
	net.Listener
	s *Server
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.s.conns.Load() < int64(l.s.cfg.MaxConns) {
			return c, nil
		}
		go refuseConn(c)
		l.s.m.shed.WithLabelValues("max_conns").Inc()
		l.s.m.count(503, time.Time{})
	}
}
