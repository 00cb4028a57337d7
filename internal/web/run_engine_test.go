package web

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/jdk/jdktest"
)

// ?engine= is read only over HTTP, names a server launch starts, and
// that server must serve the scenario's model: each refusal names the
// field before anything starts.
func TestRealRunEngineRefused(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ query, body string }{
		{"/api/run?via=process&engine=tomcat", `{"preset":"lab-pool","wait":"50ms"}`},
		{"/api/run?via=http&engine=jetty", `{"preset":"lab-pool","wait":"50ms"}`},
		{"/api/run?via=http&engine=tomcat", `{"preset":"lab-loop","wait":"50ms"}`},
		{"/api/run?via=http&engine=netty", `{"preset":"lab-virtual","wait":"50ms"}`},
	} {
		code, out := post(t, s, c.query+"&lang=en", c.body)
		if code != 400 || out["field"] != "engine" || out["message"] == "" {
			t.Errorf("POST %s %s = %d %v; want 400 naming engine", c.query, c.body, code, out)
		}
	}
}

// Over HTTP on Tomcat (pool) and on Netty (loop): the answer is the HTTP
// run, served by the engine asked for, beside the model.
func TestRealRunOverHTTPOnJVMEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("starts JVM servers")
	}
	jdktest.Need(t, 21)
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	s := New(Config{Exe: waitlabBinary(t)})
	for _, c := range []struct{ engine, body string }{
		{"tomcat", `{"preset":"lab-pool","wait":"50ms"}`},
		{"netty", `{"preset":"lab-loop","wait":"50ms"}`},
	} {
		t.Run(c.engine, func(t *testing.T) {
			if c.engine == "tomcat" {
				if _, err := os.Stat("/usr/share/tomcat10/bin/tomcat-juli.jar"); err != nil {
					jdktest.Package(t, errors.New("tomcat10 is not installed: apt-get install -y tomcat10"))
				}
			} else {
				jdktest.Jars(t, "libnetty-java", "netty-buffer", "netty-codec", "netty-codec-http", "netty-common", "netty-handler", "netty-transport")
			}
			code, out := post(t, s, "/api/run?via=http&engine="+c.engine, c.body)
			if code != 200 {
				t.Fatalf("POST /api/run?via=http&engine=%s = %d %v; want 200", c.engine, code, out)
			}
			sockets, _ := out["sockets"].(map[string]any)
			server, _ := sockets["server"].(map[string]any)
			if out["via"] != "http" || server["engine"] != c.engine {
				t.Errorf("via %v, served by %v; want over HTTP by %s", out["via"], server, c.engine)
			}
			if ms, _ := out["makespan_ms"].(float64); ms < 50 {
				t.Errorf("makespan %v ms; want at least one 50 ms wait", ms)
			}
		})
	}
}

// A server without a usable JDK says so in the visitor's words, with
// jdk's reason for whoever runs it, and names no form field.
func TestRealRunOnTheJVMWithoutAJDK(t *testing.T) {
	s := New(Config{Java: t.TempDir() + "/no-java"})
	code, out := post(t, s, "/api/run?via=jvm&lang=en", `{"preset":"lab-pool","wait":"50ms"}`)
	m, _ := out["message"].(string)
	if code != 422 || out["field"] != nil || !strings.HasPrefix(m, "This server has no JDK") || !strings.Contains(m, "no-java") {
		t.Errorf("no JDK = %d %v; want 422, no field, the server's lack and jdk's reason", code, out)
	}
}
