package web

import (
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/jdk/jdktest"
)

// On the JDK: /api/run?via=jvm puts the JVM's run at the top, its JVM
// facts (with the cold first pass apart) under "jvm", its timeline and
// its narration, beside the model.
func TestRealRunOnTheJVM(t *testing.T) {
	jdktest.Need(t, 0)
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	s := New(Config{Exe: waitlabBinary(t)})
	code, out := post(t, s, "/api/run?via=jvm&timeline=1&narration=1", `{"preset":"lab-pool","wait":"50ms"}`)
	if code != 200 {
		t.Fatalf("POST /api/run?via=jvm = %d %v; want 200", code, out)
	}
	facts, _ := out["jvm"].(map[string]any)
	if out["via"] != "jvm" || out["mode"] != "jvm" || facts == nil || facts["java_version"] == "" || facts["cold"] == nil {
		t.Fatalf("via %v, mode %v, jvm facts %v; want the JVM's run at the top with its facts and cold pass", out["via"], out["mode"], facts)
	}
	if ms, _ := out["makespan_ms"].(float64); ms < 150 {
		t.Errorf("makespan %v ms; want at least the floor, 150", ms)
	}
	if r, _ := out["ratio"].(map[string]any); r["makespan_ms"] == nil {
		t.Errorf("no JDK/model ratio: %v", out["ratio"])
	}
	if tl, _ := out["timeline"].(map[string]any); tl == nil || len(tl["records"].([]any)) != 12 {
		t.Errorf("timeline %v; want 12 records", out["timeline"])
	}
	if n, _ := out["narration"].([]any); len(n) == 0 {
		t.Errorf("no narration of the JVM's run")
	}
}

// The pinning lesson's request: the same virtual-thread scenario with its
// waits in a native frame is pinned, as JFR counts; pin without via=jvm
// is refused by name.
func TestRealRunOnTheJVMPinned(t *testing.T) {
	jdktest.Need(t, 22)
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	s := New(Config{Exe: waitlabBinary(t)})
	code, out := post(t, s, "/api/run?via=jvm&pin=native&lang=en", `{"preset":"lab-virtual","wait":"50ms","blocking":true}`)
	if code != 200 {
		t.Fatalf("POST /api/run?via=jvm&pin=native = %d %v; want 200", code, out)
	}
	facts, _ := out["jvm"].(map[string]any)
	if n, _ := facts["pinned_events"].(float64); facts["pin"] != "native" || n < 12 || facts["pin_verdict"] != "pinned" {
		t.Errorf("jvm facts %v; want pin native, at least 12 pinned events, verdict pinned", facts)
	}
	notes, _ := out["jvm_notes"].([]any)
	found := false
	for _, n := range notes {
		found = found || strings.HasPrefix(n.(string), "pinned: JFR recorded")
	}
	if !found {
		t.Errorf("jvm_notes %v; want the pinned verdict as a sentence", notes)
	}
	code, out = post(t, s, "/api/run?via=process&pin=native", `{"preset":"lab-virtual","wait":"50ms"}`)
	if code != 400 || out["field"] != "pin" {
		t.Errorf("pin without via=jvm = %d %v; want 400 naming pin", code, out)
	}
}
