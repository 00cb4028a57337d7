//go:build race

package plan

// raceOn: the race detector slows the simulator about tenfold, so the
// large closed-form comparisons run a reduced set under it.
const raceOn = true
