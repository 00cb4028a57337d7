package loadgen

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// A YAML and a JSON file of one load build the same Config as the Spec
// the flags would fill.
func TestSpecFromFiles(t *testing.T) {
	want := Spec{URL: "http://127.0.0.1:8080/", Rate: "150", Duration: Duration(8 * time.Second), Warmup: Duration(time.Second),
		Headers: []string{"X-A: 1"}, TargetMetrics: "off"}
	for name, text := range map[string]string{
		"yaml": "url: http://127.0.0.1:8080/\nrate: 150\nduration: 8s\nwarmup: 1s\nheaders: ['X-A: 1']\ntarget_metrics: \"off\"\n",
		"json": `{"url":"http://127.0.0.1:8080/","rate":"150","duration":"8s","warmup":1000000000,"headers":["X-A: 1"],"target_metrics":"off"}`,
	} {
		t.Run(name, func(t *testing.T) {
			s, err := ParseSpec([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Config(msg.EN, "v")
			if err != nil {
				t.Fatal(err)
			}
			w, _ := want.Config(msg.EN, "v")
			if got.Arrival != (model.Arrival{Kind: model.Rate, Rate: 150}) || got.Duration != w.Duration || got.Warmup != w.Warmup ||
				got.Timeout != DefaultTimeout || got.Seed != 1 || len(got.Targets) != 1 || got.Targets[0].Method != "GET" ||
				got.Targets[0].Header[0] != [2]string{"X-A", "1"} {
				t.Errorf("Config = %+v; want %+v", got, w)
			}
			if u, _ := s.MetricsURL(&got); u != "" {
				t.Errorf("MetricsURL(off) = %q", u)
			}
		})
	}
}

// A typo is refused by name, and so is a load the flags would refuse,
// with the flags' messages.
func TestSpecRefuses(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"url: http://127.0.0.1/\nrat: 10\n", `unknown field "rat"`},
		{"", "empty"},
		{"url: http://127.0.0.1/\nrate: \"10\"\nvus: 3\n", "--rate"},
		{"url: http://127.0.0.1/\n", "--rate"},
		{"rate: \"10\"\n", "URL"},
		{"url: http://127.0.0.1/\nrate: \"10\"\nduration: forever\n", "duration"},
		{"url: http://127.0.0.1/\nrate: \"10\"\nduration: -1s\n", "--duration"},
	} {
		s, err := ParseSpec([]byte(c.text))
		if err == nil {
			_, err = s.Config(msg.EN, "v")
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want an error with %q", c.text, err, c.want)
		}
	}
}

// What the YAML-to-JSON step passed over in silence (issue 45 item 14) is
// refused in the catalog's words, Korean as well as English: a key given
// twice names the key and both lines, a second document says so.
func TestSpecStrictRefusalsSpeakKorean(t *testing.T) {
	for _, c := range []struct {
		text   string
		en, ko []string
	}{
		{"url: http://127.0.0.1/\nrate: 10\nrate: 1000000\n", []string{`key "rate"`, "line 3", "line 2"}, []string{`"rate"`, "3번째 줄", "2번째 줄에 이미"}},
		{`{"url":"http://127.0.0.1/","rate":10,"duration":"1s","duration":"1000h"}`, []string{`key "duration"`}, []string{`"duration"은`}},
		{"url: http://127.0.0.1/\nrate: 10\n---\nrate: 5\n", []string{"more than one document"}, []string{"문서가 둘 이상"}},
		{"url: http://127.0.0.1/\nrat: 10\n", []string{`unknown field "rat"`}, []string{`모르는 키 "rat"`}},
		{"url: http://127.0.0.1/\nrate: 1\nduration: forever\n", []string{`duration "forever"`}, []string{`시간 "forever"`}},
	} {
		_, err := ParseSpec([]byte(c.text))
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("ParseSpec(%q) = %v; want a *model.FieldError", c.text, err)
			continue
		}
		for lang, wants := range map[msg.Lang][]string{msg.EN: c.en, msg.KO: c.ko} {
			for _, w := range wants {
				if got := fe.Localize(lang); !strings.Contains(got, w) {
					t.Errorf("ParseSpec(%q) in %s = %q; want %q in it", c.text, lang, got, w)
				}
			}
		}
	}
}

// A load configuration file is untrusted: it parses or is refused, never
// a panic.
func FuzzParseSpec(f *testing.F) {
	f.Add([]byte("url: http://127.0.0.1/\nrate: \"10\"\nduration: 8s\n"))
	f.Add([]byte(`{"vus":3,"think":"1s","url":"http://127.0.0.1/"}`))
	f.Add([]byte("duration: 1e300\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSpec(b)
		if err != nil {
			return
		}
		_, _ = s.Config(msg.EN, "v")
	})
}
