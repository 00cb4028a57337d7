//go:build linux

package experiment

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// Engines: every claim is judged on the Go engine (this binary's own
// servers and executors) and, where a JDK is found, on the JVM engine
// (our own Java programs compiled by internal/jdk and run as supervised
// children), each into its own rows and its own verdict. An experiment
// whose JVM recipe does not exist yet records every claim's JVM verdict as
// not run, with what is missing. The JVM engine sets nothing from the
// published outputs, so no claim is calibrated there.

// The engines.
const (
	EngineGo   = "go"
	EngineJVM  = "jvm"
	EngineBoth = "both"
)

// jvmRowPrefix prefixes the JVM engine's row keys in a table that holds
// both engines' rows.
const jvmRowPrefix = "jvm:"

// findJDK is jdk.Find (tests replace it).
var findJDK = jdk.Find

// CheckEngine refuses an --engine value other than go, jvm and both ("" is
// the default).
func CheckEngine(v string) error {
	switch v {
	case "", EngineGo, EngineJVM, EngineBoth:
		return nil
	}
	return model.NewFieldError("--engine", "exp.err.engine", v)
}

// engines decides which engines run: --engine as given, else both where
// the experiment has no JVM recipe (its JVM claims are not run, with why)
// or a JDK of at least its JDK is found, and go otherwise (note says why,
// in the run's language). The JDK is found only when a JVM recipe needs
// it; an explicit --engine jvm or both without one is a field error.
func resolveEngines(e *Experiment, opt Options) (engines []string, j *jdk.JDK, note string, err error) {
	want := opt.Engine
	if want == "" {
		want = EngineBoth
	}
	if want == EngineGo {
		return []string{EngineGo}, nil, "", nil
	}
	if e.JVM != nil {
		j, err = findJDK(opt.Java, e.JDK)
		if err != nil {
			if opt.Engine != "" {
				return nil, nil, "", err
			}
			return []string{EngineGo}, nil, msg.T(opt.Lang, "exp.note.nojvm", localize(opt.Lang, err)), nil
		}
	}
	if want == EngineJVM {
		return []string{EngineJVM}, j, "", nil
	}
	return []string{EngineGo, EngineJVM}, j, "", nil
}

func localize(l msg.Lang, err error) string {
	if fe, ok := err.(*model.FieldError); ok {
		return fe.Localize(l)
	}
	return err.Error()
}

// runEngines runs e on each engine into r's table: the Go recipe on r
// itself, the JVM recipe on a bench of its own whose rows, notes and
// claims are merged in after (so a recipe's judging code reads the same
// row keys on both engines). It returns the first error of a recipe that
// measured nothing.
func runEngines(ctx context.Context, e *Experiment, r *Bench, engines []string, j *jdk.JDK) error {
	var firstErr error
	for i, eng := range engines {
		jr := r
		if i > 0 {
			jr = r.sub(eng)
		}
		jr.engine = eng
		if eng == EngineJVM {
			jr.jdk = j
			if j != nil {
				jr.jdkName = "JDK " + j.Version
				r.T.JDK = j
			}
		}
		var err error
		switch {
		case eng == EngineGo:
			err = e.Run(ctx, jr)
		case ctx.Err() != nil:
			jr.T.Interrupted = true
		case e.JVM == nil:
			jr.T.Skipped = jr.jvmMissing()
		default:
			err = e.JVM(ctx, jr)
		}
		r.procs.stopAll()
		if err != nil && eng == EngineJVM && len(engines) > 1 {
			// The Go rows stand; the JVM's claims say why they were not run.
			jr.T.Skipped = jr.T_("exp.jvm.failed", err)
			err = nil
		}
		jr.finishClaims()
		if jr != r {
			r.merge(jr)
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if len(engines) > 1 {
		r.T.Agreement = agreement(r.Opt.Lang, r.T.Claims)
	}
	return firstErr
}

// sub is a bench for another engine: the same options and children, a
// table of its own.
func (r *Bench) sub(engine string) *Bench {
	s := newBench(r.exp, r.Opt)
	s.procs = r.procs
	s.engine = engine
	return s
}

// jvmMissing is why an experiment has no JVM recipe: the experiment's own
// reason (exp.<name>.nojvm) or the field report's.
func (r *Bench) jvmMissing() string {
	if k := "exp." + r.exp.Name + ".nojvm"; msg.Has(k) {
		return r.T_(k)
	}
	return r.T_("exp.jvm.none")
}

// merge adds a JVM bench's table to r's: its rows (keys prefixed with
// jvmRowPrefix, labels naming the engine and the JDK), its columns r
// lacks, its claims, its notes and warnings (marked as the JVM's), its
// recipe and scaling, and its interruption.
func (r *Bench) merge(s *Bench) {
	t, o := r.T, s.T
	tag := msg.T(r.Opt.Lang, "exp.engine.jvm")
	if s.jdkName != "" {
		tag += ", " + s.jdkName
	}
	if s.server != "" {
		tag += ", " + s.server
	}
	for _, row := range o.Rows {
		row.Key = jvmRowPrefix + row.Key
		row.Label += " · " + tag
		t.Rows = append(t.Rows, row)
	}
	for _, c := range o.Columns {
		i := slices.IndexFunc(t.Columns, func(x Column) bool { return x.Key == c.Key })
		switch {
		case i < 0:
			t.Columns = append(t.Columns, c)
		case t.Columns[i].Label != c.Label:
			// One figure measured as each engine can: say which is which.
			t.Columns[i].Label += " · " + msg.T(r.Opt.Lang, "exp.engine.jvm") + ": " + c.Label
		}
	}
	for _, w := range o.Warnings {
		w.Row = jvmRowPrefix + w.Row
		t.Warnings = append(t.Warnings, w)
	}
	for _, p := range []string{o.Recipe, o.Scaling} {
		if p != "" {
			t.Notes = append(t.Notes, tag+": "+p)
		}
	}
	for _, n := range o.Notes {
		t.Notes = append(t.Notes, tag+": "+n)
	}
	if o.Skipped != "" && len(o.Rows) == 0 {
		t.Notes = append(t.Notes, tag+": "+o.Skipped)
	}
	t.Claims = append(t.Claims, o.Claims...)
	order := map[string]int{}
	for i, d := range r.exp.Claims {
		order[d.ID] = i
	}
	slices.SortStableFunc(t.Claims, func(a, b Claim) int {
		if d := order[a.ID] - order[b.ID]; d != 0 {
			return d
		}
		return engineRank(a.Engine) - engineRank(b.Engine)
	})
	t.Interrupted = t.Interrupted || o.Interrupted
	if s.jdk != nil {
		t.JDK = s.jdk
	}
}

func engineRank(e string) int {
	if e == EngineJVM {
		return 1
	}
	return 0
}

// engineOf is a claim's engine ("" in older tables is go).
func engineOf(c Claim) string {
	if c.Engine == "" {
		return EngineGo
	}
	return c.Engine
}

// agreement is the sentence on where the engines agree and where they
// part: for each claim measured on both, the same verdict is agreement;
// a different one is a parting, by how much (the JVM's median against
// Go's), and a finding when the two runs' intervals do not overlap (the
// difference is beyond both runs' noise) rather than noise to average.
func agreement(l msg.Lang, claims []Claim) string {
	byID := map[string][2]*Claim{}
	var ids []string
	for i := range claims {
		c := &claims[i]
		p, ok := byID[c.ID]
		if !ok {
			ids = append(ids, c.ID)
		}
		p[engineRank(engineOf(*c))] = c
		byID[c.ID] = p
	}
	var agree, part []string
	notRun := 0
	for _, id := range ids {
		g, j := byID[id][0], byID[id][1]
		if g == nil || j == nil || g.Measured == nil || j.Measured == nil {
			notRun++
			continue
		}
		if sameVerdict(g.Verdict, j.Verdict) {
			agree = append(agree, fmt.Sprintf("`%s` (%s)", id, msg.T(l, "exp.verdict."+string(g.Verdict))))
			continue
		}
		by := fmtClaim(*j.Measured-*g.Measured, g.Digits, g.Unit)
		if *g.Measured != 0 && g.Unit != "%" {
			// A share's difference is in points; a relative one of
			// a share near zero would only mislead.
			by += fmt.Sprintf(", %+.0f%%", 100*(*j.Measured / *g.Measured - 1))
		}
		key := "exp.agree.part"
		switch {
		case g.Low == nil || j.Low == nil:
			key = "exp.agree.part.onerun"
		case *j.Low > *g.High || *g.Low > *j.High:
			key = "exp.agree.part.finding"
		}
		part = append(part, msg.T(l, key, id, msg.T(l, "exp.verdict."+string(g.Verdict)), fmtClaim(*g.Measured, g.Digits, g.Unit),
			msg.T(l, "exp.verdict."+string(j.Verdict)), fmtClaim(*j.Measured, j.Digits, j.Unit), by))
	}
	s := msg.T(l, "exp.agree.head", len(agree), len(agree)+len(part), notRun)
	if len(agree) > 0 {
		s += " " + msg.T(l, "exp.agree.same", strings.Join(agree, ", "))
	}
	if len(part) > 0 {
		s += " " + msg.T(l, "exp.agree.parts", strings.Join(part, "; "))
	}
	return s
}

// sameVerdict: equal verdicts agree, and so do a calibrated claim's
// consistent and the other engine's reproduced, or its inconsistent and
// direction or not reproduced: each pair says the same of the numbers.
func sameVerdict(a, b Verdict) bool {
	pair := func(x, y Verdict) bool { return a == x && b == y || a == y && b == x }
	return a == b || pair(Consistent, Reproduced) || pair(Inconsistent, Direction) || pair(Inconsistent, NotReproduced)
}
