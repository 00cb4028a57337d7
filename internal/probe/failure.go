package probe

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard"
)

// The kinds a failed request is counted by (Step.ErrorKinds,
// Result.Failures): loadgen's error kinds grouped as a reader names them.
const (
	KindRefused  = "refused"      // nothing listened: connection refused
	KindTimeout  = "timeout"      // no answer (to the connect or the request) within the timeout
	KindReset    = "reset"        // the connection was reset or closed under the request
	KindStatus   = "status"       // an HTTP answer of 4xx or 5xx
	KindResponse = "bad_response" // an answer that is not HTTP, or lies about its length
	KindOther    = "other"
)

// failKinds is the order kinds are listed in.
var failKinds = []string{KindRefused, KindTimeout, KindReset, KindStatus, KindResponse, KindOther}

// kindOf groups one of loadgen's error kinds (loadresult.ErrorKinds, or
// "status_NNN").
func kindOf(k string) string {
	switch {
	case k == "connect_refused":
		return KindRefused
	case k == "connect_timeout" || k == "timeout":
		return KindTimeout
	case k == "reset" || k == "closed":
		return KindReset
	case strings.HasPrefix(k, "status_"):
		return KindStatus
	case k == "bad_response":
		return KindResponse
	}
	return KindOther
}

// groupKinds is errs (loadgen's kinds) grouped by kindOf; nil when empty.
func groupKinds(errs map[string]int64) map[string]int64 {
	var out map[string]int64
	for k, n := range errs {
		if n <= 0 {
			continue
		}
		if out == nil {
			out = map[string]int64{}
		}
		out[kindOf(k)] += n
	}
	return out
}

// kindsText is "timeout 12, refused 3" in lang, the kinds in failKinds'
// order; statuses name their codes when the step has them (statusOf).
func kindsText(lang msg.Lang, kinds map[string]int64, codes string) string {
	var parts []string
	for _, k := range failKinds {
		if n := kinds[k]; n > 0 {
			name := msg.T(lang, "probe.errkind."+k)
			if k == KindStatus && codes != "" {
				name += " (" + codes + ")"
			}
			parts = append(parts, msg.T(lang, "probe.errkind.count", name, n))
		}
	}
	if len(parts) == 0 {
		return msg.T(lang, "probe.errkind.none")
	}
	return strings.Join(parts, ", ")
}

// statusCodes lists the HTTP statuses among errs ("500, 503").
func statusCodes(errs map[string]int64) string {
	var codes []string
	for k, n := range errs {
		if c, ok := strings.CutPrefix(k, "status_"); ok && n > 0 {
			codes = append(codes, c)
		}
	}
	slices.Sort(codes)
	return strings.Join(codes, ", ")
}

// onlyStatus says every failure in kinds is an HTTP status: the server
// answered, with errors.
func onlyStatus(kinds map[string]int64) bool {
	return kinds[KindStatus] > 0 && len(kinds) == 1
}

// refusedAt dials the probed URL's address once, through the one address
// check (netguard.LoopbackHost, unless allowRemote), before any load: a
// port nothing listens on is "connection refused" at once, with the
// address, not thousands of refused requests and a verdict on them. It
// returns the address when the dial was refused, "" otherwise (any other
// outcome is left to the calibration, which counts it by kind).
func refusedAt(ctx context.Context, rawURL string, allowRemote bool, timeout time.Duration) string {
	u, _, err := loadgen.ParseURL(rawURL)
	if err != nil {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	addr := net.JoinHostPort(u.Hostname(), port)
	d := netguard.Dialer(timeout, allowRemote)
	c, err := d.DialContext(ctx, "tcp", addr)
	if err == nil {
		c.Close()
		return ""
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return addr
	}
	return ""
}

// tooLarge is the size in bytes of the target's first answer when it is
// too large to be a request's (over maxBodyBytes, by its declared length
// or by what arrives within timeout), or 0. Checked once before the
// calibration: a body sent slower than the probe reads never finishes
// within a request's timeout, so the bytes per answer of a step stay
// under the cap and the steps alone would read it as a dead server.
func tooLarge(ctx context.Context, rawURL string, allowRemote bool, timeout time.Duration) int64 {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cl := netguard.Client(timeout, allowRemote)
	defer cl.CloseIdleConnections()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return 0
	}
	resp, err := cl.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	if resp.ContentLength > maxBodyBytes {
		return resp.ContentLength
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(resp.Body, maxBodyBytes+1))
	if n > maxBodyBytes {
		return n
	}
	return 0
}

// lastHealthy is the highest rate an open step held every SLO at (0:
// none): what a probe that broke the server can still say.
func lastHealthy(steps []Step) float64 {
	best := 0.0
	for _, st := range steps {
		if !st.Closed && st.Met && st.Kind != "confirm" {
			best = max(best, st.OfferedRPS)
		}
	}
	return best
}

// LoadText is a step's load in a sentence: a closed step's users, an
// open step's rate ("16 VUs", "40 req/s").
func LoadText(lang msg.Lang, st Step) string {
	if st.Closed {
		return msg.T(lang, "probe.load.vus", st.VUs)
	}
	return msg.T(lang, "probe.load.rate", num0(st.OfferedRPS))
}

// stepFailure is the note for a step at which no request succeeded: the
// server answered HTTP errors only (status), or it stopped answering at
// all (the kinds, the last healthy rate, and that it may be down).
func stepFailure(lang msg.Lang, st Step, steps []Step) Note {
	what := kindsText(lang, st.ErrorKinds, st.StatusCodes)
	if st.Kind == "calibrate" {
		if onlyStatus(st.ErrorKinds) {
			return note(lang, "probe.fail.errors_only", st.Requests, what)
		}
		return note(lang, "probe.fail.no_success", st.Requests, what)
	}
	load := LoadText(lang, st)
	held := msg.T(lang, "probe.fail.none_held")
	if healthy := lastHealthy(steps); healthy > 0 {
		held = msg.T(lang, "probe.fail.last_held", num0(healthy))
	}
	if onlyStatus(st.ErrorKinds) {
		return note(lang, "probe.fail.status", st.Index, load, what, held)
	}
	return note(lang, "probe.fail.dead", st.Index, load, what, held)
}
