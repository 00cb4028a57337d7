package runner

// The text of a run, for `waitlab run` (and whoever prints an Outcome):
// the scenario, what ran, the figures (alone, or beside the model, the
// other views and the published figures), the stalls, threads and CPU, the
// sockets over HTTP, the JVM's facts, the warnings and the environment.
// Tables and the JVM's facts come from report; this assembles them for an
// Outcome, whose views report cannot see (sockets, pinning, servers).

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/report"
	"github.com/waitlab/waitlab/internal/watchdog"
)

// TextOptions say how an Outcome's text is written.
type TextOptions struct {
	// Compare puts the model's figures beside the measured ones.
	Compare bool
	// Warmup says the runs followed an uncounted warm-up run.
	Warmup bool
	// Stacks prints the stack of the worst loop stall.
	Stacks bool
	// Preset names the preset the published figures come from.
	Preset string
	// Cores is this machine's (sysinfo.Cores), for the warnings.
	Cores int
}

// WriteText writes out's text in l.
func WriteText(b *bytes.Buffer, l msg.Lang, out *Outcome, o TextOptions) {
	writeRunText(b, l, runText{
		s: out.Scenario, rep: out.Repeated, model: out.Model, compare: o.Compare, ref: out.Reference, preset: o.Preset,
		scaling: out.Scaling, warmup: o.Warmup, stacks: o.Stacks, first: out.MedianRun, cores: o.Cores,
		http: out.HTTPRepeated, sockets: out.Sockets, jvm: out.JVMRepeated,
	})
}

type runText struct {
	s       model.Scenario
	rep     *Repeated
	model   *model.Result
	compare bool
	ref     map[string]float64
	preset  string
	scaling *Scaling
	warmup  bool
	stacks  bool
	first   *live.ChildResponse
	cores   int // this machine's, for the warnings
	// The HTTP view, when run (text_http.go); rep is nil with --via http.
	http    *Repeated
	sockets *HTTPSockets
	// The JVM view, when run (text_jvm.go); rep is the Go run's, or nil.
	jvm *Repeated
}

func writeRunText(b *bytes.Buffer, l msg.Lang, t runText) {
	if t.jvm != nil {
		writeRunJVMText(b, l, t) // text_jvm.go
		return
	}
	if t.http != nil {
		writeRunHTTPText(b, l, t) // text_http.go
		return
	}
	measured := t.rep.Median
	writeRunPreamble(b, l, t)
	head := "run.head"
	if !t.warmup {
		head = "run.head.nowarm"
	}
	fmt.Fprintf(b, "%s\n", msg.T(l, head, t.s.Model, lanesPhrase(l, t.s), t.s.Requests, len(t.rep.Runs)))
	if measured.Interrupted {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.interrupted", measured.Completed, measured.Requests))
	}
	b.WriteByte('\n')
	if !t.compare {
		_ = report.WriteText(b, l, measured)
		b.WriteByte('\n')
	}
	multi := len(t.rep.Runs) > 1
	if t.compare || multi {
		var rows []report.CompareRow
		for _, f := range model.Figures(t.s) {
			row := report.CompareRow{Label: figureLabel(l, f), Model: math.NaN(), Real: f.Get(measured),
				Min: math.NaN(), Max: math.NaN(), Ref: math.NaN()}
			if t.compare && !model.RealFigure(f.Key) {
				row.Model = f.Get(t.model)
			}
			if multi {
				rg := t.rep.Range[f.Key]
				row.Min, row.Max = rg.Min, rg.Max
			}
			if v, ok := t.ref[f.Key]; ok {
				row.Ref = v
			}
			rows = append(rows, row)
		}
		_ = report.WriteCompare(b, l, rows, t.compare, multi)
		if len(t.ref) > 0 {
			if p, ok := model.LookupPreset(t.preset); ok {
				fmt.Fprintf(b, "%s\n", msg.T(l, "run.ref.note", msg.T(l, p.Source)))
			}
		}
		b.WriteByte('\n')
	}
	writeRunStalls(b, l, t, measured.Stalls)
	fmt.Fprintf(b, "%s\n", msg.T(l, "run.threads.note", measured.OSThreadsPeak, measured.CPUMS))
	writeRunTail(b, l, t, measured.Env)
}

// writeRunPreamble writes the scaling line and the scenario.
func writeRunPreamble(b *bytes.Buffer, l msg.Lang, t runText) {
	if sc := t.scaling; sc != nil {
		if sc.OffloadPool[0] > 0 {
			fmt.Fprintf(b, "%s\n\n", msg.T(l, "run.scaled.pool", sc.Loops[0], sc.Loops[1], sc.Requests[0], sc.Requests[1], sc.OffloadPool[0], sc.OffloadPool[1], sc.Factor))
		} else {
			fmt.Fprintf(b, "%s\n\n", msg.T(l, "run.scaled", sc.Loops[0], sc.Loops[1], sc.Requests[0], sc.Requests[1], sc.Factor))
		}
	}
	_ = report.WriteScenario(b, l, t.s)
	b.WriteByte('\n')
}

// writeRunStalls writes what the watchdog saw (states and stacks from the
// in-process median run, t.first, when there is one).
func writeRunStalls(b *bytes.Buffer, l msg.Lang, t runText, st *model.Stalls) {
	if st == nil {
		return
	}
	if st.Count == 0 {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.stalls.none", st.ThresholdMS))
	} else {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.stalls", st.ThresholdMS, st.Count, st.WorstMS, st.WorstLoop+1, st.WorstReq, report.JoinInts(st.PerLoop)))
		if t.first != nil && len(t.first.StallStates) > 0 {
			ss := t.first.StallStates
			fmt.Fprintf(b, "%s\n", msg.T(l, "run.stalls.states", ss[watchdog.StateBlocked], ss[watchdog.StateRunning], ss[""]))
		}
	}
	if t.stacks && t.first != nil && len(t.first.Stalls) > 0 && t.first.Stalls[0].Stack != "" {
		fmt.Fprintf(b, "%s\n", indent(t.first.Stalls[0].Stack, "    "))
	}
}

// writeRunTail writes the warnings and the environment.
func writeRunTail(b *bytes.Buffer, l msg.Lang, t runText, e *model.Env) {
	for _, w := range live.Warnings(t.s, t.cores) {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.warning", w.Text(l)))
	}
	if e != nil {
		cg := ""
		if e.CgroupCPUs > 0 {
			cg = msg.T(l, "run.env.cgroup", e.CgroupCPUs)
		}
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.env", e.CPUModel, e.GoVersion, e.GOMAXPROCS, e.NumCPU, cg, e.KernelRelease))
	}
}

func figureLabel(l msg.Lang, f model.Figure) string {
	if f.Class != "" {
		return msg.T(l, "run.fig.class", f.Class, msg.T(l, "run.fig."+strings.TrimPrefix(f.Key, f.Class+".")))
	}
	return msg.T(l, "run.fig."+f.Key)
}

// lanesPhrase says what a real run runs on, in the model's words:
// threads, loops (and offload threads) or carriers.
func lanesPhrase(l msg.Lang, s model.Scenario) string {
	if s.Model == model.Offload {
		return msg.T(l, "run.lanes.offload", s.Threads, s.OffloadPool)
	}
	if s.FanoutPool > 0 {
		return msg.T(l, "run.lanes.pool.fanout", s.Threads, s.FanoutPool)
	}
	return msg.T(l, "run.lanes."+string(s.Model), s.Threads)
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+pre)
}
