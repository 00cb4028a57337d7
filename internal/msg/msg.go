// Package msg is waitlab's one message catalog: every sentence a user reads
// (narration, report headings, validation errors, UI strings) is looked up
// here by key, in Korean ("ko") or English ("en").
//
// Each area of the product keeps its own entries in its own file of this
// package (sim.go, load.go, ...), registered from init with Register, so that
// parallel work never edits one shared table. Keys are dotted, prefixed by the
// area: "sim.arrive", "err.field.min".
//
// The catalog is filled during package initialisation and read-only after
// that, so T and Has are safe for concurrent use.
package msg

import (
	"fmt"
	"sort"
	"strings"
)

// Lang is a catalog language.
type Lang string

// The languages every entry exists in.
const (
	KO Lang = "ko"
	EN Lang = "en"
)

// Entry is one message in both languages. Text is a fmt format string.
type Entry struct {
	KO string
	EN string
}

var catalog = map[string]Entry{}

// Register adds entries; it panics on a duplicate key or a missing language,
// which can only happen at init time and is caught by the package's tests.
func Register(entries map[string]Entry) {
	for k, e := range entries {
		if _, dup := catalog[k]; dup {
			panic("msg: duplicate key " + k)
		}
		if e.KO == "" || e.EN == "" {
			panic("msg: key " + k + " lacks a language")
		}
		catalog[k] = e
	}
}

// ParseLang accepts "ko", "en" (and regional forms such as "ko-KR",
// "en_US"); anything else is an error naming the choices.
func ParseLang(s string) (Lang, error) {
	l := strings.ToLower(strings.TrimSpace(s))
	switch {
	case l == "" || l == "en" || strings.HasPrefix(l, "en-") || strings.HasPrefix(l, "en_"):
		return EN, nil
	case l == "ko" || strings.HasPrefix(l, "ko-") || strings.HasPrefix(l, "ko_"):
		return KO, nil
	}
	return EN, fmt.Errorf("unknown language %q: use ko or en", s)
}

// T formats the message key in lang with args. In Korean, particle
// markers such as "{이/가}" are then resolved against the printed text
// before them (see Josa); in English, plural markers such as "request{s}"
// follow the number before them. An unknown key returns the
// key itself with the args, so a missing entry shows up in output and tests
// rather than as an empty string.
func T(lang Lang, key string, args ...any) string {
	e, ok := catalog[key]
	if !ok {
		if len(args) == 0 {
			return key
		}
		return key + fmt.Sprint(printableArgs(args)...)
	}
	args = printableArgs(args)
	if lang == KO {
		if len(args) == 0 {
			return resolveJosa(noVerbs(e.KO))
		}
		return resolveJosa(fmt.Sprintf(e.KO, args...))
	}
	if len(args) == 0 {
		return resolvePlural(noVerbs(e.EN))
	}
	return resolvePlural(fmt.Sprintf(e.EN, args...))
}

// noVerbs is a format given no arguments as Sprintf would print it: an
// entry written as a format ("95%% interval") says "95% interval" whether
// or not its call passes arguments; a lone % stays as it is.
func noVerbs(s string) string { return strings.ReplaceAll(s, "%%", "%") }

// Format returns key's format in lang as written, its verbs and markers
// unresolved, for a page that fills formats itself (the web lab's script
// does what T does); "" for an unknown key.
func Format(lang Lang, key string) string {
	e := catalog[key]
	if lang == KO {
		return e.KO
	}
	return e.EN
}

// Has reports whether key is in the catalog.
func Has(key string) bool {
	_, ok := catalog[key]
	return ok
}

// Keys lists every key, sorted (for tests and the web UI).
func Keys() []string {
	ks := make([]string, 0, len(catalog))
	for k := range catalog {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
