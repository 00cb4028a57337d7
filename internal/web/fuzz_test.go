package web

import (
	"testing"
)

// ParseRequest reads what any visitor sends: it never panics, and what it
// accepts is a valid scenario.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		`{"preset":"lab-pool"}`,
		`{"preset":"lab-pool","wait":"200ms","threads":8}`,
		`{"preset":"ch15-onloop","block_fraction":0.5,"block":"exp:2ms","placement":"every:3"}`,
		`{"model":"loop","threads":2,"requests":12,"classes":[{"name":"normal","fraction":1,"wait":"2s","blocking":true}]}`,
		`{"threads":"x"}`, `{"thread":1}`, `[]`, `null`, ``, `{"preset":7}`, `{"classes":[],"preset":"lab-pool"}`,
		`{"arrival":"poisson:1e308","requests":1}`, `{"seed":-1,"cores":0,"fanout":"parallel","calls":3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := ParseRequest(body)
		if err != nil {
			return
		}
		if verr := req.Scenario.Validate(); verr != nil {
			t.Fatalf("ParseRequest(%q) accepted a scenario that does not validate: %v", body, verr)
		}
	})
}
