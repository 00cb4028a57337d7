package archtest

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// One mechanism, one home (docs/ARCHITECTURE.md, "One home per
// mechanism"): each rule below is a pattern that only its home may
// contain, checked over the code lines (not comments) of every non-test Go
// file under internal/.
type home struct {
	name    string
	home    string // the package directory (or the file) under internal/ that may
	pattern *regexp.Regexp
	// debt lists the files that still hold the mechanism outside its home,
	// each with why: the list may only shrink (a file listed here that no
	// longer matches fails too, so the list stays true).
	debt map[string]string
}

var homes = []home{
	{
		name:    "a /proc read",
		home:    "sysinfo",
		pattern: regexp.MustCompile(`"/proc`),
		debt: map[string]string{
			"netguard/netguardtest/netns_linux.go": "a test helper (merged from main) that enters its own thread's network namespace, not a machine fact",
		},
	},
	{
		name: "a percentile by nearest rank, a lower median index or HdrHistogram's rank",
		home: "stats",
		pattern: regexp.MustCompile(`math\.Ceil\(.*float64\(len\(|/ ?100 ?\* ?float64\(|` +
			`\[\(len\(\w+\) ?- ?1\) ?/ ?2\]`),
	},
	{
		// The t table's first value, z at 97.5%, the normal quantile or the
		// incomplete beta a t CDF is made of: sim's and baseline's copies
		// each had one.
		name:    "a Student-t quantile (stats.StudentQuantile and TQuantile are the one method)",
		home:    "stats",
		pattern: regexp.MustCompile(`12\.706|1\.9599|Erfinv\(|IncBeta|Lgamma\(`),
	},
	{
		name:    "another name for ErrInterrupted (supervise.ErrInterrupted is the one)",
		home:    "supervise",
		pattern: regexp.MustCompile(`\bvar ErrInterrupted\b`),
	},
	{
		name:    "an interrupt's exit code written out (cli's interrupted() and exitInterrupted are the one mapping)",
		home:    "cli/signals.go",
		pattern: regexp.MustCompile(`Code: 130\b|os\.Exit\(130\)`),
	},
	{
		name:    "a needs-Linux error of its own (epoll.ErrNeedsLinux is the one; wrap it)",
		home:    "epoll",
		pattern: regexp.MustCompile(`errors\.New\("[^"]*(needs Linux|Linux only)"\)`),
	},
	{
		name: "an HTTP/1.1 response parser (status line, framing header fields, header end)",
		home: "httpwire",
		pattern: regexp.MustCompile(`"HTTP/1\."|(?i)equalfold\([^)]*"(content-length|transfer-encoding)"|` +
			`(Index|Cut|Contains)\([^)]*\\r\\n\\r\\n`),
	},
	{
		name:    "XML escaping for a chart (svgplot.Esc is the one)",
		home:    "svgplot",
		pattern: regexp.MustCompile(`xml\.EscapeText`),
	},
	{
		name:    "a round tick step for a chart axis (svgplot.NiceStep or RoundStep is the one)",
		home:    "svgplot",
		pattern: regexp.MustCompile(`\{1, 2, (2\.5, )?5, 10\}`),
	},
	{
		// plan's, baseline's and probe's log axes each had one: a loop
		// over decades from a Floor, 1-2-5 mantissas, or decades by *= 10.
		name:    "a log axis's ticks (svgplot.LogTicks is the one)",
		home:    "svgplot",
		pattern: regexp.MustCompile(`for \w+ := math\.Floor\((math\.Log10\()?[\w.]+\)+;|\[\]float64\{1, 2, 5\}|\w \*= ?10\b`),
	},
	{
		name:    "a type named runner (runner.Runner makes one real run; name the type for what it is)",
		home:    "runner",
		pattern: regexp.MustCompile(`^type (runner|Runner)\b`),
	},
	{
		name:    "a type named Placement (model.Placement is where a scenario's work runs; supervise.Pinning is where processes run)",
		home:    "model",
		pattern: regexp.MustCompile(`^type Placement\b`),
	},
	{
		name:    "a choice of time unit for text (narrate.UnitFor is the one)",
		home:    "narrate",
		pattern: regexp.MustCompile(`>= time\.Second:`),
	},
	{
		name:    "an SLO or threshold split of its own (model.ParseBound is the one grammar)",
		home:    "model/bound.go",
		pattern: regexp.MustCompile(`IndexAny\(.*"<>"\)`),
	},
	{
		// A metric's name cut from its labels ("{"), a bucket's le, the
		// info line's prefix, or expfmt's parser itself: the four parsers
		// of issue 39 each had one of these.
		name: "a Prometheus text parse (scrape.Parse and scrape.Get are the one)",
		home: "scrape",
		pattern: regexp.MustCompile(`(Cut|HasPrefix)\([^)]*"\{"\)|IndexByte\([^)]*'\{'\)|LastIndexByte\([^)]*'\}'\)|` +
			`\ble=\\?"|_info\{"|TextParser|TextToMetricFamilies|expfmt\.(NewDecoder|Decode)`),
	},
	{
		// The subcommand first in a []string, or followed by a flag: the
		// `waitlab target` or `waitlab downstream` command line.
		name:    "a `waitlab target` or `waitlab downstream` command line (build a launch.Config or downstream.Config and call launch.Start or launch.StartDownstream)",
		home:    "launch",
		pattern: regexp.MustCompile(`"(target|downstream)",\s*"-|\[\]string\{\s*"(target|downstream)"`),
	},
	{
		name:    "a sock_diag dump or a listener's owner found by its port (watch.ListenerPID is the one)",
		home:    "watch",
		pattern: regexp.MustCompile(`NETLINK_SOCK_DIAG|sysinfo\.(SocketOwner|ListeningSockets)\(`),
	},
	{
		// loadgen's run and its scenario load each had a sampler of
		// their own, and the experiments a third.
		name:    "a machine CPU sampler (watch.Window around a load's window, watch.Neighbours beside an experiment)",
		home:    "watch",
		pattern: regexp.MustCompile(`sysinfo\.ReadMachineCPU\(`),
	},
	{
		name: "a target's figures read off its page by name (watch.CPUOf, Threads, LoopsOf and InfoOf are the one reading)",
		home: "watch",
		pattern: regexp.MustCompile(`(Sum|Samples)\("(process_cpu_seconds_total|waitlab_target_threads|waitlab_target_info|` +
			`waitlab_target_loop_[a-z_]+)"\)`),
	},
	{
		name:    "a forwarder to sysinfo's CPUs (call sysinfo.Cores, AllowedCPUs or AffinityOf directly)",
		home:    "sysinfo",
		pattern: regexp.MustCompile(`^func (Cores|AllowedCPUs|AffinityOf)\(`),
	},
}

func TestOneHomePerMechanism(t *testing.T) {
	files := goFiles(t)
	for _, h := range homes {
		found := map[string][]string{}
		for _, f := range files {
			if f == h.home || strings.HasPrefix(f, h.home+"/") || strings.HasPrefix(f, "msg/") {
				continue
			}
			b, err := os.ReadFile(filepath.Join("..", f))
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(b), "\n") {
				code := strings.TrimSpace(line)
				if strings.HasPrefix(code, "//") {
					continue
				}
				if h.pattern.MatchString(code) {
					found[f] = append(found[f], f+":"+itoa(i+1)+": "+code)
				}
			}
		}
		for f, lines := range found {
			if _, ok := h.debt[f]; !ok {
				t.Errorf("%s outside internal/%s (its one home): use the one there\n\t%s", h.name, h.home, strings.Join(lines, "\n\t"))
			}
		}
		for f, why := range h.debt {
			if _, ok := found[f]; !ok {
				t.Errorf("internal/%s no longer holds %s: take it off the debt list (%s)", f, h.name, why)
			}
		}
	}
}

// goFiles lists the non-test Go files under internal/, as paths relative
// to it, sorted.
func goFiles(t *testing.T) []string {
	var out []string
	err := filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			rel, _ := filepath.Rel("..", p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func itoa(n int) string {
	b := []byte{}
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
