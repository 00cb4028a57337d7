package msg

import (
	"strings"
	"testing"
)

// Every entry must format with the same number of verbs in both languages,
// or one language would print %!(EXTRA ...) or %!d(MISSING).
func TestCatalogVerbsMatch(t *testing.T) {
	for _, k := range Keys() {
		e := catalog[k]
		if a, b := verbs(e.KO), verbs(e.EN); a != b {
			t.Errorf("%s: ko has %d verbs, en has %d", k, a, b)
		}
	}
}

func verbs(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '%' {
			i++
			continue
		}
		n++
	}
	return n
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{"ko": KO, "KO-kr": KO, "en": EN, "": EN, "en_US": EN} {
		got, err := ParseLang(in)
		if err != nil || got != want {
			t.Errorf("ParseLang(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseLang("fr"); err == nil {
		t.Error("ParseLang(fr) = nil error; want an error")
	}
}

func TestUnknownKeyIsVisible(t *testing.T) {
	if got := T(EN, "no.such.key"); got != "no.such.key" {
		t.Errorf("T(no.such.key) = %q; want the key", got)
	}
}

// An entry written as a format reads the same with or without arguments.
func TestNoArgsFormatReadsAsPrinted(t *testing.T) {
	if got := T(EN, "plan.cross.inside"); strings.Contains(got, "%%") || !strings.Contains(got, "95% interval") {
		t.Errorf("plan.cross.inside = %q, want 95%% without the doubled sign", got)
	}
	if got := T(KO, "plan.cross.inside"); strings.Contains(got, "%%") {
		t.Errorf("KO plan.cross.inside = %q", got)
	}
}
