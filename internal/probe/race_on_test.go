//go:build race

package probe

// raceEnabled: under the race detector the fit's simulations are made
// smaller (quick), since the detector slows the simulator about tenfold.
const raceEnabled = true
