package jdk

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/waitlab/waitlab/internal/model"
)

// need returns a JDK of at least least, or skips the test loudly (fails
// when WAITLAB_JDK=require, as CI sets it).
func need(t *testing.T, least int) *JDK {
	t.Helper()
	j, err := Find("", least)
	if err != nil {
		if have, e := strconv.Atoi(os.Getenv("WAITLAB_JDK")); e == nil && least > have {
			t.Skipf("NOT RUN: %s needs JDK %d+, this machine has JDK %d only", t.Name(), least, have)
		}
		if os.Getenv("WAITLAB_JDK") != "" { // the rule of jdktest.Need (which imports this package)
			t.Fatalf("WAITLAB_JDK=%s but: %v", os.Getenv("WAITLAB_JDK"), err)
		}
		t.Skipf("NOT RUN: no JDK %d+: %v", least, err)
	}
	return j
}

func TestMajor(t *testing.T) {
	for v, want := range map[string]int{"25.0.3": 25, "17": 17, "17.0.15": 17, "1.8.0_392": 8, "21-ea": 21, "": 0, "x": 0} {
		if got := Major(v); got != want {
			t.Errorf("Major(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestReleaseFile(t *testing.T) {
	kv := releaseFile([]byte("IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\nbad line\n"))
	if kv["IMPLEMENTOR"] != "Eclipse Adoptium" || kv["JAVA_VERSION"] != "25.0.3" {
		t.Fatalf("releaseFile: %v", kv)
	}
}

func TestFindLeastPassesOverOlder(t *testing.T) {
	j := need(t, VirtualThreads)
	if j.Major < VirtualThreads || j.Javac == "" {
		t.Fatalf("Find(21) = %+v", j)
	}
	// An older JDK in JAVA_HOME is passed over when a newer one is needed.
	var old *JDK
	for _, o := range Installed() {
		if o.Major < VirtualThreads {
			old = o
		}
	}
	if old == nil {
		t.Log("no JDK older than 21 installed: the pass-over case is not exercised")
		return
	}
	t.Setenv("JAVA_HOME", old.Home)
	got, err := Find("", VirtualThreads)
	if err != nil || got.Major < VirtualThreads {
		t.Fatalf("with JAVA_HOME=%s, Find(21) = %v, %v", old.Home, got, err)
	}
	got, err = Find("", 0)
	if err != nil || got.Home != old.Home || got.Source != "JAVA_HOME" {
		t.Fatalf("with JAVA_HOME=%s, Find(0) = %v, %v; want JAVA_HOME's", old.Home, got, err)
	}
	// An explicit older JDK is refused with the reason, naming the field.
	_, err = Find(filepath.Join(old.Home, "bin", "java"), VirtualThreads)
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "--java" || fe.Key != "jdkfind.err.old" {
		t.Fatalf("explicit old JDK: %v", err)
	}
}

func TestFindNoneNamesTheInstall(t *testing.T) {
	old := JVMDir
	JVMDir = t.TempDir()
	defer func() { JVMDir = old }()
	t.Setenv("JAVA_HOME", "")
	t.Setenv("PATH", t.TempDir())
	_, err := Find("", 21)
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Key != "jdkfind.err.none" || !strings.Contains(err.Error(), "apt-get install") {
		t.Fatalf("no JDK: %v", err)
	}
	_, err = Find("/nonexistent/java", 0)
	if !errors.As(err, &fe) || fe.Field != "--java" {
		t.Fatalf("explicit missing: %v", err)
	}
}

func TestCompileOnceAndRun(t *testing.T) {
	j := need(t, 0)
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	src := fstest.MapFS{"waitlab/Hello.java": {Data: []byte(
		"package waitlab;\npublic class Hello { public static void main(String[] a) { System.out.println(\"hello \" + Runtime.version().feature()); } }\n")}}
	ctx := context.Background()
	dir, err := j.Compile(ctx, "hello", nil, src)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(j.Java, "-cp", dir, "waitlab.Hello").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "hello "+itoa(j.Major) {
		t.Fatalf("run: %v %q", err, out)
	}
	// The second compile of the same sources reuses the classes: javac is
	// not run again (a JDK whose javac fails would otherwise fail).
	broken := *j
	broken.Javac = "/bin/false"
	again, err := broken.Compile(ctx, "hello", nil, src)
	if err != nil || again != dir {
		t.Fatalf("second compile: %q %v, want %q reused", again, err, dir)
	}
	// Changed sources compile anew, and a compile error carries javac's words.
	bad := fstest.MapFS{"waitlab/Hello.java": {Data: []byte("package waitlab; public class Hello { int x = ; }")}}
	if _, err := j.Compile(ctx, "hello", nil, bad); err == nil || !strings.Contains(err.Error(), "Hello.java") {
		t.Fatalf("bad source: %v", err)
	}
}

func TestJarsNamesThePackage(t *testing.T) {
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "netty-buffer-4.1.48.jar"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Jars([]string{d}, "libnetty-java", "netty-buffer")
	if err != nil || len(got) != 1 || filepath.Base(got[0]) != "netty-buffer-4.1.48.jar" {
		t.Fatalf("Jars = %v, %v", got, err)
	}
	_, err = Jars([]string{d}, "libnetty-java", "netty-codec-http")
	if err == nil || !strings.Contains(err.Error(), "apt-get install -y libnetty-java") {
		t.Fatalf("missing jar: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
