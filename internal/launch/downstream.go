package launch

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/waitlab/waitlab/internal/downstream"
	"github.com/waitlab/waitlab/internal/supervise"
)

// Downstream is a started, ready `waitlab downstream` child. Its
// supervise.Child is there for what every child has (PID, Exited, Why,
// PinErr, Kill).
type Downstream struct {
	*supervise.Child
	// Addr is the host:port it serves at.
	Addr   string
	Config downstream.Config

	once sync.Once
	rep  downstream.Report
}

// StartDownstream starts cfg's downstream (on 127.0.0.1:0 unless cfg
// says where), pinned to o.CPUs, and waits until it serves (its Ready
// on the control channel): the one start of a downstream child, as
// Start is the target's. A child that dies or is not ready in time is a
// *ReadyError.
func StartDownstream(ctx context.Context, cfg downstream.Config, o Options) (*Downstream, error) {
	if o.Name == "" {
		o.Name = "downstream"
	}
	if o.Lang == "" {
		o.Lang = "en"
	}
	if cfg.Listen == "" {
		cfg.Listen = "127.0.0.1:0"
	}
	exe := o.Exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("launch: %w", err)
		}
	}
	args := append(append([]string{"downstream"}, cfg.Args()...), "--lang", o.Lang)
	c, err := supervise.Start(supervise.Spec{Name: o.Name, Exe: exe, Args: args, Env: o.Env, CPUs: o.CPUs,
		Stdout: o.Stdout, Control: true})
	if err != nil {
		return nil, fmt.Errorf("launch: %w", err)
	}
	addr, err := c.WaitReady(ctx)
	if err != nil {
		c.Stop()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &ReadyError{Name: o.Name, Err: err, Why: c.Why(), Stderr: c.Stderr()}
	}
	return &Downstream{Child: c, Addr: addr, Config: cfg}, nil
}

// Stop asks the downstream to stop, kills its process group after
// supervise.Grace, and returns its typed report (Missing when it sent
// none). Later calls return the first report.
func (d *Downstream) Stop() downstream.Report {
	d.once.Do(func() {
		d.Child.Stop()
		b := d.Child.Report()
		if len(b) == 0 || json.Unmarshal(b, &d.rep) != nil {
			d.rep = downstream.Report{Missing: true}
		}
	})
	return d.rep
}
