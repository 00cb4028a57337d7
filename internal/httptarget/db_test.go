//go:build linux

package httptarget

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// startMariaDB starts a throw-away MariaDB on 127.0.0.1 for the test: a
// fresh datadir (mariadb-install-db) under t.TempDir, mariadbd on a free
// port with its socket and pid file there, stopped and removed with the
// test. It returns a DSN for root. Without mariadbd the test is skipped
// with the command that installs it, unless WAITLAB_MARIADB=require.
func startMariaDB(t *testing.T) string {
	t.Helper()
	const install = "apt-get install -y mariadb-server"
	server, err1 := exec.LookPath("mariadbd")
	installDB, err2 := exec.LookPath("mariadb-install-db")
	if err1 != nil || err2 != nil {
		if os.Getenv("WAITLAB_MARIADB") == "require" {
			t.Fatalf("WAITLAB_MARIADB=require but mariadbd or mariadb-install-db is not installed: %s", install)
		}
		t.Skipf("mariadbd is not installed: %s", install)
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	var user []string
	if os.Geteuid() == 0 {
		user = []string{"--user=root"} // mariadbd refuses to run as root without it
	}
	args := append([]string{"--no-defaults", "--datadir=" + data, "--auth-root-authentication-method=normal",
		"--skip-test-db", "--innodb-log-file-size=8M"}, user...)
	if out, err := exec.Command(installDB, args...).CombinedOutput(); err != nil {
		t.Fatalf("mariadb-install-db: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(server, append([]string{"--no-defaults", "--datadir=" + data,
		"--bind-address=127.0.0.1", fmt.Sprintf("--port=%d", port),
		"--socket=" + filepath.Join(dir, "mariadb.sock"), "--pid-file=" + filepath.Join(dir, "mariadb.pid"),
		"--log-error=" + filepath.Join(dir, "error.log"), "--skip-name-resolve",
		"--innodb-log-file-size=8M", "--innodb-buffer-pool-size=16M"}, user...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// Pdeathsig fires when the thread that forked the child ends, and Go
	// ends a thread whenever a goroutine locked to it exits (the target's
	// loops do): fork from a goroutine that keeps its thread until the
	// server has exited.
	started, exited := make(chan error, 1), make(chan struct{})
	var waitErr error
	go func() {
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		waitErr = cmd.Wait()
		close(exited)
	}()
	if err := <-started; err != nil {
		t.Fatalf("start mariadbd: %v", err)
	}
	// Registered after TempDir, so it runs first: the server stops before
	// its datadir is removed.
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	dsn := fmt.Sprintf("root@tcp(127.0.0.1:%d)/", port)
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := db.PingContext(ctx)
		cancel()
		if err == nil {
			return dsn
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("mariadbd exited before accepting connections: %v\n%s", waitErr, log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("mariadbd did not accept connections on 127.0.0.1:%d within 30 s: %v", port, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func metricsOf(t *testing.T, s *Server) []byte {
	t.Helper()
	resp, err := http.Get(url(s, "/metrics"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	return text
}

func getStatus(t *testing.T, s *Server, path string) int {
	t.Helper()
	resp, err := http.Get(url(s, path))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// With --db the blocking call is a SELECT SLEEP through the driver, made
// on the thread each model runs blocking work on: on the loop it stalls
// the loop with the loop's goroutine inside database/sql; in offload the
// pool makes it and the loop never stalls; pool and virtual make it on
// the request's thread or goroutine. Requests not drawn for the call
// make none. A call past the timeout answers 502 and is counted.
func TestDBBlockingCall(t *testing.T) {
	dsn := startMariaDB(t)
	for _, m := range []model.Kind{model.Loop, model.Offload, model.Pool, model.Virtual} {
		t.Run(string(m), func(t *testing.T) {
			s := start(t, Config{Model: m, DB: dsn, StallThreshold: 20 * time.Millisecond})
			if got := dbConns(&s.cfg); s.db.db.Stats().OpenConnections != got {
				t.Errorf("%d connections open after Start; want the pool warmed to %d", s.db.db.Stats().OpenConnections, got)
			}
			// Concurrent calls, as many as the model's pool holds.
			n := min(dbConns(&s.cfg), 4)
			var wg sync.WaitGroup
			codes := make([]int, n)
			for i := range n {
				wg.Add(1)
				go func() { defer wg.Done(); codes[i] = getStatus(t, s, "/?block=300ms") }()
			}
			wg.Wait()
			for i, c := range codes {
				if c != 200 {
					t.Fatalf("call %d: status %d; want 200", i, c)
				}
			}
			for range 5 {
				if c := getStatus(t, s, "/"); c != 200 {
					t.Fatalf("plain request: status %d", c)
				}
			}
			text := metricsOf(t, s)
			if calls := sumMetric(text, "waitlab_target_db_calls_total"); calls != float64(n) {
				t.Errorf("%v SELECT SLEEP calls; want %d (one per ?block= request, none for the others)", calls, n)
			}
			if e := sumMetric(text, "waitlab_target_db_errors_total"); e != 0 {
				t.Errorf("%v database errors; want 0", e)
			}
			if w := sumMetric(text, "waitlab_target_db_pool_waits_total"); w != 0 {
				t.Errorf("%v calls waited for a connection; want 0 with a pool of one per thread", w)
			}
			stalls := s.Stalls()
			switch m {
			case model.Loop:
				if len(stalls) == 0 {
					t.Fatalf("no loop stall reported for a 300 ms SELECT SLEEP on the loop")
				}
				found := false
				for _, st := range stalls {
					if strings.Contains(st.Stack, "database/sql") && strings.Contains(st.Stack, "go-sql-driver/mysql") {
						found = true
					}
				}
				if !found {
					t.Errorf("no stall stack shows the loop inside database/sql and the driver: %+v", stalls)
				}
			case model.Offload:
				// A loop starved of CPU (a busy machine, -race) may pass
				// the threshold; none may be waiting in the driver.
				for _, st := range stalls {
					if strings.Contains(st.Stack, "database/sql") {
						t.Errorf("offload: a loop stalled inside database/sql; want the pool to make every call: %s", st.Stack)
					}
				}
			}
		})
	}
	t.Run("timeout", func(t *testing.T) {
		// A 1 s timeout (not 100 ms) against a 5 s sleep: the call after the timed-out one
		// dials a new MariaDB connection within the same budget, and on a
		// busy machine that dial alone took more than 100 ms.
		s := start(t, Config{Model: model.Loop, DB: dsn, DownstreamTimeout: time.Second})
		if c := getStatus(t, s, "/?block=5s"); c != 502 {
			t.Errorf("a 5 s sleep with a 1 s timeout: status %d; want 502", c)
		}
		if e := sumMetric(metricsOf(t, s), "waitlab_target_db_errors_total"); e != 1 {
			t.Errorf("%v database errors counted; want 1", e)
		}
		if c := getStatus(t, s, "/?block=10ms"); c != 200 {
			t.Errorf("after a timed-out call: status %d; want 200 (the pool replaces the connection)", c)
		}
	})
	t.Run("fraction", func(t *testing.T) {
		// The knobs pick the requests: with --block-fraction 1 every
		// request calls the database.
		s := start(t, Config{Model: model.Offload, DB: dsn, Knobs: Knobs{BlockFraction: 1, Block: model.FixedDist(time.Millisecond)}})
		for range 3 {
			if c := getStatus(t, s, "/"); c != 200 {
				t.Fatalf("status %d", c)
			}
		}
		if calls := sumMetric(metricsOf(t, s), "waitlab_target_db_calls_total"); calls != 3 {
			t.Errorf("%v calls; want 3", calls)
		}
	})
}

// A DSN the driver cannot read is refused by New, and a server that is
// not there by Start, each naming --db.
func TestDBBadInput(t *testing.T) {
	_, err := New(Config{Model: model.Loop, Listen: "127.0.0.1:0", DB: "root@tcp(127.0.0.1:3306"})
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "db" || fe.Key != "target.err.db.dsn" {
		t.Errorf("bad DSN: %v; want a field error on db", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	s, err := New(Config{Model: model.Loop, Listen: "127.0.0.1:0", DB: "root@tcp(" + addr + ")/", DownstreamTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Start()
	if !errors.As(err, &fe) || fe.Field != "db" || fe.Key != "target.err.db.connect" {
		t.Errorf("no server: Start() = %v; want a field error on db", err)
	}
	if err == nil {
		s.Shutdown(context.Background())
	}
}
