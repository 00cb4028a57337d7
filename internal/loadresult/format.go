package loadresult

import (
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// Histogram ranges: values are microseconds from 1 us to 1 hour. The run's
// histograms keep 3 significant digits; the per-second ones (for plots) 2.
// A file's HDR strings are checked against these, so the recorder that
// writes them (internal/loadgen) builds its histograms with NewHist and
// NewSecHist.
const (
	histLow    = 1
	histHigh   = int64(time.Hour / time.Microsecond)
	histDigits = 3
	secDigits  = 2
)

// NewHist returns an empty histogram of a run's latencies (3 digits).
func NewHist() *hdrhistogram.Histogram { return hdrhistogram.New(histLow, histHigh, histDigits) }

// NewSecHist returns an empty histogram of one second's latencies (2 digits).
func NewSecHist() *hdrhistogram.Histogram { return hdrhistogram.New(histLow, histHigh, secDigits) }

// ToMicros is d in the histograms' unit, clamped to their range.
func ToMicros(d time.Duration) int64 {
	v := int64(d / time.Microsecond)
	return min(max(v, histLow), histHigh)
}

// Bounds a result file's fields are checked against: the same bounds
// loadgen.Config.Validate puts on a run, so every run's file reads back.
const (
	// MaxDuration bounds a window and a warm-up: a day. The series keeps
	// one entry per second (a few hundred bytes each, encoded).
	MaxDuration = 24 * time.Hour
	// MaxTimeout bounds a timeout and a think time: the histograms stop
	// at an hour.
	MaxTimeout = time.Hour
	// MaxStartWait bounds how far ahead a synchronized start (--start-at)
	// may be.
	MaxStartWait = 24 * time.Hour
)

// The engines (Result.Engine; loadgen.Config.Engine asks for one).
const (
	EngineEpoll      = "epoll"
	EngineUring      = "uring" // the epoll loop's state machine on an io_uring ring
	EngineGoroutines = "goroutines"
)

// Why a run is not on the engine asked for or the default (Result.EngineWhy).
const (
	WhyAsked       = "asked"          // loadgen.Config.Engine said goroutines
	WhyTLS         = "https"          // the epoll engine speaks plain http only
	WhyEpollFailed = "epoll_failed: " // then the error
	WhyUringFailed = "uring_failed: " // io_uring setup failed, epoll ran; then the error
)

// ErrorKinds are the JSON names of the ways a request fails (Result.Errors
// keys besides "status_NNN", and catalog key suffixes), in the order
// reports list them. loadgen's client numbers them in this order.
var ErrorKinds = [...]string{"connect_refused", "connect_timeout", "connect_error",
	"reset", "timeout", "closed", "bad_response", "other"}
