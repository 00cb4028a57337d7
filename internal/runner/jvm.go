package runner

import (
	"context"

	"github.com/waitlab/waitlab/internal/jvmexec"
	"github.com/waitlab/waitlab/internal/model"
)

// JVM runs each run in a fresh JVM child with waitlab's Java executors
// (internal/jvmexec): the same requests as Process, the JVM's way.
type JVM struct{ Options jvmexec.Options }

// Via implements Runner.
func (JVM) Via() string { return ViaJVM }

// Check implements Runner: the knobs the JVM cannot run as the Go
// executors do, a real run's refusals (Check), and a JDK that cannot run
// the scenario (JDK 17 and
// virtual threads; none at all), each a *model.FieldError.
func (j JVM) Check(s model.Scenario) error {
	if err := jvmexec.CheckScenario(s, j.Options); err != nil {
		return err
	}
	if err := Check(s, 0); err != nil {
		return err
	}
	return jvmexec.Check(s, j.Options)
}

// Run implements Runner.
func (j JVM) Run(ctx context.Context, s model.Scenario, opt Options) (*Run, error) {
	res, err := jvmexec.Run(ctx, s, opt.executor(), j.Options)
	if err != nil {
		return nil, err
	}
	return &Run{Result: res}, nil
}
