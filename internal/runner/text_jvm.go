package runner

import (
	"bytes"
	"fmt"
	"math"
	"sort"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/report"
)

// writeRunJVMText is `waitlab run`'s text when the JVM view ran (alone,
// or with --compare beside the Go run).
func writeRunJVMText(b *bytes.Buffer, l msg.Lang, t runText) {
	writeRunPreamble(b, l, t)
	jrep := t.jvm
	if t.rep != nil {
		head := "run.head"
		if !t.warmup {
			head = "run.head.nowarm"
		}
		fmt.Fprintf(b, "%s\n", msg.T(l, head, t.s.Model, lanesPhrase(l, t.s), t.s.Requests, len(t.rep.Runs)))
		if t.rep.Median.Interrupted {
			fmt.Fprintf(b, "%s\n", msg.T(l, "run.interrupted", t.rep.Median.Completed, t.rep.Median.Requests))
		}
	}
	head := "jvm.head"
	if !t.warmup {
		head = "jvm.head.nowarm"
	}
	fmt.Fprintf(b, "%s\n", msg.T(l, head, t.s.Model, lanesPhrase(l, t.s), t.s.Requests, len(jrep.Runs)))
	jres := jrep.Median
	if jres.Interrupted {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.interrupted", jres.Completed, jres.Requests))
	}
	b.WriteByte('\n')
	var gores *model.Result
	if t.rep != nil {
		gores = t.rep.Median
	}
	multi := len(jrep.Runs) > 1
	if !t.compare && gores == nil && !multi {
		_ = report.WriteText(b, l, jres)
		b.WriteByte('\n')
	} else {
		writeRunJVMTable(b, l, t, gores, jres)
	}
	if gores != nil {
		var sb bytes.Buffer
		writeRunStalls(&sb, l, t, gores.Stalls)
		fmt.Fprintf(&sb, "%s\n", msg.T(l, "run.threads.note", gores.OSThreadsPeak, gores.CPUMS))
		fmt.Fprintf(b, "%s\n%s\n", msg.T(l, "jvm.label.go"), indent(sb.String(), "  "))
	}
	var sb bytes.Buffer
	writeJVMNotes(&sb, l, t, jres)
	if gores != nil {
		fmt.Fprintf(b, "%s\n%s\n", msg.T(l, "jvm.label.jvm"), indent(sb.String(), "  "))
	} else {
		b.Write(sb.Bytes())
	}
	writeRunTail(b, l, t, jres.Env)
}

// writeRunJVMTable writes model | Go | JDK | published with the ratios.
func writeRunJVMTable(b *bytes.Buffer, l msg.Lang, t runText, gores, jres *model.Result) {
	var rows []report.CompareJVMRow
	for _, f := range model.Figures(t.s) {
		row := report.CompareJVMRow{Label: figureLabel(l, f), Model: math.NaN(), Go: math.NaN(), JVM: f.Get(jres), Ref: math.NaN()}
		if t.compare && !model.RealFigure(f.Key) {
			row.Model = f.Get(t.model)
		}
		if gores != nil {
			row.Go = f.Get(gores)
		}
		if v, ok := t.ref[f.Key]; ok {
			row.Ref = v
		}
		rows = append(rows, row)
	}
	version := ""
	if jres.JVM != nil {
		version = jres.JVM.Version
	}
	_ = report.WriteCompareJVM(b, l, rows, t.compare, gores != nil, msg.T(l, "jvm.col.jdk", version), msg.T(l, "run.col.ref"))
	if len(t.ref) > 0 {
		if p, ok := model.LookupPreset(t.preset); ok {
			fmt.Fprintf(b, "%s\n", msg.T(l, "run.ref.note", msg.T(l, p.Source)))
		}
	}
	if n := max(len(t.jvm.Runs), runsOf(t.rep)); n > 1 {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.median", n))
	}
	b.WriteByte('\n')
}

// writeJVMNotes writes the JVM's facts (report.JVMNotes), the cold passes'
// range over the runs, and the loops' stalls.
func writeJVMNotes(b *bytes.Buffer, l msg.Lang, t runText, res *model.Result) {
	notes := report.JVMNotes(l, res)
	if len(notes) == 0 {
		return
	}
	last := notes[len(notes)-1] // threads and CPU, after the stalls
	for _, n := range notes[:len(notes)-1] {
		fmt.Fprintf(b, "%s\n", n)
	}
	if runs := t.jvm.Runs; len(runs) > 1 {
		var cold []float64
		for _, r := range runs {
			if r.JVM != nil && r.JVM.Cold != nil {
				cold = append(cold, r.JVM.Cold.MakespanMS)
			}
		}
		if len(cold) > 1 {
			sort.Float64s(cold)
			fmt.Fprintf(b, "%s\n", msg.T(l, "jvm.cold.range", len(cold), cold[0], cold[len(cold)-1], res.MakespanMS))
		}
	}
	if res.Stalls != nil {
		jt := t
		jt.first = nil // the stacks are the Go run's
		writeRunStalls(b, l, jt, res.Stalls)
	}
	fmt.Fprintf(b, "%s\n", last)
}

// JVMTimelineNote says whose timeline --timeline/--svg draw when the JVM
// ran: the JVM run's measured pass (with --compare, not the Go run's), or
// why there is none.
func JVMTimelineNote(l msg.Lang, jvm *model.Result, compare bool) string {
	switch {
	case jvm.Trace == nil && jvm.Interrupted:
		return msg.T(l, "jvm.timeline.interrupted")
	case jvm.Trace == nil:
		return msg.T(l, "jvm.timeline.none")
	case compare:
		return msg.T(l, "jvm.timeline.compare", len(jvm.Trace.Lanes))
	}
	return msg.T(l, "jvm.timeline", len(jvm.Trace.Lanes))
}
