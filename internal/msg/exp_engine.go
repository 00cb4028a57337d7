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
		"exp.engine.go":  {KO: "Go", EN: "Go"},
		"exp.engine.jvm": {KO: "JVM", EN: "JVM"},
		"exp.note.nojvm": {
			KO: "JVM 엔진은 돌리지 않았습니다 (Go 엔진만): %s",
			EN: "The JVM engine did not run (Go only): %s"},
		"exp.jvm.failed": {
			KO: "JVM 엔진이 실패해 이 주장을 JVM에서 재지 못했습니다: %v",
			EN: "The JVM engine failed, so this was not measured on the JVM: %v"},
		"exp.jvm.none": {
			KO: "JVM 조리법이 아직 없습니다: 현장 보고의 서버를 JVM에서 돌리려면 (pool과 virtual은 Tomcat, loop와 offload는 Netty, Logback과 Redis 클라이언트) Tomcat/Netty 자식 프로세스 시작기(이슈 41)가 필요한데 아직 main에 없습니다.",
			EN: "No JVM recipe yet: the field report's servers on the JVM (Tomcat for pool and virtual, Netty for loop and offload, with Logback and a Redis client) need the Tomcat/Netty child starter (issue 41), which is not on main yet."},
		"exp.lab.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: 실습의 풀, 루프, 가상 스레드를 JVM에서 돌리려면 JVM 실행기(이슈 40)가 필요한데 아직 main에 없습니다.",
			EN: "No JVM recipe yet: the lab's pool, loops and virtual threads on the JVM need the JVM executor (issue 40), which is not on main yet."},
		"exp.db-on-loop.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: JVM 실행기(이슈 40)와 MariaDB용 JDBC 드라이버가 필요합니다.",
			EN: "No JVM recipe yet: it needs the JVM executor (issue 40) and a JDBC driver for MariaDB."},
		"exp.write-path.nojvm": {
			KO: "JVM 조리법이 아직 없습니다: Tomcat/Netty 자식 프로세스 시작기(이슈 41)가 필요하고, 발표된 논블로킹 쪽의 R2DBC와 Reactor 연산자 비용은 여기 있는 것으로 만들 수 없습니다.",
			EN: "No JVM recipe yet: it needs the Tomcat/Netty child starter (issue 41), and the published non-blocking side's R2DBC and Reactor operator overhead cannot be built from what is here."},

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
			KO: "JVM 엔진, 책의 모양 그대로: 플랫폼 스레드 하나의 Selector 하나가 연결을 받고 답하며, 같은 JVM의 클라이언트 스레드 하나가 SocketChannel N개의 non-blocking connect()를 잇달아 모두 부른 뒤 Selector 하나로 요청을 보내고 답을 읽습니다 (우리 Java 프로그램, %[1]s). 실행마다 새 JVM이고, 앞의 워밍업 1회는 세지 않습니다. 조건, 횟수, 판정은 Go 엔진과 같습니다 (연결 500개도 여기서는 이 클라이언트가 엽니다). 스레드 수는 서버가 아직 도는 동안 ThreadMXBean이 센 JVM의 플랫폼 스레드이고 (제어 채널을 읽는 waitlab의 스레드 하나는 뺍니다), OS 스레드 최대는 실행 중 /proc에서 본 값입니다.",
			EN: "The JVM engine, in the chapter's shape: one Selector on one platform thread accepts and answers, and one client thread in the same JVM issues N SocketChannels' non-blocking connect() back to back, then sends the requests and reads the answers from one Selector (our own Java program, %s). Each run is a fresh JVM, after one uncounted warm-up; the conditions, run counts and judging are the Go engine's (the 500 connections are opened by this client too). Threads are the JVM's platform threads counted by ThreadMXBean while the server still serves (less waitlab's one control-channel reader); the OS threads peak is what /proc showed while it ran."},
		"exp.ls.jvm.scaling": {
			KO: "JVM은 고정하지 않습니다: 책처럼 서버와 클라이언트가 한 JVM에 있어 이 기계의 코어를 함께 씁니다. ListenOverflows와 ListenDrops는 JVM이 사는 동안 커널 카운터(/proc/net/netstat)의 증가분입니다.",
			EN: "The JVM is not pinned: as in the chapter, server and client share one JVM and this machine's cores. ListenOverflows and ListenDrops are the kernel counters' rise (/proc/net/netstat) over the JVM's life."},
		"exp.ls.jvm.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 8코어 노트북의 JDK 25이고, 여기서는 2코어를 이웃과 나눠 쓰는 같은 JDK 25입니다. 프로그램은 책의 설명에서 쓴 우리 것이라 요청 해석과 응답이 책의 코드와 똑같지는 않습니다.",
			EN: "What differs and why: the published run was JDK 25 on an 8-core laptop; here the same JDK 25 on 2 cores shared with neighbours. The program is ours, written from the chapter's description, so its request parsing and answers are not the chapter's code."},
		"exp.claim.ls.threads.why.jvm": {
			KO: "ThreadMXBean은 자바 스레드만 셉니다: main, 셀렉터 루프, 그리고 JVM의 참조 처리, finalizer, 시그널, 알림, cleaner 스레드입니다. GC와 JIT 컴파일러 스레드는 OS 스레드라 세지 않으며, 그 수는 OS 스레드 최대 열에 있고 코어 수를 따라 늘어납니다 (발표된 실행은 8코어).",
			EN: "ThreadMXBean counts Java threads only: main, the selector loop, and the JVM's reference handler, finalizer, signal dispatcher, notification and cleaner threads. The GC and JIT compiler threads are OS threads it does not count; they are in the OS threads peak column, and their number grows with the cores (the published run had 8)."},
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
