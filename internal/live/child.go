package live

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sort"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/supervise"
	"github.com/waitlab/waitlab/internal/sysinfo"
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

// ServeChild is the child side: it reads a ChildRequest from in, runs it
// with Run and writes a ChildResponse to out. A run the child refuses or
// cannot do is reported in the response, not as an error; the error is for
// broken pipes and bad input.
func ServeChild(ctx context.Context, in io.Reader, out io.Writer) error {
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
	if n := ChildGOMAXPROCS(req.Scenario); n > runtime.GOMAXPROCS(0) && req.Scenario.Validate() == nil && guard(req.Scenario) == nil {
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
	return min(Threads(s)+2, max(4*sysinfo.Cores(), 8))
}

// longest returns the n longest stalls of st, longest first (stable).
func longest(st []watchdog.Stall, n int) []watchdog.Stall {
	sort.SliceStable(st, func(a, b int) bool { return st[a].Duration > st[b].Duration })
	return st[:min(n, len(st))]
}

// afterStart, if set (tests), is called once the child has started.
var afterStart func()

// Isolated runs s once in a fresh child process of exe (the waitlab
// binary, os.Executable()), started by supervise with its control
// channel. When ctx is cancelled the child is told so through its cancel
// pipe (supervise.Child.Cancel), stops cleanly and reports what it
// measured (Result.Interrupted); its process group is killed if it has not
// exited supervise.Grace later. A ctx already done starts no child.
//
// The child runs in its own process group, so a terminal's Ctrl-C reaches
// only the parent, which decides; cancelling through a pipe rather than a
// signal has no window in which a child that has not yet installed its
// handlers dies of it, and a parent that dies closes the pipe too (and
// Pdeathsig kills the child). A child that the interrupt ended without a
// result (killed after the grace) gives supervise.ErrInterrupted, not an error of
// the child.
func Isolated(ctx context.Context, exe string, s model.Scenario, opt Options) (*ChildResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("live: not started: %w: %w", supervise.ErrInterrupted, err)
	}
	body, err := json.Marshal(ChildRequest{Scenario: s, Options: opt})
	if err != nil {
		return nil, fmt.Errorf("live: encode child request: %w", err)
	}
	var stdout bytes.Buffer
	c, err := supervise.Start(supervise.Spec{Name: "run", Exe: exe, Args: []string{ChildCommand},
		Stdin: bytes.NewReader(body), Stdout: &stdout, Control: true})
	if err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	if afterStart != nil {
		afterStart()
	}
	if opt.OnStart != nil {
		opt.OnStart()
	}
	interrupted, werr := c.Await(ctx)
	var resp ChildResponse
	if derr := json.Unmarshal(stdout.Bytes(), &resp); derr != nil || (interrupted && resp.Result == nil) {
		return nil, fmt.Errorf("live: %w", c.Unreported(interrupted, werr, derr))
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
