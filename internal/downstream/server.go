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
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Server is the delay server: a RESP service that answers every command
// Delay after it arrived. Pipelined commands are answered in order, each
// its own delay after its arrival, so the delay is latency, not a cap on a
// connection's throughput (like a network or a slow Redis, not a lock).
//
// Create it with a literal, then call Serve once; Close and Stats are safe
// from any goroutine.
type Server struct {
	// Delay is drawn per command (seeded by Seed and the command number).
	Delay model.Dist
	Seed  int64

	mu     sync.Mutex
	store  map[string][]byte
	ln     net.Listener
	conns  map[net.Conn]struct{}
	closed bool
	wg     sync.WaitGroup

	commands atomic.Int64
}

// Stats is what a Server has done.
type Stats struct {
	Commands int64
}

// Stats returns the number of commands answered so far.
func (s *Server) Stats() Stats { return Stats{Commands: s.commands.Load()} }

// Serve accepts connections on ln until Close or ctx is done, and returns
// nil after a Close, else the accept error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.ln = ln
	s.store = map[string][]byte{}
	s.conns = map[net.Conn]struct{}{}
	s.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { s.Close() })
	defer stop()
	var seq atomic.Uint64
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
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return fmt.Errorf("downstream: accept: %w", err)
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			continue
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.serveConn(c, &seq)
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
	for c := range s.conns {
		c.Close()
	}
	return nil
}

type pending struct {
	due   time.Time
	reply []byte
}

func (s *Server) serveConn(c net.Conn, seq *atomic.Uint64) {
	defer s.wg.Done()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		c.Close()
	}()
	// The reader stamps each command with its due time; the writer sends
	// each reply when due. The queue bounds how far a client may pipeline.
	q := make(chan pending, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for p := range q {
			if d := time.Until(p.due); d > 0 {
				time.Sleep(d)
			}
			if _, err := c.Write(p.reply); err != nil {
				c.Close()
				for range q {
				}
				return
			}
			s.commands.Add(1)
		}
	}()
	defer func() { close(q); <-done }()
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
				q <- pending{due: now, reply: []byte("-ERR protocol error\r\n")}
				return
			}
			if cmd.N > 0 {
				i := seq.Add(1)
				d := s.Delay.At(model.Uniform(s.Seed, 1, i))
				q <- pending{due: now.Add(d), reply: s.answer(&cmd)}
			}
			buf = buf[:copy(buf, buf[used:])]
		}
		if err != nil {
			return
		}
	}
}

// answer executes one command and returns its reply.
func (s *Server) answer(c *Command) []byte {
	name := bytes.ToUpper(c.Name())
	switch string(name) {
	case "PING":
		if c.N > 1 {
			return AppendBulk(nil, c.Args[1])
		}
		return []byte("+PONG\r\n")
	case "ECHO":
		if c.N != 2 {
			return []byte("-ERR wrong number of arguments for 'echo' command\r\n")
		}
		return AppendBulk(nil, c.Args[1])
	case "GET":
		if c.N != 2 {
			return []byte("-ERR wrong number of arguments for 'get' command\r\n")
		}
		s.mu.Lock()
		v, ok := s.store[string(c.Args[1])]
		s.mu.Unlock()
		if !ok {
			return []byte("$-1\r\n")
		}
		return AppendBulk(nil, v)
	case "SET":
		if c.N < 3 {
			return []byte("-ERR wrong number of arguments for 'set' command\r\n")
		}
		s.mu.Lock()
		if len(s.store) < 1<<16 {
			s.store[string(c.Args[1])] = bytes.Clone(c.Args[2])
		}
		s.mu.Unlock()
		return []byte("+OK\r\n")
	case "COMMAND", "CLIENT", "HELLO":
		// redis-cli asks these when it starts; an empty answer is enough.
		return []byte("*0\r\n")
	case "QUIT":
		return []byte("+OK\r\n")
	}
	return []byte("-ERR unknown command '" + string(sanitize(c.Name())) + "'\r\n")
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
// Create it with a literal and call Serve once; Close is safe from any
// goroutine.
type Proxy struct {
	Upstream string
	Delay    model.Dist
	Seed     int64

	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]struct{}
	closed bool
	wg     sync.WaitGroup
	seq    atomic.Uint64
}

// Serve accepts connections on ln until Close or ctx is done.
func (p *Proxy) Serve(ctx context.Context, ln net.Listener) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.ln = ln
	p.conns = map[net.Conn]struct{}{}
	p.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { p.Close() })
	defer stop()
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
			return fmt.Errorf("downstream: proxy accept: %w", err)
		}
		up, err := net.DialTimeout("tcp", p.Upstream, 5*time.Second)
		if err != nil {
			c.Close()
			continue // the client sees the connection close
		}
		if !p.track(c, up) {
			c.Close()
			up.Close()
			continue
		}
		p.wg.Add(1)
		go p.pipe(c, up)
	}
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
	for c := range p.conns {
		c.Close()
	}
	return nil
}

func (p *Proxy) pipe(client, up net.Conn) {
	defer p.wg.Done()
	defer p.untrack(client, up)
	// upstream -> client: at once.
	back := make(chan struct{})
	go func() {
		defer close(back)
		io.Copy(client, up)
		client.Close()
	}()
	// client -> upstream: each chunk after its delay, in order.
	q := make(chan pending, 256)
	fwd := make(chan struct{})
	go func() {
		defer close(fwd)
		for c := range q {
			if d := time.Until(c.due); d > 0 {
				time.Sleep(d)
			}
			if _, err := up.Write(c.reply); err != nil {
				up.Close()
				for range q {
				}
				return
			}
		}
		if tc, ok := up.(*net.TCPConn); ok {
			tc.CloseWrite()
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := client.Read(buf)
		if n > 0 {
			d := p.Delay.At(model.Uniform(p.Seed, 2, p.seq.Add(1)))
			q <- pending{due: time.Now().Add(d), reply: bytes.Clone(buf[:n])}
		}
		if err != nil {
			break
		}
	}
	close(q)
	<-fwd
	<-back
}
