// Package report writes results for people: the summary table of a
// model.Result, the scenario it came from, and per-lane timelines as ASCII
// for the terminal and as SVG files. It serves simulated and real results
// alike. Every word comes from the msg catalog, in Korean or English.
package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
)

// WriteScenario writes the scenario as a few indented lines: model, load,
// classes, lock and placement.
func WriteScenario(w io.Writer, lang msg.Lang, s model.Scenario) error {
	name := s.Name
	if name == "" {
		name = "-"
	}
	var m string
	switch s.Model {
	case model.Offload:
		m = msg.T(lang, "report.model.offload", s.Threads, s.CoreCount(), s.OffloadPool)
	case model.Pool:
		m = msg.T(lang, "report.model.pool", s.Threads, s.CoreCount())
		if s.FanoutPool > 0 {
			m = msg.T(lang, "report.model.pool.fanout", s.Threads, s.CoreCount(), s.FanoutPool)
		}
	case model.Loop, model.Virtual:
		m = msg.T(lang, "report.model."+string(s.Model), s.Threads, s.CoreCount())
	default:
		m = string(s.Model)
	}
	var b strings.Builder
	b.WriteString(msg.T(lang, "report.scenario", name, m, s.Requests, s.Arrival, s.Seed))
	if s.Arrival.Closed() && !s.Think.IsZero() {
		b.WriteString(", think " + s.Think.String())
	}
	b.WriteByte('\n')
	for _, c := range s.Classes {
		blocking := ""
		if c.Blocking {
			blocking = msg.T(lang, "report.class.blocking")
		}
		fmt.Fprintln(&b, msg.T(lang, "report.class", c.Name, c.Fraction, c.CPU, c.Wait, c.CallCount(), c.Fanout, blocking))
	}
	if s.SharedLock {
		fmt.Fprintln(&b, msg.T(lang, "report.lock"))
	}
	if len(s.Classes) > 1 || s.Model.HasLoops() {
		fmt.Fprintln(&b, msg.T(lang, "report.placement", s.Placement, s.Assign))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteText writes the summary table of r: makespan, throughput and its
// definition, completions, peak busy threads, in-flight by Little's law,
// precision, then count/mean/p50/p90/p99/max per class, overall and for the
// queue wait, then the blocking requests per loop.
func WriteText(w io.Writer, lang msg.Lang, r *model.Result) error {
	T := func(k string, a ...any) string { return msg.T(lang, k, a...) }
	var b strings.Builder
	head := "report.results.sim"
	switch r.Mode {
	case "real":
		head = "report.results.real"
	case "jvm":
		head = "report.results.jvm"
	}
	b.WriteString(T(head) + "\n")
	def := r.ThroughputDefinition
	switch def {
	case model.ThroughputBatch:
		def = T("report.tput.batch")
	case model.ThroughputWindow:
		def = T("report.tput.window")
	}
	prec := T("report.precision.exact")
	if r.Precision != "exact" {
		prec = T("report.precision.hdr", model.ExactLimit)
	}
	kv := [][]string{
		{T("report.makespan"), MS(r.MakespanMS) + " ms"},
		{T("report.throughput"), pm(lang, T("report.rps", num(r.ThroughputRPS)), r.ThroughputRPS, r.All.ThroughputCI) + " — " + def},
		{T("report.completed"), T("report.of", r.Completed, r.Requests)},
		{T(peakKey(r.Scenario.Model)), strconv.Itoa(peakOf(r))},
		{T("report.inflight"), T("report.inflight.def", num(r.InFlightMean))},
		{T("report.precision"), prec},
	}
	if r.Events > 0 {
		kv = append(kv, []string{T("report.events"), strconv.FormatInt(r.Events, 10)})
	}
	Table(&b, "  ", kv, nil)
	b.WriteByte('\n')

	rows := [][]string{{T("report.latency"), T("report.count"), T("report.mean"), "p50", "p90", "p99", "max"}}
	add := func(name string, s model.Summary) {
		rows = append(rows, []string{name, strconv.FormatInt(s.Count, 10), pm(lang, MS(s.MeanMS), s.MeanMS, s.MeanCI),
			pm(lang, MS(s.P50MS), s.P50MS, s.P50CI), pm(lang, MS(s.P90MS), s.P90MS, s.P90CI), pm(lang, MS(s.P99MS), s.P99MS, s.P99CI), MS(s.MaxMS)})
	}
	add(T("report.all"), r.All)
	for _, name := range classNames(r) {
		add(name, r.Classes[name])
	}
	add(T("report.queuewait"), r.QueueWait)
	Table(&b, "  ", rows, []bool{false, true, true, true, true, true, true})
	confidenceLines(&b, lang, r)

	if anyBlocking(r.Loops) {
		b.WriteString("\n" + T("report.loops") + "\n")
		rows := [][]string{{T("report.loop"), T("report.loop.reqs"), T("report.loop.blocking"), T("report.loop.ids")}}
		for _, l := range r.Loops {
			ids := make([]string, len(l.BlockingIDs))
			for i, id := range l.BlockingIDs {
				ids[i] = strconv.FormatInt(id, 10)
			}
			list := strings.Join(ids, ", ")
			if int64(len(ids)) < l.Blocking {
				list += ", …"
			}
			rows = append(rows, []string{strconv.Itoa(l.Loop + 1), strconv.FormatInt(l.Requests, 10), strconv.FormatInt(l.Blocking, 10), list})
		}
		Table(&b, "  ", rows, []bool{true, true, true, false})
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// classNames lists r's classes in scenario order (sorted names if the
// scenario does not list them).
func classNames(r *model.Result) []string {
	var names []string
	for _, c := range r.Scenario.Classes {
		if _, ok := r.Classes[c.Name]; ok {
			names = append(names, c.Name)
		}
	}
	if len(names) == len(r.Classes) {
		return names
	}
	names = names[:0]
	for n := range r.Classes {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func anyBlocking(ls []model.LoopStat) bool {
	for _, l := range ls {
		if l.Blocking > 0 {
			return true
		}
	}
	return false
}

// MS formats milliseconds as every text report does: one decimal below
// 10 s, none above, three below 1 ms.
func MS(v float64) string {
	switch {
	case v == 0:
		return "0"
	case v < 1:
		return strconv.FormatFloat(v, 'f', 3, 64)
	case v < 10000:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

// num formats a rate or a mean count with sensible digits.
func num(v float64) string {
	switch {
	case v >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// Table writes rows in aligned columns, each line after indent and
// without trailing spaces; right[i] right-aligns column i. Widths are
// display widths, so Korean text lines up in a terminal. Cells are made
// printable first (msg.Printable). Every text table of report and plan is
// written by it.
func Table(out *strings.Builder, indent string, rows [][]string, right []bool) {
	// Cells may hold names from files (a scenario's classes): escaped,
	// in place, before their widths are taken.
	for _, r := range rows {
		for i := range r {
			r[i] = msg.Printable(r[i])
		}
	}
	var wid []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(wid) {
				wid = append(wid, 0)
			}
			wid[i] = max(wid[i], Width(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		line.WriteString(indent)
		b := &line
		for i, c := range r {
			pad := strings.Repeat(" ", wid[i]-Width(c))
			last := i == len(r)-1
			if i < len(right) && right[i] {
				b.WriteString(pad + c)
			} else if last {
				b.WriteString(c)
			} else {
				b.WriteString(c + pad)
			}
			if !last {
				b.WriteString("  ")
			}
		}
		out.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// peakKey names the peak-busy figure in the model's words: the virtual
// model's busy lanes are carriers, not threads.
// peakOf is the peak of busy lanes as the run's timeline draws them
// (narrate.BusyPeak, the narration's figure): a loop that only registers
// its waits is not busy. A run without a trace has the engine's count.
func peakOf(r *model.Result) int {
	if r.Trace != nil && len(r.Trace.Records) > 0 {
		return narrate.BusyPeak(r.Trace)
	}
	return r.PeakThreads
}

func peakKey(k model.Kind) string {
	if k == model.Virtual {
		return "report.peak.carrier"
	}
	return "report.peak"
}

// holdKey names the "waiting while holding" legend in the lanes' words:
// a carrier is held by a pinned wait.
func holdKey(lanes []model.LaneKind) string {
	for _, k := range lanes {
		if k == model.LaneCarrier {
			return "report.legend.hold.carrier"
		}
	}
	return "report.legend.hold"
}

// Width is the number of terminal columns s takes: East Asian wide
// characters (Hangul, CJK) take two.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wide(r) {
			n++
		}
	}
	return n
}

func wide(r rune) bool {
	return (r >= 0x1100 && r <= 0x115F) || (r >= 0x2E80 && r <= 0xA4CF) ||
		(r >= 0xAC00 && r <= 0xD7A3) || (r >= 0xF900 && r <= 0xFAFF) ||
		(r >= 0xFE30 && r <= 0xFE4F) || (r >= 0xFF00 && r <= 0xFF60) || (r >= 0xFFE0 && r <= 0xFFE6)
}

// padRight pads s with spaces to display width n.
func padRight(s string, n int) string {
	if w := Width(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
