package archtest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// serverFlag is a target's or a downstream's flag spelled as an argv
// string (after "{" or ","; a field error's flag name, after "(", is
// not argv).
var serverFlag = regexp.MustCompile(`(^|[{,]\s*)"--(model|threads|cpu|wait|block|block-fraction|blocking|calls|fanout|` +
	`fanout-pool|queue|linger|acceptor|offload|offload-queue|offload-executor|carriers|max-conns|keepalive|keepalive-timeout|` +
	`header-timeout|body-timeout|write-timeout|downstream|downstream-timeout|validate-lock|log|log-file|log-in-lock|` +
	`lock-log-cpu|log-queue|log-block|log-level|log-line-level|db|seed|engine|java|classpath|accept-count|` +
	`max-connections|max-keepalive-requests|heap|hold-kb|delay|delay-step|proxy|max-store|max-clients|max-queued|` +
	`listen|backlog|drain|stall-threshold|query-knobs|body|body-memory)"`)

// The servers' children are data: experiment, probe and runner build a
// launch.Config (the target, any engine) or a downstream.Config and start
// it through launch; none spells a server's flag. (The command lines
// themselves are launch's: homes_test.go.)
func TestNoServerFlagStrings(t *testing.T) {
	for _, f := range goFiles(t) {
		if !(strings.HasPrefix(f, "experiment/") || strings.HasPrefix(f, "probe/") || strings.HasPrefix(f, "runner/")) {
			continue
		}
		b, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			code := strings.TrimSpace(line)
			if !strings.HasPrefix(code, "//") && serverFlag.MatchString(code) {
				t.Errorf("internal/%s:%d spells a server's flag: set the launch.Config or downstream.Config field\n\t%s", f, i+1, code)
			}
		}
	}
}
