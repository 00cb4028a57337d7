// Package supervise owns waitlab's child processes: the one place that
// starts, pins, waits for and stops them, for `waitlab run` (lab and live),
// `plan --confirm`, the experiments and the web lab.
//
// Why a package: each real run is a fresh child process of the same binary
// (a clean thread count, its own GOMAXPROCS), and the HTTP view's target
// and the experiments' servers are children too. The rules for them are
// few but easy to get subtly wrong, and three copies had drifted apart:
//
//   - A child is forked from osthread.OnLastingThread, in its own process
//     group (a terminal's Ctrl-C reaches only the parent, which decides)
//     with Pdeathsig (a parent that dies takes it along; the kernel sends
//     it when the forking thread ends, so that thread must last).
//   - Pinning: one split rule (Split) and one policy when
//     sched_setaffinity fails: the child starts unpinned, Child.PinErr
//     says why and the caller records it in its result (never silent,
//     never fatal: a container may forbid affinity and still measure).
//   - The control channel: a cancel pipe on fd 3 (parent to child; the
//     parent closing it, or dying, cancels the child's context) and a
//     message pipe on fd 4 (child to parent: typed JSON messages, one a
//     line, such as Ready with the address a server listens on, and a
//     final Report). The parent never greps a child's output.
//   - Stopping: ask (close the cancel pipe; SIGTERM to a child without a
//     control channel), wait Grace, then SIGKILL the whole group.
//   - A child's stderr is kept (the first MB: enough to say why it
//     failed) in a Buffer.
//
// Both halves live here: Start and Child for the parent; Control, with
// Context, Ready and Report, for the child.
package supervise

import (
	"bytes"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// ErrInterrupted is returned (wrapped) when the context ended before a
// run measured anything: there is nothing to report, and the caller exits
// as interrupted (130), never as a failure or a success. live, lab and
// plan return this one value.
var ErrInterrupted = errors.New("interrupted before a run finished")

// Grace is how long a child asked to stop has before its process group is
// killed: long enough for a target to drain and a run to write what it
// measured.
const Grace = 10 * time.Second

// ReadyTimeout bounds the wait for a server child's Ready message.
const ReadyTimeout = 15 * time.Second

// Buffer is a bytes.Buffer safe for one writer and concurrent readers,
// keeping the first MaxBuffer bytes (a child's stderr: enough to explain
// anything).
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// MaxBuffer is how much of a child's stderr a Buffer keeps.
const MaxBuffer = 1 << 20

func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() > MaxBuffer {
		return len(p), nil
	}
	return l.b.Write(p)
}

// String returns what was written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Message is one line on the control channel, child to parent.
type Message struct {
	// Kind is KindReady or KindReport.
	Kind string `json:"kind"`
	// Addr is where a server listens (KindReady).
	Addr string `json:"addr,omitempty"`
	// Body is the report's JSON (KindReport), decoded by the caller. It
	// is carried as JSON itself, not as a string, so a child in another
	// language (the JVM's, internal/jdk's Control.java) writes it plainly.
	Body json.RawMessage `json:"body,omitempty"`
}

// Message kinds.
const (
	KindReady  = "ready"
	KindReport = "report"
)
