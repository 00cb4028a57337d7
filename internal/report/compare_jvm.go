package report

import (
	"io"
	"math"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// CompareJVMRow is one figure of the model-Go-JDK table: the model, the Go
// run in process, the run on the JVM and the published figure (NaN where
// there is none).
type CompareJVMRow struct {
	Label          string
	Model, Go, JVM float64
	Ref            float64
}

// WriteCompareJVM writes model | Go (with Go/model) | JDK (with JDK/model
// and JDK/Go) | published, leaving out the model's columns without
// withModel and the Go run's without withGo. jdk names the JDK column
// ("JDK 25.0.3"); ref the published column ("JDK 21, published").
func WriteCompareJVM(w io.Writer, lang msg.Lang, rows []CompareJVMRow, withModel, withGo bool, jdk, ref string) error {
	withRef := false
	for _, r := range rows {
		withRef = withRef || !math.IsNaN(r.Ref)
	}
	head := []string{msg.T(lang, "run.col.figure")}
	if withModel {
		head = append(head, msg.T(lang, "run.col.model"))
	}
	if withGo {
		head = append(head, msg.T(lang, "jvm.col.go"))
		if withModel {
			head = append(head, msg.T(lang, "jvm.col.goratio"))
		}
	}
	head = append(head, jdk)
	if withModel {
		head = append(head, msg.T(lang, "jvm.col.jratio"))
	}
	if withGo {
		head = append(head, msg.T(lang, "jvm.col.jgoratio"))
	}
	if withRef {
		head = append(head, ref)
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
		if withGo {
			row = append(row, fig(r.Go))
			if withModel {
				row = append(row, ratio(r.Go, r.Model))
			}
		}
		row = append(row, fig(r.JVM))
		if withModel {
			row = append(row, ratio(r.JVM, r.Model))
		}
		if withGo {
			row = append(row, ratio(r.JVM, r.Go))
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
