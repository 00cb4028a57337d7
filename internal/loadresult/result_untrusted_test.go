package loadresult

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// The two files of issue 13, item 7: a short histogram (a panic in the
// library's decoder) and a header whose lowest trackable value (2^62) is
// above its highest (1), which made the library loop for ever.
var issueFiles = []string{
	`{"format":"waitlab-load/1","latency":{"hdr":"YWJj"}}`,
	`{"format":"waitlab-load/1","latency":{"hdr":"HISTBAAAABh4nJNpmczMgADMDgwogNH+A4QBAD3BAqo="}}`,
}

// readBounded runs ReadResult with a deadline, so a decoder that hangs
// fails the test instead of hanging the suite.
func readBounded(t *testing.T, data []byte) (*Result, error) {
	t.Helper()
	type out struct {
		r   *Result
		err error
	}
	ch := make(chan out, 1)
	go func() {
		r, err := ReadResult(data)
		ch <- out{r, err}
	}()
	select {
	case o := <-ch:
		return o.r, o.err
	case <-time.After(60 * time.Second): // generous: -race on a loaded machine; a hang never returns
		t.Fatalf("ReadResult(%d bytes) did not return within 60 s: the decoder hangs", len(data))
		return nil, nil
	}
}

// validResult is a small honest result file: the result a run's recorder
// filled from 600 seeded requests over 3 s (internal/loadgen's
// samples(5, 600)), written by Result.Write.
func validResult(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// edit decodes a result file into a map, lets f change it, and encodes it.
func edit(t *testing.T, data []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hdrOf builds a compressed V2 histogram encoding with the given header
// fields and payload, as a hostile file would.
func hdrOf(digits int32, low, high int64, payloadLen int32, payload []byte) string {
	var in bytes.Buffer
	binary.Write(&in, binary.BigEndian, []int32{hdrhistogram.V2EncodingCookieBase | 0x10, payloadLen, 0, digits})
	binary.Write(&in, binary.BigEndian, []int64{low, high})
	binary.Write(&in, binary.BigEndian, 1.0)
	in.Write(payload)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(in.Bytes())
	zw.Close()
	var out bytes.Buffer
	binary.Write(&out, binary.BigEndian, []int32{hdrhistogram.V2CompressedEncodingCookieBase | 0x10, int32(z.Len())})
	out.Write(z.Bytes())
	return base64.StdEncoding.EncodeToString(out.Bytes())
}

// Result files are untrusted input: the issue's files, hostile headers and
// payloads, and files that lack required fields are refused with an
// error, never a panic or a hang (issue 13, item 7).
func TestReadResultRefusesHostileFiles(t *testing.T) {
	good := validResult(t)
	if _, err := readBounded(t, good); err != nil {
		t.Fatalf("a valid result is refused: %v", err)
	}
	cases := map[string][]byte{}
	for i, f := range issueFiles {
		cases[fmt.Sprintf("issue file %d", i+1)] = []byte(f)
	}
	setHDR := func(s string) []byte {
		return edit(t, good, func(m map[string]any) { m["latency"].(map[string]any)["hdr"] = s })
	}
	cases["low above high"] = setHDR(hdrOf(3, 1<<62, 1, 0, nil))
	cases["foreign range"] = setHDR(hdrOf(3, 1, 1<<40, 0, nil))
	cases["five digits"] = setHDR(hdrOf(5, histLow, histHigh, 0, nil))
	cases["payload length lies"] = setHDR(hdrOf(3, histLow, histHigh, 1000, []byte{2}))
	cases["zeros past the end"] = setHDR(hdrOf(3, histLow, histHigh, 5, []byte{0xff, 0xff, 0xff, 0xff, 0x0f}))
	cases["truncated count"] = setHDR(hdrOf(3, histLow, histHigh, 1, []byte{0x80}))
	cases["short"] = setHDR("YWJj")
	cases["not base64"] = setHDR("!!")
	cases["count disagrees"] = edit(t, good, func(m map[string]any) { m["latency"].(map[string]any)["count"] = 1 })
	cases["errors do not add up"] = edit(t, good, func(m map[string]any) { m["requests"] = 1e9 })
	cases["negative window"] = edit(t, good, func(m map[string]any) { m["window_ns"] = -1 })
	cases["unknown error kind"] = edit(t, good, func(m map[string]any) { m["errors"].(map[string]any)["bogus"] = 0 })
	cases["second out of order"] = edit(t, good, func(m map[string]any) {
		s := m["series"].([]any)
		s[0], s[1] = s[1], s[0]
	})
	for _, k := range requiredFields[1:] {
		cases["without "+k] = edit(t, good, func(m map[string]any) { delete(m, k) })
	}
	cases["only format and a histogram"] = []byte(`{"format":"waitlab-load/1","latency":{"count":0}}`)
	for name, data := range cases {
		r, err := readBounded(t, data)
		if err == nil {
			t.Errorf("%s: ReadResult accepted it (%d requests); want an error", name, r.Requests)
		}
	}
}

// What a result file may expand to is bounded: a zlib bomb in a histogram
// is refused after a bounded read with little memory, and a series longer
// than the window allows is refused before it is decoded (issue 13,
// item 15).
func TestReadResultBoundsExpansion(t *testing.T) {
	good := validResult(t)
	// 8 MB of zero bytes in the payload compress to about 8 KB, 40 times
	// what a histogram can hold (the issue's 546 KB bomb inflated to about
	// 500 MB); the library's decoder would take all of it.
	var in bytes.Buffer
	binary.Write(&in, binary.BigEndian, []int32{hdrhistogram.V2EncodingCookieBase | 0x10, 8 << 20, 0, 3})
	binary.Write(&in, binary.BigEndian, []int64{histLow, histHigh})
	binary.Write(&in, binary.BigEndian, 1.0)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	zw.Write(in.Bytes())
	io.CopyN(zw, zeros{}, 8<<20)
	zw.Close()
	var raw bytes.Buffer
	binary.Write(&raw, binary.BigEndian, []int32{hdrhistogram.V2CompressedEncodingCookieBase | 0x10, int32(z.Len())})
	raw.Write(z.Bytes())
	bomb := edit(t, good, func(m map[string]any) {
		m["latency"].(map[string]any)["hdr"] = base64.StdEncoding.EncodeToString(raw.Bytes())
	})
	// As the issue's bomb, but inside the character bound of a histogram:
	// the inflate must stop at its own bound.
	smallBomb := func() []byte {
		var z bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
		zw.Write(in.Bytes())
		io.CopyN(zw, zeros{}, 4<<20)
		zw.Close()
		var raw bytes.Buffer
		binary.Write(&raw, binary.BigEndian, []int32{hdrhistogram.V2CompressedEncodingCookieBase | 0x10, int32(z.Len())})
		raw.Write(z.Bytes())
		return edit(t, good, func(m map[string]any) {
			m["latency"].(map[string]any)["hdr"] = base64.StdEncoding.EncodeToString(raw.Bytes())
		})
	}()
	// The issue's 100,000 seconds (12.6 MB) for a 3 s window.
	var sb strings.Builder
	sb.WriteString(`"series":[`)
	for i := range 100_000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"t":%d,"requests":0,"ok":0,"errors":0}`, i)
	}
	sb.WriteString(`],`)
	series := bytes.Replace(good, []byte(`"series":[`), []byte(sb.String()+`"old_series":[`), 1)
	for name, data := range map[string][]byte{"zlib bomb": bomb, "zlib bomb within the character bound": smallBomb, "100,000 seconds": series} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := readBounded(t, data)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		if err == nil {
			t.Errorf("%s (%d bytes): accepted; want it refused", name, len(data))
		}
		// The file itself is parsed twice (keys, then fields): allow for
		// that, and nowhere near what the bomb inflates to.
		if limit := 8*uint64(len(data)) + 16<<20; alloc > limit {
			t.Errorf("%s (%d bytes): reading it allocated %d MB; want under %d MB", name, len(data), alloc>>20, limit>>20)
		}
	}
	big := bytes.Repeat([]byte(" "), MaxResultBytes+1)
	if _, err := ReadResult(big); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("ReadResult(%d bytes) = %v; want refused for its size", len(big), err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// The strict encoder and decoder agree with the library's.
func TestHDRCodecMatchesLibrary(t *testing.T) {
	for _, digits := range []int{secDigits, histDigits} {
		h := hdrhistogram.New(histLow, histHigh, digits)
		for i := int64(1); i < 5000; i += 7 {
			h.RecordValues(i*i%histHigh+1, i)
		}
		h.RecordValue(histHigh)
		enc, err := encodeHDR(h, digits)
		if err != nil {
			t.Fatal(err)
		}
		lib, err := hdrhistogram.Decode([]byte(enc))
		if err != nil || !lib.Equals(h) {
			t.Errorf("digits %d: the library decodes our encoding as %v (err %v); want the same histogram", digits, lib, err)
		}
		libEnc, _ := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
		ours, total, err := decodeHDR(string(libEnc), digits)
		if err != nil || !ours.Equals(h) || total != h.TotalCount() {
			t.Errorf("digits %d: decodeHDR of the library's encoding: %v, total %d; want the same histogram", digits, err, total)
		}
	}
}

func TestArrayLen(t *testing.T) {
	for in, want := range map[string]int64{`[]`: 0, ` [ ] `: 0, `[1]`: 1, `[{"a":[1,2]},"x,]",{}]`: 3, `{"a":1}`: 0, `["\"],["]`: 1} {
		if got := arrayLen([]byte(in)); got != want {
			t.Errorf("arrayLen(%s) = %d; want %d", in, got, want)
		}
	}
}

// A window's completions may include warm-up requests that ended in it,
// up to the warm-up's own counts; more than that is refused.
func TestReadResultWindowWithWarmupCompletions(t *testing.T) {
	good := validResult(t)
	var m map[string]any
	if err := json.Unmarshal(good, &m); err != nil {
		t.Fatal(err)
	}
	n, ok := m["requests"].(float64), m["ok"].(float64)
	withWarm := func(extra float64) []byte {
		return edit(t, good, func(m map[string]any) {
			m["warmup_ns"] = float64(time.Second)
			m["warmup"] = map[string]any{"requests": 10, "ok": 10, "errors": map[string]any{}}
			m["window_requests"], m["window_ok"] = n+extra, ok+extra
		})
	}
	if _, err := readBounded(t, withWarm(10)); err != nil {
		t.Errorf("10 warm-up completions in the window, of 10: refused: %v", err)
	}
	if _, err := readBounded(t, withWarm(11)); err == nil {
		t.Error("11 warm-up completions in the window, of 10: accepted; want an error")
	}
}
