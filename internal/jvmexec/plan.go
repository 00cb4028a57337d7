package jvmexec

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// planVersion is the first line of the plan file the child reads
// (Plan.java).
const planVersion = "waitlab-plan 1"

// WritePlan writes s's request plan for the child: the model and its
// sizes, then one line per request, "req ID CLASS ARRIVAL CPU LOOP N W1..WN"
// (nanoseconds), drawn by model.Planner and arrival's pacer exactly as the
// Go executors draw them (a pipelined class's calls are one round trip, as
// long as the slowest). passes is how many times the child runs it (the
// first cold). It returns how many requests it planned (fewer than
// s.Requests when the arrival's schedule ends first).
func WritePlan(w io.Writer, s model.Scenario, pin string, trace bool, passes int) (int, error) {
	b := bufio.NewWriterSize(w, 1<<16)
	line := func(k string, v ...string) {
		b.WriteString(k)
		for _, x := range v {
			b.WriteByte(' ')
			b.WriteString(x)
		}
		b.WriteByte('\n')
	}
	itoa := strconv.Itoa
	bit := func(v bool) string {
		if v {
			return "1"
		}
		return "0"
	}
	pacer := s.Arrival.Pacer(s.Seed)
	n := 0
	for ; n < s.Requests; n++ {
		if _, ok := pacer.Due(int64(n)); !ok {
			break
		}
	}
	line(planVersion)
	line("model", string(s.Model))
	line("threads", itoa(s.Threads))
	line("offload", itoa(s.OffloadPool))
	line("fanout_pool", itoa(s.FanoutPool))
	line("shared_lock", bit(s.SharedLock))
	line("assign_shared", bit(s.Assign == model.Shared))
	line("trace", bit(trace))
	line("passes", itoa(passes))
	if pin == "" {
		pin = "none"
	}
	line("pin", pin)
	line("classes", itoa(len(s.Classes)))
	for i, c := range s.Classes {
		line("class", itoa(i), bit(c.Fanout == model.Parallel), bit(c.Blocking))
	}
	line("requests", itoa(n))
	plan := model.NewPlanner(s)
	pacer = s.Arrival.Pacer(s.Seed)
	var rq model.Request
	num := make([]byte, 0, 32)
	for i := 0; i < n; i++ {
		due, _ := pacer.Due(int64(i))
		plan.Fill(int64(i), &rq)
		waits := rq.Waits
		if len(waits) > 0 && s.Classes[rq.Class].Fanout == model.Pipelined {
			waits = []time.Duration{slices.Max(waits)}
		}
		loop := max(rq.Loop, 0)
		b.WriteString("req")
		for _, v := range []int64{int64(i), int64(rq.Class), int64(due), int64(rq.CPU), int64(loop), int64(len(waits))} {
			b.WriteByte(' ')
			b.Write(strconv.AppendInt(num[:0], v, 10))
		}
		for _, wt := range waits {
			b.WriteByte(' ')
			b.Write(strconv.AppendInt(num[:0], int64(wt), 10))
		}
		b.WriteByte('\n')
	}
	return n, b.Flush()
}
