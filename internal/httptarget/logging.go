package httptarget

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// reqLogger writes one line per request: off, sync (the request itself
// makes a write(2) before it answers, like a synchronous file appender) or
// async (the line goes into a bounded queue that one writer goroutine
// drains; when the queue is full the line is dropped, or with block the
// request waits, and either is counted). Safe for concurrent use.
//
// Levels, as a logging library has them: the line is logged at
// LogLineLevel and the logger passes lines at LogLevel and above. A line
// below the level is decided once, when the log opens (a level does not
// change while the target runs), so the request pays one branch on a
// field it only reads: the line is neither formatted nor written, and
// the formatting that LockLogCPU stands for is not spun either
// (enabled). That is the field report's "DEBUG-level side that pays
// nothing", beside the INFO line that costs 42%.
type reqLogger struct {
	mode  string
	block bool
	f     *os.File
	// skip: the line's level is below the logger's; tag is the level's
	// word in the line.
	skip bool
	tag  string

	q    chan *[]byte
	done chan struct{}
	pool sync.Pool

	closeOnce sync.Once
	closeErr  error

	dropped   atomic.Int64
	blockedNS atomic.Int64
	lines     atomic.Int64
}

// Log levels, lowest first.
const (
	LevelDebug = "debug"
	LevelInfo  = "info"
	LevelWarn  = "warn"
	LevelError = "error"
)

// levels lists the log levels, lowest first: a level's index is its rank.
var levels = []string{LevelDebug, LevelInfo, LevelWarn, LevelError}

// levelRank is the rank of a level, -1 when it is none of them.
func levelRank(s string) int {
	for i, v := range levels {
		if v == s {
			return i
		}
	}
	return -1
}

// openFrom opens the request log as c configures it: its mode, file,
// queue, and the line's level against the logger's.
func (l *reqLogger) openFrom(c *Config) error {
	line, level := c.LogLineLevel, c.LogLevel
	if line == "" {
		line = LevelInfo
	}
	if level == "" {
		level = LevelInfo
	}
	l.skip = levelRank(line) < levelRank(level)
	l.tag = " " + strings.ToUpper(line) + " req="
	return l.open(c.Log, c.LogFile, c.LogQueue, c.LogBlock)
}

// enabled reports whether a request's line is written: logging is on and
// the line's level passes the logger's.
func (l *reqLogger) enabled() bool { return l.f != nil && !l.skip }

func (l *reqLogger) open(mode, file string, queue int, block bool) error {
	l.mode, l.block = mode, block
	if mode == LogOff {
		return nil
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("target: open log file: %w", err)
	}
	l.f = f
	l.pool.New = func() any { b := make([]byte, 0, 128); return &b }
	if mode == LogAsync {
		l.q = make(chan *[]byte, queue)
		l.done = make(chan struct{})
		go l.writer()
	}
	return nil
}

func (l *reqLogger) writer() {
	defer close(l.done)
	w := bufio.NewWriterSize(l.f, 64<<10)
	for b := range l.q {
		w.Write(*b)
		l.pool.Put(b)
		if len(l.q) == 0 {
			w.Flush()
		}
	}
	w.Flush()
}

// close flushes and closes the log; call it after the last request. A
// second call does nothing and returns the first one's error (Shutdown
// may run twice: a caller's and a test's cleanup).
func (l *reqLogger) close() error {
	l.closeOnce.Do(func() {
		if l.f == nil {
			return
		}
		if l.q != nil {
			close(l.q)
			<-l.done
		}
		l.closeErr = l.f.Close()
	})
	return l.closeErr
}

// appendLine formats one request line; tag is " LEVEL req=".
func appendLine(b []byte, tag string, now time.Time, id int64, method, path []byte, status int, dur time.Duration) []byte {
	b = now.UTC().AppendFormat(b, "2006-01-02T15:04:05.000000Z07:00")
	if tag == "" {
		tag = " INFO req="
	}
	b = append(b, tag...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, ' ')
	b = append(b, method...)
	b = append(b, ' ')
	if len(path) > 256 {
		path = path[:256]
	}
	b = append(b, path...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, float64(dur)/1e6, 'f', 3, 64)
	b = append(b, "ms\n"...)
	return b
}

// write logs one request. scratch is the caller's reusable buffer (sync
// mode); it returns it, possibly grown.
func (l *reqLogger) write(scratch []byte, id int64, method, path []byte, status int, start time.Time) []byte {
	if l.f == nil || l.skip {
		return scratch
	}
	now := time.Now()
	dur := now.Sub(start)
	l.lines.Add(1)
	switch l.mode {
	case LogSync:
		scratch = appendLine(scratch[:0], l.tag, now, id, method, path, status, dur)
		l.f.Write(scratch)
		l.blockedNS.Add(int64(time.Since(now)))
	case LogAsync:
		bp := l.pool.Get().(*[]byte)
		*bp = appendLine((*bp)[:0], l.tag, now, id, method, path, status, dur)
		select {
		case l.q <- bp:
		default:
			if !l.block {
				l.dropped.Add(1)
				l.pool.Put(bp)
				return scratch
			}
			t := time.Now()
			l.q <- bp
			l.blockedNS.Add(int64(time.Since(t)))
		}
	}
	return scratch
}
