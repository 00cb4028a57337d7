//go:build linux

package experiment

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/launch"
	"github.com/waitlab/waitlab/internal/msg"
)

// The JVM engine's recipes, quick, each on its source's JDK: every claim
// judged on the JVM with the JDK echoed, every verdict agreeing with its
// numbers, rows measured, and every JVM it started gone. The wall time is
// logged (CI's budget is 30 s each), not asserted.
func TestQuickJVMEngine(t *testing.T) {
	exe := waitlabBinary(t)
	// logging/log.lock: the lock's rows, which --quick runs only when
	// asked for alone.
	for _, run := range []string{"loop-stall", "blocking-loop", "logging", "logging/log.lock", "validate-lock", "crossover", "slow-downstream",
		"write-path", "colocated-generator"} {
		name, only, _ := strings.Cut(run, "/")
		t.Run(run, func(t *testing.T) {
			e, _ := Lookup(name)
			jdktest.Need(t, e.JDK) // the chapters' JDK 25; Tomcat's 17
			if name == "validate-lock" || only == "log.lock" {
				if _, err := exec.LookPath("redis-server"); err != nil {
					jdktest.Package(t, fmt.Errorf("no redis-server: %v (apt-get install -y redis-server)", err))
				}
			}
			tomcat := name == "logging" || name == "validate-lock" || name == "crossover" || name == "slow-downstream" || name == "write-path"
			if name == "crossover" || name == "write-path" || name == "colocated-generator" {
				jdktest.Jars(t, "libnetty-java", "netty-common", "netty-transport", "netty-codec-http")
			}
			if tomcat {
				// Debian's Tomcat and Logback: missing is a failure
				// under WAITLAB_JDK, a loud skip otherwise.
				jdktest.Jars(t, "liblogback-java", "logback-classic", "logback-core", "slf4j-api")
				if _, err := os.Stat(launch.TomcatHome); err != nil {
					if os.Getenv("WAITLAB_JDK") != "" {
						t.Fatalf("WAITLAB_JDK=%s but no Tomcat: %v (apt-get install -y tomcat10)", os.Getenv("WAITLAB_JDK"), err)
					}
					t.Skipf("NOT RUN: no Tomcat at %s (apt-get install -y tomcat10)", launch.TomcatHome)
				}
			}
			start := time.Now()
			opt := Options{Exe: exe, Quick: true, Lang: msg.KO, Engine: EngineJVM}
			if only != "" {
				opt.Only = []string{only}
			}
			tab, err := Run(context.Background(), name, opt)
			t.Logf("%s --quick --engine jvm: %v", run, time.Since(start).Round(time.Millisecond))
			if err != nil {
				t.Fatal(err)
			}
			checkQuickTable(t, tab)
			if tab.JDK == nil || len(tab.Engines) != 1 || tab.Engines[0] != EngineJVM {
				t.Errorf("engines %v, JDK %v; want jvm alone, its JDK echoed", tab.Engines, tab.JDK)
			}
			for _, c := range tab.Claims {
				if c.Engine != EngineJVM || !strings.HasPrefix(c.JDK, "JDK ") || tab.JDK.Major < e.JDK {
					t.Errorf("%s: engine %q, JDK %q; want jvm on JDK %d or later", c.ID, c.Engine, c.JDK, e.JDK)
				}
				if err := verdictAgrees(claimDefOf(t, name, c.ID), c); err != nil {
					t.Error(err)
				}
			}
			if only != "" && (len(tab.Claims) != 1 || tab.Claims[0].Measured == nil) {
				t.Errorf("--only %s: claims %+v; want it alone, measured", only, tab.Claims)
			}
			for _, row := range tab.Rows {
				if tomcat || name == "colocated-generator" {
					if c := row.Cells["ok_rps"]; !(c.Median > 0) {
						t.Errorf("row %s: throughput %+v; want requests served by Tomcat", row.Key, c)
					}
					continue
				}
				if th := row.Cells["threads"]; !(th.Median >= 2) {
					t.Errorf("row %s: platform threads %+v; want at least the loop and main", row.Key, th)
				}
			}
			jvms := 0
			for _, c := range tab.Children {
				if c.Name == "jvm" || c.Name == "target" {
					jvms++
				}
			}
			if jvms == 0 {
				t.Errorf("children %+v; want the JVMs recorded", tab.Children)
			}
			checkGone(t, tab.Children)
		})
	}
}
