package msg

// Starting a server child from its configuration (internal/launch): the
// Go target, Tomcat and Netty.
func init() {
	Register(map[string]Entry{
		"launch.err.engine": {
			KO: "--engine %q{은/는} 알 수 없는 서버입니다. go, tomcat, netty 중 하나를 주세요",
			EN: "--engine %q is not a server waitlab starts: give go, tomcat or netty"},
		"launch.err.config": {
			KO: "--config %s{을/를} 읽을 수 없습니다: %v. 서버 설정 JSON 파일을 주세요 (docs/target.md의 예)",
			EN: "--config %s cannot be read: %v; give a server configuration in JSON (see docs/target.md)"},
		"launch.err.flags": {
			KO: "waitlab target의 인자를 읽을 수 없습니다: %v. 플래그는 waitlab target --help에서 보세요 (JVM 서버는 --engine tomcat --help, --engine netty --help)",
			EN: "the waitlab target arguments cannot be read: %v; see waitlab target --help for the flags (a JVM server's: --engine tomcat --help, --engine netty --help)"},
		"launch.err.port": {
			KO: "--listen %s{은/는} 이미 다른 프로세스가 쓰고 있습니다. 다른 포트를 주거나 포트 0(빈 포트)을 주세요",
			EN: "--listen %s is already in use by another process: give another port, or port 0 for any free one"},
		"launch.err.listen": {
			KO: "--listen %q{은/는} 호스트:포트 형식이 아닙니다. 예: 127.0.0.1:0",
			EN: "--listen %q is not host:port, e.g. 127.0.0.1:0"},
		"launch.err.model": {
			KO: "%s의 --model로 %q{은/는} 쓸 수 없습니다. %s 중 하나를 주세요",
			EN: "%s has no --model %q: give one of %s"},
		"launch.err.unsupported": {
			KO: "--%s{은/는} %s 서버에서 지원하지 않습니다. 이 플래그를 빼거나 --engine go로 실행하세요 (docs/target.md에 엔진별로 할 수 없는 것이 있습니다)",
			EN: "--%s is not something the %s server can honour: leave it out, or run with --engine go (docs/target.md lists what each engine cannot do)"},
		"launch.err.nettyds": {
			KO: "netty 서버의 다운스트림 호출은 스레드를 붙잡습니다 (비동기 RESP 클라이언트가 없습니다). --blocking을 함께 주세요 (--model offload면 실행기 스레드가 기다립니다)",
			EN: "the netty server's downstream calls hold their thread (it has no asynchronous RESP client): add --blocking (with --model offload the executor's thread waits)"},
		"launch.err.lockds": {
			KO: "--validate-lock에는 --downstream이 필요합니다 (잠금 안에서 PING을 보낼 곳)",
			EN: "--validate-lock needs --downstream (where the PING inside the lock goes)"},
		"launch.err.loglevel": {
			KO: "--%s %q: debug, info, warn, error 가운데 하나를 쓰세요",
			EN: "--%s %q: use debug, info, warn or error"},
		"launch.err.jdbc": {
			KO: "--db %q: JVM 서버에는 JDBC URL을 쓰세요 (예: jdbc:mariadb://127.0.0.1:3306/?user=root)",
			EN: "--db %q: the JVM servers take a JDBC URL (e.g. jdbc:mariadb://127.0.0.1:3306/?user=root)"},
		"launch.err.loginlock": {
			KO: "--log-in-lock에는 --validate-lock과 --log sync 또는 async가 필요합니다 (잠금 안에서 쓸 로그)",
			EN: "--log-in-lock needs --validate-lock and --log sync or async (the log written inside the lock)"},
		"launch.err.log": {
			KO: "--log %q{은/는} 알 수 없습니다. off, sync, async 중 하나를 주세요",
			EN: "--log %q is unknown: give off, sync or async"},
		"launch.err.negative": {
			KO: "--%s{은/는} 0 이상이어야 합니다 (받은 값 %d)",
			EN: "--%s must be 0 or more (got %d)"},
		"launch.err.fraction": {
			KO: "--block-fraction은 0과 1 사이여야 합니다 (받은 값 %g)",
			EN: "--block-fraction must be between 0 and 1 (got %g)"},
		"launch.err.jvm_only": {
			KO: "--%s{은/는} JVM 서버(--engine tomcat 또는 netty)의 플래그입니다: Go 대상에서는 빼 주세요",
			EN: "--%s is a JVM server's flag (--engine tomcat or netty): leave it out for the Go target"},
		"launch.err.tomcat_only": {
			KO: "--%s{은/는} Tomcat 서버의 플래그입니다: --engine tomcat으로 실행하거나 빼 주세요",
			EN: "--%s is the Tomcat server's flag: run with --engine tomcat, or leave it out"},
		"launch.err.hold": {
			KO: "--hold-kb는 0에서 %[2]d 사이여야 합니다 (받은 값 %[1]d)",
			EN: "--hold-kb must be between 0 and %[2]d (got %[1]d)"},
		"launch.err.heap": {
			KO: "--heap %q{을/를} 읽을 수 없습니다: 48m이나 1g처럼 숫자에 k, m, g를 붙여 주세요",
			EN: "--heap %q cannot be read: give a size such as 48m or 1g"},
		"launch.err.dist": {
			KO: "--%s %q{을/를} 읽을 수 없습니다: %v. 예: 50ms 또는 exp:50ms",
			EN: "--%s %q cannot be read: %v; e.g. 50ms or exp:50ms"},
		"launch.err.scenario": {
			KO: "시나리오 파일 %s{을/를} 읽을 수 없습니다: %v",
			EN: "the scenario file %s cannot be read: %v"},
		"launch.err.tomcat": {
			KO: "%s에서 Tomcat을 찾지 못했습니다 (lib/catalina.jar, bin/tomcat-juli.jar). Debian 패키지 tomcat10을 설치하거나 (apt-get install -y tomcat10) CATALINA_HOME을 Tomcat 10.1이 있는 곳으로 주세요",
			EN: "no Tomcat found in %s (lib/catalina.jar, bin/tomcat-juli.jar): install Debian's tomcat10 (apt-get install -y tomcat10) or set CATALINA_HOME to a Tomcat 10.1"},
		"launch.about.go": {
			KO: "waitlab의 Go 타깃",
			EN: "waitlab's Go target"},
		"launch.about.jvm": {
			KO: "%s, JDK %s. %s",
			EN: "%s on JDK %s; %s"},
		"launch.limits.pool": {
			KO: "플랫폼 스레드 풀 maxThreads=%d, minSpareThreads도 같은 값 (Tomcat은 maxThreads까지 스레드를 늘린 뒤에야 대기열에 넣고, 대기열에는 한도가 없습니다); acceptCount=%d, maxConnections=%d, keepAliveTimeout=%.0fms, maxKeepAliveRequests=%d",
			EN: "a pool of platform threads, maxThreads=%d and minSpareThreads the same (Tomcat grows the pool to maxThreads before anything queues, and its queue is unbounded); acceptCount=%d, maxConnections=%d, keepAliveTimeout=%.0fms, maxKeepAliveRequests=%d"},
		"launch.limits.virtual": {
			KO: "요청마다 가상 스레드 (useVirtualThreads=true이면 maxThreads는 무시됩니다), 캐리어 %d개; acceptCount=%d, maxConnections=%d, keepAliveTimeout=%.0fms, maxKeepAliveRequests=%d",
			EN: "a virtual thread per request (with useVirtualThreads=true maxThreads is ignored), %d carrier{s}; acceptCount=%d, maxConnections=%d, keepAliveTimeout=%.0fms, maxKeepAliveRequests=%d"},
		"launch.limits.loop": {
			KO: "보스 루프 1개와 작업 루프 %d개; backlog=%d, maxConnections=%d (0은 한도 없음), keep-alive 유휴 %.0fms",
			EN: "one boss loop and %d worker loop{s}; backlog=%d, maxConnections=%d (0: no cap), keep-alive idle %.0fms"},
		"launch.limits.offload": {
			KO: "보스 루프 1개와 작업 루프 %d개, 핸들러는 실행기 %d개의 그룹에서 실행 (DefaultEventExecutorGroup: 채널마다 실행기 하나에 고정); backlog=%d, maxConnections=%d (0은 한도 없음), keep-alive 유휴 %.0fms",
			EN: "one boss loop and %d worker loop{s}, the handler on a group of %d executors (DefaultEventExecutorGroup: each channel pinned to one); backlog=%d, maxConnections=%d (0: no cap), keep-alive idle %.0fms"},
		"launch.limits.offload.unordered": {
			KO: "보스 루프 1개와 작업 루프 %d개, 핸들러는 스레드 %d개의 UnorderedThreadPoolEventExecutor에서 실행 (비어 있는 스레드가 어느 채널의 작업이든 맡음, 한 연결의 요청은 하나씩 차례로); backlog=%d, maxConnections=%d (0은 한도 없음), keep-alive 유휴 %.0fms",
			EN: "one boss loop and %d worker loop{s}, the handler on an UnorderedThreadPoolEventExecutor of %d threads (any free thread takes any channel's task; one connection's requests one at a time, in order); backlog=%d, maxConnections=%d (0: no cap), keep-alive idle %.0fms"},
		"launch.report": {
			KO: "요청 %d건, 받은 연결 %d개, 로그 %d줄 기록, %d줄 버림.",
			EN: "%d request{s}, %d connection{s} accepted, %d log line{s} written, %d dropped."},
		"launch.report.warm": {
			KO: "요청 %d건, 받은 연결 %d개 (그중 %d개는 측정 전 워밍업), 로그 %d줄 기록, %d줄 버림.",
			EN: "%d request{s}, %d connection{s} accepted (%d of them the warm-up's, before anything was measured), %d log line{s} written, %d dropped."},
		"launch.report.jvm": {
			KO: "JVM CPU %.0fms, GC %.0fms (%d회), 스레드 최대 %d개.",
			EN: "JVM CPU %.0f ms, GC %.0f ms (%d collection{s}), at most %d thread{s}."},
		"launch.report.stalls": {
			KO: "루프 멈춤 %d번 (핸들러가 루프를 %gms 넘게 잡음), 가장 길게 %.0fms.",
			EN: "loop stalls: %d (the handler held its loop longer than %g ms), the longest %.0f ms."},
		"launch.report.missing": {
			KO: "서버가 보고 없이 끝났습니다 (죽었거나 강제로 종료됨)",
			EN: "the server ended without a report (it died or was killed)"},
		"flag.target.config": {
			KO: "서버 설정을 JSON 파일에서 읽습니다 (launch.Config; 함께 준 플래그가 우선합니다)",
			EN: "read the server's configuration from a JSON file (launch.Config; flags given too win)"},
		"flag.target.engine": {
			KO: "서버: go(이 서버), tomcat 또는 netty (waitlab target --engine tomcat --help 참고)",
			EN: "the server: go (this one), tomcat or netty (see waitlab target --engine tomcat --help)"},
		"flag.run.engine": {
			KO: "--via http: 서버. go(waitlab의 타깃), tomcat(pool 또는 virtual), netty(loop 또는 offload)",
			EN: "--via http: the server: go (waitlab's target), tomcat (pool or virtual) or netty (loop or offload)"},
		"flag.target.accept-count": {
			KO: "tomcat: acceptCount(리슨 백로그). 기본 100",
			EN: "tomcat: acceptCount (the listen backlog); default 100"},
		"flag.target.offload-executor": {
			KO: "netty offload: pinned(DefaultEventExecutorGroup, 채널마다 실행기 하나에 고정, 기본값)나 unordered(UnorderedThreadPoolEventExecutor, 비어 있는 스레드가 아무 작업이나 맡음)",
			EN: "netty offload: pinned (DefaultEventExecutorGroup, each channel pinned to one executor; the default) or unordered (UnorderedThreadPoolEventExecutor, any free thread takes any task)"},
		"flag.target.max-connections": {
			KO: "tomcat: maxConnections (기본 8192); netty: 이보다 많은 연결은 닫습니다 (기본 한도 없음)",
			EN: "tomcat: maxConnections (default 8192); netty: refuse beyond it (default none)"},
		"flag.target.keepalive-timeout": {
			KO: "유휴 keep-alive 연결을 유지하는 시간 (기본 20s)",
			EN: "idle keep-alive timeout (default 20s)"},
		"flag.target.max-keepalive-requests": {
			KO: "tomcat: 연결 하나가 처리하는 요청 수 (기본 100, -1은 무제한)",
			EN: "tomcat: requests per connection (default 100; -1 unlimited)"},
		"flag.target.java": {
			KO: "JDK (홈 디렉터리 또는 bin/java). 기본은 JAVA_HOME, PATH, /usr/lib/jvm 순서",
			EN: "the JDK (home or bin/java); default JAVA_HOME, PATH, /usr/lib/jvm"},
		"flag.target.classpath": {
			KO: "Tomcat, Netty, Logback jar가 있는 디렉터리 (':'로 구분, /usr/share/java보다 먼저 찾음)",
			EN: "directories holding the Tomcat, Netty and Logback jars, before /usr/share/java (':'-separated)"},
		"http.server": {
			KO: "서버: %s",
			EN: "served by %s"},
		"launch.err.offloadexec": {
			KO: "알 수 없는 --offload-executor 값입니다: %q. pinned(DefaultEventExecutorGroup, 기본값)나 unordered(UnorderedThreadPoolEventExecutor)를 주세요",
			EN: "--offload-executor %q is unknown: give pinned (DefaultEventExecutorGroup, the default) or unordered (UnorderedThreadPoolEventExecutor)"},
		"target.jvm.listening": {
			KO: "waitlab target (%s){이/가} http://%s 에서 기다립니다. %s. 지표는 /metrics, 끝내려면 Ctrl-C",
			EN: "waitlab target (%s) listening on http://%s; %s. Metrics on /metrics, Ctrl-C to stop"},
		"target.jvm.died": {
			KO: "%s 서버가 실행 중에 죽었습니다: %s",
			EN: "the %s server died while serving: %s"},
	})
}
