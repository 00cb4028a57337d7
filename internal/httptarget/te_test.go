package httptarget

import (
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// Issue 19, fault 7: Transfer-Encoding identity (with or without a
// Content-Length) and an empty Transfer-Encoding with one got 200 and
// keep-alive. RFC 9112 section 6.3: 400, and the connection closes
// (virtual is net/http, which answers 501 and closes).
func TestTransferEncodingNotChunkedRefused(t *testing.T) {
	for _, m := range model.Kinds {
		t.Run(string(m), func(t *testing.T) {
			s := start(t, Config{Model: m})
			want := 400
			if m == model.Virtual {
				want = 501
			}
			for _, raw := range []string{
				"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\nContent-Length: 3\r\n\r\nabc",
				"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n",
				"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\nContent-Length: 3\r\n\r\nabc",
			} {
				out := rawExchange(t, s, raw, true) // closed, or it says so
				resps := readResponses(t, out, 1)
				if got := resps[0].StatusCode; got != want && !(m == model.Virtual && got == 400) {
					t.Errorf("%q: status %d; want %d", trunc(raw), got, want)
				}
			}
		})
	}
}
