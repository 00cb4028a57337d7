// Package archtest keeps the dependency direction of docs/ARCHITECTURE.md
// true: it asks `go list -deps` what each package imports and fails on any
// import that points the wrong way.
package archtest

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/waitlab/waitlab/"

// allowed lists, for each internal package, the internal packages it may
// import (directly or not). A package missing here may import only msg.
var allowed = map[string][]string{
	"msg":                   {},
	"jdk":                   {"model", "msg"},
	"model":                 {"msg"},
	"stats":                 {"model", "msg"},
	"sysinfo":               {"model", "msg", "epoll"},
	"epoll":                 {},
	"uring":                 {"epoll"},
	"timeheap":              {},
	"fdtable":               {},
	"osthread":              {"model", "msg", "sysinfo", "epoll"},
	"supervise":             {"epoll", "osthread", "model", "msg", "sysinfo"},
	"watchdog":              {"model", "msg", "stats", "sysinfo"},
	"sim":                   {"model", "msg", "stats", "timeheap"},
	"narrate":               {"model", "msg", "stats"},
	"report":                {"model", "msg", "stats", "svgplot", "narrate"},
	"live":                  {"model", "msg", "stats", "epoll", "watchdog", "sysinfo", "osthread", "timeheap", "supervise"},
	"jvmexec":               {"jdk", "live", "model", "msg", "stats", "epoll", "watchdog", "sysinfo", "osthread", "timeheap", "supervise"},
	"httpwire":              {},
	"svgplot":               {},
	"netguard":              {},
	"scrape":                {"netguard"},
	"watch":                 {"loadresult", "model", "msg", "netguard", "scrape", "sysinfo", "epoll"},
	"netguard/netguardtest": {},
	"downstream":            {"model", "msg", "stats", "epoll", "timeheap"},
	"httptarget":            {"model", "msg", "stats", "epoll", "watchdog", "sysinfo", "osthread", "httpwire", "downstream", "timeheap", "netguard", "fdtable"},
	"launch":                {"httptarget", "supervise", "jdk", "model", "msg", "stats", "epoll", "watchdog", "sysinfo", "osthread", "httpwire", "downstream", "timeheap", "netguard", "fdtable"},
	"loadresult":            {"model", "msg", "netguard"},
	"loadreport":            {"loadresult", "model", "msg", "svgplot"},
	"loadgen":               {"loadresult", "model", "msg", "stats", "sysinfo", "epoll", "uring", "fdtable", "httpwire", "netguard", "watch", "timeheap"},
	"baseline":              {"loadresult", "loadreport", "model", "msg", "stats", "svgplot"},
	"runner":                {"launch", "jvmexec", "jdk", "supervise", "live", "loadgen", "loadresult", "loadreport", "httptarget", "model", "msg", "stats", "epoll", "watchdog", "sysinfo", "osthread", "timeheap", "httpwire", "downstream", "scrape", "svgplot", "sim", "report", "narrate", "watch"},
	"buildinfo":             {},
	"golden":                {},
	"kube":                  {"model", "msg"},
	"experiment":            {"launch", "jvmexec", "jdk", "runner", "supervise", "lab", "baseline", "buildinfo", "model", "msg", "stats", "sim", "live", "osthread", "svgplot", "narrate", "report", "sysinfo", "epoll", "watchdog", "loadgen", "loadresult", "loadreport", "httptarget", "httpwire", "downstream", "scrape", "watch"},
	"plan":                  {"launch", "jvmexec", "jdk", "runner", "supervise", "loadgen", "loadresult", "loadreport", "httptarget", "httpwire", "downstream", "timeheap", "model", "msg", "stats", "sim", "live", "osthread", "svgplot", "narrate", "report", "sysinfo", "epoll", "watchdog", "scrape", "watch"},
	"probe":                 {"launch", "jvmexec", "jdk", "runner", "supervise", "httptarget", "httpwire", "downstream", "model", "msg", "stats", "sim", "plan", "loadgen", "loadresult", "loadreport", "baseline", "sysinfo", "epoll", "live", "osthread", "svgplot", "narrate", "report", "watchdog", "timeheap", "netguard", "scrape", "watch"},
	"archtest":              {},
}

// forbiddenStd lists standard-library packages a package must not import:
// the simulator is a model and never touches the network or real time.
var forbiddenStd = map[string][]string{
	"sim":   {"net", "net/http", "os/exec"},
	"model": {"net", "net/http"},
}

type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

func TestDependencyDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-json", "-deps=false", mod+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		name, ok := internalName(p.ImportPath)
		if !ok {
			continue // main, cli and web sit on top and may import anything
		}
		if name == "cli" || name == "web" {
			continue
		}
		ok2, known := allowed[name]
		if !known {
			t.Errorf("package internal/%s is not in the dependency table: add it here and to docs/ARCHITECTURE.md", name)
			continue
		}
		for _, imp := range p.Imports {
			dep, isInternal := internalName(imp)
			if isInternal && dep != name && !contains(ok2, dep) {
				t.Errorf("internal/%s imports internal/%s, which the dependency direction forbids", name, dep)
			}
			if contains(forbiddenStd[name], imp) {
				t.Errorf("internal/%s imports %s: the model layer must not touch the network or processes", name, imp)
			}
		}
	}
}

// docs/ARCHITECTURE.md and this table name the same packages: every
// package of the table and every package under internal/ has its bullet
// ("- **name**") in the document, and the document names no package that
// does not exist.
func TestArchitectureDocNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", mod+"internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exist := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		if name, ok := internalName(p); ok {
			exist[name] = true
		}
	}
	bullets := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if rest, ok := strings.CutPrefix(line, "- **"); ok {
			if name, _, ok := strings.Cut(rest, "**"); ok && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789") == "" {
				bullets[name] = true
			}
		}
	}
	for name := range exist {
		if name == "archtest" {
			continue
		}
		if !bullets[name] {
			t.Errorf("internal/%s has no bullet (- **%s** ...) in docs/ARCHITECTURE.md", name, name)
		}
		if _, ok := allowed[name]; !ok && name != "cli" && name != "web" {
			t.Errorf("internal/%s is not in archtest's table", name)
		}
	}
	for name := range bullets {
		if !exist[name] {
			t.Errorf("docs/ARCHITECTURE.md describes internal/%s, which does not exist", name)
		}
	}
}

// The simulator must never read the wall clock: its time is virtual.
func TestSimDoesNotReadTheClock(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .GoFiles " "}}`, mod+"internal/sim").CombinedOutput()
	if err != nil {
		t.Skipf("internal/sim not present yet: %s", out)
	}
	dir, _ := exec.Command("go", "list", "-f", "{{.Dir}}", mod+"internal/sim").Output()
	for _, f := range strings.Fields(string(out)) {
		b, err := exec.Command("grep", "-nE", `time\.(Now|Since|Sleep|After|Tick|NewTimer|NewTicker)\(`, strings.TrimSpace(string(dir))+"/"+f).Output()
		if err == nil && len(b) > 0 {
			t.Errorf("internal/sim/%s reads the wall clock:\n%s", f, b)
		}
	}
}

func internalName(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, mod+"internal/")
	if !ok {
		return "", false
	}
	return strings.SplitN(rest, "/", 2)[0], true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
