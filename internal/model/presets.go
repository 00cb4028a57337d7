package model

import (
	"bytes"
	"encoding/json"
	"sort"
	"time"
)

// Preset is a named scenario with where its numbers come from. Description
// text lives in the message catalog under "preset.<name>".
type Preset struct {
	Name     string
	Scenario Scenario
	// Reference is the published measurement this preset reproduces, if
	// any, keyed by figure ("makespan_ms", "p50_ms", ...), for the wait
	// given in RefWait.
	Reference map[string]float64
	RefWait   time.Duration
	// Source is the message catalog key of where the figures come from,
	// cited by the source's title.
	Source string
}

func lab(name string, m Kind, threads, requests int, blocking bool) Scenario {
	return Scenario{
		Name: name, Model: m, Threads: threads, Requests: requests,
		Arrival:   Arrival{Kind: Burst},
		Classes:   []Class{{Name: "normal", Fraction: 1, Wait: FixedDist(2 * time.Second), Blocking: blocking, Fanout: Sequential}},
		Placement: Placement{Kind: Random}, Assign: RoundRobin, Seed: 1,
	}
}

func ch15(name string, m Kind, blocking bool, pool int) Scenario {
	s := Scenario{
		Name: name, Model: m, Threads: 8, OffloadPool: pool, Requests: 2000,
		Arrival:   Arrival{Kind: Burst},
		Placement: Placement{Kind: Spread}, Assign: RoundRobin, Seed: 1,
	}
	cpu := FixedDist(200 * time.Microsecond)
	if !blocking {
		s.Classes = []Class{{Name: "normal", Fraction: 1, CPU: cpu, Fanout: Sequential}}
		return s
	}
	s.Classes = []Class{
		{Name: "normal", Fraction: 0.99, CPU: cpu, Fanout: Sequential},
		{Name: "blocking", Fraction: 0.01, CPU: cpu, Wait: FixedDist(100 * time.Millisecond), Blocking: true, Fanout: Sequential},
	}
	return s
}

const (
	srcLab  = "preset.src.lab"
	srcCh15 = "preset.src.ch15"
)

var presets = []Preset{
	{Name: "lab-pool", Scenario: lab("lab-pool", Pool, 4, 12, false),
		Reference: map[string]float64{"makespan_ms": 619}, RefWait: 200 * time.Millisecond, Source: srcLab},
	{Name: "lab-loop", Scenario: lab("lab-loop", Loop, 2, 12, false),
		Reference: map[string]float64{"makespan_ms": 201}, RefWait: 200 * time.Millisecond, Source: srcLab},
	{Name: "lab-loop-blocking", Scenario: lab("lab-loop-blocking", Loop, 2, 12, true),
		Reference: map[string]float64{"makespan_ms": 1227}, RefWait: 200 * time.Millisecond, Source: srcLab},
	{Name: "lab-virtual", Scenario: lab("lab-virtual", Virtual, 2, 12, false),
		Reference: map[string]float64{"makespan_ms": 216}, RefWait: 200 * time.Millisecond, Source: srcLab},
	{Name: "lab-pool-10x30", Scenario: lab("lab-pool-10x30", Pool, 10, 30, false), Source: "preset.src.lab.model"},
	{Name: "ch15-none", Scenario: ch15("ch15-none", Loop, false, 0),
		Reference: map[string]float64{"throughput_rps": 23529, "p50_ms": 39, "p99_ms": 72}, Source: srcCh15},
	{Name: "ch15-onloop", Scenario: ch15("ch15-onloop", Loop, true, 0),
		Reference: map[string]float64{"throughput_rps": 5333, "p50_ms": 129, "p99_ms": 268}, Source: srcCh15},
	{Name: "ch15-offload64", Scenario: ch15("ch15-offload64", Offload, true, 64),
		Reference: map[string]float64{"throughput_rps": 9950, "p50_ms": 42, "p99_ms": 84}, Source: srcCh15},
	{Name: "ch15-offload4", Scenario: ch15("ch15-offload4", Offload, true, 4),
		Reference: map[string]float64{"throughput_rps": 3490, "p50_ms": 41, "p99_ms": 76}, Source: srcCh15},
}

// Presets returns every preset, in display order. The scenarios are
// copies: callers may change them.
func Presets() []Preset {
	out := make([]Preset, len(presets))
	for i, p := range presets {
		out[i] = p
		out[i].Scenario.Classes = append([]Class(nil), p.Scenario.Classes...)
	}
	return out
}

// LookupPreset returns the named preset (a copy) and whether it exists.
func LookupPreset(name string) (Preset, bool) {
	for _, p := range Presets() {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// PresetNames lists the preset names, sorted.
func PresetNames() []string {
	var names []string
	for _, p := range presets {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return names
}

// A Variant is a preset with a few knobs turned, named as a preset of its
// own: the fan-out lab's entries. Overrides is the JSON of an Overrides
// (the web form's and the API's spelling), which the web lab shows as the
// entry's differences from Base. Its description is "preset.<name>".
type Variant struct {
	Name, Base, Overrides string
}

// variants are the fan-out lab's entries: ten downstream calls of 0.2 s
// per request, one after another, in parallel, all in one round trip
// (pipelined) on virtual threads, and in parallel from a pool of 4 whose
// calls run on a fan-out pool of 4 (each request is faster, the batch is
// not: the same thread-time).
var variants = []Variant{
	{"fanout-seq", "lab-virtual", `{"calls":10,"wait":"200ms","fanout":"sequential"}`},
	{"fanout", "lab-virtual", `{"calls":10,"wait":"200ms","fanout":"parallel"}`},
	{"fanout-pool", "lab-pool", `{"calls":10,"wait":"200ms","fanout":"parallel","fanout_pool":4}`},
	{"fanout-pipelined", "lab-virtual", `{"calls":10,"wait":"200ms","fanout":"pipelined"}`},
}

// Variants returns every preset variant, in display order.
func Variants() []Variant { return append([]Variant(nil), variants...) }

// LookupVariant returns the named variant and whether it exists.
func LookupVariant(name string) (Variant, bool) {
	for _, v := range variants {
		if v.Name == name {
			return v, true
		}
	}
	return Variant{}, false
}

// BaseScenario is the variant's base preset's scenario (a copy), named
// after the variant, before its overrides.
func (v Variant) BaseScenario() Scenario {
	p, _ := LookupPreset(v.Base)
	s := p.Scenario
	s.Name = v.Name
	return s
}

// Scenario is the variant resolved: its base with its overrides applied,
// normalized and validated.
func (v Variant) Scenario() (Scenario, error) {
	var o Overrides
	dec := json.NewDecoder(bytes.NewReader([]byte(v.Overrides)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return Scenario{}, err
	}
	return Resolve(v.BaseScenario(), &o)
}
