package report

import (
	"io"

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
	model := func(r CompareJVMRow) float64 { return r.Model }
	gov := func(r CompareJVMRow) float64 { return r.Go }
	jvm := func(r CompareJVMRow) float64 { return r.JVM }
	pub := func(r CompareJVMRow) float64 { return r.Ref }
	var c figCols[CompareJVMRow]
	c.add(withModel, msg.T(lang, "run.col.model"), figOf(model))
	c.add(withGo, msg.T(lang, "jvm.col.go"), figOf(gov))
	c.add(withGo && withModel, msg.T(lang, "jvm.col.goratio"), ratioOf(gov, model))
	c.add(true, jdk, figOf(jvm))
	c.add(withModel, msg.T(lang, "jvm.col.jratio"), ratioOf(jvm, model))
	c.add(withGo, msg.T(lang, "jvm.col.jgoratio"), ratioOf(jvm, gov))
	c.add(anyFig(rows, pub), ref, figOf(pub))
	return writeFigures(w, lang, rows, func(r CompareJVMRow) string { return r.Label }, c)
}
