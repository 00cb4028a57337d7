package report

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// The model-versus-real tables (this file, compare_http.go,
// compare_jvm.go) are one builder: a figure column, then the columns a
// table asks for in order (figCols), each a heading and a cell of a row.

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
	model := func(r CompareRow) float64 { return r.Model }
	real := func(r CompareRow) float64 { return r.Real }
	ref := func(r CompareRow) float64 { return r.Ref }
	var c figCols[CompareRow]
	c.add(withModel, msg.T(lang, "run.col.model"), figOf(model))
	c.add(true, msg.T(lang, "run.col.real"), figOf(real))
	c.add(withRange, msg.T(lang, "run.col.range"), func(r CompareRow) string {
		if math.IsNaN(r.Min) {
			return "-"
		}
		return fig(r.Min) + " - " + fig(r.Max)
	})
	c.add(withModel, msg.T(lang, "run.col.ratio"), ratioOf(real, model))
	c.add(anyFig(rows, ref), msg.T(lang, "run.col.ref"), figOf(ref))
	return writeFigures(w, lang, rows, func(r CompareRow) string { return r.Label }, c)
}

// figCol is a column of a figures table: its heading and each row's cell.
type figCol[R any] struct {
	head string
	cell func(R) string
}

// figCols are a table's columns in order.
type figCols[R any] []figCol[R]

// add appends a column when on.
func (c *figCols[R]) add(on bool, head string, cell func(R) string) {
	if on {
		*c = append(*c, figCol[R]{head, cell})
	}
}

// writeFigures writes the figure column (each row's label) and cols,
// the figures right-aligned.
func writeFigures[R any](w io.Writer, lang msg.Lang, rows []R, label func(R) string, cols figCols[R]) error {
	head := []string{msg.T(lang, "run.col.figure")}
	right := []bool{false}
	for _, c := range cols {
		head = append(head, c.head)
		right = append(right, true)
	}
	table := [][]string{head}
	for _, r := range rows {
		row := []string{label(r)}
		for _, c := range cols {
			row = append(row, c.cell(r))
		}
		table = append(table, row)
	}
	var b strings.Builder
	tableRows(&b, table, right)
	_, err := io.WriteString(w, b.String())
	return err
}

// figOf is the cell of a figure; ratioOf of a over b.
func figOf[R any](v func(R) float64) func(R) string {
	return func(r R) string { return fig(v(r)) }
}

func ratioOf[R any](a, b func(R) float64) func(R) string {
	return func(r R) string { return ratio(a(r), b(r)) }
}

// anyFig reports whether some row has the figure v (a published column
// is shown only then).
func anyFig[R any](rows []R, v func(R) float64) bool {
	for _, r := range rows {
		if !math.IsNaN(v(r)) {
			return true
		}
	}
	return false
}

func tableRows(b *strings.Builder, rows [][]string, right []bool) { Table(b, "  ", rows, right) }

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
