package report

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// CompareRow is one figure of a model-versus-real table. Model, Ref, Min
// and Max are NaN when absent (a figure the model has not, no published
// value, a single run).
type CompareRow struct {
	Label string
	Model float64
	Real  float64
	Min   float64
	Max   float64
	Ref   float64
}

// WriteCompare writes figures side by side: model (when withModel), real
// (median), its min-max range (when withRange), the ratio real/model, and
// the published reference (when any row has one). Column headings come
// from the run.col.* catalog entries.
func WriteCompare(w io.Writer, lang msg.Lang, rows []CompareRow, withModel, withRange bool) error {
	withRef := false
	for _, r := range rows {
		withRef = withRef || !math.IsNaN(r.Ref)
	}
	head := []string{msg.T(lang, "run.col.figure")}
	right := []bool{false}
	if withModel {
		head = append(head, msg.T(lang, "run.col.model"))
		right = append(right, true)
	}
	head = append(head, msg.T(lang, "run.col.real"))
	right = append(right, true)
	if withRange {
		head = append(head, msg.T(lang, "run.col.range"))
		right = append(right, true)
	}
	if withModel {
		head = append(head, msg.T(lang, "run.col.ratio"))
		right = append(right, true)
	}
	if withRef {
		head = append(head, msg.T(lang, "run.col.ref"))
		right = append(right, true)
	}
	table := [][]string{head}
	for _, r := range rows {
		row := []string{r.Label}
		if withModel {
			row = append(row, fig(r.Model))
		}
		row = append(row, fig(r.Real))
		if withRange {
			if math.IsNaN(r.Min) {
				row = append(row, "-")
			} else {
				row = append(row, fig(r.Min)+" - "+fig(r.Max))
			}
		}
		if withModel {
			row = append(row, ratio(r.Real, r.Model))
		}
		if withRef {
			row = append(row, fig(r.Ref))
		}
		table = append(table, row)
	}
	var b strings.Builder
	tableRows(&b, table, right)
	_, err := io.WriteString(w, b.String())
	return err
}

func tableRows(b *strings.Builder, rows [][]string, right []bool) { table(b, "  ", rows, right) }

// fig formats a figure: "-" when absent, else like ms/num.
func fig(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case v == math.Trunc(v) && math.Abs(v) < 1e6:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return MS(v)
}

// ratio formats a/b as "1.02x", or "-" when b is 0 or absent.
func ratio(a, b float64) string {
	if math.IsNaN(a) || math.IsNaN(b) || b == 0 {
		return "-"
	}
	return strconv.FormatFloat(a/b, 'f', 3, 64) + "x"
}
