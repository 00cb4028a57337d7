package model

import "strings"

// The scenario knobs, written once. Each Overrides field, its flag (the
// JSON name with - for _), its help (the catalog entry flag.NAME) and an
// example value come from this table: cli builds `sim`, `run`, `plan` and `target`'s scenario
// flags from it, and knobs_test.go fails when the table, the Overrides
// fields and Apply drift apart (a field without a row, a row whose
// example Apply ignores).

// KnobType is the Go type of a knob's value.
type KnobType int

// Knob types.
const (
	KnobString KnobType = iota
	KnobInt
	KnobInt64
	KnobFloat
	KnobBool
)

// Knob is one scenario knob a person turns.
type Knob struct {
	// Field is its JSON name in Overrides ("block_fraction").
	Field string
	Type  KnobType
	// Example is a valid value that changes the default scenario
	// (tests apply it).
	Example string
	// ptr returns the address of o's field (a **string, **int, ...).
	ptr func(o *Overrides) any
}

// Flag is the knob's flag name, without dashes ("block-fraction").
func (k Knob) Flag() string { return strings.ReplaceAll(k.Field, "_", "-") }

// HelpKey is the catalog entry of the knob's help text (internal/msg
// flags.go), in both languages.
func (k Knob) HelpKey() string { return "flag." + k.Flag() }

// Ptr returns the address of o's field for the knob: a **string, **int,
// **int64, **float64 or **bool, as Type says.
func (k Knob) Ptr(o *Overrides) any { return k.ptr(o) }

// Set makes o's field for the knob point at v (a *string, *int, *int64,
// *float64 or *bool, as Type says); a v of another type panics, as a
// programming error.
func (k Knob) Set(o *Overrides, v any) {
	switch pp := k.ptr(o).(type) {
	case **string:
		*pp = v.(*string)
	case **int:
		*pp = v.(*int)
	case **int64:
		*pp = v.(*int64)
	case **float64:
		*pp = v.(*float64)
	case **bool:
		*pp = v.(*bool)
	}
}

// Knobs is every scenario knob, in the order flags list them.
var Knobs = []Knob{
	{"model", KnobString, "loop", func(o *Overrides) any { return &o.Model }},
	{"threads", KnobInt, "7", func(o *Overrides) any { return &o.Threads }},
	{"offload_pool", KnobInt, "3", func(o *Overrides) any { return &o.OffloadPool }},
	{"fanout_pool", KnobInt, "3", func(o *Overrides) any { return &o.FanoutPool }},
	{"cores", KnobInt, "2", func(o *Overrides) any { return &o.Cores }},
	{"requests", KnobInt, "20", func(o *Overrides) any { return &o.Requests }},
	{"arrival", KnobString, "rate:50", func(o *Overrides) any { return &o.Arrival }},
	{"think", KnobString, "5ms", func(o *Overrides) any { return &o.Think }},
	{"cpu", KnobString, "300us", func(o *Overrides) any { return &o.CPU }},
	{"wait", KnobString, "30ms", func(o *Overrides) any { return &o.Wait }},
	{"blocking", KnobBool, "true", func(o *Overrides) any { return &o.Blocking }},
	{"calls", KnobInt, "3", func(o *Overrides) any { return &o.Calls }},
	{"fanout", KnobString, "parallel", func(o *Overrides) any { return &o.Fanout }},
	{"shared_lock", KnobBool, "true", func(o *Overrides) any { return &o.SharedLock }},
	{"block_fraction", KnobFloat, "0.25", func(o *Overrides) any { return &o.BlockFraction }},
	{"block", KnobString, "50ms", func(o *Overrides) any { return &o.Block }},
	{"placement", KnobString, "every:4", func(o *Overrides) any { return &o.Placement }},
	{"assign", KnobString, "shared", func(o *Overrides) any { return &o.Assign }},
	{"seed", KnobInt64, "9", func(o *Overrides) any { return &o.Seed }},
}
