package model

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// MaxScenarioFile is the largest scenario file read, in bytes. A scenario
// is a few hundred bytes; the bound keeps `-f /dev/zero` from reading
// forever.
const MaxScenarioFile = 1 << 20

// ReadScenarioFile reads and parses a scenario file (YAML, or JSON, which
// is YAML), reading at most MaxScenarioFile bytes. An unreadable file is
// returned as the os error; a file too big, or one that does not parse, as
// a *FieldError. A FIFO waits for its writer: a command reads with
// ReadScenarioFileContext, whose wait its interrupt ends.
func ReadScenarioFile(path string) (Scenario, error) {
	return ReadScenarioFileContext(context.Background(), path)
}

// ReadScenarioFileContext is ReadScenarioFile through ReadFile: ctx ends
// the wait for a FIFO's writer or data (the error then wraps ctx.Err()).
func ReadScenarioFileContext(ctx context.Context, path string) (Scenario, error) {
	data, err := ReadFile(ctx, path, MaxScenarioFile)
	var big *FileTooBigError
	if errors.As(err, &big) {
		return Scenario{}, fieldErr("-f", "err.scenario.file.big", MaxScenarioFile)
	}
	if err != nil {
		return Scenario{}, err
	}
	return ParseYAML(data)
}

// FileTooBigError is a file ReadFile stopped reading at its limit.
type FileTooBigError struct {
	Path  string
	Limit int64
}

func (e *FileTooBigError) Error() string {
	return fmt.Sprintf("%s is larger than %d bytes", e.Path, e.Limit)
}

// ReadFile reads the input file a user named (a scenario, a load
// configuration, a targets file, a body, a result): at most limit bytes
// (more is a *FileTooBigError), and, for a file that is not a regular
// file (a FIFO, a pipe, a terminal), in a way ctx ends. Opening a FIFO
// waits for its writer and reading it waits for data, and neither wait
// sees a signal: without this the first SIGTERM left `sim -f FIFO`
// waiting for good. When ctx ends the wait it returns an error wrapping
// ctx.Err().
func ReadFile(ctx context.Context, path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var f *os.File
	if st.Mode().IsRegular() || st.IsDir() {
		f, err = os.Open(path)
	} else {
		f, err = openWaiting(ctx, path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A FIFO, pipe or terminal is read through Go's poller, so a past
	// deadline ends a read that waits (a regular file never waits).
	stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Unix(1, 0)) })
	defer stop()
	// One buffer of the file's size when it has one (io.ReadAll's
	// doubling held twice a 63 MB file at once).
	var buf bytes.Buffer
	if st.Mode().IsRegular() && st.Size() <= limit {
		buf.Grow(int(st.Size()) + bytes.MinRead)
	}
	_, err = buf.ReadFrom(io.LimitReader(f, limit+1))
	data := buf.Bytes()
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("read %s: %w", path, ctx.Err())
		}
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, &FileTooBigError{Path: path, Limit: limit}
	}
	return data, nil
}

// openWaiting opens path for reading while ctx lasts. open(2) of a FIFO
// waits for a writer; when ctx ends first, a writer of our own that opens
// and closes at once releases it (the reader then reads nothing), and the
// error wraps ctx.Err().
func openWaiting(ctx context.Context, path string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
	}
	if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		w.Close()
	}
	go func() {
		if o := <-ch; o.f != nil {
			o.f.Close()
		}
	}()
	return nil, fmt.Errorf("open %s: %w", path, ctx.Err())
}
