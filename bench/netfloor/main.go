//go:build linux

// Command netfloor measures what loopback HTTP costs on this machine when
// nothing but the system calls is paid: a client and a server written as
// raw system calls (golang.org/x/sys/unix on threads locked and pinned, no
// Go poller, no goroutine per connection, no HTTP parsing, no latency
// record). Its figures are the floor of the plain way to do the work:
//   - burst: N fresh connections opened, sent on and read by the server
//     with one system call a step on each side and nothing else; a real
//     generator and server also keep state, parse and record, so they
//     take at least this (short of batching the steps in a ring);
//   - request: a client that writes, reads and waits in epoll once a
//     response pays at least this. A client can go below it only by
//     waking less often than once a response (batching its waits, as
//     waitlab's io_uring engine does), not by cutting its own code.
//
// Issue 26's goals are ratios (a burst's makespan to the model's floor,
// waitlab's CPU a request to wrk's). bench/run_http_burst.sh and
// bench/load_compare.sh print the measured side; netfloor prints where
// the plain way ends on this machine, so a goal past it is known to need
// more than lean code here, rather than being merely not met yet.
//
//	netfloor burst   [-n 300,500,1000] [-rounds 5]
//	netfloor request [-conns 50] [-duration 5s] [-addr 127.0.0.1:PORT]
//
// burst: N fresh connections, as a burst opens them. The client (CPU 1)
// opens each (socket, connect, write of a GET), then reads each response
// and closes; the server (CPU 0) accepts, reads, writes a 38-byte response
// and closes, in an epoll loop. Printed: the wall time from the first
// connect to the last response read (the time N connections take to set
// up and answer, with no wait in the server), the time from the first
// connect to the server's read of the last request, T(N), and each side's
// CPU per connection. A burst of N requests that each wait W on N
// threads, virtual threads or one event loop cannot end before W + T(N):
// its last request cannot start to wait before it is read. A pool of P
// threads with 2P requests cannot end before 2W + T(P).
//
// request: CONNS kept-alive connections, closed loop for DURATION: the
// client keeps one GET in flight on each, in an epoll loop (read the
// response, write the next request), the server answers each. Printed:
// requests a second and each side's CPU per request, the floor of a
// generator's CPU a request with one write and one read a request. With
// -addr it drives that server instead (loopback only), which tells how
// many requests a second the server gives the cheapest possible client:
// the ceiling of any generator's max req/s against it.
//
// CPU is each thread's own CPU clock (sysinfo.ThreadCPU). Loopback
// only (127.0.0.1, a port the kernel picks). Linux only.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/osthread"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

var (
	epoch    = time.Now()
	request  = []byte("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	response = []byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
)

func die(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "netfloor: "+format+"\n", args...)
	os.Exit(1)
}

func usage(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "netfloor: "+format+"\n", args...)
	fmt.Fprintln(os.Stderr, "usage: netfloor burst [-n 300,500,1000] [-rounds 5] | netfloor request [-conns 50] [-duration 5s] [-addr 127.0.0.1:PORT]")
	os.Exit(2)
}

// pin locks the calling goroutine to its thread and the thread to cpu
// (osthread.Pin); the goroutine never unlocks.
func pin(cpu int) {
	if err := osthread.Pin(cpu); err != nil {
		die("pin to CPU %d: %v (netfloor runs its server on CPU 0 and its client on CPU 1: it needs both)", cpu, err)
	}
}

// listen opens a non-blocking listener on 127.0.0.1 at a port the kernel
// picks, with a backlog that holds the largest burst.
func listen() (int, *unix.SockaddrInet4) {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		die("socket: %v", err)
	}
	_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_REUSEADDR, 1)
	_ = unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1) // inherited by accepted sockets
	if err := unix.Bind(fd, &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		die("bind: %v", err)
	}
	if err := unix.Listen(fd, 4096); err != nil {
		die("listen: %v", err)
	}
	sa, err := unix.Getsockname(fd)
	if err != nil {
		die("getsockname: %v", err)
	}
	a := sa.(*unix.SockaddrInet4)
	return fd, &unix.SockaddrInet4{Addr: a.Addr, Port: a.Port}
}

// server is the floor's server: one epoll loop on CPU 0 that accepts,
// reads a request, writes the response, and (burst) closes, or (keep)
// keeps the connection for the next request. It serves until stop is
// closed and reports its CPU on each message from mark: the CPU since the
// previous mark.
type server struct {
	ln, ep int
	// lastRead is when the server last read a request, in nanoseconds
	// since epoch (the process's start); the client reads it once the
	// burst's responses are in, when no request is being read.
	lastRead atomic.Int64
	keep     bool
	mark     chan chan time.Duration
	stop     chan struct{}
}

func (s *server) run(ready chan<- struct{}) {
	pin(0)
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		die("epoll_create1: %v", err)
	}
	s.ep = ep
	if err := unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, s.ln, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(s.ln)}); err != nil {
		die("epoll_ctl: %v", err)
	}
	close(ready)
	evs := make([]unix.EpollEvent, 256)
	buf := make([]byte, 4096)
	last := sysinfo.ThreadCPU()
	for {
		select {
		case <-s.stop:
			return
		case c := <-s.mark:
			now := sysinfo.ThreadCPU()
			c <- now - last
			last = now
		default:
		}
		n, err := unix.EpollWait(ep, evs, 10)
		if err != nil && !errors.Is(err, unix.EINTR) {
			die("epoll_wait: %v", err)
		}
		for _, ev := range evs[:max(n, 0)] {
			fd := int(ev.Fd)
			if fd == s.ln {
				s.accept(buf)
				continue
			}
			s.serve(fd, buf)
		}
	}
}

// accept takes every pending connection. A burst's client has written
// its request before the server gets to it, so the request is read at
// once; only a connection with nothing to read yet joins the epoll set.
func (s *server) accept(buf []byte) {
	for {
		fd, _, err := unix.Accept4(s.ln, unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC)
		if err != nil {
			if errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EINTR) {
				return
			}
			die("accept4: %v", err)
		}
		if !s.serve(fd, buf) {
			if err := unix.EpollCtl(s.ep, unix.EPOLL_CTL_ADD, fd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(fd)}); err != nil {
				die("epoll_ctl: %v", err)
			}
		}
	}
}

// serve reads what fd has and answers each request; it reports whether
// it read anything (false: nothing yet, the caller waits for it).
func (s *server) serve(fd int, buf []byte) bool {
	n, err := unix.Read(fd, buf)
	if errors.Is(err, unix.EAGAIN) {
		return false
	}
	if err != nil || n == 0 {
		unix.Close(fd) // the peer closed; the close takes fd out of the epoll set
		return true
	}
	s.lastRead.Store(int64(time.Since(epoch)))
	// A request is the fixed GET; a read holds one or (after a slow
	// spell) several, each answered.
	for k := n / len(request); k > 0; k-- {
		if _, err := unix.Write(fd, response); err != nil {
			unix.Close(fd)
			return true
		}
	}
	if !s.keep {
		unix.Close(fd)
	}
	return true
}

// loopback parses 127.0.0.1:PORT; any other address is refused, since
// netfloor drives a server as fast as it answers.
func loopback(hp string) *unix.SockaddrInet4 {
	host, port, ok := strings.Cut(hp, ":")
	p, err := strconv.Atoi(port)
	if !ok || host != "127.0.0.1" || err != nil || p < 1 || p > 65535 {
		usage("-addr: %q; give a loopback server as 127.0.0.1:PORT", hp)
	}
	return &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}, Port: p}
}

func (s *server) cpu() time.Duration {
	c := make(chan time.Duration)
	s.mark <- c
	return <-c
}

func startServer(keep bool) (*server, *unix.SockaddrInet4) {
	ln, addr := listen()
	s := &server{ln: ln, keep: keep, mark: make(chan chan time.Duration), stop: make(chan struct{})}
	ready := make(chan struct{})
	go s.run(ready)
	<-ready
	return s, addr
}

// dial opens a blocking TCP connection to addr (on loopback the
// handshake is done within connect).
func dial(addr *unix.SockaddrInet4) int {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		die("socket: %v", err)
	}
	if err := unix.Connect(fd, addr); err != nil {
		die("connect: %v", err)
	}
	return fd
}

// burst opens n connections as fast as one thread can, then reads every
// response; it returns the wall time from the first connect to the last
// read, the time from the first connect to the server's read of the last
// request (the earliest the last request could start to wait), and the
// client thread's CPU.
func burst(s *server, addr *unix.SockaddrInet4, n int) (wall, started, cpu time.Duration) {
	fds := make([]int, n)
	buf := make([]byte, 4096)
	c0, t0 := sysinfo.ThreadCPU(), time.Now()
	for i := range fds {
		fd := dial(addr)
		if _, err := unix.Write(fd, request); err != nil {
			die("write: %v", err)
		}
		fds[i] = fd
	}
	for _, fd := range fds {
		got := 0
		for got < len(response) {
			m, err := unix.Read(fd, buf)
			if err != nil && errors.Is(err, unix.EINTR) {
				continue
			}
			if err != nil || m == 0 {
				die("read: %v (got %d of %d bytes)", err, got, len(response))
			}
			got += m
		}
		unix.Close(fd)
	}
	wall, cpu = time.Since(t0), sysinfo.ThreadCPU()-c0
	return wall, time.Duration(s.lastRead.Load()) - t0.Sub(epoch), cpu
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func spread(xs []float64) string {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return fmt.Sprintf("%.1f-%.1f", s[0], s[len(s)-1])
}

func runBurst(args []string) {
	fs := flag.NewFlagSet("burst", flag.ExitOnError)
	ns := fs.String("n", "300,500,1000", "burst sizes, comma-separated")
	rounds := fs.Int("rounds", 5, "bursts of each size (medians are printed)")
	fs.Parse(args)
	var sizes []int
	for _, f := range strings.Split(*ns, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 4000 {
			usage("-n: %q is not a burst size from 1 to 4000 (the listen backlog); give sizes like -n 300,500", f)
		}
		sizes = append(sizes, n)
	}
	if *rounds < 1 {
		usage("-rounds: %d; give at least 1", *rounds)
	}
	s, addr := startServer(false)
	defer close(s.stop)
	done := make(chan struct{})
	go func() {
		defer close(done)
		pin(1)
		burst(s, addr, 50) // warm both sides (page tables, socket caches)
		time.Sleep(50 * time.Millisecond)
		s.cpu()
		for _, n := range sizes {
			var walls, starts, cli, srv []float64
			for r := 0; r < *rounds; r++ {
				wall, started, cpu := burst(s, addr, n)
				time.Sleep(20 * time.Millisecond) // the server's last closes
				scpu := s.cpu()
				walls = append(walls, float64(wall.Microseconds())/1e3)
				starts = append(starts, float64(started.Microseconds())/1e3)
				cli = append(cli, float64(cpu.Nanoseconds())/1e3/float64(n))
				srv = append(srv, float64(scpu.Nanoseconds())/1e3/float64(n))
				time.Sleep(100 * time.Millisecond)
			}
			fmt.Printf("burst %5d connections: last request read %6.1f ms (%s), all answered %6.1f ms (%s), client CPU %5.1f us a connection (%s), server CPU %5.1f us (%s)  [medians of %d]\n",
				n, median(starts), spread(starts), median(walls), spread(walls), median(cli), spread(cli), median(srv), spread(srv), *rounds)
		}
	}()
	<-done
}

func runRequest(args []string) {
	fs := flag.NewFlagSet("request", flag.ExitOnError)
	conns := fs.Int("conns", 50, "kept-alive connections, one request in flight on each")
	dur := fs.Duration("duration", 5*time.Second, "how long the closed loop runs")
	target := fs.String("addr", "", "drive this server (127.0.0.1:PORT) instead of netfloor's own: the client's floor against a real server")
	fs.Parse(args)
	if *conns < 1 || *conns > 4000 {
		usage("-conns: %d; give 1 to 4000", *conns)
	}
	if *dur <= 0 || *dur > time.Minute {
		usage("-duration: %v; give a duration up to 1m, such as 5s", *dur)
	}
	var s *server
	var addr *unix.SockaddrInet4
	if *target != "" {
		addr = loopback(*target)
	} else {
		s, addr = startServer(true)
		defer close(s.stop)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		pin(1)
		ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
		if err != nil {
			die("epoll_create1: %v", err)
		}
		fds := make([]int, *conns)
		for i := range fds {
			fd := dial(addr)
			_ = unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
			if err := unix.SetNonblock(fd, true); err != nil {
				die("nonblock: %v", err)
			}
			if err := unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, fd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(fd)}); err != nil {
				die("epoll_ctl: %v", err)
			}
			fds[i] = fd
		}
		time.Sleep(50 * time.Millisecond)
		if s != nil {
			s.cpu()
		}
		evs := make([]unix.EpollEvent, 256)
		buf := make([]byte, 4096)
		var served int64
		c0, t0 := sysinfo.ThreadCPU(), time.Now()
		for _, fd := range fds {
			if _, err := unix.Write(fd, request); err != nil {
				die("write: %v", err)
			}
		}
		end := t0.Add(*dur)
		for time.Now().Before(end) {
			n, err := unix.EpollWait(ep, evs, 100)
			if err != nil && !errors.Is(err, unix.EINTR) {
				die("epoll_wait: %v", err)
			}
			for _, ev := range evs[:max(n, 0)] {
				fd := int(ev.Fd)
				m, err := unix.Read(fd, buf)
				if errors.Is(err, unix.EAGAIN) {
					continue
				}
				if err != nil || m == 0 {
					die("read: %v", err)
				}
				// One request is in flight on a connection and a small
				// response arrives whole on loopback: a read is a
				// response (the floor being measured parses nothing).
				served++
				if _, err := unix.Write(fd, request); err != nil {
					die("write: %v", err)
				}
			}
		}
		wall, cpu := time.Since(t0), sysinfo.ThreadCPU()-c0
		server := "its own server"
		if s != nil {
			server += fmt.Sprintf(", which used %.2f us of CPU a request", float64(s.cpu().Nanoseconds())/1e3/float64(served))
		} else {
			server = *target
		}
		fmt.Printf("request %d connections, %v against %s: %.0f req/s, client CPU %.2f us a request\n",
			*conns, wall.Round(time.Millisecond), server, float64(served)/wall.Seconds(),
			float64(cpu.Nanoseconds())/1e3/float64(served))
	}()
	<-done
}

func main() {
	if len(os.Args) < 2 {
		usage("name a measurement: burst or request")
	}
	switch os.Args[1] {
	case "burst":
		runBurst(os.Args[2:])
	case "request":
		runRequest(os.Args[2:])
	default:
		usage("%q is not a measurement; give burst or request", os.Args[1])
	}
}
