package narrate_test

import (
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
)

// WhatLimited names what held each lab preset back, the way the web page
// and `waitlab sim` both print it.
func TestWhatLimitedPresets(t *testing.T) {
	for _, tc := range []struct{ preset, kind, en string }{
		{"lab-pool", "threads", ""},
		{"lab-loop-blocking", "blocking", "loops 1 and 2 each block on a 2.0 s call, standing still for 12.0 s each"},
		{"lab-loop", "wait", ""},
	} {
		r := simulate(t, tc.preset, nil)
		l := narrate.WhatLimited(r, msg.EN)
		if l == nil || l.Kind != tc.kind {
			t.Errorf("WhatLimited(%s) = %+v; want kind %s", tc.preset, l, tc.kind)
			continue
		}
		if tc.en != "" && !strings.Contains(l.Text, tc.en) {
			t.Errorf("WhatLimited(%s).Text = %q; want it to say %q", tc.preset, l.Text, tc.en)
		}
		if ko := narrate.WhatLimited(r, msg.KO); ko.Kind != l.Kind || ko.Text == l.Text {
			t.Errorf("WhatLimited(%s, KO) = %+v; want the same kind in Korean", tc.preset, ko)
		}
	}
	if narrate.WhatLimited(nil, msg.EN) != nil || narrate.WhatLimited(&model.Result{}, msg.EN) != nil {
		t.Error("WhatLimited of no run or a run with nothing done: want nil")
	}
}

// Clock writes durations as the page does: minutes and seconds from a
// minute, "0 s" for nothing (a bare "0" had no unit).
func TestClock(t *testing.T) {
	for _, tc := range []struct {
		d      time.Duration
		en, ko string
	}{
		{0, "0 s", "0초"},
		{200 * time.Millisecond, "200.0 ms", "200.0 ms"},
		{12 * time.Second, "12.0 s", "12.0초"},
		{750 * time.Second, "12 min 30 s", "12분 30초"},
		{2500 * time.Second, "41 min 40 s", "41분 40초"},
		{10 * time.Minute, "10 min", "10분"},
		{2*time.Hour + 5*time.Minute, "2 h 5 min", "2시간 5분"},
	} {
		if en, ko := narrate.Clock(msg.EN, tc.d), narrate.Clock(msg.KO, tc.d); en != tc.en || ko != tc.ko {
			t.Errorf("Clock(%v) = %q, %q; want %q, %q", tc.d, en, ko, tc.en, tc.ko)
		}
	}
}
