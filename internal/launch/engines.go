package launch

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/model"
)

// Models are the models a JVM engine serves, its default first (Tomcat:
// pool, virtual; Netty: loop, offload); none for the Go target, which
// serves them all.
func (e Engine) Models() []string {
	return map[Engine][]string{Tomcat: {"pool", "virtual"}, Netty: {"loop", "offload"}}[e]
}

// checkJVM refuses what a JVM server cannot honour, each with its
// reason, and fills the engine's model when none is given.
func (c *Config) checkJVM() error {
	models := c.Engine.Models()
	if c.Model == "" {
		c.Model = models[0]
	}
	if c.Model != models[0] && c.Model != models[1] {
		return model.NewFieldError("model", "launch.err.model", c.Engine, c.Model, models[0]+", "+models[1])
	}
	refuse := func(field string, set bool) error {
		if set {
			return model.NewFieldError(field, "launch.err.unsupported", field, c.Engine)
		}
		return nil
	}
	if f := c.goOnly(); f != "" {
		return refuse(f, true)
	}
	netty := c.Engine == Netty
	for _, r := range []struct {
		field string
		set   bool
	}{
		{"fanout", c.Fanout != "" && c.Fanout != "sequential" && c.Fanout != "parallel"},
		{"offload", c.Offload != 0 && c.Model != "offload"},
		{"offload-executor", c.OffloadExecutor != "" && c.Model != "offload"},
		{"blocking", c.Blocking && !netty},
		{"accept-count", c.AcceptCount != 0 && netty},
		{"max-keepalive-requests", c.MaxKeepAliveRequests != 0 && netty},
	} {
		if err := refuse(r.field, r.set); err != nil {
			return err
		}
	}
	// Our Netty server has no asynchronous RESP client: its downstream
	// calls hold the thread, so they must be asked for as blocking.
	if netty && c.Downstream != "" && !c.Blocking {
		return model.NewFieldError("downstream", "launch.err.nettyds")
	}
	if c.ValidateLock && c.Downstream == "" {
		return model.NewFieldError("validate-lock", "launch.err.lockds")
	}
	switch c.OffloadExecutor {
	case "", "pinned", "unordered":
	default:
		return model.NewFieldError("offload-executor", "launch.err.offloadexec", c.OffloadExecutor)
	}
	for _, l := range []struct{ field, v string }{{"log-level", c.LogLevel}, {"log-line-level", c.LogLineLevel}} {
		switch l.v {
		case "", "debug", "info", "warn", "error":
		default:
			return model.NewFieldError(l.field, "launch.err.loglevel", l.field, l.v)
		}
	}
	if c.DB != "" && !strings.HasPrefix(c.DB, "jdbc:") {
		return model.NewFieldError("db", "launch.err.jdbc", c.DB)
	}
	if c.LogInLock && (!c.ValidateLock || c.Log == "" || c.Log == "off") {
		return model.NewFieldError("log-in-lock", "launch.err.loginlock")
	}
	switch c.Log {
	case "", "off", "sync", "async":
	default:
		return model.NewFieldError("log", "launch.err.log", c.Log)
	}
	for _, n := range []struct {
		field string
		v     int
	}{{"threads", c.Threads}, {"offload", c.Offload}, {"backlog", c.Backlog}, {"accept-count", c.AcceptCount}, {"max-connections", c.MaxConnections}} {
		if n.v < 0 {
			return model.NewFieldError(n.field, "launch.err.negative", n.field, n.v)
		}
	}
	if c.HoldKB != 0 && netty {
		return model.NewFieldError("hold-kb", "launch.err.tomcat_only", "hold-kb")
	}
	if c.HoldKB < 0 || c.HoldKB > maxHoldKB {
		return model.NewFieldError("hold-kb", "launch.err.hold", c.HoldKB, maxHoldKB)
	}
	if c.Heap != "" && !heapSize.MatchString(c.Heap) {
		return model.NewFieldError("heap", "launch.err.heap", c.Heap)
	}
	if c.BlockFraction < 0 || c.BlockFraction > 1 {
		return model.NewFieldError("block-fraction", "launch.err.fraction", c.BlockFraction)
	}
	return nil
}

// heapSize is -Xmx's size: a number of bytes, or of k, m or g.
var heapSize = regexp.MustCompile(`^[1-9][0-9]{0,9}[kKmMgG]?$`)

// maxHoldKB bounds --hold-kb: 64 MiB a request.
const maxHoldKB = 64 << 10

// tomcatBase writes catalina.base: conf/server.xml with the connector's
// limits, and the webapp (WEB-INF/web.xml mapping WorkServlet to every
// path; the classes are on the JVM's class path).
func (r *jvmRun) tomcatBase() error {
	c := r.cfg
	l := &Limits{Model: c.Model, AcceptCount: firstSet(c.AcceptCount, c.Backlog, tomcatAcceptCount),
		MaxConnections:       firstSet(c.MaxConnections, tomcatMaxConnections),
		KeepAliveTimeoutMS:   float64(time.Duration(orDur(c.KeepAliveTimeout, Duration(defaultKeepAlive))).Milliseconds()),
		MaxKeepAliveRequests: firstSet(c.MaxKeepAliveRequests, tomcatMaxKeepAlive)}
	threads := ""
	if c.Model == "virtual" {
		l.MaxThreadsIgnored = true
		l.Carriers = firstSet(c.Threads, r.cpus)
		l.Queue = "none: a virtual thread per request"
		threads = `useVirtualThreads="true"`
		r.jvmArgs = append(r.jvmArgs, "-Djdk.virtualThreadScheduler.parallelism="+strconv.Itoa(l.Carriers),
			"-Djdk.virtualThreadScheduler.maxPoolSize="+strconv.Itoa(l.Carriers))
	} else {
		l.MaxThreads = firstSet(c.Threads, tomcatMaxThreads)
		l.Queue = "unbounded, after the pool has grown to maxThreads"
		threads = fmt.Sprintf(`maxThreads="%d" minSpareThreads="%d"`, l.MaxThreads, l.MaxThreads)
	}
	host, port := r.props["host"], r.props["port"]
	conf := filepath.Join(r.dir, "conf")
	webapp := filepath.Join(r.dir, "webapp")
	for _, d := range []string{conf, filepath.Join(webapp, "WEB-INF"), filepath.Join(r.dir, "webapps"),
		filepath.Join(r.dir, "work"), filepath.Join(r.dir, "temp"), filepath.Join(r.dir, "logs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	server := fmt.Sprintf(serverXML, html.EscapeString(host), port, threads, l.AcceptCount, l.MaxConnections,
		int64(l.KeepAliveTimeoutMS), l.MaxKeepAliveRequests, html.EscapeString(webapp))
	if err := os.WriteFile(filepath.Join(conf, "server.xml"), []byte(server), 0o644); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	if err := os.WriteFile(filepath.Join(webapp, "WEB-INF/web.xml"), []byte(webXML), 0o644); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	home := tomcatHome()
	r.jvmArgs = append(r.jvmArgs, "-Dcatalina.home="+home, "-Dcatalina.base="+r.dir, "-Djava.io.tmpdir="+filepath.Join(r.dir, "temp"))
	r.about.Limits = l
	r.about.Version = jarProperty(filepath.Join(home, "lib", "catalina.jar"), "org/apache/catalina/util/ServerInfo.properties", "server.info")
	return nil
}

// serverXML is the base's server.xml: no shutdown port, one NIO connector
// (Tomcat's Http11 NIO protocol and endpoint; ours only counts the
// connections it accepts) with every limit written out, one host with our
// webapp at /.
const serverXML = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by waitlab (internal/launch) for one run. -->
<Server port="-1" shutdown="SHUTDOWN">
  <Service name="waitlab">
    <Connector address="%s" port="%s" protocol="waitlab.tomcat.Protocol"
               %s
               acceptCount="%d" maxConnections="%d"
               keepAliveTimeout="%d" maxKeepAliveRequests="%d"
               connectionTimeout="20000" />
    <Engine name="waitlab" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="false" autoDeploy="false" deployOnStartup="false">
        <Context path="" docBase="%s" reloadable="false">
          <JarScanner scanClassPath="false" scanManifest="false" scanAllDirectories="false" />
        </Context>
      </Host>
    </Engine>
  </Service>
</Server>
`

const webXML = `<?xml version="1.0" encoding="UTF-8"?>
<web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0" metadata-complete="true">
  <servlet>
    <servlet-name>work</servlet-name>
    <servlet-class>waitlab.tomcat.WorkServlet</servlet-class>
    <load-on-startup>1</load-on-startup>
  </servlet>
  <servlet-mapping>
    <servlet-name>work</servlet-name>
    <url-pattern>/</url-pattern>
  </servlet-mapping>
</web-app>
`

// pinnedExecutor is Netty's offload executor as used: a
// DefaultEventExecutorGroup, whose next() pins each channel to one of its
// K single-threaded executors, so a channel's requests queue behind each
// other while another executor may be idle.
const pinnedExecutor = "pinned: DefaultEventExecutorGroup, one executor per channel"

// unorderedExecutor is Netty's other offload executor: an
// UnorderedThreadPoolEventExecutor (a ScheduledThreadPoolExecutor of K
// threads), whose free thread takes any channel's task.
const unorderedExecutor = "unordered: UnorderedThreadPoolEventExecutor, any free thread takes any task"

// netty writes Netty's settings and limits.
func (r *jvmRun) netty() {
	c, p := r.cfg, r.props
	l := &Limits{Model: c.Model, Loops: firstSet(c.Threads, 2*r.cpus), AcceptCount: firstSet(c.Backlog, 4096),
		MaxConnections:     c.MaxConnections,
		KeepAliveTimeoutMS: float64(time.Duration(orDur(c.KeepAliveTimeout, Duration(defaultKeepAlive))).Milliseconds()),
		Queue:              "unbounded: each loop's task queue"}
	if c.Model == "offload" {
		l.Offload = firstSet(c.Offload, 16)
		l.OffloadExecutor = pinnedExecutor
		if c.OffloadExecutor == "unordered" {
			l.OffloadExecutor = unorderedExecutor
		}
		p["offload"] = strconv.Itoa(l.Offload)
		p["offload_executor"] = c.OffloadExecutor
	}
	p["threads"] = strconv.Itoa(l.Loops)
	p["backlog"] = strconv.Itoa(l.AcceptCount)
	p["max_connections"] = strconv.Itoa(l.MaxConnections)
	r.about.Limits = l
	if jars, err := jarNamed(r.jars, "netty-common"); err == nil {
		r.about.Version = "Netty " + jarProperty(jars, "META-INF/io.netty.versions.properties", "netty-common.version")
	}
}

// jarNamed is the jar of jars whose base name is base (BASE.jar or
// BASE-VERSION.jar).
func jarNamed(jars []string, base string) (string, error) {
	for _, j := range jars {
		if b := filepath.Base(j); b == base+".jar" || len(b) > len(base) && b[:len(base)+1] == base+"-" {
			return j, nil
		}
	}
	return "", os.ErrNotExist
}

// firstSet is the first non-zero value.
func firstSet(v ...int) int {
	for _, x := range v {
		if x != 0 {
			return x
		}
	}
	return 0
}
