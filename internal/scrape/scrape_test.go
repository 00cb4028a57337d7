package scrape

import (
	"bytes"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
)

// The page a waitlab target renders (expfmt, typed families) reads back
// as its lines: a histogram's buckets under NAME_bucket with their le, the
// +Inf bucket included; counters summed over their label sets.
func TestParseTypedPage(t *testing.T) {
	var b bytes.Buffer
	hist := &dto.MetricFamily{
		Name: ptr("waitlab_target_loop_task_duration_seconds"),
		Type: dto.MetricType_HISTOGRAM.Enum(),
		Metric: []*dto.Metric{{
			Label: []*dto.LabelPair{{Name: ptr("loop"), Value: ptr("1")}},
			Histogram: &dto.Histogram{SampleCount: ptr(uint64(7)), SampleSum: ptr(0.9), Bucket: []*dto.Bucket{
				{UpperBound: ptr(0.25), CumulativeCount: ptr(uint64(5))},
				{UpperBound: ptr(0.5), CumulativeCount: ptr(uint64(7))},
			}},
		}},
	}
	stalls := &dto.MetricFamily{
		Name: ptr("waitlab_target_loop_stalls_total"),
		Type: dto.MetricType_COUNTER.Enum(),
		Metric: []*dto.Metric{
			{Label: []*dto.LabelPair{{Name: ptr("loop"), Value: ptr("0")}}, Counter: &dto.Counter{Value: ptr(2.0)}},
			{Label: []*dto.LabelPair{{Name: ptr("loop"), Value: ptr("1")}}, Counter: &dto.Counter{Value: ptr(3.0)}},
		},
	}
	for _, mf := range []*dto.MetricFamily{hist, stalls} {
		if _, err := expfmt.MetricFamilyToText(&b, mf); err != nil {
			t.Fatal(err)
		}
	}
	pg, err := Parse(b.Bytes())
	if err != nil {
		t.Fatalf("Parse(%q): %v", b.String(), err)
	}
	got := map[string]float64{}
	for _, s := range pg.Samples("waitlab_target_loop_task_duration_seconds_bucket") {
		if s.Labels["loop"] != "1" {
			t.Errorf("bucket %v lost its loop label", s)
		}
		got[s.Labels["le"]] = s.Value
	}
	want := map[string]float64{"0.25": 5, "0.5": 7, "+Inf": 7}
	if len(got) != len(want) {
		t.Errorf("buckets = %v; want %v", got, want)
	}
	for le, v := range want {
		if got[le] != v {
			t.Errorf("bucket le=%s = %v; want %v (all: %v)", le, got[le], v, got)
		}
	}
	if v, ok := pg.Sum("waitlab_target_loop_task_duration_seconds_count"); !ok || v != 7 {
		t.Errorf("_count = %v, %v; want 7", v, ok)
	}
	if v, ok := pg.Sum("waitlab_target_loop_stalls_total"); !ok || v != 5 {
		t.Errorf("stalls summed over loops = %v, %v; want 2+3 = 5", v, ok)
	}
	if _, ok := pg.Sum("waitlab_target_loop_stalls"); ok {
		t.Error("a prefix of a name is found as the name")
	}
}

// An untyped page (what the JVM servers and most hand-written exporters
// write) reads line by line, label escapes undone, a last line without its
// newline included, and Java's spellings of a double accepted.
func TestParseUntypedPage(t *testing.T) {
	pg, err := Parse([]byte("# HELP x\nwaitlab_target_info{model=\"pool\",odd=\"a\\\"b\\\\c\\nd\"} 1\n" +
		"waitlab_target_lock_held_seconds_total 1.0E-4\nprocess_cpu_seconds_total 12.5"))
	if err != nil {
		t.Fatal(err)
	}
	info := pg.Samples("waitlab_target_info")
	if len(info) != 1 || info[0].Labels["model"] != "pool" || info[0].Labels["odd"] != "a\"b\\c\nd" {
		t.Errorf("info = %+v; want model=pool and odd with its escapes undone", info)
	}
	if v, _ := pg.Sum("waitlab_target_lock_held_seconds_total"); v != 1e-4 {
		t.Errorf("1.0E-4 read as %v", v)
	}
	if v, ok := pg.Sum("process_cpu_seconds_total"); !ok || v != 12.5 {
		t.Errorf("last line without a newline: %v, %v; want 12.5", v, ok)
	}
}

// A page that is not the text format is refused whole, with the line.
func TestParseRefusesABrokenPage(t *testing.T) {
	for _, page := range []string{"a{", "a 1\nb{x=\"1\" 2\n", "a one\n", "<html>oops</html>\n"} {
		if _, err := Parse([]byte(page)); err == nil || !strings.Contains(err.Error(), "line") {
			t.Errorf("Parse(%q) = %v; want an error naming the line", page, err)
		}
	}
	if pg, err := Parse(nil); err != nil || len(pg.Samples("a")) != 0 {
		t.Errorf("Parse(empty) = %v, %v; want an empty page", pg, err)
	}
}

func TestGet(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.Header.Get("Accept"), "text/plain") {
			http.Error(w, "asks for "+r.Header.Get("Accept"), http.StatusNotAcceptable)
			return
		}
		w.Write([]byte("waitlab_target_threads{model=\"pool\"} 200\n"))
	})
	mux.HandleFunc("/gone", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "no", http.StatusInternalServerError) })
	mux.HandleFunc("/huge", func(w http.ResponseWriter, _ *http.Request) {
		line := []byte("a 1\n")
		for range MaxPage/len(line) + 1 {
			w.Write(line)
		}
	})
	mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://192.0.2.1/metrics", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	pg, err := Once(srv.URL+"/metrics", time.Second, false)
	if v, _ := pg.Sum("waitlab_target_threads"); err != nil || v != 200 {
		t.Errorf("Once = %v, %v; want 200 threads", v, err)
	}
	if _, err := Once(srv.URL+"/gone", time.Second, false); err == nil || !strings.Contains(err.Error(), "500") {
		t.Errorf("a 500 page: %v; want an error with the status", err)
	}
	if _, err := Once(srv.URL+"/huge", 5*time.Second, false); err != errTooLarge {
		t.Errorf("a page over MaxPage: %v; want %v", err, errTooLarge)
	}
	if _, err := Once(srv.URL+"/away", time.Second, false); err == nil {
		t.Error("a loopback page's redirect to another host was followed")
	}
}

// A target's /metrics is untrusted: any bytes parse or are refused
// without a panic, and what parses is consistent: each sample under its
// own name, a sum the sum of its samples.
func FuzzParse(f *testing.F) {
	f.Add([]byte("process_cpu_seconds_total 1.5\nwaitlab_target_threads{a=\"b\"} 2\n"))
	f.Add([]byte("# HELP x\nprocess_cpu_seconds_total NaN\n"))
	f.Add([]byte("# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3\nh_count 2\n"))
	f.Add([]byte("# TYPE s summary\ns{quantile=\"0.5\"} 1\ns_sum 3\ns_count 2\n"))
	f.Add([]byte("waitlab_target_info{a=\"\\"))
	f.Add([]byte("{\"quoted.name\",a=\"1\"} 3 1700000000\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		pg, err := Parse(b)
		if err != nil {
			return
		}
		for name, ss := range pg.byName {
			sum := 0.0
			for _, s := range ss {
				if s.Name != name {
					t.Fatalf("sample %+v filed under %q", s, name)
				}
				sum += s.Value
			}
			if got, ok := pg.Sum(name); !ok || !(got == sum || math.IsNaN(got) && math.IsNaN(sum)) {
				t.Fatalf("Sum(%q) = %v, %v; want %v", name, got, ok, sum)
			}
		}
	})
}

// A line written by the rules of the format reads back as written: any
// label value (escaped) and any finite value.
func FuzzRoundTrip(f *testing.F) {
	f.Add("pool", 12.5)
	f.Add("a\"b\\c\nd", -1e-300)
	f.Add("", 0.0)
	f.Fuzz(func(t *testing.T, label string, v float64) {
		if !utf8Valid(label) || math.IsNaN(v) {
			t.Skip()
		}
		esc := strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`).Replace(label)
		line := "m{v=\"" + esc + "\"} " + strconv.FormatFloat(v, 'g', -1, 64) + "\n"
		pg, err := Parse([]byte(line))
		if err != nil {
			t.Fatalf("Parse(%q): %v", line, err)
		}
		ss := pg.Samples("m")
		if len(ss) != 1 || ss[0].Labels["v"] != label || ss[0].Value != v {
			t.Fatalf("Parse(%q) = %+v; want v=%q value %v", line, ss, label, v)
		}
	})
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func ptr[T any](v T) *T { return &v }

// Pages our own servers served (testdata: the Go target's loop model
// after a few requests, rendered by expfmt with its histograms typed;
// the Netty server's, written by Work.java) read whole, with the figures
// the watcher, probe and the experiments take from them.
func TestOurServersPages(t *testing.T) {
	read := func(name string) Page {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		pg, err := Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return pg
	}
	goPage := read("go-target-loop.metrics")
	if v, ok := goPage.Sum("process_cpu_seconds_total"); !ok || !(v > 0) {
		t.Errorf("Go target: process_cpu_seconds_total %v, %v", v, ok)
	}
	if info := goPage.Samples("waitlab_target_info"); len(info) != 1 || info[0].Labels["model"] != "loop" || info[0].Labels["threads"] != "2" {
		t.Errorf("Go target: info %+v; want model=loop, threads=2", info)
	}
	buckets := map[string]int{}
	for _, s := range goPage.Samples("waitlab_target_loop_task_duration_seconds_bucket") {
		buckets[s.Labels["loop"]]++
		if s.Labels["le"] == "+Inf" && s.Value != 3 {
			t.Errorf("Go target: loop %s's +Inf bucket %v; want its 3 tasks", s.Labels["loop"], s.Value)
		}
	}
	if buckets["0"] != 20 || buckets["1"] != 20 {
		t.Errorf("Go target: buckets per loop %v; want the 19 bounds and +Inf of each of loops 0 and 1 (20 lines each in the page)", buckets)
	}
	if v, ok := goPage.Sum("waitlab_target_loop_stalls_total"); !ok || v != 0 {
		t.Errorf("Go target: stalls %v, %v; want 0, present", v, ok)
	}
	jvm := read("netty-target.metrics")
	for _, name := range []string{"waitlab_target_requests_total", "waitlab_target_os_threads", "waitlab_target_log_lines_total",
		"waitlab_target_lock_held_seconds_total", "waitlab_target_downstream_commands_total", "process_cpu_seconds_total"} {
		if _, ok := jvm.Sum(name); !ok {
			t.Errorf("Netty: no %s", name)
		}
	}
	if info := jvm.Samples("waitlab_target_info"); len(info) != 1 || info[0].Labels["engine"] != "netty" {
		t.Errorf("Netty: info %+v; want engine=netty", info)
	}
}
