//go:build linux

package httptarget

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/common/expfmt"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

// metrics holds the server's Prometheus collectors, on a registry of its
// own (not the global one), so several servers can live in one process.
// Every collector is safe for concurrent use.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	byStatus [len(knownStatuses)]prometheus.Counter // pre-resolved, read-only after init
	latency  prometheus.Histogram
	inFlight prometheus.Gauge
	shed     *prometheus.CounterVec
	timeouts prometheus.Counter // connections closed past a timeout
	evicted  prometheus.Counter // idle connections closed to make room

	// The /metrics page is rendered at most once per pageFresh and
	// shared meanwhile: rendering costs milliseconds (the process
	// collector lists every open descriptor), and a client pipelining
	// /metrics would otherwise buy that much of a loop per 34 bytes.
	pageMu sync.Mutex
	pageAt time.Time
	pageB  []byte
}

// pageFresh is how long a rendered /metrics page is served again.
const pageFresh = 50 * time.Millisecond

// page returns the /metrics page, rendered at most once per pageFresh
// (the caller must not change it). Safe for concurrent use.
func (m *metrics) page() []byte {
	m.pageMu.Lock()
	defer m.pageMu.Unlock()
	if m.pageB == nil || time.Since(m.pageAt) >= pageFresh {
		m.pageB = m.text()
		m.pageAt = time.Now()
	}
	return m.pageB
}

// statuses the server answers with; pre-resolving their counters keeps
// the hot path free of label lookups.
var knownStatuses = [...]int{200, 400, 404, 405, 408, 413, 431, 500, 501, 502, 503}

// statusIndex returns code's index in knownStatuses, or -1.
func statusIndex(code int) int {
	for i, c := range knownStatuses {
		if c == code {
			return i
		}
	}
	return -1
}

func (s *Server) initMetrics() {
	m := &s.m
	m.reg = prometheus.NewRegistry()
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "waitlab_target_requests_total",
		Help: "Requests answered, by status code.",
	}, []string{"code"})
	for i, c := range knownStatuses {
		m.byStatus[i] = m.requests.WithLabelValues(strconv.Itoa(c))
	}
	m.latency = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "waitlab_target_request_duration_seconds",
		Help:    "Time from a request's arrival (parsed) to its response being queued for writing.",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	})
	m.inFlight = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "waitlab_target_in_flight_requests",
		Help: "Requests received and not yet answered.",
	})
	m.shed = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "waitlab_target_shed_total",
		Help: "Connections or requests refused with 503, by reason (accept_queue, max_conns, offload_queue).",
	}, []string{"reason"})
	m.timeouts = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "waitlab_target_timeouts_total",
		Help: "Connections closed because a timeout ran out (keep-alive, header, body, write).",
	})
	m.evicted = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "waitlab_target_evicted_total",
		Help: "Idle connections closed at --max-conns to make room for a new one.",
	})
	held := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "waitlab_target_conn_buffer_bytes",
		Help: "Bytes of buffers held by connections at the last timeout sweep (loops: every connection; pool: those between requests; virtual: not counted, net/http's own).",
	}, func() float64 {
		if s.impl == nil {
			return 0
		}
		return float64(s.impl.heldBytes())
	})
	queue := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "waitlab_target_queue_length",
		Help: "Work waiting for a thread: the pool's accept queue, or the offload pool's queue.",
	}, func() float64 { return float64(s.queueLen()) })
	threads := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "waitlab_target_os_threads",
		Help: "OS threads of the process (/proc/self/status).",
	}, func() float64 {
		n, _ := sysinfo.OSThreads()
		return float64(n)
	})
	conns := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "waitlab_target_open_connections",
		Help: "Client connections open now.",
	}, func() float64 { return float64(s.conns.Load()) })
	logDropped := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "waitlab_target_log_dropped_total",
		Help: "Async log lines dropped because the queue was full.",
	}, func() float64 { return float64(s.log.dropped.Load()) })
	logBlocked := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "waitlab_target_log_blocked_seconds_total",
		Help: "Time requests spent blocked on logging (sync writes, or a full async queue with --log-block).",
	}, func() float64 { return float64(s.log.blockedNS.Load()) / 1e9 })
	dsErr := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "waitlab_target_downstream_errors_total",
		Help: "Downstream calls that failed (answered 502).",
	})
	s.downstreamErrors = dsErr
	m.reg.MustRegister(m.requests, m.latency, m.inFlight, m.shed, m.timeouts, m.evicted, held, queue, threads, conns, logDropped, logBlocked, dsErr,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	// The settings a fair comparison of two runs checks (internal/baseline
	// reads them through loadgen's conditions): a constant 1 with labels.
	onOff := map[bool]string{true: "on", false: "off"}
	info := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "waitlab_target_info",
		Help: "The target's settings as labels (model, threads, offload, carriers, log, lock, fanout_pool, db) and its pid; always 1.",
		ConstLabels: prometheus.Labels{"model": string(s.cfg.Model), "threads": strconv.Itoa(s.cfg.Threads),
			"offload": strconv.Itoa(s.cfg.Offload), "carriers": strconv.Itoa(s.cfg.Carriers), "log": s.cfg.Log,
			"lock": onOff[s.cfg.Knobs.ValidateLock], "fanout_pool": strconv.Itoa(s.cfg.FanoutPool), "db": onOff[s.cfg.DB != ""],
			"pid": strconv.Itoa(os.Getpid())},
	})
	info.Set(1)
	m.reg.MustRegister(info)
	if s.cfg.Model == model.Pool {
		// Only where a request holds its thread does in-flight above the
		// thread count mean queueing; waitlab load reads this for its
		// Little's-law line.
		perThread := prometheus.NewGauge(prometheus.GaugeOpts{
			Name:        "waitlab_target_threads",
			Help:        "Request threads of a thread-per-request (pool) target: in flight above this is queued.",
			ConstLabels: prometheus.Labels{"model": string(s.cfg.Model)},
		})
		perThread.Set(float64(s.cfg.Threads))
		m.reg.MustRegister(perThread)
	}
	if s.wd != nil {
		m.reg.MustRegister(&loopCollector{s: s})
	}
	if f := s.fan; f != nil {
		m.reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "waitlab_target_fanout_threads",
				Help: "Threads of the pool's fan-out pool (--fanout-pool), besides the request threads.",
			}, func() float64 { return float64(f.k) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "waitlab_target_fanout_busy_threads",
				Help: "Fan-out pool threads in a call (a downstream round trip or a wait) now.",
			}, func() float64 { return float64(f.busy.Load()) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "waitlab_target_fanout_queued_calls",
				Help: "Parallel calls waiting for a fan-out pool thread (FIFO).",
			}, func() float64 { return float64(f.queued()) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name: "waitlab_target_fanout_calls_total",
				Help: "Calls the fan-out pool has made.",
			}, func() float64 { return float64(f.calls.Load()) }),
		)
	}
}

// count records one answered request.
func (m *metrics) count(status int, start time.Time) {
	if i := statusIndex(status); i >= 0 {
		m.byStatus[i].Inc()
	} else {
		m.requests.WithLabelValues(strconv.Itoa(status)).Inc()
	}
	if !start.IsZero() {
		m.latency.Observe(time.Since(start).Seconds())
	}
}

// text renders the registry in the Prometheus text format.
func (m *metrics) text() []byte {
	mfs, err := m.reg.Gather()
	var b bytes.Buffer
	for _, mf := range mfs {
		expfmt.MetricFamilyToText(&b, mf)
	}
	if err != nil {
		b.WriteString("# gather error: " + err.Error() + "\n")
	}
	return b.Bytes()
}

// metricsContentType is the text exposition format's content type.
const metricsContentType = "text/plain; version=0.0.4; charset=utf-8"

// loopCollector exports the watchdog's per-loop task-duration histograms
// and stall counts at scrape time.
type loopCollector struct{ s *Server }

var (
	taskDesc = prometheus.NewDesc("waitlab_target_loop_task_duration_seconds",
		"How long each task held its event loop, per loop (from the watchdog).", []string{"loop"}, nil)
	stallDesc = prometheus.NewDesc("waitlab_target_loop_stalls_total",
		"Tasks that held their loop longer than the watchdog threshold, per loop.", []string{"loop"}, nil)
)

func (c *loopCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- taskDesc
	ch <- stallDesc
}

func (c *loopCollector) Collect(ch chan<- prometheus.Metric) {
	wd := c.s.wd
	sum := wd.Summary()
	for i := 0; i < c.s.nloops; i++ {
		bounds, counts, total := wd.TaskHistogram(i)
		buckets := make(map[float64]uint64, len(bounds))
		var cum uint64
		for j, b := range bounds {
			cum += counts[j]
			buckets[b] = cum
		}
		cum += counts[len(bounds)]
		label := strconv.Itoa(i)
		ch <- prometheus.MustNewConstHistogram(taskDesc, cum, total, buckets, label)
		var stalls int64
		if i < len(sum.PerLoop) {
			stalls = sum.PerLoop[i]
		}
		ch <- prometheus.MustNewConstMetric(stallDesc, prometheus.CounterValue, float64(stalls), label)
	}
}
