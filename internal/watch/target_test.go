package watch

import (
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParseMetrics(t *testing.T) {
	page := "# HELP process_cpu_seconds_total x\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 12.5\n" +
		"waitlab_target_os_threads 17\nwaitlab_target_threads{model=\"pool\"} 4\ngo_goroutines 9\n"
	cpu, threads, ok := CPUOf(pageOf(page))
	if !ok || cpu != 12.5 || threads != 4 {
		t.Errorf("CPUOf = %v, %d, %v; want 12.5, 4 (configured threads before OS threads), true", cpu, threads, ok)
	}
	// An event-loop target exports no waitlab_target_threads: its OS
	// threads do not bound what is in flight, so they are not compared.
	if _, threads, _ := CPUOf(pageOf("process_cpu_seconds_total 1\nwaitlab_target_os_threads 9\n")); threads != 0 {
		t.Errorf("CPUOf(os threads only) threads = %d; want 0", threads)
	}
	if _, _, ok := CPUOf(pageOf("go_goroutines 3\n")); ok {
		t.Error("CPUOf(no process_cpu_seconds_total) ok = true; want false")
	}
}

func FuzzParseMetrics(f *testing.F) {
	f.Add("process_cpu_seconds_total 1.5\nwaitlab_target_threads{a=\"b\"} 2\n")
	f.Add("# HELP x\nprocess_cpu_seconds_total NaN\n")
	f.Add("process_cpu_seconds_total -1\nwaitlab_target_threads +Inf\n")
	f.Fuzz(func(t *testing.T, page string) {
		cpu, threads, ok := CPUOf(pageOf(page))
		if ok && (cpu < 0 || math.IsInf(cpu, 0) || threads < 0) {
			t.Errorf("CPUOf(%q) = %v, %d", page, cpu, threads)
		}
	})
}

// A closing CPU reading taken after the window (a drive behind its
// schedule) counts at its rate over the window, not in full.
func TestCPUReadingsScaleToTheWindow(t *testing.T) {
	for _, tc := range []struct {
		d            int64
		window, span time.Duration
		want         int64
	}{
		{1500, time.Second, 1500 * time.Millisecond, 1000}, // 1.5 s of a 1-core reading over 1.5 s: 1 s in a 1 s window
		{800, time.Second, time.Second, 800},
		{800, time.Second, 900 * time.Millisecond, 800}, // a shorter span is not stretched
		{800, 0, time.Second, 800},
	} {
		if got := ToWindow(tc.d, tc.window, tc.span); got != tc.want {
			t.Errorf("ToWindow(%d, %v, %v) = %d, want %d", tc.d, tc.window, tc.span, got, tc.want)
		}
	}
}

// With both a pid and a page, the CPU is the pid's and the threads the
// page's (they used to be lost).
func TestTargetPidAndPage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "process_cpu_seconds_total 123\nwaitlab_target_threads 7\n")
	}))
	defer srv.Close()
	p := &Target{PID: os.Getpid(), MetricsURL: srv.URL}
	cpu, threads, ok := p.Read()
	if !ok || threads != 7 || p.from != "pid "+strconv.Itoa(os.Getpid()) || cpu >= 123*time.Second {
		t.Errorf("read = %v, %d threads, %v, from %q; want this process's CPU, the page's 7 threads", cpu, threads, ok, p.from)
	}
	p = &Target{MetricsURL: srv.URL}
	if cpu, threads, ok := p.Read(); !ok || threads != 7 || cpu != 123*time.Second || p.from != srv.URL {
		t.Errorf("page only: %v, %d, %v, from %q", cpu, threads, ok, p.from)
	}
}

// loopPage is a waitlab target's /metrics after n scrapes: each scrape
// adds two stalls on loop 1, whose longest task is in (0.25 s, 0.5 s].
func loopPage(n int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "process_cpu_seconds_total %d\n", n)
	for loop := range 2 {
		stalls := int64(0)
		if loop == 1 {
			stalls = 2 * n
		}
		fmt.Fprintf(&b, "waitlab_target_loop_stalls_total{loop=\"%d\"} %d\n", loop, stalls)
		cum := int64(0)
		for _, le := range []string{"0.001", "0.01", "0.1", "0.25", "0.5", "1", "+Inf"} {
			switch le {
			case "0.001":
				cum += 100 * n
			case "0.5":
				cum += stalls
			}
			fmt.Fprintf(&b, "waitlab_target_loop_task_duration_seconds_bucket{loop=\"%d\",le=\"%s\"} %d\n", loop, le, cum)
		}
	}
	return b.String()
}

func TestStallsBetween(t *testing.T) {
	a, b := LoopsOf(pageOf(loopPage(1))), LoopsOf(pageOf(loopPage(3)))
	n, lo, hi := StallsBetween(a, b)
	if !a.Seen || n != 4 || lo != 0.25 || hi != 0.5 {
		t.Errorf("StallsBetween = %d, (%v, %v]; want 4 stalls, the worst in (0.25, 0.5]", n, lo, hi)
	}
	if n, _, _ := StallsBetween(b, b); n != 0 {
		t.Errorf("no change: %d stalls; want 0", n)
	}
	if m := LoopsOf(pageOf("process_cpu_seconds_total 1\n")); m.Seen {
		t.Error("a page without loop metrics is seen as a waitlab target's loops")
	}
	_, lo, hi = StallsBetween(LoopsOf(pageOf(`waitlab_target_loop_task_duration_seconds_bucket{le="1"} 0`+"\n"+`waitlab_target_loop_task_duration_seconds_bucket{le="+Inf"} 0`)),
		LoopsOf(pageOf(`waitlab_target_loop_task_duration_seconds_bucket{le="1"} 0`+"\n"+`waitlab_target_loop_task_duration_seconds_bucket{le="+Inf"} 1`)))
	if lo != 1 || !math.IsInf(hi, 1) {
		t.Errorf("a task above the last bound: (%v, %v]; want (1, +Inf]", lo, hi)
	}
}
