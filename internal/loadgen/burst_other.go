//go:build !linux

package loadgen

// runBurstRaw needs epoll: off Linux a burst takes the goroutine path.
func (g *scenarioGen) runBurstRaw() bool { return false }
