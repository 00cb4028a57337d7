//go:build race

package experiment

// raceEnabled: the test binary, and so every child process the
// experiments start from it, runs under the race detector.
const raceEnabled = true
