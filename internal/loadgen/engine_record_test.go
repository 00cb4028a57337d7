package loadgen

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// The result records which engine measured and why it is not the epoll
// engine when it is not; the engine is a config field, not an environment
// switch (issue 13, item 12).
func TestEngineIsRecorded(t *testing.T) {
	ok := func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) }
	plain := httptest.NewServer(http.HandlerFunc(ok))
	defer plain.Close()
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(ok))
	defer tlsSrv.Close()
	t.Setenv("WAITLAB_LOAD_GOROUTINES", "1")    // no longer read by loadgen
	auto, autoWhy := loadresult.EngineUring, "" // auto, closed model: io_uring (autoUring)
	if !haveUring() {
		auto, autoWhy = loadresult.EngineEpoll, loadresult.WhyUringFailed // then the setup's error
	}
	for _, tt := range []struct {
		url, engine, want, why string
	}{
		{plain.URL, "", auto, autoWhy},
		{plain.URL, loadresult.EngineEpoll, loadresult.EngineEpoll, ""},
		{plain.URL, loadresult.EngineGoroutines, loadresult.EngineGoroutines, loadresult.WhyAsked},
		{tlsSrv.URL, "", loadresult.EngineGoroutines, loadresult.WhyTLS},
	} {
		res, rep := run(t, Config{Targets: []Target{{Method: "GET", URL: tt.url + "/"}}, Insecure: true,
			Arrival: model.Arrival{Kind: model.VUs, VUs: 1}, Requests: 5, Engine: tt.engine})
		why := res.EngineWhy
		if tt.why == loadresult.WhyUringFailed {
			why, _, _ = strings.Cut(why, ": ")
			why += ": "
		}
		if res.Engine != tt.want || why != tt.why || res.OK != 5 {
			t.Errorf("%s, engine %q: measured on %q (%q), %d ok; want %q (%q), 5 ok", tt.url, tt.engine, res.Engine, res.EngineWhy, res.OK, tt.want, tt.why)
		}
		var text strings.Builder
		loadreport.WriteText(&text, rep, msg.EN, 0)
		if !strings.Contains(text.String(), "engine      ") {
			t.Errorf("the text report does not say which engine measured:\n%s", text.String())
		}
		if tt.why == loadresult.WhyTLS && !strings.Contains(text.String(), "plain http only") {
			t.Errorf("the text report does not say why https is on the goroutine client:\n%s", text.String())
		}
	}
	if err := (&Config{Targets: []Target{{Method: "GET", URL: plain.URL}}, Arrival: rate(1), Engine: "turbo"}).Validate(); err == nil || !strings.Contains(err.Error(), "--engine") {
		t.Errorf("Validate(engine turbo) = %v; want refused naming --engine", err)
	}
}
