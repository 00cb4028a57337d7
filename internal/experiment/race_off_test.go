//go:build !race

package experiment

// raceEnabled: see race_on_test.go.
const raceEnabled = false
