// Package web is the web lab behind `waitlab serve`: a JSON API that
// simulates scenarios (sim), runs them for real beside their model (lab),
// and tells them (narrate), and one embedded page of our own HTML, CSS and
// plain JavaScript that puts them in front of a person: concepts, presets,
// settings, a prediction, the timeline with a cursor and its narration, the
// result in words and numbers, code, assumptions, run comparison and real
// runs. Every string the page shows comes from the msg catalog through
// GET /api/strings, so Korean and English are one catalog.
//
// The API takes the scenario file's fields, or {"preset": NAME, ...} with
// model.Overrides, and answers with the CLI's --json objects (see
// docs/web.md). Its errors are runner.Problem ({field, message}) with a 4xx
// status, in the language the request asked for.
//
// Work is bounded by the server, not the visitor: request bodies by
// Config.MaxBody, simulations by their size, their compute time and a small
// number running at once, real runs by runner.Caps and one at a time with a short line of
// waiting runs; a request whose context ends (a closed tab) stops waiting
// and stops its real run.
package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
	"github.com/waitlab/waitlab/internal/runner"
)

//go:embed static
var staticFS embed.FS

// Config is how a Server is set up. The zero value of each field means its
// default (DefaultConfig).
type Config struct {
	// Lang is the language when neither ?lang= nor Accept-Language picks one.
	Lang msg.Lang
	// Exe is the binary whose child processes make the real runs ("":
	// this process's own binary, runner.Executable).
	Exe string
	// Java is the JDK of the runs on the JVM (?via=jvm): a JDK home or a
	// java binary, "" to look for one (jdk.Find).
	Java string
	// Caps bound one real run (requests, OS threads, expected wall time
	// including the warm-up run).
	Caps runner.Caps
	// RunQueue is how many real runs may wait in line behind the one that
	// is going; one more is refused with a message.
	RunQueue int
	// SimMaxRequests is the largest simulation the server runs, and
	// SimMaxCalls bounds its work: requests times the waits each makes
	// (the simulator's events grow with both; refusing up front is kinder
	// than stopping it at SimMaxWall).
	SimMaxRequests int
	SimMaxCalls    int
	// SimMaxThreads bounds a simulation's lanes (threads plus offload
	// pool): each is state in the simulator and a row on the page.
	SimMaxThreads int
	// SimMaxWall is the longest a simulation may compute before it is
	// stopped (sim.RunContext) and refused.
	SimMaxWall time.Duration
	// TimelineMaxRequests and TimelineMaxLanes bound the simulations
	// answered with their timeline and narration (the page draws one bar
	// per request and one row per lane).
	TimelineMaxRequests int
	TimelineMaxLanes    int
	// MaxBody is the largest request body read, in bytes.
	MaxBody int64
	// MaxConns caps the connections open at once (0: from the
	// file-descriptor limit, netguard.DefaultMaxConns).
	MaxConns int
	// Timeouts of the connections (zero: 10 s for a header, 30 s for a
	// request, 60 s idle, and for an answer the wall time of the real
	// runs it may wait behind plus a simulation's).
	Timeouts netguard.Timeouts
	// LoopbackOnly refuses requests whose Host is not a loopback name
	// (localhost, 127.0.0.1, [::1]): a server on the loopback address is
	// then safe from DNS rebinding, where a web page renames itself to
	// 127.0.0.1 to reach it. ListenAndServe sets it for loopback listeners.
	LoopbackOnly bool
	// ProbeAllow are the hosts besides loopback the "your server" page
	// may send load to (probe.go).
	ProbeAllow []string
}

// DefaultConfig returns the limits `waitlab serve` uses.
func DefaultConfig() Config {
	return Config{
		Lang:                msg.EN,
		Caps:                runner.Caps{MaxRequests: 2000, MaxThreads: 64, MaxWall: 20 * time.Second},
		RunQueue:            2,
		SimMaxRequests:      200_000,
		SimMaxCalls:         500_000,
		SimMaxThreads:       10_000,
		SimMaxWall:          10 * time.Second,
		TimelineMaxLanes:    256,
		TimelineMaxRequests: 5000,
		MaxBody:             64 << 10,
	}
}

// Server is the web lab's http.Handler. It is safe for concurrent use by
// any number of requests; real runs are serialised by runSlot.
type Server struct {
	cfg Config
	mux *http.ServeMux

	// runSlot holds one token per real run going (capacity 1): real runs
	// measure the machine, so two at once would measure each other.
	runSlot chan struct{}
	// simSlots bounds the simulations running at once (CPU-bound work).
	simSlots chan struct{}

	mu      sync.Mutex // guards waiting, line, running and presetCache
	waiting int        // real runs waiting for runSlot
	// line holds the tickets of the runs waiting, oldest first, and
	// running the ticket of the run going ("" for none or unnamed): what
	// GET /api/line tells a waiting visitor.
	line    []string
	running string
	// presetCache is GET /api/presets' answer by language (the same for
	// every request).
	presetCache map[msg.Lang][]byte
}

// New returns a Server with cfg (zero fields take DefaultConfig's values).
func New(cfg Config) *Server {
	d := DefaultConfig()
	if cfg.Lang == "" {
		cfg.Lang = d.Lang
	}
	if cfg.Caps == (runner.Caps{}) {
		cfg.Caps = d.Caps
	}
	if cfg.RunQueue == 0 {
		cfg.RunQueue = d.RunQueue
	}
	if cfg.SimMaxRequests == 0 {
		cfg.SimMaxRequests = d.SimMaxRequests
	}
	if cfg.SimMaxCalls == 0 {
		cfg.SimMaxCalls = d.SimMaxCalls
	}
	if cfg.SimMaxWall == 0 {
		cfg.SimMaxWall = d.SimMaxWall
	}
	if cfg.SimMaxThreads == 0 {
		cfg.SimMaxThreads = d.SimMaxThreads
	}
	if cfg.TimelineMaxLanes == 0 {
		cfg.TimelineMaxLanes = d.TimelineMaxLanes
	}
	if cfg.TimelineMaxRequests == 0 {
		cfg.TimelineMaxRequests = d.TimelineMaxRequests
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = d.MaxBody
	}
	s := &Server{
		cfg: cfg, mux: http.NewServeMux(),
		runSlot:     make(chan struct{}, 1),
		simSlots:    make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
		presetCache: map[msg.Lang][]byte{},
	}
	static, _ := fs.Sub(staticFS, "static")
	s.mux.HandleFunc("GET /{$}", s.page)
	s.mux.HandleFunc("GET /fanout", s.page)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", cacheable(http.FileServerFS(static))))
	s.mux.HandleFunc("GET /api/presets", s.presets)
	s.mux.HandleFunc("GET /api/strings", s.catalog)
	s.mux.HandleFunc("POST /api/sim", s.sim)
	s.mux.HandleFunc("POST /api/run", s.run)
	s.mux.HandleFunc("POST /api/plan", s.plan)
	s.mux.HandleFunc("GET /api/line", s.lineAPI)
	s.mux.HandleFunc("GET /probe", s.probePage)
	s.mux.HandleFunc("POST /api/probe", s.probeAPI)
	// Every endpoint answers JSON, a wrong method or path too.
	for _, p := range []string{"/api/sim", "/api/run", "/api/plan", "/api/probe"} {
		s.mux.HandleFunc(p, s.onlyPost)
	}
	for _, p := range []string{"/api/presets", "/api/strings", "/api/line"} {
		s.mux.HandleFunc(p, s.onlyGet)
	}
	s.mux.HandleFunc("/api/", s.noAPI)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	if s.cfg.LoopbackOnly && !netguard.LoopbackHost(r.Host) {
		writeJSON(w, http.StatusForbidden, runner.Problem{Message: msg.T(s.langOf(r), "web.err.host", r.Host)})
		return
	}
	// Another site's page may not make this server run anything: a
	// browser names the page's origin on a cross-site POST.
	if r.Method == http.MethodPost {
		if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
			writeJSON(w, http.StatusForbidden, runner.Problem{Message: msg.T(s.langOf(r), "web.err.origin", o)})
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// sameOrigin reports whether an Origin header names the host the request
// was sent to.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, host)
}

func cacheable(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// langOf picks the request's language: ?lang=, then Accept-Language (the
// first of ko or en by preference), then the server's default.
func (s *Server) langOf(r *http.Request) msg.Lang {
	if v := r.URL.Query().Get("lang"); v != "" {
		if l, err := msg.ParseLang(v); err == nil {
			return l
		}
	}
	if l, ok := acceptLanguage(r.Header.Get("Accept-Language")); ok {
		return l
	}
	return s.cfg.Lang
}

// acceptLanguage returns the most preferred of ko and en in an
// Accept-Language header ("ko-KR,ko;q=0.9,en;q=0.8").
func acceptLanguage(h string) (msg.Lang, bool) {
	type tag struct {
		lang msg.Lang
		q    float64
		i    int
	}
	var tags []tag
	for i, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" || q <= 0 {
			continue
		}
		if name != "en" && !strings.HasPrefix(name, "en-") && name != "ko" && !strings.HasPrefix(name, "ko-") {
			continue
		}
		l, err := msg.ParseLang(name)
		if err == nil {
			tags = append(tags, tag{l, q, i})
		}
	}
	if len(tags) == 0 {
		return "", false
	}
	sort.SliceStable(tags, func(a, b int) bool { return tags[a].q > tags[b].q })
	return tags[0].lang, true
}

// ListenError is an address the lab cannot listen on (taken, not local,
// malformed): the user's to fix.
type ListenError struct {
	Addr string
	Err  error
}

func (e *ListenError) Error() string { return fmt.Sprintf("web: listen on %s: %v", e.Addr, e.Err) }
func (e *ListenError) Unwrap() error { return e.Err }

// Ready is told the lab's URL once it listens, and whether it is reachable
// from this machine only.
type Ready func(url string, loopbackOnly bool)

// ListenAndServe serves the lab on addr until ctx ends, then shuts down
// (waiting a little for requests in flight; real runs see their contexts
// end). ready is called once the listener is open.
func ListenAndServe(ctx context.Context, addr string, cfg Config, ready Ready) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return &ListenError{Addr: addr, Err: err}
	}
	cfg.LoopbackOnly = Loopback(ln.Addr())
	srv := &http.Server{
		Handler:     New(cfg),
		BaseContext: func(net.Listener) context.Context { return ctx },
	}
	// The target's timeouts (issue 19): idle, dripping and never-reading
	// clients are closed, and at the connection cap the longest-waiting
	// idle one gives its slot to a new client. An answer may take a real
	// run's wall time for each run in line before it, and a simulation's.
	g := netguard.NewGuard(cfg.MaxConns)
	to := cfg.Timeouts
	if to == (netguard.Timeouts{}) {
		to = netguard.Timeouts{Header: 10 * time.Second, Read: 30 * time.Second, Idle: 60 * time.Second,
			Write: time.Duration(cfg.RunQueue+2)*cfg.Caps.MaxWall + cfg.SimMaxWall + 30*time.Second}
	}
	netguard.Harden(srv, to, g)
	ln = g.Listener(ln)
	if ready != nil {
		ready(URL(ln.Addr()), Loopback(ln.Addr()))
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("web: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("web: shut down: %w", err)
	}
	return nil
}

// URL is the address a browser on this machine opens for a listener's
// address (an unspecified host becomes 127.0.0.1).
func URL(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	host := ta.IP.String()
	if ta.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(ta.Port)) + "/"
}

// Loopback reports whether a listener's address accepts only this
// machine's connections.
func Loopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// exe returns the binary real runs are children of.
func (s *Server) exe() (string, error) {
	if s.cfg.Exe != "" {
		return s.cfg.Exe, nil
	}
	return runner.Executable()
}
