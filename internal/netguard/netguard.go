// Package netguard holds a net/http server up under hostile clients: the
// timeouts a careless or malicious client would otherwise hold a
// connection open with, and a cap on open connections that keeps a slot
// for a real user.
//
// Why: net/http sets no timeout by default, so a client that connects and
// sends nothing, drips a header, or stops reading its answer keeps a
// goroutine and a file descriptor for ever; enough of them and accept
// fails with EMFILE, and nobody else is served. The target server
// (internal/httptarget) has its own answers to this in each model; this
// package is the same for the servers built on net/http (`waitlab serve`,
// the collector of `waitlab report --listen`).
//
// How: Harden sets the timeouts. Guard wraps the listener and counts the
// connections net/http holds (through http.Server.ConnState). At the cap,
// a new connection takes the slot of the one that has been waiting longest
// without a request in progress (never sent one yet, or idle between
// requests); only when every slot is busy serving is the new one closed.
// An attacker's idle and dripping connections therefore cannot keep a
// real client out, and the descriptors in use stay below the cap.
//
// LoopbackHost (loopback.go) is the guard on the other side: the one
// check of whether an address is this machine's, behind every "loopback
// unless --allow-remote".
package netguard

import (
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Timeouts of a hardened server.
type Timeouts struct {
	// Header bounds the request line and header, in total.
	Header time.Duration
	// Read bounds a whole request, body included.
	Read time.Duration
	// Write bounds the answer, from the end of the request's header (the
	// handler's time included).
	Write time.Duration
	// Idle bounds the wait for the next request on a keep-alive connection.
	Idle time.Duration
}

// MaxHeaderBytes is the header a hardened server reads: 8 KiB, like the
// target (httpwire.MaxHeader).
const MaxHeaderBytes = 8 << 10

// Harden sets srv's timeouts and header bound, and, with g, its
// connection cap (srv.ConnState; serve with g.Listener).
func Harden(srv *http.Server, t Timeouts, g *Guard) {
	srv.ReadHeaderTimeout = t.Header
	srv.ReadTimeout = t.Read
	srv.WriteTimeout = t.Write
	srv.IdleTimeout = t.Idle
	srv.MaxHeaderBytes = MaxHeaderBytes
	if g != nil {
		prev := srv.ConnState
		srv.ConnState = func(c net.Conn, s http.ConnState) {
			g.track(c, s)
			if prev != nil {
				prev(c, s)
			}
		}
	}
}

// DefaultMaxConns is the cap for a server with the file-descriptor limit
// nofile: half of it, less a margin for the files the process opens
// besides (child processes' pipes, result files), within 16 and 1024.
func DefaultMaxConns() int {
	var rl unix.Rlimit
	n := 1024
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &rl); err == nil && rl.Cur < 1<<20 {
		n = int(rl.Cur)/2 - 32
	}
	return min(max(n, 16), 1024)
}

// Guard caps the connections of one server. Its methods are safe for
// concurrent use.
type Guard struct {
	max int

	mu    sync.Mutex
	conns map[net.Conn]*slot
	seq   uint64
	// Evicted counts connections closed to make room, Refused those closed
	// at once because every slot was serving.
	evicted, refused int
}

type slot struct {
	state http.ConnState
	since uint64 // order of the last change: the smallest waited longest
}

// NewGuard returns a guard of max connections (DefaultMaxConns for 0).
func NewGuard(max int) *Guard {
	if max <= 0 {
		max = DefaultMaxConns()
	}
	return &Guard{max: max, conns: map[net.Conn]*slot{}}
}

// Listener returns ln with the guard's cap on what it hands out.
func (g *Guard) Listener(ln net.Listener) net.Listener { return &listener{Listener: ln, g: g} }

// Open is the number of connections held now.
func (g *Guard) Open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.conns)
}

// Counts returns the connections evicted and refused so far.
func (g *Guard) Counts() (evicted, refused int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.evicted, g.refused
}

type listener struct {
	net.Listener
	g *Guard
}

func (l *listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.g.admit(c) {
			return c, nil
		}
		c.Close()
	}
}

// admit takes c into a slot, evicting the connection that has waited
// longest without a request in progress when every slot is taken; false
// when every slot is serving.
func (g *Guard) admit(c net.Conn) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq++
	if len(g.conns) >= g.max {
		var victim net.Conn
		var oldest uint64
		for vc, s := range g.conns {
			if (s.state == http.StateNew || s.state == http.StateIdle) && (victim == nil || s.since < oldest) {
				victim, oldest = vc, s.since
			}
		}
		if victim == nil {
			g.refused++
			return false
		}
		delete(g.conns, victim)
		victim.Close() // net/http's read fails and it forgets the connection
		g.evicted++
	}
	g.conns[c] = &slot{state: http.StateNew, since: g.seq}
	return true
}

// track follows net/http's view of each connection.
func (g *Guard) track(c net.Conn, s http.ConnState) {
	g.mu.Lock()
	defer g.mu.Unlock()
	sl, ok := g.conns[c]
	if !ok {
		return // evicted already
	}
	switch s {
	case http.StateClosed, http.StateHijacked:
		delete(g.conns, c)
	default:
		g.seq++
		sl.state, sl.since = s, g.seq
	}
}
