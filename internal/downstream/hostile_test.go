package downstream

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// serve runs s on 127.0.0.1:0 until the test ends.
func serve(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), ln) }()
	t.Cleanup(func() { s.Close(); <-done })
	return ln.Addr().String()
}

// SET keeps at most MaxStore bytes: past it, -OOM, and the store stays
// within the bound (it grew without one: 632 MB after 600 values).
func TestSetStoreBounded(t *testing.T) {
	s := &Server{MaxStore: 10 << 10}
	addr := serve(t, s)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	conn := &Conn{nc: nc}
	val := strings.Repeat("v", 1000)
	oom := 0
	for i := 0; i < 30; i++ {
		err := conn.Do(AppendCommand(nil, "SET", "k"+strings.Repeat("x", i), val), 5*time.Second)
		if err != nil && strings.Contains(err.Error(), "OOM") {
			oom++
		} else if err != nil {
			t.Fatalf("SET %d = %v", i, err)
		}
	}
	if oom == 0 {
		t.Errorf("30 SETs of 1000 bytes under a 10 KiB cap: no -OOM; want refusals past the cap")
	}
	if st := s.Stats(); st.StoreBytes > 10<<10 || st.StoreBytes < 9000 {
		t.Errorf("store holds %d bytes; want at most %d and close to it", st.StoreBytes, 10<<10)
	}
	// Overwriting a key replaces its bytes (no growth).
	if err := conn.Do(AppendCommand(nil, "SET", "k", "small"), 5*time.Second); err != nil {
		t.Errorf("overwrite = %v", err)
	}
}

// A client that pipelines GETs of a big value and never reads holds at
// most MaxQueued of replies (plus one): the server stops reading from it.
// Unbounded, 1,500 GETs of 1 MiB took 1 GB from 33 KB sent.
func TestNonReaderQueueBounded(t *testing.T) {
	const val = 64 << 10
	s := &Server{MaxQueued: 128 << 10}
	addr := serve(t, s)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if _, err := nc.Write(AppendCommand(nil, "SET", "big", strings.Repeat("b", val))); err != nil {
		t.Fatal(err)
	}
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadFull(nc, make([]byte, 5)); err != nil {
		t.Fatalf("SET reply: %v", err)
	}
	get := AppendCommand(nil, "GET", "big")
	reqs := bytes.Repeat(get, 2000) // 2000 x 64 KiB of replies = 125 MiB
	nc.SetWriteDeadline(time.Now().Add(time.Second))
	nc.Write(reqs) // times out once the server stops reading
	peak := int64(0)
	for i := 0; i < 20; i++ {
		peak = max(peak, s.Stats().QueuedBytes)
		time.Sleep(5 * time.Millisecond)
	}
	if limit := int64(128<<10 + val + 64); peak > limit {
		t.Errorf("replies queued for a client that does not read: %d bytes; want at most %d", peak, limit)
	}
	if peak == 0 {
		t.Errorf("no reply queued at all; the test did not exercise the queue")
	}
}

// QUIT answers +OK and closes the connection.
func TestQuitCloses(t *testing.T) {
	addr := serve(t, &Server{})
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Write([]byte("QUIT\r\nPING\r\n"))
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, err := io.ReadAll(nc)
	if err != nil || string(got) != "+OK\r\n" {
		t.Errorf("after QUIT read %q, %v; want \"+OK\\r\\n\" then EOF", got, err)
	}
}

// At MaxClients, more connections get -ERR and close; the ones served
// go on.
func TestMaxClients(t *testing.T) {
	s := &Server{MaxClients: 2}
	addr := serve(t, s)
	var held []net.Conn
	for i := 0; i < 2; i++ {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		(&Conn{nc: nc}).Do(CmdPing, 5*time.Second) // admitted for sure
		held = append(held, nc)
	}
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, _ := io.ReadAll(nc)
	if !strings.HasPrefix(string(got), "-ERR max number of clients") {
		t.Errorf("third client read %q; want -ERR max number of clients", got)
	}
	if err := (&Conn{nc: held[0]}).Do(CmdPing, 5*time.Second); err != nil {
		t.Errorf("admitted client after the refusal: %v", err)
	}
}

// flakyListener fails Accept with EMFILE a few times first.
type flakyListener struct {
	net.Listener
	mu    sync.Mutex
	fails int
}

func (l *flakyListener) Accept() (net.Conn, error) {
	l.mu.Lock()
	if l.fails > 0 {
		l.fails--
		l.mu.Unlock()
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: syscall.EMFILE}
	}
	l.mu.Unlock()
	return l.Listener.Accept()
}

// A full descriptor table (accept4: too many open files) is waited out,
// in the server and in the proxy; it used to end the process.
func TestAcceptErrorsBackOff(t *testing.T) {
	for _, proxy := range []bool{false, true} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		fl := &flakyListener{Listener: ln, fails: 5}
		done := make(chan error, 1)
		var closer interface{ Close() error }
		if proxy {
			p := &Proxy{Upstream: startServer(t, 0)}
			closer = p
			go func() { done <- p.Serve(context.Background(), fl) }()
		} else {
			s := &Server{}
			closer = s
			go func() { done <- s.Serve(context.Background(), fl) }()
		}
		c := &Client{Addr: ln.Addr().String(), Timeout: 5 * time.Second}
		if err := c.Do(CmdPing); err != nil {
			t.Errorf("proxy=%v: PING after EMFILE x5 = %v; want PONG", proxy, err)
		}
		c.Close()
		closer.Close()
		if err := <-done; err != nil {
			t.Errorf("proxy=%v: Serve() = %v; want nil after Close", proxy, err)
		}
	}
}

// The proxy holds at most MaxQueued bytes for an upstream that stops
// reading (it buffered 8.5 MB per client), and caps its clients.
func TestProxyBounded(t *testing.T) {
	// An upstream that accepts and never reads.
	up, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer up.Close()
	var upConns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := up.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			upConns = append(upConns, c)
			mu.Unlock()
		}
	}()
	defer func() {
		mu.Lock()
		for _, c := range upConns {
			c.Close()
		}
		mu.Unlock()
	}()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Upstream: up.Addr().String(), Delay: model.FixedDist(0), MaxQueued: 64 << 10, MaxClients: 1}
	done := make(chan error, 1)
	go func() { done <- p.Serve(context.Background(), ln) }()
	defer func() { p.Close(); <-done }()
	nc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetWriteDeadline(time.Now().Add(time.Second))
	chunk := make([]byte, 1<<20)
	for i := 0; i < 16; i++ {
		var ne net.Error
		if _, err := nc.Write(chunk); errors.As(err, &ne) && ne.Timeout() {
			break
		}
	}
	if q := p.Stats().QueuedBytes; q > 64<<10+32<<10 {
		t.Errorf("proxy queued %d bytes for an upstream that does not read; want at most %d", q, 64<<10+32<<10)
	}
	// A second client is over MaxClients.
	nc2, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc2.Close()
	nc2.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, _ := io.ReadAll(nc2)
	if !strings.HasPrefix(string(got), "-ERR max number of clients") {
		t.Errorf("second proxy client read %q; want -ERR max number of clients", got)
	}
}

// A client that pipelines many commands with tiny replies against a long
// delay holds at most maxPending of them waiting in the server: the rest
// stay unread (in the kernel, then in the client) until replies go out.
func TestPendingBounded(t *testing.T) {
	if !loopSupported {
		t.Skip("the goroutine server bounds its queue by a channel (one more may wait to enter it)")
	}
	s := &Server{Delay: model.FixedDist(time.Hour)}
	addr := serve(t, s)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetWriteDeadline(time.Now().Add(2 * time.Second))
	nc.Write(bytes.Repeat([]byte("PING\r\n"), 5000))
	waitForN := func() int64 {
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			if m := s.Stats().MaxInFlight; m >= maxPending {
				return m
			}
			time.Sleep(5 * time.Millisecond)
		}
		return s.Stats().MaxInFlight
	}
	if m := waitForN(); m != maxPending {
		t.Errorf("most commands waiting on one connection: %d; want the bound %d", m, maxPending)
	}
}
