package msg

import (
	"errors"
	"strings"
	"testing"
)

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                 "plain",
		"한국어 text":              "한국어 text",
		"a\nb\tc":               "a\nb\tc",
		"\x1b[2J\x1b]0;pwn\x07": `\x1b[2J\x1b]0;pwn\x07`,
		"cr\rover":              `cr\x0dover`,
		"del\x7f":               `del\x7f`,
		"c1\u009b31m":           `c1\x9b31m`,
		"bidi\u202eevil":        `bidi\u202eevil`,
		"bad\xffutf8":           `bad\xffutf8`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q; want %q", in, got, want)
		}
	}
}

// Issue 19, fault 10: what a catalog message is given (a URL from a result
// file, a scenario's name, an upload's host) is escaped on its way out.
func TestTEscapesArguments(t *testing.T) {
	Register(map[string]Entry{"test.printable": {KO: "이름 %s, 오류 %v, 수 %d", EN: "name %s, error %v, number %d"}})
	for _, l := range []Lang{KO, EN} {
		got := T(l, "test.printable", "\x1b[2Jx", errors.New("e\x1b]0;t\x07"), 3)
		if strings.ContainsAny(got, "\x1b\x07") || !strings.Contains(got, `\x1b[2Jx`) || !strings.Contains(got, "3") {
			t.Errorf("T(%s) = %q; want the controls escaped and the number kept", l, got)
		}
	}
}
