package sysinfo

import (
	"runtime"
	"testing"
)

func TestParseNetstat(t *testing.T) {
	in := []byte("TcpExt: SyncookiesSent ListenOverflows ListenDrops\nTcpExt: 1 7 9\nIpExt: InNoRoutes\nIpExt: 3\n")
	got := ParseNetstat(in)
	if got["ListenOverflows"] != 7 || got["ListenDrops"] != 9 || got["SyncookiesSent"] != 1 || len(got) != 3 {
		t.Errorf("ParseNetstat = %v; want the three TcpExt counters only", got)
	}
	if got := ParseNetstat([]byte("TcpExt: A B\nTcpExt: 1\n")); len(got) != 0 {
		t.Errorf("ParseNetstat(mismatched lines) = %v; want nothing", got)
	}
}

func FuzzParseNetstat(f *testing.F) {
	f.Add([]byte("TcpExt: ListenOverflows ListenDrops\nTcpExt: 1 2\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ParseNetstat(b) // must not panic
		parseLoadAvg(b)
		parseNice(b)
		ParseCtxSwitches(b)
		ParseProcsRunning(b)
	})
}

func TestParseLoadAvg(t *testing.T) {
	if l, ok := parseLoadAvg([]byte("0.52 1.03 2.10 1/234 5678\n")); !ok || l != [3]float64{0.52, 1.03, 2.10} {
		t.Errorf("parseLoadAvg = %v, %v", l, ok)
	}
	if _, ok := parseLoadAvg([]byte("0.52 x")); ok {
		t.Error("a short /proc/loadavg was read")
	}
}

func TestCPUQuota(t *testing.T) {
	q := CPUQuota()
	if q <= 0 || q > float64(runtime.NumCPU()) {
		t.Errorf("CPUQuota() = %v with %d CPUs", q, runtime.NumCPU())
	}
	if c := Cores(); c < 1 || float64(c) < q || c > runtime.NumCPU() {
		t.Errorf("Cores() = %d; CPUQuota %v", c, q)
	}
	if runtime.GOOS == "linux" {
		if _, err := LoadAvg(); err != nil {
			t.Errorf("LoadAvg: %v", err)
		}
		if got := AllowedCPUs(); len(got) == 0 {
			t.Error("AllowedCPUs() is empty")
		}
	}
}

func TestParseProcFiles(t *testing.T) {
	status := []byte("Name:\tx\nvoluntary_ctxt_switches:\t10\nnonvoluntary_ctxt_switches:\t5\n")
	if n := ParseCtxSwitches(status); n != 15 {
		t.Errorf("ParseCtxSwitches = %v; want 15", n)
	}
	if n, ok := ParseProcsRunning([]byte("cpu 1 2 3\nprocs_running 4\nprocs_blocked 0\n")); !ok || n != 4 {
		t.Errorf("ParseProcsRunning = %v, %v; want 4, true", n, ok)
	}
	stat := []byte("42 (a (b) c) S 1 42 42 0 -1 4194560 100 0 0 0 5 3 0 0 20 -5 1 0 100 1000 10")
	if n := parseNice(stat); n == nil || *n != -5 {
		t.Errorf("parseNice = %v; want -5 (the 19th field, after the name's last ')')", n)
	}
	if n := parseNice([]byte("42 (x) S 1")); n != nil {
		t.Errorf("parseNice(short) = %v; want nil", *n)
	}
}
