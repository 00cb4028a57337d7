package runner

import (
	"bytes"
	"fmt"
	"math"
	"runtime"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/report"
)

// writeRunHTTPText is `waitlab run`'s text when the HTTP view ran (alone,
// or beside the in-process run with --via both).
func writeRunHTTPText(b *bytes.Buffer, l msg.Lang, t runText) {
	writeRunHTTPPreamble(b, l, t)
	writeRunHTTPHeads(b, l, t)
	b.WriteByte('\n')
	var proc *model.Result
	if t.rep != nil {
		proc = t.rep.Median
	}
	hres := t.http.Median
	writeRunHTTPFigures(b, l, t, proc, hres)
	writeRunHTTPNotes(b, l, t, proc, hres)
	e := hres.Env
	if proc != nil && proc.Env != nil {
		e = proc.Env
	}
	writeRunTail(b, l, t, e)
}

// writeRunHTTPPreamble writes the run's preamble; the scaling line says
// "this machine's N cores", so with pinning it says why N.
func writeRunHTTPPreamble(b *bytes.Buffer, l msg.Lang, t runText) {
	if t.scaling != nil && t.sockets != nil && t.sockets.Pinning != nil {
		var sb bytes.Buffer
		writeRunPreamble(&sb, l, t)
		first, rest, _ := bytes.Cut(sb.Bytes(), []byte("\n"))
		b.Write(first)
		fmt.Fprintf(b, "\n%s\n", msg.T(l, "http.scaled.note", len(t.sockets.Pinning.Target)))
		b.Write(rest)
	} else {
		writeRunPreamble(b, l, t)
	}
}

// writeRunHTTPHeads says what ran: the in-process runs (when any) and the
// HTTP runs, each interrupted or not.
func writeRunHTTPHeads(b *bytes.Buffer, l msg.Lang, t runText) {
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
	fmt.Fprintf(b, "%s\n", msg.T(l, "http.head", t.s.Model, t.s.Requests, len(t.http.Runs)))
	if t.http.Median.Interrupted {
		fmt.Fprintf(b, "%s\n", msg.T(l, "run.interrupted", t.http.Median.Completed, t.http.Median.Requests))
	}
}

// writeRunHTTPFigures writes one run's report, or the table of figures
// beside the model, the in-process run and the published figures.
func writeRunHTTPFigures(b *bytes.Buffer, l msg.Lang, t runText, proc, hres *model.Result) {
	multi := len(t.http.Runs) > 1 || (t.rep != nil && len(t.rep.Runs) > 1)
	if !t.compare && proc == nil && !multi {
		_ = report.WriteText(b, l, hres)
		b.WriteByte('\n')
	} else {
		var rows []report.Compare3Row
		for _, f := range model.Figures(t.s) {
			row := report.Compare3Row{Label: figureLabel(l, f), Model: math.NaN(), Process: math.NaN(), HTTP: math.NaN(), Ref: math.NaN()}
			if t.compare && !model.RealFigure(f.Key) {
				row.Model = f.Get(t.model)
			}
			if proc != nil {
				row.Process = f.Get(proc)
			}
			if HTTPMeasures(f.Key) {
				row.HTTP = f.Get(hres)
			}
			if v, ok := t.ref[f.Key]; ok {
				row.Ref = v
			}
			rows = append(rows, row)
		}
		_ = report.WriteCompare3(b, l, rows, t.compare, proc != nil, true)
		if len(t.ref) > 0 {
			if p, ok := model.LookupPreset(t.preset); ok {
				fmt.Fprintf(b, "%s\n", msg.T(l, "run.ref.note", msg.T(l, p.Source)))
			}
		}
		if multi {
			fmt.Fprintf(b, "%s\n", msg.T(l, "http.median", max(len(t.http.Runs), runsOf(t.rep))))
		}
		b.WriteByte('\n')
	}
}

// writeRunHTTPNotes writes the stalls, threads, CPU attribution and
// sockets notes; with both views, each one's notes under its name.
func writeRunHTTPNotes(b *bytes.Buffer, l msg.Lang, t runText, proc, hres *model.Result) {
	section := func(label string, write func(*bytes.Buffer)) {
		if proc == nil {
			write(b)
			return
		}
		var sb bytes.Buffer
		write(&sb)
		fmt.Fprintf(b, "%s\n%s\n", msg.T(l, label), indent(sb.String(), "  "))
	}
	if proc != nil {
		section("http.label.process", func(b *bytes.Buffer) {
			writeRunStalls(b, l, t, proc.Stalls)
			fmt.Fprintf(b, "%s\n", msg.T(l, "run.threads.note", proc.OSThreadsPeak, proc.CPUMS))
		})
	}
	section("http.label.http", func(b *bytes.Buffer) {
		if hres.Stalls != nil {
			ht := t
			ht.first = nil // states and stacks are the in-process run's
			writeRunStalls(b, l, ht, hres.Stalls)
		}
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.threads.note", hres.OSThreadsPeak, hres.CPUMS))
		writeAttribution(b, l, t.s, hres.CPUMS, t.sockets)
		writeSockets(b, l, t.s, t.sockets)
	})
}

func runsOf(rep *Repeated) int {
	if rep == nil {
		return 0
	}
	return len(rep.Runs)
}

// writeAttribution says where a real run's time over the floor can go
// that the model leaves out: the connections' set-up, the target's CPU
// on the cores it was pinned to and, when measured, the generator's CPU on
// its own (per request, so the columns explain themselves).
func writeAttribution(b *bytes.Buffer, l msg.Lang, s model.Scenario, cpuMS float64, sk *HTTPSockets) {
	if sk == nil || s.Requests <= 0 || cpuMS <= 0 {
		return
	}
	cores := runtime.NumCPU()
	if sk.Pinning != nil && len(sk.Pinning.Target) > 0 {
		cores = len(sk.Pinning.Target)
	}
	perReq := 1000 * cpuMS / float64(s.Requests)
	if g := sk.GeneratorCPUMS; g > 0 {
		// The generator's share too: in a burst of fresh connections
		// its core sets them up, and that is as much of the makespan
		// as the target's CPU.
		gcores := runtime.NumCPU()
		if sk.Pinning != nil && len(sk.Pinning.Generator) > 0 {
			gcores = len(sk.Pinning.Generator)
		}
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.attribution.gen", sk.ConnectP50MS, sk.ConnectMaxMS, cpuMS, cores, perReq, g, gcores, 1000*g/float64(s.Requests)))
		return
	}
	fmt.Fprintf(b, "%s\n", msg.T(l, "http.attribution", sk.ConnectP50MS, sk.ConnectMaxMS, cpuMS, cores, perReq))
}

// writeSockets writes what only sockets show: connections, the kernel's
// accept-queue counters, pinning, placement, the server and the index
// check.
func writeSockets(b *bytes.Buffer, l msg.Lang, s model.Scenario, sk *HTTPSockets) {
	if sk == nil {
		return
	}
	writeConnections(b, l, s, sk)
	writeKernelPinning(b, l, sk)
	writePlacement(b, l, s, sk)
	if sk.Server.Engine.IsJVM() {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.server", sk.Server.Describe(l)))
		if sk.ServerReport != nil {
			fmt.Fprintf(b, "%s\n", sk.ServerReport.Describe(l))
		}
	}
	writeIndexCheck(b, l, sk)
}

// WriteLoadSockets writes the sockets' part of a scenario load's text
// (`waitlab load --scenario`): the lines of a run over HTTP that the load
// alone measures (connections, placement, the index check; no target of
// ours, so no kernel counters, pinning or server).
func WriteLoadSockets(b *bytes.Buffer, l msg.Lang, s model.Scenario, sockets loadgen.Sockets) {
	sk := &HTTPSockets{Sockets: sockets, Placement: placement(s, sockets)}
	writeConnections(b, l, s, sk)
	writePlacement(b, l, s, sk)
	writeIndexCheck(b, l, sk)
}

func writeConnections(b *bytes.Buffer, l msg.Lang, s model.Scenario, sk *HTTPSockets) {
	fmt.Fprintf(b, "%s\n", msg.T(l, "http.sockets", sk.Connections, sk.ConnCap, sk.ConnectP50MS, sk.ConnectMaxMS, sk.Refused, sk.Reset, sk.Failed))
	if len(sk.Errors) > 0 {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.errors", report.CountList(sk.Errors, "%s %d")))
	}
	if sk.Capped {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.capped", s.Requests, sk.ConnCap, sk.Connections))
	}
}

func writeKernelPinning(b *bytes.Buffer, l msg.Lang, sk *HTTPSockets) {
	if k := sk.Kernel; k.Known {
		eff := k.Backlog
		if k.Somaxconn > 0 {
			eff = min(eff, k.Somaxconn)
		}
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.kernel", k.ListenOverflows, k.ListenDrops, k.Somaxconn, k.Backlog, eff))
	} else {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.kernel.unknown", k.Backlog))
	}
	if p := sk.Pinning; p != nil && p.Failed != "" {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.pin.failed", p.Failed))
	} else if p != nil {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.pin", p.Generator, p.Target))
	} else {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.nopin"))
	}
}

func writePlacement(b *bytes.Buffer, l msg.Lang, s model.Scenario, sk *HTTPSockets) {
	switch sk.Placement {
	case "shared":
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.placement.shared"))
	case "mismatch":
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.placement.mismatch", sk.LoopMismatch, report.JoinInts(sk.ByLoop)))
	default:
		if s.Model.HasLoops() {
			fmt.Fprintf(b, "%s\n", msg.T(l, "http.placement.ok", report.JoinInts(sk.ByLoop)))
		}
	}
}

func writeIndexCheck(b *bytes.Buffer, l msg.Lang, sk *HTTPSockets) {
	if sk.IndexMismatch+sk.ClassMismatch+sk.Untagged == 0 {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.check.ok"))
	} else {
		fmt.Fprintf(b, "%s\n", msg.T(l, "http.check.bad", sk.IndexMismatch, sk.ClassMismatch, sk.Untagged))
	}
}
