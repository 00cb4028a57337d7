package report

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// pm writes a figure with its interval as the text reports do: "645.0
// ±2.1%" (the half-width relative to the figure), or the figure alone
// when it has no interval.
func pm(lang msg.Lang, v string, center float64, ci *model.CI) string {
	if ci == nil {
		return v
	}
	return msg.T(lang, "conf.pm", v, PctHalf(ci.Half(center)))
}

// PctHalf formats a relative half-width as a percentage: 2.1, 0.35, 12.
func PctHalf(h float64) string {
	p := h * 100
	switch {
	case math.IsInf(p, 0) || math.IsNaN(p):
		return "∞"
	case p < 1:
		return strconv.FormatFloat(p, 'f', 2, 64)
	case p < 10:
		return strconv.FormatFloat(p, 'f', 1, 64)
	}
	return strconv.FormatFloat(p, 'f', 0, 64)
}

// confidenceLines writes what the intervals rest on: the warm-up left out,
// the batches, whether the run converged and, with a precision goal,
// after how many requests. A burst says its figures are exact.
func confidenceLines(b *strings.Builder, lang msg.Lang, r *model.Result) {
	T := func(k string, a ...any) string { return msg.T(lang, k, a...) }
	if r.Mode != "sim" {
		return
	}
	if r.Converged == nil {
		if r.Scenario.Arrival.Kind == model.Burst {
			b.WriteString("  " + T("conf.exact") + "\n")
		}
		return
	}
	warm := 0
	if r.WarmupRequests != nil {
		warm = *r.WarmupRequests
	}
	if r.Batches > 0 {
		b.WriteString("  " + T("conf.legend", warm, r.Batches, r.BatchSize) + "\n")
	} else {
		b.WriteString("  " + T("conf.few", r.All.Count, warm, minIntervalSamples) + "\n")
	}
	var why []string
	for _, u := range r.Unconverged {
		switch u {
		case "precision":
			why = append(why, T("conf.why.precision", strings.Join(r.Unsettled, ", ")))
		case "requests":
			why = append(why, T("conf.why.requests", r.Requests))
		case "wall":
			why = append(why, T("conf.why.wall", wallCap.String()))
		default:
			why = append(why, T("conf.why."+u))
		}
	}
	conv := T("conf.converged.yes")
	if !*r.Converged {
		conv = T("conf.converged.no", strings.Join(why, "; "))
	}
	rows := [][]string{{T("conf.warmup"), T("conf.warmup.n", warm)}, {T("conf.converged"), conv}}
	Table(b, "  ", rows, nil)
	if r.PrecisionGoal > 0 {
		g := PctHalf(r.PrecisionGoal)
		if *r.Converged {
			b.WriteString("  " + T("conf.goal", g, r.Requests, r.RequestsAsked) + "\n")
		} else {
			b.WriteString("  " + T("conf.goal.not", g, r.Requests, r.RequestsAsked, strings.Join(why, "; ")) + "\n")
		}
	}
}

// Set by the simulator's constants without importing it (report sits
// beside sim, not above it): kept in step by a test.
const (
	minIntervalSamples = 400
	wallCap            = 60 * time.Second
)
