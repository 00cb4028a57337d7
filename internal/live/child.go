package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// ChildCommand is the hidden subcommand of the waitlab binary that runs one
// real run in a fresh process: ChildRequest as JSON on stdin, ChildResponse
// as JSON on stdout.
const ChildCommand = "__run-child"

// ChildRequest is what a child process runs.
type ChildRequest struct {
	Scenario model.Scenario `json:"scenario"`
	Options  Options        `json:"options"`
}

// ChildResponse is what a child process measured.
type ChildResponse struct {
	Result *model.Result `json:"result,omitempty"`
	Trace  *model.Trace  `json:"trace,omitempty"`
	// Stalls lists the loop stalls the watchdog saw (at most MaxStalls,
	// the longest first), with their stacks.
	Stalls []watchdog.Stall `json:"stalls,omitempty"`
	// StallStates counts every stall by what the loop's thread was doing
	// when it was seen (watchdog.StateBlocked, StateRunning, or "" for
	// stalls that ended between two looks).
	StallStates map[string]int64 `json:"stall_states,omitempty"`
	// Error is why the child could not run (the parent validates and
	// checks the scenario first, so this is rare).
	Error string `json:"error,omitempty"`
}

// DecodeChildRequest reads one ChildRequest (strict: unknown fields are
// errors) and normalizes its scenario; it does not validate it.
func DecodeChildRequest(in io.Reader) (ChildRequest, error) {
	var req ChildRequest
	dec := json.NewDecoder(in)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return ChildRequest{}, fmt.Errorf("live: read child request: %w", err)
	}
	req.Scenario.Normalize()
	return req, nil
}

// MaxStalls caps ChildResponse.Stalls.
const MaxStalls = 20

// ErrInterrupted is returned (wrapped) by Isolated and Repeat when ctx was
// cancelled before any run could report a measurement: a child not started
// because ctx was already done, or one that the interrupt ended before it
// wrote its result. There is nothing to print but that.
var ErrInterrupted = errors.New("live: interrupted before a run finished")

// readyEnv names the environment variable that tells a child which file
// descriptor to close once it listens for SIGINT (see Isolated).
const readyEnv = "WAITLAB_CHILD_READY_FD"

// signalReady tells the parent, if it asked (readyEnv), that this process
// now handles SIGINT as a request to stop: main installs its signal
// handling before any command runs, so by the time ServeChild runs it is
// in place.
func signalReady() {
	if os.Getenv(readyEnv) != "3" {
		return
	}
	_ = os.Unsetenv(readyEnv) // once: fd 3 is the pipe only now
	f := os.NewFile(3, "ready")
	_, _ = f.Write([]byte{1})
	_ = f.Close()
}

// ServeChild is the child side: it reads a ChildRequest from in, runs it
// with Run and writes a ChildResponse to out. A run the child refuses or
// cannot do is reported in the response, not as an error; the error is for
// broken pipes and bad input.
func ServeChild(ctx context.Context, in io.Reader, out io.Writer) error {
	signalReady()
	req, err := DecodeChildRequest(in)
	if err != nil {
		return err
	}
	// The stalls, as the watchdog reports them: each once with its final
	// duration, or early (Ongoing) and again when it ends. Kept: a count
	// per thread state for all, and the MaxStalls longest (bounded however
	// many there are).
	var stalls []watchdog.Stall
	states := map[string]int64{}
	stallCh := make(chan watchdog.Stall, 1024)
	collected := make(chan struct{})
	go func() {
		defer close(collected)
		early := map[int]int64{} // loop -> request reported early
		for s := range stallCh {
			if req, ok := early[s.Loop]; ok && req == s.Req {
				delete(early, s.Loop)
				i := slices.IndexFunc(stalls, func(x watchdog.Stall) bool { return x.Ongoing && x.Loop == s.Loop && x.Req == s.Req })
				if i >= 0 {
					stalls[i] = s
				} else {
					stalls = append(stalls, s)
				}
				continue
			}
			if s.Ongoing {
				early[s.Loop] = s.Req
			}
			states[s.State]++
			stalls = append(stalls, s)
			if len(stalls) >= 4*MaxStalls {
				stalls = longest(stalls, MaxStalls)
			}
		}
	}()
	req.Options.OnStall = func(s watchdog.Stall) { stallCh <- s }
	if n := ChildGOMAXPROCS(req.Scenario); n > runtime.GOMAXPROCS(0) && req.Scenario.Validate() == nil && Check(req.Scenario, 0) == nil {
		runtime.GOMAXPROCS(n)
	}
	res, err := Run(ctx, req.Scenario, req.Options)
	close(stallCh)
	<-collected
	var resp ChildResponse
	if err != nil {
		resp.Error = err.Error()
	} else {
		resp.Result, resp.Trace = res, res.Trace
		if len(states) > 0 {
			resp.StallStates = states
		}
		if len(stalls) > 0 {
			resp.Stalls = longest(stalls, MaxStalls)
		}
	}
	if err := json.NewEncoder(out).Encode(&resp); err != nil {
		return fmt.Errorf("live: write child response: %w", err)
	}
	return nil
}

// ChildGOMAXPROCS is the GOMAXPROCS a child process sets for a real run of
// s. For the platform-thread models (pool, loop, offload) it is one P per
// lane plus two (arrivals, sampler), so that a thread waking from a
// blocking wait finds a free P at once, as a Java or C thread needs none
// (the OS still time-slices them all over the real cores); it is capped at
// four per core (at least 8), beyond which more Ps only add garbage
// collector workers and idle threads, since no more than the cores run at
// once anyway. 0 (keep the default, the CPU count) for virtual threads,
// whose carriers are bounded explicitly.
func ChildGOMAXPROCS(s model.Scenario) int {
	if s.Model == model.Virtual {
		return 0
	}
	return min(Threads(s)+2, max(4*Cores(), 8))
}

// childStopGrace is how long an interrupted child has to report before it
// is killed.
const childStopGrace = 10 * time.Second

// afterStart, if set (tests), is called once the child has started.
var afterStart func()

// longest returns the n longest stalls of st, longest first (stable).
func longest(st []watchdog.Stall, n int) []watchdog.Stall {
	sort.SliceStable(st, func(a, b int) bool { return st[a].Duration > st[b].Duration })
	return st[:min(n, len(st))]
}

// Isolated runs s once in a fresh child process of exe (the waitlab
// binary, os.Executable()). When ctx is cancelled the child is sent
// SIGINT, stops cleanly and reports what it measured (Result.Interrupted);
// it is killed if it has not exited 10 s later.
//
// The child protocol is robust to an interrupt at any instant: no child is
// started once ctx is done; the child runs in its own process group, so a
// terminal's Ctrl-C reaches only this process, which forwards it; and
// SIGINT is sent only after the child said (by closing a pipe) that it
// handles it, never while it is still starting up and would die of it. A
// child that the interrupt ended without a result gives ErrInterrupted,
// not an error of the child.
func Isolated(ctx context.Context, exe string, s model.Scenario, opt Options) (*ChildResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%w (no run started)", ErrInterrupted)
	}
	body, err := json.Marshal(ChildRequest{Scenario: s, Options: opt})
	if err != nil {
		return nil, fmt.Errorf("live: encode child request: %w", err)
	}
	readyR, readyW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("live: child ready pipe: %w", err)
	}
	defer readyR.Close()
	cmd := exec.Command(exe, ChildCommand)
	cmd.Stdin = bytes.NewReader(body)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.ExtraFiles = []*os.File{readyW} // fd 3 in the child
	cmd.Env = append(os.Environ(), readyEnv+"=3")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	readyW.Close()
	if err != nil {
		return nil, fmt.Errorf("live: start child %s: %w", exe, err)
	}
	if afterStart != nil {
		afterStart()
	}
	// ready closes when the child handles SIGINT (it writes a byte) or
	// has exited (EOF).
	ready := make(chan struct{})
	go func() {
		var b [1]byte
		_, _ = readyR.Read(b[:])
		close(ready)
	}()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var werr error
	interrupted := false
	select {
	case werr = <-waited:
	case <-ctx.Done():
		interrupted = true
		grace := time.NewTimer(childStopGrace)
		defer grace.Stop()
		select {
		case <-ready:
			_ = cmd.Process.Signal(syscall.SIGINT)
			select {
			case werr = <-waited:
			case <-grace.C:
				_ = cmd.Process.Kill()
				werr = <-waited
			}
		case werr = <-waited:
		case <-grace.C:
			_ = cmd.Process.Kill()
			werr = <-waited
		}
	}
	var resp ChildResponse
	if derr := json.Unmarshal(stdout.Bytes(), &resp); derr != nil || (interrupted && resp.Result == nil) {
		if interrupted {
			return nil, fmt.Errorf("%w (the run was stopped before it reported)", ErrInterrupted)
		}
		msg := strings.TrimSpace(stderr.String())
		if werr != nil {
			return nil, fmt.Errorf("live: child: %w: %s", werr, msg)
		}
		return nil, fmt.Errorf("live: child sent no result: %w: %s", derr, msg)
	}
	switch {
	case resp.Error != "":
		return nil, fmt.Errorf("live: child: %s", resp.Error)
	case resp.Result == nil:
		return nil, fmt.Errorf("live: child sent no result")
	}
	resp.Result.Trace = resp.Trace
	return &resp, nil
}

// Executable returns the path of the running binary, for Isolated.
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("live: find own binary: %w", err)
	}
	return exe, nil
}
