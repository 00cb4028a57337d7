package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
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
	fs.IntVar(&f.cores, "cores", 0, "CPU cores of the simulated machine (0: as many as threads)")
	fs.IntVar(&f.requests, "requests", 0, "number of requests")
	fs.StringVar(&f.arrival, "arrival", "", "arrival: burst, rate:R, poisson:R or vus:N")
	fs.StringVar(&f.think, "think", "", "think time between a response and the next request (vus:N)")
	fs.StringVar(&f.cpu, "cpu", "", "CPU time per request: 200us, or exp:200us")
	fs.StringVar(&f.wait, "wait", "", "wait per downstream call: 200ms, or exp:200ms")
	fs.BoolVar(&f.blocking, "blocking", false, "the wait blocks (holds) its thread: stalls a loop, pins a carrier")
	fs.IntVar(&f.calls, "calls", 0, "downstream calls per request (each takes --wait)")
	fs.StringVar(&f.fanout, "fanout", "", "downstream calls: sequential or parallel")
	fs.BoolVar(&f.sharedLock, "shared-lock", false, "every downstream call holds one shared lock (the PING-inside-synchronized bug)")
	fs.Float64Var(&f.blockFraction, "block-fraction", 0, "fraction of requests that make a blocking call (classes normal and blocking)")
	fs.StringVar(&f.block, "block", "", "duration of the blocking call (with --block-fraction)")
	fs.StringVar(&f.placement, "placement", "", "which requests block: random, spread or every:K")
	fs.StringVar(&f.assign, "assign", "", "how requests bind to loops: round-robin or shared")
	fs.Int64Var(&f.seed, "seed", 0, "random seed (same seed, same output)")
	return f
}

// defaultScenario is the base when neither --preset nor -f is given: the
// lab-pool preset (4 threads, 12 requests, 2 s waits).
func defaultScenario() model.Scenario {
	p, _ := model.LookupPreset("lab-pool")
	s := p.Scenario
	s.Name = ""
	return s
}

// resolve builds the scenario: base, then every flag the user set. It
// returns a *model.FieldError or *UsageError for bad input, and validates.
func (f *scenarioFlags) resolve(lang msg.Lang) (model.Scenario, error) {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	var s model.Scenario
	switch {
	case f.preset != "" && f.file != "":
		return s, &UsageError{Err: fmt.Errorf("%s", msg.T(lang, "cli.preset.and.file"))}
	case f.preset != "":
		p, ok := model.LookupPreset(f.preset)
		if !ok {
			return s, &UsageError{Err: fmt.Errorf("--preset: %s", msg.T(lang, "cli.preset.unknown", f.preset, strings.Join(model.PresetNames(), ", ")))}
		}
		s = p.Scenario
	case f.file != "":
		data, err := os.ReadFile(f.file)
		if err != nil {
			return s, &UsageError{Err: fmt.Errorf("-f: %s", msg.T(lang, "cli.file.read", f.file, err))}
		}
		s, err = model.ParseYAML(data)
		if err != nil {
			return s, err
		}
	default:
		s = defaultScenario()
	}
	if err := f.apply(&s, set, lang); err != nil {
		return s, err
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

// flagErr ties a parse error to its flag, keeping its catalog key so it
// prints in the user's language.
func flagErr(name string, err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		c := *fe
		c.Field = "--" + name
		return &c
	}
	return model.NewFieldError("--"+name, "err.flag", err.Error())
}

func (f *scenarioFlags) apply(s *model.Scenario, set map[string]bool, lang msg.Lang) error {
	if set["model"] {
		k, err := model.ParseKind(f.modelName)
		if err != nil {
			return flagErr("model", err)
		}
		s.Model = k
		if k != model.Offload && !set["offload-pool"] {
			s.OffloadPool = 0
		}
	}
	if set["threads"] {
		s.Threads = f.threads
	}
	if set["offload-pool"] {
		s.OffloadPool = f.offloadPool
	}
	if set["cores"] {
		s.Cores = f.cores
	}
	if set["requests"] {
		s.Requests = f.requests
	}
	if set["seed"] {
		s.Seed = f.seed
	}
	if set["arrival"] {
		a, err := model.ParseArrival(f.arrival)
		if err != nil {
			return flagErr("arrival", err)
		}
		s.Arrival = a
	}
	if set["think"] {
		d, err := model.ParseDist(f.think)
		if err != nil {
			return flagErr("think", err)
		}
		s.Think = d
	}
	if set["placement"] {
		p, err := model.ParsePlacement(f.placement)
		if err != nil {
			return flagErr("placement", err)
		}
		s.Placement = p
	}
	if set["assign"] {
		var a model.Assign
		if err := a.UnmarshalText([]byte(f.assign)); err != nil {
			return flagErr("assign", err)
		}
		s.Assign = a
	}
	if set["shared-lock"] {
		s.SharedLock = f.sharedLock
	}
	if len(s.Classes) == 0 {
		s.Classes = []model.Class{{Name: "normal", Fraction: 1}}
	}
	if set["cpu"] {
		d, err := model.ParseDist(f.cpu)
		if err != nil {
			return flagErr("cpu", err)
		}
		for i := range s.Classes {
			s.Classes[i].CPU = d
		}
	}
	if set["fanout"] {
		var fo model.Fanout
		if err := fo.UnmarshalText([]byte(f.fanout)); err != nil {
			return flagErr("fanout", err)
		}
		for i := range s.Classes {
			s.Classes[i].Fanout = fo
		}
	}
	// --wait, --blocking and --calls describe the ordinary request: the
	// first class.
	if set["wait"] {
		d, err := model.ParseDist(f.wait)
		if err != nil {
			return flagErr("wait", err)
		}
		s.Classes[0].Wait = d
	}
	if set["blocking"] {
		s.Classes[0].Blocking = f.blocking
	}
	if set["calls"] {
		s.Classes[0].Calls = f.calls
	}
	if set["block-fraction"] {
		bf := f.blockFraction
		if bf < 0 || bf > 1 || bf != bf {
			return model.NewFieldError("--block-fraction", "err.class.fraction", bf)
		}
		normal := s.Classes[0]
		normal.Name = "normal"
		normal.Fraction = 1 - bf
		blocking := normal
		if i := s.ClassIndex("blocking"); i >= 0 {
			blocking = s.Classes[i]
		}
		blocking.Name = "blocking"
		blocking.Fraction = bf
		blocking.Blocking = true
		blocking.Calls = 0
		if set["cpu"] {
			blocking.CPU = normal.CPU
		}
		if !set["block"] && blocking.Wait.IsZero() {
			blocking.Wait = model.FixedDist(100e6)
		}
		s.Classes = []model.Class{normal, blocking}
		if !set["placement"] && s.Placement.Kind == "" {
			s.Placement = model.Placement{Kind: model.Random}
		}
	}
	if set["block"] {
		d, err := model.ParseDist(f.block)
		if err != nil {
			return flagErr("block", err)
		}
		i := s.ClassIndex("blocking")
		if i < 0 {
			return &UsageError{Err: fmt.Errorf("%s", msg.T(lang, "cli.block.needs.fraction"))}
		}
		s.Classes[i].Wait = d
	}
	return nil
}
