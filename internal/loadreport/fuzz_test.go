package loadreport

import (
	"bytes"
	"testing"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

// The two files of issue 13, item 7 (internal/loadresult's hostile-file
// test refuses them): a short histogram and a header whose lowest
// trackable value is above its highest.
var issueFiles = []string{
	`{"format":"waitlab-load/1","latency":{"hdr":"YWJj"}}`,
	`{"format":"waitlab-load/1","latency":{"hdr":"HISTBAAAABh4nJNpmczMgADMDgwogNH+A4QBAD3BAqo="}}`,
}

// Whatever the bytes, ReadResult returns a result or an error, never a
// panic or a hang, and an accepted result reports, merges and writes.
func FuzzDecodeResult(f *testing.F) {
	for _, s := range issueFiles {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"format":"waitlab-load/1","model":"open","arrival":"rate:1","url":"http://h/","start":"2026-01-02T03:04:05Z","window_ns":1000000000,"timeout_ns":1000000000,"requests":1,"ok":0,"errors":{"timeout":1},"latency":{"count":0},"service_time":{"count":0},"series":[{"t":0,"requests":1,"ok":0,"errors":1}],"cpu":{"target_ns":-1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := loadresult.ReadResult(data)
		if err != nil {
			return
		}
		m, err := loadresult.Merge(r, r)
		if err != nil {
			m = r
		}
		rep := Analyze(m, msg.EN)
		var buf bytes.Buffer
		if err := WriteText(&buf, rep, msg.EN, 0); err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if err := r.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := loadresult.ReadResult(buf.Bytes()); err != nil {
			t.Fatalf("an accepted result, written again, is refused: %v", err)
		}
	})
}
