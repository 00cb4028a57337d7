package msg

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Korean particles (조사) change with the sound they follow: 이/가, 은/는,
// 을/를, 과/와 take the first form after a final consonant (받침), and
// 으로/로 takes 으로 after a final consonant other than ㄹ. A Korean format
// string cannot know which form to write after a %d or %s, so it writes
// the pair in braces, "%d{이/가}", and T picks the form from the text that
// was actually printed before it (Josa). Only these pairs are markers; any
// other text in braces is left alone.
var josaPairs = []string{"이/가", "은/는", "을/를", "과/와", "으로/로"}

// finalSound reports whether the last word of s, read aloud in Korean,
// ends in a final consonant, and whether that consonant is ㄹ. ok is false
// when s has nothing to read (then the caller keeps the first form).
//
// Numbers are read as Korean numerals by their last spoken unit: 1 일,
// 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구, 0 영; a number ending in
// zeros by its unit: 10 십, 100 백, 1000 천, 10^4-10^7 만, 10^8-10^11 억,
// 10^12 and up 조 ("2,000" 이천, "0.5" 영점오). A percent sign reads
// 퍼센트. Latin letters are read as the English word or letter name would
// be in Korean, by a small rule good for unit and file names: a final l, m,
// n or "ng" has a final consonant (ㄹ for l), anything else has none
// ("ms" 밀리초, "loop" 루프, "pool" 풀, "json" 제이슨).
func finalSound(s string) (batchim, rieul, ok bool) {
	s = strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`"')]}>`+"`", r)
	})
	r, _ := utf8.DecodeLastRuneInString(s)
	switch {
	case r == utf8.RuneError:
		return false, false, false
	case r >= 0xAC00 && r <= 0xD7A3: // a Hangul syllable
		jong := (r - 0xAC00) % 28
		return jong != 0, jong == 8, true
	case r == '%':
		return false, false, true // 퍼센트
	case r >= '0' && r <= '9':
		return numberSound(s)
	case r < utf8.RuneSelf && unicode.IsLetter(r):
		l := strings.ToLower(s)
		switch {
		case strings.HasSuffix(l, "l"):
			return true, true, true
		case strings.HasSuffix(l, "m"), strings.HasSuffix(l, "n"), strings.HasSuffix(l, "ng"):
			return true, false, true
		}
		return false, false, true
	}
	return false, false, false
}

// numberSound reads the number at the end of s.
func numberSound(s string) (batchim, rieul, ok bool) {
	i := len(s)
	for i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == ',' || s[i-1] == '.') {
		i--
	}
	num := strings.ReplaceAll(s[i:], ",", "")
	if strings.Contains(num, ".") {
		// A decimal is read digit by digit after the point: 2.5 이점오.
		return digitSound(num[len(num)-1])
	}
	zeros := 0
	for zeros < len(num)-1 && num[len(num)-1-zeros] == '0' {
		zeros++
	}
	switch {
	case zeros == 0:
		return digitSound(num[len(num)-1])
	case zeros == 1: // 십
		return true, false, true
	case zeros == 2: // 백
		return true, false, true
	case zeros == 3: // 천
		return true, false, true
	case zeros <= 7: // 만
		return true, false, true
	case zeros <= 11: // 억
		return true, false, true
	}
	return false, false, true // 조
}

func digitSound(d byte) (batchim, rieul, ok bool) {
	switch d {
	case '1', '7', '8': // 일, 칠, 팔
		return true, true, true
	case '3', '6', '0': // 삼, 육, 영
		return true, false, true
	}
	return false, false, true // 이, 사, 오, 구
}

// Josa returns the form of the particle pair ("이/가", "은/는", "을/를",
// "과/와", "으로/로") that fits after word, as a Korean reader reads it:
// Josa("1", "이/가") is "이", Josa("2", "이/가") is "가", Josa("3개",
// "이/가") is "가" (the particle follows the unit word, not the digit).
func Josa(word, pair string) string {
	first, second, found := strings.Cut(pair, "/")
	if !found {
		return pair
	}
	batchim, rieul, ok := finalSound(word)
	if !ok {
		return first
	}
	if first == "으로" {
		if batchim && !rieul {
			return first
		}
		return second
	}
	if batchim {
		return first
	}
	return second
}

// resolveJosa replaces every particle marker "{이/가}" in s by the form that
// fits the text before it.
func resolveJosa(s string) string {
	return replaceMarkers(s, isJosaPair, Josa)
}

// replaceMarkers replaces every "{marker}" of s that ok accepts by
// repl(the text written so far, marker); other braces are kept as they are.
func replaceMarkers(s string, ok func(string) bool, repl func(before, marker string) string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 || !ok(s[i+1:i+j]) {
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(repl(b.String(), s[i+1:i+j]))
		s = s[i+j+1:]
	}
}

func isJosaPair(p string) bool {
	for _, q := range josaPairs {
		if p == q {
			return true
		}
	}
	return false
}

// English plurals work the same way: a noun written "request{s}" or a verb
// written "{is/are}" takes its singular form when the number before it (in
// the last few words) is exactly 1, so "%d request{s}" prints "1 request"
// and "2 requests".
func resolvePlural(s string) string {
	return replaceMarkers(s, isPluralMarker, func(before, marker string) string {
		one, many, found := strings.Cut(marker, "/")
		if !found {
			one, many = "", one
		}
		if lastCountIsOne(before) {
			return one
		}
		return many
	})
}

// isPluralMarker accepts "s", "es" and "word/words" of ASCII letters.
func isPluralMarker(p string) bool {
	if p == "s" || p == "es" {
		return true
	}
	if !strings.Contains(p, "/") {
		return false
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '/') {
			return false
		}
	}
	return strings.Count(p, "/") <= 1
}

// lastCountIsOne reports whether the nearest number among the last four
// words of s is exactly 1.
func lastCountIsOne(s string) bool {
	words := strings.Fields(s)
	for k := len(words) - 1; k >= 0 && k >= len(words)-4; k-- {
		w := strings.Trim(words[k], "(),;:")
		if w == "" {
			continue
		}
		if w[0] >= '0' && w[0] <= '9' {
			return w == "1"
		}
	}
	return false
}
