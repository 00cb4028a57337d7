//go:build linux

package experiment

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"github.com/waitlab/waitlab/internal/sysinfo"
	"io/fs"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/supervise"
)

// The JVM engine's programs: our own Java (java/waitlab/exp), written from
// the chapters' descriptions, compiled once per JDK by jdk.Compile beside
// jdk.Control and run as supervised children (one run per JVM: the parent
// reads the kernel's counters around it and stops it like any child).

//go:embed java
var javaSources embed.FS

// javaTree is the embedded tree rooted at the package directories.
func javaTree() fs.FS {
	sub, err := fs.Sub(javaSources, "java")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	return sub
}

// jvmClasses compiles the programs with the bench's JDK (once per JDK
// and source version) and returns the class directory.
func (r *Bench) jvmClasses(ctx context.Context) (string, error) {
	if r.jdk == nil {
		return "", fmt.Errorf("experiment: the JVM engine has no JDK")
	}
	if r.classes != "" {
		return r.classes, nil
	}
	dir, err := r.jdk.Compile(ctx, "exp", nil, jdk.Control, javaTree())
	if err != nil {
		return "", err
	}
	r.classes = dir
	return dir, nil
}

// jvmRun is one run of a Java program: its report and the most OS threads
// seen in the JVM while it ran.
type jvmRun struct {
	Report    json.RawMessage
	OSThreads int
}

// runJava runs class with args in a fresh JVM until it exits (ctx ending
// asks it to stop through the control channel: it reports what it has)
// and returns its report. A JVM that exits without one is an error with
// its stderr.
func (r *Bench) runJava(ctx context.Context, class string, args ...string) (*jvmRun, error) {
	dir, err := r.jvmClasses(ctx)
	if err != nil {
		return nil, err
	}
	argv := append([]string{"-cp", dir, class}, args...)
	p, err := r.procs.startSpec(supervise.Spec{Name: "jvm", Exe: r.jdk.Java, Args: argv, Control: true})
	if err != nil {
		return nil, err
	}
	out := &jvmRun{}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	stopped := false
	for done := false; !done; {
		select {
		case <-p.waited:
			done = true
		case <-tick.C:
			if n, err := sysinfo.PidThreads(p.PID); err == nil {
				out.OSThreads = max(out.OSThreads, n)
			}
		case <-ctx.Done():
			if !stopped {
				stopped = true
				go p.c.Stop()
			}
		}
	}
	if err := p.c.Wait(); err != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("experiment: %s: %v: %s", class, err, strings.TrimSpace(p.c.Stderr()))
	}
	out.Report = p.c.Report()
	if len(out.Report) == 0 {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("experiment: %s sent no report: %s", class, strings.TrimSpace(p.c.Stderr()))
	}
	return out, nil
}
