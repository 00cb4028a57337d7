package probe

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/netguard/netguardtest"
)

// failedCleanly checks the hostile-server contract: a *FailError whose
// note has the key want, no shape, no scenario, no capacity.
func failedCleanly(t *testing.T, res *Result, err error, want string) {
	t.Helper()
	var fe *FailError
	if !errors.As(err, &fe) || res == nil {
		t.Fatalf("Run = %v (result %v); want a FailError", err, res != nil)
	}
	logText(t, res)
	if fe.Note.Key != want {
		t.Errorf("failure %s (%s); want %s", fe.Note.Key, fe.Note.Text, want)
	}
	if res.ShapeName != "" || res.Scenario != nil || res.CapacityRPS != 0 || res.CeilingRPS != nil || res.Limit != nil {
		t.Errorf("a failed probe concluded: shape %q, scenario %v, capacity %v", res.ShapeName, res.Scenario != nil, res.CapacityRPS)
	}
	// Every report of it renders, in both languages, and says no verdict.
	for _, lang := range []msg.Lang{msg.EN, msg.KO} {
		var text, page, js strings.Builder
		if err := WriteText(&text, lang, res); err != nil || WriteHTML(&page, lang, res) != nil || WriteJSON(&js, res) != nil {
			t.Errorf("%s: a report of the failed probe did not render: %v", lang, err)
		}
		if lang == msg.EN && !strings.Contains(text.String(), "No verdict") {
			t.Errorf("the text report of a failed probe:\n%s\nwant no verdict", text.String())
		}
	}
}

// The hostile-server class (issue 45): each server gets a failure named by
// kind, no shape and no scenario, within a bounded time.
func TestHostileServers(t *testing.T) {
	bound := func(t *testing.T) context.Context {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		t.Cleanup(cancel)
		return ctx
	}
	t.Run("refused", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		res, err := Run(bound(t), quick("http://"+addr+"/", 8*time.Second, 100))
		failedCleanly(t, res, err, "probe.fail.refused")
		if len(res.Steps) != 0 || !strings.Contains(res.Failure.Text, addr) {
			t.Errorf("refused: %d steps run, failure %q; want none and the address %s", len(res.Steps), res.Failure.Text, addr)
		}
	})
	t.Run("never answers", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				defer c.Close() // held open, never answered
			}
		}()
		res, err := Run(bound(t), quick("http://"+ln.Addr().String()+"/", 8*time.Second, 100))
		var fe *FailError
		if errors.As(err, &fe) && fe.Note.Key == "probe.fail.no_answer" {
			failedCleanly(t, res, err, "probe.fail.no_answer")
			return
		}
		failedCleanly(t, res, err, "probe.fail.no_success")
		if res.Failures[KindTimeout] == 0 || strings.Contains(res.Failure.Text, "errors only") {
			t.Errorf("failures %v, %q; want timeouts, not errors only", res.Failures, res.Failure.Text)
		}
	})
	t.Run("status 500", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "no", http.StatusInternalServerError)
		}))
		defer srv.Close()
		res, err := Run(bound(t), quick(srv.URL+"/", 8*time.Second, 100))
		failedCleanly(t, res, err, "probe.fail.errors_only")
		if res.Failures[KindStatus] == 0 || !strings.Contains(res.Failure.Text, "500") {
			t.Errorf("failures %v, %q; want status 500", res.Failures, res.Failure.Text)
		}
	})
	t.Run("switches to 500", func(t *testing.T) {
		var broken atomic.Bool
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if broken.Load() {
				http.Error(w, "no", http.StatusInternalServerError)
				return
			}
			time.Sleep(2 * time.Millisecond)
		}))
		defer srv.Close()
		cfg := quick(srv.URL+"/", 12*time.Second, 400)
		cfg.Progress = func(p Progress) {
			if p.Done && p.Step.Kind == "scout" {
				broken.Store(true)
			}
		}
		res, err := Run(bound(t), cfg)
		failedCleanly(t, res, err, "probe.fail.status")
		if strings.Contains(res.Failure.Text, "died") || strings.Contains(res.Failure.Text, "may be down") {
			t.Errorf("a server answering 500 was called down: %q", res.Failure.Text)
		}
	})
	t.Run("dies mid-probe", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(2 * time.Millisecond) }))
		cfg := quick(srv.URL+"/", 12*time.Second, 400)
		cfg.Progress = func(p Progress) {
			if p.Done && p.Step.Kind == "scout" {
				srv.CloseClientConnections()
				srv.Listener.Close()
			}
		}
		defer srv.Close()
		res, err := Run(bound(t), cfg)
		failedCleanly(t, res, err, "probe.fail.dead")
		if !strings.Contains(res.Failure.Text, "may be down") || res.Failures[KindRefused]+res.Failures[KindReset] == 0 {
			t.Errorf("failure %q, kinds %v; want refused or reset, and that the server may be down", res.Failure.Text, res.Failures)
		}
	})
	t.Run("metrics redirect elsewhere", func(t *testing.T) {
		out, hits := netguardtest.OutsideHost(t)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/metrics" {
				http.Redirect(w, r, "http://"+out+"/x", http.StatusFound)
			}
		}))
		defer srv.Close()
		j := Job{Config: quick(srv.URL+"/", 6*time.Second, 50), Metrics: "auto"}
		_, _ = j.Run(bound(t))
		if hits.Load() != 0 {
			t.Fatalf("the host %s outside loopback received %d requests through /metrics redirects", out, hits.Load())
		}
		j = Job{Config: quick(srv.URL+"/", 6*time.Second, 50), Metrics: "http://" + out + "/x"}
		var fe *model.FieldError
		if _, err := j.Run(bound(t)); !errors.As(err, &fe) || fe.Field != "--target-metrics" {
			t.Errorf("--target-metrics elsewhere: %v; want refused naming --target-metrics", err)
		}
		if hits.Load() != 0 {
			t.Fatalf("--target-metrics elsewhere sent %d requests", hits.Load())
		}
	})
}

// Budgets and rates that cannot run one open step are refused up front
// with the least that would do; a huge budget is not "too short".
func TestBudgetRefusals(t *testing.T) {
	for _, c := range []struct {
		budget  time.Duration
		rate    float64
		field   string
		key     string
		contain string
	}{
		{6 * time.Second, 100, "--budget", "probe.err.budget", "7.2s"},
		{1000000 * time.Hour, 100, "--budget", "probe.err.budget_long", "longer"},
		{time.Minute, 1e-300, "--max-rate", "probe.err.maxrate", "at least 1"},
	} {
		cfg := Config{URL: "http://127.0.0.1:1/", Budget: c.budget, MaxRate: c.rate}
		err := cfg.Validate()
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field || !strings.Contains(fe.Localize("en"), c.contain) {
			t.Errorf("budget %v rate %v: %v; want %s naming %s and %q", c.budget, c.rate, err, c.key, c.field, c.contain)
		}
	}
}
