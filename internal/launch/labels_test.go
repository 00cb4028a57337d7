package launch

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/scrape"
)

// The JVM servers' info line carries what their jars say. A Netty build
// (given with --classpath) whose version holds a tab, a carriage return, a
// quote and a backslash still gives a page that parses, with that version
// in waitlab_target_info: the text format escapes only \\, \" and \n in a
// label value, and the JSON quoter's \t and \r made scrape refuse the page
// whole.
func TestNettyInfoLabelsParse(t *testing.T) {
	needJVM(t, Netty)
	jars, err := jdk.Jars(nil, "libnetty-java", "netty-common")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// Properties text: \t and \r are a tab and a carriage return, \\ one
	// backslash.
	withVersion(t, jars[0], filepath.Join(dir, "netty-common.jar"), `-patched\ta\rb"c\\d`)
	s := start(t, Config{Engine: Netty, Classpath: []string{dir}})
	pg, err := scrape.Get(http.DefaultClient, "http://"+s.Addr+"/metrics")
	if err != nil {
		t.Fatalf("/metrics does not parse: %v", err)
	}
	info := pg.Samples("waitlab_target_info")
	want := "Netty " + version(t, jars[0]) + "-patched\ta\rb\"c\\d"
	if len(info) != 1 || info[0].Labels["version"] != want || info[0].Labels["engine"] != "netty" {
		t.Fatalf("waitlab_target_info %+v; want engine netty, version %q", info, want)
	}
}

// version is netty-common.version in the jar's versions file.
func version(t *testing.T, jar string) string {
	t.Helper()
	zr, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	b, err := readEntry(zr, "META-INF/io.netty.versions.properties")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "netty-common.version="); ok {
			return v
		}
	}
	t.Fatalf("%s has no netty-common.version", jar)
	return ""
}

func readEntry(zr *zip.ReadCloser, name string) ([]byte, error) {
	f, err := zr.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// withVersion copies the jar to out with suffix added to its
// netty-common.version.
func withVersion(t *testing.T, jar, out, suffix string) {
	t.Helper()
	zr, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	patched := false
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == "META-INF/io.netty.versions.properties" {
			var lines []string
			for _, l := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(l, "netty-common.version=") {
					l, patched = strings.TrimRight(l, "\r")+suffix, true
				}
				lines = append(lines, l)
			}
			b = []byte(strings.Join(lines, "\n"))
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil || !patched {
		t.Fatalf("writing %s: %v (version patched: %v)", out, err, patched)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
