package loadgen

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// The HTML report, byte for byte, in both languages (the same run as the
// text golden; go test -update rewrites).
func TestHTMLReportGolden(t *testing.T) {
	res := resultOf(t, samples(3, 4000), 20*time.Second)
	res.Env = model.Env{}
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		rep := loadreport.Analyze(res, lang)
		th, _ := loadreport.ParseThreshold("p(95)<200")
		loadreport.Check(rep, []loadreport.Threshold{th}, lang)
		notMet := 0
		for _, r := range rep.Thresholds {
			if !r.Met {
				notMet++
			}
		}
		if notMet != len(rep.Breaches) || notMet == 0 {
			t.Errorf("%d threshold objects not met, %d breaches %v: want the same verdicts", notMet, len(rep.Breaches), rep.Breaches)
		}
		var buf bytes.Buffer
		if err := loadreport.WriteHTML(&buf, rep, lang); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "report_"+string(lang)+".html"), buf.Bytes())
	}
}
