package runner

import "github.com/waitlab/waitlab/internal/supervise"

// ChoosePinning splits the CPUs this process may run on by supervise's one
// rule (supervise.Split: the target the upper half, the generator the
// rest). nil (no pinning) with fewer than two or when asked not to.
func ChoosePinning(cores int, off bool) *Pinning {
	if off || cores < 2 {
		return nil
	}
	p := supervise.Place()
	if p.Shared {
		return nil
	}
	return &Pinning{Generator: p.Generator, Target: p.Target}
}
