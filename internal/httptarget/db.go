//go:build linux

package httptarget

// The block fraction's blocking call made for real. With Config.DB set,
// each request drawn for the blocking call (--block-fraction, or ?block=)
// runs `SELECT SLEEP(seconds)` of its duration through database/sql and
// go-sql-driver/mysql against MariaDB (or MySQL) instead of a nanosleep,
// on the thread its model runs blocking work on: the loop's own locked OS
// thread in `loop` (the thread waits inside the driver while the loop's
// other connections wait behind it: the JdbcTemplate-on-an-event-loop
// stall), an offload thread in `offload`, the request's thread in `pool`,
// and the request's goroutine in `virtual` (parked on Go's poller, holding
// no thread while the server sleeps).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/osthread"
)

// dbMaxConns caps the connection pool: MariaDB's default max_connections
// is 151, and a target that took them all would lock out the mariadb
// client a person opens to look at the server.
const dbMaxConns = 100

// errSleepInterrupted is SLEEP() returning 1: the query was killed
// (KILL QUERY) before its time was up.
var errSleepInterrupted = errors.New("target: SELECT SLEEP was interrupted")

// dbClient is the target's database: the pool and its counters. Its
// methods are safe from any goroutine (database/sql's pool is).
type dbClient struct {
	db      *sql.DB
	conns   int
	timeout time.Duration
	where   string // user@addr, for messages (never the password)
	calls   prometheus.Counter
	errs    prometheus.Counter
}

// dbConns is the pool size for cfg: one connection per thread (or
// goroutine) that can be inside the call at once, so a caller waits in
// the server's SLEEP and never in database/sql's queue for a connection
// (a queue the model does not have): the loops in `loop`, the offload
// threads in `offload`, the request threads in `pool`; capped at
// dbMaxConns (and `virtual`, whose goroutines are unbounded, gets the
// cap: beyond it its callers queue, as they would on any real pool).
func dbConns(cfg *Config) int {
	n := dbMaxConns
	switch cfg.Model {
	case model.Pool, model.Loop:
		n = cfg.Threads
	case model.Offload:
		n = cfg.Offload
	}
	return max(1, min(n, dbMaxConns))
}

// openDB prepares the pool for cfg.DB (no connection is made yet). A DSN
// the driver cannot read is a *model.FieldError naming --db.
func openDB(cfg *Config) (*dbClient, error) {
	mc, err := mysql.ParseDSN(cfg.DB)
	if err != nil {
		return nil, model.NewFieldError("db", "target.err.db.dsn", err)
	}
	if mc.Timeout == 0 {
		mc.Timeout = cfg.DownstreamTimeout // dialing, like a downstream call
	}
	conn, err := mysql.NewConnector(mc)
	if err != nil {
		return nil, model.NewFieldError("db", "target.err.db.dsn", err)
	}
	d := &dbClient{db: sql.OpenDB(conn), conns: dbConns(cfg), timeout: cfg.DownstreamTimeout,
		where: fmt.Sprintf("%s@%s(%s)", mc.User, mc.Net, mc.Addr)}
	d.db.SetMaxOpenConns(d.conns)
	d.db.SetMaxIdleConns(d.conns) // keep them: a reconnect would add to the call's time
	d.calls = prometheus.NewCounter(prometheus.CounterOpts{Name: "waitlab_target_db_calls_total",
		Help: "SELECT SLEEP calls made for the block fraction (--db)."})
	d.errs = prometheus.NewCounter(prometheus.CounterOpts{Name: "waitlab_target_db_errors_total",
		Help: "SELECT SLEEP calls that failed (answered 502)."})
	return d, nil
}

// register adds the database's metrics to reg.
func (d *dbClient) register(reg *prometheus.Registry) {
	waits := prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "waitlab_target_db_pool_waits_total",
		Help: "Calls that waited for a free database connection (database/sql's queue)."},
		func() float64 { return float64(d.db.Stats().WaitCount) })
	open := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "waitlab_target_db_connections",
		Help: "Open database connections."},
		func() float64 { return float64(d.db.Stats().OpenConnections) })
	reg.MustRegister(d.calls, d.errs, waits, open)
}

// warm opens the pool's connections before the server listens, so the
// first blocking calls pay no connect and a wrong DSN or a server that is
// not up fails the start with a message naming --db.
func (d *dbClient) warm(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	held := make([]*sql.Conn, 0, d.conns)
	defer func() {
		for _, c := range held {
			c.Close() // back to the idle pool (MaxIdleConns = conns)
		}
	}()
	for range d.conns {
		c, err := d.db.Conn(ctx)
		if err == nil {
			err = c.PingContext(ctx)
			held = append(held, c)
		}
		if err != nil {
			return model.NewFieldError("db", "target.err.db.connect", d.where, err)
		}
	}
	return nil
}

// sleep runs SELECT SLEEP(dur) on the calling goroutine, bounded by the
// downstream timeout. The duration is a number this process formats, so
// the query has no parameter: one text-protocol round trip, not a
// prepare, an execute and a close.
func (d *dbClient) sleep(dur time.Duration) error {
	d.calls.Inc()
	ctx, cancel := context.WithTimeout(context.Background(), d.timeout)
	defer cancel()
	q := "SELECT SLEEP(" + strconv.FormatFloat(dur.Seconds(), 'f', 6, 64) + ")"
	var r int64
	err := d.db.QueryRowContext(ctx, q).Scan(&r)
	if err == nil && r != 0 {
		err = errSleepInterrupted
	}
	if err != nil {
		d.errs.Inc()
	}
	return err
}

func (d *dbClient) close() error { return d.db.Close() }

// block makes request p's blocking call on the calling thread or
// goroutine: SELECT SLEEP through the database with --db, else a
// nanosleep (holdThread: a goroutine that is not on a thread of its own
// takes a helper slot for the nanosleep, as a blocking wait does). A
// database error is returned (the caller answers 502).
func (s *Server) block(p *plan, holdThread bool) error {
	if s.db != nil {
		return s.db.sleep(p.block)
	}
	if holdThread {
		s.holdThread()
		defer s.releaseThread()
	}
	osthread.Block(p.block)
	return nil
}
