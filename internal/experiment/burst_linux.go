//go:build linux

package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"runtime"
	"time"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/httpwire"
	"golang.org/x/sys/unix"
)

// Why a second way to open a burst: the published 2,000-connection run
// opened its connections "at once" from a Java NIO client, which issues
// every non-blocking connect() in one tight loop and only then waits on a
// selector. A goroutine per net.Dial is not that: each connect pays the
// netpoller's registration, a goroutine switch and its own wake-up, so
// on the one generator core of this machine the SYNs arrive at about 10
// per ms, no faster than the one loop accepts and answers them (9 per ms
// in the 500-connection batch), and the accept queue never fills
// (1 of 15 runs overflowed at backlog 128). rawBurst issues the 2,000
// connect() calls back to back (on loopback each one runs the handshake
// to the accept queue inside the call), then serves every socket from
// one epoll set: the burst reaches the accept queue as fast as this core
// can make SYNs, which is the condition the source ran.

// rawBurst opens n connections to addr with non-blocking connect() calls
// issued back to back, then sends one request on each as it connects and
// reads its answer, until every request is answered, deadline passes or
// ctx ends. It returns, per connection, the ms from the start to the
// complete answer (NaN when not answered), the connect time in ms (0
// when it failed) and the ms from the start to the connect's end, and
// the ms the connect() calls took together.
func rawBurst(ctx context.Context, addr string, n int, deadline time.Time) (lat, dial, connAt []float64, issue float64, err error) {
	sa, err := inet4(addr)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	runtime.LockOSThread() // one thread issues the burst and serves it
	defer runtime.UnlockOSThread()
	p, err := epoll.New()
	if err != nil {
		return nil, nil, nil, 0, err
	}
	defer p.Close()
	lat, dial, connAt = make([]float64, n), make([]float64, n), make([]float64, n)
	fds, t0 := make([]int, n), make([]time.Time, n)
	for i := range fds {
		fds[i], lat[i] = -1, math.NaN()
	}
	defer func() {
		for _, fd := range fds {
			if fd >= 0 {
				unix.Close(fd)
			}
		}
	}()
	start := time.Now()
	for i := 0; i < n; i++ {
		fd, e := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
		if e != nil {
			return nil, nil, nil, 0, fmt.Errorf("socket for connection %d of %d: %w", i+1, n, e)
		}
		fds[i], t0[i] = fd, time.Now()
		if e := unix.Connect(fd, sa); e != nil && !errors.Is(e, unix.EINPROGRESS) {
			// Refused at once: this connection failed, the burst goes on.
			unix.Close(fd)
			fds[i] = -1
		}
	}
	issue = float64(time.Since(start)) / 1e6
	left := 0
	for i, fd := range fds {
		if fd < 0 {
			continue
		}
		if e := p.Add(fd, epoll.Out, uint64(i)); e != nil {
			return nil, nil, nil, 0, e
		}
		left++
	}
	req := []byte("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	bufs := make([][]byte, n)
	scratch := make([]byte, 4096)
	evs := make([]epoll.Event, 256)
	for left > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
		k, e := p.Wait(evs, min(100*time.Millisecond, time.Until(deadline)))
		if e != nil {
			return nil, nil, nil, 0, e
		}
		for _, ev := range evs[:k] {
			i := int(ev.Data)
			fd := fds[i]
			if fd < 0 {
				continue
			}
			done := false
			if dial[i] == 0 {
				// Connected (or failed): the first writable report.
				if v, e := unix.GetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_ERROR); e != nil || v != 0 {
					done = true
				} else if w, e := unix.Write(fd, req); e != nil || w != len(req) {
					done = true
				} else {
					now := time.Now()
					dial[i], connAt[i] = max(float64(now.Sub(t0[i]))/1e6, 1e-3), float64(now.Sub(start))/1e6
					_ = p.Mod(fd, epoll.In, uint64(i))
				}
			} else {
				for !done {
					r, e := unix.Read(fd, scratch)
					if errors.Is(e, unix.EAGAIN) {
						break
					}
					if r > 0 {
						bufs[i] = append(bufs[i], scratch[:r]...)
					}
					if httpwire.ResponseComplete(bufs[i], false) {
						lat[i] = float64(time.Since(start)) / 1e6
					}
					done = e != nil || r == 0 || !math.IsNaN(lat[i])
				}
			}
			if done {
				_ = p.Del(fd)
				unix.Close(fd)
				fds[i], bufs[i] = -1, nil
				left--
			}
		}
	}
	for i := range dial {
		if dial[i] > 0 && connAt[i] == 0 {
			dial[i] = 0
		}
	}
	return lat, dial, connAt, issue, nil
}

// inet4 is addr ("127.0.0.1:port") as a socket address.
func inet4(addr string) (*unix.SockaddrInet4, error) {
	ap, err := net.ResolveTCPAddr("tcp4", addr)
	if err != nil {
		return nil, err
	}
	sa := &unix.SockaddrInet4{Port: ap.Port}
	copy(sa.Addr[:], ap.IP.To4())
	return sa, nil
}
