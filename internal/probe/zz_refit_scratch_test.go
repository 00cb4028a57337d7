package probe

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/msg"
)

func TestScratchRefit(t *testing.T) {
	files := os.Getenv("REFIT")
	if files == "" {
		t.Skip()
	}
	for _, f := range strings.Fields(files) {
		b, _ := os.ReadFile(f)
		var old Result
		if err := json.Unmarshal(b, &old); err != nil {
			t.Fatal(err)
		}
		res := &Result{URL: old.URL, Steps: old.Steps, Placement: old.Placement}
		for i := range res.Steps {
			res.Steps[i].Pred = nil
		}
		cfg := Config{Seed: 1, Lang: msg.Lang(os.Getenv("LANGX"))}
		cfg.Warmup = DefaultWarmup
		s0 := 0.0
		for _, st := range res.Steps {
			if st.Kind == "calibrate" {
				s0 = st.SvcMeanMS
			}
		}
		analyze(&cfg, res, s0)
		var rs []string
		for _, st := range res.Steps {
			if p := st.Pred; p != nil && p.Compared {
				rs = append(rs, fmt.Sprintf("%d@%.0f:%.1f%%(%.2f/%.2f)", st.Index, st.OfferedRPS, 100*float64(p.ResP99), st.P99MS, p.P99MS))
			}
		}
		lim := -1
		if res.Limit != nil {
			lim = *res.Limit
		}
		if os.Getenv("TEXT") != "" {
			WriteText(os.Stdout, cfg.Lang, res)
		}
		if os.Getenv("NOTES") != "" {
			for _, n := range res.Notes {
				fmt.Println("  ", n.Text)
			}
		}
		fmt.Printf("%-28s %s %d %v\n", f[strings.LastIndex(f, "/")+1:], res.ShapeName, lim, rs)
	}
}
