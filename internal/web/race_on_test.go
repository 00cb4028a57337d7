//go:build race

package web

// raceEnabled: the browser tests run once, in the plain test pass; under
// the race detector the API tests cover the same handlers.
const raceEnabled = true
