// Command hostile is the attack side of bench/target_hostile.sh: careless
// and hostile clients against `waitlab target` and `waitlab downstream` on
// loopback, and the normal client whose service they must not stop.
//
//	hostile -mode idle      -addr 127.0.0.1:18300 -n 2500 -dur 30s
//	hostile -mode slowloris -addr ... -n 300   (a header byte every 100 ms)
//	hostile -mode bigbody   -addr ... -n 300   (a 1 MiB POST each, then idle)
//	hostile -mode pipeline  -addr ... -n 40    (/metrics pipelined, never read)
//	hostile -mode resp      -addr DOWNSTREAM -n 40 (1 MiB GETs pipelined, never read)
//	hostile -mode probe     -addr ... -dur 30s (a fresh GET / every second)
//
// Every attacker keeps its n connections for dur, reopening the ones the
// server closes, and stops. The probe prints one line per request and a
// summary ("probe: N requests, M failed, worst X"), and exits 1 if any
// request failed or was not answered 200. Loopback only.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	mode := flag.String("mode", "probe", "idle, slowloris, bigbody, pipeline, resp or probe")
	addr := flag.String("addr", "127.0.0.1:18300", "server address (loopback)")
	n := flag.Int("n", 100, "attacking connections (at most 20000)")
	dur := flag.Duration("dur", 30*time.Second, "how long (at most 10m)")
	flag.Parse()
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(os.Stderr, "hostile: -addr %q: a loopback host:port only\n", *addr)
		os.Exit(2)
	}
	if *n < 1 || *n > 20000 || *dur <= 0 || *dur > 10*time.Minute {
		fmt.Fprintln(os.Stderr, "hostile: -n is 1..20000 and -dur up to 10m")
		os.Exit(2)
	}
	end := time.Now().Add(*dur)
	if *mode == "probe" {
		os.Exit(probe(*addr, end))
	}
	var attack func(net.Conn, time.Time)
	switch *mode {
	case "idle":
		attack = func(c net.Conn, end time.Time) { waitClosed(c, end) }
	case "slowloris":
		attack = slowloris
	case "bigbody":
		attack = bigbody
	case "pipeline":
		attack = pipeline
	case "resp":
		attack = resp
	default:
		fmt.Fprintf(os.Stderr, "hostile: unknown -mode %q\n", *mode)
		os.Exit(2)
	}
	var opened, closed atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < *n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(end) {
				c, err := net.DialTimeout("tcp", *addr, time.Second)
				if err != nil {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				opened.Add(1)
				attack(c, end)
				c.Close()
				if time.Now().Before(end) {
					closed.Add(1) // the server closed it
					time.Sleep(10 * time.Millisecond)
				}
			}
		}()
		if i%100 == 99 {
			time.Sleep(time.Millisecond) // do not overflow the backlog at once
		}
	}
	wg.Wait()
	fmt.Printf("%s: %d connections kept for %s, %d opened, %d closed by the server\n", *mode, *n, *dur, opened.Load(), closed.Load())
}

// waitClosed reads (and drops) until the server closes c or end.
func waitClosed(c net.Conn, end time.Time) {
	c.SetReadDeadline(end)
	io.Copy(io.Discard, c)
}

// slowloris sends a header one byte every 100 ms, never finishing it.
func slowloris(c net.Conn, end time.Time) {
	if _, err := c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")); err != nil {
		return
	}
	for time.Now().Before(end) {
		time.Sleep(100 * time.Millisecond)
		c.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := c.Write([]byte("X")); err != nil {
			return
		}
	}
}

var big = bytes.Repeat([]byte("b"), 1<<20)

// bigbody POSTs 1 MiB, reads the answer, then stays idle.
func bigbody(c net.Conn, end time.Time) {
	c.SetDeadline(end)
	if _, err := c.Write([]byte("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")); err != nil {
		return
	}
	if _, err := c.Write(big); err != nil {
		return
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return
	}
	io.Copy(io.Discard, resp.Body)
	waitClosed(c, end)
}

// pipeline sends /metrics requests without end and never reads.
func pipeline(c net.Conn, end time.Time) {
	req := bytes.Repeat([]byte("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"), 1000)
	for time.Now().Before(end) {
		c.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := c.Write(req); err != nil {
			var ne net.Error
			if ok := asNetErr(err, &ne); ok && ne.Timeout() {
				continue // the server stopped reading: keep the pressure
			}
			return
		}
	}
}

// resp stores a 1 MiB value, then pipelines GETs of it and never reads.
func resp(c net.Conn, end time.Time) {
	set := "*3\r\n$3\r\nSET\r\n$3\r\nbig\r\n$" + strconv.Itoa(len(big)) + "\r\n"
	c.SetDeadline(end)
	if _, err := c.Write(append(append([]byte(set), big...), "\r\n"...)); err != nil {
		return
	}
	get := bytes.Repeat([]byte("*2\r\n$3\r\nGET\r\n$3\r\nbig\r\n"), 500)
	for time.Now().Before(end) {
		c.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := c.Write(get); err != nil {
			var ne net.Error
			if ok := asNetErr(err, &ne); ok && ne.Timeout() {
				continue
			}
			return
		}
	}
}

func asNetErr(err error, ne *net.Error) bool {
	e, ok := err.(net.Error)
	if ok {
		*ne = e
	}
	return ok
}

// probe is the normal client: a GET / on a fresh connection every second.
func probe(addr string, end time.Time) int {
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	var worst time.Duration
	n, failed := 0, 0
	for time.Now().Before(end) {
		start := time.Now()
		r, err := c.Get("http://" + addr + "/")
		el := time.Since(start)
		n++
		status := 0
		if err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			status = r.StatusCode
		}
		if status != 200 {
			failed++
			fmt.Printf("probe %d: %v status %d %v\n", n, el.Round(time.Millisecond), status, err)
		}
		worst = max(worst, el)
		time.Sleep(time.Until(start.Add(time.Second)))
	}
	fmt.Printf("probe: %d requests, %d failed, worst %v\n", n, failed, worst.Round(time.Microsecond))
	if failed > 0 || n == 0 {
		return 1
	}
	return 0
}
