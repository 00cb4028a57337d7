//go:build linux

package experiment

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// Claims as data: every experiment declares the published claims it
// tests (ClaimDef, with its Experiment), and every run computes a verdict
// for each of them from its own numbers (Judge). The sentence printed
// beside a claim is chosen by that verdict and quotes the numbers it rests
// on (claimNote), so no note can assert an effect the run did not
// measure.
//
// Why before how: the published figures are what a source measured,
// never its illustration (the field report's "2 ms -> 500/s" is
// arithmetic; its measured figures are 76 and 700 TPS). A claim is
// compared as a relative difference, |measured/published - 1| against a
// tolerance stated with its reason; a claim whose 95% interval over the
// repeats straddles that boundary (or the no-effect line) gets no verdict
// but "undecided", because one more run could flip it.

// Verdict is a claim's outcome in one run.
type Verdict string

const (
	// Reproduced: |measured/published - 1| <= tolerance.
	Reproduced Verdict = "reproduced"
	// Direction: the effect has the published sign, its size lies
	// outside the tolerance.
	Direction Verdict = "direction"
	// NotReproduced: no effect, or the opposite one (or, for a level
	// with no "no effect" value, outside the tolerance).
	NotReproduced Verdict = "not_reproduced"
	// NotRun: the condition was not measured in this run (--quick, a
	// missing database, an interrupt).
	NotRun Verdict = "not_run"
	// Undecided: the 95% interval over the repeats spans the tolerance
	// boundary or the no-effect line: run more.
	Undecided Verdict = "undecided"
	// Consistent: a calibrated claim (its inputs were set from published
	// outputs) within the tolerance: the published explanation is
	// arithmetically consistent, which is not a reproduction.
	Consistent Verdict = "consistent"
	// Inconsistent: a calibrated claim outside the tolerance.
	Inconsistent Verdict = "inconsistent"
)

// Verdicts lists the verdicts in display order.
var Verdicts = []Verdict{Reproduced, Consistent, Direction, Inconsistent, NotReproduced, Undecided, NotRun}

// ClaimDef is one published claim, declared with its experiment.
type ClaimDef struct {
	// ID is unique over all experiments ("ls.stall-p50"); the catalog
	// holds "exp.claim.<ID>" (what is compared, a noun phrase) and may
	// hold "exp.claim.<ID>.why" (why this machine differs, printed with
	// a direction or not_reproduced verdict).
	ID string
	// Source is the catalog key of the source section ("exp.src.lab").
	Source string
	// Published is the figure the source measured.
	Published float64
	// Quantity is what is compared: "latency", "throughput", "multiple"
	// (a ratio of two conditions), "share" (a fraction in per cent) or
	// "count".
	Quantity string
	// Unit is printed after the numbers ("ms", "×", "%", "req/s").
	Unit string
	// Digits after the decimal point when printed.
	Digits int
	// Tolerance is relative (0.15 = ±15%); TolWhy is the catalog key of
	// its reason ("exp.tol.<kind>").
	Tolerance float64
	TolWhy    string
	// Null is the value that means "no effect" (1 for a multiple, 0 for
	// a cost); NaN (NoNull) for a level, which has no direction.
	Null float64
	// Calibrated, when not empty, marks a claim whose inputs on the Go
	// engine were derived from its published outputs: the catalog keys
	// ("exp.fig.<name>") of the published figures they came from. Such a
	// claim is consistent or inconsistent, never reproduced (Judge). The
	// JVM engine sets nothing from published outputs, so there it is an
	// ordinary claim.
	Calibrated []string
}

// NoNull marks a level claim: it is reproduced or not, it has no
// direction.
var NoNull = math.NaN()

// Claim is one claim's outcome in one run: `exp run --json`'s claims.
type Claim struct {
	ID       string `json:"id"`
	Source   string `json:"source"`
	What     string `json:"what"`
	Quantity string `json:"quantity"`
	Unit     string `json:"unit,omitempty"`
	// Published, Measured and the interval are numbers (null when not
	// measured); Tolerance is relative.
	Published float64  `json:"published"`
	Measured  *float64 `json:"measured"`
	Low       *float64 `json:"low,omitempty"`
	High      *float64 `json:"high,omitempty"`
	// Coverage is the interval's confidence (0.95, or less with fewer
	// than six runs, where it is the min-max); Runs the values it rests
	// on.
	Coverage     float64 `json:"coverage,omitempty"`
	Runs         int     `json:"runs"`
	Tolerance    float64 `json:"tolerance"`
	ToleranceWhy string  `json:"tolerance_why"`
	Verdict      Verdict `json:"verdict"`
	Note         string  `json:"note"`
	Digits       int     `json:"digits"`
	// Calibrated: this run's inputs were set from the published figures
	// CalibratedFrom (their text in the run's language), so its verdict
	// is consistent or inconsistent, never reproduced.
	Calibrated     bool     `json:"calibrated,omitempty"`
	CalibratedFrom []string `json:"calibrated_from,omitempty"`
	// Engine is what ran the claim's conditions: "go" or "jvm" ("" in
	// tables written before engines: go). JDK and Server echo the JVM
	// engine's JDK and server.
	Engine string `json:"engine,omitempty"`
	JDK    string `json:"jdk,omitempty"`
	Server string `json:"server,omitempty"`
	// Predicted, when set, makes this a mechanism claim: judged against
	// the figure the mechanism predicts from this run's own measurements
	// (the JVM engine's, at its own costs) instead of Published, which
	// stays the source's figure at the source's costs, set beside it.
	Predicted *float64 `json:"predicted,omitempty"`
}

// MedianInterval returns the median of vals (the lower median of an even
// count) and a distribution-free interval for it: the order statistics
// [x(k), x(n-k+1)] with the largest k whose two-sided binomial tail is at
// most 5%, and that coverage; with fewer than six values no k qualifies
// and the interval is the min-max, whose coverage 1 - 2^(1-n) it returns.
func MedianInterval(vals []float64) (med, lo, hi, coverage float64) {
	s := slices.Clone(vals)
	s = slices.DeleteFunc(s, func(v float64) bool { return math.IsNaN(v) })
	n := len(s)
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN(), 0
	}
	slices.Sort(s)
	med = s[(n-1)/2]
	if n == 1 {
		return med, med, med, 0
	}
	// tail(k) = P(B <= k-1), B ~ Binomial(n, 1/2).
	tail := func(k int) float64 {
		p, c := 0.0, 1.0 // c = C(n, i)
		for i := 0; i < k; i++ {
			p += c
			c = c * float64(n-i) / float64(i+1)
		}
		return p / math.Pow(2, float64(n))
	}
	k := 0
	for j := 1; j <= n/2; j++ {
		if 2*tail(j) <= 0.05 {
			k = j
		}
	}
	if k == 0 {
		return med, s[0], s[n-1], 1 - math.Pow(2, float64(1-n))
	}
	return med, s[k-1], s[n-k], 1 - 2*tail(k)
}

// inBand reports whether v is within the claim's tolerance of published.
func (d ClaimDef) inBand(v float64) bool {
	if d.Published == 0 {
		return math.Abs(v) <= d.Tolerance
	}
	return math.Abs(v/d.Published-1) <= d.Tolerance+1e-12
}

// sameSide reports whether v lies on the published side of the null,
// strictly.
func (d ClaimDef) sameSide(v float64) bool {
	if math.IsNaN(d.Null) {
		return false
	}
	return (v-d.Null)*(d.Published-d.Null) > 0
}

// Judge computes the verdict of d from the values of the runs (nil or
// all NaN: not run). The measured value is their median; with two or
// more values an interval (MedianInterval) that straddles the tolerance
// boundary or the no-effect line makes it Undecided.
func Judge(d ClaimDef, vals []float64) Claim {
	c := Claim{ID: d.ID, Quantity: d.Quantity, Unit: d.Unit, Published: d.Published, Tolerance: d.Tolerance, Digits: d.Digits,
		Calibrated: len(d.Calibrated) > 0}
	med, lo, hi, cov := MedianInterval(vals)
	if d.Quantity == "runshare" {
		med, lo, hi, cov = runShare(vals)
	}
	if math.IsNaN(med) {
		c.Verdict = NotRun
		return c
	}
	c.Measured = &med
	for _, v := range vals {
		if !math.IsNaN(v) {
			c.Runs++
		}
	}
	if c.Runs > 1 {
		c.Low, c.High, c.Coverage = &lo, &hi, cov
	}
	c.Verdict = verdictOf(d, med)
	if c.Runs > 1 && (verdictOf(d, lo) != c.Verdict || verdictOf(d, hi) != c.Verdict || d.straddles(lo, hi)) {
		c.Verdict = Undecided
	}
	if c.Calibrated {
		c.Verdict = calibratedVerdict(c.Verdict)
	}
	return c
}

// calibratedVerdict is a calibrated claim's verdict: within the
// tolerance is consistent, outside it (either side) inconsistent; an
// undecided or unmeasured claim stays so.
func calibratedVerdict(v Verdict) Verdict {
	switch v {
	case Reproduced:
		return Consistent
	case Direction, NotReproduced:
		return Inconsistent
	}
	return v
}

// straddles reports whether a boundary of the verdicts (either edge of
// the tolerance band, or the no-effect line) lies strictly inside
// [lo, hi]. The verdicts of lo and hi alone miss an interval that spans
// the whole band: both ends outside it, on the published side, and the
// band inside.
func (d ClaimDef) straddles(lo, hi float64) bool {
	bounds := []float64{d.Published - d.Tolerance, d.Published + d.Tolerance}
	if d.Published != 0 {
		bounds = []float64{d.Published * (1 - d.Tolerance), d.Published * (1 + d.Tolerance)}
	}
	if !math.IsNaN(d.Null) {
		bounds = append(bounds, d.Null)
	}
	for _, b := range bounds {
		if lo < b && b < hi {
			return true
		}
	}
	return false
}

// runShare is the per-cent share of runs whose indicator is 1 (a claim
// such as "8 of 15 runs were slow"), with its Wilson 95% interval.
func runShare(vals []float64) (share, lo, hi, coverage float64) {
	n, k := 0.0, 0.0
	for _, v := range vals {
		if math.IsNaN(v) {
			continue
		}
		n++
		if v != 0 {
			k++
		}
	}
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN(), 0
	}
	p, z := k/n, 1.96
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return 100 * p, 100 * max(0, mid-half), 100 * min(1, mid+half), 0.95
}

// ratioPct pairs two conditions' runs by index: 100 × a[i]/b[i].
func ratioPct(a, b []float64) []float64 {
	out := ratios(a, b)
	for i := range out {
		out[i] *= 100
	}
	return out
}

// diffs pairs two conditions' runs by index and returns a[i] - b[i].
func diffs(a, b []float64) []float64 {
	var out []float64
	for i := 0; i < len(a) && i < len(b); i++ {
		if !math.IsNaN(a[i]) && !math.IsNaN(b[i]) {
			out = append(out, a[i]-b[i])
		}
	}
	return out
}

func verdictOf(d ClaimDef, v float64) Verdict {
	switch {
	case d.inBand(v):
		return Reproduced
	case d.sameSide(v):
		return Direction
	}
	return NotReproduced
}

// fmtClaim formats a claim's number with its unit.
func fmtClaim(v float64, digits int, unit string) string {
	s := Num(v, digits)
	switch unit {
	case "":
		return s
	case "×", "%":
		return s + unit
	}
	return s + " " + unit
}

// claimNote is the sentence printed with a claim: chosen by its verdict,
// quoting the measured value, its interval, the published figure and the
// tolerance; reason is appended for not_run (why it was not run) and, for
// direction and not_reproduced, the claim's own "why" from the catalog.
func claimNote(l msg.Lang, c *Claim, reason string) string {
	what := c.What
	if what == "" {
		what = msg.T(l, "exp.claim."+c.ID)
	}
	ref := c.Published
	if c.Predicted != nil {
		ref = *c.Predicted
	}
	pub := fmtClaim(ref, c.Digits, c.Unit)
	tol := Num(100*c.Tolerance, 0)
	if ref == 0 {
		tol = fmtClaim(c.Tolerance, c.Digits, c.Unit)
	}
	if c.Verdict == NotRun {
		s := msg.T(l, "exp.claim.v.not_run", what, pub)
		if c.Calibrated {
			s += " " + calibratedNote(l, c)
		}
		if reason != "" {
			s += " " + reason
		}
		return s
	}
	meas := fmtClaim(*c.Measured, c.Digits, c.Unit)
	if c.Low != nil {
		meas = msg.T(l, "exp.claim.interval", meas, fmtClaim(*c.Low, c.Digits, c.Unit), fmtClaim(*c.High, c.Digits, c.Unit), Num(100*c.Coverage, 0), c.Runs)
	} else {
		meas = msg.T(l, "exp.claim.onerun", meas)
	}
	key := "exp.claim.v." + string(c.Verdict)
	if ref == 0 && c.Verdict != Undecided && msg.Has(key+".abs") {
		key += ".abs"
	}
	if c.Predicted != nil && msg.Has(key+".pred") {
		key += ".pred"
	}
	s := msg.T(l, key, what, meas, pub, tol)
	if c.Verdict == Direction || c.Verdict == NotReproduced || c.Verdict == Inconsistent {
		k := "exp.claim." + c.ID + ".why"
		if engineOf(*c) == EngineJVM {
			k += ".jvm" // the Go engine's reasons do not apply to the JVM's runs
		}
		if msg.Has(k) {
			s += " " + msg.T(l, k)
		}
	}
	if c.Calibrated {
		s += " " + calibratedNote(l, c)
	}
	if c.Predicted != nil {
		s += " " + msg.T(l, "exp.claim.predicted", fmtClaim(c.Published, c.Digits, c.Unit))
	}
	if reason != "" {
		s += " " + reason
	}
	return s
}

// calibratedNote says from which published figures a calibrated claim's
// inputs were set.
func calibratedNote(l msg.Lang, c *Claim) string {
	return msg.T(l, "exp.claim.calibrated", strings.Join(c.CalibratedFrom, "; "))
}

// claimDef returns the bench's experiment's claim id.
func (r *Bench) claimDef(id string) ClaimDef {
	for _, d := range r.exp.Claims {
		if d.ID == id {
			return d
		}
	}
	panic("experiment " + r.exp.Name + ": undeclared claim " + id)
}

// wanted reports whether the claim is asked for (--only).
func (r *Bench) wanted(id string) bool {
	return len(r.Opt.Only) == 0 || slices.Contains(r.Opt.Only, id)
}

// Wants reports whether any of the claims is asked for: a recipe skips a
// condition no asked-for claim needs. Without --only every condition is
// wanted, whatever it serves (a row that feeds only a note among them).
func (r *Bench) Wants(ids ...string) bool {
	if len(r.Opt.Only) == 0 {
		return true
	}
	for _, id := range ids {
		if r.wanted(id) {
			return true
		}
	}
	return false
}

// Claim judges a declared claim from the runs' values; reason (a
// formatted sentence, "" for none) is appended to its note. A claim
// judged twice keeps the first verdict.
func (r *Bench) Claim(id string, vals []float64, reason string) *Claim {
	return r.judgeClaim(r.claimDef(id), vals, nil, reason)
}

// ClaimPredicted judges a declared claim as a mechanism claim: the runs'
// values against predicted, the figure the mechanism gives from this
// run's own measurements (Claim.Predicted); the published figure is kept
// beside it. A prediction that could not be computed (NaN, not above 0)
// leaves the claim not run with reason.
func (r *Bench) ClaimPredicted(id string, vals []float64, predicted float64, reason string) *Claim {
	d := r.claimDef(id)
	if math.IsNaN(predicted) || predicted <= 0 {
		return r.judgeClaim(d, nil, nil, r.T_("exp.claim.nopredict"))
	}
	if nd := d; !math.IsNaN(d.Null) {
		// A prediction within the tolerance of no effect cannot tell the
		// published effect from none: agreeing with it would call an
		// absent effect reproduced. Such a claim is judged against the
		// published figure, with the prediction quoted.
		nd.Published = d.Null
		if nd.inBand(predicted) {
			return r.judgeClaim(d, vals, nil, joinReason(r.T_("exp.claim.prednull", fmtClaim(predicted, d.Digits, d.Unit)), reason))
		}
	}
	return r.judgeClaim(d, vals, &predicted, reason)
}

func joinReason(a, b string) string {
	if b == "" {
		return a
	}
	return a + " " + b
}

// judgeClaim judges d from vals, against *predicted when set.
func (r *Bench) judgeClaim(d ClaimDef, vals []float64, predicted *float64, reason string) *Claim {
	id := d.ID
	if !r.wanted(id) {
		return nil
	}
	for i := range r.T.Claims {
		if r.T.Claims[i].ID == id {
			return &r.T.Claims[i]
		}
	}
	if r.engine == EngineJVM {
		d.Calibrated = nil // the JVM runs at its own costs: nothing is set from the published outputs
	}
	pub := d.Published
	if predicted != nil {
		d.Published = *predicted
	}
	c := Judge(d, vals)
	c.Published, c.Predicted = pub, predicted
	c.Engine, c.JDK, c.Server = r.engine, r.jdkName, r.server
	for _, k := range d.Calibrated {
		c.CalibratedFrom = append(c.CalibratedFrom, msg.T(r.Opt.Lang, k))
	}
	c.Source = msg.T(r.Opt.Lang, d.Source)
	c.What = msg.T(r.Opt.Lang, "exp.claim."+d.ID)
	c.ToleranceWhy = msg.T(r.Opt.Lang, d.TolWhy)
	c.Note = claimNote(r.Opt.Lang, &c, reason)
	r.T.Claims = append(r.T.Claims, c)
	return &r.T.Claims[len(r.T.Claims)-1]
}

// ClaimNotRun records a declared claim as not run, with why.
func (r *Bench) ClaimNotRun(id, reason string) { r.Claim(id, nil, reason) }

// Verdict returns the verdict of a claim judged in this run ("" when not
// judged yet).
func (r *Bench) Verdict(id string) Verdict {
	for _, c := range r.T.Claims {
		if c.ID == id {
			return c.Verdict
		}
	}
	return ""
}

// finishClaims marks every declared (and asked-for) claim the recipe did
// not judge as not run, and puts the claims in declaration order.
func (r *Bench) finishClaims() {
	why := r.T_("exp.claim.notmeasured")
	if r.T.Skipped != "" {
		why = r.T.Skipped
	}
	for _, d := range r.exp.Claims {
		if r.wanted(d.ID) && r.Verdict(d.ID) == "" {
			r.Claim(d.ID, nil, why)
		}
	}
	order := map[string]int{}
	for i, d := range r.exp.Claims {
		order[d.ID] = i
	}
	slices.SortStableFunc(r.T.Claims, func(a, b Claim) int { return order[a.ID] - order[b.ID] })
}

// ClaimCounts counts the claims of tables by verdict.
func ClaimCounts(ts ...*Table) map[Verdict]int {
	out := map[Verdict]int{}
	for _, t := range ts {
		for _, c := range t.Claims {
			out[c.Verdict]++
		}
	}
	return out
}

// ratios pairs the runs of two conditions by index (independent runs, so
// any pairing is a random one) and returns num[i]/den[i]; pairs with a
// missing or zero denominator are skipped.
func ratios(num, den []float64) []float64 {
	var out []float64
	for i := 0; i < len(num) && i < len(den); i++ {
		if den[i] != 0 && !math.IsNaN(num[i]) && !math.IsNaN(den[i]) {
			out = append(out, num[i]/den[i])
		}
	}
	return out
}

// costs is 100 × (1 - with[i]/without[i]): the per-cent cost of a
// feature, paired by index.
func costs(with, without []float64) []float64 {
	var out []float64
	for _, x := range ratios(with, without) {
		out = append(out, 100*(1-x))
	}
	return out
}

// Vals returns the per-run values of a row's figure (nil when absent).
func (t *Table) Vals(row, col string) []float64 {
	r := t.Row(row)
	if r == nil {
		return nil
	}
	c, ok := r.Cells[col]
	if !ok {
		return nil
	}
	if c.Values == nil && c.Runs == 1 {
		return []float64{c.Median}
	}
	return c.Values
}

// ValidateOnly checks --only's claim ids against the experiment's
// declared claims and returns the unknown ones.
func ValidateOnly(name string, ids []string) []string {
	e, ok := Lookup(name)
	if !ok {
		return ids
	}
	var bad []string
	for _, id := range ids {
		if !slices.ContainsFunc(e.Claims, func(d ClaimDef) bool { return d.ID == id }) {
			bad = append(bad, id)
		}
	}
	return bad
}

// ClaimIDs lists an experiment's claim ids.
func ClaimIDs(name string) []string {
	e, ok := Lookup(name)
	if !ok {
		return nil
	}
	var out []string
	for _, d := range e.Claims {
		out = append(out, d.ID)
	}
	return out
}

// writeClaims writes the claims table and the claims' sentences. With
// more than one engine each claim is one row with a measured value and a
// verdict per engine, and the agreement sentence follows the table.
func writeClaims(b *bytes.Buffer, t *Table) {
	l := t.Lang
	if len(t.Claims) == 0 {
		return
	}
	engines := claimEngines(t.Claims)
	for _, eng := range engines {
		counts := ClaimCountsOf(eng, t)
		var parts []string
		for _, v := range Verdicts {
			if counts[v] > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", msg.T(l, "exp.verdict."+string(v)), counts[v]))
			}
		}
		n := 0
		for _, c := range counts {
			n += c
		}
		head := msg.T(l, "exp.md.claims", n, strings.Join(parts, ", "))
		if len(engines) > 1 {
			head = msg.T(l, "exp.engine."+eng) + " · " + head
		}
		fmt.Fprintf(b, "%s\n\n", head)
	}
	head := []string{msg.T(l, "exp.md.claim"), msg.T(l, "exp.md.source"), msg.T(l, "exp.md.pub")}
	if len(engines) > 1 {
		for _, eng := range engines {
			name := msg.T(l, "exp.engine."+eng)
			head = append(head, msg.T(l, "exp.md.engine.measured", name), msg.T(l, "exp.md.engine.verdict", name))
		}
		head = append(head, msg.T(l, "exp.md.tolerance"))
	} else {
		head = append(head, msg.T(l, "exp.md.measured"), msg.T(l, "exp.md.tolerance"), msg.T(l, "exp.md.verdict"))
	}
	var rows [][]string
	byID := map[string]map[string]Claim{}
	for _, c := range t.Claims {
		if byID[c.ID] == nil {
			byID[c.ID] = map[string]Claim{}
		}
		byID[c.ID][engineOf(c)] = c
	}
	seen := map[string]bool{}
	for _, c := range t.Claims {
		if seen[c.ID] {
			continue
		}
		seen[c.ID] = true
		tol := "±" + Num(100*c.Tolerance, 0) + "%"
		if c.Published == 0 {
			tol = "±" + fmtClaim(c.Tolerance, c.Digits, c.Unit)
		}
		what := "`" + c.ID + "` " + c.What
		if anyCalibrated(byID[c.ID]) {
			what += " *(" + msg.T(l, "exp.md.calibrated") + ")*"
		}
		row := []string{what, c.Source, fmtClaim(c.Published, c.Digits, c.Unit)}
		if len(engines) > 1 {
			for _, eng := range engines {
				x, ok := byID[c.ID][eng]
				if !ok {
					row = append(row, "", "")
					continue
				}
				row = append(row, claimMeasured(l, x), "**"+msg.T(l, "exp.verdict."+string(x.Verdict))+"**")
			}
			row = append(row, tol)
		} else {
			row = append(row, claimMeasured(l, c), tol, "**"+msg.T(l, "exp.verdict."+string(c.Verdict))+"**")
		}
		rows = append(rows, row)
	}
	writeGrid(b, head, rows)
	for _, c := range t.Claims {
		if len(engines) > 1 {
			fmt.Fprintf(b, "- `%s` (%s): %s\n", c.ID, engineTag(l, c), c.Note)
		} else {
			fmt.Fprintf(b, "- `%s`: %s\n", c.ID, c.Note)
		}
	}
	b.WriteString("\n")
	if t.Agreement != "" {
		fmt.Fprintf(b, "%s\n\n", t.Agreement)
	}
}

// claimMeasured is a claim's measured cell: the median and its interval.
func claimMeasured(l msg.Lang, c Claim) string {
	if c.Measured == nil {
		return ""
	}
	meas := fmtClaim(*c.Measured, c.Digits, c.Unit)
	if c.Low != nil {
		meas += fmt.Sprintf(" [%s–%s]", Num(*c.Low, c.Digits), Num(*c.High, c.Digits))
	}
	if c.Predicted != nil {
		meas += " (" + msg.T(l, "exp.md.predicted", fmtClaim(*c.Predicted, c.Digits, c.Unit)) + ")"
	}
	return meas
}

// engineTag names a claim's engine, with the JVM's JDK and server.
func engineTag(l msg.Lang, c Claim) string {
	s := msg.T(l, "exp.engine."+engineOf(c))
	for _, x := range []string{c.JDK, c.Server} {
		if x != "" {
			s += ", " + x
		}
	}
	return s
}

func anyCalibrated(m map[string]Claim) bool {
	for _, c := range m {
		if c.Calibrated {
			return true
		}
	}
	return false
}

// claimEngines lists the engines of claims in display order.
func claimEngines(claims []Claim) []string {
	var g, j bool
	for _, c := range claims {
		if engineOf(c) == EngineJVM {
			j = true
		} else {
			g = true
		}
	}
	var out []string
	if g {
		out = append(out, EngineGo)
	}
	if j {
		out = append(out, EngineJVM)
	}
	return out
}

// ClaimCountsOf counts the claims of one engine by verdict.
func ClaimCountsOf(engine string, ts ...*Table) map[Verdict]int {
	out := map[Verdict]int{}
	for _, t := range ts {
		for _, c := range t.Claims {
			if engineOf(c) == engine {
				out[c.Verdict]++
			}
		}
	}
	return out
}

// ReadTable reads a table written by WriteJSON (NAME.json of --out).
func ReadTable(b []byte) (*Table, error) {
	var t Table
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("experiment: read a table: %w", err)
	}
	if t.Experiment == "" {
		return nil, fmt.Errorf("experiment: read a table: no \"experiment\" field")
	}
	markCalibrated(&t)
	return &t, nil
}

// markCalibrated marks, in a table written before claims could be
// calibrated, the Go engine's claims that are declared calibrated now,
// and turns their verdicts into consistent or inconsistent: the
// declaration, not the file's age, says what a verdict may claim.
func markCalibrated(t *Table) {
	e, ok := Lookup(t.Experiment)
	if !ok {
		return
	}
	for i := range t.Claims {
		c := &t.Claims[i]
		if c.Calibrated || engineOf(*c) != EngineGo {
			continue
		}
		for _, d := range e.Claims {
			if d.ID == c.ID && len(d.Calibrated) > 0 {
				c.Calibrated = true
				c.Verdict = calibratedVerdict(c.Verdict)
				for _, k := range d.Calibrated {
					c.CalibratedFrom = append(c.CalibratedFrom, msg.T(t.Lang, k))
				}
				switch {
				case c.What != "" && c.Measured != nil:
					c.Note = claimNote(t.Lang, c, "") // the sentence its new verdict chooses
				case c.Note != "":
					c.Note += " " + calibratedNote(t.Lang, c) // not run: its reason stays
				}
			}
		}
	}
}

// WriteSummary writes the claims of tables as the top of
// docs/experiments.md: the total and the count of each verdict per
// engine, the calibrated claims, then one line per experiment (and
// engine) with its counts, whether it was a --quick run, and the
// neighbours' CPU while it ran (a busy machine's section needs a quiet
// re-run).
func WriteSummary(w io.Writer, l msg.Lang, ts []*Table) error {
	var b bytes.Buffer
	var all []Claim
	for _, t := range ts {
		all = append(all, t.Claims...)
	}
	engines := claimEngines(all)
	for _, eng := range engines {
		counts := ClaimCountsOf(eng, ts...)
		total := 0
		for _, n := range counts {
			total += n
		}
		var parts []string
		for _, v := range Verdicts {
			parts = append(parts, fmt.Sprintf("%s %d", msg.T(l, "exp.verdict."+string(v)), counts[v]))
		}
		key := "exp.sum.total"
		switch {
		case eng == EngineJVM:
			key = "exp.sum.total.jvm"
		case len(engines) > 1:
			key = "exp.sum.total.go" // beside the JVM's line, say whose
		}
		fmt.Fprintf(&b, "%s\n\n", msg.T(l, key, total, strings.Join(parts, ", ")))
	}
	var cal []string
	for _, c := range all {
		if c.Calibrated {
			cal = append(cal, fmt.Sprintf("`%s` (%s)", c.ID, msg.T(l, "exp.verdict."+string(c.Verdict))))
		}
	}
	if len(cal) > 0 {
		fmt.Fprintf(&b, "%s\n\n", msg.T(l, "exp.sum.calibrated", len(cal), strings.Join(cal, ", ")))
	}
	head := []string{msg.T(l, "exp.sum.experiment"), msg.T(l, "exp.sum.run")}
	for _, v := range Verdicts {
		head = append(head, msg.T(l, "exp.verdict."+string(v)))
	}
	head = append(head, msg.T(l, "exp.sum.neighbours"), msg.T(l, "exp.sum.quiet"))
	var rows [][]string
	for _, t := range ts {
		kind := msg.T(l, "exp.sum.full", t.Repeat)
		if t.Quick {
			kind = msg.T(l, "exp.sum.quick")
		}
		if t.Interrupted {
			kind += " " + msg.T(l, "exp.sum.interrupted")
		}
		for _, eng := range claimEngines(t.Claims) {
			c := ClaimCountsOf(eng, t)
			name := "`" + t.Experiment + "`"
			if len(engines) > 1 {
				name += " · " + msg.T(l, "exp.engine."+eng)
			}
			row := []string{name, kind + " · " + t.Date}
			for _, v := range Verdicts {
				row = append(row, strconv.Itoa(c[v]))
			}
			quiet := ""
			if t.Env.Busy() || t.Quick {
				quiet = msg.T(l, "exp.sum.rerun")
			}
			row = append(row, fmt.Sprintf("%.2f (%.2f)", t.Env.NeighbourCPU, t.Env.NeighbourCPUMax), quiet)
			rows = append(rows, row)
		}
	}
	writeGrid(&b, head, rows)
	reached := map[string]int{}
	for _, eng := range engines {
		prefix := ""
		if len(engines) > 1 {
			prefix = msg.T(l, "exp.sum.central.engine", msg.T(l, "exp.engine."+eng))
		}
		reached[eng] = writeCentral(&b, l, ts, eng, prefix)
	}
	if len(engines) > 1 {
		writeEngineParts(&b, l, ts, reached)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// centralClaims are the sources' central results, the ones issue 23
// names: the lab's makespan, the blocking loop's slowdown, the lock's
// figures, logging (and its DEBUG side), the 1,600-thread failure, the in-flight count, the
// colocated generator, the read-path crossover, the write path and
// loop-stall's bimodality.
var centralClaims = []string{"jdk.pool", "bl.slowdown", "vl.on", "vl.x", "log.lock", "log.cost", "log.debug", "th.errors",
	"sd.inflight", "co.3x", "x.read1000", "wp.x", "ls.2000-slow"}

// writeCentral writes which central claims reach direction or better
// on one engine, out of all the central claims (one the sections do not
// hold for that engine counts as not reached), and for each one that
// does not, its note: the sentence its verdict chose, with its numbers
// and, where the catalog has one, why this machine differs. It returns
// how many reach direction or better.
func writeCentral(b *bytes.Buffer, l msg.Lang, ts []*Table, engine, prefix string) int {
	var ok, open, consistent []string
	judged := 0
	for _, id := range centralClaims {
		found := false
		for _, t := range ts {
			for _, c := range t.Claims {
				if c.ID != id || engineOf(c) != engine {
					continue
				}
				found = true
				switch c.Verdict {
				case Reproduced, Direction:
					ok = append(ok, fmt.Sprintf("`%s` (%s)", c.ID, msg.T(l, "exp.verdict."+string(c.Verdict))))
				case Consistent:
					consistent = append(consistent, "`"+c.ID+"`")
					fallthrough
				default:
					open = append(open, fmt.Sprintf("- `%s` (`%s`): %s", c.ID, t.Experiment, c.Note))
				}
			}
		}
		if found {
			judged++
		} else {
			open = append(open, fmt.Sprintf("- `%s`: %s", id, msg.T(l, "exp.sum.central.absent")))
		}
	}
	if judged == 0 {
		return 0
	}
	fmt.Fprintf(b, "\n%s%s", prefix, msg.T(l, "exp.sum.central", len(ok), len(centralClaims), strings.Join(ok, ", ")))
	if len(consistent) > 0 {
		fmt.Fprintf(b, " %s", msg.T(l, "exp.sum.central.consistent", len(consistent), strings.Join(consistent, ", ")))
	}
	b.WriteString("\n\n")
	if len(open) == 0 {
		fmt.Fprintf(b, "%s\n\n", msg.T(l, "exp.sum.central.all"))
		return len(ok)
	}
	fmt.Fprintf(b, "%s\n\n%s\n\n", msg.T(l, "exp.sum.central.open", len(open)), strings.Join(open, "\n"))
	return len(ok)
}
