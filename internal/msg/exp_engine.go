package msg

// `waitlab exp`: the engines (Go and the JVM), their agreement, and the
// calibrated claims (inputs set from published outputs).
func init() {
	Register(map[string]Entry{
		"exp.err.engine": {
			KO: "--engine %q: go, jvm, both 가운데 하나를 쓰세요",
			EN: "--engine %q: use go, jvm or both"},
		"flag.exp.engine": {
			KO: "주장을 판정할 엔진: go (이 바이너리의 서버와 실행기), jvm (JDK로 컴파일한 우리 Java 프로그램), both (기본: JDK가 있으면 둘 다, 없으면 go)",
			EN: "the engine that judges the claims: go (this binary's servers and executors), jvm (our own Java programs, compiled with the JDK), both (the default: both where a JDK is found, go otherwise)"},
		"flag.exp.java": {
			KO: "JVM 엔진이 쓸 JDK (홈 디렉터리나 bin/java; 없으면 JAVA_HOME, PATH, /usr/lib/jvm에서 찾습니다)",
			EN: "the JDK the JVM engine uses (its home or bin/java; by default JAVA_HOME, PATH, then /usr/lib/jvm)"},
		"exp.list.jvm":   {KO: "(JVM 엔진도 있음: JDK %d 이상)", EN: "(also on the JVM engine: JDK %d or later)"},
		"exp.engine.go":  {KO: "Go", EN: "Go"},
		"exp.engine.jvm": {KO: "JVM", EN: "JVM"},
		"exp.note.nojvm": {
			KO: "JVM 엔진은 돌리지 않았습니다 (Go 엔진만): %s",
			EN: "The JVM engine did not run (Go only): %s"},
		"exp.jvm.failed": {
			KO: "JVM 엔진이 실패해 이 주장을 JVM에서 재지 못했습니다: %v",
			EN: "The JVM engine failed, so this was not measured on the JVM: %v"},
		"exp.jvm.none": {
			KO: "JVM 조리법이 아직 없습니다: JVM 서버(launch의 Tomcat과 Netty)는 main에 있지만 이 실험의 JVM 쪽은 아직 쓰지 않았고, 그 다운스트림 호출에는 JVM 서버에 없는 다운스트림 클라이언트가 필요합니다 (--downstream과 --validate-lock을 거절합니다).",
			EN: "No JVM recipe yet: the JVM servers (launch's Tomcat and Netty) are on main, but this experiment's JVM side is not written yet, and its downstream calls need a downstream client the JVM servers do not have (they refuse --downstream and --validate-lock)."},
		"exp.db-on-loop.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: JVM 실행기(jvmexec)에 MariaDB용 JDBC 드라이버가 필요하고, 그 JVM 쪽은 아직 쓰지 않았습니다.",
			EN: "No JVM recipe yet: it needs a JDBC driver for MariaDB beside the JVM executor (jvmexec), and its JVM side is not written yet."},
		"exp.crossover.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: Tomcat 풀과 Netty 루프로 읽기 경로의 CPU와 대기를 돌릴 수는 있지만, 이 주장들의 차이는 Spring MVC와 WebFlux 자체의 비용(리액티브 파이프라인의 부담)이고 우리 서블릿과 Netty 핸들러에는 그 비용이 없습니다.",
			EN: "No JVM recipe yet: a Tomcat pool against a Netty loop could run the read path's CPU and waits, but these claims' gap is Spring MVC's and WebFlux's own costs (the reactive pipeline's overhead), which our servlet and Netty handler do not have."},
		"exp.colocated-generator.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: 이 주장은 서버의 런타임이 아니라 생성기를 어디에 두느냐에 관한 것이고, 그 JVM 쪽은 아직 쓰지 않았습니다.",
			EN: "No JVM recipe yet: this claim is about where the generator runs, not the server's runtime, and its JVM side is not written yet."},
		"exp.validate-lock.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: JVM 서버(launch)에는 검증 잠금과 Redis 클라이언트가 아직 없습니다 (--validate-lock과 --downstream을 거절합니다).",
			EN: "No JVM recipe yet: the JVM servers (launch) have no validation lock and no Redis client yet (they refuse --validate-lock and --downstream)."},
		"exp.write-path.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: 발표된 논블로킹 쪽의 R2DBC와 Reactor 연산자 비용은 여기 있는 것으로 만들 수 없고, 다섯 번의 다운스트림 호출에는 JVM 서버에 없는 다운스트림 클라이언트가 필요합니다.",
			EN: "No JVM recipe yet: the published non-blocking side's R2DBC and Reactor operator overhead cannot be built from what is here, and its five downstream calls need a downstream client the JVM servers do not have."},

		"exp.agree.head": {
			KO: "엔진 비교: 두 엔진에서 모두 잰 주장 %[2]d개 가운데 %[1]d개의 판정이 같습니다 (한 엔진에서만 재거나 재지 않은 주장 %[3]d개).",
			EN: "Engines: %d of the %d claims measured on both have the same verdict (%d were measured on one engine or neither)."},
		"exp.agree.same": {
			KO: "같음: %s.",
			EN: "The same: %s."},
		"exp.agree.parts": {
			KO: "갈림: %s.",
			EN: "They part on %s."},
		"exp.agree.part": {
			KO: "`%s` Go %s (%s), JVM %s (%s), 차이 %s: 두 실행의 구간이 겹쳐 잡음 안입니다",
			EN: "`%s`, Go %s (%s) against JVM %s (%s), by %s: within both runs' noise (their intervals overlap)"},
		"exp.agree.part.finding": {
			KO: "`%s` Go %s (%s), JVM %s (%s), 차이 %s: 두 실행의 구간이 겹치지 않아 잡음 밖입니다: 발견입니다",
			EN: "`%s`, Go %s (%s) against JVM %s (%s), by %s: beyond both runs' noise (their intervals do not overlap), a finding"},
		"exp.agree.part.onerun": {
			KO: "`%s` Go %s (%s), JVM %s (%s), 차이 %s: 한쪽이 실행 1회라 구간이 없어 잡음과 가를 수 없습니다",
			EN: "`%s`, Go %s (%s) against JVM %s (%s), by %s: one side has one run, so no interval tells it from noise"},

		"exp.claim.v.consistent": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s, 허용 ±%[4]s%% 안: 발표된 설명과 산술적으로 맞습니다 (보정된 주장이라 재현은 아닙니다).",
			EN: "%s: measured %s against the published %s, within ±%s%%: consistent with the published explanation (a calibrated claim, so not a reproduction)."},
		"exp.claim.v.inconsistent": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s, 허용 ±%[4]s%% 밖: 입력을 발표값에 맞췄는데도 설명의 산술이 맞지 않습니다.",
			EN: "%s: measured %s against the published %s, outside ±%s%%: inconsistent, even with its inputs set from the published figures the explanation's arithmetic does not come out."},
		"exp.claim.calibrated": {
			KO: "보정됨: 이 실행의 입력은 발표된 %s에서 정했습니다.",
			EN: "Calibrated: this run's inputs were set from the published %s."},
		"exp.verdict.consistent":   {KO: "맞음 (보정)", EN: "consistent (calibrated)"},
		"exp.verdict.inconsistent": {KO: "안 맞음 (보정)", EN: "inconsistent (calibrated)"},
		"exp.md.calibrated":        {KO: "보정", EN: "calibrated"},
		"exp.md.engine.measured":   {KO: "%s: 잰 값", EN: "%s: measured"},
		"exp.md.engine.verdict":    {KO: "%s: 판정", EN: "%s: verdict"},
		"exp.sum.total.jvm": {
			KO: "JVM 엔진: 주장 %d개: %s.",
			EN: "On the JVM engine: %d claims (%s)."},
		"exp.sum.calibrated": {
			KO: "보정된 주장 %d개 (입력을 발표된 결과에서 정함: 맞음이나 안 맞음일 뿐 재현이 아닙니다): %s.",
			EN: "Calibrated claims: %d (their inputs were set from published outputs, so each is consistent or inconsistent, not a reproduction): %s."},
		"exp.sum.central.engine": {
			KO: "%s 엔진: ",
			EN: "%s engine: "},

		"exp.ls.jvm.recipe": {
			KO: "JVM 엔진, 책의 모양 그대로: 플랫폼 스레드 하나의 Selector 하나가 연결을 받고 답하며, 같은 JVM의 클라이언트 스레드 하나가 SocketChannel N개의 non-blocking connect()를 잇달아 모두 부른 뒤 Selector 하나로 요청을 보내고 답을 읽습니다 (우리 Java 프로그램, %[1]s). 실행마다 새 JVM이고, 실험의 첫 조건 앞에서만 세지 않는 워밍업 JVM 하나를 돌립니다 (페이지 캐시와 클래스 데이터를 데웁니다). 조건, 횟수, 판정은 Go 엔진과 같습니다 (연결 500개도 여기서는 이 클라이언트가 엽니다). 스레드 수는 서버가 아직 도는 동안 ThreadMXBean이 센 JVM의 플랫폼 스레드이고 (제어 채널을 읽는 waitlab의 스레드 하나는 뺍니다), OS 스레드 최대는 실행 중 /proc에서 본 값입니다.",
			EN: "The JVM engine, in the chapter's shape: one Selector on one platform thread accepts and answers, and one client thread in the same JVM issues N SocketChannels' non-blocking connect() back to back, then sends the requests and reads the answers from one Selector (our own Java program, %s). Each run is a fresh JVM; one uncounted warm-up JVM runs before the first condition only (it warms the page cache and the class data the others map); the conditions, run counts and judging are the Go engine's (the 500 connections are opened by this client too). Threads are the JVM's platform threads counted by ThreadMXBean while the server still serves (less waitlab's one control-channel reader); the OS threads peak is what /proc showed while it ran."},
		"exp.ls.jvm.scaling": {
			KO: "JVM은 고정하지 않습니다: 책처럼 서버와 클라이언트가 한 JVM에 있어 이 기계의 코어를 함께 씁니다. ListenOverflows와 ListenDrops는 JVM이 사는 동안 커널 카운터(/proc/net/netstat)의 증가분입니다.",
			EN: "The JVM is not pinned: as in the chapter, server and client share one JVM and this machine's cores. ListenOverflows and ListenDrops are the kernel counters' rise (/proc/net/netstat) over the JVM's life."},
		"exp.ls.jvm.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 8코어 노트북의 JDK 25이고, 여기서는 2코어를 이웃과 나눠 쓰는 같은 JDK 25입니다. 프로그램은 책의 설명에서 쓴 우리 것이라 요청 해석과 응답이 책의 코드와 똑같지는 않습니다.",
			EN: "What differs and why: the published run was JDK 25 on an 8-core laptop; here the same JDK 25 on 2 cores shared with neighbours. The program is ours, written from the chapter's description, so its request parsing and answers are not the chapter's code."},
		"exp.claim.ls.threads.why.jvm": {
			KO: "ThreadMXBean은 자바 스레드만 셉니다: main, 셀렉터 루프, 그리고 JVM의 참조 처리, finalizer, 시그널, 알림, cleaner 스레드입니다. GC와 JIT 컴파일러 스레드는 OS 스레드라 세지 않으며, 그 수는 OS 스레드 최대 열에 있고 코어 수를 따라 늘어납니다 (발표된 실행은 8코어).",
			EN: "ThreadMXBean counts Java threads only: main, the selector loop, and the JVM's reference handler, finalizer, signal dispatcher, notification and cleaner threads. The GC and JIT compiler threads are OS threads it does not count; they are in the OS threads peak column, and their number grows with the cores (the published run had 8)."},
		"exp.bl.jvm.label": {KO: "%s, JVM", EN: "%s, JVM"},
		"exp.bl.jvm.recipe": {
			KO: "JVM 엔진, 책의 모양 그대로, 소켓 없이: 작업 대기열을 가진 루프 스레드들이 한꺼번에 도착한 작업을 받고 (작업 i는 루프 i mod 루프 수), 99%%는 루프에서 CPU 200 µs를 쓰며, 1%%는 루프에서 100 ms 잠들거나(onloop) 플랫폼 스레드 풀에 넘겨집니다(offload). 막는 작업은 백 개에 하나씩 모든 루프에 차례로 놓입니다. p50/p99/최대는 막지 않는 작업만, 처리량은 작업 수 ÷ 전체 처리 시간입니다 (우리 Java 프로그램, %[1]s). 조건마다 새 JVM 하나가 세지 않는 워밍업 배치 뒤 %[2]d회 돌립니다. 모델 열은 같은 규모의 모델입니다.",
			EN: "The JVM engine, in the chapter's shape, without sockets: loop threads with task queues take a burst of tasks (task i to loop i mod loops); 99%% spend 200 µs of CPU on their loop, 1%% sleep 100 ms on the loop (onloop) or are handed to a pool of platform threads (offload), one blocking task in every hundred, falling on every loop in turn. p50/p99/max are over the non-blocking tasks, throughput is tasks ÷ batch time (our own Java program, %s). Each condition is one fresh JVM: an uncounted warm-up batch, then %d counted ones. The model column is the model at the same scale."},
		"exp.bl.jvm.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 8코어 노트북의 JDK 25에서 루프 여덟 개였고, 여기서는 Go 엔진과 똑같이 코어 수에 맞춰 줄인 조건을 같은 JDK 25에서 돌립니다. 프로그램은 책의 설명에서 쓴 우리 것입니다. JVM에는 감시견이 없어 루프 멈춤을 세지 않습니다.",
			EN: "What differs and why: the published run was eight loops on JDK 25 on an 8-core laptop; here the same JDK 25 runs the conditions scaled to this machine's cores exactly as the Go engine's are. The program is ours, written from the chapter's description. There is no watchdog in the JVM, so loop stalls are not counted."},
		"exp.log.jvm.recipe": {
			KO: "JVM 엔진: Debian의 Tomcat(우리 서블릿, maxThreads %[1]d, acceptCount %[7]d, maxConnections %[8]d)에서 요청마다 Logback으로 한 줄을 씁니다: 동기(FileAppender), Logback의 AsyncAppender 뒤(대기열이 80%% 차면 INFO 줄을 버림), 또는 쓰지 않음. 핸들러는 Go 엔진과 같은 요청당 CPU %[2]s ms를 쓰고 다운스트림 호출만큼 %[3]s ms 기다립니다 (JVM 서버에는 다운스트림 클라이언트가 없어 잠듭니다). 잠금은 없습니다. 가상 사용자 %[1]d명(닫힌 모델)이 %.0[4]f초 동안 보내고, 워밍업 %.1[5]f초는 세지 않습니다. 조건마다 %[6]d회, 실행마다 새 Tomcat입니다. 발표된 출력에서 맞춘 것은 없습니다: Logback은 제 비용대로 씁니다.",
			EN: "The JVM engine: Debian's Tomcat (our servlet; maxThreads %d, acceptCount %[7]d, maxConnections %[8]d) writes one line per request with Logback: synchronously (a FileAppender), behind Logback's AsyncAppender (which drops INFO lines once its queue is 80%% full), or not at all. The handler spends the Go engine's %[2]s ms of CPU per request and waits as long as its downstream call, %[3]s ms (a sleep: the JVM servers have no downstream client); no lock. %[1]d virtual users (closed model) send for %.0[4]f s after an uncounted %.1[5]f s warm-up; %[6]d runs per condition, a fresh Tomcat each. Nothing is set from the published outputs: Logback costs what it costs."},
		"exp.log.col.lines": {KO: "요청당 쓴 줄", EN: "lines written per request"},
		"exp.log.jvm.nolock": {
			KO: "JVM 엔진에서는 재지 않았습니다: JVM 서버(launch)에는 아직 검증 잠금과 다운스트림 클라이언트가 없습니다 (--validate-lock과 --downstream을 거절합니다).",
			EN: "Not measured on the JVM engine: the JVM servers (launch) have no validation lock and no downstream client yet (they refuse --validate-lock and --downstream)."},
		"exp.log.jvm.nodebug": {
			KO: "JVM 엔진에서는 재지 않았습니다: JVM 서버의 요청 로그에는 줄의 레벨과 따로 로거 레벨을 정하는 설정이 아직 없습니다.",
			EN: "Not measured on the JVM engine: the JVM servers' request log has no setting yet for a logger level apart from the line's."},
		"exp.log.jvm.lines": {
			KO: "Logback이 동기로 요청당 %s줄을 썼고, 그 비용은 로그 없음 대비 처리량의 %s%%입니다 (줄 수는 Tomcat의 카운터, 워밍업 포함).",
			EN: "Logback wrote %s lines per request synchronously, at a cost of %s%% of the throughput without logging (the lines are Tomcat's counters, warm-up included)."},
		"exp.log.jvm.async": {
			KO: "AsyncAppender 뒤에서는 처리량 비용이 %s%%이고, 요청당 %s줄을 썼으며 요청의 %s%%에 해당하는 줄을 버렸습니다.",
			EN: "Behind the AsyncAppender the cost was %s%% of the throughput; it wrote %s lines per request and dropped lines for %s%% of the requests."},
		"exp.log.jvm.why": {
			KO: "다른 점과 그 까닭: 발표된 서비스는 2코어 컨테이너의 Spring과 Logback이었고, 여기서는 코어 하나에 고정된 Debian의 Tomcat과 Logback입니다. 줄의 형식(시각, 스레드, 레벨, 로거, 메시지)은 흔한 Logback 패턴이지만 발표된 서비스의 패턴과 MDC는 알 수 없습니다.",
			EN: "What differs and why: the published service was Spring with Logback in 2-core containers; here Debian's Tomcat with Logback, pinned to one core. The line's pattern (time, thread, level, logger, message) is a common Logback one; the published service's pattern and MDC are not known."},
		"exp.th.jvm.recipe": {
			KO: "JVM 엔진: Debian의 Tomcat(우리 서블릿, acceptCount %[8]d, maxConnections %[9]d)에서 플랫폼 스레드 풀(maxThreads) 200개와 1,600개를 비교합니다. 핸들러는 Go 엔진처럼 요청당 CPU %[1]s{와/과} %[3]d ms 호출 %[2]d번을 씁니다 (JVM 서버에는 다운스트림 클라이언트가 없어 잠듭니다). 가상 사용자 %[4]s명(닫힌 모델)이 한꺼번에 연결해 제한 시간 %.0[5]f초로 보내고, 실행마다 새 Tomcat을 워밍업 없이 %.0[6]f초 잽니다. 조건마다 %[7]d회. 오류는 생성기가 본 종류별로 나눕니다.",
			EN: "The JVM engine: Debian's Tomcat (our servlet; acceptCount %[8]d, maxConnections %[9]d) with a pool (maxThreads) of 200 and of 1,600 platform threads. As on the Go engine the handler spends %[1]s of CPU per request and makes %[2]d calls of %[3]d ms (sleeps: the JVM servers have no downstream client). %[4]s virtual users (closed model) connect at once and send with a %.0[5]f s timeout; each run is a fresh Tomcat measured for %.0[6]f s with no warm-up, %[7]d runs per condition. The errors are broken down by kind as the generator saw them."},
		"exp.th.jvm.col.timeout": {KO: "타임아웃 (건)", EN: "timeouts"},
		"exp.th.jvm.col.reset":   {KO: "리셋·닫힘 (건)", EN: "resets and closes"},
		"exp.th.jvm.col.refused": {KO: "연결 거절 (건)", EN: "refused connects"},
		"exp.th.jvm.col.threads": {KO: "JVM 플랫폼 스레드 최대", EN: "JVM platform threads peak"},
		"exp.th.jvm.kinds": {
			KO: "오류의 종류 (실행의 중앙값): 스레드 1,600개에서 타임아웃 %s건, 리셋·닫힘 %s건, 연결 거절 %s건, 200개에서 %s건, %s건, %s건입니다. JVM의 플랫폼 스레드는 최대 %s개와 %s개였습니다.",
			EN: "The errors by kind (medians of the runs): at 1,600 threads %s timeouts, %s resets and closes, %s refused connects; at 200, %s, %s and %s. The JVM's platform threads peaked at %s and %s."},
		"exp.ls.col.jvmthreads": {KO: "플랫폼 스레드 (ThreadMXBean)", EN: "platform threads (ThreadMXBean)"},

		"exp.fig.vl.on":       {KO: "잠금 켬 76 TPS", EN: "76 TPS with the lock"},
		"exp.fig.vl.off":      {KO: "잠금 끔 700 TPS", EN: "700 TPS without the lock"},
		"exp.fig.log.lock59":  {KO: "잠금 안의 로그와 함께 59 TPS", EN: "59 TPS with the line logged inside the lock"},
		"exp.fig.x.pool60":    {KO: "사용자 60명에서 풀 451 TPS", EN: "451 TPS of the pool at 60 users"},
		"exp.fig.x.loop60":    {KO: "사용자 60명에서 루프 655 TPS", EN: "655 TPS of the loops at 60 users"},
		"exp.fig.x.pool1000":  {KO: "사용자 1,000명에서 풀 941 TPS", EN: "941 TPS of the pool at 1,000 users"},
		"exp.fig.x.loop1000":  {KO: "사용자 1,000명에서 루프 698 TPS", EN: "698 TPS of the loops at 1,000 users"},
		"exp.fig.wp.blocking": {KO: "블로킹 쪽 210 TPS", EN: "210 TPS of the blocking side"},
		"exp.fig.wp.nonblock": {KO: "논블로킹 쪽 1,000 TPS", EN: "1,000 TPS of the non-blocking side"},
	})
}
