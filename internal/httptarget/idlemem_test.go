package httptarget

import (
	"net"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// maxIdleConnBytes is what one idle keep-alive connection may hold after
// a large request body, in every model (issue 19, the class of fault 2).
const maxIdleConnBytes = 64 << 10

// heapInUse is the Go heap and goroutine stacks in use after the garbage
// collector ran (twice: sync.Pool empties over two cycles).
func heapInUse() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc + ms.StackInuse)
}

// Issue 19, fault 2: an idle loop or offload connection kept its 1 MiB
// buffer after a body (its parsed request still pointed into it, while the
// gauge said 0 and --body-memory had the budget back), and a pool thread
// kept the last one it served. Measured twice: the target's own gauge says
// no buffer is held, and the Go heap grew by at most maxIdleConnBytes per
// idle connection.
func TestIdleMemoryAfterLargeBody(t *testing.T) {
	const conns = 24
	body := make([]byte, 1<<20) // the client's one copy, allocated before the baseline
	head := []byte("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n")
	resp := make([]byte, 4096)
	for _, m := range model.Kinds {
		t.Run(string(m), func(t *testing.T) {
			s := start(t, Config{Model: m, KeepAlive: time.Minute})
			before := heapInUse()
			ncs := make([]net.Conn, 0, conns)
			defer func() {
				for _, nc := range ncs {
					nc.Close()
				}
			}()
			for i := 0; i < conns; i++ {
				nc, err := net.Dial("tcp", s.Addr().String())
				if err != nil {
					t.Fatal(err)
				}
				ncs = append(ncs, nc)
				nc.SetDeadline(time.Now().Add(20 * time.Second))
				// In pieces, so the body is buffered on the connection
				// rather than found whole in one read.
				if _, err := nc.Write(head); err != nil {
					t.Fatal(err)
				}
				for off := 0; off < len(body); off += 64 << 10 {
					if _, err := nc.Write(body[off : off+64<<10]); err != nil {
						t.Fatal(err)
					}
				}
				// One small answer, read whole (no body of ours above 4 KiB).
				n, err := nc.Read(resp)
				if err != nil || n < 12 || string(resp[9:12]) != "200" {
					t.Fatalf("POST 1 MiB on connection %d: %q, %v; want 200", i, resp[:n], err)
				}
			}
			// Idle now: the gauge must come to 0 with every connection open.
			deadline := time.Now().Add(10 * time.Second)
			held := -1.0
			for time.Now().Before(deadline) {
				held = sumMetric(s.Metrics(), "waitlab_target_conn_buffer_bytes")
				// (A pool thread lingers a moment on its last connection.)
				if held == 0 && s.bodyMem.Load() == 0 && s.Stats().Conns == conns {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			if held != 0 || s.Stats().Conns != conns {
				t.Fatalf("%d idle connections after 1 MiB bodies: gauge %v bytes, %d open; want 0 bytes, %d open", conns, held, s.Stats().Conns, conns)
			}
			if got := s.bodyMem.Load(); got != 0 {
				t.Errorf("--body-memory still counts %d bytes for idle connections; want 0", got)
			}
			per := (heapInUse() - before) / conns
			t.Logf("%s: %d bytes of heap and stack per idle connection after a 1 MiB body", m, per)
			if per > maxIdleConnBytes {
				t.Errorf("%s: %d bytes per idle connection after a 1 MiB body; want at most %d", m, per, maxIdleConnBytes)
			}
		})
	}
}
