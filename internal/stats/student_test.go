package stats

import (
	"math"
	"testing"
)

// Student's t quantiles against the tables.
func TestStudentQuantile(t *testing.T) {
	for _, c := range []struct{ p, df, want float64 }{
		{0.975, 1, 12.706}, {0.975, 2, 4.303}, {0.975, 3, 3.182}, {0.975, 7, 2.365},
		{0.975, 30, 2.042}, {0.975, 1e6, 1.960}, {0.95, 10, 1.812}, {0.995, 5, 4.032},
	} {
		if got := StudentQuantile(c.p, c.df); math.Abs(got-c.want) > 0.002 {
			t.Errorf("StudentQuantile(%v, %v) = %.4f; want %.3f", c.p, c.df, got, c.want)
		}
	}
}

// TQuantile is the 97.5% quantile, against the table.
func TestTQuantile(t *testing.T) {
	for _, c := range []struct {
		df   int
		want float64
	}{{1, 12.706}, {2, 4.303}, {9, 2.262}, {19, 2.093}, {29, 2.045}, {120, 1.980}} {
		if got := TQuantile(c.df); math.Abs(got-c.want) > 0.0005 {
			t.Errorf("TQuantile(%d) = %.4f; want %.3f", c.df, got, c.want)
		}
	}
	for df := 3; df <= 1000; df++ {
		exact := StudentQuantile(0.975, float64(df))
		if d := math.Abs(TQuantile(df) - exact); d > 0.001 && (df >= 7 || d > 0.008*exact) {
			t.Errorf("TQuantile(%d) = %.5f, %.5f from StudentQuantile: the two methods drift apart", df, TQuantile(df), StudentQuantile(0.975, float64(df)))
		}
	}
	if !math.IsInf(TQuantile(0), 1) {
		t.Errorf("TQuantile(0) = %v; want +Inf", TQuantile(0))
	}
}
