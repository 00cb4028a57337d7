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
			KO: "JVM 조리법이 아직 없습니다: JVM 서버(launch의 Tomcat과 Netty)는 있지만 이 실험의 JVM 쪽은 아직 쓰지 않았습니다.",
			EN: "No JVM recipe yet: the JVM servers (launch's Tomcat and Netty) are there, but this experiment's JVM side is not written yet."},
		"exp.x.jvm.recipe": {
			KO: "JVM 엔진: 같은 읽기 요청을 Debian의 Tomcat 스레드 풀(플랫폼 스레드 %[4]d개, acceptCount %[9]d, maxConnections %[10]d)과 Netty 이벤트 루프(서버 코어마다 하나, %[5]d개)에서 돌립니다. 요청마다 CPU %[1]s ms를 돌리고 %[3]d ms 호출을 %[2]d번 합니다: 풀은 스레드를 쥔 채 차례로(잠듦), 루프는 한꺼번에(루프에 예약, 리액티브 쪽의 겹침). 이 값들은 어림수이고 발표된 네 TPS에서 정한 것이 아닙니다. Tomcat과 Netty는 제 CPU를 더 씁니다. 폐쇄형 모델의 가상 사용자가 %.0[6]f초 동안 보내고, 그 앞의 %.1[7]f초는 워밍업으로 세지 않습니다. 조건마다 %[8]d회, 실행마다 새 서버.",
			EN: "The JVM engine: the same read request on a Debian Tomcat thread pool (%[4]d platform threads; acceptCount %[9]d, maxConnections %[10]d) and on Netty event loops (one per server core, %[5]d). Each request spins %[1]s ms of CPU and makes %[2]d calls of %[3]d ms: on the pool one after another, holding its thread (sleeps); on the loop all at once (scheduled on it, the reactive side's overlap). These are round figures, not set from the four published TPS; Tomcat and Netty add their own CPU. Closed-model virtual users send for %.0[6]f s after an uncounted %.1[7]f s warm-up; %[8]d run{s} per condition, a fresh server each."},
		"exp.x.jvm.row.pool": {KO: "Tomcat 풀, 가상 사용자 %s명", EN: "Tomcat pool, %s virtual users"},
		"exp.x.jvm.row.loop": {KO: "Netty 루프, 가상 사용자 %s명", EN: "Netty loops, %s virtual users"},
		"exp.x.jvm.errors.notrun": {
			KO: "JVM 쪽은 가상 사용자 %s명까지만 돌립니다: 5,000명은 이 기계의 생성기 코어 하나로 서버보다 생성기를 먼저 재게 됩니다.",
			EN: "The JVM side runs up to %s users only: at 5,000, this machine's one generator core would measure the generator before the server."},
		"exp.x.jvm.note": {
			KO: "가상 사용자 %[1]s명: 요청당 서버 CPU는 Tomcat 풀 %[2]s ms, Netty 루프 %[3]s ms. 예측 처리량 = min(동시 처리 수 ÷ (CPU + 대기), 코어 ÷ CPU)은 풀 초당 %[4]s건, 루프 초당 %[5]s건이고, 잰 값은 초당 %[6]s건과 %[7]s건입니다.",
			EN: "%[1]s users: server CPU per request, Tomcat pool %[2]s ms, Netty loops %[3]s ms; predicted throughput, min(requests in flight ÷ (CPU + waits), cores ÷ CPU), pool %[4]s/s and loops %[5]s/s; measured %[6]s/s and %[7]s/s."},
		"exp.x.jvm.why": {
			KO: "다른 점과 그 까닭: 여기서 두 쪽의 차이는 Tomcat과 Netty가 요청마다 쓰는 CPU와 호출의 겹침뿐입니다. 발표된 격차의 일부는 Spring MVC와 WebFlux(리액티브 파이프라인) 자체의 비용인데, 우리 서블릿과 Netty 핸들러에는 그 비용이 없습니다. 그래서 이 엔진의 판정은 발표된 배수가 아니라 이 실행의 예측과 견줍니다.",
			EN: "What differs and why: here the two sides differ only in the CPU Tomcat and Netty spend per request and in the calls' overlap. Part of the published gap is Spring MVC's and WebFlux's own costs (the reactive pipeline), which our servlet and Netty handler do not have; so this engine judges against this run's prediction, not the published multiple."},
		"exp.sd.jvm.recipe": {
			KO: "JVM 엔진: Debian의 Tomcat(우리 서블릿, maxThreads %[1]d, acceptCount %[8]d, maxConnections %[9]d)에서 요청마다 우리 블로킹 RESP 클라이언트로 내장 지연 서버를 %[2]d번 조회합니다. 1부: 다운스트림은 명령마다 %[3]d ms 뒤에 답하고, 조회는 차례로 하거나 동시에(요청의 스레드가 기다리는 동안 조회마다 보조 스레드) 합니다. 개방형 모델로 초당 %[4]s건(pool 한계의 절반)을 보냅니다. 실행마다 새 Tomcat에 %.1[5]f초를 재고, 그 앞의 %.1[6]f초는 워밍업으로 세지 않습니다. 조건마다 %[7]d회. 대기열 한도는 없습니다(Tomcat의 기본값).",
			EN: "The JVM engine: Debian's Tomcat (our servlet; maxThreads %[1]d, acceptCount %[8]d, maxConnections %[9]d); each request makes %[2]d lookups to the built-in delay server through our blocking RESP client. Part one: the downstream answers every command %[3]d ms after it arrives; the lookups go one after another or all at once (each on a helper thread while the request's thread waits), open model at %[4]s req/s (half the pool's ceiling). Each run is a fresh Tomcat measured for %.1[5]f s after an uncounted warm-up of %.1[6]f s; %[7]d run{s} per condition. No queue bound (Tomcat's defaults)."},
		"exp.sd.jvm.fanout": {
			KO: "Tomcat pool의 p50: 차례로 %[1]s ms, 동시에 %[2]s ms. 다운스트림이 실제로 준 지연 %[3]s ms와 요청당 서버 CPU %[4]s ms로 예측한 배수 (CPU + 10 × 지연) ÷ (CPU + 지연) = %[5]s배, 잰 배수 %[6]s배.",
			EN: "Tomcat pool p50: %[1]s ms in sequence, %[2]s ms in parallel. From the delay the downstream gave, %[3]s ms, and the server CPU per request, %[4]s ms, the predicted multiple (CPU + 10 × delay) ÷ (CPU + delay) is %[5]s×; measured %[6]s×."},
		"exp.sd.jvm.little": {
			KO: "다운스트림이 느려진 뒤 리틀의 법칙: 초당 %[1]s건 × %[2]s초 ≈ 처리 중 %[3]s건, Tomcat 스레드 %[4]d개와 견줍니다 (pool의 한계는 스레드 ÷ (조회 10번 × 50 ms) = 초당 %[5]s건). 스레드 수를 넘는 %[6]s건은 스레드를 기다립니다 (p50을 평균 대신 썼습니다).",
			EN: "Little's law after the downstream slows: %[1]s req/s × %[2]s s ≈ %[3]s in flight, against Tomcat's %[4]d threads (the pool's ceiling, threads ÷ (10 lookups × 50 ms), is %[5]s req/s); the %[6]s beyond the threads wait for one (p50 in place of the mean)."},
		"exp.sd.jvm.noloop": {
			KO: "JVM에서는 재지 않습니다: 우리 Netty 핸들러의 다운스트림 호출은 블로킹 RESP 클라이언트라 루프를 막습니다. 리액티브 쪽처럼 기다리는 동안 루프를 놓아 주려면 논블로킹 Redis 클라이언트(Lettuce, Reactor)가 필요한데 여기에는 없습니다.",
			EN: "Not run on the JVM: our Netty handler's downstream calls use the blocking RESP client and so block its loop; releasing the loop while they wait, as the reactive side did, needs a non-blocking Redis client (Lettuce, Reactor), which is not here."},
		"exp.claim.v.reproduced.pred": {
			KO: "%[1]s: 잰 값 %[2]s, 이 실행의 예측 %[3]s, 허용 ±%[4]s%% 안: 재현되었습니다.",
			EN: "%s: measured %s against this run's prediction %s, within ±%s%%: reproduced."},
		"exp.claim.v.direction.pred": {
			KO: "%[1]s: 잰 값 %[2]s, 이 실행의 예측 %[3]s: 방향은 같지만 크기가 허용 ±%[4]s%% 밖입니다 (방향만).",
			EN: "%s: measured %s against this run's prediction %s: the same direction, but the size is outside ±%s%% (direction only)."},
		"exp.claim.v.not_reproduced.pred": {
			KO: "%[1]s: 잰 값 %[2]s, 이 실행의 예측 %[3]s: 허용 ±%[4]s%% 밖이고 예측된 쪽의 효과도 아닙니다: 재현되지 않았습니다.",
			EN: "%s: measured %s against this run's prediction %s: outside ±%s%% and not an effect in the predicted direction: not reproduced."},
		"exp.claim.v.undecided.pred": {
			KO: "%[1]s: 잰 값 %[2]s, 이 실행의 예측 %[3]s: 구간이 허용 ±%[4]s%%의 경계나 효과 없음의 선에 걸칩니다: 미정, 더 돌려야 합니다.",
			EN: "%s: measured %s against this run's prediction %s: the interval straddles the ±%s%% boundary or the no-effect line: undecided, run more."},
		"exp.claim.predicted": {
			KO: "이 엔진에서는 메커니즘 주장으로, 이 실행이 직접 잰 값으로 계산한 예측과 비교했습니다 (출처가 제 비용에서 발표한 값은 %s입니다).",
			EN: "On this engine it is a mechanism claim, judged against the prediction computed from this run's own measurements (the source published %s at its own costs)."},
		"exp.claim.nopredict": {
			KO: "예측에 필요한 값(잠금을 쥔 시간이나 요청당 CPU)을 이 실행에서 재지 못했습니다.",
			EN: "This run did not measure what the prediction needs (how long the lock was kept, or the CPU per request)."},
		"exp.md.predicted": {KO: "예측 %s", EN: "predicted %s"},
		"exp.vl.jvm.recipe": {
			KO: "JVM 엔진: Debian의 Tomcat(우리 서블릿, acceptCount %[6]d, maxConnections %[7]d)의 스레드 풀이 요청마다 우리 블로킹 RESP 클라이언트로 실제 redis-server에 GET을 한 번 보냅니다. Redis는 출처가 적은 왕복 %[1]s ms만큼 떨어진 곳에 둡니다 (지연 프록시 뒤; 발표된 76·700 TPS에서 정한 값이 아닙니다). 잠금이 있으면 그 전에 프로세스 하나뿐인 잠금(synchronized)을 잡고 PING 왕복을 하며, 서버는 잠금을 쥔 시간을 잽니다. 핸들러는 CPU를 따로 돌리지 않습니다: Tomcat과 RESP 클라이언트가 제 비용대로 씁니다. 폐쇄형 모델의 가상 사용자 수는 스레드 수와 같고, 실행마다 새 Tomcat을 %.0[2]f초 재며 그 앞의 %.1[3]f초는 워밍업으로 세지 않습니다. 조건마다 %[4]d회. 서버 코어 %[5]d개.",
			EN: "The JVM engine: Debian's Tomcat (our servlet; acceptCount %[6]d, maxConnections %[7]d), a thread pool whose every request sends one GET to a real redis-server through our blocking RESP client. Redis sits the source's stated round trip away, %[1]s ms (behind the latency proxy; not set from the published 76 and 700 TPS). With the lock, each request first takes one process-wide lock (synchronized) and makes a PING round trip under it, and the server measures how long the lock is held. The handler spins no CPU of its own: Tomcat and the RESP client cost what they cost. As many virtual users (closed model) as threads; each run is a fresh Tomcat measured for %.0[2]f s after an uncounted %.1[3]f s warm-up; %[4]d run{s} per condition; server cores: %[5]d."},
		"exp.vl.jvm.col.hold":   {KO: "잠금을 쥔 시간 (ms)", EN: "lock held per request (ms)"},
		"exp.vl.jvm.col.cmds":   {KO: "요청당 응답받은 RESP 명령 (서버가 셈)", EN: "RESP commands answered per request (counted by the server)"},
		"exp.vl.jvm.col.cpureq": {KO: "요청당 서버 CPU (ms)", EN: "server CPU per request (ms)"},
		"exp.vl.jvm.noredis": {
			KO: "redis-server가 없어 JVM 쪽을 재지 못했습니다: 이 실험의 JVM 쪽은 실제 Redis를 다운스트림으로 씁니다 (sudo apt-get install -y redis-server).",
			EN: "redis-server is not installed, so the JVM side was not measured: it uses a real Redis as the downstream (sudo apt-get install -y redis-server)."},
		"exp.vl.jvm.redisfailed": {
			KO: "redis-server를 띄우지 못해 JVM 쪽을 재지 못했습니다: %v",
			EN: "redis-server could not be started, so the JVM side was not measured: %v"},
		"exp.vl.jvm.mechanism": {
			KO: "메커니즘: 잠금이 있으면 요청마다 잠금을 %[1]s ms 쥐므로 처리량의 상한은 1 ÷ %[1]s ms = 초당 %[2]s건이고, 잰 값은 초당 %[3]s건입니다. 잠금이 없으면 요청당 서버 CPU %[4]s ms가 서버 코어 %[5]d개를 채워 상한이 초당 %[6]s건이고, 잰 값은 초당 %[7]s건입니다. 그래서 잠금을 끄면 처리량이 쥔 시간 ÷ 요청당 CPU × 코어 = %[8]s배가 되리라 예측하고, 잰 배수는 %[9]s배입니다. 출처의 9.2배는 제 비용(잠금 약 13 ms, 요청당 CPU 약 1.4 ms)에서 나온 값입니다.",
			EN: "The mechanism: with the lock each request keeps it %[1]s ms, so throughput is capped at 1 ÷ %[1]s ms = %[2]s/s; measured %[3]s/s. Without it the server's CPU per request, %[4]s ms, fills the server's cores (%[5]d): a ceiling of %[6]s/s; measured %[7]s/s. So turning the lock off should multiply throughput by the lock's time ÷ CPU per request × cores = %[8]s×; measured %[9]s×. The source's 9.2× comes from its own costs (the lock kept about 13 ms, about 1.4 ms of CPU per request)."},
		"exp.vl.jvm.quick": {
			KO: "--quick은 스레드 1,600개를 돌리지 않습니다 (가상 사용자마다 잠금 앞에서 기다리는 시간이 전체 실행의 몫입니다).",
			EN: "--quick does not run 1,600 threads (each user's wait at the lock belongs to a full run)."},

		"exp.agree.head": {
			KO: "엔진 비교: 두 엔진에서 모두 잰 주장 %[2]d개 가운데 %[1]d개의 판정이 같습니다 (한 엔진에서만 재거나 재지 않은 주장 %[3]d개).",
			EN: "Engines: %d of the %d claims measured on both have the same verdict (%d {was/were} measured on one engine or neither)."},
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
		"exp.sum.total.go": {
			KO: "Go 엔진: 주장 %d개: %s.",
			EN: "On the Go engine: %d claims (%s)."},
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
			KO: "JVM 엔진: Debian의 Tomcat(우리 서블릿, maxThreads %[1]d, acceptCount %[7]d, maxConnections %[8]d)에서 요청마다 Logback으로 한 줄을 씁니다: 동기(FileAppender), Logback의 AsyncAppender 뒤(대기열이 80%% 차면 INFO 줄을 버림), 또는 쓰지 않음. 전체 실행은 줄마다 DEBUG로 쓰고 로거는 INFO인 행(Logback이 걸러냄)을 더합니다. 핸들러는 Go 엔진과 같은 요청당 CPU %[2]s ms를 쓰고 다운스트림 호출만큼 %[3]s ms 기다립니다 (잠듭니다). 잠금 행 둘은 검증 잠금 안에서 Redis(2 ms 떨어진 곳)에 PING을 보내고, 그중 하나는 잠금을 쥔 스레드가 Logback 한 줄을 더 씁니다. 가상 사용자 %[1]d명(폐쇄형 모델)이 %.0[4]f초 동안 보내고, 워밍업 %.1[5]f초는 세지 않습니다. 조건마다 %[6]d회, 실행마다 새 Tomcat입니다. 발표된 출력에서 맞춘 것은 없습니다: Logback은 제 비용대로 씁니다.",
			EN: "The JVM engine: Debian's Tomcat (our servlet; maxThreads %d, acceptCount %[7]d, maxConnections %[8]d) writes one line per request with Logback: synchronously (a FileAppender), behind Logback's AsyncAppender (which drops INFO lines once its queue is 80%% full), or not at all; a full run adds every line at DEBUG with the logger at INFO (filtered by Logback). The handler spends the Go engine's %[2]s ms of CPU per request and waits as long as its downstream call, %[3]s ms (a sleep). The two lock rows send a PING to Redis (2 ms away) inside the validation lock, and in one of them the lock's holder writes one more Logback line. %[1]d virtual users (closed model) send for %.0[4]f s after an uncounted %.1[5]f s warm-up; %[6]d run{s} per condition, a fresh Tomcat each. Nothing is set from the published outputs: Logback costs what it costs."},
		"exp.log.col.lines": {KO: "요청당 쓴 줄", EN: "lines written per request"},
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
			KO: "JVM 엔진: Debian의 Tomcat(우리 서블릿, acceptCount %[8]d, maxConnections %[9]d)에서 플랫폼 스레드 풀(maxThreads) 200개와 1,600개를 비교합니다. 핸들러는 Go 엔진처럼 요청당 CPU %[1]s{와/과} %[3]d ms 호출 %[2]d번을 씁니다 (JVM 서버에는 다운스트림 클라이언트가 없어 잠듭니다). 가상 사용자 %[4]s명(폐쇄형 모델)이 한꺼번에 연결해 제한 시간 %.0[5]f초로 보내고, 실행마다 새 Tomcat을 워밍업 없이 %.0[6]f초 잽니다. 조건마다 %[7]d회. 오류는 생성기가 본 종류별로 나눕니다.",
			EN: "The JVM engine: Debian's Tomcat (our servlet; acceptCount %[8]d, maxConnections %[9]d) with a pool (maxThreads) of 200 and of 1,600 platform threads. As on the Go engine the handler spends %[1]s of CPU per request and makes %[2]d calls of %[3]d ms (sleeps: the JVM servers have no downstream client). %[4]s virtual users (closed model) connect at once and send with a %.0[5]f s timeout; each run is a fresh Tomcat measured for %.0[6]f s with no warm-up, %[7]d run{s} per condition. The errors are broken down by kind as the generator saw them."},
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
