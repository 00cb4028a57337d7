package httptarget

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// reqLogger writes one line per request: off, sync (the request itself
// makes a write(2) before it answers, like a synchronous file appender) or
// async (the line goes into a bounded queue that one writer goroutine
// drains; when the queue is full the line is dropped, or with block the
// request waits, and either is counted). Safe for concurrent use.
type reqLogger struct {
	mode  string
	block bool
	f     *os.File

	q    chan *[]byte
	done chan struct{}
	pool sync.Pool

	dropped   atomic.Int64
	blockedNS atomic.Int64
	lines     atomic.Int64
}

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

// close flushes and closes the log; call it after the last request.
func (l *reqLogger) close() error {
	if l.f == nil {
		return nil
	}
	if l.q != nil {
		close(l.q)
		<-l.done
	}
	return l.f.Close()
}

// appendLine formats one request line.
func appendLine(b []byte, now time.Time, id int64, method, path []byte, status int, dur time.Duration) []byte {
	b = now.UTC().AppendFormat(b, "2006-01-02T15:04:05.000000Z07:00")
	b = append(b, " INFO req="...)
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
	if l.f == nil {
		return scratch
	}
	now := time.Now()
	dur := now.Sub(start)
	l.lines.Add(1)
	switch l.mode {
	case LogSync:
		scratch = appendLine(scratch[:0], now, id, method, path, status, dur)
		l.f.Write(scratch)
		l.blockedNS.Add(int64(time.Since(now)))
	case LogAsync:
		bp := l.pool.Get().(*[]byte)
		*bp = appendLine((*bp)[:0], now, id, method, path, status, dur)
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
