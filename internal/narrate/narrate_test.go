package narrate_test

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/narrate"
	"github.com/waitlab/waitlab/internal/sim"
)

func simulate(t *testing.T, name string, edit func(*model.Scenario)) *model.Result {
	t.Helper()
	p, ok := model.LookupPreset(name)
	if !ok {
		t.Fatalf("LookupPreset(%q): not found", name)
	}
	s := p.Scenario
	if edit != nil {
		edit(&s)
	}
	s.Normalize()
	r, err := sim.Run(s, sim.Options{Trace: true})
	if err != nil {
		t.Fatalf("sim.Run(%s): %v", name, err)
	}
	return r
}

// The issue's own example sentences, word for word.
func TestLabPoolStory(t *testing.T) {
	r := simulate(t, "lab-pool", nil)
	want := []string{
		"0.0 s: 12 requests arrive; 4 threads take one each; 8 wait in the queue.",
		"2.0 s: responses arrive; 4 requests finish; the freed threads take the waiting ones (4 still waiting).",
		"4.0 s: responses arrive; 4 requests finish; the freed threads take the last waiting ones; the queue is empty.",
		"6.0 s: responses arrive; 4 requests finish.",
		"all 12 requests done in 6.0 s (p50 4.0 s, p99 6.0 s); peak busy threads: 4.",
	}
	got := narrate.Lines(r, msg.EN)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Lines(lab-pool, en) =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	ko := narrate.Lines(r, msg.KO)
	if w := "0.0초: 요청 12건이 도착합니다. 스레드 4개가 하나씩 맡고 8건은 대기열에서 기다립니다."; ko[0] != w {
		t.Errorf("Lines(lab-pool, ko)[0] = %q; want %q", ko[0], w)
	}
}

// Each model is told in its own words.
func TestModelWords(t *testing.T) {
	cases := []struct {
		preset string
		edit   func(*model.Scenario)
		en, ko string
	}{
		{"lab-loop", nil, "registers its wait and frees the loop", "루프를 곧바로 놓아 줍니다"},
		{"lab-loop-blocking", nil, "loop 1 and loop 2 block on a call for 2.0 s", "루프 1과 루프 2가 블로킹 호출로 2.0초 동안 막히고"},
		{"lab-virtual", nil, "unmount from the carriers", "캐리어에서 언마운트됩니다"},
		{"lab-virtual", func(s *model.Scenario) { s.Classes[0].Blocking = true }, "held by pinned waits", "고정된(pinned) 대기"},
		{"ch15-offload4", func(s *model.Scenario) {
			s.Requests, s.Classes[0].Fraction, s.Classes[1].Fraction = 30, 0.9, 0.1
		}, "to the offload pool", "오프로드 풀로 넘어가고"},
		{"ch15-onloop", nil, "blocking requests per loop: loop 1: 3, loop 2: 3", "블로킹 요청이 놓인 루프: 루프 1에 3건"},
	}
	for _, c := range cases {
		r := simulate(t, c.preset, c.edit)
		if en := strings.Join(narrate.Lines(r, msg.EN), "\n"); !strings.Contains(en, c.en) {
			t.Errorf("Lines(%s, en) does not say %q:\n%s", c.preset, c.en, en)
		}
		if ko := strings.Join(narrate.Lines(r, msg.KO), "\n"); !strings.Contains(ko, c.ko) {
			t.Errorf("Lines(%s, ko) does not say %q:\n%s", c.preset, c.ko, ko)
		}
	}
}

// A 30-request run reads in under 15 lines, whatever the model and arrival;
// Korean lines hold no English words and English lines no Hangul.
func TestShort(t *testing.T) {
	edits := map[string]func(*model.Scenario){
		"pool 10x30": nil,
		"poisson loop, exponential": func(s *model.Scenario) {
			s.Model, s.Threads, s.Arrival = model.Loop, 2, model.Arrival{Kind: model.Poisson, Rate: 20}
			s.Classes[0].CPU, s.Classes[0].Wait = model.ExpDist(5*time.Millisecond), model.ExpDist(300*time.Millisecond)
		},
		"closed users with think time": func(s *model.Scenario) {
			s.Arrival, s.Think = model.Arrival{Kind: model.VUs, VUs: 4}, model.ExpDist(100*time.Millisecond)
			s.Classes[0].Wait = model.ExpDist(200 * time.Millisecond)
		},
		"virtual, shared lock, fan-out": func(s *model.Scenario) {
			s.Model, s.Threads, s.SharedLock = model.Virtual, 2, true
			s.Classes[0].Calls, s.Classes[0].Fanout, s.Classes[0].Wait = 3, model.Parallel, model.FixedDist(20*time.Millisecond)
		},
		"offload, mixed classes": func(s *model.Scenario) {
			s.Model, s.Threads, s.OffloadPool, s.Placement = model.Offload, 2, 2, model.Placement{Kind: model.Every, K: 5}
			s.Classes = []model.Class{
				{Name: "normal", Fraction: 0.8, CPU: model.FixedDist(10 * time.Millisecond)},
				{Name: "blocking", Fraction: 0.2, Wait: model.FixedDist(500 * time.Millisecond), Blocking: true},
			}
		},
	}
	for name, edit := range edits {
		r := simulate(t, "lab-pool-10x30", edit)
		for _, lang := range []msg.Lang{msg.EN, msg.KO} {
			lines := narrate.Lines(r, lang)
			if len(lines) == 0 || len(lines) >= 15 {
				t.Errorf("Lines(%s, %s) has %d lines; want 1 to 14:\n%s", name, lang, len(lines), strings.Join(lines, "\n"))
			}
			for _, l := range lines {
				hangul := strings.IndexFunc(l, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) >= 0
				english := strings.Contains(l, "request") || strings.Contains(l, "thread") || strings.Contains(l, "queue")
				if lang == msg.KO && (!hangul || english) || lang == msg.EN && hangul {
					t.Errorf("Lines(%s, %s): line in the wrong language: %q", name, lang, l)
				}
				if strings.Contains(l, "%!") {
					t.Errorf("Lines(%s, %s): bad format: %q", name, lang, l)
				}
			}
		}
	}
}

// Long runs are grouped into windows, never more than MaxLines + 2 lines.
func TestLongRunIsCapped(t *testing.T) {
	for _, p := range []string{"ch15-onloop", "ch15-offload4"} {
		r := simulate(t, p, nil)
		if n := len(narrate.Lines(r, msg.EN)); n > narrate.MaxLines+2 {
			t.Errorf("Lines(%s) has %d lines; want at most %d", p, n, narrate.MaxLines+2)
		}
	}
}

// A trace made by hand (as a real run makes one) is told as well.
func TestHandMadeTrace(t *testing.T) {
	r := &model.Result{
		Mode: "real", Scenario: model.Scenario{Model: model.Pool, Threads: 2, Requests: 3,
			Classes: []model.Class{{Name: "c", Fraction: 1, Wait: model.FixedDist(time.Second)}}},
		Completed: 3, MakespanMS: 2000, PeakThreads: 2,
		Trace: &model.Trace{
			Lanes: []model.LaneKind{model.LaneThread, model.LaneThread},
			Records: []model.Record{
				{ID: 0, Arrival: 0, Start: 0, End: time.Second, Lane: 0},
				{ID: 1, Arrival: 0, Start: 0, End: time.Second, Lane: 1},
				{ID: 2, Arrival: 0, Start: time.Second, End: 2 * time.Second, Lane: 0},
			},
		},
	}
	got := narrate.Lines(r, msg.EN)
	if len(got) != 4 || got[0] != "0.0 s: 3 requests arrive; 2 threads take one each; 1 waits in the queue." {
		t.Errorf("Lines(hand-made) =\n%s", strings.Join(got, "\n"))
	}
	if narrate.Lines(&model.Result{}, msg.EN) != nil || narrate.Lines(nil, msg.KO) != nil {
		t.Error("Lines without a trace: want nil")
	}
}

// ch15-offload4's point: 20 blocking calls meet an offload pool of 4, so
// most wait for an offload thread, and the narration says how many.
func TestOffloadQueueIsTold(t *testing.T) {
	r := simulate(t, "ch15-offload4", nil)
	for lang, want := range map[msg.Lang]string{msg.EN: "at most 16 calls wait for an offload thread", msg.KO: "오프로드 스레드를 기다린 호출은 가장 많을 때 16개"} {
		got := strings.Join(narrate.Lines(r, lang), "\n")
		if !strings.Contains(got, want) {
			t.Errorf("Lines(ch15-offload4, %s) does not say %q:\n%s", lang, want, got)
		}
	}
	// A pool big enough for every call: nobody waits, nothing is said.
	r = simulate(t, "ch15-offload64", nil)
	if got := strings.Join(narrate.Lines(r, msg.EN), "\n"); strings.Contains(got, "offload thread") {
		t.Errorf("Lines(ch15-offload64) speaks of a wait for an offload thread:\n%s", got)
	}
}

// A window that covers one instant is told as that instant, not as the
// range "101.4 ms to 101.4 ms"; and one line reads in one unit.
func TestRangesAndUnits(t *testing.T) {
	for _, p := range []string{"ch15-onloop", "ch15-offload4", "lab-loop-blocking"} {
		r := simulate(t, p, nil)
		for _, line := range narrate.Lines(r, msg.EN) {
			head, _, _ := strings.Cut(line, ":")
			if from, to, ok := strings.Cut(head, " to "); ok && strings.TrimSpace(from) == strings.TrimSpace(strings.Split(to, ",")[0]) {
				t.Errorf("%s: %q names one instant as a range", p, line)
			}
			if strings.Contains(line, " ms") && strings.Contains(line, " s ") || strings.Contains(line, " ms") && strings.Contains(line, " s)") {
				t.Errorf("%s: %q mixes seconds and milliseconds", p, line)
			}
		}
	}
}

func TestDuration(t *testing.T) {
	cases := []struct {
		lang msg.Lang
		d    time.Duration
		unit time.Duration
		want string
	}{
		{msg.EN, 1500 * time.Millisecond, time.Second, "1.5 s"},
		{msg.KO, 1500 * time.Millisecond, time.Second, "1.5초"},
		{msg.EN, 1500 * time.Microsecond, time.Millisecond, "1.5 ms"},
		{msg.KO, 250 * time.Nanosecond, time.Microsecond, "0.2 us"},
	}
	for _, c := range cases {
		if got := narrate.Duration(c.lang, c.d, c.unit); got != c.want {
			t.Errorf("Duration(%s, %v, %v) = %q; want %q", c.lang, c.d, c.unit, got, c.want)
		}
	}
}

// Issue 44 defect 4: the fan-out pool's run was eleven windows of the same
// counts ("1 starts, 1 finishes, 12 calls go to the fan-out pool, at most
// 8 wait ..."). It reads as three lines: the start, the fan-out threads
// busy without a break while requests finish one by one, the end; within
// MaxLines, requests in 건 and calls counted in Korean too.
func TestFanoutPoolStory(t *testing.T) {
	r := simulate(t, "lab-pool", func(s *model.Scenario) {
		s.Classes[0].Calls, s.Classes[0].Fanout, s.Classes[0].Wait = 10, model.Parallel, model.FixedDist(200*time.Millisecond)
		s.FanoutPool = 4
	})
	want := map[msg.Lang][]string{
		msg.EN: {"the 4 fan-out threads make 116 calls without a break, 4 at a time", "11 requests finish, each as its last call returns (about one every 0.5 s)", "the queue is empty at 4.0 s"},
		msg.KO: {"팬아웃 스레드 4개가 쉬지 않고 한 번에 4건씩 호출 116건을 처리하고", "요청 11건이 각자 마지막 호출이 돌아올 때 끝납니다(대략 0.5초마다 1건)", "4.0초에 대기열이 빕니다"},
	}
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		tl := narrate.Timed(r, lang)
		moments := 0
		for _, l := range tl {
			if !l.Summary {
				moments++
			}
		}
		all := strings.Join(narrate.Lines(r, lang), "\n")
		if moments > 3 || moments > narrate.MaxLines {
			t.Errorf("%s: %d moment lines; want the start, the busy stretch and the end:\n%s", lang, moments, all)
		}
		for _, w := range want[lang] {
			if !strings.Contains(all, w) {
				t.Errorf("%s: the narration does not say %q:\n%s", lang, w, all)
			}
		}
		if lang == msg.KO && (strings.Contains(all, "호출 4개") || strings.Contains(all, "1개 시작")) {
			t.Errorf("ko: requests and calls counted in 개:\n%s", all)
		}
	}
}

// Issue 44 defect 11: a loop that only registers its waits is drawn idle,
// and the web lab's row says 0 busy; the narration under them said "peak
// busy loops: 2". Its summary counts busy lanes as the timeline draws them.
func TestIdleLanesAreNotBusy(t *testing.T) {
	for _, c := range []struct {
		preset string
		want   map[msg.Lang]string
	}{
		{"lab-loop", map[msg.Lang]string{msg.EN: "the loops were never busy", msg.KO: "루프는 CPU 작업도 붙잡힌 대기도 없어 한 번도 바쁘지 않았습니다"}},
		{"lab-virtual", map[msg.Lang]string{msg.EN: "the carriers were never busy", msg.KO: "캐리어는 CPU 작업도 붙잡힌 대기도 없어"}},
		{"lab-pool", map[msg.Lang]string{msg.EN: "peak busy threads: 4", msg.KO: "동시에 일한 스레드는 최대 4개였습니다"}},
	} {
		r := simulate(t, c.preset, nil)
		if n := narrate.BusyPeak(r.Trace); (n == 0) != (c.preset != "lab-pool") {
			t.Errorf("%s: BusyPeak = %d", c.preset, n)
		}
		for lang, w := range c.want {
			if all := strings.Join(narrate.Lines(r, lang), "\n"); !strings.Contains(all, w) {
				t.Errorf("%s %s: the summary does not say %q:\n%s", c.preset, lang, w, all)
			}
		}
	}
}
