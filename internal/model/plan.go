package model

import (
	"math"
	"sort"
	"time"
)

// Request is one planned request: its class, its CPU time, its waits and its
// loop, drawn deterministically from the scenario's seed and the request's
// index, so the simulator and the real executors run the same requests.
type Request struct {
	ID    int64
	Class int
	CPU   time.Duration
	// Waits holds one duration per downstream call (none for a class with
	// no wait). Fill reuses its backing array.
	Waits []time.Duration
	// Loop is the event loop the request is bound to (round-robin
	// assignment in loop and offload models), or -1.
	Loop int
}

// WaitTotal returns the time the request spends waiting if nothing else
// delays it: the sum of sequential calls, the longest of parallel or
// pipelined ones.
func (r *Request) WaitTotal(fan Fanout) time.Duration {
	var t time.Duration
	for _, w := range r.Waits {
		if fan == Parallel || fan == Pipelined {
			t = max(t, w)
		} else {
			t += w
		}
	}
	return t
}

// Planner draws requests for a validated, normalized scenario. Fill is a
// pure function of the request index; a Planner is read-only after
// NewPlanner and safe for concurrent use.
type Planner struct {
	s      Scenario
	cum    []float64 // cumulative class fractions
	spread []int64   // sorted indices of last-class requests (spread, two classes)
	golden bool      // spread over more than two classes: low-discrepancy draws
}

// NewPlanner prepares the placement of classes over s.Requests requests.
func NewPlanner(s Scenario) *Planner {
	p := &Planner{s: s}
	acc := 0.0
	for _, c := range s.Classes {
		acc += c.Fraction
		p.cum = append(p.cum, acc)
	}
	if s.Placement.Kind == Spread {
		if len(s.Classes) == 2 {
			p.spread = spreadPositions(int64(s.Requests), s.Classes[1].Fraction, p.loops())
		} else {
			p.golden = true
		}
	}
	return p
}

func (p *Planner) loops() int {
	if p.s.Model.HasLoops() && p.s.Assign != Shared {
		return p.s.Threads
	}
	return 1
}

// spreadPositions places round(f*n) requests evenly over n, the j-th on
// loop j mod loops when requests are dealt round-robin to loops and the
// spacing allows it.
func spreadPositions(n int64, f float64, loops int) []int64 {
	k := int64(math.Round(f * float64(n)))
	if k <= 0 {
		return nil
	}
	out := make([]int64, 0, k)
	stride := float64(n) / float64(k)
	L := int64(loops)
	prev := int64(-1)
	for j := int64(0); j < k; j++ {
		idx := int64(float64(j)*stride + stride/2)
		if stride >= float64(L) && L > 1 {
			idx -= ((idx-j)%L + L) % L
		}
		if idx <= prev {
			idx = prev + 1
		}
		if limit := n - (k - j); idx > limit {
			idx = limit
		}
		out = append(out, idx)
		prev = idx
	}
	return out
}

// Fill writes request i into r, reusing r.Waits.
func (p *Planner) Fill(i int64, r *Request) {
	s := &p.s
	r.ID = i
	r.Class = p.class(i)
	c := &s.Classes[r.Class]
	r.CPU = p.CPUOf(i, r.Class)
	r.Waits = r.Waits[:0]
	for k := 0; k < c.CallCount(); k++ {
		r.Waits = append(r.Waits, p.WaitOf(i, r.Class, k))
	}
	r.Loop = p.LoopOf(i)
}

// ClassOf returns request i's class (Fill's Class) without drawing its
// times.
func (p *Planner) ClassOf(i int64) int { return p.class(i) }

// LoopOf returns request i's loop (Fill's Loop): -1 unless the model has
// loops that requests are bound to round-robin.
func (p *Planner) LoopOf(i int64) int {
	if L := p.loops(); p.s.Model.HasLoops() && p.s.Assign != Shared {
		return int(i % int64(L))
	}
	return -1
}

// CPUOf returns the CPU time of request i of class class: Fill's draw,
// for a caller (the simulator) that keeps the class but not the draws.
func (p *Planner) CPUOf(i int64, class int) time.Duration {
	return p.s.Classes[class].CPU.At(Uniform(p.s.Seed, streamCPU, uint64(i)))
}

// WaitOf returns the wait of call k of request i of class class: Fill's
// draw.
func (p *Planner) WaitOf(i int64, class, k int) time.Duration {
	return p.s.Classes[class].Wait.At(Uniform(p.s.Seed, streamWait, uint64(i)*MaxCalls+uint64(k)))
}

func (p *Planner) class(i int64) int {
	n := len(p.s.Classes)
	if n == 1 {
		return 0
	}
	switch {
	case p.s.Placement.Kind == Every:
		if (i+1)%int64(p.s.Placement.K) == 0 {
			return n - 1
		}
		return 0
	case p.spread != nil || (p.s.Placement.Kind == Spread && !p.golden):
		j := sort.Search(len(p.spread), func(j int) bool { return p.spread[j] >= i })
		if j < len(p.spread) && p.spread[j] == i {
			return 1
		}
		return 0
	case p.golden:
		return p.pick(math.Mod(float64(i)*0.6180339887498949+0.5, 1))
	}
	return p.pick(Uniform(p.s.Seed, streamClass, uint64(i)))
}

// pick returns the class whose cumulative-fraction band holds u.
func (p *Planner) pick(u float64) int {
	for c, f := range p.cum {
		if u < f {
			return c
		}
	}
	return len(p.cum) - 1
}

// Think returns virtual user vu's think time before its k-th request.
func (p *Planner) Think(vu int, k int64) time.Duration {
	return p.s.Think.At(Uniform(p.s.Seed, streamThink, uint64(vu)<<40|uint64(k)))
}
