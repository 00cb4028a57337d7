//go:build linux

package experiment

import (
	"math"
	"slices"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/stats"
)

// Table is an experiment's result: this machine's figures beside the
// model's and the published ones, the environment, and the notes that say
// how to read them. Its JSON is `waitlab exp run NAME --json`.
type Table struct {
	Experiment string   `json:"experiment"`
	Lang       msg.Lang `json:"lang"`
	Title      string   `json:"title"`
	Command    string   `json:"command,omitempty"`
	Date       string   `json:"date"`
	Repeat     int      `json:"repeat"`
	Warmup     bool     `json:"warmup"`
	// WarmupEach: every counted run had its own uncounted warm-up (the
	// generator's warm-up window on the run's fresh server) rather than
	// one warm-up run first.
	WarmupEach bool `json:"warmup_each,omitempty"`
	Quick      bool `json:"quick,omitempty"`
	Env        Env  `json:"env"`
	// Claims are the published claims with this run's verdicts, in the
	// experiment's declaration order (claims.go).
	Claims []Claim `json:"claims"`
	// Recipe says what ran, in one or two sentences; Scaling how it was
	// scaled to this machine ("" when it was not).
	Recipe  string   `json:"recipe"`
	Scaling string   `json:"scaling,omitempty"`
	Columns []Column `json:"columns"`
	Rows    []Row    `json:"rows"`
	// Published is the source's table as published ("" source: none).
	Published *Published `json:"published,omitempty"`
	// Notes are the paragraphs under the table: the arithmetic, what
	// differs and why.
	Notes []string `json:"notes,omitempty"`
	// Warnings are the validity warnings the rows' codes refer to.
	Warnings []RowWarning `json:"warnings,omitempty"`
	Plots    []Plot       `json:"plots,omitempty"`
	// Skipped says why the experiment could not run here (with the
	// command that would make it possible).
	Skipped     string `json:"skipped,omitempty"`
	Interrupted bool   `json:"interrupted,omitempty"`
	// Children are the processes the experiment started and the ports
	// they listened on; all had exited when the table was returned.
	Children []Child `json:"children,omitempty"`
	// Engines are the engines that judged the claims (go, jvm); JDK is
	// the JVM engine's; Agreement says where the engines agree and part
	// (engine.go).
	Engines   []string `json:"engines,omitempty"`
	JDK       *jdk.JDK `json:"jdk,omitempty"`
	Agreement string   `json:"agreement,omitempty"`
}

// Column is one figure of the table.
type Column struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	// Digits after the decimal point when printed.
	Digits int `json:"digits"`
}

// Row is one condition of the experiment.
type Row struct {
	Key   string          `json:"key"`
	Label string          `json:"label"`
	Cells map[string]Cell `json:"cells"`
	// Warn lists the validity warnings (codes of Table.Warnings) that
	// undermine this row's figures: they are printed beside it.
	Warn []string `json:"warn,omitempty"`
}

// Cell is one figure of one row: the median of the counted runs with
// their min and max, the model's prediction and the published figure
// when there are any.
type Cell struct {
	Median    float64  `json:"median"`
	Min       float64  `json:"min"`
	Max       float64  `json:"max"`
	Runs      int      `json:"runs"`
	Model     *float64 `json:"model,omitempty"`
	Published *float64 `json:"published,omitempty"`
	// Values are the runs' values in run order (the claims' intervals
	// and paired ratios rest on them).
	Values []float64 `json:"values,omitempty"`
}

// Published is the source's own table.
type Published struct {
	Source  string     `json:"source"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	Note    string     `json:"note,omitempty"`
}

// RowWarning is one validity warning of one row.
type RowWarning struct {
	Row     string `json:"row"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Plot is an SVG figure of the table: one group of bars per row for each
// of Keys, with min-max whiskers and the published figure as a mark.
type Plot struct {
	File  string   `json:"file"`
	Title string   `json:"title"`
	Keys  []string `json:"keys"`
}

// Summarize returns the median (the lower median of an even count, so it
// is a measured value), min and max of vals.
func Summarize(vals []float64) Cell {
	if len(vals) == 0 {
		return Cell{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
	}
	sp := stats.SpreadOf(vals)
	return Cell{Median: sp.Median, Min: sp.Min, Max: sp.Max, Runs: len(vals), Values: slices.Clone(vals)}
}

// Samples collects, per figure, the values of repeated runs.
type Samples map[string][]float64

// Add records one run's figures.
func (s Samples) Add(figs map[string]float64) {
	for k, v := range figs {
		s[k] = append(s[k], v)
	}
}

// Cells summarizes every figure.
func (s Samples) Cells() map[string]Cell {
	out := map[string]Cell{}
	for k, v := range s {
		out[k] = Summarize(v)
	}
	return out
}

// AddRow appends a row.
func (t *Table) AddRow(key, label string, cells map[string]Cell) *Row {
	t.Rows = append(t.Rows, Row{Key: key, Label: label, Cells: cells})
	return &t.Rows[len(t.Rows)-1]
}

// Row returns the row with key, or nil.
func (t *Table) Row(key string) *Row {
	for i := range t.Rows {
		if t.Rows[i].Key == key {
			return &t.Rows[i]
		}
	}
	return nil
}

// Median returns a row's median of a figure (NaN when absent).
func (t *Table) Median(row, col string) float64 {
	r := t.Row(row)
	if r == nil {
		return math.NaN()
	}
	c, ok := r.Cells[col]
	if !ok {
		return math.NaN()
	}
	return c.Median
}

// SetModel sets a cell's model prediction.
func (r *Row) SetModel(col string, v float64) {
	c := r.Cells[col]
	c.Model = &v
	r.Cells[col] = c
}

// SetPublished sets a cell's published figure.
func (r *Row) SetPublished(col string, v float64) {
	c := r.Cells[col]
	c.Published = &v
	r.Cells[col] = c
}

// Env is where the experiment ran.
type Env struct {
	model.Env
	// Cores is the CPUs this process may use (cgroup quota included).
	Cores int `json:"cores"`
	// Load is the machine's 1-minute load average: at the start, the
	// highest seen while the experiment ran, and at the end.
	LoadStart float64 `json:"load_start"`
	LoadMax   float64 `json:"load_max"`
	LoadEnd   float64 `json:"load_end"`
	// Nice is the priority the experiment ran at.
	Nice int `json:"nice"`
	// OwnCPU is the CPU the experiment's process tree (this process and
	// every child) used while it ran, NeighbourCPU what the rest of the
	// machine used (its mean, and NeighbourCPUMax the largest over one
	// second), all in cores; MachineCPUs is the machine's CPUs, which the
	// neighbours share with the experiment (Cores is this process's
	// share).
	OwnCPU          float64 `json:"own_cpu_cores"`
	NeighbourCPU    float64 `json:"neighbour_cpu_cores"`
	NeighbourCPUMax float64 `json:"neighbour_cpu_cores_max"`
	MachineCPUs     int     `json:"machine_cpus"`
}

// Busy reports whether the neighbours took more than a fifth of a core
// on average: enough to stretch CPU-bound figures measurably.
func (e Env) Busy() bool { return e.NeighbourCPU > 0.2 }
