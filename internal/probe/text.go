package probe

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/plan"
)

// WriteJSON writes res as one JSON object.
func WriteJSON(w io.Writer, res *Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// KindText is a step kind's name in lang (progress lines too).
func KindText(lang msg.Lang, st Step) string { return kindText(lang, st) }

// kindKeys and stopKeys name the catalog entry of each step kind and of
// each reason a probe stopped; anything else reads as a plain step, or as
// a failure.
var (
	kindKeys = map[string]string{"calibrate": "probe.kind.calibrate", "scout": "probe.kind.scout",
		"sweep": "probe.kind.sweep", "bisect": "probe.kind.bisect", "confirm": "probe.kind.confirm", "retake": "probe.kind.retake",
		"check": "probe.kind.check"}
	stopKeys = map[string]string{"breach_bisected": "probe.stopped.bisected", "max_rate": "probe.stopped.max_rate",
		"budget": "probe.stopped.budget", "interrupted": "probe.stopped.interrupted", "sweep_done": "probe.stopped.sweep",
		"refused": "probe.stopped.refused", "errors_only": "probe.stopped.errors_only",
		"too_large": "probe.stopped.too_large"}
)

func kindText(lang msg.Lang, st Step) string {
	return msg.T(lang, keyOr(kindKeys, st.Kind, "probe.kind.step"))
}

func stoppedText(lang msg.Lang, why string) string {
	return msg.T(lang, keyOr(stopKeys, why, "probe.stopped.failed"))
}

func keyOr(keys map[string]string, k, otherwise string) string {
	if key, ok := keys[k]; ok {
		return key
	}
	return otherwise
}

// ShapeText is a shape's name in lang (the web page's heading too).
func ShapeText(lang msg.Lang, name string) string { return shapeText(lang, name) }

func shapeText(lang msg.Lang, s string) string {
	switch Shape(s) {
	case Pool, Serialized, CPU, Generator, Unbounded, LoopBlocked, ConnCap, Undecided:
		return msg.T(lang, "probe.shape."+s)
	}
	return msg.T(lang, "probe.shape.none") // a failed or interrupted probe states no shape
}

func f1(v float64) string {
	if v == 0 {
		return "-"
	}
	return trimNum(v, 1)
}

func resText(n plan.Num) string {
	v := float64(n)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return fmt.Sprintf("%+.0f%%", 100*v)
}

func numText(n plan.Num) string {
	v := float64(n)
	if math.IsNaN(v) {
		return "-"
	}
	return trimNum(v, 1)
}

// StepRows is the steps table: its header and one row per step,
// measured against predicted (the text report's and the web page's).
func StepRows(lang msg.Lang, steps []Step) (head []string, rows [][]string) {
	head = strings.Split(msg.T(lang, "probe.table.head"), "\t")
	for _, st := range steps {
		offered := trimNum(st.OfferedRPS, 0)
		if st.Closed {
			offered = msg.T(lang, "probe.table.vus", st.VUs)
		}
		met := msg.T(lang, "probe.table.met")
		switch {
		case st.Interrupted:
			met = msg.T(lang, "probe.table.cut") // a cut window is judged not at all
		case !st.Met:
			met = msg.T(lang, "probe.table.breached")
		}
		mp50, mp99, mrps, r99 := "-", "-", "-", "-"
		if p := st.Pred; p != nil {
			mp50, mp99, mrps, r99 = trimNum(p.P50MS, 1), trimNum(p.P99MS, 1), trimNum(p.RPS, 0), resText(p.ResP99)
			if st.Pooled != nil {
				r99 += "*"
			}
			if !p.Compared {
				r99 = "(" + r99 + ")"
			}
		}
		ci := "-"
		if st.P99Lo > 0 {
			ci = f1(st.P99Lo) + "–" + f1(st.P99Hi)
		}
		rows = append(rows, []string{strconv.Itoa(st.Index), kindText(lang, st), offered,
			trimNum(st.OKRPS, 0), f1(st.P50MS), f1(st.P99MS), ci, f1(st.SvcMeanMS), trimNum(st.InFlight, 1), trimNum(st.Busy, 1),
			trimNum(st.ErrorPct, 1), trimNum(st.GenCPUPct, 0), trimNum(st.LatePct, 0), met, mp50, mp99, mrps, r99})
	}
	return head, rows
}

// WriteStepsTable writes the steps, measured against predicted.
func WriteStepsTable(w io.Writer, lang msg.Lang, steps []Step) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head, rows := StepRows(lang, steps)
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	return tw.Flush()
}

// Verdict is the one-paragraph verdict.
func VerdictText(lang msg.Lang, res *Result) string {
	var parts []string
	conf := trimNum(100*res.Confidence, 0) + "%"
	switch {
	case res.Interrupted && res.ShapeName == "":
		return msg.T(lang, "probe.verdict.none", msg.T(lang, "probe.verdict.none.interrupted"))
	case res.Failure != nil:
		// No shape; what the target's own side says gave out, if it does.
		parts = append(parts, strings.TrimSuffix(msg.T(lang, "probe.verdict.none", msg.T(lang, "probe.verdict.none.failed")), ".")+".")
		for _, e := range res.Evidence {
			parts = append(parts, e.Text)
		}
		return sentences(lang, parts)
	}
	switch Shape(res.ShapeName) {
	case Pool:
		parts = append(parts, msg.T(lang, "probe.verdict.pool", *res.Limit, conf, num1(res.ServiceMS), num0(*res.CeilingRPS), num0(res.CapacityRPS)))
	case Serialized:
		parts = append(parts, msg.T(lang, "probe.verdict.serialized", num0(*res.CeilingRPS), conf, num2(1e3 / *res.CeilingRPS), num1(res.ServiceMS), num0(res.CapacityRPS)))
	case CPU:
		parts = append(parts, msg.T(lang, "probe.verdict.cpu", num0(*res.CeilingRPS), conf, num1(res.ServiceMS), num0(res.CapacityRPS)))
	case Generator:
		parts = append(parts, msg.T(lang, "probe.verdict.generator", conf))
	case LoopBlocked:
		parts = append(parts, loopVerdict(lang, res, conf))
	case ConnCap:
		parts = append(parts, msg.T(lang, "probe.verdict.conncap", res.ConnCap[0], res.ConnCap[1], conf, num0(res.CapacityRPS)))
	case Undecided:
		// The evidence says what would decide it.
	default:
		parts = append(parts, msg.T(lang, "probe.verdict.unbounded", conf, num1(res.ServiceMS), num0(res.CapacityRPS)))
	}
	if res.RunnerUp != "" {
		parts = append(parts, msg.T(lang, "probe.verdict.runner_up", shapeText(lang, res.RunnerUp)))
	}
	for _, e := range res.Evidence {
		parts = append(parts, e.Text)
	}
	if res.Interrupted {
		// The search ended and gave its verdict (an interrupted search
		// keeps no shape): the interrupt came in the sizing or its
		// confirmation, which concludes nothing.
		parts = append(parts, msg.T(lang, "probe.verdict.stands"))
	}
	return sentences(lang, parts)
}

// sentences joins a verdict's parts into one paragraph. Each part is a
// sentence of its own; in English its first word is capitalised there (the
// catalog writes the parts lowercase, as they also stand alone after a
// label), unless that word is a name or a figure ("p99", "--budget").
func sentences(lang msg.Lang, parts []string) string {
	if lang == msg.EN {
		for i, p := range parts {
			parts[i] = capitalise(p)
		}
	}
	return strings.Join(parts, " ")
}

// capitalise upper-cases s's first letter when its first word is all
// lowercase ASCII letters (with an apostrophe); other words are kept.
func capitalise(s string) string {
	word := s
	if i := strings.IndexAny(s, " :,;."); i >= 0 {
		word = s[:i]
	}
	if word == "" {
		return s
	}
	for _, r := range word {
		if !(r >= 'a' && r <= 'z' || r == '\'') {
			return s
		}
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// WriteText writes the report: the steps table and the verdict, the
// model's fit, the sizing answer and the warnings.
func WriteText(w io.Writer, lang msg.Lang, res *Result) error {
	var b strings.Builder
	fmt.Fprintln(&b, msg.T(lang, "probe.head", res.URL, strings.Join(res.SLOs, ", "), num0(res.MaxRate), num1(res.BudgetS), num1(res.ElapsedS)))
	fmt.Fprintln(&b, msg.T(lang, "probe.method"))
	fmt.Fprintln(&b)
	if err := WriteStepsTable(&b, lang, res.Steps); err != nil {
		return err
	}
	fmt.Fprintln(&b, msg.T(lang, "probe.table.legend"))
	if slices.ContainsFunc(res.Steps, func(st Step) bool { return st.Pooled != nil }) {
		fmt.Fprintln(&b, msg.T(lang, "probe.table.pooled"))
	}
	fmt.Fprintln(&b, msg.T(lang, "probe.stopped", stoppedText(lang, res.Stopped)))
	fmt.Fprintln(&b)
	if res.Failure != nil {
		fmt.Fprintln(&b, msg.T(lang, "probe.failed", res.Failure.Text))
		fmt.Fprintln(&b)
	}
	fmt.Fprintln(&b, msg.T(lang, "probe.verdict.head", shapeText(lang, res.ShapeName)))
	fmt.Fprintln(&b, VerdictText(lang, res))
	fmt.Fprintln(&b)
	if sc := res.Scenario; sc != nil {
		dist := msg.T(lang, "probe.dist.fixed")
		if res.Dist == "exponential" {
			dist = msg.T(lang, "probe.dist.exponential")
		}
		lock := msg.T(lang, "probe.lock.no")
		if sc.SharedLock {
			lock = msg.T(lang, "probe.lock.yes")
		}
		fmt.Fprintln(&b, msg.T(lang, "probe.model.scenario", string(sc.Model), sc.Threads, sc.Classes[0].Wait.String(), sc.Classes[0].CPU.String(), lock, dist))
		if sp := res.Spread; sp != nil {
			if len(sp.From) > 0 {
				fmt.Fprintln(&b, msg.T(lang, "probe.model.spread_light", stepsText(lang, "probe.fit.at_one", "probe.fit.at_many", sp.From), num2(sp.at(0.9)), num2(sp.at(0.99))))
			} else {
				fmt.Fprintln(&b, msg.T(lang, "probe.model.spread", num2(sp.at(0.9)), num2(sp.at(0.99))))
			}
		}
		if cf := res.Closed; cf != nil {
			fmt.Fprintln(&b, msg.T(lang, "probe.model.closed", cf.Kind, cf.Servers, num2(cf.HoldMS)))
		}
		if u := res.USL; u != nil {
			fmt.Fprintln(&b, msg.T(lang, "probe.model.usl", trimNum(u.Sigma, 4), trimNum(u.Kappa, 6), numText(u.NStar), num0(u.Peak), u.Points))
		}
	}
	for _, n := range res.Notes {
		fmt.Fprintln(&b, "- "+n.Text)
	}
	if a := res.Size; a != nil {
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, msg.T(lang, "probe.size.head", a.Question))
		fmt.Fprintln(&b, a.Note.Text)
	}
	if c := res.Confirm; c != nil {
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, msg.T(lang, "probe.confirm.head"))
		if err := WriteStepsTable(&b, lang, []Step{*c}); err != nil {
			return err
		}
	}
	if len(res.Warnings) > 0 {
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, msg.T(lang, "probe.warnings"))
		for _, n := range res.Warnings {
			fmt.Fprintln(&b, "- "+n.Text)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteScenario writes the fitted scenario as YAML, the file sim -f,
// plan -f and the web lab read.
func WriteScenario(w io.Writer, res *Result) error {
	if res.Scenario == nil {
		return fmt.Errorf("probe: no fitted scenario (shape %s)", res.ShapeName)
	}
	b, err := yaml.Marshal(res.Scenario)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "# %s\n%s", res.Scenario.Description, b)
	return err
}

// ProgressText is a step's progress line (without the carriage return
// and padding the terminal's needs trimmed): its load while it runs, and
// once done what it completed, its p99 and its mark. A cut window is
// marked cut short, never breached. waitlab probe and the web page both
// print it.
func ProgressText(lang msg.Lang, p Progress) string {
	el, bud := p.Elapsed.Seconds(), p.Budget.Seconds()
	if !p.Done {
		return msg.T(lang, "probe.progress", el, bud, p.Step.Index, KindText(lang, p.Step), LoadText(lang, p.Step))
	}
	mark := msg.T(lang, "probe.table.met")
	switch {
	case p.Step.Interrupted:
		mark = msg.T(lang, "probe.table.cut")
	case !p.Step.Met:
		mark = msg.T(lang, "probe.table.breached")
	}
	return msg.T(lang, "probe.progress.done", el, bud, p.Step.Index, KindText(lang, p.Step),
		num0(p.Step.OKRPS), time.Duration(p.Step.P99MS*1e6).Round(100*time.Microsecond).String(), mark)
}
