//go:build linux

package experiment

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/msg"
)

func TestMedianIntervalOrderStatistics(t *testing.T) {
	for _, tc := range []struct {
		n            int
		lo, hi       float64 // 1-based ranks of the interval's ends
		coverageOver float64
	}{
		{2, 1, 2, 0.49}, {5, 1, 5, 0.93}, {6, 1, 6, 0.96}, {10, 2, 9, 0.97}, {15, 4, 12, 0.96},
	} {
		vals := make([]float64, tc.n)
		for i := range vals {
			vals[i] = float64(tc.n - i) // ranks reversed: the function must sort
		}
		med, lo, hi, cov := MedianInterval(vals)
		if med != float64((tc.n+1)/2) || lo != tc.lo || hi != tc.hi || cov < tc.coverageOver || cov > 1 {
			t.Errorf("n=%d: median %v, interval [%v, %v], coverage %v; want median %d, [%v, %v], coverage over %v",
				tc.n, med, lo, hi, cov, (tc.n+1)/2, tc.lo, tc.hi, tc.coverageOver)
		}
	}
	if med, _, _, _ := MedianInterval([]float64{math.NaN()}); !math.IsNaN(med) {
		t.Errorf("MedianInterval(NaN) = %v; want NaN (nothing measured)", med)
	}
}

// verdictCases are synthetic runs for each verdict of a multiple
// published at 10x (tolerance ±10%, no effect at 1x).
var verdictCases = []struct {
	name string
	vals []float64
	want Verdict
}{
	{"within", []float64{10, 10.2, 9.9, 10.1, 10, 10.05}, Reproduced},
	{"smaller, same side", []float64{5, 5.1, 4.9, 5, 5, 5.2}, Direction},
	{"opposite", []float64{0.8, 0.9, 0.85, 0.8, 0.9, 0.82}, NotReproduced},
	{"straddles the boundary", []float64{9, 10, 11.5, 12, 10.5, 11.2}, Undecided},
	{"straddles no effect", []float64{0.5, 2, 3, 0.9, 1.5, 1.2}, Undecided},
	{"nothing measured", nil, NotRun},
	{"one run", []float64{10.5}, Reproduced},
}

var tenX = ClaimDef{ID: "test.x", Source: "exp.src.lab", Published: 10, Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.1, TolWhy: "exp.tol.shape", Null: 1}

func TestJudgeEachVerdict(t *testing.T) {
	for _, tc := range verdictCases {
		c := Judge(tenX, tc.vals)
		if c.Verdict != tc.want {
			t.Errorf("%s %v: verdict %s; want %s", tc.name, tc.vals, c.Verdict, tc.want)
		}
	}
	// A level has no direction: far from it is not reproduced.
	level := ClaimDef{ID: "test.level", Published: 100, Tolerance: 0.1, Null: NoNull}
	if c := Judge(level, []float64{50, 50, 50}); c.Verdict != NotReproduced {
		t.Errorf("level at half: %s; want not_reproduced", c.Verdict)
	}
	// A published zero takes an absolute tolerance.
	zero := ClaimDef{ID: "test.zero", Published: 0, Tolerance: 0.5, Null: NoNull}
	if c := Judge(zero, []float64{0.2}); c.Verdict != Reproduced {
		t.Errorf("0.2 against 0 ± 0.5: %s; want reproduced", c.Verdict)
	}
	if c := Judge(zero, []float64{3}); c.Verdict != NotReproduced {
		t.Errorf("3 against 0 ± 0.5: %s; want not_reproduced", c.Verdict)
	}
	// An interval that spans the whole band, both ends outside it on the
	// published side: the ends alone say direction, the band inside says
	// undecided.
	wide := ClaimDef{ID: "test.wide", Published: 50, Tolerance: 0.1, Null: 0}
	if c := Judge(wide, []float64{30, 35, 40, 42, 44, 70, 80, 90}); c.Verdict != Undecided {
		t.Errorf("interval %v-%v around the band 45-55: %s; want undecided", *c.Low, *c.High, c.Verdict)
	}
	// A share of runs: 8 of 15 against 8 of 15.
	share := ClaimDef{ID: "test.share", Published: 100 * 8.0 / 15, Quantity: "runshare", Tolerance: 0.5, Null: 0}
	var runs []float64
	for i := 0; i < 15; i++ {
		runs = append(runs, b2f(i < 8))
	}
	if c := Judge(share, runs); c.Measured == nil || math.Abs(*c.Measured-100*8.0/15) > 1e-9 || *c.Low >= *c.Measured || *c.High <= *c.Measured {
		t.Errorf("8 of 15: %+v; want 53.3%% inside its Wilson interval", c)
	}
}

// The verdict agrees with its numbers: reproduced only within the
// tolerance, and within the tolerance it is reproduced unless the
// interval makes it undecided.
func TestVerdictAgreesWithItsNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		n := 1 + rng.IntN(12)
		center := 20 * rng.Float64()
		vals := make([]float64, n)
		for j := range vals {
			vals[j] = center * (1 + 0.3*(rng.Float64()-0.5))
		}
		c := Judge(tenX, vals)
		within := math.Abs(*c.Measured/tenX.Published-1) <= tenX.Tolerance
		switch {
		case c.Verdict == Reproduced && !within:
			t.Fatalf("%v: reproduced with measured %v outside ±10%% of 10", vals, *c.Measured)
		case within && c.Verdict != Reproduced && c.Verdict != Undecided:
			t.Fatalf("%v: %s with measured %v within ±10%% of 10", vals, c.Verdict, *c.Measured)
		case c.Verdict == Direction && (within || *c.Measured <= 1):
			t.Fatalf("%v: direction with measured %v", vals, *c.Measured)
		}
	}
}

// asserting are the words a sentence may use only beside a verdict of
// reproduced or direction.
var asserting = regexp.MustCompile(`(?i)\b(reproduces|reproduced|holds?|pays?)\b`)

func asserts(s string) bool {
	for _, m := range asserting.FindAllStringIndex(s, -1) {
		w := strings.ToLower(s[m[0]:m[1]])
		if w == "reproduced" && m[0] >= 4 && strings.EqualFold(s[m[0]-4:m[0]], "not ") {
			continue
		}
		return true
	}
	return false
}

// No catalog sentence an experiment prints says "reproduces", "holds" or
// "pays" except the one chosen by a reproduced verdict.
func TestNoSentenceAssertsWithoutItsVerdict(t *testing.T) {
	allowed := map[string]bool{"exp.claim.v.reproduced": true, "exp.claim.v.reproduced.abs": true, "exp.verdict.reproduced": true,
		"exp.claim.v.reproduced.pred": true}
	for _, k := range msg.Keys() {
		if !strings.HasPrefix(k, "exp.") || allowed[k] {
			continue
		}
		if s := msg.T(msg.EN, k); asserts(s) {
			t.Errorf("%s asserts an effect whatever the verdict: %q", k, s)
		}
	}
	if !asserts("Reproduced.") || asserts("not reproduced") || !asserts("it pays the 100 ms") {
		t.Error("the word check itself is wrong")
	}
}

// claimsTest judges its claims from synthetic rows: one per verdict.
func init() {
	var defs []ClaimDef
	for i := range verdictCases {
		d := tenX
		d.ID = "test.c" + string(rune('a'+i))
		defs = append(defs, d)
	}
	defs = append(defs, ClaimDef{ID: "test.unjudged", Source: "exp.src.lab", Published: 5, Quantity: "latency", Unit: "ms", Tolerance: 0.1, TolWhy: "exp.tol.wait", Null: NoNull})
	Register(&Experiment{Name: "test-claims", Order: 1002, Claims: defs, Run: func(ctx context.Context, r *Bench) error {
		r.T.Columns = []Column{{Key: "x", Label: "x", Digits: 2}}
		for i, tc := range verdictCases {
			id := "test.c" + string(rune('a'+i))
			if tc.vals != nil {
				r.T.AddRow(id, tc.name, map[string]Cell{"x": Summarize(tc.vals)})
			}
			if r.Wants(id) {
				r.Claim(id, r.T.Vals(id, "x"), "")
			}
		}
		return nil
	}})
}

func TestNotesAgreeWithTheirVerdicts(t *testing.T) {
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		tab, err := Run(context.Background(), "test-claims", Options{Lang: l, Repeat: 6, Engine: EngineGo})
		if err != nil {
			t.Fatal(err)
		}
		if len(tab.Claims) != len(verdictCases)+1 {
			t.Fatalf("%s: %d claims; want every declared one (%d)", l, len(tab.Claims), len(verdictCases)+1)
		}
		for i, tc := range verdictCases {
			c := tab.Claims[i]
			if c.Verdict != tc.want {
				t.Errorf("%s %s: verdict %s; want %s", l, tc.name, c.Verdict, tc.want)
			}
			// The sentence is the verdict's and quotes the numbers.
			if !strings.Contains(c.Note, msg.T(l, "exp.claim."+c.ID)) || !strings.Contains(c.Note, "10.00") {
				t.Errorf("%s %s: note %q does not name the claim and the published 10.00", l, tc.name, c.Note)
			}
			if c.Measured != nil && !strings.Contains(c.Note, Num(*c.Measured, 2)) {
				t.Errorf("%s %s: note %q does not quote the measured %s", l, tc.name, c.Note, Num(*c.Measured, 2))
			}
			if l == msg.EN && asserts(c.Note) != (c.Verdict == Reproduced) {
				t.Errorf("%s: verdict %s, note %q", tc.name, c.Verdict, c.Note)
			}
		}
		if last := tab.Claims[len(tab.Claims)-1]; last.ID != "test.unjudged" || last.Verdict != NotRun {
			t.Errorf("%s: the claim the recipe did not judge is %+v; want not_run", l, last)
		}
		// Markdown opens with the claims table.
		var md bytes.Buffer
		if err := WriteMarkdown(&md, tab, ""); err != nil {
			t.Fatal(err)
		}
		body := md.String()
		if ci, ri := strings.Index(body, "`test.ca`"), strings.Index(body, msg.T(l, "exp.md.ours", 6)[:10]); ci < 0 || ri >= 0 && ri < ci {
			t.Errorf("%s: the claims table does not come before this machine's table:\n%s", l, body)
		}
		for _, v := range []Verdict{Reproduced, Direction, NotReproduced, Undecided, NotRun} {
			if !strings.Contains(body, "**"+msg.T(l, "exp.verdict."+string(v))+"**") {
				t.Errorf("%s: the table lacks the verdict %s", l, v)
			}
		}
	}
}

func TestClaimsJSONCarriesNumbers(t *testing.T) {
	tab, err := Run(context.Background(), "test-claims", Options{Repeat: 6, Only: []string{"test.ca", "test.cf"}, Engine: EngineGo})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, tab); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Claims []struct {
			ID        string   `json:"id"`
			Source    string   `json:"source"`
			Published float64  `json:"published"`
			Measured  *float64 `json:"measured"`
			Tolerance float64  `json:"tolerance"`
			Verdict   string   `json:"verdict"`
			Note      string   `json:"note"`
		} `json:"claims"`
	}
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, c := range out.Claims {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, []string{"test.ca", "test.cf"}) {
		t.Fatalf("--only test.ca,test.cf: claims %v", ids)
	}
	a, f := out.Claims[0], out.Claims[1]
	if a.Published != 10 || a.Measured == nil || a.Tolerance != 0.1 || a.Verdict != "reproduced" || a.Source == "" || a.Note == "" {
		t.Errorf("claim a = %+v; want published 10, a measured number, tolerance 0.1, reproduced, a source and a note", a)
	}
	if f.Measured != nil || f.Verdict != "not_run" {
		t.Errorf("claim f = %+v; want measured null and not_run", f)
	}
}

func TestRunRefusesBadClaimsAndRepeats(t *testing.T) {
	if _, err := Run(context.Background(), "test-claims", Options{Only: []string{"test.nosuch"}}); err == nil || !strings.Contains(err.Error(), "test.nosuch") {
		t.Errorf("unknown claim id: err %v; want one naming it", err)
	}
	if _, err := Run(context.Background(), "test-claims", Options{Repeat: MaxRepeat + 1}); err == nil || !strings.Contains(err.Error(), "--repeat") {
		t.Errorf("--repeat over the bound: err %v; want one naming --repeat", err)
	}
}

// Every declared claim has its text, a tolerance with a reason, and an
// id unique over all experiments.
func TestEveryClaimIsDeclaredWithItsText(t *testing.T) {
	seen := map[string]string{}
	total := 0
	for _, e := range List() {
		for _, d := range e.Claims {
			if prev, dup := seen[d.ID]; dup {
				t.Errorf("claim %s declared by %s and %s", d.ID, prev, e.Name)
			}
			seen[d.ID] = e.Name
			if strings.HasPrefix(e.Name, "test-") {
				continue
			}
			total++
			for _, k := range []string{"exp.claim." + d.ID, d.Source, d.TolWhy} {
				if !msg.Has(k) {
					t.Errorf("claim %s: no catalog entry %q", d.ID, k)
				}
			}
			if d.Tolerance <= 0 || d.Quantity == "" {
				t.Errorf("claim %s: tolerance %v, quantity %q; want both", d.ID, d.Tolerance, d.Quantity)
			}
		}
	}
	if total < 30 {
		t.Errorf("%d claims over the experiments; the four sources publish more", total)
	}
}

// The summary at the top of docs/experiments.md counts the claims of the
// tables read back from their JSON.
func TestSummaryCountsClaimsFromJSON(t *testing.T) {
	tab, err := Run(context.Background(), "test-claims", Options{Repeat: 6, Engine: EngineGo})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, tab); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTable(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteSummary(&out, msg.EN, []*Table{back, back}); err != nil {
		t.Fatal(err)
	}
	n := 2 * len(tab.Claims)
	if want := fmt.Sprintf("Published claims: %d (reproduced %d,", n, 2*ClaimCounts(tab)[Reproduced]); !strings.HasPrefix(out.String(), want) {
		t.Errorf("summary opens %q; want %q", strings.SplitN(out.String(), "\n", 2)[0], want)
	}
	if _, err := ReadTable([]byte(`{"title": "x"}`)); err == nil {
		t.Error("ReadTable accepted a table without its experiment")
	}
}

// No calibrated claim is ever reproduced: every declared calibrated claim
// judged at its published figure is consistent, far from it inconsistent,
// and over random runs never reproduced; on the JVM engine (nothing
// calibrated) the same numbers are reproduced.
func TestCalibratedIsNeverReproduced(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, e := range List() {
		for _, d := range e.Claims {
			if len(d.Calibrated) == 0 {
				continue
			}
			for _, k := range d.Calibrated {
				if !msg.Has(k) {
					t.Errorf("%s: calibrated from %q, which the catalog lacks", d.ID, k)
				}
			}
			if c := Judge(d, []float64{d.Published}); c.Verdict != Consistent || !c.Calibrated {
				t.Errorf("%s at its published figure: %s (calibrated %v); want consistent", d.ID, c.Verdict, c.Calibrated)
			}
			if c := Judge(d, []float64{d.Published * 3}); c.Verdict != Inconsistent {
				t.Errorf("%s at 3x its published figure: %s; want inconsistent", d.ID, c.Verdict)
			}
			for i := 0; i < 500; i++ {
				vals := make([]float64, 1+rng.IntN(8))
				for j := range vals {
					vals[j] = d.Published * (0.5 + rng.Float64())
				}
				if c := Judge(d, vals); c.Verdict == Reproduced || c.Verdict == Direction || c.Verdict == NotReproduced {
					t.Fatalf("%s %v: %s; a calibrated claim is consistent, inconsistent, undecided or not run", d.ID, vals, c.Verdict)
				}
			}
		}
	}
	// The list, checked against the recipes: the validate-lock
	// cap and CPU, the in-lock line, the read path and the write path.
	want := []string{"vl.on", "vl.off", "vl.x", "log.lock", "x.read60", "x.read1000", "wp.x", "wp.x0"}
	got := []string{}
	for _, e := range List() {
		for _, d := range e.Claims {
			if len(d.Calibrated) > 0 && !strings.HasPrefix(e.Name, "test-") {
				got = append(got, d.ID)
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("calibrated claims %v; want %v", got, want)
	}
}

// engineTest runs the same synthetic conditions on both engines: the Go
// side a calibrated claim at its figure and a level, the JVM side the
// same calibrated claim (nothing is calibrated there) and the level far
// off, beyond both runs' noise.
func init() {
	cal := tenX
	cal.ID, cal.Calibrated = "test.cal", []string{"exp.fig.vl.on"}
	level := ClaimDef{ID: "test.level", Source: "exp.src.lab", Published: 17, Quantity: "count", Tolerance: 0.5, TolWhy: "exp.tol.env", Null: NoNull}
	none := ClaimDef{ID: "test.gojvm", Source: "exp.src.lab", Published: 5, Quantity: "latency", Unit: "ms", Tolerance: 0.1, TolWhy: "exp.tol.wait", Null: NoNull}
	rows := func(r *Bench, x, lv []float64) error {
		r.T.Columns = []Column{{Key: "x", Label: "x", Digits: 2}, {Key: "n", Label: "n"}}
		r.T.AddRow("a", "a", map[string]Cell{"x": Summarize(x), "n": Summarize(lv)})
		r.Claim("test.cal", r.T.Vals("a", "x"), "")
		r.Claim("test.level", r.T.Vals("a", "n"), "")
		return nil
	}
	Register(&Experiment{Name: "test-engines", Order: 1003, Claims: []ClaimDef{cal, level, none}, JDK: 25,
		Run: func(ctx context.Context, r *Bench) error {
			return rows(r, []float64{10, 10.1, 9.9, 10, 10.05, 9.95}, []float64{8, 7, 8, 7, 8, 8})
		},
		JVM: func(ctx context.Context, r *Bench) error {
			return rows(r, []float64{10, 10.1, 9.9, 10, 10.05, 9.95}, []float64{17, 18, 17, 17, 16, 17})
		}})
}

func TestEnginesJudgeEachClaimTwice(t *testing.T) {
	findJDK = func(string, int) (*jdk.JDK, error) { return &jdk.JDK{Version: "25.0.1", Major: 25, Home: "/jdk"}, nil }
	defer func() { findJDK = jdk.Find }()
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		tab, err := Run(context.Background(), "test-engines", Options{Lang: l, Repeat: 6})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tab.Engines, []string{EngineGo, EngineJVM}) || len(tab.Claims) != 6 {
			t.Fatalf("%s: engines %v, %d claims; want go and jvm, 3 claims each", l, tab.Engines, len(tab.Claims))
		}
		get := func(id, eng string) Claim {
			for _, c := range tab.Claims {
				if c.ID == id && engineOf(c) == eng {
					return c
				}
			}
			t.Fatalf("%s: no %s claim on %s", l, id, eng)
			return Claim{}
		}
		if c := get("test.cal", EngineGo); c.Verdict != Consistent || !c.Calibrated || len(c.CalibratedFrom) != 1 {
			t.Errorf("%s: Go calibrated claim %+v; want consistent, calibrated from one figure", l, c)
		}
		if c := get("test.cal", EngineJVM); c.Verdict != Reproduced || c.Calibrated || c.JDK != "JDK 25.0.1" {
			t.Errorf("%s: JVM claim %+v; want reproduced, not calibrated, its JDK echoed", l, c)
		}
		if g, j := get("test.level", EngineGo), get("test.level", EngineJVM); g.Verdict != NotReproduced || j.Verdict != Reproduced {
			t.Errorf("%s: level Go %s, JVM %s; want not reproduced and reproduced", l, g.Verdict, j.Verdict)
		}
		if c := get("test.gojvm", EngineJVM); c.Verdict != NotRun {
			t.Errorf("%s: the claim no recipe judged is %s on the JVM; want not run", l, c.Verdict)
		}
		if tab.Row(jvmRowPrefix+"a") == nil || tab.Row("a") == nil {
			t.Errorf("%s: rows %v; want Go's a and the JVM's jvm:a", l, tab.Rows)
		}
		for _, c := range tab.Claims {
			if l == msg.EN && asserts(c.Note) != (c.Verdict == Reproduced) {
				t.Errorf("%s on %s: verdict %s, note %q", c.ID, c.Engine, c.Verdict, c.Note)
			}
			if err := verdictAgrees(claimDefOf(t, "test-engines", c.ID), c); err != nil {
				t.Error(err)
			}
		}
		// The agreement sentence names the parting and calls it a finding.
		if l == msg.EN && (!strings.Contains(tab.Agreement, "`test.level`") || !strings.Contains(tab.Agreement, "a finding") ||
			!strings.Contains(tab.Agreement, "1 of the 2 claims measured on both")) {
			t.Errorf("agreement %q; want test.level named as a finding, 1 of 2 the same", tab.Agreement)
		}
		var md, svg, js bytes.Buffer
		if err := WriteMarkdown(&md, tab, ""); err != nil {
			t.Fatal(err)
		}
		if err := WriteSVG(&svg, tab, Plot{File: "x.svg", Title: "x", Keys: []string{"x"}}); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&js, tab); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{msg.T(l, "exp.md.engine.verdict", "Go"), msg.T(l, "exp.md.engine.verdict", "JVM"),
			"*(" + msg.T(l, "exp.md.calibrated") + ")*", "**" + msg.T(l, "exp.verdict.consistent") + "**", tab.Agreement} {
			if !strings.Contains(md.String(), want) {
				t.Errorf("%s: Markdown lacks %q:\n%s", l, want, md.String())
			}
		}
		if !strings.Contains(svg.String(), "JVM: "+msg.T(l, "exp.verdict.reproduced")) || !strings.Contains(svg.String(), msg.T(l, "exp.md.calibrated")) {
			t.Errorf("%s: SVG lacks the per-engine verdicts or the calibrated mark:\n%s", l, svg.String())
		}
		if !strings.Contains(js.String(), `"calibrated": true`) || !strings.Contains(js.String(), `"calibrated_from"`) || !strings.Contains(js.String(), `"engine": "jvm"`) {
			t.Errorf("%s: JSON lacks calibrated, calibrated_from or the engine", l)
		}
		back, err := ReadTable(js.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		var sum bytes.Buffer
		if err := WriteSummary(&sum, l, []*Table{back}); err != nil {
			t.Fatal(err)
		}
		if want := msg.T(l, "exp.sum.calibrated", 1, "`test.cal` ("+msg.T(l, "exp.verdict.consistent")+")"); !strings.Contains(sum.String(), want) {
			t.Errorf("%s: summary lacks %q:\n%s", l, want, sum.String())
		}
	}
	// --engine go: one engine, no JDK asked for; a bad --engine is refused.
	findJDK = func(string, int) (*jdk.JDK, error) { return nil, fmt.Errorf("no JDK here") }
	tab, err := Run(context.Background(), "test-engines", Options{Repeat: 6})
	if err != nil || !slices.Equal(tab.Engines, []string{EngineGo}) || !strings.Contains(strings.Join(tab.Notes, " "), "no JDK here") {
		t.Errorf("default without a JDK: %v, engines %v, notes %q; want go only, saying why", err, tab.Engines, tab.Notes)
	}
	if _, err := Run(context.Background(), "test-engines", Options{Repeat: 6, Engine: EngineJVM}); err == nil {
		t.Error("--engine jvm without a JDK: no error")
	}
	if _, err := Run(context.Background(), "test-engines", Options{Engine: "python"}); err == nil || !strings.Contains(localize(msg.EN, err), "--engine") {
		t.Errorf("--engine python: %v; want a refusal naming --engine", err)
	}
}

// A table written before calibration was declared is read with its
// calibrated claims marked and their verdicts consistent or inconsistent.
func TestReadTableMarksCalibratedClaims(t *testing.T) {
	old := []byte(`{"experiment":"validate-lock","lang":"en","claims":[{"id":"vl.on","what":"on","verdict":"reproduced","measured":75,"published":76,"tolerance":0.15},` +
		`{"id":"vl.off","verdict":"direction"},{"id":"vl.rtt","verdict":"reproduced"},{"id":"vl.x","verdict":"not_run","note":"Not run: why."}]}`)
	tab, err := ReadTable(old)
	if err != nil {
		t.Fatal(err)
	}
	if c := tab.Claims; c[0].Verdict != Consistent || !c[0].Calibrated || c[1].Verdict != Inconsistent || c[2].Verdict != Reproduced || c[2].Calibrated || c[3].Verdict != NotRun {
		t.Errorf("claims read back %+v; want vl.on consistent, vl.off inconsistent, vl.rtt as it was, vl.x not run", c)
	}
	if c := tab.Claims; !strings.Contains(c[0].Note, "consistent") || asserts(c[0].Note) || !strings.HasPrefix(c[3].Note, "Not run: why. Calibrated:") {
		t.Errorf("notes read back %q and %q; want the consistent sentence, and the not-run reason kept with the calibration said", c[0].Note, c[3].Note)
	}
}

// verdictAgrees checks a judged claim against its own numbers: the
// verdict is the one its median, its interval and its declaration allow.
func verdictAgrees(d ClaimDef, c Claim) error {
	if c.Engine == EngineJVM {
		d.Calibrated = nil
	}
	if c.Predicted != nil {
		d.Published = *c.Predicted // a mechanism claim: judged against this run's prediction
	}
	if c.Calibrated != (len(d.Calibrated) > 0) {
		return fmt.Errorf("%s on %s: calibrated %v against the declaration's %v", c.ID, engineOf(c), c.Calibrated, d.Calibrated)
	}
	if c.Verdict == NotRun {
		if c.Measured != nil {
			return fmt.Errorf("%s on %s: not run with a measured %v", c.ID, engineOf(c), *c.Measured)
		}
		return nil
	}
	if c.Measured == nil {
		return fmt.Errorf("%s on %s: %s with nothing measured", c.ID, engineOf(c), c.Verdict)
	}
	m := *c.Measured
	want := verdictOf(d, m)
	if c.Calibrated {
		want = calibratedVerdict(want)
	}
	if c.Verdict == Undecided {
		if c.Low == nil || !(verdictOf(d, *c.Low) != verdictOf(d, m) || verdictOf(d, *c.High) != verdictOf(d, m) || d.straddles(*c.Low, *c.High)) {
			return fmt.Errorf("%s on %s: undecided without an interval across a boundary", c.ID, engineOf(c))
		}
		return nil
	}
	if c.Verdict != want {
		return fmt.Errorf("%s on %s: %s, but its median %v against %v ±%v%% says %s", c.ID, engineOf(c), c.Verdict, m, d.Published, 100*d.Tolerance, want)
	}
	if c.Verdict == Reproduced && c.Calibrated {
		return fmt.Errorf("%s: a calibrated claim reproduced", c.ID)
	}
	return nil
}

// claimDefOf finds a claim's declaration.
func claimDefOf(t *testing.T, exp, id string) ClaimDef {
	t.Helper()
	e, _ := Lookup(exp)
	for _, d := range e.Claims {
		if d.ID == id {
			return d
		}
	}
	t.Fatalf("%s declares no claim %s", exp, id)
	return ClaimDef{}
}

// A mechanism claim is judged against this run's prediction, keeps the
// published figure beside it (in JSON, the note and the Markdown cell),
// and is not run when the prediction could not be computed.
func TestClaimPredictedJudgesAgainstThePrediction(t *testing.T) {
	e := &Experiment{Name: "test-predicted", Claims: []ClaimDef{tenX, {ID: "test.nan", Source: "exp.src.lab", Published: 10,
		Quantity: "multiple", Unit: "×", Digits: 2, Tolerance: 0.1, TolWhy: "exp.tol.shape", Null: 1}}}
	for _, l := range []msg.Lang{msg.EN, msg.KO} {
		r := newBench(e, Options{Lang: l, Now: time.Now})
		r.engine = EngineJVM
		// 3× measured: not reproduced against the published 10×, reproduced against a predicted 3.1×.
		c := r.ClaimPredicted("test.x", []float64{3, 3, 3}, 3.1, "")
		if c.Verdict != Reproduced || c.Published != 10 || c.Predicted == nil || *c.Predicted != 3.1 {
			t.Fatalf("%s: %+v; want reproduced against 3.1, published 10 kept", l, c)
		}
		if err := verdictAgrees(tenX, *c); err != nil {
			t.Error(err)
		}
		if !strings.Contains(c.Note, "3.10×") || !strings.Contains(c.Note, "10.00×") {
			t.Errorf("%s: note %q; want the prediction and the published figure", l, c.Note)
		}
		if cell := claimMeasured(l, *c); !strings.Contains(cell, msg.T(l, "exp.md.predicted", "3.10×")) {
			t.Errorf("%s: cell %q; want the prediction beside the measured value", l, cell)
		}
		// A prediction within the tolerance of no effect (1.05× against
		// ±10% of 1×) cannot reproduce an effect: judged against the
		// published 10×, the prediction quoted.
		r2 := newBench(e, Options{Lang: l, Now: time.Now})
		r2.engine = EngineJVM
		z := r2.ClaimPredicted("test.nan", []float64{1, 1, 1}, 1.05, "")
		if z.Predicted != nil || z.Verdict != NotReproduced || !strings.Contains(z.Note, "1.05×") {
			t.Errorf("%s: %+v; want not reproduced against the published 10×, the null prediction 1.05× quoted", l, z)
		}
		if err := verdictAgrees(e.Claims[1], *z); err != nil {
			t.Error(err)
		}
		n := r.ClaimPredicted("test.nan", []float64{3}, math.NaN(), "")
		if n.Verdict != NotRun || n.Measured != nil || !strings.Contains(n.Note, msg.T(l, "exp.claim.nopredict")) {
			t.Errorf("%s: %+v; want not run, saying the prediction was not measured", l, n)
		}
	}
}

// The crossover's JVM prediction: the smaller of concurrency over a
// request's time (the pool's calls in sequence and at most its threads,
// the loop's overlapped) and the cores over the CPU per request.
func TestCrossoverJVMPrediction(t *testing.T) {
	row := func(cpuMS float64) *Row {
		return &Row{Cells: map[string]Cell{"cpu_req_ms": {Median: cpuMS, Runs: 1}}}
	}
	for _, tc := range []struct {
		side        string
		n, cores    int
		cpuMS, want float64
	}{
		{"pool", 60, 1, 0.1, 60 / (0.0001 + 2*0.05)},                     // neither bound: users over CPU + both calls
		{"loop", 60, 1, 0.1, 60 / (0.0001 + 0.05)},                       // the calls overlap
		{"pool", 1000, 1, 1, 1000},                                       // CPU-bound: one core over 1 ms
		{"pool", 1000, 2, 0.1, float64(xJVMThreads) / (0.0001 + 2*0.05)}, // thread-bound: 200 threads, not 1,000 users
		{"loop", 60, 1, 1, 1000},                                         // 60 / 51 ms = 1,176 > one core over 1 ms
	} {
		if got := xJVMPredict(row(tc.cpuMS), tc.side, tc.n, tc.cores); math.Abs(got-tc.want) > 1e-6*tc.want {
			t.Errorf("%s at %d users, %d cores, %v ms: %v; want %v", tc.side, tc.n, tc.cores, tc.cpuMS, got, tc.want)
		}
	}
	if got := xJVMPredict(row(0), "pool", 60, 1); !math.IsNaN(got) {
		t.Errorf("no CPU measured: %v; want NaN (the claim is then not run)", got)
	}
}

// The summary compares the engines from the sections alone: the central
// claims each brings to direction or better out of all of them, every
// claim the Go engine does not reproduce and the JVM does with both
// numbers, and one paragraph for each claim whose verdicts differ.
func TestSummaryComparesTheEngines(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	claim := func(id, eng string, v Verdict, m *float64) Claim {
		return Claim{ID: id, Engine: eng, Verdict: v, Measured: m, Digits: 2, Unit: "×", Note: id + " on " + eng + " note"}
	}
	tab := &Table{Experiment: "logging", Claims: []Claim{
		claim("log.lock", EngineGo, Consistent, f(1.37)), claim("log.lock", EngineJVM, Reproduced, f(1.18)),
		claim("log.cost", EngineGo, NotReproduced, f(-5)), claim("log.cost", EngineJVM, Reproduced, f(36)),
		claim("log.debug", EngineGo, Reproduced, f(1)), claim("log.debug", EngineJVM, NotRun, nil),
		claim("th.errors", EngineGo, Direction, f(3)), claim("th.errors", EngineJVM, Direction, f(4)),
	}}
	var out bytes.Buffer
	if err := WriteSummary(&out, msg.EN, []*Table{tab}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	n := len(centralClaims)
	for _, want := range []string{
		fmt.Sprintf("Go engine: **Central claims:** 2 of %d", n),
		fmt.Sprintf("JVM engine: **Central claims:** 3 of %d", n),
		msg.T(msg.EN, "exp.sum.central.compare.ge", 2, n, 3, n),
		msg.T(msg.EN, "exp.sum.gained", 2),
		"- `log.lock` (`logging`): " + msg.T(msg.EN, "exp.sum.gained.row", "consistent (calibrated)", "1.37×", "reproduced", "1.18×"),
		msg.T(msg.EN, "exp.sum.parts", 3),
		"log.debug on jvm note",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "**`th.errors`**") {
		t.Errorf("a paragraph for th.errors, whose verdicts agree:\n%s", s)
	}
}

// The write path's JVM predictions: a side's throughput is the smaller of
// its requests in flight over a request's time (CPU and five waits) and
// its cores over its CPU; wp.x is judged against the loop's prediction
// over the pool's, wp.p99 against Little's law on the measured
// throughputs (users ÷ throughput, never under one request's waits).
func TestWritePathJVMPrediction(t *testing.T) {
	one := func(v float64) Cell { return Cell{Median: v, Min: v, Max: v, Runs: 1} }
	row := &Row{Cells: map[string]Cell{"cpu_req_ms": one(0.25)}}
	if got, want := wpJVMPredict(row, 200, 1, wpDelay), 200/(0.00025+5*0.02); math.Abs(got-want) > 1e-9*want {
		t.Errorf("pool of 200: %v; want %v (thread-bound)", got, want)
	}
	if got, want := wpJVMPredict(row, 1000, 1, wpDelay), 1/0.00025; math.Abs(got-want) > 1e-9*want {
		t.Errorf("loop at 1,000 users: %v; want %v (CPU-bound)", got, want)
	}
	if got := wpJVMPredict(&Row{Cells: map[string]Cell{}}, 200, 1, wpDelay); !math.IsNaN(got) {
		t.Errorf("no CPU measured: %v; want NaN", got)
	}
	e, _ := Lookup("write-path")
	r := newBench(e, Options{Lang: msg.EN, Repeat: 1, Now: time.Now})
	r.engine = EngineJVM
	p := r.T.AddRow("pool-delay", "pool", map[string]Cell{"ok_rps": one(2000), "p99_ms": one(600), "cpu_req_ms": one(0.25)})
	p.SetModel("ok_rps", 1990)
	l := r.T.AddRow("loop-delay", "loop", map[string]Cell{"ok_rps": one(3800), "p99_ms": one(300), "cpu_req_ms": one(0.25)})
	l.SetModel("ok_rps", 4000)
	wpJVMClaims(r, 1000)
	for _, tc := range []struct {
		id   string
		pred float64
	}{{"wp.x", 4000.0 / 1990}, {"wp.p99", (1000.0 / 2000) / (1000.0 / 3800)}} {
		var c *Claim
		for i := range r.T.Claims {
			if r.T.Claims[i].ID == tc.id {
				c = &r.T.Claims[i]
			}
		}
		if c == nil || c.Predicted == nil || math.Abs(*c.Predicted-tc.pred) > 1e-9 {
			t.Fatalf("%s: %+v; want predicted %v", tc.id, c, tc.pred)
		}
		if err := verdictAgrees(claimDefOf(t, "write-path", tc.id), *c); err != nil {
			t.Error(err)
		}
	}
	if v := r.Verdict("wp.x0"); v != NotRun {
		t.Errorf("wp.x0 on the JVM: %s; want not run (no JPA or R2DBC here)", v)
	}
}
