package httptarget

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Logging inside the locked path: with --log-in-lock every validation
// writes one line while the lock is held, beside the request's own line,
// in every model.
func TestLogInLockWritesUnderTheLock(t *testing.T) {
	addr := startDownstream(t, time.Millisecond)
	for _, m := range []model.Kind{model.Pool, model.Loop, model.Virtual} {
		file := filepath.Join(t.TempDir(), "log")
		s := start(t, Config{Model: m, Threads: 4, Carriers: 2, Log: LogSync, LogFile: file,
			Knobs: Knobs{Downstream: addr, ValidateLock: true, LogInLock: true, LockLogCPU: 100 * time.Microsecond}})
		const n = 20
		if _, st, errs := burst(t, s, "/x", n, 4); st[200] != n || errs > 0 {
			t.Fatalf("%s: statuses %v, %d errors; want %d x 200", m, st, errs, n)
		}
		// Sync lines are written before the answer: the file has them.
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(b), " PING /validate 200 "); got != n {
			t.Errorf("%s: %d lines written under the lock; want one per request (%d)", m, got, n)
		}
		if got := strings.Count(string(b), " GET /x 200 "); got != n {
			t.Errorf("%s: %d request lines; want %d", m, got, n)
		}
	}
}

func TestLogInLockNeedsTheLock(t *testing.T) {
	for _, k := range []Knobs{{LogInLock: true}, {LockLogCPU: time.Millisecond}, {Downstream: "127.0.0.1:1", ValidateLock: true, LogInLock: true, LockLogCPU: -1}} {
		c := Config{Knobs: k}
		c.Normalize()
		var fe *model.FieldError
		if err := c.Validate(); !errors.As(err, &fe) || (fe.Field != "log-in-lock" && fe.Field != "lock-log-cpu") {
			t.Errorf("Validate(%+v) = %v; want a FieldError naming log-in-lock or lock-log-cpu", k, err)
		}
	}
}
