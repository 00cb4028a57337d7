package model

import (
	"math"
	"strings"
)

// Overrides are changes to a base scenario (a preset, a file, or the
// default): the knobs a person turns in `waitlab sim` / `run` flags and in
// the web lab's form. A nil field is left as the base has it. The JSON
// names are the scenario file's names where one exists, so
// {"preset": "lab-pool", "wait": "200ms"} reads like a scenario.
//
// Text fields take the syntax of the flags ("200ms", "exp:2ms", "rate:500",
// "every:50", ...) and are parsed by Apply, so a bad value is reported with
// the field that carried it.
type Overrides struct {
	Model       *string `json:"model,omitempty"`
	Threads     *int    `json:"threads,omitempty"`
	OffloadPool *int    `json:"offload_pool,omitempty"`
	FanoutPool  *int    `json:"fanout_pool,omitempty"`
	Cores       *int    `json:"cores,omitempty"`
	Requests    *int    `json:"requests,omitempty"`
	Seed        *int64  `json:"seed,omitempty"`
	Arrival     *string `json:"arrival,omitempty"`
	Think       *string `json:"think,omitempty"`
	Placement   *string `json:"placement,omitempty"`
	Assign      *string `json:"assign,omitempty"`
	SharedLock  *bool   `json:"shared_lock,omitempty"`
	// CPU and Fanout apply to every class.
	CPU    *string `json:"cpu,omitempty"`
	Fanout *string `json:"fanout,omitempty"`
	// Wait, Blocking and Calls describe the ordinary request: the first
	// class.
	Wait     *string `json:"wait,omitempty"`
	Blocking *bool   `json:"blocking,omitempty"`
	Calls    *int    `json:"calls,omitempty"`
	// BlockFraction splits the requests into two classes, "normal" (the
	// first class) and "blocking" (a blocking call of Block, 100 ms unless
	// the base or Block says otherwise), placed randomly unless the base or
	// Placement says otherwise.
	BlockFraction *float64 `json:"block_fraction,omitempty"`
	Block         *string  `json:"block,omitempty"`
}

// Apply changes s as the overrides say. It does not Normalize or Validate:
// call Resolve for the whole step. Errors are *FieldError naming the
// override's JSON field (FlagName gives the flag's spelling).
func (o *Overrides) Apply(s *Scenario) error {
	if err := o.applyServer(s); err != nil {
		return err
	}
	if len(s.Classes) == 0 {
		s.Classes = []Class{{Name: "normal", Fraction: 1}}
	} else {
		// Never write through to the base's backing array (a preset's).
		s.Classes = append([]Class(nil), s.Classes...)
	}
	cpu, err := o.applyClasses(s)
	if err != nil {
		return err
	}
	if err := o.applyBlockFraction(s, cpu); err != nil {
		return err
	}
	return o.applyBlock(s)
}

// applyServer sets the server, machine and arrival knobs.
func (o *Overrides) applyServer(s *Scenario) error {
	if o.Model != nil {
		k, err := ParseKind(*o.Model)
		if err != nil {
			return named("model", err)
		}
		s.Model = k
		if k != Offload && o.OffloadPool == nil {
			s.OffloadPool = 0
		}
		if k != Pool && o.FanoutPool == nil {
			s.FanoutPool = 0
		}
	}
	setInt(&s.Threads, o.Threads)
	setInt(&s.OffloadPool, o.OffloadPool)
	setInt(&s.FanoutPool, o.FanoutPool)
	setInt(&s.Cores, o.Cores)
	setInt(&s.Requests, o.Requests)
	if o.Seed != nil {
		s.Seed = *o.Seed
	}
	if o.Arrival != nil {
		a, err := ParseArrival(*o.Arrival)
		if err != nil {
			return named("arrival", err)
		}
		s.Arrival = a
	}
	if o.Think != nil {
		d, err := ParseDist(*o.Think)
		if err != nil {
			return named("think", err)
		}
		s.Think = d
	}
	if o.Placement != nil {
		p, err := ParsePlacement(*o.Placement)
		if err != nil {
			return named("placement", err)
		}
		s.Placement = p
	}
	if o.Assign != nil {
		var a Assign
		if err := a.UnmarshalText([]byte(*o.Assign)); err != nil {
			return named("assign", err)
		}
		s.Assign = a
	}
	if o.SharedLock != nil {
		s.SharedLock = *o.SharedLock
	}
	return nil
}

// applyClasses sets the knobs of every class (cpu, fanout) and of the
// first (wait, blocking, calls); it returns the CPU given, if any.
func (o *Overrides) applyClasses(s *Scenario) (Dist, error) {
	var cpu Dist
	if o.CPU != nil {
		d, err := ParseDist(*o.CPU)
		if err != nil {
			return cpu, named("cpu", err)
		}
		cpu = d
		for i := range s.Classes {
			s.Classes[i].CPU = d
		}
	}
	if o.Fanout != nil {
		var fo Fanout
		if err := fo.UnmarshalText([]byte(*o.Fanout)); err != nil {
			return cpu, named("fanout", err)
		}
		for i := range s.Classes {
			s.Classes[i].Fanout = fo
		}
	}
	if o.Wait != nil {
		d, err := ParseDist(*o.Wait)
		if err != nil {
			return cpu, named("wait", err)
		}
		s.Classes[0].Wait = d
	}
	if o.Blocking != nil {
		s.Classes[0].Blocking = *o.Blocking
	}
	if o.Calls != nil {
		s.Classes[0].Calls = *o.Calls
	}
	return cpu, nil
}

// applyBlockFraction splits the requests into "normal" and "blocking".
func (o *Overrides) applyBlockFraction(s *Scenario, cpu Dist) error {
	if o.BlockFraction != nil {
		bf := *o.BlockFraction
		if math.IsNaN(bf) || bf < 0 || bf > 1 {
			return fieldErr("block_fraction", "err.class.fraction", bf)
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
		if o.CPU != nil {
			blocking.CPU = cpu
		}
		if o.Block == nil && blocking.Wait.IsZero() {
			blocking.Wait = FixedDist(100e6)
		}
		s.Classes = []Class{normal, blocking}
		if o.Placement == nil && s.Placement.Kind == "" {
			s.Placement = Placement{Kind: Random}
		}
	}
	return nil
}

// applyBlock sets the blocking class's call.
func (o *Overrides) applyBlock(s *Scenario) error {
	if o.Block != nil {
		d, err := ParseDist(*o.Block)
		if err != nil {
			return named("block", err)
		}
		i := s.ClassIndex("blocking")
		if i < 0 {
			return fieldErr("block", "err.block.needs.fraction")
		}
		s.Classes[i].Wait = d
	}
	return nil
}

// Resolve applies o to base, normalizes and validates the result: the one
// path from "a base and some knobs" to a scenario that may run, for flags,
// files and the web API alike.
func Resolve(base Scenario, o *Overrides) (Scenario, error) {
	s := base
	if o != nil {
		if err := o.Apply(&s); err != nil {
			return s, err
		}
	}
	s.Normalize()
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

// DefaultScenario is the base when neither a preset nor a file is given:
// the lab-pool preset (4 threads, 12 requests, 2 s waits), unnamed.
func DefaultScenario() Scenario {
	p, _ := LookupPreset("lab-pool")
	s := p.Scenario
	s.Name = ""
	s.Classes = append([]Class(nil), s.Classes...)
	return s
}

// FlagName turns an override's JSON field name into its flag's spelling:
// "block_fraction" -> "--block-fraction".
func FlagName(field string) string {
	return "--" + strings.ReplaceAll(field, "_", "-")
}

func setInt(dst *int, v *int) {
	if v != nil {
		*dst = *v
	}
}

// named ties a parse error to the override field that carried it.
func named(field string, err error) error {
	if fe, ok := err.(*FieldError); ok {
		c := *fe
		c.Field = field
		return &c
	}
	return fieldErr(field, "err.flag", err.Error())
}
