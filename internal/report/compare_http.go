package report

import (
	"io"

	"github.com/waitlab/waitlab/internal/msg"
)

// Compare3Row is one figure of the three views of a scenario: the model,
// the in-process run and the run over HTTP (NaN when a view lacks it), and
// the published figure (NaN when none).
type Compare3Row struct {
	Label                string
	Model, Process, HTTP float64
	Ref                  float64
}

// WriteCompare3 writes the views side by side: model | in process (with
// its ratio to the model) | over HTTP (with its ratio) | published (when
// any row has one). withModel adds the model and the ratios; withProcess
// and withHTTP choose the real columns.
func WriteCompare3(w io.Writer, lang msg.Lang, rows []Compare3Row, withModel, withProcess, withHTTP bool) error {
	model := func(r Compare3Row) float64 { return r.Model }
	proc := func(r Compare3Row) float64 { return r.Process }
	http := func(r Compare3Row) float64 { return r.HTTP }
	ref := func(r Compare3Row) float64 { return r.Ref }
	var c figCols[Compare3Row]
	c.add(withModel, msg.T(lang, "run.col.model"), figOf(model))
	c.add(withProcess, msg.T(lang, "http.col.process"), figOf(proc))
	c.add(withProcess && withModel, msg.T(lang, "http.col.pratio"), ratioOf(proc, model))
	c.add(withHTTP, msg.T(lang, "http.col.http"), figOf(http))
	c.add(withHTTP && withModel, msg.T(lang, "http.col.hratio"), ratioOf(http, model))
	c.add(anyFig(rows, ref), msg.T(lang, "run.col.ref"), figOf(ref))
	return writeFigures(w, lang, rows, func(r Compare3Row) string { return r.Label }, c)
}
