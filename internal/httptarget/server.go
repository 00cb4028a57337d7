//go:build linux

package httptarget

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/fdtable"
	"github.com/waitlab/waitlab/internal/httpwire"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// Server is one running target. Start it once, Shutdown it once.
type Server struct {
	// failed holds the first error of a part of the server that died (an
	// acceptor, a loop, the pool's poller): a server that can no longer
	// serve says so as an error (Failed), not only as an event line.
	failed     chan error
	failedOnce sync.Once

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
	db               *dbClient   // nil without Config.DB (db.go)
	fan              *fanoutPool // the pool's fan-out pool (nil: none)

	// helpers bounds the OS threads that blocking work takes beyond the
	// model's own threads: the helper threads of a parallel blocking
	// fan-out and the nanosleeps of virtual's blocking waits (each holds
	// a thread while it blocks). A send takes one; fixed at New.
	helpers chan struct{}
	// refusing counts refusals in progress (each a goroutine and a
	// socket for up to refuseLinger); beyond maxRefusing a refused
	// connection is closed at once.
	refusing atomic.Int64
	// bodyMem is the bytes of request buffers beyond smallBuf that
	// connections hold now (large bodies being received); grow keeps it
	// within Config.BodyMemory.
	bodyMem atomic.Int64

	lnFD int
	addr net.Addr
	// stopProfile ends the debug CPU profile (profile.go); set by Start.
	stopProfile func()
	impl        impl
	conns       atomic.Int64
	reqSeq      atomic.Int64
	draining    atomic.Bool
	eventsMu    sync.Mutex
}

// impl is one concurrency model.
type impl interface {
	start() error
	// shutdown stops accepting, lets in-flight requests finish until ctx
	// is done, then closes everything.
	shutdown(ctx context.Context) error
	queueLen() int
	// heldBytes is the bytes of buffers connections held at the last
	// look (loops: every connection; pool: those between requests;
	// virtual: not known, net/http's own).
	heldBytes() int64
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
	s := &Server{cfg: cfg, lnFD: -1, body: []byte(cfg.Body), helpers: make(chan struct{}, helperThreads), failed: make(chan error, 1)}
	s.calls = cfg.Knobs.calls()
	if cfg.Knobs.Downstream != "" {
		s.client = &downstream.Client{Addr: cfg.Knobs.Downstream, Timeout: cfg.DownstreamTimeout}
		sa, err := downstream.Resolve(cfg.Knobs.Downstream)
		if err != nil {
			return nil, model.NewFieldError("downstream", "target.err.downstream", cfg.Knobs.Downstream)
		}
		s.dsAddr = sa
	}
	if cfg.DB != "" {
		db, err := openDB(&s.cfg)
		if err != nil {
			return nil, err
		}
		s.db = db
	}
	switch cfg.Model {
	case model.Pool:
		s.impl = &poolServer{s: s}
		if cfg.FanoutPool > 0 {
			s.fan = newFanoutPool(s, cfg.FanoutPool)
		}
	case model.Loop, model.Offload:
		s.nloops = cfg.Threads
		// Checking every threshold (not the watchdog's default quarter)
		// keeps its wake-ups from costing the loops context switches; a
		// task that ends over the threshold between two looks is still
		// reported, only without a stack.
		s.wd = watchdog.New(watchdog.Config{Threshold: cfg.StallThreshold, Period: cfg.StallThreshold, OnStall: s.onStall, NoStacks: cfg.NoStallStacks})
		s.impl = &loopServer{s: s, offload: cfg.Model == model.Offload}
	case model.Virtual:
		s.impl = &virtualServer{s: s}
	}
	s.initMetrics()
	if s.db != nil {
		s.db.register(s.m.reg)
	}
	return s, nil
}

// Config returns the normalized configuration.
func (s *Server) Config() Config { return s.cfg }

// onStall writes one line per stall with its final duration ("ongoing"
// for a loop still stuck), and the loop's stack only the first time that
// stack is seen; later stalls in the same place name it by its id.
func (s *Server) onStall(st watchdog.Stall) {
	line := fmt.Sprintf("stall loop=%d name=%s req=%d duration=%s", st.Loop, st.Name, st.Req, st.Duration.Round(time.Microsecond))
	if st.Ongoing {
		line += " ongoing"
	}
	if st.State != "" {
		line += " state=" + st.State
	}
	if st.StackID != 0 {
		line += fmt.Sprintf(" stack=%016x", st.StackID)
		if !st.StackSeen {
			line += "\n" + st.Stack
		}
	}
	s.eventf("%s\n", line)
}

// fail records that a part of the server died while it was not draining;
// the first such error is delivered on Failed.
func (s *Server) fail(err error) {
	if s.draining.Load() {
		return
	}
	s.eventf("%v\n", err)
	s.failedOnce.Do(func() { s.failed <- err })
}

// Failed delivers the error of the first part of the server that died
// (acceptor, loop, poller) while serving; nothing is sent on a clean
// shutdown. Safe for concurrent use.
func (s *Server) Failed() <-chan error { return s.failed }

func (s *Server) eventf(format string, args ...any) {
	if s.cfg.Events == nil {
		return
	}
	s.eventsMu.Lock()
	fmt.Fprintf(s.cfg.Events, format, args...)
	s.eventsMu.Unlock()
}

// helperThreads is how many helper threads blocking work may hold at
// once (see Server.helpers); threadHeadroom is what the Go runtime, the
// acceptor, poller, watchdog and log writer need besides.
const (
	helperThreads  = 2000
	threadHeadroom = 1000
)

// raiseThreadLimit lifts Go's limit on OS threads (10,000 by default, past
// which the runtime kills the process) to what this model may start.
func (s *Server) raiseThreadLimit() {
	n := s.cfg.Threads + s.cfg.FanoutPool
	if s.cfg.Model == model.Offload {
		n += s.cfg.Offload
	}
	want := n + helperThreads + threadHeadroom
	if prev := debug.SetMaxThreads(want); prev > want {
		debug.SetMaxThreads(prev) // only ever raise it
	}
}

// holdThread takes one helper thread slot, waiting while every slot is
// taken; releaseThread gives it back.
func (s *Server) holdThread()    { s.helpers <- struct{}{} }
func (s *Server) releaseThread() { <-s.helpers }

// Start opens the log, listens and starts serving. It returns once the
// server accepts connections.
func (s *Server) Start() (err error) {
	s.stopProfile = startProfile()
	defer func() {
		if err != nil {
			s.stopProfile()
		}
	}()
	s.raiseThreadLimit()
	// Room in the descriptor table for the connections the target may
	// hold, before it is ready (internal/fdtable: each doubling of the
	// table stalls an accept for an RCU grace period). Past 65,536 the
	// table grows on demand, as before.
	fdtable.Reserve(min(s.cfg.MaxConns+s.cfg.Threads+256, 1<<16))
	if s.db != nil {
		if err := s.db.warm(context.Background()); err != nil {
			s.db.close()
			return err
		}
		defer func() {
			if err != nil {
				s.db.close()
			}
		}()
	}
	if err := s.log.openFrom(&s.cfg); err != nil {
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
	if s.db != nil {
		s.db.close()
	}
	if lerr := s.log.close(); err == nil {
		err = lerr
	}
	if s.stopProfile != nil {
		s.stopProfile()
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
	ip := net.IPv4zero // ":PORT": every interface
	if host != "" {
		ips, err := net.DefaultResolver.LookupIPAddr(context.Background(), host)
		if err != nil || len(ips) == 0 {
			return -1, nil, model.NewFieldError("listen", "target.err.resolve", addr)
		}
		ip = ips[0].IP
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
	// Accepted sockets inherit TCP_NODELAY from the listening socket
	// (Linux copies the listener's options into each connection), so
	// the models need no setsockopt per connection for it.
	unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
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

// shed503 is the response for refused connections.
var shed503 = []byte("HTTP/1.1 503 Service Unavailable\r\nServer: waitlab\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 5\r\nConnection: close\r\n\r\nbusy\n")

// Refusals: how long a refused connection may take to send its request
// before the 503 goes out anyway (a client that gets its answer before it
// sent its request takes it for an unsolicited response and drops it, so
// this is generous), how long it is then drained, and how many may be in
// progress at once.
const (
	refuseWait   = time.Second
	refuseLinger = time.Second
	maxRefusing  = 1024
)

// refuse answers a connection the server has no room for with 503 and
// closes it, on a goroutine of its own so the acceptor goes on at once
// (the socket is handed to Go's netpoller, so a flood of refusals parks
// goroutines, not OS threads). reason labels the shed counter.
func (s *Server) refuse(fd int, reason string, waitRequest bool) {
	f := os.NewFile(uintptr(fd), "refused")
	c, err := net.FileConn(f) // dups the descriptor
	f.Close()
	if err != nil {
		return
	}
	s.refuseConn(c, reason, waitRequest)
}

// refuseConn answers c with 503 and closes it (see refuse). With
// waitRequest it waits a moment (refuseWait) for the client's request first, since a 503 sent
// before the request arrives is an "unsolicited response" to a client,
// then writes the 503 whether or not the request came, with a deadline
// of its own; the 503 and the shed counter count only an answer that was
// written. Then it half-closes and reads what the client still sends for
// a while (closing with unread bytes would reset the connection and
// could destroy the 503). Past maxRefusing refusals in progress, c is
// closed at once, uncounted.
func (s *Server) refuseConn(c net.Conn, reason string, waitRequest bool) {
	if s.refusing.Add(1) > maxRefusing {
		s.refusing.Add(-1)
		c.Close()
		return
	}
	go func() {
		defer s.refusing.Add(-1)
		defer c.Close()
		var buf [4096]byte
		if waitRequest {
			c.SetReadDeadline(time.Now().Add(refuseWait))
			c.Read(buf[:])
		}
		c.SetWriteDeadline(time.Now().Add(refuseLinger))
		if n, err := c.Write(shed503); err != nil || n < len(shed503) {
			return
		}
		s.m.shed.WithLabelValues(reason).Inc()
		s.m.count(503, time.Time{})
		if tc, ok := c.(*net.TCPConn); ok {
			tc.CloseWrite()
		}
		c.SetReadDeadline(time.Now().Add(refuseLinger))
		for i := 0; i < 16; i++ {
			if _, err := c.Read(buf[:]); err != nil {
				break
			}
		}
	}()
}

// grow returns a buffer holding in's bytes with room for more: twice
// in's capacity or, when the whole request's size is known (need > 0),
// that size. What the buffer holds beyond smallBuf is taken from the
// server's body memory (--body-memory), *held says how much this
// connection holds; ok is false when the request cannot get the room (the
// budget is spent: 503) or is over the size limits.
func (s *Server) grow(in []byte, need int, held *int) ([]byte, bool) {
	limit := httpwire.MaxHeader + httpwire.MaxBody + 4096
	if cap(in) >= limit {
		return in, false
	}
	n := max(2*cap(in), 4096)
	if need > len(in) {
		n = need
	}
	n = min(n, limit)
	want := max(n-smallBuf, 0)
	d := int64(want - *held)
	if d > 0 && s.bodyMem.Add(d) > s.cfg.BodyMemory {
		s.bodyMem.Add(-d)
		return in, false
	}
	if d < 0 {
		s.bodyMem.Add(d)
	}
	*held = want
	nb := make([]byte, len(in), n)
	copy(nb, in)
	return nb, true
}

// letGo gives back what a connection held of the body memory.
func (s *Server) letGo(held *int) {
	if *held > 0 {
		s.bodyMem.Add(int64(-*held))
		*held = 0
	}
}

// ErrDrainTimeout is returned by Shutdown when the drain time ran out
// with requests still in flight.
var ErrDrainTimeout = errors.New("target: drain time ran out with requests in flight")

// acceptLoop is the acceptor shared by the pool and loop servers: it
// accepts with flags and hands each connection to handle. Transient errors are retried (a full fd table
// after a 10 ms pause); it returns when the server drains or on any other
// error, which it logs.
//
// It waits for connections in Go's poller, not in a blocking accept4(2): a thread blocked in a
// system call keeps the scheduler's P until the runtime's sysmon takes it
// back (20 us to 10 ms later), and on a target's one core (GOMAXPROCS 1)
// that held up the poller and every thread after each accept, so a burst
// of 1,000 connections took seconds to set up. Waiting in the poller
// gives the P up at once; the listening socket becomes non-blocking.
//
// It is a goroutine not locked to a thread: since it never blocks in the
// kernel, a thread of its own bought nothing but a thread switch into it
// and out of it for every wake-up (a locked goroutine runs only on its
// thread, so the one that ran the poller hands the P over, futex by
// futex). Unlocked, the thread that finds the listener ready runs it.
func (s *Server) acceptLoop(flags int, handle func(fd int)) {
	accept, done := listenAccepter(s.lnFD, flags)
	defer done()
	for {
		fd, err := accept()
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
			s.fail(fmt.Errorf("target: the acceptor died: accept: %w", err))
			return
		}
		handle(fd)
	}
}

// listenAccepter makes the listening socket non-blocking and returns an
// accept that waits, in Go's poller, until a connection comes (or the
// shutdown that ends the server). The accept4 runs inside the poller's
// read, after it has reset its readiness, so a connection that comes
// between an empty accept and the wait is never missed. Where the poller
// cannot take the socket, accept blocks in accept4 as it used to. The
// poller watches a duplicate of the descriptor, which shares the socket,
// so the server still closes fd itself; done closes the duplicate.
func listenAccepter(fd, flags int) (accept func() (int, error), done func()) {
	blocking := func() (int, error) { return accept4(fd, flags, true) }
	dup, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return blocking, func() {}
	}
	if err := unix.SetNonblock(dup, true); err != nil { // the socket's flag: fd too
		unix.Close(dup)
		return blocking, func() {}
	}
	f := os.NewFile(uintptr(dup), "listener-wait")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		unix.SetNonblock(fd, false)
		return blocking, func() {}
	}
	return func() (int, error) {
		nfd, aerr := -1, error(nil)
		err := rc.Read(func(uintptr) bool {
			nfd, aerr = accept4(fd, flags, false)
			return aerr != unix.EAGAIN
		})
		if err != nil {
			return -1, err
		}
		return nfd, aerr
	}, func() { f.Close() }
}
