package archtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// targetArgv is a `waitlab target` command line spelled as strings: the
// subcommand followed by a flag.
var targetArgv = regexp.MustCompile(`"target",\s*"-`)

// The Go target's command line is spelled only in internal/launch
// (Config.TargetArgs): every other caller builds a launch.Config and
// starts it with launch.Start.
func TestTargetArgvOnlyInLaunch(t *testing.T) {
	root := filepath.Join("..", "..", "internal")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "launch" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if loc := targetArgv.FindIndex(b); loc != nil {
			line := 1 + strings.Count(string(b[:loc[0]]), "\n")
			t.Errorf("%s:%d spells a `waitlab target` command line: build a launch.Config and call launch.Start", path, line)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
