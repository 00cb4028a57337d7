//go:build race

package loadgen

// raceOn: the race detector slows everything, so wall-clock tests skip.
const raceOn = true
