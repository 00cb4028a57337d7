package watch

import (
	"net"
	"os"
	"testing"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/scrape"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

func TestParseTargetInfo(t *testing.T) {
	page := ("# HELP waitlab_target_info x\nwaitlab_target_info{db=\"off\",lock=\"on\",log=\"sync\",model=\"pool\",threads=\"8\",odd=\"a\\\"b\"} 1\n")
	got := InfoOf(pageOf(page))
	want := map[string]string{"db": "off", "lock": "on", "log": "sync", "model": "pool", "threads": "8", "odd": `a"b`}
	if len(got) != len(want) {
		t.Fatalf("InfoOf = %v; want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("InfoOf[%q] = %q; want %q", k, got[k], v)
		}
	}
	if got := InfoOf(pageOf("process_cpu_seconds_total 1\n")); got != nil {
		t.Errorf("InfoOf(no info) = %v; want nil", got)
	}
}

// A target's /metrics is untrusted: any page parses without a panic into
// labels a result file accepts.
func FuzzParseTargetInfo(f *testing.F) {
	f.Add([]byte("waitlab_target_info{model=\"pool\",threads=\"8\"} 1\n"))
	f.Add([]byte("waitlab_target_info{a=\"\\"))
	f.Add([]byte("waitlab_target_info{=\"\"} 1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m := InfoOf(pageOf(string(b)))
		c := &loadresult.Conditions{TargetInfo: m}
		if err := c.Check(); err != nil {
			t.Errorf("InfoOf(%q) = %v, which check refuses: %v", b, m, err)
		}
	})
}

// The recorded conditions of this process: its own CPU list, and the
// listener it opens found by its port.
func TestConditionsOfThisProcess(t *testing.T) {
	if sysinfo.CPUsAllowedList(0) == "" {
		t.Skip("no /proc/self/status Cpus_allowed_list")
	}
	c := &loadresult.Conditions{GenCPUs: sysinfo.CPUsAllowedList(0), LoadAvg: LoadAvg(), GenNice: sysinfo.Nice(0)}
	if c.GenNice == nil {
		t.Errorf("sysinfo.Nice(0) = nil; want this process's nice value")
	}
	if err := c.Check(); err != nil {
		t.Errorf("conditions of this process %+v: %v", c, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	if pid := ListenerPID(port); pid != os.Getpid() {
		t.Errorf("ListenerPID(%d) = %d; want this process, %d", port, pid, os.Getpid())
	}
}

// pageOf parses a /metrics page as the watcher reads one (an unparseable
// page is an empty one: the watcher then has no figures from it).
func pageOf(s string) scrape.Page {
	pg, _ := scrape.Parse([]byte(s))
	return pg
}
