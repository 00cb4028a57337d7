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

// Log levels: a request line at or above the logger's level is written
// with its level's word; one below it is neither formatted nor written,
// in every model and in both modes, and the in-lock line (with its
// formatting spin) is filtered the same way.
func TestLogLevelFiltersLinesBelowIt(t *testing.T) {
	addr := startDownstream(t, time.Millisecond)
	cases := []struct {
		level, line string
		want        int
		word        string
	}{
		{LevelInfo, LevelInfo, 1, " INFO req="},
		{LevelInfo, LevelDebug, 0, ""},
		{LevelDebug, LevelDebug, 1, " DEBUG req="},
		{LevelError, LevelWarn, 0, ""},
	}
	for _, m := range []model.Kind{model.Pool, model.Loop, model.Virtual} {
		for _, mode := range []string{LogSync, LogAsync} {
			for _, c := range cases {
				file := filepath.Join(t.TempDir(), "log")
				s := start(t, Config{Model: m, Threads: 4, Carriers: 2, Log: mode, LogFile: file, LogLevel: c.level, LogLineLevel: c.line,
					Knobs: Knobs{Downstream: addr, ValidateLock: true, LogInLock: true, LockLogCPU: 50 * time.Microsecond}})
				const n = 10
				if _, st, errs := burst(t, s, "/x", n, 2); st[200] != n || errs > 0 {
					t.Fatalf("%s %s %+v: statuses %v, %d errors; want %d x 200", m, mode, c, st, errs, n)
				}
				// Filtered lines never reach the logger's counter; the
				// async writer's lines reach the file a moment after the
				// answers, so that mode waits for them (bounded).
				if got := s.log.lines.Load(); got != int64(2*c.want*n) {
					t.Errorf("%s %s level %s, line %s: %d lines formatted; want %d", m, mode, c.level, c.line, got, 2*c.want*n)
				}
				var b []byte
				for end := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
					var err error
					if b, err = os.ReadFile(file); err != nil {
						t.Fatal(err)
					}
					if mode == LogSync || strings.Count(string(b), "\n") >= 2*c.want*n || time.Now().After(end) {
						break
					}
				}
				got, lock := strings.Count(string(b), " GET /x 200 "), strings.Count(string(b), " PING /validate 200 ")
				if got != c.want*n || lock != c.want*n {
					t.Errorf("%s %s level %s, line %s: %d request and %d in-lock lines; want %d each", m, mode, c.level, c.line, got, lock, c.want*n)
				}
				if c.want > 0 && strings.Count(string(b), c.word) != 2*n {
					t.Errorf("%s %s level %s: lines do not carry %q:\n%.300s", m, mode, c.level, c.word, b)
				}
			}
		}
	}
}

func TestLogLevelRefusesUnknown(t *testing.T) {
	for _, c := range []Config{{LogLevel: "verbose"}, {LogLineLevel: "INFO"}} {
		c.Normalize()
		var fe *model.FieldError
		if err := c.Validate(); !errors.As(err, &fe) || (fe.Field != "log-level" && fe.Field != "log-line-level") {
			t.Errorf("Validate(level %q, line %q) = %v; want a FieldError naming log-level or log-line-level", c.LogLevel, c.LogLineLevel, err)
		}
	}
}
