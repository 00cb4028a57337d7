package model

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

func validScenario() Scenario {
	s := Scenario{Model: Pool, Threads: 4, Requests: 12, Seed: 1,
		Classes: []Class{{Name: "normal", Wait: FixedDist(2 * time.Second)}}}
	s.Normalize()
	return s
}

func TestParsePlacement(t *testing.T) {
	cases := []struct {
		in   string
		want Placement
		bad  bool
	}{
		{in: "random", want: Placement{Kind: Random}},
		{in: "", want: Placement{Kind: Random}},
		{in: "Spread", want: Placement{Kind: Spread}},
		{in: "every:100", want: Placement{Kind: Every, K: 100}},
		{in: "every:0", bad: true},
		{in: "every", bad: true},
		{in: "every:x", bad: true},
		{in: "spread:2", bad: true},
		{in: "random:1", bad: true},
		{in: "round", bad: true},
	}
	for _, c := range cases {
		got, err := ParsePlacement(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("ParsePlacement(%q) = %v, nil; want an error", c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParsePlacement(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if back, err := ParsePlacement(got.String()); err != nil || back != got {
			t.Errorf("ParsePlacement(%q) = %+v, %v; want %+v", got.String(), back, err, got)
		}
	}
}

// Validate names the field at fault for each kind of mistake.
func TestValidate(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*Scenario)
		field string
	}{
		{"ok", func(*Scenario) {}, ""},
		{"no model", func(s *Scenario) { s.Model = "" }, "model"},
		{"unknown model", func(s *Scenario) { s.Model = "actor" }, "model"},
		{"zero threads", func(s *Scenario) { s.Threads = 0 }, "threads"},
		{"too many threads", func(s *Scenario) { s.Threads = MaxThreads + 1 }, "threads"},
		{"offload without pool", func(s *Scenario) { s.Model = Offload }, "offload_pool"},
		{"pool with offload pool", func(s *Scenario) { s.OffloadPool = 3 }, "offload_pool"},
		{"negative cores", func(s *Scenario) { s.Cores = -1 }, "cores"},
		{"zero requests", func(s *Scenario) { s.Requests = 0 }, "requests"},
		{"a billion requests", func(s *Scenario) { s.Requests = 1_000_000_000 }, "requests"},
		{"zero rate", func(s *Scenario) { s.Arrival = Arrival{Kind: Rate} }, "arrival"},
		{"zero users", func(s *Scenario) { s.Arrival = Arrival{Kind: VUs} }, "arrival"},
		{"think on open model", func(s *Scenario) { s.Think = FixedDist(time.Second) }, "think"},
		{"no classes", func(s *Scenario) { s.Classes = nil }, "classes"},
		{"fraction over 1", func(s *Scenario) { s.Classes[0].Fraction = 1.5 }, "classes.normal.fraction"},
		{"fractions do not add up", func(s *Scenario) {
			s.Classes = append(s.Classes, Class{Name: "b", Fraction: 0.5})
		}, "classes"},
		{"duplicate class", func(s *Scenario) {
			s.Classes = []Class{{Name: "a", Fraction: 0.5}, {Name: "a", Fraction: 0.5}}
		}, "classes.a.name"},
		{"negative cpu", func(s *Scenario) { s.Classes[0].CPU = FixedDist(-time.Millisecond) }, "classes.normal.cpu"},
		{"negative wait", func(s *Scenario) { s.Classes[0].Wait = ExpDist(-time.Millisecond) }, "classes.normal.wait"},
		{"calls without wait", func(s *Scenario) { s.Classes[0].Wait, s.Classes[0].Calls = Dist{}, 3 }, "classes.normal.wait"},
		{"too many calls", func(s *Scenario) { s.Classes[0].Calls = MaxCalls + 1 }, "classes.normal.calls"},
		{"every with one class", func(s *Scenario) { s.Placement = Placement{Kind: Every, K: 3} }, "placement"},
		{"bad assign", func(s *Scenario) { s.Assign = "random" }, "assign"},
		// Issue 13: bounds that fit the machine, checked before any work.
		{"100M requests (7 GB in the simulator)", func(s *Scenario) { s.Requests = 100_000_000 }, "requests"},
		{"10M requests", func(s *Scenario) { s.Requests = MaxRequests }, ""},
		{"a wait of a million hours", func(s *Scenario) { s.Classes[0].Wait = FixedDist(1_000_000 * time.Hour) }, "classes.normal.wait"},
		{"a CPU time over an hour", func(s *Scenario) { s.Classes[0].CPU = ExpDist(2 * time.Hour) }, "classes.normal.cpu"},
		{"a think time over an hour", func(s *Scenario) {
			s.Arrival, s.Think = Arrival{Kind: VUs, VUs: 2}, FixedDist(90*time.Minute)
		}, "think"},
		{"1000 calls x 1M requests (1e9 events)", func(s *Scenario) {
			s.Requests, s.Classes[0].Calls = 1_000_000, 1000
		}, "requests"},
		{"1000 calls x 99k requests", func(s *Scenario) {
			s.Requests, s.Classes[0].Calls, s.Classes[0].Wait = 99_000, 1000, FixedDist(time.Millisecond)
		}, ""},
		{"10M requests of 1h (1142 years)", func(s *Scenario) {
			s.Requests, s.Classes[0].Wait = MaxRequests, FixedDist(time.Hour)
		}, "requests"},
		{"1000 requests at 1e-10/s", func(s *Scenario) { s.Requests, s.Arrival = 1000, Arrival{Kind: Rate, Rate: 1e-10} }, "requests"},
		{"a rate over 1e9/s", func(s *Scenario) { s.Arrival = Arrival{Kind: Poisson, Rate: 1e12} }, "arrival"},
		{"too many cores", func(s *Scenario) { s.Cores = MaxThreads + 1 }, "cores"},
		{"an exponential slice", func(s *Scenario) { s.Slice = ExpDist(time.Millisecond) }, "slice"},
		{"a 1 us slice", func(s *Scenario) { s.Slice = FixedDist(time.Microsecond) }, "slice"},
		{"a 2 s slice", func(s *Scenario) { s.Slice = FixedDist(2 * time.Second) }, "slice"},
		{"a 1 ms slice", func(s *Scenario) { s.Slice = FixedDist(time.Millisecond) }, ""},
		{"100k requests of 10 ms CPU in 10 us slices (1e8 turns)", func(s *Scenario) {
			s.Requests, s.Slice, s.Classes[0].CPU = 100_000, FixedDist(MinSlice), FixedDist(10*time.Millisecond)
		}, "requests"},
		{"100k requests of 10 ms CPU in 1 ms slices", func(s *Scenario) {
			s.Requests, s.Slice, s.Classes[0].CPU = 100_000, FixedDist(time.Millisecond), FixedDist(10*time.Millisecond)
		}, ""},
		{"101 classes", func(s *Scenario) {
			s.Classes = nil
			for i := 0; i <= MaxClasses; i++ {
				s.Classes = append(s.Classes, Class{Name: fmt.Sprint("c", i), Fraction: 1.0 / float64(MaxClasses+1)})
			}
		}, "classes"},
	}
	for _, c := range cases {
		s := validScenario()
		c.edit(&s)
		err := s.Validate()
		if c.field == "" {
			if err != nil {
				t.Errorf("Validate(%s) = %v; want nil", c.name, err)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("Validate(%s) = %v; want a FieldError on %s", c.name, err, c.field)
			continue
		}
		if msg := fe.Error(); strings.Contains(msg, "%!") || !strings.HasPrefix(msg, c.field+": ") {
			t.Errorf("Validate(%s).Error() = %q; want a formatted message naming %s", c.name, msg, c.field)
		}
	}
}

func TestNormalize(t *testing.T) {
	s := Scenario{Classes: []Class{{}}}
	s.Normalize()
	want := Scenario{Arrival: Arrival{Kind: Burst}, Placement: Placement{Kind: Random}, Assign: RoundRobin,
		Classes: []Class{{Name: "class1", Fraction: 1, Fanout: Sequential}}}
	if s.Arrival != want.Arrival || s.Placement != want.Placement || s.Assign != want.Assign || s.Classes[0] != want.Classes[0] {
		t.Errorf("Normalize(zero) = %+v; want %+v", s, want)
	}
	again := s
	again.Classes = append([]Class(nil), s.Classes...)
	again.Normalize()
	if again.Classes[0] != s.Classes[0] || again.Arrival != s.Arrival {
		t.Errorf("Normalize is not idempotent: %+v then %+v", s, again)
	}
	if s.CoreCount() != 0 || (Scenario{Threads: 3}).CoreCount() != 3 || (Scenario{Threads: 3, Cores: 2}).CoreCount() != 2 {
		t.Error("CoreCount: want Cores, or Threads when Cores is 0")
	}
}

// Issue 13: a scenario file is read up to a bound, so /dev/zero is refused
// instead of read without end.
func TestReadScenarioFileIsBounded(t *testing.T) {
	_, err := ReadScenarioFile("/dev/zero")
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "-f" || fe.Key != "err.scenario.file.big" {
		t.Fatalf("ReadScenarioFile(/dev/zero) = %v; want the size bound on -f", err)
	}
	if _, err := ParseYAML(make([]byte, MaxScenarioFile+1)); !errors.As(err, &fe) || fe.Key != "err.scenario.file.big" {
		t.Errorf("ParseYAML(1 MiB + 1) = %v; want the size bound", err)
	}
	path := t.TempDir() + "/s.yaml"
	if err := os.WriteFile(path, []byte("model: loop\nthreads: 2\nrequests: 10\nclasses:\n  - name: a\n    wait: 1ms\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ReadScenarioFile(path)
	if err != nil || s.Model != Loop || s.Requests != 10 {
		t.Errorf("ReadScenarioFile(small file) = %+v, %v; want the scenario", s, err)
	}
	if _, err := ReadScenarioFile(t.TempDir() + "/none"); err == nil || errors.As(err, &fe) {
		t.Errorf("ReadScenarioFile(missing) = %v; want the open error", err)
	}
}

func TestParseYAML(t *testing.T) {
	good := `
name: mine
model: offload
threads: 8
offload_pool: 4
requests: 2000
arrival: poisson:500
classes:
  - name: normal
    fraction: 0.99
    cpu: exp:200us
  - name: blocking
    fraction: 0.01
    cpu: 200us
    wait: 100ms
    blocking: true
    calls: 2
    fanout: parallel
placement: every:100
seed: 42
`
	s, err := ParseYAML([]byte(good))
	if err != nil {
		t.Fatalf("ParseYAML(good) = %v", err)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("ParseYAML(good).Validate() = %v", err)
	}
	if s.Model != Offload || s.OffloadPool != 4 || s.Arrival != (Arrival{Kind: Poisson, Rate: 500}) ||
		s.Classes[0].CPU != ExpDist(200*time.Microsecond) || s.Classes[1].Fanout != Parallel ||
		s.Placement != (Placement{Kind: Every, K: 100}) || s.Seed != 42 || s.Assign != RoundRobin {
		t.Errorf("ParseYAML(good) = %+v; fields do not match the file", s)
	}
	bad := map[string]string{
		"empty":          "",
		"malformed":      "model: [pool\n",
		"unknown field":  "model: pool\nthreads: 2\nrequests: 3\nwhat: 1\n",
		"unknown model":  "model: actor\n",
		"wrong type":     "threads: many\n",
		"negative dist":  "classes:\n  - wait: -5ms\n",
		"two documents":  "model: pool\n---\nmodel: loop\n",
		"bad arrival":    "arrival: rate:0\n",
		"bad class key":  "classes:\n  - name: a\n    colour: red\n",
		"bad placement":  "placement: every:0\n",
		"bad fanout":     "classes:\n  - fanout: sideways\n",
		"a list at root": "- model: pool\n",
	}
	for name, in := range bad {
		_, err := ParseYAML([]byte(in))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "file" {
			t.Errorf("ParseYAML(%s) = %v; want a FieldError on file", name, err)
		}
	}
}

// Whatever the bytes, ParseYAML returns a scenario or a FieldError, and an
// accepted scenario validates or says which field is wrong; the planner
// and the pacers never panic on a valid one.
func FuzzParseYAML(f *testing.F) {
	f.Add([]byte("model: pool\nthreads: 4\nrequests: 12\nclasses:\n  - wait: 2s\n"))
	f.Add([]byte("model: loop\nthreads: 2\nrequests: 5\narrival: vus:2\nthink: exp:1ms\nclasses:\n  - {name: a, fraction: 0.5, wait: 1ms, blocking: true}\n  - {name: b, fraction: 0.5, cpu: 1ms, calls: 3, wait: exp:1ms, fanout: parallel}\nplacement: every:2\n"))
	f.Add([]byte("model: offload\nthreads: 8\noffload_pool: 4\nrequests: 20\nplacement: spread\nassign: shared\nshared_lock: true\nclasses:\n  - {fraction: 0.9}\n  - {fraction: 0.1, wait: 100ms, blocking: true}\n"))
	f.Add([]byte("{"))
	f.Add([]byte("model: virtual\nthreads: -1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseYAML(data)
		var fe *FieldError
		if err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("ParseYAML error %v is not a FieldError", err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("Validate error %v is not a FieldError", err)
			}
			return
		}
		if s.Requests > 1000 {
			s.Requests = 1000
		}
		p := NewPlanner(s)
		var r Request
		for i := int64(0); i < int64(s.Requests) && i < 50; i++ {
			p.Fill(i, &r)
			if r.Class < 0 || r.Class >= len(s.Classes) || r.CPU < 0 {
				t.Fatalf("Fill(%d) = %+v: class or CPU out of range", i, r)
			}
		}
		if pc := s.Arrival.Pacer(s.Seed); pc != nil {
			pc.Due(10)
		}
	})
}

func FuzzParsePlacement(f *testing.F) {
	for _, s := range []string{"random", "spread", "every:3", "every:", "every:-2", "every:99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePlacement(s)
		if err != nil {
			return
		}
		if p.Kind == Every && p.K < 1 {
			t.Fatalf("ParsePlacement(%q) = %+v: K below 1 accepted", s, p)
		}
		if back, err := ParsePlacement(p.String()); err != nil || back != p {
			t.Fatalf("ParsePlacement(%q).String() = %q parses to %+v, %v", s, p.String(), back, err)
		}
	})
}
