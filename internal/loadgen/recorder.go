package loadgen

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/waitlab/waitlab/internal/loadresult"
)

// The recorder's histograms are the result format's (loadresult.NewHist,
// NewSecHist: microseconds from 1 us to 1 hour).
const (
	lateAfter   = 5 * time.Millisecond // a send later than this behind its intended time is "late"
	ringSeconds = 8
)

// dist is an exact count, sum and max with an HdrHistogram of the values.
type dist struct {
	h     *hdrhistogram.Histogram
	sum   int64 // ns, exact
	max   int64 // ns, exact
	count int64
}

func (d *dist) add(v time.Duration) {
	if v < 0 {
		v = 0
	}
	_ = d.h.RecordValue(loadresult.ToMicros(v))
	d.sum += int64(v)
	d.max = max(d.max, int64(v))
	d.count++
}

// secSlot is one second of the series, being filled.
type secSlot struct {
	sec        int64
	h          *hdrhistogram.Histogram
	n, ok, err int64
	svc        int64 // ns, service times of the ok ones
}

// shard is one part of the recorder. Workers record into the shard of
// their index, under its mutex; the sampler reads it under the same mutex.
type shard struct {
	mu     sync.Mutex
	lat    dist // from the intended send, ok responses
	svc    dist // from the actual send, ok responses
	sent   int64
	ok     int64
	late   int64
	maxLag int64
	kinds  [numKinds]int64
	status [600]int64
	maxSec int64
	// Completions inside the window (before the recorder's cutoff), for
	// rates and Little's law: a response after the window is in the
	// latency, never in a rate over the window. Warm-up requests that
	// complete inside the window count here too (recordWarm): at a steady
	// state the window's completions are then the arrivals of one window,
	// where counting only requests sent in it would lose one latency's
	// worth of them (a 1 s latency in a 6 s window: 17% low).
	winN, winOK, winSvc int64
	// collected is the last second the sampler has taken from this shard;
	// a later record for it goes to the next second.
	collected int64
	ring      [ringSeconds]secSlot
	_         [64]byte // keep shards on separate cache lines
}

// recorder collects every measured request of a run. It keeps no
// per-request record: memory is independent of the request count.
type recorder struct {
	shards []shard
	// cutoff is the window's end from its start (ns): completions at or
	// after it are outside the window. MaxInt64 until the end is known.
	cutoff atomic.Int64
	// warm counts the warm-up's requests (not measured, but a warm-up
	// that never got an answer must show). Guarded by warmMu.
	warmMu sync.Mutex
	warm   struct {
		sent, ok int64
		kinds    map[string]int64
		// completions inside the window (see shard.winN)
		winN, winOK, winSvc int64
	}
}

// recordWarm counts one finished warm-up request, sent at send and ended
// at end (both from the start of the measured window: send is negative).
// One that ends inside the window counts in its completions.
func (r *recorder) recordWarm(send, end time.Duration, status int, k errKind) {
	ok := k == kindOK && status >= 200 && status < 300
	inWin := end >= 0 && int64(end) < r.cutoff.Load()
	r.warmMu.Lock()
	defer r.warmMu.Unlock()
	if inWin {
		r.warm.winN++
		if ok {
			r.warm.winOK++
			r.warm.winSvc += int64(max(end-send, 0))
		}
	}
	r.warm.sent++
	switch {
	case k == kindOK && status >= 200 && status < 300:
		r.warm.ok++
		return
	case r.warm.kinds == nil:
		r.warm.kinds = map[string]int64{}
	}
	switch {
	case k != kindOK:
		r.warm.kinds[kindNames[k]]++
	case status >= 100 && status < 600:
		r.warm.kinds[statusKind(status)]++
	default:
		r.warm.kinds[kindNames[kindBadResponse]]++
	}
}

func newRecorder(n int) *recorder {
	r := &recorder{shards: make([]shard, n)}
	r.cutoff.Store(math.MaxInt64)
	for i := range r.shards {
		s := &r.shards[i]
		s.lat.h, s.svc.h = loadresult.NewHist(), loadresult.NewHist()
		s.maxSec, s.collected = -1, -1
		for j := range s.ring {
			s.ring[j] = secSlot{sec: -1, h: loadresult.NewSecHist()}
		}
	}
	return r
}

// record adds one finished request: due is its intended send, send its
// actual send and end its completion, all measured from the start of the
// measured window. It does not allocate.
func (r *recorder) record(i int, due, send, end time.Duration, status int, k errKind) {
	s := &r.shards[i%len(r.shards)]
	ok := k == kindOK && status >= 200 && status < 300
	inWin := int64(end) < r.cutoff.Load()
	sec := int64(end / time.Second)
	if end < 0 {
		sec = 0
	}
	s.mu.Lock()
	if c := s.collected; sec <= c {
		sec = c + 1
	}
	s.sent++
	if lag := send - due; lag > lateAfter {
		s.late++
		s.maxLag = max(s.maxLag, int64(lag))
	}
	slot := &s.ring[sec%ringSeconds]
	if slot.sec != sec {
		slot.h.Reset()
		slot.sec, slot.n, slot.ok, slot.err, slot.svc = sec, 0, 0, 0, 0
	}
	slot.n++
	s.maxSec = max(s.maxSec, sec)
	if inWin {
		s.winN++
		if ok {
			s.winOK++
			s.winSvc += int64(max(end-send, 0))
		}
	}
	if ok {
		s.ok++
		slot.ok++
		slot.svc += int64(max(end-send, 0))
		s.lat.add(end - due)
		s.svc.add(end - send)
		_ = slot.h.RecordValue(loadresult.ToMicros(end - due))
	} else {
		slot.err++
		switch {
		case k != kindOK:
			s.kinds[k]++
		case status >= 100 && status < len(s.status):
			s.status[status]++
		default: // not an HTTP status: never neither ok nor error
			s.kinds[kindBadResponse]++
		}
	}
	s.mu.Unlock()
}

// collect takes second sec out of every shard.
func (r *recorder) collect(sec int64) loadresult.Second {
	out := loadresult.Second{T: sec}
	h := loadresult.NewSecHist()
	for i := range r.shards {
		s := &r.shards[i]
		s.mu.Lock()
		slot := &s.ring[sec%ringSeconds]
		if slot.sec == sec {
			out.Requests += slot.n
			out.OK += slot.ok
			out.Errors += slot.err
			out.ServiceNS += slot.svc
			h.Merge(slot.h)
			slot.h.Reset()
			slot.sec = -1
		}
		s.collected = max(s.collected, sec)
		s.mu.Unlock()
	}
	out.SetHistogram(h)
	return out
}

// maxSecond returns the last second any request completed in (-1: none).
func (r *recorder) maxSecond() int64 {
	m := int64(-1)
	for i := range r.shards {
		s := &r.shards[i]
		s.mu.Lock()
		m = max(m, s.maxSec)
		s.mu.Unlock()
	}
	return m
}

// totals is a snapshot of the counters for live progress.
type totals struct {
	sent, ok int64
	p99      time.Duration
}

func (r *recorder) totals(withP99 bool) totals {
	var t totals
	var h *hdrhistogram.Histogram
	if withP99 {
		h = loadresult.NewHist()
	}
	for i := range r.shards {
		s := &r.shards[i]
		s.mu.Lock()
		t.sent += s.sent
		t.ok += s.ok
		if h != nil {
			h.Merge(s.lat.h)
		}
		s.mu.Unlock()
	}
	if h != nil && h.TotalCount() > 0 {
		t.p99 = time.Duration(h.ValueAtQuantile(99)) * time.Microsecond
	}
	return t
}

// fill writes the run's totals into res.
func (r *recorder) fill(res *loadresult.Result) {
	lat, svc := loadresult.NewHist(), loadresult.NewHist()
	res.Errors = map[string]int64{}
	for i := range r.shards {
		s := &r.shards[i]
		s.mu.Lock()
		lat.Merge(s.lat.h)
		svc.Merge(s.svc.h)
		res.Latency.SumNS += s.lat.sum
		res.Latency.MaxNS = max(res.Latency.MaxNS, s.lat.max)
		res.Service.SumNS += s.svc.sum
		res.Service.MaxNS = max(res.Service.MaxNS, s.svc.max)
		res.Requests += s.sent
		res.OK += s.ok
		res.WindowRequests += s.winN
		res.WindowOK += s.winOK
		res.WindowServiceNS += s.winSvc
		res.Late += s.late
		res.MaxLagNS = max(res.MaxLagNS, s.maxLag)
		for k := kindOK + 1; k < numKinds; k++ {
			if s.kinds[k] > 0 {
				res.Errors[kindNames[k]] += s.kinds[k]
			}
		}
		for code, n := range s.status {
			if n > 0 {
				res.Errors[statusKind(code)] += n
			}
		}
		s.mu.Unlock()
	}
	r.warmMu.Lock()
	res.WindowRequests += r.warm.winN
	res.WindowOK += r.warm.winOK
	res.WindowServiceNS += r.warm.winSvc
	r.warmMu.Unlock()
	if res.WarmupNS > 0 {
		r.warmMu.Lock()
		res.Warmup = &loadresult.WarmupCounts{Requests: r.warm.sent, OK: r.warm.ok, Errors: map[string]int64{}}
		for k, n := range r.warm.kinds {
			res.Warmup.Errors[k] = n
		}
		r.warmMu.Unlock()
	}
	res.Latency.Count, res.Service.Count = lat.TotalCount(), svc.TotalCount()
	res.Latency.SetHistogram(lat)
	res.Service.SetHistogram(svc)
}

func statusKind(code int) string {
	return "status_" + itoa3(code)
}

func itoa3(n int) string {
	return string([]byte{byte('0' + n/100%10), byte('0' + n/10%10), byte('0' + n%10)})
}
