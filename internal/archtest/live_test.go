package archtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// liveImporters are the only places that reach internal/live, each with
// why (docs/ARCHITECTURE.md, "live keeps the executors and the child
// protocol"): a real run's options, refusals, repeats and views are
// runner's, and its figures model's, so a walk from a command or the web
// lab to an executor enters runner once and live once, from runner.
var liveImporters = map[string]string{
	"runner":                 "Process runs the executors in a child (live.Isolated), and the text reads the child's stalls",
	"jvmexec":                "the JVM's records become a Result through live.Tally, the Go runs' one conversion",
	"cli/run_child.go":       "the child side of the protocol: the hidden __run-child command (live.ServeChild)",
	"cli/target_scenario.go": "a target serving a scenario sizes GOMAXPROCS as a run's child does (live.ChildGOMAXPROCS)",
}

func TestLiveIsReachedOnlyThroughRunner(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, mod+"internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		name, _ := internalName(f[0])
		if name == "live" || !contains(f[1:], mod+"internal/live") {
			continue
		}
		if name == "cli" {
			checkCLIFiles(t)
			continue
		}
		if _, ok := liveImporters[name]; !ok {
			t.Errorf("internal/%s imports internal/live: reach a real run through runner (its options, refusals, repeats, Prepare and Measure), its figures through model", name)
		}
	}
}

// checkCLIFiles lets only cli's listed files import live.
func checkCLIFiles(t *testing.T) {
	files, _ := filepath.Glob("../cli/*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel := "cli/" + filepath.Base(f)
		if strings.Contains(string(b), `"`+mod+`internal/live"`) {
			if _, ok := liveImporters[rel]; !ok {
				t.Errorf("internal/%s imports internal/live: reach a real run through runner", rel)
			}
		}
	}
}
