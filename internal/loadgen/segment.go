package loadgen

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Scale-out: a run split across generator machines. Each generator runs
// one model.Segment of the single-machine schedule from a common StartAt
// and writes (or pushes) its result; Merge checks that the segments of one
// run are all there, once, and judges the merged result as one machine's.

// prepareSegment applies c.Segment to the run's shape: the closed model's
// virtual users are split; a request count becomes the segment's share of
// it. The open model's schedule is split in pacer.
func (c *Config) prepareSegment() error {
	if c.Segment.Whole() {
		return nil
	}
	if c.Arrival.Closed() {
		first, n := c.Segment.VUs(c.Arrival.VUs)
		if n < 1 {
			return model.NewFieldError("--segment", "load.segment.novus", c.Segment.String(), c.Arrival.VUs)
		}
		c.vuFirst = first
		c.wholeVUs = c.Arrival.VUs
		c.Arrival.VUs = n
	}
	if c.Requests > 0 {
		c.Requests = c.Segment.Count(c.Requests)
	}
	return nil
}

// ParseStartAt reads a --start-at value: RFC 3339, or Unix seconds (a
// fraction allowed). It only reads; CheckStartAt says whether the time is
// one a run can wait for. Seconds are split before they become
// nanoseconds, so no value overflows into a time 292 years away.
func ParseStartAt(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	bad := model.NewFieldError("--start-at", "kube.err.start", s)
	if strings.ContainsAny(s, "xXpP_") { // hex floats and digit separators are not Unix seconds
		return time.Time{}, bad
	}
	sec, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	// 1e11 s is the year 5138: beyond it no start is meant, and below it
	// the integer part fits int64 exactly enough for a start time.
	if err != nil || math.IsNaN(sec) || sec <= 0 || sec >= 1e11 {
		return time.Time{}, bad
	}
	whole, frac := math.Modf(sec)
	return time.Unix(int64(whole), int64(frac*1e9)), nil
}

// CheckStartAt refuses a start a run cannot honour: more than MaxStartWait
// ahead of now, or further in the past than the run is long (a segment
// that starts that late has nothing left to send). It compares times, not
// durations: time.Until saturates for a far time, and negating the
// saturated minimum overflows back to itself, which let a start in 1600
// through as "not in the past".
func CheckStartAt(at, now time.Time, runLength time.Duration) error {
	if at.IsZero() {
		return nil
	}
	if at.After(now.Add(MaxStartWait)) {
		return model.NewFieldError("--start-at", "load.start.far", at.UTC().Format(time.RFC3339), MaxStartWait.String())
	}
	if at.Before(now.Add(-max(runLength, time.Second))) {
		return model.NewFieldError("--start-at", "load.start.past", at.UTC().Format(time.RFC3339))
	}
	return nil
}

// waitStart waits until the synchronized start and returns the time the
// schedule counts from: StartAt itself, so every segment's intended send
// times are on one clock (a late segment's requests are late, and their
// latency says so). The range is checked again here, against the clock at
// the start, since Validate ran earlier.
func (c *Config) waitStart(ctx context.Context) (time.Time, error) {
	if c.StartAt.IsZero() {
		return time.Now(), nil
	}
	if err := CheckStartAt(c.StartAt, time.Now(), c.Duration); err != nil {
		return time.Time{}, err
	}
	if d := time.Until(c.StartAt); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return time.Time{}, ctx.Err()
		}
	}
	return c.StartAt, nil
}

// hostName names this generator in a result file: WAITLAB_HOST (a pod's
// node, set by `waitlab kube job`), else the host name.
func hostName() string {
	if h := os.Getenv("WAITLAB_HOST"); h != "" && len(h) <= 253 {
		return h
	}
	h, _ := os.Hostname()
	return h
}

// DeriveRunID is the run id the segments of one run share when none is
// given: a hash of what every generator of the run was told alike (the
// start, the arrival, the URL, the segment sequence), so N machines given
// the same command agree on it without talking.
func DeriveRunID(c *Config) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%s|%s|%d|%s|%d|%d", c.StartAt.UTC().Format(time.RFC3339Nano), c.Arrival, c.Stages,
		c.Seed, c.Segment.Sequence(), c.Duration, c.Requests)
	for _, t := range c.Targets {
		fmt.Fprintf(h, "|%s %s", t.Method, t.URL)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
