package report

import (
	"io"
	"math"
	"strings"

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
	withRef := false
	for _, r := range rows {
		withRef = withRef || !math.IsNaN(r.Ref)
	}
	head := []string{msg.T(lang, "run.col.figure")}
	if withModel {
		head = append(head, msg.T(lang, "run.col.model"))
	}
	if withProcess {
		head = append(head, msg.T(lang, "http.col.process"))
		if withModel {
			head = append(head, msg.T(lang, "http.col.pratio"))
		}
	}
	if withHTTP {
		head = append(head, msg.T(lang, "http.col.http"))
		if withModel {
			head = append(head, msg.T(lang, "http.col.hratio"))
		}
	}
	if withRef {
		head = append(head, msg.T(lang, "run.col.ref"))
	}
	right := make([]bool, len(head))
	for i := 1; i < len(right); i++ {
		right[i] = true
	}
	table := [][]string{head}
	for _, r := range rows {
		row := []string{r.Label}
		if withModel {
			row = append(row, fig(r.Model))
		}
		if withProcess {
			row = append(row, fig(r.Process))
			if withModel {
				row = append(row, ratio(r.Process, r.Model))
			}
		}
		if withHTTP {
			row = append(row, fig(r.HTTP))
			if withModel {
				row = append(row, ratio(r.HTTP, r.Model))
			}
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
