package web

import (
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
)

// callsLine is the narration's first line for a request that makes
// several downstream calls: how they are made (one after another, at
// once, on a fan-out pool, or pipelined in one round trip) and what that
// costs a request, which the timeline alone cannot show (the calls are not
// lanes). ok is false when requests make one call or none.
func callsLine(r *model.Result, lang msg.Lang) (narrate.Line, bool) {
	s := r.Scenario
	if len(s.Classes) == 0 || s.Classes[0].CallCount() < 2 {
		return narrate.Line{}, false
	}
	c := s.Classes[0]
	n, wait := c.CallCount(), c.Wait.Mean
	d := func(x time.Duration) string { return Clock(lang, x) }
	var text string
	switch {
	case c.Fanout == model.Pipelined:
		text = msg.T(lang, "web.calls.pipelined", n, d(wait))
	case c.Fanout == model.Parallel && s.FanoutPool > 0:
		text = msg.T(lang, "web.calls.pool", n, d(wait), s.FanoutPool, n*s.Requests)
	case c.Fanout == model.Parallel:
		text = msg.T(lang, "web.calls.parallel", n, d(wait))
	default:
		text = msg.T(lang, "web.calls.sequential", n, d(wait), d(time.Duration(n)*wait))
	}
	return narrate.Line{Text: text, End: time.Duration(r.MakespanMS * 1e6), Summary: true}, true
}
