package baseline

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
)

// Finding is one condition that differs between the two runs, or is
// unknown, so the comparison may not be like for like. Key names the
// condition ("placement", "gen_cpu", "kernel", "arrival",
// "target_lock", ...); Base and Cand are its values on each side as
// recorded (language-neutral: CPU lists, numbers, settings; "?" unknown).
// For "placement", BaseKind and CandKind say apart, shared, remote or
// unknown. Expected marks a condition the comparison changes on purpose
// (Options.Expected): reported, but no warning.
type Finding struct {
	Key      string `json:"key"`
	Base     string `json:"baseline"`
	Cand     string `json:"candidate"`
	BaseKind string `json:"baseline_kind,omitempty"`
	CandKind string `json:"candidate_kind,omitempty"`
	Expected bool   `json:"expected,omitempty"`
}

// Placements (Finding.BaseKind, CandKind).
const (
	PlaceApart   = "apart"   // generator and target on disjoint CPUs of one machine
	PlaceShared  = "shared"  // they may run on a CPU in common
	PlaceRemote  = "remote"  // the target is on another machine
	PlaceUnknown = "unknown" // a local target whose CPUs were not recorded
	PlaceMixed   = "mixed"   // the runs of one side differ
)

// Fairness limits: beyond these the two runs are not like for like.
const (
	genCPUDiff     = 10.0 // points of the generator's allowed CPU
	genCPUMax      = 80.0 // % of the allowed CPU: the generator may be the limit
	neighbourDiff  = 15.0 // points of the machine's CPU
	durationSlackS = 1.0  // seconds, or 10% of the window
)

// fairness compares the recorded conditions of the two sides.
func fairness(base, cand []*loadresult.Result, mb, mc *loadresult.Result, expected []string) []Finding {
	var out []Finding
	add := func(f Finding) {
		f.Expected = slices.Contains(expected, f.Key)
		out = append(out, f)
	}
	// Where the generator ran, and whether the target shared its CPU.
	kb, vb := placement(base)
	kc, vc := placement(cand)
	if kb != kc || kb == PlaceUnknown || kb == PlaceMixed || vb != vc && kb != PlaceRemote {
		add(Finding{Key: "placement", Base: vb, Cand: vc, BaseKind: kb, CandKind: kc})
	}
	// Priority over the neighbours (nice), of the generator and the target.
	if nb, nc := niceString(base), niceString(cand); nb != nc || strings.Contains(nb, " / ") {
		add(Finding{Key: "nice", Base: nb, Cand: nc})
	}
	// The generator's CPU share.
	gb, gc := genShare(mb), genShare(mc)
	if math.IsNaN(gb) || math.IsNaN(gc) || math.Abs(gb-gc) > genCPUDiff || gb > genCPUMax || gc > genCPUMax {
		add(Finding{Key: "gen_cpu", Base: pctOrUnknown(gb), Cand: pctOrUnknown(gc)})
	}
	// Everything recorded as a setting: compared over every run.
	for _, fld := range fields {
		sb, sc := values(base, fld.get), values(cand, fld.get)
		if sb != sc || strings.Contains(sb, " / ") {
			add(Finding{Key: fld.key, Base: sb, Cand: sc})
		}
	}
	// Duration: the window, within a second or 10%.
	wb, wc := mb.Window().Seconds(), mc.Window().Seconds()
	if math.Abs(wb-wc) > max(durationSlackS, 0.1*max(wb, wc)) {
		add(Finding{Key: "duration", Base: secs(wb), Cand: secs(wc)})
	}
	// The neighbours: the machine's CPU that was neither generator nor
	// target, and the load average before the run.
	nb, nc := neighbours(mb), neighbours(mc)
	if math.IsNaN(nb) != math.IsNaN(nc) || math.Abs(nb-nc) > neighbourDiff {
		add(Finding{Key: "neighbours", Base: pctOrUnknown(nb) + loadAvgNote(base), Cand: pctOrUnknown(nc) + loadAvgNote(cand)})
	}
	// The target's own settings, from its /metrics.
	ib, ic := targetInfo(base), targetInfo(cand)
	switch {
	case ib == nil && ic == nil:
	case ib == nil || ic == nil:
		delete(ib, "pid")
		delete(ic, "pid")
		add(Finding{Key: "target_info", Base: infoString(ib), Cand: infoString(ic)})
	default:
		var keys []string
		for k := range ib {
			keys = append(keys, k)
		}
		for k := range ic {
			if _, ok := ib[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if k == "pid" {
				continue // a process id, not a setting
			}
			if ib[k] != ic[k] {
				add(Finding{Key: "target_" + k, Base: orUnknown(ib[k]), Cand: orUnknown(ic[k])})
			}
		}
	}
	if mb.Interrupted || mc.Interrupted {
		add(Finding{Key: "interrupted", Base: strconv.FormatBool(mb.Interrupted), Cand: strconv.FormatBool(mc.Interrupted)})
	}
	return out
}

// field is a recorded condition compared as a string.
type field struct {
	key string
	get func(r *loadresult.Result) string
}

var fields = []field{
	{"host", func(r *loadresult.Result) string { return r.Host }},
	{"cpu_model", func(r *loadresult.Result) string { return r.Env.CPUModel }},
	{"kernel", func(r *loadresult.Result) string { return r.Env.KernelRelease }},
	{"cores", func(r *loadresult.Result) string { return strconv.Itoa(r.CPU.MachineCPUs) }},
	{"cgroup", func(r *loadresult.Result) string { return strconv.FormatFloat(r.Env.CgroupCPUs, 'g', 4, 64) }},
	{"load_model", func(r *loadresult.Result) string { return r.Model }},
	{"arrival", func(r *loadresult.Result) string { return r.Arrival }},
	{"stages", func(r *loadresult.Result) string { return r.Stages }},
	{"think", func(r *loadresult.Result) string { return time.Duration(r.ThinkNS).String() }},
	{"connections", func(r *loadresult.Result) string {
		if !r.ConnectionsGiven && r.Model == "open" {
			return "auto"
		}
		return strconv.Itoa(r.Connections)
	}},
	{"targets", func(r *loadresult.Result) string { return strconv.Itoa(r.Targets) }},
	{"timeout", func(r *loadresult.Result) string { return time.Duration(r.TimeoutNS).String() }},
	{"engine", func(r *loadresult.Result) string { return r.Engine }},
	{"warmup", func(r *loadresult.Result) string { return time.Duration(r.WarmupNS).String() }},
	{"version", func(r *loadresult.Result) string { return r.Env.Version }},
}

// values returns the distinct values of get over rs, joined by " / ".
func values(rs []*loadresult.Result, get func(*loadresult.Result) string) string {
	var vs []string
	for _, r := range rs {
		v := get(r)
		if v == "" {
			v = "?"
		}
		if !slices.Contains(vs, v) {
			vs = append(vs, v)
		}
	}
	return strings.Join(vs, " / ")
}

// placement is a side's generator placement: its kind and the CPU lists
// ("gen 1, target 0").
func placement(rs []*loadresult.Result) (kind, lists string) {
	var kinds, ls []string
	for _, r := range rs {
		k, l := placeOf(r)
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
		if !slices.Contains(ls, l) {
			ls = append(ls, l)
		}
	}
	if len(kinds) > 1 {
		return PlaceMixed, strings.Join(ls, " / ")
	}
	return kinds[0], strings.Join(ls, " / ")
}

func placeOf(r *loadresult.Result) (kind, lists string) {
	c := r.Conditions
	gen, tgt := "?", "?"
	if c != nil && c.GenCPUs != "" {
		gen = c.GenCPUs
	}
	if c != nil && c.TargetCPUs != "" {
		tgt = c.TargetCPUs
	}
	if !r.TargetLocal {
		return PlaceRemote, "gen " + gen + ", target remote"
	}
	lists = "gen " + gen + ", target " + tgt
	g, okG := parseCPUList(gen)
	t, okT := parseCPUList(tgt)
	if !okG || !okT {
		return PlaceUnknown, lists
	}
	for cpu := range g {
		if t[cpu] {
			return PlaceShared, lists
		}
	}
	return PlaceApart, lists
}

// parseCPUList parses a kernel CPU list ("0-3,8,10-11").
func parseCPUList(s string) (map[int]bool, bool) {
	if s == "" || s == "?" {
		return nil, false
	}
	out := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return nil, false
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a || b-a > 1<<16 {
				return nil, false
			}
		}
		for i := a; i <= b; i++ {
			out[i] = true
		}
	}
	return out, true
}

// genShare is the generator's CPU over the window, % of what it may use.
func genShare(r *loadresult.Result) float64 {
	if r.WindowNS <= 0 || r.CPU.GenAllowed <= 0 {
		return math.NaN()
	}
	return 100 * float64(r.CPU.GenNS) / (float64(r.WindowNS) * r.CPU.GenAllowed)
}

// neighbours is the machine's CPU used by neither the generator nor the
// target over the window, % of the machine (NaN unknown: no /proc/stat,
// or a local target whose CPU was not read).
func neighbours(r *loadresult.Result) float64 {
	c := r.CPU
	if c.MachineNS <= 0 {
		return math.NaN()
	}
	others := c.MachineBusyNS - c.GenNS
	if r.TargetLocal {
		if c.TargetNS < 0 {
			return math.NaN()
		}
		others -= c.TargetNS
	}
	return max(100*float64(others)/float64(c.MachineNS), 0)
}

// niceString is a side's nice values: "gen 0, target -19" ("?" unknown).
func niceString(rs []*loadresult.Result) string {
	return values(rs, func(r *loadresult.Result) string {
		g, t := "?", "?"
		if c := r.Conditions; c != nil {
			if c.GenNice != nil {
				g = strconv.Itoa(*c.GenNice)
			}
			if c.TargetNice != nil {
				t = strconv.Itoa(*c.TargetNice)
			}
		}
		return "gen " + g + ", target " + t
	})
}

func loadAvgNote(rs []*loadresult.Result) string {
	var vs []string
	for _, r := range rs {
		if c := r.Conditions; c != nil && len(c.LoadAvg) > 0 {
			vs = append(vs, strconv.FormatFloat(c.LoadAvg[0], 'f', 2, 64))
		}
	}
	if len(vs) == 0 {
		return ""
	}
	return " (load " + strings.Join(vs, " / ") + ")"
}

// targetInfo is a side's target settings (nil unknown); runs that differ
// give their values joined.
func targetInfo(rs []*loadresult.Result) map[string]string {
	var out map[string]string
	for _, r := range rs {
		if r.Conditions == nil || r.Conditions.TargetInfo == nil {
			return nil
		}
		if out == nil {
			out = map[string]string{}
			for k, v := range r.Conditions.TargetInfo {
				out[k] = v
			}
			continue
		}
		for k, v := range r.Conditions.TargetInfo {
			if out[k] != v && !slices.Contains(strings.Split(out[k], " / "), v) {
				out[k] += " / " + v
			}
		}
	}
	return out
}

func infoString(m map[string]string) string {
	if m == nil {
		return "?"
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(k + "=" + m[k])
	}
	return b.String()
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func pctOrUnknown(v float64) string {
	if math.IsNaN(v) {
		return "?"
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + "%"
}

func secs(s float64) string { return strconv.FormatFloat(s, 'f', 1, 64) + " s" }

// CheckExpected refuses a name in expected (Options.Expected, the
// --changed flag) that is no condition the comparison reports, so a
// misspelled one is not ignored in silence. A name is a Finding.Key of
// findingKeys, or "target_" and a key of the target information the
// results record; with no results, any "target_" name passes (the
// candidate's information is not known before its run). The error is an
// *InputError listing the names there are.
func CheckExpected(expected []string, results ...[]*loadresult.Result) error {
	known := slices.Sorted(maps.Keys(findingKeys))
	var target []string
	for _, rs := range results {
		for _, r := range rs {
			if r != nil && r.Conditions != nil {
				for k := range r.Conditions.TargetInfo {
					if k != "pid" && !slices.Contains(target, "target_"+k) {
						target = append(target, "target_"+k)
					}
				}
			}
		}
	}
	slices.Sort(target)
	for _, e := range expected {
		switch {
		case slices.Contains(known, e), slices.Contains(target, e):
		case len(results) == 0 && strings.HasPrefix(e, "target_") && len(e) > len("target_"):
		default:
			list := append(slices.Clone(known), target...)
			if len(results) == 0 {
				list = append(list, "target_KEY")
			}
			return &InputError{Key: "baseline.err.changed", File: "--changed", Args: []any{e, strings.Join(list, ", ")}}
		}
	}
	return nil
}
