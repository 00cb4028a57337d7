package loadgen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Collecting results without shared storage: every generator pushes its
// result file over HTTP (Push) to one collector (Collector, behind
// `waitlab report --listen`), which merges them once all have arrived. No
// ReadWriteMany volume, no object store: one small HTTP server.

// Push sends r to a collector at url (POST, the result file as the body).
// It retries while the collector is not up yet or busy, until ctx ends;
// a refusal (4xx) is final and returned with the collector's reason.
func Push(ctx context.Context, url string, r *Result) error {
	var body bytes.Buffer
	if err := r.Write(&body); err != nil {
		return err
	}
	client := &http.Client{Timeout: 30 * time.Second}
	backoff := 200 * time.Millisecond
	var last error
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body.Bytes()))
		if err != nil {
			return fmt.Errorf("loadgen: push to %s: %w", url, err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err == nil {
			msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			resp.Body.Close()
			switch {
			case resp.StatusCode/100 == 2:
				return nil
			case resp.StatusCode/100 == 4:
				return fmt.Errorf("loadgen: the collector at %s refused the result: %s", url, strings.TrimSpace(string(msg)))
			}
			last = fmt.Errorf("collector answered %s", resp.Status)
		} else {
			last = err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("loadgen: push to %s: gave up: %w", url, last)
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// Collector receives the result files of the N segments of one run over
// HTTP. It refuses a file that does not decode, belongs to another run, or
// repeats a segment already received (409), and reports when all N are
// there. It is an http.Handler; its methods are safe for concurrent use.
type Collector struct {
	// Expect is N, the results to wait for.
	Expect int
	// MaxBytes bounds one upload (default MaxResultBytes).
	MaxBytes int64

	mu      sync.Mutex
	results []*Result
	done    chan struct{}
	once    sync.Once
}

// NewCollector returns a collector waiting for n results.
func NewCollector(n int) *Collector {
	return &Collector{Expect: n, MaxBytes: MaxResultBytes, done: make(chan struct{})}
}

// ServeHTTP takes one result file per POST.
func (c *Collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "POST a waitlab load result file", http.StatusMethodNotAllowed)
		return
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, c.MaxBytes+1))
	if err != nil {
		http.Error(w, "read: "+err.Error(), http.StatusBadRequest)
		return
	}
	if int64(len(data)) > c.MaxBytes {
		http.Error(w, fmt.Sprintf("a result file may have at most %d MB", c.MaxBytes>>20), http.StatusRequestEntityTooLarge)
		return
	}
	res, err := ReadResult(data)
	if err != nil {
		http.Error(w, "not a result file: "+err.Error(), http.StatusBadRequest)
		return
	}
	name := res.Host
	if res.Segment != nil {
		name = "segment " + res.Segment.String() + " from " + res.Host
	}
	res.SetSource(name)
	if status, err := c.add(res); err != nil {
		http.Error(w, err.Error(), status)
		return
	}
	fmt.Fprintf(w, "received %s\n", name)
}

// add keeps res unless it cannot belong with what was received.
func (c *Collector) add(res *Result) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.results) >= c.Expect {
		return http.StatusConflict, fmt.Errorf("all %d results are already in", c.Expect)
	}
	trial := append(append([]*Result(nil), c.results...), res)
	if len(trial) > 1 {
		// The checks of Merge, except completeness, which only the last
		// arrival can satisfy.
		if _, err := mergeCheck(trial); err != nil {
			return http.StatusConflict, err
		}
	}
	c.results = trial
	if len(c.results) == c.Expect {
		c.once.Do(func() { close(c.done) })
	}
	return http.StatusOK, nil
}

// mergeCheck refuses results that cannot belong to one run: everything
// Merge refuses, but a partition may still have holes.
func mergeCheck(rs []*Result) (*Result, error) {
	var segs []model.Segment
	for _, r := range rs {
		if r.Segment != nil {
			segs = append(segs, *r.Segment)
		}
	}
	if len(segs) == len(rs) && len(segs) > 0 {
		if err := checkNoOverlap(segs); err != nil {
			return nil, err
		}
		return nil, mergeIdentity(rs)
	}
	return Merge(rs...)
}

// checkNoOverlap reports a doubled share or differing sequences.
func checkNoOverlap(segs []model.Segment) error {
	err := model.CheckPartition(segs)
	var fe *model.FieldError
	if errors.As(err, &fe) && fe.Key == "err.segment.missing" {
		return nil
	}
	if errors.As(err, &fe) {
		return &MergeError{Key: fe.Key, Args: fe.Args}
	}
	return err
}

// mergeIdentity checks the run id and model of segments.
func mergeIdentity(rs []*Result) error {
	for _, r := range rs[1:] {
		if r.RunID != rs[0].RunID {
			return &MergeError{Key: "report.merge.seg.run", Args: []any{rs[0].source, rs[0].RunID, r.source, r.RunID}}
		}
		if r.Model != rs[0].Model {
			return &MergeError{Key: "report.merge.models", Args: []any{rs[0].source, rs[0].Model, r.source, r.Model}}
		}
	}
	return nil
}

// Wait returns the results once all have arrived, or, when ctx ends first,
// what arrived and an error naming what is missing.
func (c *Collector) Wait(ctx context.Context) ([]*Result, error) {
	select {
	case <-c.done:
	case <-ctx.Done():
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	got := append([]*Result(nil), c.results...)
	if len(got) == c.Expect {
		return got, nil
	}
	return got, &MissingError{Expect: c.Expect, Got: len(got), Missing: missingShares(got)}
}

// MissingError is a collection that ended before every result arrived.
type MissingError struct {
	Expect, Got int
	// Missing lists the shares no result covers, when the results are
	// segments ("1/3:2/3").
	Missing []string
}

func (e *MissingError) Error() string {
	s := fmt.Sprintf("%d of %d results arrived", e.Got, e.Expect)
	if len(e.Missing) > 0 {
		s += "; missing: " + strings.Join(e.Missing, ", ")
	}
	return s
}

// missingShares lists the parts of [0, 1) that the segments in rs leave
// uncovered, along their sequence.
func missingShares(rs []*Result) []string {
	var segs []model.Segment
	for _, r := range rs {
		if r.Segment == nil {
			return nil
		}
		segs = append(segs, *r.Segment)
	}
	if len(segs) == 0 {
		return nil
	}
	sort.Slice(segs, func(a, b int) bool { return segs[a].From.Cmp(segs[b].From) < 0 })
	var out []string
	// Walk the sequence's steps; a step no segment covers is missing.
	seq := segs[0].Seq
	covered := func(i int) bool {
		for _, s := range segs {
			if s.From.Cmp(seq[i]) <= 0 && s.To.Cmp(seq[i+1]) >= 0 {
				return true
			}
		}
		return false
	}
	for i := 0; i+1 < len(seq); i++ {
		if !covered(i) {
			out = append(out, seq[i].RatString()+":"+seq[i+1].RatString())
		}
	}
	return out
}

// Listen opens the collector's socket: loopback only unless allowRemote,
// like every waitlab server.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--listen %q: %w", addr, err)
	}
	if !allowRemote && !isLocal(host) {
		return nil, fmt.Errorf("--listen %s is not a loopback address: add --allow-remote to accept results from other machines", addr)
	}
	return net.Listen("tcp", addr)
}
