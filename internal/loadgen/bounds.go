package loadgen

import "github.com/waitlab/waitlab/internal/loadresult"

// Bounds of a run, checked by Config.Validate before any work starts:
// inputs beyond them are refused with the flag and the bound, never obeyed
// until the machine gives out.
const (
	// MaxDuration bounds --duration and --warmup, MaxTimeout --timeout
	// and --think, MaxStartWait how far ahead --start-at may be: the
	// bounds a result file is read with, so every run's file reads back.
	MaxDuration  = loadresult.MaxDuration
	MaxTimeout   = loadresult.MaxTimeout
	MaxStartWait = loadresult.MaxStartWait
	// MinRate and MaxRate bound an open model's rate (and every non-zero
	// stage rate): below one request in 1,000 s a schedule of a day holds
	// under a hundred requests, and the intervals stop fitting a duration.
	MinRate = 0.001
	MaxRate = 1e9
	// MaxRequests bounds --requests.
	MaxRequests = int64(1e12)
	// MaxConns bounds --vus and --connections (each holds a socket and an
	// 8 KB buffer); the file-descriptor limit may bound them lower.
	MaxConns = 100_000
)
