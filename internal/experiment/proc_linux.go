package experiment

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/osthread"
)

// Child is a process an experiment started: what it was, its pid, the
// CPUs it was pinned to and the address it listened on ("" for none).
type Child struct {
	Name string `json:"name"`
	PID  int    `json:"pid"`
	CPUs []int  `json:"cpus,omitempty"`
	Addr string `json:"addr,omitempty"`
}

// proc is one running child. Each runs in its own process group, so a
// terminal's Ctrl-C reaches only the experiment, which stops its children
// itself (SIGTERM, then SIGKILL to the group); Pdeathsig stops them if the
// experiment dies first (they are forked from a thread that lives as long
// as the process: see startPinned).
type proc struct {
	Child
	cmd    *exec.Cmd
	waited chan struct{}
	err    error // valid after waited is closed
	stderr *syncBuffer
}

// procSet tracks an experiment's children. Its methods are safe from any
// goroutine.
type procSet struct {
	mu    sync.Mutex
	live  []*proc
	ended []Child
}

// syncBuffer is a bytes.Buffer safe for one writer and readers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b.Len() > 1<<20 {
		return len(p), nil // keep the first MB: enough to say why it failed
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// childStarted, when set (by tests), is called as each child starts.
var childStarted func(Child)

var listenRE = regexp.MustCompile(`127\.0\.0\.1:[0-9]+`)

// startServer starts `exe args...` pinned to cpus (none: unpinned) with
// extra environment env, and waits until its stdout names the loopback
// address it listens on (the first line of `waitlab target` and `waitlab
// downstream`), the process exits, or 15 s pass.
func (ps *procSet) startServer(ctx context.Context, name, exe string, cpus []int, env []string, args ...string) (*proc, error) {
	p, stdout, err := ps.start(name, exe, cpus, env, true, args...)
	if err != nil {
		return nil, err
	}
	addrCh := make(chan string, 1)
	go func() {
		defer stdout.Close()
		sc := bufio.NewScanner(stdout)
		found := false
		for sc.Scan() {
			if !found {
				if a := listenRE.FindString(sc.Text()); a != "" {
					found = true
					addrCh <- a
				}
			}
		}
		if !found {
			close(addrCh)
		}
	}()
	select {
	case a, ok := <-addrCh:
		if !ok {
			<-p.waited
			return nil, fmt.Errorf("experiment: %s ended before listening: %v: %s", name, p.err, strings.TrimSpace(p.stderr.String()))
		}
		p.Addr = a
		return p, nil
	case <-ctx.Done():
		p.stop(time.Second)
		return nil, ctx.Err()
	case <-time.After(15 * time.Second):
		p.stop(time.Second)
		return nil, fmt.Errorf("experiment: %s did not listen within 15 s: %s", name, strings.TrimSpace(p.stderr.String()))
	}
}

// runToEnd runs `exe args...` pinned to cpus until it exits; when ctx
// ends first it is told to stop (SIGTERM) and given 10 s to write what it
// measured. It returns the process's stdout.
func (ps *procSet) runToEnd(ctx context.Context, name, exe string, cpus []int, args ...string) ([]byte, error) {
	p, stdout, err := ps.start(name, exe, cpus, nil, true, args...)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	copied := make(chan struct{})
	go func() { _, _ = io.Copy(&out, stdout); stdout.Close(); close(copied) }()
	select {
	case <-p.waited:
	case <-ctx.Done():
		p.stop(10 * time.Second)
	}
	<-copied
	if p.err != nil && ctx.Err() == nil {
		return out.Bytes(), fmt.Errorf("experiment: %s: %v: %s", name, p.err, strings.TrimSpace(p.stderr.String()))
	}
	return out.Bytes(), nil
}

func (ps *procSet) start(name, exe string, cpus []int, env []string, pipeOut bool, args ...string) (*proc, *os.File, error) {
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	p := &proc{Child: Child{Name: name, CPUs: cpus}, cmd: cmd, waited: make(chan struct{}), stderr: &syncBuffer{}}
	cmd.Stderr = p.stderr
	// Our own pipe rather than StdoutPipe: Wait must not close it under
	// a reader that has not seen everything yet. The reader sees EOF when
	// the child (and anything it started) has closed its end.
	var stdout, w *os.File
	if pipeOut {
		r, pw, err := os.Pipe()
		if err != nil {
			return nil, nil, err
		}
		stdout, w, cmd.Stdout = r, pw, pw
	}
	err := startPinned(cmd, cpus)
	if w != nil {
		w.Close()
	}
	if err != nil {
		if stdout != nil {
			stdout.Close()
		}
		return nil, nil, fmt.Errorf("experiment: start %s: %w", name, err)
	}
	p.PID = cmd.Process.Pid
	ps.mu.Lock()
	ps.live = append(ps.live, p)
	ps.mu.Unlock()
	if childStarted != nil {
		childStarted(p.Child)
	}
	go func() {
		p.err = cmd.Wait()
		ps.mu.Lock()
		for i, q := range ps.live {
			if q == p {
				ps.live = append(ps.live[:i], ps.live[i+1:]...)
				break
			}
		}
		ps.ended = append(ps.ended, p.Child)
		ps.mu.Unlock()
		close(p.waited)
	}()
	return p, stdout, nil
}

// stop asks the child to end (SIGTERM: `waitlab target` drains, `waitlab
// load` writes what it has) and kills its process group if it has not
// ended after grace.
func (p *proc) stop(grace time.Duration) {
	select {
	case <-p.waited:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.waited:
	case <-time.After(grace):
		_ = syscall.Kill(-p.PID, syscall.SIGKILL)
		<-p.waited
	}
}

// stopAll stops every child still running.
func (ps *procSet) stopAll() {
	ps.mu.Lock()
	live := append([]*proc(nil), ps.live...)
	ps.mu.Unlock()
	for _, p := range live {
		p.stop(5 * time.Second)
	}
}

// record returns every child that was started (all have ended after
// stopAll).
func (ps *procSet) record() []Child {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return append([]Child(nil), ps.ended...)
}

// startPinned starts cmd with the CPU affinity cpus (none: inherited) on
// the thread that lasts as long as the process (osthread.OnLastingThread:
// Pdeathsig is tied to the forking thread). The child inherits the
// affinity of the thread that forks it, so that thread narrows its own
// mask, starts the child and restores the mask; no other goroutine runs
// on it.
func startPinned(cmd *exec.Cmd, cpus []int) error {
	var err error
	osthread.OnLastingThread(func() { err = startOnThisThread(cmd, cpus) })
	return err
}

func startOnThisThread(cmd *exec.Cmd, cpus []int) error {
	if len(cpus) == 0 {
		return cmd.Start()
	}
	var old, set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		return cmd.Start()
	}
	for _, c := range cpus {
		set.Set(c)
	}
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return fmt.Errorf("pin to CPUs %v: %w", cpus, err)
	}
	err := cmd.Start()
	if rerr := unix.SchedSetaffinity(0, &old); rerr != nil && err == nil {
		err = fmt.Errorf("restore affinity: %w", rerr)
	}
	return err
}

// AllowedCPUs lists the CPUs this process may run on.
func AllowedCPUs() []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil
	}
	var out []int
	for c := 0; c < len(set)*64 && len(out) < set.Count(); c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
}

// Placement is where a load experiment runs its processes: the server on
// its own CPUs, the generator (and the light downstream) on the others.
// With one CPU nothing is pinned and Shared says so.
type Placement struct {
	Server, Generator []int
	Shared            bool
}

// Place splits the allowed CPUs: the upper half to the server, the lower
// half to the generator.
func Place() Placement {
	cpus := AllowedCPUs()
	if len(cpus) < 2 {
		return Placement{Shared: true}
	}
	h := len(cpus) / 2
	return Placement{Server: cpus[h:], Generator: cpus[:h]}
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
