package supervise

import "github.com/waitlab/waitlab/internal/sysinfo"

// Pinning says where a target (the server child) and its load generator
// run (Target, as in runner.Pinning and the JSON's target_cpus): disjoint
// CPU sets, or nothing pinned (Shared) on a single CPU or when asked not
// to. Failed, when set, is why pinning was asked for but did not happen
// (the sched_setaffinity error): the runs then shared every CPU.
type Pinning struct {
	Target    []int  `json:"target_cpus,omitempty"`
	Generator []int  `json:"generator_cpus,omitempty"`
	Shared    bool   `json:"shared,omitempty"`
	Failed    string `json:"pin_failed,omitempty"`
	// Observed: not made here but read off the processes' affinities
	// (a --target-pid someone pinned apart from the generator).
	Observed bool `json:"observed,omitempty"`
}

// Apart is the placement of a generator on gen and a server on srv when
// both are known and share no CPU, else nil.
func Apart(gen, srv []int) *Pinning {
	if len(gen) == 0 || len(srv) == 0 {
		return nil
	}
	for _, g := range gen {
		for _, s := range srv {
			if g == s {
				return nil
			}
		}
	}
	return &Pinning{Target: append([]int(nil), srv...), Generator: append([]int(nil), gen...), Observed: true}
}

// Split is the one CPU-split rule: of the CPUs this process may run on
// (sorted), the upper half (rounded up) goes to the server, the lower
// half to the generator. The server does the modelled work; the
// generator's own cost grows with the rate, so it gets a real share
// rather than one CPU. With fewer than two CPUs nothing is pinned.
func Split(cpus []int) Pinning {
	if len(cpus) < 2 {
		return Pinning{Shared: true}
	}
	h := len(cpus) / 2
	return Pinning{Target: append([]int(nil), cpus[h:]...), Generator: append([]int(nil), cpus[:h]...)}
}

// Place splits the CPUs this process may run on (Split over
// sysinfo.AllowedCPUs).
func Place() Pinning { return Split(sysinfo.AllowedCPUs()) }
