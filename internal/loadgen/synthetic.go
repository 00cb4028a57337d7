package loadgen

import (
	"strconv"
	"time"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
)

// SyntheticRun builds the result of an open-model run from given
// latencies, through the recorder a real run uses, without sending a
// request: lat[s] are the ok latencies completing in second s of the
// window, errs[s] (optional) the errors in it. It is for tests and
// simulations of the analysis (internal/baseline's A/A studies), never a
// measurement: its Env names it "synthetic".
func SyntheticRun(url string, start time.Time, lat [][]time.Duration, errs []int64) *loadresult.Result {
	rec := newRecorder(1)
	n := len(lat)
	rec.cutoff.Store(int64(n) * int64(time.Second))
	var total int64
	for s, ls := range lat {
		k := len(ls)
		var e int64
		if s < len(errs) {
			e = errs[s]
		}
		for i, l := range ls {
			end := time.Duration(s)*time.Second + time.Duration(i+1)*time.Second/time.Duration(k+int(e)+1)
			rec.record(0, end-l, end-l, end, 200, kindOK)
		}
		for i := range e {
			end := time.Duration(s)*time.Second + time.Duration(k+int(i)+1)*time.Second/time.Duration(k+int(e)+1)
			rec.record(0, end, end, end, 500, kindOK)
		}
		total += int64(k) + e
	}
	res := &loadresult.Result{Format: loadresult.FormatVersion, Model: "open", URL: url, Targets: 1,
		Arrival:  "rate:" + strconv.FormatFloat(float64(total)/max(float64(n), 1), 'f', -1, 64),
		Start:    start.UTC().Format(time.RFC3339Nano),
		WindowNS: int64(n) * int64(time.Second), TimeoutNS: int64(DefaultTimeout),
		Offered: total, RunID: loadresult.NewRunID(), Engine: loadresult.EngineEpoll,
		Env: model.Env{Version: "synthetic"}, CPU: loadresult.CPU{TargetNS: -1, GenAllowed: 1, MachineCPUs: 1},
		TargetLocal: true}
	for s := range n {
		sec := rec.collect(int64(s))
		_ = sec.Seal()
		res.Series = append(res.Series, sec)
	}
	rec.fill(res)
	return res
}
