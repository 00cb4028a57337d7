package msg

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestJosa(t *testing.T) {
	cases := []struct{ word, pair, want string }{
		// Digits by their Korean reading.
		{"1", "이/가", "이"}, {"2", "이/가", "가"}, {"3", "이/가", "이"}, {"4", "이/가", "가"},
		{"5", "이/가", "가"}, {"6", "이/가", "이"}, {"7", "이/가", "이"}, {"8", "이/가", "이"},
		{"9", "이/가", "가"}, {"0", "이/가", "이"},
		// Larger numbers by their last spoken unit.
		{"10", "은/는", "은"}, {"20", "은/는", "은"}, {"100", "이/가", "이"}, {"1000", "을/를", "을"},
		{"2,000", "이/가", "이"}, {"10000", "이/가", "이"}, {"100000000", "이/가", "이"},
		{"12", "이/가", "가"}, {"48", "을/를", "을"}, {"0.5", "이/가", "가"}, {"2.0", "이/가", "이"},
		// 으로/로: ㄹ and no final consonant take 로.
		{"1", "으로/로", "로"}, {"3", "으로/로", "으로"}, {"2", "으로/로", "로"}, {"10", "으로/로", "으로"},
		// After a counter or a word, the word decides.
		{"4개", "이/가", "가"}, {"3번", "을/를", "을"}, {"루프 1", "이/가", "이"}, {"스레드", "은/는", "는"},
		{"캐리어", "과/와", "와"}, {"풀", "으로/로", "로"}, {"요청", "으로/로", "으로"},
		// Latin words and units as read in Korean; quotes are looked through.
		{"200ms", "이/가", "가"}, {"pool", "이/가", "이"}, {"loop", "이/가", "가"}, {`"json"`, "을/를", "을"},
		{"5%", "이/가", "가"}, {"", "이/가", "이"},
	}
	for _, c := range cases {
		if got := Josa(c.word, c.pair); got != c.want {
			t.Errorf("Josa(%q, %q) = %q; want %q", c.word, c.pair, got, c.want)
		}
	}
}

func TestResolveMarkers(t *testing.T) {
	for in, want := range map[string]string{
		"루프 1{이/가} 막힙니다":         "루프 1이 막힙니다",
		"루프 2{이/가} 막힙니다":         "루프 2가 막힙니다",
		"요청 48{을/를} 처리":          "요청 48을 처리",
		"{x} 그대로 {이/가}":          "{x} 그대로 가",
		"열린 괄호 { 그대로":            "열린 괄호 { 그대로",
		"주소 127.0.0.1:8080{은/는}": "주소 127.0.0.1:8080은",
	} {
		if got := resolveJosa(in); got != want {
			t.Errorf("resolveJosa(%q) = %q; want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"1 request{s}, 2 thread{s}": "1 request, 2 threads",
		"1,000 request{s}":          "1,000 requests",
		"at most 1 {waits/wait}":    "at most 1 waits",
		"at most 3 {waits/wait}":    "at most 3 wait",
		"1.0 request{s}":            "1.0 requests",
		"a {b} c":                   "a {b} c",
		"5 ok, 1 error{s} (20%)":    "5 ok, 1 error (20%)",
	} {
		if got := resolvePlural(in); got != want {
			t.Errorf("resolvePlural(%q) = %q; want %q", in, got, want)
		}
	}
}

// verbRe matches one formatting verb with its optional argument index,
// flags, width and precision.
var verbRe = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.(?:\[(\d+)\])?\d*)?(?:\[(\d+)\])?([a-zA-Z%])`)

// sampleArgs builds arguments for format f with every number set to n:
// ints for %d, floats for %g/%f, the number as text for %s/%q/%v (many
// messages print pre-formatted numbers).
func sampleArgs(f string, n int) []any {
	var args []any
	next := 0
	for _, m := range verbRe.FindAllStringSubmatch(f, -1) {
		if m[4] == "%" {
			continue
		}
		idx := next
		for _, g := range []string{m[1], m[2], m[3]} {
			if g != "" {
				k, _ := strconv.Atoi(g)
				idx = k - 1
			}
		}
		next = idx + 1
		for len(args) <= idx {
			args = append(args, nil)
		}
		switch m[4] {
		case "d":
			args[idx] = n
		case "g", "f", "e":
			args[idx] = float64(n)
		default:
			args[idx] = strconv.Itoa(n)
		}
	}
	for i := range args {
		if args[i] == nil {
			args[i] = n
		}
	}
	return args
}

// A particle written right after a formatting verb cannot fit every
// number: it must be a marker, so T picks the form.
var rawParticle = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0-9.]*(?:\[\d+\])?[a-zA-Z](으로|이|가|은|는|을|를|과|와|로)(?:[ ,.)]|$)`)

// numParticle finds a number followed directly by a particle in rendered
// text.
var numParticle = regexp.MustCompile(`(\d[\d,.]*)(으로|이|가|은|는|을|를|과|와|로)(?:[ ,.)]|$)`)

var pairOf = map[string]string{"이": "이/가", "가": "이/가", "은": "은/는", "는": "은/는", "을": "을/를", "를": "을/를",
	"과": "과/와", "와": "과/와", "으로": "으로/로", "로": "으로/로"}

// Every Korean message, rendered with many numbers, puts after each number
// the particle that fits it as read ("루프 1이", "루프 2가"), and no
// message writes a fixed particle right after a formatting verb.
func TestCatalogParticlesFitNumbers(t *testing.T) {
	samples := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 48, 100, 1000, 2000, 10000}
	for _, k := range Keys() {
		ko := catalog[k].KO
		if m := rawParticle.FindString(ko); m != "" {
			t.Errorf("%s: %q writes a fixed particle after a verb; write the pair as a marker, e.g. %%d{이/가}", k, m)
		}
		for _, n := range samples {
			out := T(KO, k, sampleArgs(ko, n)...)
			if strings.Contains(out, "%!") {
				t.Errorf("%s: rendering with %d gives %q", k, n, out)
				continue
			}
			for _, m := range numParticle.FindAllStringSubmatch(out, -1) {
				if want := Josa(m[1], pairOf[m[2]]); want != m[2] {
					t.Errorf("%s with %d: %q: after %s the particle is %s", k, n, out, m[1], want)
				}
			}
		}
	}
}

// glossaryNot reads the "not" column of docs/glossary.md: words that must
// not appear in Korean messages. "N" in a word stands for any number.
func glossaryNot(t *testing.T) []*regexp.Regexp {
	b, err := os.ReadFile("../../docs/glossary.md")
	if err != nil {
		t.Fatalf("read the glossary: %v", err)
	}
	var out []*regexp.Regexp
	rows := 0
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 6 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") || strings.TrimSpace(cells[1]) == "concept" {
			continue
		}
		rows++
		for _, w := range strings.Split(cells[4], ",") {
			w, _, _ = strings.Cut(w, "(")
			w = strings.TrimSpace(w)
			if w == "" {
				continue
			}
			q := strings.ReplaceAll(regexp.QuoteMeta(w), "N", `(?:\d+|%d)`)
			out = append(out, regexp.MustCompile(q))
		}
	}
	if rows < 20 || len(out) < 20 {
		t.Fatalf("the glossary has %d rows and %d avoided words; the table did not parse", rows, len(out))
	}
	return out
}

// Korean messages use the glossary's one term per concept.
func TestCatalogUsesGlossary(t *testing.T) {
	not := glossaryNot(t)
	for _, k := range Keys() {
		for _, re := range not {
			if m := re.FindString(catalog[k].KO); m != "" {
				t.Errorf("%s: %q is not the glossary's term (docs/glossary.md): %s", k, m, catalog[k].KO)
			}
		}
	}
}

// The checks above can fail: a message with a wrong particle or an
// avoided word is caught.
func TestChecksCatchMistakes(t *testing.T) {
	out := fmt.Sprintf("루프 %d가 막힙니다", 1)
	m := numParticle.FindStringSubmatch(out)
	if m == nil || Josa(m[1], pairOf[m[2]]) == m[2] {
		t.Errorf("numParticle/Josa accept %q", out)
	}
	if rawParticle.FindString("루프 %d가 막힙니다") == "" {
		t.Error("rawParticle misses a fixed particle after a verb")
	}
	found := false
	for _, re := range glossaryNot(t) {
		if re.MatchString("스레드 풀 4개, 예열 1회") {
			found = true
		}
	}
	if !found {
		t.Error("the glossary check accepts 스레드 풀 4개 and 예열")
	}
}

// Requests are counted in 건, everywhere (docs/glossary.md): a Korean
// entry that counts starts, finishes or requests with 개 fails (issue 44:
// "393개 시작, 393개 완료", "루프 1에 6개", "한 번에 2개씩").
func TestRequestsCountedInGeon(t *testing.T) {
	bad := regexp.MustCompile(`요청 ?(%(\[\d+\])?d|\d+)개|요청의 [^)]*?(%(\[\d+\])?d|\d+)개\)|(%(\[\d+\])?d|\d+)개 (시작|완료)|루프 %d에 %d개|한 번에 (%d|\d+)개씩`)
	for _, k := range Keys() {
		if m := bad.FindString(Format(KO, k)); m != "" {
			t.Errorf("%s counts requests with 개: %q (requests are counted in 건)", k, m)
		}
	}
}
