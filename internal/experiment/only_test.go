//go:build linux

package experiment

import (
	"slices"
	"testing"
)

// Issue 45, item 17: each recipe's table of the claims its conditions
// feed (what --only skips by) names only the experiment's claims, and
// every claim has a condition that feeds it, so --only ID never runs
// nothing for a claim that needs a run.
func TestOnlyTablesNameTheClaims(t *testing.T) {
	for name, serves := range map[string]map[string][]string{
		"lab": labServes, "blocking-loop": blockingServes, "db-on-loop": dbServes,
		"write-path": wpServes, "validate-lock": vlServes,
	} {
		e, ok := Lookup(name)
		if !ok {
			t.Errorf("no experiment %s", name)
			continue
		}
		fed := map[string]bool{}
		for cond, ids := range serves {
			for _, id := range ids {
				if !slices.Contains(ClaimIDs(name), id) {
					t.Errorf("%s: condition %s feeds %q, which is not a claim of it", name, cond, id)
				}
				fed[id] = true
			}
		}
		for _, d := range e.Claims {
			if !fed[d.ID] {
				t.Errorf("%s: claim %s is fed by no condition: --only %s would run nothing", name, d.ID, d.ID)
			}
		}
	}
}
