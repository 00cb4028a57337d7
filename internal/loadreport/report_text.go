package loadreport

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/msg"
)

// WriteText writes the human report in lang: what was run, rates,
// latency from the intended send and service time, errors by kind, CPU,
// warnings, and threshold results when any were checked.
func WriteText(w io.Writer, rep *Report, lang msg.Lang, thresholds int) error {
	t := &textReport{rep: rep, lang: lang}
	t.header()
	t.line("")
	t.counts()
	t.line("")
	t.latency()
	t.line("")
	t.resources()
	t.verdicts(thresholds)
	_, err := io.WriteString(w, t.b.String())
	return err
}

// textReport is a text report being written, a section at a time.
type textReport struct {
	b    strings.Builder
	rep  *Report
	lang msg.Lang
}

func (t *textReport) line(s string) { t.b.WriteString(s); t.b.WriteByte('\n') }

// header says what was run: the load, the window, the engine, the
// merged inputs.
func (t *textReport) header() {
	rep, r, lang, line := t.rep, t.rep.res, t.lang, t.line
	if r.Model == "closed" {
		line(msg.T(lang, "load.title.closed", vusOf(r.Arrival), time.Duration(r.ThinkNS).String(), r.URL))
	} else {
		what := r.Arrival
		if r.Stages != "" {
			what = strings.SplitN(r.Arrival, ":", 2)[0] + ", stages " + r.Stages
		}
		line(msg.T(lang, "load.title.open", what, r.URL))
	}
	if r.Interrupted {
		line(msg.T(lang, "load.interrupted"))
	}
	warm := msg.T(lang, "load.warmup.none")
	if r.WarmupNS > 0 {
		warm = msg.T(lang, "load.warmup", time.Duration(r.WarmupNS).String())
	}
	line(msg.T(lang, "load.window", secs1(rep.WindowS), warm,
		time.Duration(r.TimeoutNS).String(), grouped(int64(r.Opened)), grouped(int64(r.Connections))))
	if r.Engine != "" {
		e := msg.T(lang, "load.engine."+r.Engine)
		if why, detail, _ := strings.Cut(r.EngineWhy, ": "); why != "" {
			e += " (" + msg.T(lang, "load.engine.why."+why, detail) + ")"
		}
		line(msg.T(lang, "load.engine", e))
	}
	if r.Files > 1 {
		line(msg.T(lang, "load.merged.files", r.Files))
		for _, in := range r.Inputs {
			id := in.RunID
			if id == "" {
				id = "-"
			}
			line("  " + msg.T(lang, "load.merged.input", in.Name, msg.T(lang, "load.model."+in.Model), in.Arrival, in.URL, startTime(in.Start),
				secs1(time.Duration(in.WindowNS).Seconds()), grouped(in.Requests), id))
		}
	}
}

// counts gives the requests, bytes, warm-up and rates.
func (t *textReport) counts() {
	rep, r, lang, line := t.rep, t.rep.res, t.lang, t.line
	errPct := "0.0%"
	if rep.Requests > 0 {
		errPct = pct(100 * float64(rep.ErrorCount) / float64(rep.Requests))
	}
	line(msg.T(lang, "load.requests", grouped(rep.Requests), grouped(rep.OK), grouped(rep.ErrorCount), errPct))
	if rep.BytesReceived > 0 {
		line(msg.T(lang, "load.bytes", mbytes(rep.BytesReceived)))
	}
	if w := r.Warmup; w != nil {
		kinds := ""
		if len(w.Errors) > 0 {
			parts := []string{}
			for _, k := range sortedErrors(w.Errors) {
				parts = append(parts, errorName(lang, k)+" "+grouped(w.Errors[k]))
			}
			kinds = " (" + strings.Join(parts, ", ") + ")"
		}
		line(msg.T(lang, "load.warmup.counts", grouped(w.Requests), grouped(w.OK), grouped(w.Requests-w.OK), kinds))
	}
	if r.Model == "closed" {
		line(msg.T(lang, "load.rate.closed", num(rep.AchievedRPS), num(rep.OKRPS)))
	} else {
		line(msg.T(lang, "load.rate.open", num(rep.OfferedRPS), num(rep.AchievedRPS), num(rep.OKRPS)))
		line(msg.T(lang, "load.behind", grouped(r.Late), ms(float64(r.MaxLagNS)/1e6), grouped(r.Unsent)))
	}
}

// latency gives the percentiles from the intended send and, for the open
// model, of the service time.
func (t *textReport) latency() {
	rep, r, lang, line := t.rep, t.rep.res, t.lang, t.line
	pcts := func(p Percentiles) string {
		if p.NoData() {
			return "            " + msg.T(lang, "load.pcts.nodata")
		}
		return "            " + msg.T(lang, "load.pcts", ms(p.MinMS), ms(p.MeanMS), ms(p.P50MS), ms(p.P90MS), ms(p.P95MS), ms(p.P99MS), ms(p.P999MS), ms(p.MaxMS))
	}
	if r.Model == "closed" {
		line(msg.T(lang, "load.latency.closed"))
		line(pcts(rep.Latency))
	} else {
		line(msg.T(lang, "load.latency.open"))
		line(pcts(rep.Latency))
		line(msg.T(lang, "load.service.open"))
		line(pcts(rep.ServiceTime))
	}
}

// resources gives the errors by kind, CPU, the target's stalls and memory.
func (t *textReport) resources() {
	rep, r, lang, line := t.rep, t.rep.res, t.lang, t.line
	if len(rep.Errors) > 0 {
		parts := []string{}
		for _, k := range sortedErrors(rep.Errors) {
			parts = append(parts, errorName(lang, k)+" "+grouped(rep.Errors[k]))
		}
		line(msg.T(lang, "load.errors", strings.Join(parts, ", ")))
	}
	cpu := msg.T(lang, "load.cpu", pct(rep.GeneratorCPUPct), num(r.CPU.GenAllowed))
	if rep.TargetCPUPct != nil {
		cpu += msg.T(lang, "load.cpu.target", pct(*rep.TargetCPUPct), r.CPU.TargetFrom)
	}
	if rep.OthersCPUPct != nil {
		cpu += msg.T(lang, "load.cpu.others", pct(*rep.OthersCPUPct))
	}
	line(cpu)
	if st := r.TargetStalls; st != nil {
		line(msg.T(lang, "load.stalls", grouped(st.Count), worstText(lang, st), st.From))
	}
	if r.PeakRSS > 0 {
		line(msg.T(lang, "load.memory", strconv.FormatFloat(float64(r.PeakRSS)/(1<<20), 'f', 1, 64)))
	}
}

// verdicts gives the warnings, then the thresholds' outcome.
func (t *textReport) verdicts(thresholds int) {
	rep, r, lang, line := t.rep, t.rep.res, t.lang, t.line
	if len(rep.Warnings) > 0 {
		line("")
		line(msg.T(lang, "load.warnings"))
		for _, wn := range rep.Warnings {
			line("  [" + wn.Code + "] " + wn.Message)
		}
	}
	switch {
	case thresholds > 0 && r.Interrupted:
		line("")
		line(msg.T(lang, "load.thresholds.interrupted", thresholds))
	case thresholds > 0 && len(rep.Breaches) == 0:
		line("")
		line(msg.T(lang, "load.thresholds.ok", thresholds))
	}
	if len(rep.Breaches) > 0 {
		line("")
		for _, br := range rep.Breaches {
			line(br)
		}
	}
}

func errorName(lang msg.Lang, kind string) string {
	if code, ok := strings.CutPrefix(kind, "status_"); ok {
		return msg.T(lang, "load.err.status", code)
	}
	return msg.T(lang, "load.err."+kind)
}

func secs1(s float64) string { return strconv.FormatFloat(s, 'f', 1, 64) + " s" }

// WriteJSON writes the report as one JSON object.
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return fmt.Errorf("loadgen: write json: %w", err)
	}
	return nil
}

// mbytes prints a byte count in MB with three significant digits.
func mbytes(n int64) string { return num(float64(n)/1e6) + " MB" }
