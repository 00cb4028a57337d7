//go:build linux

package experiment

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/runner"
)

// The lab on the JVM engine, quick: every lab claim judged on the JVM
// (none left not run) with the JDK echoed, each verdict agreeing with its
// numbers, every preset's row with its model, its published figure and the
// cold first pass apart, and no JVM left running. The wall time is logged
// (CI's budget is 30 s), not asserted.
func TestQuickLabJVM(t *testing.T) {
	jdktest.Need(t, labJDK)
	exe := waitlabBinary(t)
	token := fmt.Sprintf("lab-jvm-%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Setenv(leakVar, token)
	start := time.Now()
	tab, err := Run(context.Background(), "lab", Options{Exe: exe, Quick: true, Lang: msg.KO, Engine: EngineJVM})
	t.Logf("lab --quick --engine jvm: %v", time.Since(start).Round(time.Millisecond))
	if l := leftovers(t, token); len(l) != 0 {
		t.Errorf("lab on the JVM left processes behind: %s", strings.Join(l, ", "))
	}
	if err != nil {
		t.Fatal(err)
	}
	checkQuickTable(t, tab)
	if tab.JDK == nil || tab.JDK.Major < labJDK || !strings.Contains(tab.Recipe, tab.JDK.Version) || !tab.WarmupEach {
		t.Errorf("JDK %v, recipe %q, warm-up each %v; want JDK %d+ named in the recipe, each JVM's cold pass as its warm-up",
			tab.JDK, tab.Recipe, tab.WarmupEach, labJDK)
	}
	if len(tab.Claims) != len(labClaims) {
		t.Fatalf("%d claims; want the lab's %d", len(tab.Claims), len(labClaims))
	}
	for _, c := range tab.Claims {
		if c.Engine != EngineJVM || c.JDK != "JDK "+tab.JDK.Version || c.Verdict == NotRun || c.Measured == nil {
			t.Errorf("%s: engine %q, JDK %q, verdict %s; want measured on the JVM, the JDK echoed", c.ID, c.Engine, c.JDK, c.Verdict)
		}
		if err := verdictAgrees(claimDefOf(t, "lab", c.ID), c); err != nil {
			t.Error(err)
		}
	}
	if len(tab.Rows) != len(labPresets) {
		t.Fatalf("%d rows; want the %d presets", len(tab.Rows), len(labPresets))
	}
	for _, row := range tab.Rows {
		ms, cold, th := row.Cells["makespan_ms"], row.Cells["cold_ms"], row.Cells["os_threads"]
		if !(ms.Median > 0) || ms.Model == nil || ms.Runs != 1 || !(cold.Median > 0) || !(th.Median >= 2) {
			t.Errorf("row %s: makespan %+v, cold %+v, OS threads %+v; want one measured pass, its model, the cold pass apart, the JVM's threads",
				row.Key, ms, cold, th)
		}
		if row.Key != "lab-pool-10x30" && ms.Published == nil {
			t.Errorf("row %s: no published JDK 21 figure", row.Key)
		}
	}
}

// The JVM rows without a JDK: a lab outcome's JVM runs become the row's
// cells (the measured passes' makespans, their cold passes apart), and the
// claims judged from them agree with their numbers, the same judging as
// the Go rows.
func TestLabJVMCellsAndClaims(t *testing.T) {
	e, _ := Lookup("lab")
	r := newBench(e, Options{Lang: msg.EN, Repeat: 3, Now: time.Now})
	r.engine, r.jdkName = EngineJVM, "JDK 25.0.3"
	res := func(ms, cold float64, threads int) *model.Result {
		return &model.Result{MakespanMS: ms, OSThreadsPeak: threads, JVM: &model.JVMFacts{Cold: &model.ColdPass{MakespanMS: cold}}}
	}
	// Each preset at its floor and a little above, the cold pass slower.
	floors := map[string]float64{"lab-pool": 600, "lab-loop": 200, "lab-loop-blocking": 1200, "lab-virtual": 200, "lab-pool-10x30": 600}
	for _, name := range labPresets {
		p, _ := model.LookupPreset(name)
		f := floors[name]
		out := &runner.Outcome{Scenario: p.Scenario, Model: &model.Result{MakespanMS: f},
			JVMRuns: []*model.Result{res(f+1, f+40, 20), res(f+3, f+30, 21), res(f+2, f+35, 22)}}
		row := r.T.AddRow(name, name, labCells(out, true))
		row.SetModel("makespan_ms", f)
		if v, ok := p.Reference["makespan_ms"]; ok {
			row.SetPublished("makespan_ms", v)
		}
	}
	labShape(r.T, r.T.Median("lab-loop", "makespan_ms"), 200)
	labNotes(r, "exp.lab.jvm.why")
	labJVMNotes(r, nil)
	if c := r.T.Row("lab-pool").Cells["cold_ms"]; c.Median != 635 || c.Runs != 3 {
		t.Errorf("lab-pool cold pass %+v; want the median of 640, 630, 635 over 3 runs", c)
	}
	if c := r.T.Row("lab-loop-blocking").Cells["makespan_ms"]; c.Median != 1202 || len(c.Values) != 3 {
		t.Errorf("lab-loop-blocking makespan %+v; want the measured passes' median 1,202", c)
	}
	if len(r.T.Claims) != len(labClaims) {
		t.Fatalf("%d claims; want %d", len(r.T.Claims), len(labClaims))
	}
	for _, c := range r.T.Claims {
		if c.Engine != EngineJVM || c.JDK != "JDK 25.0.3" || c.Verdict != Reproduced || c.Low == nil {
			t.Errorf("%s: engine %q, JDK %q, verdict %s, interval %v; want reproduced on the JVM with the median's interval", c.ID, c.Engine, c.JDK, c.Verdict, c.Low)
		}
		if err := verdictAgrees(claimDefOf(t, "lab", c.ID), c); err != nil {
			t.Error(err)
		}
	}
	if notes := strings.Join(r.T.Notes, "\n"); !strings.Contains(notes, "cold first pass") || !strings.Contains(notes, "+16.3% (lab-loop)") {
		t.Errorf("notes %q; want the cold pass's distance from the measured one (lab-loop: 235 against 202 ms, +16.3%%)", notes)
	}
}

// An interrupt while the lab's second preset runs on the JVM: the table so
// far, marked interrupted, the claims it could not measure not run, and no
// JVM left running.
func TestLabJVMInterrupted(t *testing.T) {
	jdktest.Need(t, labJDK)
	exe := waitlabBinary(t)
	token := fmt.Sprintf("lab-jvm-int-%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Setenv(leakVar, token)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(line string) {
		if strings.Contains(line, "lab-loop") {
			time.AfterFunc(500*time.Millisecond, cancel) // its JVM starting or running
		}
	}
	tab, err := Run(ctx, "lab", Options{Exe: exe, Quick: true, Lang: msg.EN, Engine: EngineJVM, Progress: progress})
	if l := leftovers(t, token); len(l) != 0 {
		t.Errorf("an interrupted lab on the JVM left processes behind: %s", strings.Join(l, ", "))
	}
	if err != nil {
		t.Fatalf("Run after an interrupt = %v; want the table so far", err)
	}
	if !tab.Interrupted || tab.Row("lab-pool") == nil {
		t.Errorf("interrupted %v, rows %d; want the first preset's row, marked interrupted", tab.Interrupted, len(tab.Rows))
	}
	for _, c := range tab.Claims {
		if c.ID == "jdk.loop-blocking" && c.Verdict != NotRun {
			t.Errorf("%s after the interrupt: %s; want not run", c.ID, c.Verdict)
		}
	}
}
