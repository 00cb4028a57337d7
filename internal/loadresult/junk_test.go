package loadresult

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// Issue 45, item 9: junk uploads cost the collector about ten times
// their size. A file of repeated keys decoded into a map (250 MB for
// 63 MB); now it is refused by a scan that copies nothing.
func TestReadResultOfRepeatedKeysCopiesNothing(t *testing.T) {
	size := 16 << 20
	data := []byte(`{"format":"` + FormatVersion + `"` + strings.Repeat(`,"k":1`, size/6) + "}")
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	_, err := ReadResult(data)
	runtime.ReadMemStats(&m1)
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("ReadResult(repeated keys) = %v; want a refusal naming the repeated key", err)
	}
	if got := m1.TotalAlloc - m0.TotalAlloc; got > uint64(size)/4 {
		t.Errorf("ReadResult(%d MB of repeated keys) allocated %d MB; want well under its size", size>>20, got>>20)
	}
}

// countReader counts what was read of it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// An upload that does not begin as a JSON object is refused at its first
// bytes: the collector no longer reads 63 MB of junk to find out.
func TestCollectorRefusesJunkAtItsFirstBytes(t *testing.T) {
	col := NewCollector(1)
	size := 63 << 20
	body := &countReader{r: io.LimitReader(bytes.NewReader(bytes.Repeat([]byte("junk"), size/4)), int64(size))}
	req := httptest.NewRequest(http.MethodPost, "/", body)
	req.ContentLength = int64(size)
	rec := httptest.NewRecorder()
	col.ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest || body.n > 1<<20 {
		t.Errorf("a 63 MB junk upload = %d after reading %d bytes; want 400 after its first bytes", rec.Code, body.n)
	}
	if col.inFlightNow() != 0 {
		t.Errorf("%d bytes still reserved after the upload was refused", col.inFlightNow())
	}
}

// FuzzTopLevel: topLevel agrees with encoding/json on every valid object
// without a repeated key: the same keys, each value the same JSON.
func FuzzTopLevel(f *testing.F) {
	for _, s := range []string{`{}`, ` {"a":1,"b":[1,{"c":"}"}],"d":"x\"y"} `, `{"a":true,"b":null,"c":-1.5e3}`, `{"\u0061":{}}`, `[1]`, `"s"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, err := topLevel(data)
		var want map[string]json.RawMessage
		if json.Unmarshal(data, &want) != nil {
			if err == nil && len(keys) > 0 {
				t.Fatalf("topLevel(%q) = %v; encoding/json refuses it as an object", data, keys)
			}
			return
		}
		if err != nil {
			return // a repeated key, or too many
		}
		if len(keys) != len(want) {
			t.Fatalf("topLevel(%q) has %d keys; encoding/json %d", data, len(keys), len(want))
		}
		for k, v := range want {
			var a, b any
			json.Unmarshal(v, &a)
			if json.Unmarshal(keys[k], &b) != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("topLevel(%q)[%q] = %q; want %q", data, k, keys[k], v)
			}
		}
	})
}
