package model

// Uniform returns a uniform variate in [0,1) that depends only on (seed,
// stream, i): a counter-based generator (splitmix64 finaliser), so that the
// n-th request's draws do not depend on the order in which anyone asks for
// them, and no generator state is shared between goroutines.
func Uniform(seed int64, stream, i uint64) float64 {
	return float64(mix(uint64(seed)^mix(stream*0x9E3779B97F4A7C15+i))>>11) / (1 << 53)
}

func mix(z uint64) uint64 {
	z += 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Random streams, so that each kind of draw is independent of the others.
const (
	streamClass uint64 = iota + 1
	streamCPU
	streamWait
	streamArrival
	streamThink
)
