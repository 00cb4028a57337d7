package report

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/msg"
)

// The three model-versus-real tables, every column choice, both
// languages: the one column builder writes them as the three writers did
// (the golden files were written by the writers before they shared it).
func TestCompareTablesGolden(t *testing.T) {
	nan := math.NaN()
	rows := []CompareRow{
		{Label: "rps", Model: 1200, Real: 1187.5, Min: 1100, Max: 1250, Ref: 1190},
		{Label: "p99 (ms)", Model: 12.5, Real: 13.75, Min: nan, Max: nan, Ref: nan},
		{Label: "threads", Model: nan, Real: 8, Min: 8, Max: 8, Ref: nan},
		{Label: "zero model", Model: 0, Real: 3, Min: 2, Max: 4, Ref: nan},
	}
	rows3 := []Compare3Row{
		{Label: "rps", Model: 1200, Process: 1150, HTTP: 980.25, Ref: nan},
		{Label: "p99 (ms)", Model: 12.5, Process: nan, HTTP: 40.125, Ref: 35},
	}
	rowsJ := []CompareJVMRow{
		{Label: "rps", Model: 1200, Go: 1150, JVM: 1010, Ref: nan},
		{Label: "p50 (ms)", Model: 2.5, Go: 2.75, JVM: nan, Ref: 3.1},
	}
	noRef := []CompareRow{rows[1], rows[2]}
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var b bytes.Buffer
		for _, f := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			fmt.Fprintf(&b, "# compare model=%v range=%v\n", f[0], f[1])
			if err := WriteCompare(&b, lang, rows, f[0], f[1]); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "# compare, no published figure, model=%v range=%v\n", f[0], f[1])
			_ = WriteCompare(&b, lang, noRef, f[0], f[1])
		}
		for _, f := range [][3]bool{{true, true, true}, {false, true, true}, {true, false, true}, {true, true, false}, {false, false, true}} {
			fmt.Fprintf(&b, "# compare3 model=%v process=%v http=%v\n", f[0], f[1], f[2])
			_ = WriteCompare3(&b, lang, rows3, f[0], f[1], f[2])
			fmt.Fprintf(&b, "# compare3, no published figure\n")
			_ = WriteCompare3(&b, lang, rows3[:1], f[0], f[1], f[2])
		}
		for _, f := range [][2]bool{{true, true}, {false, true}, {true, false}, {false, false}} {
			fmt.Fprintf(&b, "# jvm model=%v go=%v\n", f[0], f[1])
			_ = WriteCompareJVM(&b, lang, rowsJ, f[0], f[1], "JDK 25.0.3", "JDK 21, published")
			fmt.Fprintf(&b, "# jvm, no published figure\n")
			_ = WriteCompareJVM(&b, lang, rowsJ[:1], f[0], f[1], "JDK 25.0.3", "JDK 21, published")
		}
		golden.Check(t, "testdata/compare."+string(lang)+".golden", b.Bytes())
	}
}
