package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// scenarioFlags are the scenario flags shared by `waitlab sim` and
// `waitlab run`: a base (preset, file, or the lab-pool defaults) and
// overrides, applied in resolve. Flags always win over the file or preset.
type scenarioFlags struct {
	fs                               *flag.FlagSet
	preset, file                     string
	modelName                        string
	threads, offloadPool, cores      int
	fanoutPool                       int
	requests, calls                  int
	arrival, think, cpu, wait, block string
	placement, assign, fanout        string
	blocking, sharedLock             bool
	blockFraction                    float64
	seed                             int64
}

func addScenarioFlags(fs *flag.FlagSet) *scenarioFlags {
	f := &scenarioFlags{fs: fs}
	fs.StringVar(&f.preset, "preset", "", "start from a preset scenario (see waitlab presets)")
	fs.StringVar(&f.file, "f", "", "start from a scenario `file` (YAML)")
	fs.StringVar(&f.modelName, "model", "", "server model: pool, loop, offload or virtual")
	fs.IntVar(&f.threads, "threads", 0, "pool size (pool), loop count (loop, offload) or carrier count (virtual)")
	fs.IntVar(&f.offloadPool, "offload-pool", 0, "offload pool size K (offload)")
	fs.IntVar(&f.fanoutPool, "fanout-pool", 0, "fan-out pool size K that runs parallel calls (pool)")
	fs.IntVar(&f.cores, "cores", 0, "CPU cores of the simulated machine (0: as many as threads)")
	fs.IntVar(&f.requests, "requests", 0, "number of requests")
	fs.StringVar(&f.arrival, "arrival", "", "arrival: burst, rate:R, poisson:R or vus:N")
	fs.StringVar(&f.think, "think", "", "think time between a response and the next request (vus:N)")
	fs.StringVar(&f.cpu, "cpu", "", "CPU time per request: 200us, or exp:200us")
	fs.StringVar(&f.wait, "wait", "", "wait per downstream call: 200ms, or exp:200ms")
	fs.BoolVar(&f.blocking, "blocking", false, "the wait blocks (holds) its thread: stalls a loop, pins a carrier")
	fs.IntVar(&f.calls, "calls", 0, "downstream calls per request (each takes --wait)")
	fs.StringVar(&f.fanout, "fanout", "", "downstream calls: sequential, parallel or pipelined")
	fs.BoolVar(&f.sharedLock, "shared-lock", false, "every downstream call holds one shared lock (the PING-inside-synchronized bug)")
	fs.Float64Var(&f.blockFraction, "block-fraction", 0, "fraction of requests that make a blocking call (classes normal and blocking)")
	fs.StringVar(&f.block, "block", "", "duration of the blocking call (with --block-fraction)")
	fs.StringVar(&f.placement, "placement", "", "which requests block: random, spread or every:K")
	fs.StringVar(&f.assign, "assign", "", "how requests bind to loops: round-robin or shared")
	fs.Int64Var(&f.seed, "seed", 0, "random seed (same seed, same output)")
	return f
}

// overrides returns the flags the user set, as model overrides.
func (f *scenarioFlags) overrides() *model.Overrides {
	o := &model.Overrides{}
	f.fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "model":
			o.Model = &f.modelName
		case "threads":
			o.Threads = &f.threads
		case "offload-pool":
			o.OffloadPool = &f.offloadPool
		case "fanout-pool":
			o.FanoutPool = &f.fanoutPool
		case "cores":
			o.Cores = &f.cores
		case "requests":
			o.Requests = &f.requests
		case "seed":
			o.Seed = &f.seed
		case "arrival":
			o.Arrival = &f.arrival
		case "think":
			o.Think = &f.think
		case "placement":
			o.Placement = &f.placement
		case "assign":
			o.Assign = &f.assign
		case "shared-lock":
			o.SharedLock = &f.sharedLock
		case "cpu":
			o.CPU = &f.cpu
		case "fanout":
			o.Fanout = &f.fanout
		case "wait":
			o.Wait = &f.wait
		case "blocking":
			o.Blocking = &f.blocking
		case "calls":
			o.Calls = &f.calls
		case "block-fraction":
			o.BlockFraction = &f.blockFraction
		case "block":
			o.Block = &f.block
		}
	})
	return o
}

// base returns the scenario the flags start from: the preset, the file, or
// model.DefaultScenario.
func (f *scenarioFlags) base(lang msg.Lang) (model.Scenario, error) {
	switch {
	case f.preset != "" && f.file != "":
		return model.Scenario{}, &UsageError{Err: fmt.Errorf("%s", msg.T(lang, "cli.preset.and.file"))}
	case f.preset != "":
		p, ok := model.LookupPreset(f.preset)
		if !ok {
			return model.Scenario{}, &UsageError{Err: fmt.Errorf("--preset: %s", msg.T(lang, "cli.preset.unknown", f.preset, strings.Join(model.PresetNames(), ", ")))}
		}
		return p.Scenario, nil
	case f.file != "":
		s, err := model.ReadScenarioFile(f.file)
		var fe *model.FieldError
		if err != nil && !errors.As(err, &fe) {
			return s, &UsageError{Err: fmt.Errorf("-f: %s", msg.T(lang, "cli.file.read", f.file, err))}
		}
		return s, err
	}
	return model.DefaultScenario(), nil
}

// resolve builds the scenario: base, then every flag the user set
// (model.Resolve, the same step the web API takes). It returns a
// *model.FieldError (naming the flag for a bad flag value) or *UsageError
// for bad input, and validates.
func (f *scenarioFlags) resolve(lang msg.Lang) (model.Scenario, error) {
	s, err := f.base(lang)
	if err != nil {
		return s, err
	}
	o := f.overrides()
	if err := o.Apply(&s); err != nil {
		return s, flagErr(err)
	}
	return model.Resolve(s, nil)
}

// flagErr renames an override's field to its flag ("block_fraction" ->
// "--block-fraction"), keeping the catalog key so it prints in the user's
// language.
func flagErr(err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) && fe.Field != "" {
		c := *fe
		c.Field = model.FlagName(fe.Field)
		return &c
	}
	return err
}
