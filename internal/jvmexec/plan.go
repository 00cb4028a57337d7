package jvmexec

import (
	"bufio"
	"fmt"
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
// long as the slowest). The closed model (vus:N) has no schedule: its
// requests' arrivals are 0 and the child sends them as its N users come
// back, each after the think time the plan gives it ("think_fixed NS", or
// one "think U T1..TK" line per user: model.Planner.Think(u, k), the Go
// run's draws). passes is how many times the child runs it (the first
// cold). It returns how many requests it planned (fewer than s.Requests
// when the arrival's schedule ends first).
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
		if pacer == nil {
			n = s.Requests // closed: no schedule to end
			break
		}
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
	plan := model.NewPlanner(s)
	writeThinks(b, s, plan, n)
	line("requests", itoa(n))
	var rq model.Request
	num := make([]byte, 0, 32)
	for i := 0; i < n; i++ {
		var due time.Duration
		if pacer != nil {
			due, _ = pacer.Due(int64(i))
		}
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

// ClosedThinks is how many think times the plan of a closed-model
// scenario of n requests holds: none for a fixed think time (one value),
// else users x the most thinks one user can need (each of min(N, n) users
// sends once before anyone thinks, so one user sends at most n-N+1).
func ClosedThinks(s model.Scenario, n int) int {
	if !s.Arrival.Closed() || s.Think.Kind != model.Exp || s.Think.IsZero() {
		return 0
	}
	users := min(s.Arrival.VUs, n)
	return users * (n - users)
}

// writeThinks writes the closed model's users and their think times:
// "vus N", then "think_fixed NS" or a "think U T1..TK" line per user
// (user u's k-th think before its (k+1)-th request, plan.Think(u, k)).
// Nothing for the open model.
func writeThinks(b *bufio.Writer, s model.Scenario, plan *model.Planner, n int) {
	if !s.Arrival.Closed() {
		return
	}
	users := min(s.Arrival.VUs, n)
	fmt.Fprintf(b, "vus %d\n", users)
	if ClosedThinks(s, n) == 0 {
		var v time.Duration // an exponential think no user needs: none
		if s.Think.Kind != model.Exp {
			v = plan.Think(0, 1)
		}
		fmt.Fprintf(b, "think_fixed %d\n", int64(v))
		return
	}
	num := make([]byte, 0, 32)
	for u := 0; u < users; u++ {
		b.WriteString("think ")
		b.Write(strconv.AppendInt(num[:0], int64(u), 10))
		for k := 1; k <= n-users; k++ {
			b.WriteByte(' ')
			b.Write(strconv.AppendInt(num[:0], int64(plan.Think(u, int64(k))), 10))
		}
		b.WriteByte('\n')
	}
}
