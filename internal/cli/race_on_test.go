//go:build race

package cli

// raceOn: the race detector slows the in-process load generator several
// times, so the HTTP floor test keeps only its lower bound.
const raceOn = true
