package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// proc is a waitlab process of a split-run test.
type proc struct {
	cmd      *exec.Cmd
	out, err lockedBuffer
	done     chan struct{}
}

// startProc starts the built waitlab, inside network namespace ns when ns
// is not "", and stops it (SIGKILL to its group) when the test ends.
func startProc(t *testing.T, ns string, args ...string) *proc {
	t.Helper()
	exe := waitlabBinary(t)
	argv := append([]string{exe}, args...)
	if ns != "" {
		argv = append([]string{"ip", "netns", "exec", ns}, argv...)
	}
	p := &proc{cmd: exec.Command(argv[0], argv[1:]...), done: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.err
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
	})
	return p
}

// await returns the first submatch of re in the process's output.
func (p *proc) await(t *testing.T, re string) string {
	t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.After(20 * time.Second)
	for {
		if m := rx.FindStringSubmatch(p.out.String() + p.err.String()); m != nil {
			return m[1]
		}
		select {
		case <-p.done:
			if m := rx.FindStringSubmatch(p.out.String() + p.err.String()); m != nil {
				return m[1]
			}
			t.Fatalf("%v exited without printing %s: %s%s", p.cmd.Args, re, p.out.String(), p.err.String())
		case <-deadline:
			t.Fatalf("%v printed no %s within 20s: %s%s", p.cmd.Args, re, p.out.String(), p.err.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// exit waits for the process and returns its exit code.
func (p *proc) exit(t *testing.T, within time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(within):
		t.Fatalf("%v did not end within %v: %s%s", p.cmd.Args, within, p.out.String(), p.err.String())
	}
	return p.cmd.ProcessState.ExitCode()
}

// splitRun runs one load split into three segments, each its own process
// (in namespaces gens[i] when given), pushing to a collector at collectURL
// and writing its result file into dir.
func splitRun(t *testing.T, gens []string, targetURL, collectURL, dir string) []*proc {
	t.Helper()
	start := time.Now().Add(2 * time.Second).UTC().Format(time.RFC3339Nano)
	var ps []*proc
	for i, ns := range gens {
		ps = append(ps, startProc(t, ns, "load", "--rate", "300", "--duration", "1s", "--segment", fmt.Sprintf("%d/3", i),
			"--start-at", start, "--push", collectURL, "--out", filepath.Join(dir, fmt.Sprintf("seg%d.wlr", i)), "--lang", "en", targetURL))
	}
	for _, p := range ps {
		if code := p.exit(t, 30*time.Second); code != 0 {
			t.Fatalf("%v exited %d: %s%s", p.cmd.Args, code, p.out.String(), p.err.String())
		}
	}
	return ps
}

// checkMerged checks the collector's JSON report: the whole schedule.
func checkMerged(t *testing.T, col *proc) {
	t.Helper()
	if code := col.exit(t, 30*time.Second); code != 0 {
		t.Fatalf("collector exited %d: %s%s", code, col.out.String(), col.err.String())
	}
	var rep struct {
		Requests   int64   `json:"requests"`
		OK         int64   `json:"ok"`
		OfferedRPS float64 `json:"offered_rps"`
		Inputs     []struct {
			Segment string `json:"segment"`
			Host    string `json:"host"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(col.out.String()), &rep); err != nil {
		t.Fatalf("collector output is not the JSON report: %v\n%s", err, col.out.String())
	}
	if rep.Requests != 300 || rep.OK != 300 || len(rep.Inputs) != 3 {
		t.Errorf("merged run: %d requests, %d ok, %d inputs; want the 300 of the single-machine schedule from 3 segments", rep.Requests, rep.OK, len(rep.Inputs))
	}
	if rep.OfferedRPS < 290 || rep.OfferedRPS > 310 {
		t.Errorf("merged offered rate %.1f; want the sum of the segments, 300/s", rep.OfferedRPS)
	}
}

// checkVerdicts re-reports the three segment files with a threshold that
// holds and one that cannot.
func checkVerdicts(t *testing.T, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "seg*.wlr"))
	if len(files) != 3 {
		t.Fatalf("segment files %v; want 3", files)
	}
	if code, _, errs := run(t, append([]string{"report", "--threshold", "p99<10s"}, files...)...); code != 0 {
		t.Errorf("report of the segments with p99<10s = %d; want 0 (met). %s", code, errs)
	}
	if code, _, _ := run(t, append([]string{"report", "--threshold", "p99<1us"}, files...)...); code != 1 {
		t.Errorf("report of the segments with p99<1us = %d; want 1 (breached)", code)
	}
	if code, _, errs := run(t, "report", files[0], files[1]); code != 2 || !strings.Contains(errs, "missing") {
		t.Errorf("report of 2 of 3 segments = %d, %q; want 2 naming the missing segment", code, errs)
	}
	if code, _, errs := run(t, "report", files[0], files[1], files[2], files[2]); code != 2 {
		t.Errorf("report with a segment twice = %d, %q; want 2", code, errs)
	}
}

// TestSplitRunOnLoopback: target, collector and three generator processes
// on this machine.
func TestSplitRunOnLoopback(t *testing.T) {
	tgt := startProc(t, "", "target", "--model", "loop", "--threads", "1", "--listen", "127.0.0.1:0")
	url := tgt.await(t, `(http://127\.0\.0\.1:\d+)`)
	col := startProc(t, "", "report", "--listen", "127.0.0.1:0", "--expect", "3", "--collect-timeout", "60s", "--json", "--threshold", "p99<10s")
	curl := col.await(t, `(http://127\.0\.0\.1:\d+/)`)
	dir := t.TempDir()
	splitRun(t, []string{"", "", ""}, url+"/", curl, dir)
	checkMerged(t, col)
	checkVerdicts(t, dir)
}

// TestSplitRunSegmentMissing: one generator never reports; the collector
// names its segment and fails.
func TestSplitRunSegmentMissing(t *testing.T) {
	tgt := startProc(t, "", "target", "--model", "loop", "--threads", "1", "--listen", "127.0.0.1:0")
	url := tgt.await(t, `(http://127\.0\.0\.1:\d+)`)
	col := startProc(t, "", "report", "--listen", "127.0.0.1:0", "--expect", "3", "--collect-timeout", "6s", "--lang", "en")
	curl := col.await(t, `(http://127\.0\.0\.1:\d+/)`)
	// Both generators wait for the same start, as a split run's do (one
	// after the other, the second could start after the first's start had
	// passed on a busy machine).
	start := time.Now().Add(2 * time.Second).UTC().Format(time.RFC3339Nano)
	var gens []*proc
	for i := range 2 {
		gens = append(gens, startProc(t, "", "load", "--rate", "100", "--duration", "500ms", "--segment", fmt.Sprintf("%d/3", i), "--start-at", start, "--push", curl, url+"/"))
	}
	for i, p := range gens {
		if code := p.exit(t, 30*time.Second); code != 0 {
			t.Fatalf("segment %d exited %d: %s", i, code, p.err.String())
		}
	}
	if code := col.exit(t, 30*time.Second); code != 1 || !strings.Contains(col.err.String(), "2/3:1") {
		t.Errorf("collector with a segment missing exited %d: %q; want 1 naming segment 2/3:1", code, col.err.String())
	}
}

// TestSplitRunAcrossNamespaces is the multi-host test: the target, three
// generators and the collector each in a network namespace of their own,
// joined by veth pairs to a bridge in a sixth, with private addresses that
// exist only inside these namespaces. It needs root and iproute2; CI runs
// it as root. Everything it makes is removed at the end.
func TestSplitRunAcrossNamespaces(t *testing.T) {
	skip := t.Skip
	if os.Getenv("WAITLAB_NETNS") == "require" {
		skip = t.Fatal // CI: the multi-host test must run
	}
	if os.Geteuid() != 0 {
		skip("needs root to make network namespaces (CI runs it as root)")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		skip("needs iproute2's ip to make network namespaces")
	}
	waitlabBinary(t)
	tag := fmt.Sprintf("wl%d", os.Getpid()%100000)
	hosts := []string{"tgt", "gen0", "gen1", "gen2", "col"}
	br := tag + "br"
	sh := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
		}
	}
	t.Cleanup(func() {
		for _, h := range hosts {
			_ = exec.Command("ip", "netns", "del", tag+h).Run()
		}
		_ = exec.Command("ip", "netns", "del", br).Run()
		// No namespace of ours is left behind.
		out, _ := exec.Command("ip", "netns", "list").Output()
		if strings.Contains(string(out), tag) {
			t.Errorf("namespaces left behind: %s", out)
		}
	})
	sh("netns", "add", br)
	sh("-n", br, "link", "add", "br0", "type", "bridge")
	sh("-n", br, "link", "set", "br0", "up")
	addr := map[string]string{}
	for i, h := range hosts {
		ns := tag + h
		sh("netns", "add", ns)
		sh("link", "add", tag+"v"+fmt.Sprint(i), "type", "veth", "peer", "name", tag+"p"+fmt.Sprint(i))
		sh("link", "set", tag+"v"+fmt.Sprint(i), "netns", ns)
		sh("link", "set", tag+"p"+fmt.Sprint(i), "netns", br)
		sh("-n", br, "link", "set", tag+"p"+fmt.Sprint(i), "master", "br0")
		sh("-n", br, "link", "set", tag+"p"+fmt.Sprint(i), "up")
		addr[h] = fmt.Sprintf("10.231.%d.%d", os.Getpid()%200, i+1)
		sh("-n", ns, "addr", "add", addr[h]+"/24", "dev", tag+"v"+fmt.Sprint(i))
		sh("-n", ns, "link", "set", tag+"v"+fmt.Sprint(i), "up")
		sh("-n", ns, "link", "set", "lo", "up")
	}
	tgt := startProc(t, tag+"tgt", "target", "--model", "loop", "--threads", "1", "--listen", addr["tgt"]+":8080", "--allow-remote")
	tgt.await(t, `(http://\S+)`)
	col := startProc(t, tag+"col", "report", "--listen", addr["col"]+":7071", "--allow-remote", "--expect", "3", "--collect-timeout", "60s", "--json", "--threshold", "p99<10s")
	col.await(t, `(http://\S+/)`)
	dir := t.TempDir()
	splitRun(t, []string{tag + "gen0", tag + "gen1", tag + "gen2"}, "http://"+addr["tgt"]+":8080/", "http://"+addr["col"]+":7071/", dir)
	checkMerged(t, col)
	checkVerdicts(t, dir)
}
