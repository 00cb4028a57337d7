package jvmexec

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/live"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/stats"
)

// childResult is the child's result.json (Main.java).
type childResult struct {
	Passes []childPass `json:"passes"`
	Facts  childFacts  `json:"facts"`
}

type childPass struct {
	Cold          bool             `json:"cold"`
	Interrupted   bool             `json:"interrupted"`
	Sent          int              `json:"sent"`
	Lanes         int              `json:"lanes"`
	Peak          int              `json:"peak"`
	CPUNs         int64            `json:"cpu_ns"`
	Pinned        int64            `json:"pinned"`
	PinnedReasons map[string]int64 `json:"pinned_reasons"`
	StallNs       int64            `json:"stall_threshold_ns"`
	Stalls        []int64          `json:"stalls"`
	WorstStallNs  int64            `json:"worst_stall_ns"`
	WorstLoop     int              `json:"worst_loop"`
	WorstReq      int64            `json:"worst_req"`
	// Records: [id, class, arrival, start, end (0: not done), lane], ns.
	Records [][6]int64 `json:"records"`
	// Spans: [lane, kind, request, start, end], ns.
	Spans [][5]int64 `json:"spans"`
}

type childFacts struct {
	Version             string   `json:"java_version"`
	Vendor              string   `json:"vendor"`
	VM                  string   `json:"vm"`
	AvailableProcessors int      `json:"available_processors"`
	GC                  []string `json:"gc"`
	Flags               []string `json:"flags"`
	CarriersSeen        int      `json:"carriers_seen"`
	Pin                 string   `json:"pin"`
	PinError            string   `json:"pin_error"`
	CPUClock            string   `json:"cpu_clock"`
}

// decode turns the child's result into the measured pass's Result (the
// last pass; the cold one in JVMFacts.Cold). No pass is ErrInterrupted.
func decode(body []byte, s model.Scenario) (*model.Result, error) {
	var cr childResult
	if err := json.Unmarshal(body, &cr); err != nil {
		return nil, fmt.Errorf("read the JVM's result: %w", err)
	}
	if cr.Facts.PinError != "" {
		return nil, fmt.Errorf("the pinned wait (%s) could not be set up: %s", cr.Facts.Pin, cr.Facts.PinError)
	}
	if len(cr.Passes) == 0 {
		return nil, fmt.Errorf("%w (the JVM was stopped before its first pass)", ErrInterrupted)
	}
	last := cr.Passes[len(cr.Passes)-1]
	res, err := passResult(s, &last, true)
	if err != nil {
		return nil, err
	}
	f := cr.Facts
	facts := &model.JVMFacts{Version: f.Version, Vendor: f.Vendor, VM: f.VM, Flags: f.Flags,
		AvailableProcessors: f.AvailableProcessors, GC: f.GC, CPUClock: f.CPUClock}
	if s.Model == model.Virtual {
		facts.Pin, facts.CarriersSeen = f.Pin, f.CarriersSeen
		if facts.Pin == "none" {
			facts.Pin = ""
		}
		if last.Pinned >= 0 {
			n := last.Pinned
			facts.Pinned, facts.PinnedReasons = &n, last.PinnedReasons
			facts.PinVerdict = pinVerdict(facts.Pin, n, f.Version)
		}
	}
	if len(cr.Passes) > 1 && cr.Passes[0].Cold {
		cold, err := passResult(s, &cr.Passes[0], false)
		if err != nil {
			return nil, err
		}
		facts.Cold = &model.ColdPass{MakespanMS: cold.MakespanMS, P50MS: cold.All.P50MS, P99MS: cold.All.P99MS,
			Completed: cold.Completed, Interrupted: cold.Interrupted}
	}
	if len(cr.Passes) < Passes {
		// Stopped before the measured pass: what stands is the cold one,
		// and it is no measurement of a warm JVM.
		res.Interrupted = true
	}
	res.JVM = facts
	return res, nil
}

// pinVerdict is what the measured JFR count says of a pin mechanism ("" when
// nothing was to pin): pinned when JFR saw a pinned park; for
// synchronized on JDK 24 and later, not pinned by JEP 491; else not pinned.
func pinVerdict(pin string, pinned int64, version string) string {
	switch {
	case pin == "":
		return ""
	case pinned > 0:
		return model.PinVerdictPinned
	case pin == PinSynchronized && jdk.Major(version) >= SyncUnpinned:
		return model.PinVerdictJEP491
	}
	return model.PinVerdictNone
}

// passResult is one pass as a Result, through live.Tally.
func passResult(s model.Scenario, p *childPass, withTrace bool) (*model.Result, error) {
	var trace *model.Trace
	if withTrace && len(p.Spans)+len(p.Records) > 0 && !p.Interrupted {
		trace = &model.Trace{Source: "real", Lanes: Lanes(s)}
		for _, sp := range p.Spans {
			if sp[0] < 0 || int(sp[0]) >= len(trace.Lanes) || sp[1] < int64(model.SpanCPU) || sp[1] > int64(model.SpanReady) {
				return nil, fmt.Errorf("the JVM's span %v is out of range", sp)
			}
			trace.Spans = append(trace.Spans, model.Span{Lane: int32(sp[0]), Kind: model.SpanKind(sp[1]), Req: sp[2],
				Start: time.Duration(sp[3]), End: time.Duration(sp[4])})
		}
	}
	t := live.NewTally(s, trace)
	for _, r := range p.Records {
		c := int(r[1])
		if c < 0 || c >= len(s.Classes) || r[0] < 0 || r[0] >= int64(s.Requests) {
			return nil, fmt.Errorf("the JVM's record %v is out of range", r)
		}
		cl := s.Classes[c]
		t.Add(r[0], c, time.Duration(r[2]), time.Duration(r[3]), time.Duration(r[4]), int32(r[5]), cl.Blocking && cl.CallCount() > 0)
	}
	res := t.Result(p.Peak, p.Interrupted)
	if res.Trace == nil && withTrace && trace != nil {
		res.Trace = trace
	}
	res.Mode = "jvm"
	res.CPUMS = stats.MS(time.Duration(p.CPUNs))
	if s.Model.HasLoops() && p.StallNs > 0 {
		st := &model.Stalls{ThresholdMS: stats.MS(time.Duration(p.StallNs)), WorstMS: stats.MS(time.Duration(p.WorstStallNs)),
			WorstLoop: p.WorstLoop, WorstReq: p.WorstReq, PerLoop: p.Stalls}
		for _, n := range p.Stalls {
			st.Count += n
		}
		res.Stalls = st
	}
	return res, nil
}
