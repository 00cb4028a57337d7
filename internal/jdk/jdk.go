// Package jdk finds a Java Development Kit on this machine and compiles
// waitlab's own embedded Java sources with it, once per JDK and source
// hash, into the user's cache directory. The JVM runner and the Tomcat and
// Netty servers start their children from what it returns; it starts
// nothing itself but javac.
//
// Where a JDK is looked for, in order: an explicit path (`--java`), then
// JAVA_HOME, then `java` on PATH, then every JDK under /usr/lib/jvm. A JDK
// older than the caller's least major version is passed over, except an
// explicit one, which is refused with the reason.
package jdk

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Field is the input a JDK error names.
const Field = "java"

// JVMDir is where Debian (and Temurin's packages) install JDKs.
var JVMDir = "/usr/lib/jvm"

// VirtualThreads is the least major version with final virtual threads.
const VirtualThreads = 21

// JDK is one Java installation.
type JDK struct {
	Home    string `json:"home"`
	Java    string `json:"java"`
	Javac   string `json:"javac,omitempty"` // "" for a runtime without a compiler
	Major   int    `json:"major"`
	Version string `json:"version"` // "25.0.3"
	Vendor  string `json:"vendor,omitempty"`
	// Source says how it was found: "--java", "JAVA_HOME", "PATH" or JVMDir.
	Source string `json:"source"`
}

// String is "Eclipse Adoptium 25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)".
func (j *JDK) String() string {
	v := j.Version
	if j.Vendor != "" {
		v = j.Vendor + " " + v
	}
	return v + " (" + j.Home + ")"
}

// Find returns the JDK to use: explicit when given (a java binary or a JDK
// home; refused when older than least), else the first of JAVA_HOME and
// PATH's java that is at least least, else the newest under JVMDir that is.
// least 0 takes any. A JDK without javac is passed over (it cannot compile
// our sources). The error is a *model.FieldError naming what to install.
func Find(explicit string, least int) (*JDK, error) {
	if explicit != "" {
		j, err := Inspect(explicit)
		if err != nil {
			return nil, model.NewFieldError("--java", "jdkfind.err.explicit", explicit, err.Error())
		}
		j.Source = "--java"
		if j.Javac == "" {
			return nil, model.NewFieldError("--java", "jdkfind.err.nojavac", j.Home)
		}
		if j.Major < least {
			return nil, model.NewFieldError("--java", "jdkfind.err.old", j.String(), j.Major, least)
		}
		return j, nil
	}
	var seen []*JDK
	try := func(path, source string) *JDK {
		if path == "" {
			return nil
		}
		j, err := Inspect(path)
		if err != nil {
			return nil
		}
		j.Source = source
		seen = append(seen, j)
		if j.Javac == "" || j.Major < least {
			return nil
		}
		return j
	}
	if j := try(os.Getenv("JAVA_HOME"), "JAVA_HOME"); j != nil {
		return j, nil
	}
	if p, err := exec.LookPath("java"); err == nil {
		if j := try(p, "PATH"); j != nil {
			return j, nil
		}
	}
	all := Installed()
	for _, j := range all {
		seen = append(seen, j)
		if j.Javac != "" && j.Major >= least {
			return j, nil
		}
	}
	if len(seen) == 0 {
		return nil, model.NewFieldError(Field, "jdkfind.err.none", least)
	}
	newest := seen[0]
	for _, j := range seen {
		if j.Major > newest.Major {
			newest = j
		}
	}
	if newest.Javac == "" {
		return nil, model.NewFieldError(Field, "jdkfind.err.nojavac", newest.Home)
	}
	return nil, model.NewFieldError(Field, "jdkfind.err.old", newest.String(), newest.Major, least)
}

// Installed lists the JDKs under JVMDir, newest major first (symbolic
// links to a home already listed are left out).
func Installed() []*JDK {
	ents, err := os.ReadDir(JVMDir)
	if err != nil {
		return nil
	}
	var out []*JDK
	homes := map[string]bool{}
	for _, e := range ents {
		p := filepath.Join(JVMDir, e.Name())
		real, err := filepath.EvalSymlinks(p)
		if err != nil || homes[real] {
			continue
		}
		j, err := Inspect(real)
		if err != nil {
			continue
		}
		homes[real] = true
		j.Source = JVMDir
		out = append(out, j)
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Major != out[b].Major {
			return out[a].Major > out[b].Major
		}
		return out[a].Home < out[b].Home
	})
	return out
}

// Inspect reads the JDK at path: a JDK home, or a java binary (symbolic
// links followed, so /usr/bin/java finds its home). Its version comes from
// the home's `release` file, else from `java -XshowSettings:properties`.
func Inspect(path string) (*JDK, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	home := real
	if !st.IsDir() { // .../bin/java
		home = filepath.Dir(filepath.Dir(real))
	}
	j := &JDK{Home: home, Java: filepath.Join(home, "bin", "java")}
	if !executable(j.Java) {
		return nil, fmt.Errorf("no bin/java under %s", home)
	}
	if executable(filepath.Join(home, "bin", "javac")) {
		j.Javac = filepath.Join(home, "bin", "javac")
	}
	if rel, err := os.ReadFile(filepath.Join(home, "release")); err == nil {
		kv := releaseFile(rel)
		j.Version, j.Vendor = kv["JAVA_VERSION"], kv["IMPLEMENTOR"]
	}
	if j.Version == "" {
		if err := j.askVersion(); err != nil {
			return nil, err
		}
	}
	j.Major = Major(j.Version)
	if j.Major == 0 {
		return nil, fmt.Errorf("cannot read the version of %s (%q)", home, j.Version)
	}
	return j, nil
}

func executable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// releaseFile parses a JDK's `release` file (KEY="value" lines).
func releaseFile(b []byte) map[string]string {
	kv := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if ok {
			kv[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return kv
}

// askVersion runs the JVM for its java.version and java.vendor.
func (j *JDK) askVersion() error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, j.Java, "-XshowSettings:properties", "-version").CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s -version: %v", j.Java, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), " = ")
		switch {
		case !ok:
		case k == "java.version":
			j.Version = v
		case k == "java.vendor":
			j.Vendor = v
		}
	}
	return nil
}

// Major is a Java version's feature number: "25.0.3" 25, "17" 17,
// "1.8.0_392" 8; 0 when it cannot be read.
func Major(v string) int {
	v = strings.TrimPrefix(v, "1.")
	end := strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' })
	if end >= 0 {
		v = v[:end]
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	return n
}
