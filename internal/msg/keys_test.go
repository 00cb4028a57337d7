package msg

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// dynamicPrefixes are the keys built at run time as PREFIX + something,
// each with where and why. A key under one of them counts as used; a
// literal PREFIX + x anywhere else in the source fails the test until it is
// listed here.
var dynamicPrefixes = map[string]string{
	"narr.noun.":         "narrate: lane nouns by lane kind (thread, loop, carrier, offload)",
	"web.pin.status.":    "web: the pinning lesson's status by pin mechanism (synchronized, native)",
	"web.engine.":        "web: the server of a run over HTTP by launch.Engine (go, tomcat, netty)",
	"web.pin.where.":     "web: the pinning lesson's rows by pin mechanism (synchronized, native)",
	"web.pin.verdict.":   "web: the JFR pinning verdict by model.JVMFacts.PinVerdict (pinned, not_pinned_jep491, not_pinned)",
	"probe.fit.cores.":   "probe: where the fit's core count came from (affinity, machine, ceiling)",
	"probe.errkind.":     "probe: failed requests by kind (refused, timeout, reset, status, bad_response, other)",
	"probe.shape.":       "probe: a shape's name by Shape (pool, loop-blocked, connection-cap, undecided, ...)",
	"probe.fit.from.":    "probe: where the target's CPU was read (target, tree)",
	"probe.loop.from.":   "probe: where the loop count came from by LoopCount.From (metrics, thread-names, held)",
	"probe.fit.missing.": "probe: why the target's CPU is unknown (in_process, unknown)",
	"narr.noun1.":        "narrate: singular lane nouns by lane kind",
	"report.lane.":       "report: lane names by lane kind",
	"report.model.":      "report: the scenario line by model (pool, loop, offload, virtual)",
	"run.fig.":           "runner/text: figure labels by model.Figure key",
	"run.lanes.":         "runner/text: the lanes of a real run by model",
	"load.err.":          "loadgen: error kinds by errKind name",
	"load.html.":         "loadgen: HTML labels",
	"load.warn.":         "loadgen: validity warnings by warning code",
	"preset.":            "cli/presets, web: one line per preset or preset variant by name",
	"cli.help.usage.":    "cli/help: a command's own usage line, when it has one",
	"flag.":              "cli/help: flag texts by command and flag name (flag.CMD.NAME, flag.NAME)",
	"conf.why.":          "report: why a simulated run did not converge, by model.Result.Unconverged code",
	"plan.cross.why.":    "plan: the assumption that broke where the closed form is outside the interval, by Beyond.Why",
	"plan.confirm.head.": "plan: the confirmation heading by runner (process, http)",
	"plan.knob.":         "plan: the knob being sized, by name",
	"plan.method.":       "plan: the method line by arrival model (open, closed)",
	"plan.res.":          "plan: the resource a size costs, by knob",
	"web.tl.kind.":       "web/static/app.js: timeline legend by span kind",
	"web.tl.lane.":       "web/static/app.js: timeline lane names by lane kind",
	"web.runs.kind.":     "web/static/app.js: run tags by kind",
	"web.r.peak.":        "web/static/app.js: the peak-busy row in the lanes' words, by model (loop, offload, virtual)",
	"web.ls.truth.":      "web/static/app.js: lockstep's answer to which finishes first (a, b, same)",
	"web.code.note.":     "web/static/app.js: the code note by model",
	"web.err.type.":      "web: a JSON field's expected type, by kind",
	"web.limit.":         "narrate.WhatLimited (sim and the web lab): what held a run back, by limit",
	"web.limit.who.":     "narrate.WhatLimited: the stalled lanes as a subject, by lane noun (loop, carrier) and count",
	"web.label.":         "web: a preset button's sentence, by preset or fan-out entry",
	"web.k.":             "web/static/app.js: a setting's short name in run labels, by field",
	"web.kv.":            "web/static/app.js: a setting and its value in run labels, by field",
	"web.class.":         "web/static/app.js: a request class's name in result rows, by class",
	"web.size.n.":        "web/static/app.js: a size in words, by plan's knob",
	"web.cc.":            "web/static/app.js: the code tabs' comments (static/code.js names them), by comment",
	"web.setup.":         "web: a preset's setup without its answer, by preset or fan-out entry",
	"load.engine.":       "loadgen: the engine line by engine (epoll, uring, goroutines)",
	"load.engine.why.":   "loadgen: why that engine, by reason",
	"load.model.":        "loadgen: the merged inputs' model (open, closed)",
	"exp.":               "experiment: title and about by experiment name (exp.NAME.title, exp.NAME.about)",
	"exp.lab.row.":       "experiment: lab rows by preset",
	"exp.claim.":         "experiment: what a claim compares and why it differs, by claim id (claims.go)",
	"exp.claim.v.":       "experiment: a claim's sentence by verdict (claims.go)",
	"exp.wp.row.":        "experiment: write-path rows by model",
	"exp.verdict.":       "experiment: verdict labels by verdict (claims.go)",
	"exp.engine.":        "experiment: engine names by engine (go, jvm; engine.go)",
	"exp.ls.row.":        "experiment: loop-stall rows by condition",
	"exp.x.row.":         "experiment: crossover rows by condition",
	"exp.x.lead.":        "experiment: crossover lead by model",
	"exp.x.path.":        "experiment: crossover path by model",
	"exp.x.jvm.row.":     "experiment: crossover JVM rows by side (pool, loop)",
	"exp.bl.row.":        "experiment: blocking-loop rows by condition",
	"exp.sd.fanout.":     "experiment: slow-downstream fan-out names by mode",
	"exp.log.row.":       "experiment: logging rows by condition",
	"jvm.pin.":           "report/jvm: the pinned wait's mechanism by model.JVMFacts.Pin (synchronized, native)",
	"jvm.clock.":         "report/jvm: what timed the CPU work by model.JVMFacts.CPUClock (thread, native, wall)",
}

// jsLiteral is a quoted string in the web page's JavaScript or HTML, and
// whether a "+" follows it.
var jsLiteral = regexp.MustCompile(`(["'\x60])([a-z][a-z0-9_.-]*)["'\x60]\s*(\+)?`)

// keyLike is what a catalog key looks like: dotted lower-case words.
var keyLike = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+$`)

// notKeys are literals that look like keys of a catalog area but are
// something else (file names the experiments write).
var notKeys = map[string]bool{"lab.svg": true, "load.json": true, "probe.json": true}

// sourceScan reads every non-test Go file of the module outside this
// package: every string literal, and every literal prefix of a string
// concatenation.
func sourceScan(t *testing.T) (lits map[string][]string, prefixes map[string][]string) {
	t.Helper()
	lits, prefixes = map[string][]string{}, map[string][]string{}
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") && path != root || path == filepath.Join(root, "internal", "msg") {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(path); ext == ".js" || ext == ".html" {
			// The web page looks keys up in the strings /api/strings
			// serves: its quoted literals count, and "prefix." + x
			// builds keys like Go's.
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range jsLiteral.FindAllStringSubmatch(string(b), -1) {
				if m[3] != "" && strings.HasSuffix(m[2], ".") {
					prefixes[m[2]] = append(prefixes[m[2]], path)
					continue
				}
				lits[m[2]] = append(lits[m[2]], path)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BinaryExpr:
				if x.Op == token.ADD {
					if bl, ok := x.X.(*ast.BasicLit); ok && bl.Kind == token.STRING {
						if s, err := strconv.Unquote(bl.Value); err == nil && strings.HasSuffix(s, ".") {
							prefixes[s] = append(prefixes[s], fset.Position(bl.Pos()).String())
						}
					}
				}
			case *ast.BasicLit:
				if x.Kind == token.STRING {
					if s, err := strconv.Unquote(x.Value); err == nil {
						lits[s] = append(lits[s], fset.Position(x.Pos()).String())
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatalf("scan the source: %v", err)
	}
	return lits, prefixes
}

// Every key the code names exists, and every key in the catalog is used:
// by a literal somewhere in the source, under a dynamic prefix listed in
// dynamicPrefixes, or as the singular form KEY+"1" of a used KEY (narrate
// picks "narr.finish1" for one request).
func TestCatalogKeysUsedAndExist(t *testing.T) {
	lits, prefixes := sourceScan(t)
	if _, ok := lits["narr.take.each"]; !ok || len(lits) < 500 || len(prefixes) < len(dynamicPrefixes) {
		t.Fatalf("the scan found %d literals and %d prefixes, without narr.take.each: it did not read the source", len(lits), len(prefixes))
	}
	areas := map[string]bool{}
	for _, k := range Keys() {
		areas[strings.SplitN(k, ".", 2)[0]] = true
	}
	var missing []string
	for s, where := range lits {
		if !keyLike.MatchString(s) || !areas[strings.SplitN(s, ".", 2)[0]] || Has(s) || notKeys[s] {
			continue
		}
		if strings.HasSuffix(s, ".") {
			continue
		}
		missing = append(missing, s+" ("+where[0]+")")
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("the source names %s, which is not in the catalog", m)
	}
	for p, where := range prefixes {
		if !areas[strings.SplitN(p, ".", 2)[0]] {
			continue
		}
		if _, ok := dynamicPrefixes[p]; !ok {
			t.Errorf("%s builds keys from the prefix %q; list it in dynamicPrefixes with the reason", where[0], p)
		}
	}
	for p := range dynamicPrefixes {
		if _, ok := prefixes[p]; !ok {
			t.Errorf("dynamicPrefixes lists %q, which no code uses any more", p)
		}
	}
	for _, k := range Keys() {
		if _, ok := lits[k]; ok {
			continue
		}
		if base, ok := strings.CutSuffix(k, "1"); ok {
			if _, used := lits[base]; used {
				continue
			}
		}
		dyn := false
		for p := range dynamicPrefixes {
			if strings.HasPrefix(k, p) {
				dyn = true
			}
		}
		if !dyn {
			t.Errorf("catalog key %s is never used", k)
		}
	}
}
