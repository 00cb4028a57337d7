package sim

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/waitlab/waitlab/internal/model"
)

// A run of n requests and a run of 2n requests of the same scenario and
// seed are the same run until the n-th request arrives: every request's
// arrival, class, CPU time and waits are pure functions of its index
// (model.Planner), and nothing before that instant depends on how many
// requests are still to come. They part there: the shorter run drains,
// the longer one schedules the next arrival. internal/plan doubles a size's
// requests until its figures are precise, and used to simulate each longer
// run from its start again, a third of a plan's simulated requests.
//
// Paused is a run stopped at that instant, just before its last request
// arrives. Finish drains a copy of it,
// which is the run of its requests; Extend runs it on to the same instant
// of a longer run. A chain RunPaused(n), Finish, Extend(2n), Finish gives
// the records and the results of Run(n) and of Run(2n), byte for byte
// (TestExtendIsTheLongerRun). OnDone sees the records of the completions
// before the pause once, then those of each drain: a caller keeps the
// first and drops a drain's records when it extends.
//
// A Paused is not safe for concurrent use.
type Paused struct {
	e   *engine
	opt Options
	// done: the run ended before its last request arrived (an open
	// model whose schedule ended); Finish returns that run, and it cannot
	// be extended.
	done bool
}

// ErrNotExtendable is RunPaused's error for a scenario whose shorter run is
// not the start of a longer one (see Extendable).
var ErrNotExtendable = errors.New("sim: this scenario's run of n requests is not the start of its run of more")

// Extendable reports whether a run of s is the start of every longer run
// of s, so that RunPaused can run it. It is false for a burst (every request
// arrives at t = 0, where a longer burst has more), for a closed model
// with more users than requests (a longer run sends more at t = 0), for
// two classes spread evenly over the run (their places depend on the
// request count), and for options that keep anything but records.
func Extendable(s model.Scenario, opt Options) bool {
	switch {
	case opt.Trace || !opt.RecordsOnly:
		return false
	case s.Arrival.Kind == model.Burst:
		return false
	case s.Arrival.Kind == model.VUs && s.Arrival.VUs > s.Requests:
		return false
	case s.Placement.Kind == model.Spread && len(s.Classes) == 2:
		return false
	}
	return s.Arrival.Kind == model.VUs || s.Arrival.Kind == model.Rate || s.Arrival.Kind == model.Poisson
}

// RunPaused simulates s until its last request is about to arrive (see
// Paused). s must
// be Extendable with opt, and opt.OnDone set (a run kept in records
// only has nothing else to show).
func RunPaused(ctx context.Context, s model.Scenario, opt Options) (*Paused, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if !Extendable(s, opt) || opt.OnDone == nil {
		return nil, ErrNotExtendable
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("sim: stopped before the first event: %w", err)
	}
	e := newEngine(s, opt)
	e.pause = true
	e.begin()
	p := &Paused{e: e, opt: opt}
	if err := p.runOn(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

// Requests is how many requests the paused run has: its scenario's.
func (p *Paused) Requests() int { return p.e.s.Requests }

// runOn runs the engine to its pause, or to its end.
func (p *Paused) runOn(ctx context.Context) error {
	if err := p.e.loop(ctx, p.opt.OnProgress); err != nil {
		return err
	}
	p.done = !p.e.paused
	return nil
}

// Finish drains a copy of the paused run and returns its result, the
// result Run gives for the paused run's scenario; OnDone sees the
// drain's records. The paused run stays where it was.
func (p *Paused) Finish(ctx context.Context) (*model.Result, error) {
	if p.done {
		return p.e.result(), nil
	}
	c := p.e.clone()
	if err := c.loop(ctx, p.opt.OnProgress); err != nil {
		return nil, err
	}
	return c.result(), nil
}

// Extend runs the paused run on until the last of requests (more than it
// has) arrives: it is then the paused run of the scenario with that many
// requests. A run that ended before its pause cannot be extended.
func (p *Paused) Extend(ctx context.Context, requests int) error {
	e := p.e
	if p.done || requests <= e.s.Requests {
		return ErrNotExtendable
	}
	s := e.s
	s.Requests = requests
	if err := s.Validate(); err != nil {
		return err
	}
	e.s.Requests = requests
	e.pause = true
	return p.runOn(ctx) // from the arrival it paused before, now not the last
}

// clone returns a copy of e that shares no state it writes: running one
// leaves the other as it was. The planner, the pacer and the recorders are
// shared: the planner is read only, a paused run's copy only drains (it
// never asks the pacer for another arrival), and a run kept in records
// only writes no recorder. The copy does not pause.
func (e *engine) clone() *engine {
	c := *e
	c.pause = false // it drains: it goes on from the held event, if any
	c.h = e.h.clone()
	c.lanes = slices.Clone(e.lanes)
	c.queues = make([]queue, len(e.queues))
	for i, q := range e.queues {
		c.queues[i] = queue{ring: q.ring.clone(), lazy: q.lazy, stride: q.stride, to: q.to, idle: slices.Clone(q.idle)}
	}
	c.coreQ = e.coreQ.clone()
	c.lockQ = e.lockQ.clone()
	c.slots = make([]*[slabSize]req, len(e.slots))
	for i, sl := range e.slots {
		cp := *sl
		c.slots[i] = &cp
	}
	c.free = slices.Clone(e.free)
	c.tstart = slices.Clone(e.tstart)
	c.tfirst = slices.Clone(e.tfirst)
	c.vus = slices.Clone(e.vus)
	c.vuCount = slices.Clone(e.vuCount)
	if e.loops != nil {
		c.loops = make([]model.LoopStat, len(e.loops))
		for i, l := range e.loops {
			l.BlockingIDs = slices.Clone(l.BlockingIDs)
			c.loops[i] = l
		}
	}
	return &c
}
