package experiment

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/supervise"
)

// The experiments' children are supervise's (one start, pinning, ready
// handshake and stop for every waitlab child); these are thin wrappers
// with the names the experiments call.

// Child is a process an experiment started: what it was, its pid, the
// CPUs it was pinned to and the address it listened on ("" for none).
// PinFailed is why the asked-for pinning did not happen (it then ran
// unpinned: supervise's one policy).
type Child struct {
	Name      string `json:"name"`
	PID       int    `json:"pid"`
	CPUs      []int  `json:"cpus,omitempty"`
	Addr      string `json:"addr,omitempty"`
	PinFailed string `json:"pin_failed,omitempty"`
}

// proc is one running child (a supervise.Child). waited is closed when it
// has exited; err is its exit error, valid after that.
type proc struct {
	Child
	c      *supervise.Child
	waited <-chan struct{}
	err    error
	stderr *stderrOf
}

// stderrOf reads a child's captured stderr.
type stderrOf struct{ c *supervise.Child }

func (s *stderrOf) String() string { return s.c.Stderr() }

// procSet tracks an experiment's children. Its methods are safe from any
// goroutine.
type procSet struct {
	mu    sync.Mutex
	live  []*proc
	ended []Child
}

// childStarted, when set (by tests), is called as each child starts.
var childStarted func(Child)

// startServer starts `exe args...` (a waitlab server: target or
// downstream) pinned to cpus (none: unpinned) with extra environment env,
// and waits for its Ready message on the control channel, its exit, or
// supervise.ReadyTimeout.
func (ps *procSet) startServer(ctx context.Context, name, exe string, cpus []int, env []string, args ...string) (*proc, error) {
	if len(args) > 0 && args[0] == "target" {
		return ps.startTarget(ctx, name, exe, cpus, env, launch.Config{Engine: launch.Go, Flags: args[1:]})
	}
	p, _, err := ps.start(name, exe, cpus, env, false, args...)
	if err != nil {
		return nil, err
	}
	addr, err := p.c.WaitReady(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("experiment: %s: %w: %s", name, err, strings.TrimSpace(p.c.Stderr()))
	}
	p.Addr = addr
	return p, nil
}

// startTarget starts a target from its configuration through launch (the
// one starter: pinned to cpus, its Ready awaited) and tracks it.
func (ps *procSet) startTarget(ctx context.Context, name, exe string, cpus []int, env []string, cfg launch.Config) (*proc, error) {
	srv, err := launch.Start(ctx, cfg, launch.Options{Exe: exe, Name: name, CPUs: cpus, Env: env})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("experiment: %s: %w", name, err)
	}
	p := ps.track(name, srv.Child)
	p.Addr = srv.Addr
	return p, nil
}

// runToEnd runs `exe args...` pinned to cpus until it exits; when ctx
// ends first it is told to stop and given supervise.Grace to write what it
// measured. It returns the process's stdout.
func (ps *procSet) runToEnd(ctx context.Context, name, exe string, cpus []int, args ...string) ([]byte, error) {
	var out strings.Builder
	p, err := ps.startTo(name, exe, cpus, nil, &out, args...)
	if err != nil {
		return nil, err
	}
	select {
	case <-p.waited:
	case <-ctx.Done():
		p.c.Stop()
	}
	err = p.c.Wait()
	if err != nil && ctx.Err() == nil {
		return []byte(out.String()), fmt.Errorf("experiment: %s: %v: %s", name, err, strings.TrimSpace(p.c.Stderr()))
	}
	return []byte(out.String()), nil
}

// start starts `exe args...`; with pipeOut its stdout is returned as a
// pipe that reads EOF once the child has exited and everything it wrote
// was read.
func (ps *procSet) start(name, exe string, cpus []int, env []string, pipeOut bool, args ...string) (*proc, *os.File, error) {
	if !pipeOut {
		p, err := ps.startTo(name, exe, cpus, env, nil, args...)
		return p, nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	p, err := ps.startTo(name, exe, cpus, env, w, args...)
	if err != nil {
		r.Close()
		w.Close()
		return nil, nil, err
	}
	go func() { <-p.waited; w.Close() }()
	return p, r, nil
}

func (ps *procSet) startTo(name, exe string, cpus []int, env []string, stdout interface{ Write([]byte) (int, error) }, args ...string) (*proc, error) {
	spec := supervise.Spec{Name: name, Exe: exe, Args: args, Env: env, CPUs: cpus, Control: isWaitlab(exe)}
	if stdout != nil {
		spec.Stdout = stdout
	}
	return ps.startSpec(spec)
}

// startSpec starts spec's child and tracks it (a JVM child, which speaks
// the control channel through jdk.Control, comes here directly).
func (ps *procSet) startSpec(spec supervise.Spec) (*proc, error) {
	name := spec.Name
	c, err := supervise.Start(spec)
	if err != nil {
		return nil, fmt.Errorf("experiment: start %s: %w", name, err)
	}
	return ps.track(name, c), nil
}

// track records a started child until it exits.
func (ps *procSet) track(name string, c *supervise.Child) *proc {
	p := &proc{Child: Child{Name: name, PID: c.PID, CPUs: c.CPUs}, c: c, stderr: &stderrOf{c}}
	if c.PinErr != nil {
		p.PinFailed = c.PinErr.Error()
	}
	waited := make(chan struct{})
	p.waited = waited
	ps.mu.Lock()
	ps.live = append(ps.live, p)
	ps.mu.Unlock()
	if childStarted != nil {
		childStarted(p.Child)
	}
	go func() {
		p.err = c.Wait()
		ps.mu.Lock()
		for i, q := range ps.live {
			if q == p {
				ps.live = append(ps.live[:i], ps.live[i+1:]...)
				break
			}
		}
		ps.ended = append(ps.ended, p.Child)
		ps.mu.Unlock()
		close(waited)
	}()
	return p
}

// isWaitlab reports whether exe is this binary (the waitlab subcommands,
// which speak supervise's control channel), not another program
// (redis-server, mariadbd), which is stopped with SIGTERM.
func isWaitlab(exe string) bool {
	self, err := os.Executable()
	if err != nil {
		return false
	}
	a, errA := os.Stat(self)
	b, errB := os.Stat(exe)
	return errA == nil && errB == nil && os.SameFile(a, b)
}

// stop ends the child (supervise.Child.Stop: ask, then kill its group
// after supervise.Grace). grace is kept for the callers; supervise has
// one grace period for every child.
func (p *proc) stop(grace time.Duration) {
	_ = grace
	p.c.Stop()
	<-p.waited
}

// stopAll stops every child still running.
func (ps *procSet) stopAll() {
	ps.mu.Lock()
	live := append([]*proc(nil), ps.live...)
	ps.mu.Unlock()
	for _, p := range live {
		p.stop(supervise.Grace)
	}
}

// record returns every child that was started (all have ended after
// stopAll).
func (ps *procSet) record() []Child {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return append([]Child(nil), ps.ended...)
}

func cpuList(c []int) string {
	if len(c) == 0 {
		return "-"
	}
	s := make([]string, len(c))
	for i, v := range c {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}
