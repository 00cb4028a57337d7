//go:build !linux

package httptarget

import (
	"context"
	"errors"
	"net"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/waitlab/waitlab/internal/epoll"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// Off Linux New returns epoll.ErrNeedsLinux: the pool's poller, the event
// loops and their timers are epoll, eventfd and timerfd.

// ErrDrainTimeout: see server.go.
var ErrDrainTimeout = errors.New("target: drain time ran out with requests in flight")

// Server is the test server; off Linux none can be made.
type Server struct{ cfg Config }

// Stats is a snapshot of the server's counters.
type Stats struct {
	Requests   int64
	Conns      int64
	Stalls     model.Stalls
	LogDropped int64
	LogLines   int64
}

// New returns epoll.ErrNeedsLinux.
func New(cfg Config) (*Server, error) { return nil, epoll.ErrNeedsLinux }

// Config returns the configuration.
func (s *Server) Config() Config { return s.cfg }

// Start returns epoll.ErrNeedsLinux.
func (s *Server) Start() error { return epoll.ErrNeedsLinux }

// Addr returns nil.
func (s *Server) Addr() net.Addr { return nil }

// Shutdown returns nil.
func (s *Server) Shutdown(ctx context.Context) error { return nil }

// Metrics returns nothing.
func (s *Server) Metrics() []byte { return nil }

// Registry returns an empty registry.
func (s *Server) Registry() *prometheus.Registry { return prometheus.NewRegistry() }

// Stats returns zeros.
func (s *Server) Stats() Stats { return Stats{} }

// Stalls returns none.
func (s *Server) Stalls() []watchdog.Stall { return nil }

// MaxScenarioConns: see scenario.go.
const MaxScenarioConns = 1 << 20

// NewScenario returns epoll.ErrNeedsLinux.
func NewScenario(sc model.Scenario, base Config) (*Server, error) { return nil, epoll.ErrNeedsLinux }

// Scenario reports no scenario.
func (s *Server) Scenario() (model.Scenario, bool) { return model.Scenario{}, false }

// IndexParam: see scenario.go.
const IndexParam = "req"

// Failed never delivers off Linux (no server runs).
func (s *Server) Failed() <-chan error { return nil }
