package msg

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s with what could drive a terminal escaped: C0
// control characters but newline and tab (ESC among them, which starts
// the sequences that clear a screen or retitle a window), DEL, the C1
// controls, the bidirectional overrides (which reorder what a reader sees)
// and bytes that are not UTF-8. Each becomes a Go-style escape (\x1b,
// \u202e), so the text stays readable and shows that something was there.
//
// T applies it to every string and error argument: text from result files,
// scenario files and uploads reaches the terminal only through the
// catalog or through Printable.
func Printable(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unprintable(r, n) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s // the common case: nothing to escape, no copy
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unprintable(r, n) && r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unprintable(r, n):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func unprintable(r rune, n int) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// printableArgs returns args with every string and error that holds
// something unprintable made Printable (the slice is copied only then).
// Other types (numbers, durations) are left for their verbs.
func printableArgs(args []any) []any {
	out := args
	copied := false
	for i, a := range args {
		var s string
		switch v := a.(type) {
		case string:
			s = v
		case error:
			var ok bool
			if s, ok = errorText(v); !ok {
				continue // fmt reports a panicking Error itself
			}
		default:
			continue
		}
		p := Printable(s)
		if p == s {
			continue
		}
		if !copied {
			out, copied = append([]any(nil), args...), true
		}
		out[i] = p
	}
	return out
}

func errorText(err error) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return err.Error(), true
}
