package sim

import (
	"errors"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// Any scenario file that parses and validates simulates without a panic,
// completes every request, and gives a sane result.
func FuzzRun(f *testing.F) {
	f.Add([]byte("model: pool\nthreads: 4\nrequests: 12\nclasses:\n  - wait: 2s\n"))
	f.Add([]byte("model: loop\nthreads: 2\nrequests: 30\narrival: vus:3\nthink: exp:1ms\nclasses:\n  - {name: a, fraction: 0.5, wait: 1ms, blocking: true}\n  - {name: b, fraction: 0.5, cpu: 1ms, calls: 3, wait: exp:1ms, fanout: parallel}\nplacement: every:2\n"))
	f.Add([]byte("model: offload\nthreads: 3\noffload_pool: 2\ncores: 1\nrequests: 40\narrival: poisson:1000\nplacement: spread\nassign: shared\nshared_lock: true\nclasses:\n  - {fraction: 0.9, cpu: exp:1ms}\n  - {fraction: 0.1, wait: 10ms, blocking: true, calls: 2}\n"))
	f.Add([]byte("model: virtual\nthreads: 2\nrequests: 20\narrival: rate:100\nshared_lock: true\nclasses:\n  - {fraction: 0.5, wait: 1ms, calls: 2, fanout: parallel}\n  - {fraction: 0.5, wait: 1ms, blocking: true}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := model.ParseYAML(data)
		if err != nil {
			return
		}
		if s.Validate() != nil {
			return
		}
		small(&s, 500)
		r, err := Run(s, Options{Trace: true})
		if err != nil {
			var fe *model.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Run error %v is not a FieldError", err)
			}
			return
		}
		if r.Completed != s.Requests || len(r.Trace.Records) != s.Requests {
			t.Fatalf("Run completed %d of %d (records %d)", r.Completed, s.Requests, len(r.Trace.Records))
		}
		if r.MakespanMS < 0 || r.PeakThreads < 1 && r.All.MaxMS > 0 {
			t.Fatalf("Run = makespan %v, peak %d", r.MakespanMS, r.PeakThreads)
		}
		for _, rec := range r.Trace.Records {
			if rec.Start < rec.Arrival || rec.End < rec.Start {
				t.Fatalf("record %+v: want arrival <= start <= end", rec)
			}
		}
	})
}

// small keeps a fuzzed scenario's run small: at most requests requests,
// 64 threads, offload threads and users, and 5 calls a request.
func small(s *model.Scenario, requests int) {
	s.Requests = min(s.Requests, requests)
	s.Threads = min(s.Threads, 64)
	s.OffloadPool = min(s.OffloadPool, 64)
	if s.Arrival.Kind == model.VUs {
		s.Arrival.VUs = min(s.Arrival.VUs, 64)
	}
	for i := range s.Classes {
		s.Classes[i].Calls = min(s.Classes[i].Calls, 5)
	}
}
