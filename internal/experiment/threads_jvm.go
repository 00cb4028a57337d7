//go:build linux

package experiment

import (
	"context"
	"fmt"
	"strconv"
	"time"
)

// Experiment 6 on the JVM engine: the write-like path on Debian's Tomcat
// (our servlet through launch), a pool of 200 and of 1,600 platform
// threads (maxThreads) on the server's one core, driven by the same
// 3,000 users connecting at once: the handler spends the Go engine's 4 ms
// of CPU and makes two 5 ms calls (sleeps: the JVM servers have no
// downstream client). The errors are broken down by kind as the
// generator saw them (timeouts, resets and closed connections, refused
// connects), beside the JVM's peak platform threads.

// thJDK is the least JDK Debian's Tomcat 10 runs on.
const thJDK = 17

func runThreadsJVM(ctx context.Context, r *Bench) error {
	t := r.T
	d, _ := r.windows(30*time.Second, 3*time.Second)
	vus := thVUs
	if r.Opt.Quick {
		vus = 300 // judges nothing; a fresh Tomcat per run is most of its time
	}
	r.server = fmt.Sprintf("Tomcat (acceptCount %d, maxConnections %d)", logAcceptCount, logMaxConnections)
	t.Recipe = r.T_("exp.th.jvm.recipe", thCPU, thCalls, thCall.Milliseconds(), Num(float64(vus), 0), thTimeout.Seconds(),
		d.Seconds(), r.Opt.Repeat, logAcceptCount, logMaxConnections)
	t.Scaling = r.placementNote()
	t.Columns = []Column{
		{Key: "ok_rps", Label: r.T_("exp.col.okrps"), Digits: 0},
		{Key: "rps", Label: r.T_("exp.th.col.rps"), Digits: 0},
		{Key: "errors_pct", Label: r.T_("exp.col.errors"), Digits: 1},
		{Key: "err_timeout", Label: r.T_("exp.th.jvm.col.timeout"), Digits: 0},
		{Key: "err_reset", Label: r.T_("exp.th.jvm.col.reset"), Digits: 0},
		{Key: "err_refused", Label: r.T_("exp.th.jvm.col.refused"), Digits: 0},
		{Key: "p50_ms", Label: r.T_("exp.col.p50"), Digits: 0},
		{Key: "p99_ms", Label: r.T_("exp.col.p99"), Digits: 0},
		{Key: "jvm_threads", Label: r.T_("exp.th.jvm.col.threads"), Digits: 0},
		{Key: "srvcpu", Label: r.T_("exp.col.srvcpu"), Digits: 0},
		{Key: "gencpu", Label: r.T_("exp.col.gencpu"), Digits: 0},
	}
	for _, n := range []int{200, 1600} {
		if ctx.Err() != nil {
			break
		}
		server := r.tomcatPool(n)
		server.CPU, server.Wait, server.Calls = thCPU, thCall.String(), thCalls
		tr := trial{
			Target:     server,
			Load:       closedSpec(vus, d, 0, thTimeout),
			KeepReport: true,
		}
		label := r.T_("exp.th.row", Num(float64(n), 0))
		row, reps, err := r.loadRow(ctx, strconv.Itoa(n), label, tr)
		if err != nil {
			return fmt.Errorf("experiment threads (JVM): %s: %w", label, err)
		}
		if row == nil {
			break
		}
		// Each run's errors by kind, as the generator saw them.
		kinds := Samples{}
		for _, rep := range reps {
			e := rep.Errors
			kinds.Add(map[string]float64{
				"err_timeout": float64(e["timeout"] + e["connect_timeout"]),
				"err_reset":   float64(e["reset"] + e["closed"]),
				"err_refused": float64(e["connect_refused"]),
			})
		}
		for k, c := range kinds.Cells() {
			row.Cells[k] = c
		}
		if rep := r.noteServer(0, ""); rep != nil {
			row.Cells["jvm_threads"] = Summarize([]float64{float64(rep.JVM.ThreadsPeak)})
		}
		r.warnRow(row, reps)
	}
	thJudgeClaims(r)
	if t.Row("200") != nil && t.Row("1600") != nil {
		m := func(row, k string) string { return Num(t.Median(row, k), 0) }
		r.Note("exp.th.jvm.kinds", m("1600", "err_timeout"), m("1600", "err_reset"), m("1600", "err_refused"),
			m("200", "err_timeout"), m("200", "err_reset"), m("200", "err_refused"), m("200", "jvm_threads"), m("1600", "jvm_threads"))
	}
	t.Plots = []Plot{{File: "threads.svg", Title: t.Title, Keys: []string{"ok_rps", "errors_pct", "p99_ms"}}}
	return nil
}
