//go:build linux

package experiment

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// writeEngineParts writes the summary's comparison of the engines, all
// computed from the sections' claims: the central claims each engine
// brings to direction or better (reached, from writeCentral) set side by
// side; every claim the Go engine does not reproduce and the JVM does,
// with both numbers; and a paragraph for every claim whose verdict
// differs between the engines, each engine's sentence with its numbers
// and reasons.
func writeEngineParts(b *bytes.Buffer, l msg.Lang, ts []*Table, reached map[string]int) {
	n := len(centralClaims)
	key := "exp.sum.central.compare.lt"
	if reached[EngineJVM] >= reached[EngineGo] {
		key = "exp.sum.central.compare.ge"
	}
	fmt.Fprintf(b, "%s\n\n", msg.T(l, key, reached[EngineGo], n, reached[EngineJVM], n))
	var gained, parts []string
	for _, t := range ts {
		for _, p := range enginePairs(t.Claims) {
			g, j := p[0], p[1]
			if g == nil || j == nil || g.Verdict == j.Verdict {
				continue
			}
			if j.Verdict == Reproduced {
				gained = append(gained, fmt.Sprintf("- `%s` (`%s`): %s", g.ID, t.Experiment,
					msg.T(l, "exp.sum.gained.row", verdictText(l, g.Verdict), measuredText(l, *g), verdictText(l, j.Verdict), measuredText(l, *j))))
			}
			parts = append(parts, fmt.Sprintf("**`%s`** (`%s`): %s **%s**, %s **%s**.\n\n- %s: %s\n- %s: %s",
				g.ID, t.Experiment, msg.T(l, "exp.engine.go"), verdictText(l, g.Verdict), msg.T(l, "exp.engine.jvm"), verdictText(l, j.Verdict),
				engineTag(l, *g), g.Note, engineTag(l, *j), j.Note))
		}
	}
	if len(gained) > 0 {
		fmt.Fprintf(b, "%s\n\n%s\n\n", msg.T(l, "exp.sum.gained", len(gained)), strings.Join(gained, "\n"))
	} else {
		fmt.Fprintf(b, "%s\n\n", msg.T(l, "exp.sum.gained.none"))
	}
	if len(parts) == 0 {
		fmt.Fprintf(b, "%s\n\n", msg.T(l, "exp.sum.parts.none"))
		return
	}
	fmt.Fprintf(b, "%s\n\n%s\n\n", msg.T(l, "exp.sum.parts", len(parts)), strings.Join(parts, "\n\n"))
}

// enginePairs pairs a table's claims by id, Go's first, in the table's
// order.
func enginePairs(claims []Claim) [][2]*Claim {
	idx := map[string]int{}
	var out [][2]*Claim
	for i := range claims {
		c := &claims[i]
		k, ok := idx[c.ID]
		if !ok {
			k = len(out)
			idx[c.ID] = k
			out = append(out, [2]*Claim{})
		}
		out[k][engineRank(engineOf(*c))] = c
	}
	return out
}

func verdictText(l msg.Lang, v Verdict) string { return msg.T(l, "exp.verdict."+string(v)) }

// measuredText is a claim's measured value with its interval, or the
// not-run verdict's word.
func measuredText(l msg.Lang, c Claim) string {
	if s := claimMeasured(l, c); s != "" {
		return s
	}
	return verdictText(l, NotRun)
}
