package loadresult

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// FormatVersion names the result file format.
const FormatVersion = "waitlab-load/1"

// Hist is a latency distribution in a result file: exact count, sum and
// max, and an HdrHistogram (microseconds, 1 us to 1 h) in the standard
// compressed base64 encoding, so two results merge exactly.
type Hist struct {
	Count int64  `json:"count"`
	SumNS int64  `json:"sum_ns"`
	MaxNS int64  `json:"max_ns"`
	HDR   string `json:"hdr,omitempty"`
	h     *hdrhistogram.Histogram
}

// SetHistogram gives h the live histogram its HDR is encoded from (the
// recorder's, when a run fills its result).
func (h *Hist) SetHistogram(hh *hdrhistogram.Histogram) { h.h = hh }

// Histogram returns h's histogram: the live one, or a new empty one
// (ReadResult decodes HDR into it).
func (h *Hist) Histogram() *hdrhistogram.Histogram {
	if h.h == nil {
		h.h = NewHist()
	}
	return h.h
}

// Second is one second of a run: requests that completed in it, and the
// latency (from the intended send) of its successful ones.
type Second struct {
	T        int64   `json:"t"`
	Requests int64   `json:"requests"`
	OK       int64   `json:"ok"`
	Errors   int64   `json:"errors"`
	GenCPU   float64 `json:"gen_cpu_pct,omitempty"` // generator CPU in this second, % of what it may use
	// ServiceNS is the sum of the service times (from the actual send) of
	// the second's ok responses (0 in files older than the field).
	ServiceNS int64  `json:"service_ns,omitempty"`
	HDR       string `json:"hdr,omitempty"`
	hist      *hdrhistogram.Histogram
	sparse    *sparseCounts // HDR's buckets, kept by ReadResult's check (nil: decode HDR)
}

// maxSparsePerFile bounds the checked buckets a result file keeps beside
// its series (see Second.sparse).
const maxSparsePerFile = 8 << 20

// SetHistogram gives s its live histogram (the recorder's, while the
// second is being built); Seal encodes it.
func (s *Second) SetHistogram(h *hdrhistogram.Histogram) { s.hist = h }

// Histogram returns the second's latency histogram: the live one while it
// is being built, else a fresh decoding of HDR (checked by ReadResult).
// Seconds are kept encoded, so a day of them takes megabytes, not the
// gigabytes of a day of decoded histograms.
func (s *Second) Histogram() *hdrhistogram.Histogram {
	if s.hist != nil {
		return s.hist
	}
	if s.HDR != "" {
		if h, _, err := decodeHDR(s.HDR, secDigits); err == nil {
			return h
		}
	}
	return NewSecHist()
}

// Seal encodes the live histogram into HDR and lets it go.
func (s *Second) Seal() error {
	if s.hist == nil {
		return nil
	}
	h := s.hist
	s.hist, s.HDR = nil, ""
	if s.OK == 0 {
		return nil
	}
	enc, err := encodeHDR(h, secDigits)
	if err != nil {
		return fmt.Errorf("loadresult: encode histogram of second %d: %w", s.T, err)
	}
	s.HDR = enc
	return nil
}

// CPU is what the run measured of the CPU of the generator, the target and
// the machine over the measured window. Negative values are unknown.
type CPU struct {
	GenNS         int64   `json:"gen_ns"`           // generator CPU time (user+system)
	GenAllowed    float64 `json:"gen_allowed_cpus"` // CPUs the generator may use (GOMAXPROCS, affinity, cgroup)
	MachineBusyNS int64   `json:"machine_busy_ns"`  // all processes, from /proc/stat
	MachineNS     int64   `json:"machine_ns"`       // busy + idle over all CPUs
	MachineCPUs   int     `json:"machine_cpus"`
	TargetNS      int64   `json:"target_ns"` // -1 when unknown
	TargetFrom    string  `json:"target_from,omitempty"`
	TargetThreads int     `json:"target_threads,omitempty"` // the target's OS threads, when known
}

// Result is the compact, self-describing result of one run (or of several
// merged): what `waitlab load --out` writes and `waitlab report` reads.
// Everything a report shows is computed from it, so a re-report is the
// same report.
type Result struct {
	Format      string `json:"format"`
	Model       string `json:"model"` // open | closed
	Arrival     string `json:"arrival"`
	Stages      string `json:"stages,omitempty"`
	ThinkNS     int64  `json:"think_ns,omitempty"`
	URL         string `json:"url"`
	Targets     int    `json:"targets"`
	Start       string `json:"start"`
	WindowNS    int64  `json:"window_ns"`
	WarmupNS    int64  `json:"warmup_ns,omitempty"`
	TimeoutNS   int64  `json:"timeout_ns"`
	Connections int    `json:"connections"` // the cap (open) or virtual users (closed)
	// ConnectionsGiven: the cap is the user's (--connections), not chosen
	// for the rate; when the run fell behind it, the cap was the limit.
	ConnectionsGiven bool `json:"connections_given,omitempty"`
	// TargetStalls is what a waitlab target's event loops reported on its
	// /metrics over the window (nil when it exports no loops).
	TargetStalls *TargetStalls `json:"target_stalls,omitempty"`
	Opened       int           `json:"connections_used"`
	Offered      int64         `json:"offered"` // requests due in the window (open model)
	Requests     int64         `json:"requests"`
	OK           int64         `json:"ok"`
	// Completions inside the window (requests, ok ones, and the sum of
	// their service times): rates and Little's law use these, so a
	// response after the window's end never inflates a rate over it.
	// Files older than these fields read them as Requests, OK and the
	// service time's sum.
	WindowRequests  int64            `json:"window_requests"`
	WindowOK        int64            `json:"window_ok"`
	WindowServiceNS int64            `json:"window_service_ns"`
	Late            int64            `json:"late"`   // sent more than 5 ms after their intended time
	Unsent          int64            `json:"unsent"` // due in the window but never sent
	MaxLagNS        int64            `json:"max_lag_ns"`
	Errors          map[string]int64 `json:"errors"`
	Latency         Hist             `json:"latency"`
	Service         Hist             `json:"service_time"`
	Series          []Second         `json:"series"`
	CPU             CPU              `json:"cpu"`
	TargetLocal     bool             `json:"target_local"`
	PeakRSS         int64            `json:"gen_peak_rss_bytes,omitempty"`
	Interrupted     bool             `json:"interrupted,omitempty"`
	Warmup          *WarmupCounts    `json:"warmup,omitempty"` // the warm-up's requests, when there was one
	Files           int              `json:"files,omitempty"`  // results merged into this one (0 or 1: a single run)
	// RunID is a random id written by load, one per run: a merge refuses
	// the same run twice, and scale-out tells shards apart by it.
	RunID string `json:"run_id,omitempty"`
	// Engine is the engine that measured (EngineEpoll, EngineUring or
	// EngineGoroutines; "" in files older than the field), EngineWhy why
	// it is not the engine asked for (or auto's) when it is not.
	Engine    string `json:"engine,omitempty"`
	EngineWhy string `json:"engine_why,omitempty"`
	// Segment is the share of the run this generator sent (absent: the
	// whole run), with the sequence it was cut along; Host names the
	// generator; StartAt is the synchronized start it was given and
	// ActualStart when it really began (scale-out).
	Segment     *model.Segment `json:"segment,omitempty"`
	Host        string         `json:"host,omitempty"`
	StartAt     string         `json:"start_at,omitempty"`
	ActualStart string         `json:"actual_start,omitempty"`
	// StartSpreadNS is, for merged segments, the spread of their actual
	// starts.
	StartSpreadNS int64 `json:"start_spread_ns,omitempty"`
	// Inputs describes every result merged into this one (empty for a
	// single run); Sequential is set when their windows did not all
	// overlap, so rates are over the time they cover together.
	Inputs     []Input   `json:"inputs,omitempty"`
	Sequential bool      `json:"merged_sequential,omitempty"`
	Env        model.Env `json:"env"`

	// BytesReceived is every byte of response read, warm-up included.
	BytesReceived int64 `json:"bytes_received"`
	// Conditions are the run's surroundings for a fair comparison (nil in
	// files older than the field).
	Conditions *Conditions `json:"conditions,omitempty"`

	digest [sha256.Size]byte // of the file it was read from (zero for a run)
	parts  []*Result         // the segments merged into this one, for their own warnings
	source string            // the file it was read from (SetSource), for Inputs
}

// Input is one result of a merge, as the report's header describes it.
type Input struct {
	Name     string `json:"name,omitempty"` // the file
	RunID    string `json:"run_id,omitempty"`
	Start    string `json:"start"`
	WindowNS int64  `json:"window_ns"`
	Model    string `json:"model"`
	Arrival  string `json:"arrival"`
	URL      string `json:"url"`
	Requests int64  `json:"requests"`
	// Scale-out: the input's segment, its generator, its actual start.
	Segment     string `json:"segment,omitempty"`
	Host        string `json:"host,omitempty"`
	ActualStart string `json:"actual_start,omitempty"`
}

// SetSource names the file r was read from, for a merged report's header.
func (r *Result) SetSource(name string) { r.source = name }

// NewRunID returns a random run id (16 hex digits).
func NewRunID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return ""
	}
	return hex.EncodeToString(b[:])
}

// span returns r's measured window in wall-clock time.
func (r *Result) span() (from, to time.Time) {
	t, _ := time.Parse(time.RFC3339Nano, r.Start)
	from = t.Add(time.Duration(r.WarmupNS))
	return from, from.Add(time.Duration(r.WindowNS))
}

// TargetStalls is the target's loop stalls over the window, from its
// watchdog's counters: how many, and the bounds of the longest task
// (WorstAboveMS < worst <= WorstUpToMS; WorstUpToMS is -1 when the task
// was above the histogram's last bound).
type TargetStalls struct {
	Count        int64   `json:"count"`
	WorstAboveMS float64 `json:"worst_above_ms"`
	WorstUpToMS  float64 `json:"worst_up_to_ms"`
	From         string  `json:"from"`
}

// WarmupCounts is what became of the warm-up's requests: not measured,
// but a warm-up whose requests all failed says the run measured nothing.
type WarmupCounts struct {
	Requests int64            `json:"requests"`
	OK       int64            `json:"ok"`
	Errors   map[string]int64 `json:"errors"`
}

// Window returns the measured window.
func (r *Result) Window() time.Duration { return time.Duration(r.WindowNS) }

// Write writes r as one line of JSON.
func (r *Result) Write(w io.Writer) error {
	if err := r.encode(); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("loadresult: write result: %w", err)
	}
	return nil
}

func (r *Result) encode() error {
	for _, h := range []*Hist{&r.Latency, &r.Service} {
		enc, err := encodeHDR(h.Histogram(), histDigits)
		if err != nil {
			return fmt.Errorf("loadresult: encode histogram: %w", err)
		}
		h.HDR = enc
	}
	for i := range r.Series {
		if err := r.Series[i].Seal(); err != nil {
			return err
		}
	}
	return nil
}

// maxInputs bounds the results a merged result may describe.
const maxInputs = 10_000

// MaxResultBytes is the largest result file ReadResult accepts: a day's
// run with a busy series is about 30 MB.
const MaxResultBytes = 64 << 20

// requiredFields are the keys every result file has had since
// waitlab-load/1; a file without one of them is not a result.
var requiredFields = []string{"format", "model", "arrival", "url", "start", "window_ns", "timeout_ns",
	"requests", "ok", "errors", "latency", "service_time", "series", "cpu"}

// ReadResult reads a result file written by Write. The file is untrusted:
// its size, every field, every count and every histogram (see decodeHDR)
// are checked before anything is built from it, and what it may expand to
// is bounded (MaxResultBytes in, one decoded histogram per second at a
// time). The error says what is wrong.
func ReadResult(data []byte) (*Result, error) {
	if len(data) > MaxResultBytes {
		return nil, fmt.Errorf("not a waitlab load result: %d bytes, more than the %d a result file may have", len(data), MaxResultBytes)
	}
	keys, err := topLevel(data)
	if err != nil {
		return nil, fmt.Errorf("not a waitlab load result: %w", err)
	}
	var format string
	if err := json.Unmarshal(keys["format"], &format); err != nil || format != FormatVersion {
		return nil, fmt.Errorf("not a waitlab load result (format %q, want %q)", format, FormatVersion)
	}
	for _, k := range requiredFields {
		if _, ok := keys[k]; !ok {
			return nil, fmt.Errorf("not a complete waitlab load result: the field %q is missing", k)
		}
	}
	// The series is bounded by the window before it is decoded (counted
	// by a scan of its bytes, not a parse).
	var windowNS, timeoutNS int64
	if json.Unmarshal(keys["window_ns"], &windowNS) != nil || json.Unmarshal(keys["timeout_ns"], &timeoutNS) != nil {
		return nil, errors.New("not a waitlab load result: window_ns or timeout_ns is not a number")
	}
	if n, bound := arrayLen(keys["series"]), seriesBound(windowNS, timeoutNS); n > bound {
		return nil, fmt.Errorf("inconsistent waitlab load result: series has %d seconds, more than the %d its window and timeout allow", n, bound)
	}
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("not a waitlab load result: %w", err)
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("inconsistent waitlab load result: %w", err)
	}
	if _, ok := keys["window_requests"]; !ok {
		r.WindowRequests, r.WindowOK, r.WindowServiceNS = r.Requests, r.OK, r.Service.SumNS
	}
	// The window's completions include warm-up requests that ended in it
	// (loadgen's recorder.recordWarm), whose service time is at most the warm-up
	// and the window.
	var warmN, warmOK int64
	if r.Warmup != nil {
		warmN, warmOK = max(r.Warmup.Requests, 0), max(r.Warmup.OK, 0)
	}
	warmSvc := float64(warmOK) * float64(max(r.WarmupNS, 0)+max(r.WindowNS, 0))
	if r.WindowOK < 0 || r.WindowOK > r.OK+warmOK || r.WindowRequests < r.WindowOK || r.WindowRequests > r.Requests+warmN ||
		r.WindowServiceNS < 0 || float64(r.WindowServiceNS) > float64(r.Service.SumNS)+warmSvc {
		return nil, fmt.Errorf("inconsistent waitlab load result: %d requests and %d ok in the window, of %d and %d", r.WindowRequests, r.WindowOK, r.Requests, r.OK)
	}
	r.digest = sha256.Sum256(data)
	return &r, nil
}

// MergeError is a merge refused: results that do not belong together.
// Key is a catalog key of internal/msg; Error gives the English text.
type MergeError struct {
	Key  string
	Args []any
}

func (e *MergeError) Error() string { return msg.T(msg.EN, e.Key, e.Args...) }

// Localize returns the message in lang.
func (e *MergeError) Localize(lang msg.Lang) string { return msg.T(lang, e.Key, e.Args...) }

// arrayLen counts the elements of a JSON array (already checked to be
// valid JSON) by scanning its bytes; anything but an array counts 0.
func arrayLen(b []byte) int64 {
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '[' {
		return 0
	}
	var n int64
	depth, inStr, esc, nonEmpty := 0, false, false, false
	for _, c := range b[1 : len(b)-1] {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		case c == ',' && depth == 0:
			n++
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			nonEmpty = true
		}
	}
	if nonEmpty {
		n++
	}
	return n
}

// maxTopKeys bounds the keys of a result file's top-level object: a
// result has a few dozen.
const maxTopKeys = 256

// topLevel returns the values of data's top-level object by key, as
// slices of data (nothing copied), after checking data is JSON. A key
// given twice, or more than maxTopKeys keys, is refused: decoding a 63 MB
// upload of repeated keys into a map once took 250 MB.
func topLevel(data []byte) (map[string][]byte, error) {
	if !json.Valid(data) {
		var v struct{}
		return nil, json.Unmarshal(data, &v) // the decoder's own words for what is wrong
	}
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, errors.New("it is not a JSON object")
	}
	keys := map[string][]byte{}
	i = skipSpace(data, i+1)
	for i < len(data) && data[i] == '"' {
		end := valueEnd(data, i)
		var k string
		if err := json.Unmarshal(data[i:end], &k); err != nil {
			return nil, err
		}
		if _, dup := keys[k]; dup {
			return nil, fmt.Errorf("the key %q is given twice", k)
		}
		if len(keys) == maxTopKeys {
			return nil, fmt.Errorf("more than %d keys", maxTopKeys)
		}
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // the ':'
		end = valueEnd(data, i)
		keys[k] = data[i:end]
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return keys, nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// valueEnd returns the index just past the JSON value that starts at i
// in valid JSON.
func valueEnd(b []byte, i int) int {
	depth, inStr, esc := 0, false, false
	for j := i; j < len(b); j++ {
		c := b[j]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
				if depth == 0 {
					return j + 1
				}
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return j + 1
			}
			if depth < 0 {
				return j // the end of the enclosing object
			}
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return j // the end of a number, true, false or null
		}
	}
	return len(b)
}

// seriesBound is the most seconds a series may have: the window, and the
// timeout after it (requests still in flight at its end), each bounded.
func seriesBound(windowNS, timeoutNS int64) int64 {
	w := min(max(windowNS, 0), int64(MaxDuration))
	t := min(max(timeoutNS, 0), int64(MaxTimeout))
	return (w+t)/int64(time.Second) + 2
}

// knownErrorKind reports whether k is an error kind a result may hold: a
// transport kind, or status_NNN for a status from 100 to 599.
func knownErrorKind(k string) bool {
	for _, n := range ErrorKinds {
		if k == n {
			return true
		}
	}
	code, ok := strings.CutPrefix(k, "status_")
	if !ok || len(code) != 3 {
		return false
	}
	n, err := strconv.Atoi(code)
	return err == nil && n >= 100 && n <= 599
}

// ReadResults reads several result files at once, on every core (a
// collector's 64 files), in order; the first error is returned with the
// index of its file.
func ReadResults(files [][]byte) ([]*Result, int, error) {
	out := make([]*Result, len(files))
	errs := make([]error, len(files))
	workers := min(runtime.GOMAXPROCS(0), len(files))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(files); i += workers {
				out[i], errs[i] = ReadResult(files[i])
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, i, err
		}
	}
	return out, -1, nil
}
