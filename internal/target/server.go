package target

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// Server is one running target. Start it once, Shutdown it once.
type Server struct {
	cfg   Config
	calls int
	body  []byte
	sc    *scenarioServe // nil unless serving a scenario (scenario.go)

	m                metrics
	log              reqLogger
	wd               *watchdog.Watchdog
	nloops           int
	client           *downstream.Client
	dsAddr           unix.Sockaddr
	lockMu           sync.Mutex
	downstreamErrors prometheus.Counter

	lnFD     int
	addr     net.Addr
	impl     impl
	conns    atomic.Int64
	reqSeq   atomic.Int64
	draining atomic.Bool
	eventsMu sync.Mutex
}

// impl is one concurrency model.
type impl interface {
	start() error
	// shutdown stops accepting, lets in-flight requests finish until ctx
	// is done, then closes everything.
	shutdown(ctx context.Context) error
	queueLen() int
}

// Stats is a snapshot of the server's counters.
type Stats struct {
	Requests   int64 // parsed requests so far
	Conns      int64
	Stalls     model.Stalls
	LogDropped int64
	LogLines   int64
}

// New validates cfg (after filling its defaults) and prepares a Server.
func New(cfg Config) (*Server, error) {
	cfg.Normalize()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, lnFD: -1, body: []byte(cfg.Body)}
	s.calls = cfg.Knobs.calls()
	if cfg.Knobs.Downstream != "" {
		s.client = &downstream.Client{Addr: cfg.Knobs.Downstream}
		sa, err := downstream.Resolve(cfg.Knobs.Downstream)
		if err != nil {
			return nil, model.NewFieldError("downstream", "target.err.downstream", cfg.Knobs.Downstream)
		}
		s.dsAddr = sa
	}
	switch cfg.Model {
	case model.Pool:
		s.impl = &poolServer{s: s}
	case model.Loop, model.Offload:
		s.nloops = cfg.Threads
		// Checking every threshold (not the watchdog's default quarter)
		// keeps its wake-ups from costing the loops context switches; a
		// task that ends over the threshold between two looks is still
		// reported, only without a stack.
		s.wd = watchdog.New(watchdog.Config{Threshold: cfg.StallThreshold, Period: cfg.StallThreshold, OnStall: s.onStall})
		s.impl = &loopServer{s: s, offload: cfg.Model == model.Offload}
	case model.Virtual:
		s.impl = &virtualServer{s: s}
	}
	s.initMetrics()
	return s, nil
}

// Config returns the normalized configuration.
func (s *Server) Config() Config { return s.cfg }

func (s *Server) onStall(st watchdog.Stall) {
	s.eventf("stall loop=%d name=%s req=%d duration=%s\n%s\n", st.Loop, st.Name, st.Req, st.Duration.Round(time.Microsecond), st.Stack)
}

func (s *Server) eventf(format string, args ...any) {
	if s.cfg.Events == nil {
		return
	}
	s.eventsMu.Lock()
	fmt.Fprintf(s.cfg.Events, format, args...)
	s.eventsMu.Unlock()
}

// Start opens the log, listens and starts serving. It returns once the
// server accepts connections.
func (s *Server) Start() error {
	if err := s.log.open(s.cfg.Log, s.cfg.LogFile, s.cfg.LogQueue, s.cfg.LogBlock); err != nil {
		return err
	}
	fd, addr, err := listen(s.cfg.Listen, s.cfg.Backlog)
	if err != nil {
		s.log.close()
		return err
	}
	s.lnFD, s.addr = fd, addr
	if s.wd != nil {
		s.wd.Start()
	}
	if err := s.impl.start(); err != nil {
		unix.Close(fd)
		s.log.close()
		if s.wd != nil {
			s.wd.Stop()
		}
		return err
	}
	return nil
}

// Addr returns the address the server listens on.
func (s *Server) Addr() net.Addr { return s.addr }

// Shutdown stops accepting, waits for in-flight requests until the drain
// time (Config.Drain) or ctx ends, then closes every connection, the log
// and the watchdog. It returns nil when every in-flight request finished.
func (s *Server) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Drain)
	defer cancel()
	err := s.impl.shutdown(ctx)
	if s.wd != nil {
		s.wd.Stop()
	}
	if s.client != nil {
		s.client.Close()
	}
	if lerr := s.log.close(); err == nil {
		err = lerr
	}
	return err
}

// Metrics returns the Prometheus text exposition of the server's metrics.
func (s *Server) Metrics() []byte { return s.m.text() }

// Registry returns the server's Prometheus registry.
func (s *Server) Registry() *prometheus.Registry { return s.m.reg }

// Stats returns a snapshot of the server's counters.
func (s *Server) Stats() Stats {
	st := Stats{
		Requests:   s.reqSeq.Load(),
		Conns:      s.conns.Load(),
		LogDropped: s.log.dropped.Load(),
		LogLines:   s.log.lines.Load(),
	}
	if s.wd != nil {
		st.Stalls = s.wd.Summary()
	}
	return st
}

// Stalls returns every stall the watchdog saw (loop models only).
func (s *Server) Stalls() []watchdog.Stall {
	if s.wd == nil {
		return nil
	}
	return s.wd.Stalls()
}

func (s *Server) queueLen() int {
	if s.impl == nil {
		return 0
	}
	return s.impl.queueLen()
}

// listen opens a TCP listening socket with the given backlog (blocking
// mode; the models set what they need).
func listen(addr string, backlog int) (int, net.Addr, error) {
	host, portS, err := net.SplitHostPort(addr)
	if err != nil {
		return -1, nil, fmt.Errorf("target: listen %s: %w", addr, err)
	}
	port, err := strconv.Atoi(portS)
	if err != nil {
		return -1, nil, fmt.Errorf("target: listen %s: bad port", addr)
	}
	ips, err := net.DefaultResolver.LookupIPAddr(context.Background(), host)
	if err != nil || len(ips) == 0 {
		return -1, nil, fmt.Errorf("target: listen %s: resolve: %w", addr, err)
	}
	ip := ips[0].IP
	if host == "" {
		ip = net.IPv4zero
	}
	var sa unix.Sockaddr
	domain := unix.AF_INET
	if ip4 := ip.To4(); ip4 != nil {
		a := &unix.SockaddrInet4{Port: port}
		copy(a.Addr[:], ip4)
		sa = a
	} else {
		domain = unix.AF_INET6
		a := &unix.SockaddrInet6{Port: port}
		copy(a.Addr[:], ip.To16())
		sa = a
	}
	fd, err := unix.Socket(domain, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return -1, nil, os.NewSyscallError("socket", err)
	}
	unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_REUSEADDR, 1)
	if err := unix.Bind(fd, sa); err != nil {
		unix.Close(fd)
		return -1, nil, fmt.Errorf("target: listen %s: %w", addr, os.NewSyscallError("bind", err))
	}
	if err := unix.Listen(fd, backlog); err != nil {
		unix.Close(fd)
		return -1, nil, fmt.Errorf("target: listen %s: %w", addr, os.NewSyscallError("listen", err))
	}
	lsa, err := unix.Getsockname(fd)
	if err != nil {
		unix.Close(fd)
		return -1, nil, os.NewSyscallError("getsockname", err)
	}
	return fd, sockaddrToTCP(lsa), nil
}

func sockaddrToTCP(sa unix.Sockaddr) net.Addr {
	switch a := sa.(type) {
	case *unix.SockaddrInet4:
		return &net.TCPAddr{IP: net.IP(a.Addr[:]).To16(), Port: a.Port}
	case *unix.SockaddrInet6:
		return &net.TCPAddr{IP: net.IP(a.Addr[:]), Port: a.Port}
	}
	return nil
}

// stopListening wakes a blocking accept and closes the listening socket
// once the acceptor is out (the caller waits for it in between).
func shutdownListener(fd int) {
	unix.Shutdown(fd, unix.SHUT_RDWR)
}

// writeAll writes b to a blocking socket.
func writeAll(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := unix.Write(fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// shed503 is the response for refused connections.
var shed503 = []byte("HTTP/1.1 503 Service Unavailable\r\nServer: waitlab\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 5\r\nConnection: close\r\n\r\nbusy\n")

// refuse answers a connection the server has no room for with 503 and
// closes it, on a goroutine of its own so the acceptor goes on at once. It
// waits (up to a second) for the client's request first: a 503 sent before
// the request arrives is an "unsolicited response" to a client, and
// closing with the request unread would send a reset that can destroy the
// 503. The socket is handed to Go's netpoller for this, so a flood of
// refused connections parks goroutines, not OS threads.
func refuse(fd int) {
	f := os.NewFile(uintptr(fd), "refused")
	c, err := net.FileConn(f) // dups the descriptor
	f.Close()
	if err != nil {
		return
	}
	go refuseConn(c)
}

// refuseConn answers c with 503 and closes it (see refuse).
func refuseConn(c net.Conn) {
	var buf [4096]byte
	c.SetDeadline(time.Now().Add(time.Second))
	c.Read(buf[:])
	c.Write(shed503)
	if tc, ok := c.(*net.TCPConn); ok {
		tc.CloseWrite()
	}
	c.SetDeadline(time.Now().Add(time.Second))
	for i := 0; i < 16; i++ {
		if _, err := c.Read(buf[:]); err != nil {
			break
		}
	}
	c.Close()
}

// ErrDrainTimeout is returned by Shutdown when the drain time ran out
// with requests still in flight.
var ErrDrainTimeout = errors.New("target: drain time ran out with requests in flight")

// acceptLoop is an acceptor thread shared by the pool and loop servers: it
// locks itself to an OS thread, blocks in accept4(2) with flags, and hands
// each connection to handle. Transient errors are retried (a full fd table
// after a 10 ms pause); it returns when the server drains or on any other
// error, which it logs.
func (s *Server) acceptLoop(flags int, handle func(fd int)) {
	runtime.LockOSThread()
	for {
		fd, _, err := unix.Accept4(s.lnFD, flags)
		if err != nil {
			if s.draining.Load() {
				return
			}
			switch err {
			case unix.EINTR, unix.ECONNABORTED, unix.EPROTO:
				continue
			case unix.EMFILE, unix.ENFILE, unix.ENOBUFS, unix.ENOMEM:
				time.Sleep(10 * time.Millisecond)
				continue
			}
			s.eventf("accept: %v\n", err)
			return
		}
		handle(fd)
	}
}
