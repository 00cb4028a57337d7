package cli

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/waitlab/waitlab/internal/golden"
)

// Every command's -h, in both languages, byte for byte
// (go test ./internal/cli -update rewrites testdata/golden).
func TestHelpGolden(t *testing.T) {
	for _, name := range []string{"sim", "run", "load", "report", "target", "downstream", "presets", "plan", "serve", "probe"} {
		for _, lang := range []string{"en", "ko"} {
			code, out, errs := run(t, name, "-h", "--lang", lang)
			if code != 0 || out != "" {
				t.Errorf("%s -h --lang %s = %d, stdout %q; want 0 and the help on stderr", name, lang, code, out)
			}
			golden.Check(t, filepath.Join("testdata", "golden", "help-"+name+"."+lang+".golden"), []byte(errs))
		}
	}
}

// Under --lang ko every flag is described in Korean: no flag falls back
// to the English usage string.
func TestHelpIsKorean(t *testing.T) {
	for name, c := range commands {
		if c.hidden {
			continue
		}
		_, _, errs := run(t, name, "-h", "--lang", "ko")
		lines := strings.Split(errs, "\n")
		for i, line := range lines {
			if !strings.HasPrefix(line, "  -") || i+1 >= len(lines) {
				continue
			}
			desc := lines[i+1]
			if j := strings.LastIndex(desc, " (기본값 "); j > 0 {
				desc = desc[:j] // the default value is not the description
			}
			if !strings.ContainsFunc(desc, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) {
				t.Errorf("%s -h --lang ko: %s is described in English: %q (add flag.%s.NAME or flag.NAME to internal/msg/flags.go)", name, strings.TrimSpace(line), desc, name)
			}
		}
	}
}

// `waitlab help CMD` prints CMD's help on stdout.
func TestHelpCommand(t *testing.T) {
	code, out, _ := run(t, "help", "load", "--lang", "ko")
	if code != 0 || !strings.Contains(out, "-connections") || !strings.Contains(out, "연결") {
		t.Errorf("help load --lang ko = %d, %q", code, out)
	}
	if code, _, errs := run(t, "help", "nope"); code != 2 || !strings.Contains(errs, "nope") {
		t.Errorf("help nope = %d, %q; want 2 naming it", code, errs)
	}
}

// A bad flag is one line naming the flag and pointing to -h, printed
// once, in every command; wrk/hey habits get a hint.
func TestFlagErrorsAreOneLine(t *testing.T) {
	for _, name := range []string{"sim", "run", "load", "report", "target", "downstream", "presets"} {
		code, out, errs := run(t, name, "--bogus")
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "-bogus") || !strings.Contains(errs, "waitlab "+name+" -h") {
			t.Errorf("%s --bogus = %d, stdout %q, stderr %q; want 2 and one line naming -bogus and -h", name, code, out, errs)
		}
	}
	for flag, want := range map[string]string{"-c": "--connections", "-d": "--duration", "-n": "--requests", "-z": "--duration"} {
		code, _, errs := run(t, "load", flag, "10", "http://127.0.0.1:1/")
		if code != 2 || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("load %s = %d, %q; want 2 and a hint naming %s", flag, code, errs, want)
		}
	}
	code, _, errs := run(t, "sim", "--threads", "x", "--lang", "ko")
	if code != 2 || !strings.Contains(errs, "-threads") || !strings.Contains(errs, "읽을 수 없습니다") {
		t.Errorf("sim --threads x --lang ko = %d, %q", code, errs)
	}
}

// WAITLAB_LANG with a value that is not a language is refused, not
// silently replaced by English.
func TestWaitlabLangRefused(t *testing.T) {
	t.Setenv("WAITLAB_LANG", "kr")
	code, out, errs := run(t, "presets")
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "ko or en") {
		t.Errorf("WAITLAB_LANG=kr presets = %d, %q, %q; want 2 and one line with the choices", code, out, errs)
	}
	t.Setenv("WAITLAB_LANG", "ko_KR.UTF-8")
	if code, out, _ := run(t, "presets"); code != 0 || !strings.Contains(out, "스레드") {
		t.Errorf("WAITLAB_LANG=ko_KR.UTF-8 presets = %d, %q; want Korean", code, out)
	}
}
