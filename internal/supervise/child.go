package supervise

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Spec is a child to start.
type Spec struct {
	// Name says what it is in errors and records ("target", "load").
	Name string
	Exe  string
	Args []string
	// Env is added to this process's environment.
	Env []string
	// Stdin, when set, is the child's standard input.
	Stdin io.Reader
	// Stdout, when set, receives the child's standard output (else it is
	// discarded). It is complete once Wait has returned.
	Stdout io.Writer
	// CPUs pins the child (none: it inherits this process's affinity).
	CPUs []int
	// ReadyTimeout bounds WaitReady (0: ReadyTimeout). A JVM server, which
	// starts in seconds and in tens of them on a loaded machine, asks for
	// more.
	ReadyTimeout time.Duration
	// Control gives the child the control channel (fd 3 and 4): it can
	// then be cancelled without a signal and send typed messages. Every
	// waitlab subcommand that Control serves uses it; other programs
	// (redis-server, mariadbd) are started without.
	Control bool
}

// Child is one running child process. Its methods are safe from any
// goroutine.
type Child struct {
	Name string
	PID  int
	// CPUs are the CPUs it is pinned to (nil: not pinned).
	CPUs []int
	// PinErr is why the asked-for pinning failed (it then runs unpinned);
	// the caller records it in its result.
	PinErr error

	cmd     *exec.Cmd
	control bool
	cancel  *os.File // parent's write end of the cancel pipe
	exited  chan struct{}
	waitErr error
	stderr  *Buffer
	ready   chan Message  // the first Ready message
	msgDone chan struct{} // closed when the message pipe is read to its end
	report  []byte        // the last Report's body, valid after msgDone
	readyIn time.Duration
	stopMu  sync.Mutex
	stopped bool
	killed  bool
	stdout  sync.WaitGroup
}

// Start starts spec's child from the lasting thread, in its own process
// group with Pdeathsig, pinned to spec.CPUs when given. A failed pinning
// is not an error (see PinErr).
func Start(spec Spec) (*Child, error) {
	if ErrUnsupported != nil {
		return nil, ErrUnsupported
	}
	cmd := exec.Command(spec.Exe, spec.Args...)
	if len(spec.Env) > 0 {
		cmd.Env = append(os.Environ(), spec.Env...)
	}
	cmd.Stdin = spec.Stdin
	cmd.SysProcAttr = procAttr()
	c := &Child{Name: spec.Name, cmd: cmd, control: spec.Control, exited: make(chan struct{}), readyIn: spec.ReadyTimeout,
		stderr: &Buffer{}, ready: make(chan Message, 1), msgDone: make(chan struct{})}
	cmd.Stderr = c.stderr
	// Our own stdout pipe rather than cmd.Stdout = w: Wait must not
	// return before the copier has seen everything the child (and what it
	// started) wrote.
	var outR, outW, msgR, msgW, canR *os.File
	var err error
	closeAll := func(fs ...*os.File) {
		for _, f := range fs {
			if f != nil {
				f.Close()
			}
		}
	}
	if spec.Stdout != nil {
		if outR, outW, err = os.Pipe(); err != nil {
			return nil, fmt.Errorf("supervise: %s stdout: %w", spec.Name, err)
		}
		cmd.Stdout = outW
	}
	if spec.Control {
		if canR, c.cancel, err = os.Pipe(); err != nil {
			closeAll(outR, outW)
			return nil, fmt.Errorf("supervise: %s cancel pipe: %w", spec.Name, err)
		}
		if msgR, msgW, err = os.Pipe(); err != nil {
			closeAll(outR, outW, canR, c.cancel)
			return nil, fmt.Errorf("supervise: %s message pipe: %w", spec.Name, err)
		}
		cmd.ExtraFiles = []*os.File{canR, msgW} // fd 3, fd 4
		cmd.Env = append(cmdEnv(cmd), controlEnv+"=1")
	}
	c.CPUs, c.PinErr, err = startPinned(cmd, spec.CPUs)
	closeAll(outW, canR, msgW) // the child's ends
	if err != nil {
		closeAll(outR, msgR, c.cancel)
		return nil, fmt.Errorf("supervise: start %s (%s): %w", spec.Name, spec.Exe, err)
	}
	c.PID = cmd.Process.Pid
	if outR != nil {
		c.stdout.Add(1)
		go func() {
			defer c.stdout.Done()
			_, _ = io.Copy(spec.Stdout, outR)
			outR.Close()
		}()
	}
	if msgR != nil {
		go c.readMessages(msgR)
	} else {
		close(c.ready)
		close(c.msgDone)
	}
	go func() {
		err := cmd.Wait()
		c.stdout.Wait()
		c.waitErr = err
		if c.cancel != nil {
			c.cancel.Close()
		}
		close(c.exited)
	}()
	return c, nil
}

func cmdEnv(cmd *exec.Cmd) []string {
	if cmd.Env != nil {
		return cmd.Env
	}
	return os.Environ()
}

// readMessages reads the child's messages until it closes fd 4 (it
// exited): the first Ready goes to c.ready, the last Report to c.report.
func (c *Child) readMessages(r *os.File) {
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	sentReady := false
	var last *Message
	for sc.Scan() {
		var m Message
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			continue
		}
		switch m.Kind {
		case KindReady:
			if !sentReady {
				c.ready <- m
				sentReady = true
			}
		case KindReport:
			last = &m
		}
	}
	if !sentReady {
		close(c.ready)
	}
	if last != nil {
		c.report = last.Body
	}
	close(c.msgDone)
}

func (c *Child) readyTimeout() time.Duration {
	if c.readyIn > 0 {
		return c.readyIn
	}
	return ReadyTimeout
}

// WaitReady waits for the child's Ready message and returns the address
// in it. It fails when the child exits first, ctx ends or its ReadyTimeout
// passes; the child is then stopped.
func (c *Child) WaitReady(ctx context.Context) (string, error) {
	select {
	case m, ok := <-c.ready:
		if ok {
			return m.Addr, nil
		}
		<-c.exited
		return "", fmt.Errorf("supervise: %s did not start: %s", c.Name, c.Why())
	case <-ctx.Done():
		c.Stop()
		return "", ctx.Err()
	case <-time.After(c.readyTimeout()):
		c.Stop()
		return "", fmt.Errorf("supervise: %s was not ready within %v: %s", c.Name, c.readyTimeout(), c.Why())
	}
}

// Report returns the child's last Report message body, once it has
// exited (nil when it sent none). Call it after Wait or Stop.
func (c *Child) Report() []byte {
	<-c.exited
	<-c.msgDone
	return c.report
}

// Exited is closed once the child has exited.
func (c *Child) Exited() <-chan struct{} { return c.exited }

// HasExited reports whether the child has exited.
func (c *Child) HasExited() bool {
	select {
	case <-c.exited:
		return true
	default:
		return false
	}
}

// Wait waits for the child to exit and returns its exit error (nil for
// status 0).
func (c *Child) Wait() error {
	<-c.exited
	return c.waitErr
}

// Stderr returns what the child wrote on stderr so far (its first MB).
func (c *Child) Stderr() string { return c.stderr.String() }

// Cancel asks the child to stop: its cancel pipe is closed (a child with
// the control channel) or it is sent SIGTERM (one without). It does not
// wait.
func (c *Child) Cancel() {
	if c.HasExited() {
		return
	}
	if c.control {
		c.cancel.Close()
		return
	}
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
}

// Stop ends the child: Cancel, then SIGKILL to its process group if it
// has not exited Grace later. It waits for the exit, so no child and no
// port it listened on outlive it, and reports whether it had to kill.
// Safe to call more than once.
func (c *Child) Stop() (killed bool) {
	c.stopMu.Lock()
	defer c.stopMu.Unlock()
	if c.stopped {
		return c.killed
	}
	c.stopped = true
	c.Cancel()
	select {
	case <-c.exited:
	case <-time.After(Grace):
		c.Kill()
		<-c.exited
		c.killed = true
	}
	return c.killed
}

// Await waits until the child exits, or until ctx ends first: then it
// stops the child (Stop: the cancel pipe, which a child with the control
// channel answers by reporting what it has, then SIGKILL after Grace) and
// waits for it. interrupted says ctx ended first; err is Wait's. The
// parent then reads the child's reply (its stdout, a file) and, when there
// is none it can read, says why with Unreported.
func (c *Child) Await(ctx context.Context) (interrupted bool, err error) {
	select {
	case <-c.exited:
	case <-ctx.Done():
		interrupted = true
		c.Stop()
	}
	return interrupted, c.Wait()
}

// Unreported is the error of a child that left no reply its parent could
// read (rerr, the read's or the decoder's error): ErrInterrupted when
// Await was interrupted (it was stopped before it reported), else what it
// exited with (werr, Wait's error) or, when it exited cleanly, rerr, each
// with its stderr.
func (c *Child) Unreported(interrupted bool, werr, rerr error) error {
	switch {
	case interrupted:
		return fmt.Errorf("%w (the %s child was stopped before it reported)", ErrInterrupted, c.Name)
	case werr != nil:
		return fmt.Errorf("%s child: %w: %s", c.Name, werr, strings.TrimSpace(c.Stderr()))
	}
	return fmt.Errorf("%s child sent no reply: %w: %s", c.Name, rerr, strings.TrimSpace(c.Stderr()))
}

// Kill sends SIGKILL to the child's process group at once (tests, and a
// child that must not finish).
func (c *Child) Kill() { _ = syscall.Kill(-c.PID, syscall.SIGKILL) }

// State is how the child ended ("still running" while it runs).
func (c *Child) State() string {
	if !c.HasExited() {
		return "still running"
	}
	if c.cmd.ProcessState != nil {
		return c.cmd.ProcessState.String()
	}
	return "exited"
}

// Why explains how the child ended: its state and its stderr's last line.
func (c *Child) Why() string {
	text := strings.TrimSpace(c.Stderr())
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		text = text[i+1:]
	}
	if text == "" {
		return c.State()
	}
	return c.State() + ": " + text
}
