package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
)

// scaleFlags are `waitlab load`'s scale-out flags: which share of a split
// run this generator sends, when it starts, and where its result goes.
type scaleFlags struct {
	segment, sequence, startAt, runID, pushURL string
	pushTimeout                                time.Duration
}

func addScaleFlags(fs *flag.FlagSet) *scaleFlags {
	s := &scaleFlags{}
	fs.StringVar(&s.segment, "segment", "", "send one share of a run split across generators: I/N (the I-th of N, from 0) or A:B (e.g. 0:1/3)")
	fs.StringVar(&s.sequence, "segment-sequence", "", "the cut points every generator of the run shares, for unequal shares: e.g. 0,1/4,1/2,1")
	fs.StringVar(&s.startAt, "start-at", "", "wait, then start at this `TIME` (RFC 3339 or Unix seconds): the synchronized start of a split run")
	fs.StringVar(&s.runID, "run-id", "", "the id the segments of one run share (default: derived from the command, so the same command agrees)")
	fs.StringVar(&s.pushURL, "push", "", "send the result file to a collector (waitlab report --listen) at `URL`")
	fs.DurationVar(&s.pushTimeout, "push-timeout", 2*time.Minute, "how long --push keeps retrying while the collector is not up")
	return s
}

func (s *scaleFlags) apply(l msg.Lang, cfg *loadgen.Config) error {
	if s.segment != "" {
		seg, err := model.ParseSegment(s.segment)
		if err == nil && s.sequence != "" {
			seg, err = seg.WithSequence(s.sequence)
		}
		if err != nil {
			return flagNamed("--segment", err)
		}
		cfg.Segment = seg
	} else if s.sequence != "" {
		return usagef("%s", msg.T(l, "load.flag.sequence"))
	}
	if s.startAt != "" {
		t, err := parseStartAt(s.startAt)
		if err != nil {
			return usagef("--start-at: %s", msg.T(l, "kube.err.start", s.startAt))
		}
		cfg.StartAt = t
	}
	if s.runID != "" {
		if len(s.runID) > 64 || !isHex(s.runID) {
			return usagef("%s", msg.T(l, "load.flag.runid", s.runID))
		}
		cfg.RunID = s.runID
	}
	if s.pushURL != "" {
		if _, _, err := loadgen.ParseURL(s.pushURL); err != nil {
			return usagef("--push: %v", err)
		}
	}
	return nil
}

// push sends the result to the collector, if asked; an error is printed
// and returned (exit 1) without losing the report, which is printed after.
func (s *scaleFlags) push(env *Env, l msg.Lang, res *loadresult.Result) error {
	if s.pushURL == "" {
		return nil
	}
	// Not the run's context: an interrupted run's result is still sent,
	// so the collector knows the run was cut short.
	ctx, cancel := context.WithTimeout(context.Background(), s.pushTimeout)
	defer cancel()
	if err := loadresult.Push(ctx, s.pushURL, res); err != nil {
		fmt.Fprintln(env.Stderr, msg.T(l, "load.push.failed", err))
		return &ExitError{Code: 1}
	}
	fmt.Fprintln(env.Stderr, msg.T(l, "load.push.done", s.pushURL))
	return nil
}

func isHex(s string) bool {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return s != ""
}

// flagNamed ties a model parse error to a flag.
func flagNamed(name string, err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		c := *fe
		c.Field = name
		return &c
	}
	return &UsageError{Err: fmt.Errorf("%s: %w", name, err)}
}

// collectFlags are `waitlab report`'s collector flags.
type collectFlags struct {
	listen      string
	allowRemote bool
	expect      int
	timeout     time.Duration
	runID       string
}

func addCollectFlags(fs *flag.FlagSet) *collectFlags {
	c := &collectFlags{}
	fs.StringVar(&c.listen, "listen", "", "collect result files pushed over HTTP (waitlab load --push) at this address instead of reading files")
	fs.BoolVar(&c.allowRemote, "allow-remote", false, "allow a non-loopback --listen address")
	fs.IntVar(&c.expect, "expect", 0, "with --listen: the number of result files to wait for")
	fs.DurationVar(&c.timeout, "collect-timeout", 10*time.Minute, "with --listen: give up waiting after this long and say what is missing")
	fs.StringVar(&c.runID, "run-id", "", "with --listen: take only the results of the run with this id (default: the first run whose segments are all in)")
	return c
}

// collect runs the collector: it waits for --expect results, merges them
// and reports like `waitlab report FILE...`.
func collect(ctx context.Context, env *Env, c *collectFlags, o *outputFlags, ths []loadreport.Threshold, l msg.Lang) error {
	if c.expect < 1 || c.expect > 10000 {
		return usagef("%s", msg.T(l, "collect.flag.expect", c.expect))
	}
	if c.timeout <= 0 || c.timeout > loadresult.MaxCollectTimeout {
		return usagef("%s", msg.T(l, "collect.flag.timeout", c.timeout, loadresult.MaxCollectTimeout))
	}
	if c.runID != "" && (len(c.runID) > 64 || !isHex(c.runID)) {
		return usagef("%s", msg.T(l, "collect.flag.runid", c.runID))
	}
	outs, err := openOutputs(l, o, "")
	if err != nil {
		return err
	}
	ln, err := loadresult.Listen(c.listen, c.allowRemote)
	if err != nil {
		outs.discard()
		var fe *model.FieldError
		if errors.As(err, &fe) {
			return fe
		}
		return usagef("--listen: %v", err)
	}
	col := loadresult.NewCollector(c.expect)
	col.RunID = c.runID
	var mu sync.Mutex // refusals come from the server's goroutines
	col.OnRefuse = func(what string, err error) {
		var me *loadresult.MergeError
		text := err.Error()
		if errors.As(err, &me) {
			text = me.Localize(l)
		}
		mu.Lock()
		defer mu.Unlock()
		if what == "" {
			fmt.Fprintln(env.Stderr, msg.T(l, "collect.refused.unnamed", text))
		} else {
			fmt.Fprintln(env.Stderr, msg.T(l, "collect.refused", what, text))
		}
	}
	srv := &http.Server{Handler: col}
	g := netguard.NewGuard(0)
	netguard.Harden(srv, netguard.Timeouts{Header: 10 * time.Second, Read: 5 * time.Minute, Write: time.Minute, Idle: 30 * time.Second}, g)
	served := make(chan struct{})
	go func() { defer close(served); _ = srv.Serve(g.Listener(ln)) }()
	fmt.Fprintln(env.Stderr, msg.T(l, "collect.listening", "http://"+ln.Addr().String()+"/", c.expect))
	wctx, cancel := context.WithTimeout(ctx, c.timeout)
	rs, werr := col.Wait(wctx)
	cancel()
	sctx, scancel := context.WithTimeout(context.Background(), 2*time.Second)
	if srv.Shutdown(sctx) != nil {
		_ = srv.Close() // uploads still being read after 2 s are cut
	}
	scancel()
	<-served
	var me *loadresult.MissingError
	if errors.As(werr, &me) {
		outs.discard()
		if ctx.Err() != nil {
			fmt.Fprintln(env.Stderr, msg.T(l, "collect.interrupted", me.Got, me.Expect))
			return interrupted(nil)
		}
		return &ExitError{Code: 1, Err: errors.New(msg.T(l, "collect.missing", me.Got, me.Expect, joinOr(me.Missing, "-")))}
	}
	res, err := loadresult.Merge(rs...)
	var mge *loadresult.MergeError
	switch {
	case errors.As(err, &mge):
		outs.discard()
		return &ExitError{Code: 1, Err: errors.New(mge.Localize(l))}
	case err != nil:
		outs.discard()
		return err
	}
	return emit(env, res, o, ths, l, outs)
}

func joinOr(s []string, none string) string {
	if len(s) == 0 {
		return none
	}
	out := s[0]
	for _, x := range s[1:] {
		out += ", " + x
	}
	return out
}
