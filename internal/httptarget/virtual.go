//go:build linux

package httptarget

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
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

	// idle holds the connections net/http has waiting for a request (new
	// or kept alive) and since when, so that at --max-conns one idle for
	// a while can be closed to make room (nginx's reuse of keep-alive
	// connections). Guarded by mu; ConnState updates it.
	mu   sync.Mutex
	idle map[net.Conn]time.Time
}

func (v *virtualServer) queueLen() int { return 0 }

func (v *virtualServer) heldBytes() int64 { return 0 }

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
	v.idle = map[net.Conn]time.Time{}
	v.ln = &limitListener{Listener: ln, v: v}
	v.srv = &http.Server{
		Handler: v,
		// net/http reads up to MaxHeaderBytes plus 4 KiB of slack: this
		// makes the limit the same 8 KiB as the other models.
		MaxHeaderBytes: httpwire.MaxHeader - 4096,
		IdleTimeout:    s.cfg.KeepAlive,
		// Counted from the start of each request's header (for a new
		// connection, from the accept), in total; the body and write
		// timeouts are set per request in ServeHTTP, because net/http's
		// ReadTimeout and WriteTimeout would also bound the handler's
		// own waits.
		ReadHeaderTimeout: s.cfg.HeaderTimeout,
		ConnState: func(c net.Conn, st http.ConnState) {
			switch st {
			case http.StateNew:
				s.conns.Add(1)
				v.setIdle(c, true)
			case http.StateIdle:
				if vc, ok := c.(*vconn); ok {
					vc.served.Store(true)
				}
				v.setIdle(c, true)
			case http.StateActive:
				v.setIdle(c, false)
			case http.StateClosed, http.StateHijacked:
				v.setIdle(c, false)
				s.conns.Add(-1)
			}
		},
		ErrorLog: nil,
	}
	v.served = make(chan error, 1)
	go func() { v.served <- v.srv.Serve(v.ln) }()
	return nil
}

func (v *virtualServer) setIdle(c net.Conn, idle bool) {
	v.mu.Lock()
	if idle {
		v.idle[c] = time.Now()
	} else {
		delete(v.idle, c)
	}
	v.mu.Unlock()
}

// evictIdle closes a connection idle for at least evictAge and reports
// whether there was one. Map order makes the choice random, which under
// an idle flood finds one in a few steps.
func (v *virtualServer) evictIdle() bool {
	now := time.Now()
	v.mu.Lock()
	var victim net.Conn
	for c, since := range v.idle {
		if now.Sub(since) >= time.Duration(evictAge) && !connReadable(c) {
			victim = c
			delete(v.idle, c)
			break
		}
	}
	v.mu.Unlock()
	if victim == nil {
		return false
	}
	v.s.m.evicted.Inc()
	vc, ok := victim.(*vconn)
	if !ok || vc.served.Load() {
		victim.Close() // net/http sees the error and forgets it
		return true
	}
	// Never served: maybe a slow client rather than an idle one. Take the
	// socket from net/http (its blocked read returns at once and it lets
	// the connection go) and answer 503 (see eventLoop.evict).
	vc.evicted.Store(true)
	vc.Conn.SetReadDeadline(time.Now())
	v.s.refuseConn(vc.Conn, "max_conns", true)
	return true
}

// vconn is an accepted connection as net/http sees it: once evicted, the
// socket belongs to refuseConn, and net/http's reads fail, its deadlines
// and its Close do nothing. served is set once a request was answered.
type vconn struct {
	net.Conn
	evicted, served atomic.Bool
}

func (c *vconn) Read(p []byte) (int, error) {
	if c.evicted.Load() {
		return 0, io.EOF
	}
	n, err := c.Conn.Read(p)
	if c.evicted.Load() {
		return 0, io.EOF
	}
	return n, err
}

func (c *vconn) Close() error {
	if c.evicted.Load() {
		return nil
	}
	return c.Conn.Close()
}

func (c *vconn) CloseWrite() error {
	if tc, ok := c.Conn.(*net.TCPConn); ok && !c.evicted.Load() {
		return tc.CloseWrite()
	}
	return nil
}

func (c *vconn) SetDeadline(t time.Time) error {
	if c.evicted.Load() {
		return nil
	}
	return c.Conn.SetDeadline(t)
}

func (c *vconn) SetReadDeadline(t time.Time) error {
	if c.evicted.Load() {
		return nil
	}
	return c.Conn.SetReadDeadline(t)
}

func (c *vconn) SetWriteDeadline(t time.Time) error {
	if c.evicted.Load() {
		return nil
	}
	return c.Conn.SetWriteDeadline(t)
}

// connReadable reports whether c has bytes (or an EOF) waiting in the
// kernel: a request net/http has not read yet.
func connReadable(c net.Conn) bool {
	if vc, ok := c.(*vconn); ok {
		c = vc.Conn
	}
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	r := false
	rc.Control(func(fd uintptr) { r = readable(int(fd)) })
	return r
}

// fail answers a request the handler will not serve and closes the
// connection after it.
func (v *virtualServer) fail(w http.ResponseWriter, status int) {
	body := bodyFor(status, nil)
	h := w.Header()
	h["Content-Type"] = []string{"text/plain; charset=utf-8"}
	h["Connection"] = []string{"close"}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	if status == 405 {
		h["Allow"] = []string{httpwire.Allowed}
	}
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(v.s.cfg.WriteTimeout))
	w.WriteHeader(status)
	w.Write(body)
	v.s.m.count(status, time.Time{})
}

func (v *virtualServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s := v.s
	// The same methods as the other models (httpwire): CONNECT and
	// unknown ones are not implemented, TRACE is not allowed.
	switch r.Method {
	case "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS":
	case "TRACE":
		v.fail(w, 405)
		return
	default:
		v.fail(w, 501)
		return
	}
	rc := http.NewResponseController(w)
	if len(r.TransferEncoding) > 0 {
		// net/http drops a Content-Length sent with chunked (RFC 9112
		// section 6.3), so the smuggling shape cannot be told apart:
		// close after every chunked request, as section 6.1 requires
		// for that shape.
		w.Header()["Connection"] = []string{"close"}
	}
	if r.ContentLength > httpwire.MaxBody {
		v.fail(w, 413)
		return
	}
	// Read the body as the other models do, within the body timeout
	// (this also makes net/http answer "100 Continue" to a client that
	// expects it). A body that is too large, malformed (bad chunking)
	// or late is answered and the connection closed.
	if r.ContentLength != 0 {
		rc.SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout))
		_, err := io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, httpwire.MaxBody))
		var tooBig *http.MaxBytesError
		var ne net.Error
		switch {
		case err == nil:
		case errors.As(err, &tooBig):
			v.fail(w, 413)
			return
		case errors.As(err, &ne) && ne.Timeout():
			s.m.timeouts.Inc()
			v.fail(w, 408)
			return
		default:
			v.fail(w, 400)
			return
		}
		rc.SetReadDeadline(time.Time{})
	}
	// An answer the client does not take is given up after the write
	// timeout (net/http then closes the connection); every answer sets
	// its own deadline just before it is written.
	switch routeOf([]byte(r.URL.Path)) {
	case routeMetrics:
		rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		w.Header().Set("Content-Type", metricsContentType)
		w.Write(s.m.page())
		return
	case routeHealth:
		rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		w.Write(bodyOK)
		return
	}
	start := time.Now()
	id := s.reqSeq.Add(1)
	s.m.inFlight.Inc()
	p := s.makePlan(id, []byte(r.URL.RawQuery))
	status := s.runBlocking(&p, false)
	if s.log.f != nil {
		s.log.write(nil, id, []byte(r.Method), []byte(r.URL.Path), status, start)
	}
	body := bodyFor(status, s.body)
	h := w.Header()
	h["Content-Type"] = []string{"text/plain; charset=utf-8"}
	h["Server"] = []string{"waitlab"}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	p.header(h)
	rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
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

// limitListener keeps connections at MaxConns: beyond it, it closes an
// idle one to make room, or answers the new one 503.
type limitListener struct {
	net.Listener
	v *virtualServer
}

func (l *limitListener) Accept() (net.Conn, error) {
	s := l.v.s
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if s.conns.Load() < int64(s.cfg.MaxConns) || l.v.evictIdle() {
			return &vconn{Conn: c}, nil
		}
		s.refuseConn(c, "max_conns", true)
	}
}
