//go:build linux

package experiment

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/msg"
)

// The quick db-on-loop starts its own MariaDB and removes it: the calls
// happen (about 1% of requests in the rows that make them, none in the
// first), the loops stall with the call on them, every child
// (mariadb-install-db, mariadbd, targets, generators) has exited and no
// datadir is left. Without MariaDB it is skipped with the install
// command, unless WAITLAB_MARIADB=require.
//
// On the JVM engine the same: our Netty server calls MariaDB through JDBC
// (Debian's MariaDB Connector/J), on the loop or its offload group.
func TestDBOnLoopQuick(t *testing.T) {
	if _, err := exec.LookPath("mariadbd"); err != nil {
		if os.Getenv("WAITLAB_MARIADB") == "require" {
			t.Fatalf("WAITLAB_MARIADB=require but mariadbd is not installed: %s", dbInstall)
		}
		t.Skipf("mariadbd is not installed: %s", dbInstall)
	}
	for _, eng := range []string{EngineGo, EngineJVM} {
		t.Run(eng, func(t *testing.T) {
			if eng == EngineJVM {
				jdktest.Need(t, coJDK)
				jdktest.Jars(t, "libnetty-java", "netty-common", "netty-transport", "netty-codec-http")
				jdktest.Jars(t, "libmariadb-java", "mariadb-java-client")
			}
			dbOnLoopQuick(t, eng)
		})
	}
}

func dbOnLoopQuick(t *testing.T, eng string) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // the experiment's datadir goes here: check it is removed
	start := time.Now()
	tab, err := Run(context.Background(), "db-on-loop", Options{Exe: waitlabBinary(t), Quick: true, Lang: msg.KO, Engine: eng})
	t.Logf("db-on-loop --quick --engine %s: %v", eng, time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("Run(db-on-loop, quick) = %v", err)
	}
	if tab.Skipped != "" || len(tab.Rows) != 3 {
		t.Fatalf("skipped %q, %d rows; want the three quick conditions", tab.Skipped, len(tab.Rows))
	}
	if p := tab.Median("none", "db_pct"); p != 0 {
		t.Errorf("no-call row: %v%% of requests called the database; want 0", p)
	}
	for _, k := range []string{"onloop", "offload64"} {
		if p := tab.Median(k, "db_pct"); !(p > 0.2 && p < 5) {
			t.Errorf("%s: %v%% of requests called the database; want about 1%%", k, p)
		}
		if e := tab.Median(k, "errors_pct"); e != 0 {
			t.Errorf("%s: %v%% errors; want none", k, e)
		}
	}
	if st := tab.Median("onloop", "stalls"); !(st >= 1) {
		t.Errorf("on-loop stalls = %v; want the watchdog to see the loop waiting in the driver", st)
	}
	// How many stalls the offloading row shows depends on the machine: a
	// loop starved of CPU (a busy machine, or race-built children) passes
	// the threshold too, so the counts are not compared here. That the
	// calls never stall an offloading loop is the target's own test
	// (internal/httptarget: the stall stacks are inside the driver only on
	// loop).
	if c := tab.Row("onloop").Cells["throughput_rps"]; c.Model == nil {
		t.Error("on-loop row has no model throughput")
	}
	names := map[string]bool{}
	for _, c := range tab.Children {
		names[c.Name] = true
	}
	for _, n := range []string{"mariadb-install-db", "mariadbd", "target", "load", "probe"} {
		if !names[n] {
			t.Errorf("children %v lack %s", tab.Children, n)
		}
	}
	checkGone(t, tab.Children)
	if left, _ := filepath.Glob(filepath.Join(tmp, "waitlab-mariadb-*")); len(left) > 0 {
		t.Errorf("MariaDB's temp directory is left behind: %v", left)
	}
	for _, c := range tab.Claims {
		if engineOf(c) != eng {
			t.Errorf("%s judged on %s; want %s alone", c.ID, engineOf(c), eng)
		}
		if err := verdictAgrees(claimDefOf(t, "db-on-loop", c.ID), c); err != nil {
			t.Error(err)
		}
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, tab, ""); err != nil {
		t.Fatal(err)
	}
	if s := md.String(); !strings.Contains(s, "환경:") || strings.Contains(s, "%!") {
		t.Errorf("Korean Markdown lacks the environment or has a bad verb:\n%s", s)
	}
}

// Without mariadbd on PATH the experiment is skipped, naming the command
// that installs it, and starts nothing.
func TestDBOnLoopSkipsWithoutMariaDB(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	tab, err := Run(context.Background(), "db-on-loop", Options{Exe: waitlabBinary(t), Quick: true, Lang: msg.EN, Engine: EngineGo})
	if err != nil {
		t.Fatalf("Run without MariaDB = %v; want a skipped table", err)
	}
	if !strings.Contains(tab.Skipped, dbInstall) || len(tab.Children) != 0 {
		t.Errorf("skipped %q with children %v; want the install command and nothing started", tab.Skipped, tab.Children)
	}
}

// Ctrl-C in the middle (as the second condition's generators start)
// stops every child, MariaDB included, and removes its datadir.
func TestDBOnLoopInterrupt(t *testing.T) {
	if _, err := exec.LookPath("mariadbd"); err != nil {
		t.Skipf("mariadbd is not installed: %s", dbInstall)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var started []Child
	probes := 0
	childStarted = func(c Child) {
		mu.Lock()
		defer mu.Unlock()
		started = append(started, c)
		if c.Name == "probe" {
			if probes++; probes == 2 {
				cancel()
			}
		}
	}
	defer func() { childStarted = nil }()
	done := make(chan struct{})
	var tab *Table
	var err error
	go func() {
		tab, err = Run(ctx, "db-on-loop", Options{Exe: waitlabBinary(t), Quick: true, Lang: msg.EN, Engine: EngineGo})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("Run did not return after its context was cancelled")
	}
	if err != nil {
		t.Fatalf("Run after an interrupt = %v; want the table so far", err)
	}
	if !tab.Interrupted {
		t.Error("table.Interrupted = false after an interrupt")
	}
	mu.Lock()
	defer mu.Unlock()
	// Addresses are set after the start hook ran: take them from the table.
	checkGone(t, tab.Children)
	if len(tab.Children) != len(started) {
		t.Errorf("%d children recorded, %d started", len(tab.Children), len(started))
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "waitlab-mariadb-*")); len(left) > 0 {
		t.Errorf("MariaDB's temp directory is left behind: %v", left)
	}
}
