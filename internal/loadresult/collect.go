package loadresult

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
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
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
			return fmt.Errorf("loadresult: push to %s: %w", url, err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err == nil {
			msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			resp.Body.Close()
			switch {
			case resp.StatusCode/100 == 2:
				return nil
			case resp.StatusCode/100 == 4 || resp.StatusCode == http.StatusInsufficientStorage:
				return fmt.Errorf("loadresult: the collector at %s refused the result: %s", url, strings.TrimSpace(string(msg)))
			}
			last = fmt.Errorf("collector answered %s", resp.Status)
		} else {
			last = err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("loadresult: push to %s: gave up: %w", url, last)
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// Collector receives the result files of the N segments of one run over
// HTTP. It refuses a file that does not decode, belongs to another run than
// the one it expects, or repeats a segment already received (409), and
// reports when all N are there. It is an http.Handler; its methods are safe
// for concurrent use.
//
// Which run: the one named by RunID when set; else the first run whose
// results complete a valid set. Results are kept per run (every whole-run
// file in one group), so a stray upload (a whole-run file, another run's
// segment) arriving first no longer fixes the run and makes every real
// segment a conflict.
//
// Memory is bounded in total, not per upload: at most MaxUploads uploads
// are read at once (one more is answered 503 with Retry-After, and Push
// retries), the bytes being read share InFlightBytes (reserved as they
// arrive, so a slow upload holds only what it sent), and the results kept
// share KeptBytes.
type Collector struct {
	// Expect is N, the results to wait for.
	Expect int
	// MaxBytes bounds one upload (default MaxResultBytes).
	MaxBytes int64
	// RunID, when set, is the only run whose results are taken.
	RunID string
	// OnRefuse, when set, is told every upload refused: what it was (its
	// segment and host, as the upload says) and why.
	OnRefuse func(what string, err error)

	mu       sync.Mutex
	groups   map[string][]*Result // run (or "" for whole-run files) -> results
	kept     int64                // bytes of the kept results' uploads
	inFlight int64                // bytes of uploads being read
	uploads  int                  // uploads being read
	winner   []*Result
	done     chan struct{}
	once     sync.Once
	decode   chan struct{} // uploads decoded at once
}

// Bounds of a collector's memory and time.
const (
	// MaxCollectTimeout bounds --collect-timeout: two days, as a start may
	// be a day away (MaxStartWait) and a run a day long (MaxDuration).
	MaxCollectTimeout = MaxStartWait + MaxDuration
	// CollectMaxUploads is how many uploads are read at once.
	CollectMaxUploads = 16
	// CollectInFlightBytes bounds the bytes of the uploads being read,
	// together; CollectKeptBytes those of the results kept.
	CollectInFlightBytes = 2 * MaxResultBytes
	CollectKeptBytes     = 1 << 30
	// collectDecoders is how many uploads are decoded at once (decoding
	// takes up to about the file's size again for a moment).
	collectDecoders = 1
)

// NewCollector returns a collector waiting for n results.
func NewCollector(n int) *Collector {
	return &Collector{Expect: n, MaxBytes: MaxResultBytes, done: make(chan struct{}),
		groups: map[string][]*Result{}, decode: make(chan struct{}, collectDecoders)}
}

// ServeHTTP takes one result file per POST.
func (c *Collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "POST a waitlab load result file", http.StatusMethodNotAllowed)
		return
	}
	if r.ContentLength > c.MaxBytes {
		c.refuse(w, http.StatusRequestEntityTooLarge, "", fmt.Errorf("a result file may have at most %d MB", c.MaxBytes>>20))
		return
	}
	if !c.startUpload() {
		w.Header().Set("Retry-After", "1")
		http.Error(w, fmt.Sprintf("busy: %d uploads are being read; retry", CollectMaxUploads), http.StatusServiceUnavailable)
		return
	}
	data, reserved, status, err := c.read(r.Body, r.ContentLength)
	defer c.endUpload(reserved)
	if err != nil {
		if status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		c.refuse(w, status, "", err)
		return
	}
	c.decode <- struct{}{}
	res, err := ReadResult(data)
	<-c.decode
	if err != nil {
		c.refuse(w, http.StatusBadRequest, "", fmt.Errorf("not a result file: %w", err))
		return
	}
	name := res.Host
	if res.Segment != nil {
		name = "segment " + res.Segment.String() + " from " + res.Host
	}
	res.SetSource(name)
	if status, err := c.add(res, int64(len(data))); err != nil {
		c.refuse(w, status, name, err)
		return
	}
	fmt.Fprintf(w, "received %s\n", msg.Printable(name))
}

// refuse answers an upload with status and err, and tells OnRefuse.
func (c *Collector) refuse(w http.ResponseWriter, status int, what string, err error) {
	if c.OnRefuse != nil && status != http.StatusServiceUnavailable {
		c.OnRefuse(what, err)
	}
	http.Error(w, msg.Printable(err.Error()), status)
}

// uploadsNow and inFlightNow are the uploads being read and their bytes.
func (c *Collector) uploadsNow() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.uploads
}

func (c *Collector) inFlightNow() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.inFlight
}

func (c *Collector) startUpload() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.uploads >= CollectMaxUploads {
		return false
	}
	c.uploads++
	return true
}

func (c *Collector) endUpload(n int64) {
	c.mu.Lock()
	c.uploads--
	c.inFlight -= n
	c.mu.Unlock()
}

// reserve takes n bytes of the uploads' shared budget.
func (c *Collector) reserve(n int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inFlight+n > CollectInFlightBytes {
		return false
	}
	c.inFlight += n
	return true
}

// read reads an upload within MaxBytes into one buffer, reserving from
// the shared budget what the buffer holds (its capacity, not only what it
// was sent; a stalled upload holds little): the buffer doubles as bytes
// arrive, no further than the Content-Length (length) says, each growth
// reserved before it is made. An upload that does not
// begin as a JSON object is refused at its first bytes, not read to its
// end. It returns the bytes reserved (endUpload gives them back).
func (c *Collector) read(body io.Reader, length int64) ([]byte, int64, int, error) {
	var data []byte
	var reserved int64
	busy := errors.New("busy: the uploads being read fill the collector's memory; retry")
	buf := make([]byte, 64<<10)
	begun := false
	for {
		n, err := body.Read(buf)
		if n > 0 {
			if int64(len(data)+n) > c.MaxBytes {
				return nil, reserved, http.StatusRequestEntityTooLarge, fmt.Errorf("a result file may have at most %d MB", c.MaxBytes>>20)
			}
			if !begun {
				if t := bytes.TrimLeft(buf[:n], " \t\r\n"); len(t) > 0 {
					if t[0] != '{' {
						return nil, reserved, http.StatusBadRequest, errors.New("not a result file: it does not begin as a JSON object")
					}
					begun = true
				}
			}
			if len(data)+n > cap(data) {
				grown := min(max(2*int64(cap(data)), 256<<10), c.MaxBytes)
				if length >= int64(len(data)+n) {
					grown = min(grown, length) // no more than it says it sends
				}
				grown = max(grown, int64(len(data)+n))
				if !c.reserve(grown - reserved) {
					return nil, reserved, http.StatusServiceUnavailable, busy
				}
				reserved = grown
				data = append(make([]byte, 0, grown), data...)
			}
			data = append(data, buf[:n]...)
		}
		if err == io.EOF {
			return data, reserved, 0, nil
		}
		if err != nil {
			return nil, reserved, http.StatusBadRequest, fmt.Errorf("read: %w", err)
		}
	}
}

// add keeps res unless it cannot belong with what was received.
func (c *Collector) add(res *Result, size int64) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.winner != nil {
		return http.StatusConflict, fmt.Errorf("all %d results are already in", c.Expect)
	}
	if c.RunID != "" && res.RunID != c.RunID {
		return http.StatusConflict, &MergeError{Key: "collect.refuse.run", Args: []any{res.source, res.RunID, c.RunID}}
	}
	if c.kept+size > CollectKeptBytes {
		return http.StatusInsufficientStorage, &MergeError{Key: "collect.refuse.memory", Args: []any{res.source, CollectKeptBytes >> 20}}
	}
	key := ""
	if res.Segment != nil {
		key = res.RunID
	}
	trial := append(append([]*Result(nil), c.groups[key]...), res)
	if len(trial) > c.Expect {
		return http.StatusConflict, &MergeError{Key: "collect.refuse.many", Args: []any{res.source, c.Expect}}
	}
	if len(trial) > 1 {
		// The checks of Merge, except completeness, which only the last
		// arrival can satisfy.
		if _, err := mergeCheck(trial); err != nil {
			return http.StatusConflict, err
		}
	}
	if len(trial) == c.Expect {
		if _, err := Merge(trial...); err != nil {
			return http.StatusConflict, err
		}
		c.winner = trial
		c.groups = nil // the other runs' results are not needed
		c.once.Do(func() { close(c.done) })
		return http.StatusOK, nil
	}
	c.groups[key] = trial
	c.kept += size
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
// what arrived of the run nearest to complete (RunID's, when set) and an
// error naming what is missing.
func (c *Collector) Wait(ctx context.Context) ([]*Result, error) {
	select {
	case <-c.done:
	case <-ctx.Done():
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.winner != nil {
		return append([]*Result(nil), c.winner...), nil
	}
	var got []*Result
	for _, rs := range c.groups {
		if len(rs) > len(got) || (len(rs) == len(got) && len(rs) > 0 && rs[0].RunID < got[0].RunID) {
			got = rs
		}
	}
	got = append([]*Result(nil), got...)
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
// like every waitlab server. The host must be a loopback address or name
// (not the unspecified address, 0.0.0.0 or [::], which binds every
// interface, nor an empty host), and the bound address is checked again,
// so a name that resolves elsewhere cannot open it to the network.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, model.NewFieldError("--listen", "collect.flag.listen", addr)
	}
	if !allowRemote && !netguard.LoopbackHost(host) {
		return nil, model.NewFieldError("--listen", "collect.flag.remote", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	if ta, ok := ln.Addr().(*net.TCPAddr); !allowRemote && (!ok || !ta.IP.IsLoopback()) {
		ln.Close()
		return nil, model.NewFieldError("--listen", "collect.flag.remote", addr)
	}
	return ln, nil
}
