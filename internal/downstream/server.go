package downstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Defaults of the servers' bounds (zero fields of Server and Proxy).
const (
	// DefaultMaxStore bounds the bytes SET keeps (keys and values).
	DefaultMaxStore = 64 << 20
	// DefaultMaxClients bounds the connections served at once; more are
	// answered "-ERR max number of clients reached" and closed, as Redis
	// does.
	DefaultMaxClients = 4096
	// DefaultMaxQueued bounds the reply bytes queued for one client (the
	// server) or the request bytes queued for the upstream (the proxy):
	// past it the server stops reading from that client until its queue
	// drains, so a client that pipelines and never reads holds at most
	// this plus one reply.
	DefaultMaxQueued = 1 << 20
	// DefaultWriteTimeout: a client that takes none of a reply for this
	// long is disconnected.
	DefaultWriteTimeout = 30 * time.Second
)

// Server is the delay server: a RESP service that answers every command
// Delay after it arrived. Pipelined commands are answered in order, each
// its own delay after its arrival, so the delay is latency, not a cap on a
// connection's throughput (like a network or a slow Redis, not a lock).
//
// Memory is bounded: the store by MaxStore, each client by its read
// buffer (up to 2 MiB for a 1 MiB value) and MaxQueued of replies, and
// the clients by MaxClients.
//
// Create it with a literal, then call Serve once; Close and Stats are safe
// from any goroutine.
type Server struct {
	// Delay is drawn per command (seeded by Seed and the command number).
	Delay model.Dist
	Seed  int64
	// Step, if set, replaces Delay from Step.After after Serve started.
	Step *DelayStep
	// Bounds; zero takes the Default above.
	MaxStore     int64
	MaxClients   int
	MaxQueued    int
	WriteTimeout time.Duration
	// OnSaturated, if set, is called (from a goroutine of its own) after
	// a second in which most replies went out later than asked: more than
	// 5% of their delay plus SchedSlack; then at most every 10 s while it
	// lasts. Saturation.Busy says whose the time was: a busy loop is past
	// what its core can answer; an idle one was kept from its core (other
	// work on the machine). Either way the server says so rather than
	// stretch every delay silently.
	OnSaturated func(Saturation)

	mu         sync.Mutex
	store      map[string][]byte
	storeBytes int64
	ln         net.Listener
	conns      map[net.Conn]struct{}
	closed     bool
	done       chan struct{} // closed by Close: replies still waiting go
	wg         sync.WaitGroup
	step       stepper
	lp         *loop // the event loop serving handed-over connections
	inLoop     int   // connections the loop serves (under mu)
	met        *meter
	seq        atomic.Uint64

	commands    atomic.Int64
	queued      atomic.Int64 // reply bytes queued over every client
	refused     atomic.Int64
	accepted    atomic.Int64
	maxInFlight atomic.Int64
}

// Stats is what a Server has done.
type Stats struct {
	Commands int64
	// StoreBytes is what SET keeps now (keys and values).
	StoreBytes int64
	// QueuedBytes is the reply bytes waiting for their clients now.
	QueuedBytes int64
	// Refused counts connections turned away at MaxClients.
	Refused int64
	// Conns counts the connections accepted and served.
	Conns int64
	// MaxInFlight is the most commands one connection had sent and not
	// yet been answered: 1 for a client that waits for each reply, n for
	// one that pipelines n at once.
	MaxInFlight int64
	// Stepped counts the commands given the Step's delay; StepOn says
	// whether the step has taken effect.
	Stepped int64
	StepOn  bool
	// Delay is the delays given (achieved, and late against the asked).
	Delay DelaySummary
}

// Stats returns the server's counters.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	sb, met := s.storeBytes, s.met
	s.mu.Unlock()
	return Stats{Commands: s.commands.Load(), StoreBytes: sb, QueuedBytes: s.queued.Load(), Refused: s.refused.Load(),
		Conns: s.accepted.Load(), MaxInFlight: s.maxInFlight.Load(), Stepped: s.step.stepped.Load(), StepOn: s.step.on.Load(),
		Delay: met.summary()}
}

// connDone is called when the loop closes a connection.
func (s *Server) connDone() {
	s.mu.Lock()
	s.inLoop--
	s.mu.Unlock()
}

func (s *Server) defaults() {
	if s.MaxStore <= 0 {
		s.MaxStore = DefaultMaxStore
	}
	if s.MaxClients <= 0 {
		s.MaxClients = DefaultMaxClients
	}
	if s.MaxQueued <= 0 {
		s.MaxQueued = DefaultMaxQueued
	}
	if s.WriteTimeout <= 0 {
		s.WriteTimeout = DefaultWriteTimeout
	}
}

// maxPending bounds the replies waiting for their time on one connection
// (the goroutine server's queue holds as many): with MaxQueued alone, a
// client pipelining commands with 5-byte replies could hold 200,000.
const maxPending = 1024

var errMaxClients = []byte("-ERR max number of clients reached\r\n")

// acceptBackoff reports whether an accept error is one to wait out (a full
// descriptor table, no memory for a socket, a connection reset while it
// waited) and waits, doubling *delay from 5 ms up to 1 s as net/http does.
func acceptBackoff(err error, delay *time.Duration) bool {
	var ne net.Error
	retry := errors.As(err, &ne) && ne.Timeout()
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ENOBUFS, syscall.ENOMEM, syscall.ECONNABORTED, syscall.EINTR} {
		if errors.Is(err, e) {
			retry = true
		}
	}
	if !retry {
		return false
	}
	if *delay == 0 {
		*delay = 5 * time.Millisecond
	} else {
		*delay = min(2**delay, time.Second)
	}
	time.Sleep(*delay)
	return true
}

// Serve accepts connections on ln until Close or ctx is done, and returns
// nil after a Close, else the accept error. Errors that pass (a full
// descriptor table among them) are waited out.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.defaults()
	s.ln = ln
	s.store = map[string][]byte{}
	s.conns = map[net.Conn]struct{}{}
	s.done = make(chan struct{})
	s.step.start(s.Step)
	s.met = newMeter()
	if loopSupported {
		lp, err := newLoop(s)
		if err != nil {
			s.mu.Unlock()
			return fmt.Errorf("downstream: %w", err)
		}
		s.lp = lp
		s.wg.Add(1)
		go func() { defer s.wg.Done(); lp.run() }()
	}
	s.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { s.Close() })
	defer stop()
	if s.OnSaturated != nil {
		s.wg.Add(1)
		go s.watch()
	}
	var delay time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed {
				s.wg.Wait()
				return nil
			}
			if acceptBackoff(err, &delay) {
				continue
			}
			return fmt.Errorf("downstream: accept: %w", err)
		}
		delay = 0
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			continue
		}
		if len(s.conns)+s.inLoop >= s.MaxClients {
			s.mu.Unlock()
			s.refused.Add(1)
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write(errMaxClients)
			c.Close()
			continue
		}
		s.accepted.Add(1)
		if s.lp != nil {
			s.inLoop++
			s.mu.Unlock()
			if s.lp.hand(c) {
				continue
			}
			s.mu.Lock()
			s.inLoop--
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.serveConn(c)
	}
}

// Close stops accepting and closes every connection.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.ln != nil {
		s.ln.Close()
	}
	if s.done != nil {
		close(s.done)
	}
	s.step.stop()
	if s.lp != nil {
		s.lp.shutdown()
	}
	for c := range s.conns {
		c.Close()
	}
	return nil
}

// watch calls OnSaturated after each second most replies were late.
func (s *Server) watch() {
	defer s.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	s.met.window()
	var last time.Time
	for {
		select {
		case <-s.done:
			return
		case now := <-t.C:
			// Said at once, then at most every 10 s while it lasts.
			if w := s.met.window(); w.saturated() && (last.IsZero() || now.Sub(last) >= 10*time.Second) {
				last = now
				s.OnSaturated(w)
			}
		}
	}
}

// noteInFlight raises MaxInFlight to n if n is more.
func (s *Server) noteInFlight(n int64) {
	for {
		m := s.maxInFlight.Load()
		if n <= m || s.maxInFlight.CompareAndSwap(m, n) {
			return
		}
	}
}

type pending struct {
	due, arrived time.Time
	reply        []byte
}

// budget bounds the bytes queued between a connection's reader and its
// writer: take waits while the queue holds max bytes or more (a single
// item bigger than max still passes when the queue is empty), give
// returns bytes. Safe for concurrent use; closed wakes and stops waiters.
type budget struct {
	mu     sync.Mutex
	cond   sync.Cond
	n, max int
	closed bool
	total  *atomic.Int64 // also counted here (may be nil)
}

func newBudget(max int, total *atomic.Int64) *budget {
	b := &budget{max: max, total: total}
	b.cond.L = &b.mu
	return b
}

// take reserves n bytes; false once the budget is closed.
func (b *budget) take(n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for !b.closed && b.n > 0 && b.n+n > b.max {
		b.cond.Wait()
	}
	if b.closed {
		return false
	}
	b.n += n
	if b.total != nil {
		b.total.Add(int64(n))
	}
	return true
}

func (b *budget) give(n int) {
	b.mu.Lock()
	b.n -= n
	if b.total != nil {
		b.total.Add(int64(-n))
	}
	b.cond.Broadcast()
	b.mu.Unlock()
}

func (b *budget) close() {
	b.mu.Lock()
	b.closed = true
	if b.total != nil {
		b.total.Add(int64(-b.n))
	}
	b.n = 0
	b.cond.Broadcast()
	b.mu.Unlock()
}

// serveConn serves one connection with goroutines (a reader and a
// writer, a timer per command): where the event loop does not run.
func (s *Server) serveConn(c net.Conn) {
	defer s.wg.Done()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		c.Close()
	}()
	// The reader stamps each command with its due time; the writer sends
	// each reply when due. The budget bounds the reply bytes queued: a
	// client that does not read its replies stops being read (and TCP
	// stops it sending), and the write timeout ends it.
	q := make(chan pending, maxPending)
	room := newBudget(s.MaxQueued, &s.queued)
	done := make(chan struct{})
	var inFlight atomic.Int64 // commands read and not yet answered
	go func() {
		defer close(done)
		for p := range q {
			ok := sleepUntil(p.due, s.done)
			if ok {
				// Counted before the write, so a client that has its
				// reply finds it in the stats.
				inFlight.Add(-1)
				s.commands.Add(1)
				s.met.record(time.Since(p.arrived), time.Since(p.due))
				room.give(len(p.reply))
				c.SetWriteDeadline(time.Now().Add(s.WriteTimeout))
				_, err := c.Write(p.reply)
				ok = err == nil
			}
			if !ok {
				room.close()
				c.Close()
				for range q {
				}
				return
			}
		}
	}()
	defer func() { close(q); <-done; room.close() }()
	send := func(p pending) bool {
		if !room.take(len(p.reply)) {
			return false
		}
		s.noteInFlight(inFlight.Add(1))
		q <- p
		return true
	}
	buf := make([]byte, 0, 4096)
	var cmd Command
	for {
		if len(buf) == cap(buf) {
			if cap(buf) >= 2*maxBulk {
				return
			}
			nb := make([]byte, len(buf), 2*cap(buf))
			copy(nb, buf)
			buf = nb
		}
		n, err := c.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		now := time.Now()
		for {
			used, perr := ParseCommand(buf, &cmd)
			if perr == ErrIncomplete {
				break
			}
			if perr != nil {
				send(pending{due: now, arrived: now, reply: []byte("-ERR protocol error\r\n")})
				return
			}
			quit := cmd.N > 0 && bytes.EqualFold(cmd.Name(), []byte("QUIT"))
			if cmd.N > 0 {
				i := s.seq.Add(1)
				d := s.step.delay(s.Delay, model.Uniform(s.Seed, 1, i))
				if quit {
					d = 0
				}
				if !send(pending{due: now.Add(d), arrived: now, reply: s.answer(&cmd)}) {
					return
				}
			}
			if quit {
				return // the reply goes out, then the connection closes
			}
			buf = buf[:copy(buf, buf[used:])]
		}
		if len(buf) == 0 && cap(buf) > 4096 {
			buf = make([]byte, 0, 4096) // a big value's buffer goes
		}
		if err != nil {
			return
		}
	}
}

// answer executes one command and returns its reply.
func (s *Server) answer(c *Command) []byte { return s.appendAnswer(nil, c) }

// appendAnswer executes one command and appends its reply to dst. It
// allocates only for what it keeps (SET's value) and when dst grows.
func (s *Server) appendAnswer(dst []byte, c *Command) []byte {
	name := c.Name()
	switch {
	case bytes.EqualFold(name, []byte("GET")):
		if c.N != 2 {
			return append(dst, "-ERR wrong number of arguments for 'get' command\r\n"...)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		v, ok := s.store[string(c.Args[1])]
		if !ok {
			return append(dst, "$-1\r\n"...)
		}
		return AppendBulk(dst, v)
	case bytes.EqualFold(name, []byte("PING")):
		if c.N > 1 {
			return AppendBulk(dst, c.Args[1])
		}
		return append(dst, "+PONG\r\n"...)
	case bytes.EqualFold(name, []byte("ECHO")):
		if c.N != 2 {
			return append(dst, "-ERR wrong number of arguments for 'echo' command\r\n"...)
		}
		return AppendBulk(dst, c.Args[1])
	case bytes.EqualFold(name, []byte("SET")):
		if c.N < 3 {
			return append(dst, "-ERR wrong number of arguments for 'set' command\r\n"...)
		}
		k, v := c.Args[1], c.Args[2]
		s.mu.Lock()
		defer s.mu.Unlock()
		old, had := s.store[string(k)]
		after := s.storeBytes + int64(len(v))
		if had {
			after -= int64(len(old))
		} else {
			after += int64(len(k))
		}
		if after > s.MaxStore {
			// Redis's answer past maxmemory.
			return append(dst, "-OOM command not allowed when used memory > 'maxmemory'\r\n"...)
		}
		s.store[string(k)] = bytes.Clone(v)
		s.storeBytes = after
		return append(dst, "+OK\r\n"...)
	case bytes.EqualFold(name, []byte("COMMAND")), bytes.EqualFold(name, []byte("CLIENT")), bytes.EqualFold(name, []byte("HELLO")):
		// redis-cli asks these when it starts; an empty answer is enough.
		return append(dst, "*0\r\n"...)
	case bytes.EqualFold(name, []byte("QUIT")):
		return append(dst, "+OK\r\n"...)
	}
	dst = append(dst, "-ERR unknown command '"...)
	dst = append(dst, sanitize(c.Name())...)
	return append(dst, "'\r\n"...)
}

func sanitize(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c >= ' ' && c < 0x7f {
			out = append(out, c)
		}
	}
	if len(out) > 64 {
		out = out[:64]
	}
	return out
}

// Proxy is a latency-injecting TCP proxy: every chunk a client sends is
// forwarded to Upstream Delay after it arrived (replies flow back at
// once), so a real Redis behind it answers Delay later than it would.
// Each client's queue to the upstream is bounded (MaxQueued bytes: past
// it the client is not read) and so are the clients (MaxClients).
// Create it with a literal and call Serve once; Close and Stats are safe
// from any goroutine.
type Proxy struct {
	Upstream   string
	Delay      model.Dist
	Seed       int64
	MaxClients int // zero: DefaultMaxClients
	MaxQueued  int // zero: 256 KiB
	// Step, if set, replaces Delay from Step.After after Serve started.
	Step *DelayStep

	mu      sync.Mutex
	ln      net.Listener
	conns   map[net.Conn]struct{}
	clients int
	closed  bool
	done    chan struct{} // closed by Close
	step    stepper
	wg      sync.WaitGroup
	seq     atomic.Uint64
	queued  atomic.Int64
	refused atomic.Int64
}

// ProxyStats is what a Proxy holds and has refused.
type ProxyStats struct {
	QueuedBytes int64 // client bytes waiting for the upstream now
	Refused     int64 // connections turned away at MaxClients
	Stepped     int64 // chunks given the Step's delay
	StepOn      bool  // the step has taken effect
}

// Stats returns the proxy's counters.
func (p *Proxy) Stats() ProxyStats {
	return ProxyStats{QueuedBytes: p.queued.Load(), Refused: p.refused.Load(), Stepped: p.step.stepped.Load(), StepOn: p.step.on.Load()}
}

// Serve accepts connections on ln until Close or ctx is done. Errors that
// pass (a full descriptor table among them) are waited out. An Upstream
// that CheckUpstream refuses (ln's own address among them) is returned
// before anything is accepted.
func (p *Proxy) Serve(ctx context.Context, ln net.Listener) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	if err := CheckUpstream(p.Upstream, ln.Addr()); err != nil {
		p.mu.Unlock()
		return err
	}
	if p.MaxClients <= 0 {
		p.MaxClients = DefaultMaxClients
	}
	if p.MaxQueued <= 0 {
		p.MaxQueued = 256 << 10
	}
	p.ln = ln
	p.conns = map[net.Conn]struct{}{}
	p.done = make(chan struct{})
	p.step.start(p.Step)
	p.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { p.Close() })
	defer stop()
	var delay time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			p.mu.Lock()
			closed := p.closed
			p.mu.Unlock()
			if closed {
				p.wg.Wait()
				return nil
			}
			if acceptBackoff(err, &delay) {
				continue
			}
			return fmt.Errorf("downstream: proxy accept: %w", err)
		}
		delay = 0
		p.mu.Lock()
		full := p.clients >= p.MaxClients
		if !full {
			p.clients++
			p.wg.Add(1)
		}
		p.mu.Unlock()
		if full {
			p.refused.Add(1)
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write(errMaxClients)
			c.Close()
			continue
		}
		go p.serveClient(c)
	}
}

// serveClient dials the upstream for c (off the accept loop) and pipes.
func (p *Proxy) serveClient(c net.Conn) {
	defer p.wg.Done()
	defer func() {
		p.mu.Lock()
		p.clients--
		p.mu.Unlock()
	}()
	up, err := net.DialTimeout("tcp", p.Upstream, 5*time.Second)
	if err != nil {
		c.Close() // the client sees the connection close
		return
	}
	if !p.track(c, up) {
		c.Close()
		up.Close()
		return
	}
	p.pipe(c, up)
}

func (p *Proxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	for _, c := range cs {
		p.conns[c] = struct{}{}
	}
	return true
}

func (p *Proxy) untrack(cs ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range cs {
		delete(p.conns, c)
		c.Close()
	}
}

// Close stops accepting and closes every connection.
func (p *Proxy) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	if p.ln != nil {
		p.ln.Close()
	}
	if p.done != nil {
		close(p.done)
	}
	p.step.stop()
	for c := range p.conns {
		c.Close()
	}
	return nil
}

func (p *Proxy) pipe(client, up net.Conn) {
	defer p.untrack(client, up)
	// upstream -> client: at once.
	back := make(chan struct{})
	go func() {
		defer close(back)
		io.Copy(client, up)
		client.Close()
	}()
	// client -> upstream: each chunk after its delay, in order, with at
	// most MaxQueued bytes waiting.
	q := make(chan pending, 256)
	room := newBudget(p.MaxQueued, &p.queued)
	fwd := make(chan struct{})
	go func() {
		defer close(fwd)
		for c := range q {
			ok := sleepUntil(c.due, p.done)
			if ok {
				up.SetWriteDeadline(time.Now().Add(DefaultWriteTimeout))
				_, err := up.Write(c.reply)
				ok = err == nil
			}
			if !ok {
				room.close()
				up.Close()
				for range q {
				}
				return
			}
			room.give(len(c.reply))
		}
		if tc, ok := up.(*net.TCPConn); ok {
			tc.CloseWrite()
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := client.Read(buf)
		if n > 0 {
			d := p.step.delay(p.Delay, model.Uniform(p.Seed, 2, p.seq.Add(1)))
			if !room.take(n) {
				break
			}
			q <- pending{due: time.Now().Add(d), reply: bytes.Clone(buf[:n])}
		}
		if err != nil {
			break
		}
	}
	close(q)
	<-fwd
	room.close()
	<-back
}
