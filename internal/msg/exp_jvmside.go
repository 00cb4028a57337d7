package msg

// `waitlab exp` on the JVM engine: the write path, the colocated
// generator, db-on-loop and the logging lock (issue 42's rest).
func init() {
	Register(map[string]Entry{
		"exp.co.jvm.recipe": {
			KO: "JVM 엔진: 대상 서버는 Debian의 Netty 위 우리 서버, 이벤트 루프 하나에 요청마다 CPU 200 µs를 돌립니다 (Netty는 제 CPU를 더 씁니다). 폐쇄형 모델의 가상 사용자 %d명(마지막 행은 세 배)이 보냅니다. 실행마다 새 JVM에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회. 무거운 생성기는 요청당 자기 CPU의 %.1f배를 씁니다 (발표된 에뮬레이션 이미지의 값, Go 엔진과 같은 입력). 발표된 처리량에서 맞춘 것은 없습니다.",
			EN: "The JVM engine: the target is our server on Debian's Netty, one event loop spinning 200 µs of CPU per request (Netty adds its own); %d virtual users (closed model; three times as many in the last row). Each run is a fresh JVM measured for %.1f s after an uncounted warm-up of %.1f s; %d run{s} per condition. The heavy generator spends %.1fx its own CPU per request (the published emulated image's figure, the same input as on the Go engine). Nothing is set from the published throughputs."},
		"exp.wp.jvm.recipe": {
			KO: "JVM 엔진: 요청마다 %[1]d번의 호출을 %[2]d ms씩 차례로 합니다. Debian의 Tomcat 스레드 풀(플랫폼 스레드 %[4]d개, acceptCount %[10]d, maxConnections %[11]d)에서는 호출이 그 스레드를 쥔 채 잠들고, Debian의 Netty 위 우리 서버(이벤트 루프는 서버 코어마다 하나씩 모두 %[5]d개)에서는 호출이 루프에 예약되어 루프는 다른 요청을 계속 처리합니다. 두 쪽 모두 요청마다 CPU %[3]s ms를 돌립니다 (어림수, 발표된 210과 1,000 TPS에서 정한 것이 아닙니다). Tomcat과 Netty는 제 CPU를 더 쓰고, 각 행에서 잽니다. 폐쇄형 모델의 가상 사용자 %[6]d명이 %.0[7]f초 동안 보내고, 그 앞의 %.1[8]f초는 워밍업으로 세지 않습니다. 조건마다 %[9]d회, 실행마다 새 서버. show_sql 행은 지연 0 ms의 풀에서 요청마다 Logback 한 줄을 동기로 씁니다.",
			EN: "The JVM engine: each request makes %[1]d calls of %[2]d ms, one after another: on a Debian Tomcat thread pool (%[4]d platform threads; acceptCount %[10]d, maxConnections %[11]d) each call sleeps holding the request's thread; on our server on Debian's Netty (one event loop per server core, %[5]d) each call is a wait scheduled on the loop, which goes on serving. Both sides spin %[3]s ms of CPU per request (a round figure, not set from the published 210 and 1,000 TPS); Tomcat and Netty add their own, measured in each row. %[6]d closed-model virtual users send for %.0[7]f s after an uncounted %.1[8]f s warm-up; %[9]d run{s} per condition, a fresh server each. The show_sql row writes one Logback line per request synchronously, on the pool at 0 ms."},
		"exp.wp.jvm.row.pool": {KO: "Tomcat 풀 (스레드 %d개), 호출 지연 %s ms", EN: "Tomcat pool (%d threads), calls at %s ms"},
		"exp.wp.jvm.row.loop": {KO: "Netty 루프 (%d개), 호출 지연 %s ms", EN: "Netty loops (%d), calls at %s ms"},
		"exp.wp.jvm.row.sql":  {KO: "Tomcat 풀 (스레드 %d개), 호출 지연 %s ms, 요청마다 Logback 동기 한 줄", EN: "Tomcat pool (%d threads), calls at %s ms, one synchronous Logback line per request"},
		"exp.wp.jvm.nox0": {
			KO: "JVM 엔진에서는 재지 않았습니다: 지연 0에서의 발표된 5.3배는 JPA, .block(), 블로킹 클라이언트와 R2DBC, 논블로킹 클라이언트의 요청당 CPU 차이입니다. 이 기계에는 JPA 구현(Hibernate), R2DBC, Reactor가 없습니다 (Debian 패키지가 없습니다). 우리 서블릿과 Netty 핸들러는 같은 CPU를 쓰므로 그 차이를 만들 수 없습니다.",
			EN: "Not measured on the JVM engine: the published 5.3x at 0 ms is the CPU per request of JPA, .block() and the blocking clients against R2DBC and the non-blocking ones. No JPA provider (Hibernate), R2DBC or Reactor is on this machine (none has a Debian package), and our servlet and Netty handler spend the same CPU, so that difference cannot be built here."},
		"exp.wp.jvm.note": {
			KO: "요청당 서버 CPU는 Tomcat 풀 %s ms, Netty 루프 %s ms. 예측 처리량 = min(동시 처리 수 ÷ (CPU + 대기), 코어 ÷ CPU)은 풀 초당 %s건, 루프 초당 %s건이고, 잰 값은 초당 %s건과 %s건입니다.",
			EN: "Server CPU per request: Tomcat pool %s ms, Netty loops %s ms; predicted throughput, min(requests in flight ÷ (CPU + waits), cores ÷ CPU), pool %s/s and loops %s/s; measured %s/s and %s/s."},
		"exp.wp.jvm.why": {
			KO: "다른 점과 그 까닭: 발표된 배수는 두 스택의 요청당 CPU 차이(JPA와 R2DBC)에서 나왔습니다. 여기서 두 쪽은 같은 CPU를 쓰고, 차이는 기다리는 방식뿐입니다: 풀은 스레드 수 ÷ 대기에서 막히고, 루프는 코어 ÷ CPU에서 막힙니다. 그래서 이 엔진의 판정은 발표된 배수가 아니라 이 실행의 예측과 견줍니다.",
			EN: "What differs and why: the published multiple came from the two stacks' CPU per request (JPA against R2DBC). Here both sides spend the same CPU and differ only in how they wait: the pool stops at its threads ÷ the waits, the loops at the cores ÷ the CPU. So this engine judges against this run's prediction, not the published multiple."},
		"exp.log.jvm.lock": {
			KO: "잠금을 쥔 시간은 로그 없이 %s ms, 잠금 안에서 Logback 한 줄을 쓰면 %s ms로, 차이는 %s µs입니다. 처리량의 상한 1 ÷ 잠금 시간은 초당 %s건과 %s건이고, 잰 값은 초당 %s건과 %s건입니다. 발표된 59 → 76 TPS는 잠금 안의 한 줄이 %s µs 걸려야 나오는 값입니다.",
			EN: "The lock was held %s ms without logging and %s ms with one Logback line written inside it, a difference of %s µs. The ceiling, 1 ÷ that time, is %s and %s req/s; measured %s and %s req/s. The published 59 -> 76 TPS needs a line of %s µs inside the lock."},
		"exp.claim.prednull": {
			KO: "이 실행의 측정값으로 계산한 메커니즘의 예측(%s)은 효과 없음과 허용 범위 안에서 구별되지 않습니다: 그래서 예측이 아니라 발표된 값과 견주어 판정했습니다.",
			EN: "The mechanism's prediction from this run's own measurements is %s, within the tolerance of no effect, so it cannot tell the published effect from none: the claim is judged against the published figure instead."},
		"exp.log.jvm.lockquick": {
			KO: "--quick에서는 잠금 행을 돌리지 않습니다: Tomcat 두 개를 더 띄우면 30초를 넘습니다. --only log.lock을 붙이면 잠금 행 둘만 돌립니다.",
			EN: "--quick does not run the lock rows: two more Tomcats would take it past 30 s. Add --only log.lock to run those two rows alone."},
		"exp.sum.central.absent": {
			KO: "이 엔진의 절에 없습니다 (재지 않음).",
			EN: "not in this engine's sections (not measured)."},
		"exp.sum.central.consistent": {
			KO: "보정된 주장 %d개(%s)는 발표된 설명과 맞지만(consistent) 재현이 아니므로 세지 않습니다.",
			EN: "The %d calibrated claims that are consistent (%s) are not counted: consistent with the published explanation is not a reproduction."},
		"exp.sum.central.compare.ge": {
			KO: "**엔진별 중심 주장:** 방향만 맞음 이상이 Go 엔진 %d / %d개, JVM 엔진 %d / %d개입니다: JVM 엔진이 Go 엔진만큼 또는 더 많이 이릅니다.",
			EN: "**Central claims by engine:** direction only or better on the Go engine %d of %d, on the JVM engine %d of %d: the JVM reaches at least as many as Go."},
		"exp.sum.central.compare.lt": {
			KO: "**엔진별 중심 주장:** 방향만 맞음 이상이 Go 엔진 %d / %d개, JVM 엔진 %d / %d개입니다: JVM 엔진이 Go 엔진보다 적게 이릅니다.",
			EN: "**Central claims by engine:** direction only or better on the Go engine %d of %d, on the JVM engine %d of %d: the JVM reaches fewer than Go."},
		"exp.sum.gained": {
			KO: "Go 엔진이 재현하지 못하고 JVM 엔진이 재현한 주장 %d개 (두 엔진의 잰 값):",
			EN: "The %d claims the Go engine does not reproduce and the JVM does (both engines' numbers):"},
		"exp.sum.gained.row": {
			KO: "Go 엔진 %s, %s; JVM 엔진 %s, %s",
			EN: "Go engine %s, %s; JVM engine %s, %s"},
		"exp.sum.gained.none": {
			KO: "Go 엔진이 재현하지 못하고 JVM 엔진이 재현한 주장은 없습니다.",
			EN: "Claims the Go engine does not reproduce and the JVM does: none (every claim at the top verdict on the JVM engine is at it on the Go engine too)."},
		"exp.sum.parts": {
			KO: "두 엔진의 판정이 다른 주장 %d개, 각 엔진의 문장과 그 숫자:",
			EN: "The %d claims whose verdicts differ between the engines, each engine's sentence with its numbers:"},
		"exp.sum.parts.none": {
			KO: "두 엔진의 판정이 다른 주장은 없습니다.",
			EN: "No claim's verdict differs between the engines."},
		"exp.db.jvm.recipe": {
			KO: "JVM 엔진: 실험이 직접 띄운 일회용 MariaDB(임시 데이터 디렉터리, 127.0.0.1의 빈 포트, 끝나면 지움)를 Debian의 Netty 위 우리 서버가 JDBC(Debian의 MariaDB Connector/J, 스레드마다 연결 하나)로 부릅니다. 이벤트 루프 %d개, 가상 사용자 %d명의 폐쇄형 부하가 `/`를 보내고, 서버는 요청마다 CPU를 %d µs 쓰며(Netty는 제 CPU를 더 씁니다) 요청의 1%%를 골라 SELECT SLEEP으로 %d ms짜리 쿼리를 실행합니다: 루프의 스레드에서, 또는 Netty의 오프로드 실행기 그룹(DefaultEventExecutorGroup: 채널마다 실행기 하나에 묶임)에서. 같은 때에 탐침 생성기가 데이터베이스를 부르지 않는 요청(`/?block=0s`)만 초당 %d건씩 보내며, p50/p99는 이 탐침의 것입니다. 조건마다 새 JVM으로 워밍업 %[7]g초 뒤 %.0[6]f초 동안 재기를 %[8]d번 했습니다. 루프 멈춤은 Netty 서버의 감시(임계 10 ms)가 워밍업까지 포함해 센 것입니다. 발표된 값에서 맞춘 것은 없습니다.",
			EN: "The JVM engine: a throw-away MariaDB the experiment starts itself (temp datadir, a free port on 127.0.0.1, deleted afterwards) is called by our server on Debian's Netty through JDBC (Debian's MariaDB Connector/J, one connection per thread). %d event loops; a closed load of %d virtual users sends `/`; each request spins %d µs of CPU (Netty adds its own) and the server picks 1%% of requests to run a %d ms SELECT SLEEP: on the loop's own thread, or on Netty's offload executor group (DefaultEventExecutorGroup: each channel pinned to one executor). Alongside, a probe generator sends only requests that never call the database (`/?block=0s`), %d per second: p50/p99 are the probe's. Each condition: a fresh JVM, %.0f s measured after a %g s warm-up, %d times. Loop stalls are the Netty server's count (threshold 10 ms), warm-up included. Nothing is set from the published figures."},
		"exp.db.jvm.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 서버 코어 여덟에 Netty 루프 여덟, 2,000건 한 번의 몰림, 막는 호출은 100 ms 잠들기였습니다. 여기서는 호출이 JDBC 드라이버를 거쳐 MariaDB로 가는 진짜 SELECT SLEEP이라 쿼리마다 루프백 왕복과 드라이버의 일이 더해집니다. 부하는 몰림이 아니라 폐쇄형 모델이고, 서버는 CPU 하나를 나눠 쓰는 루프 둘입니다. 한 루프가 드라이버 안에서 기다리는 동안 다른 루프가 CPU를 다 쓰므로, 처리량은 발표된 배수가 아니라 그 배치에서 모델이 예측하는 만큼 떨어집니다. Netty의 오프로드 그룹은 채널마다 실행기 하나에 묶으므로, 한 실행기가 막히면 그 채널들이 기다립니다. 이 기계는 다른 일과 함께 쓰이므로 CPU에 묶인 값은 움직입니다.",
			EN: "What differs and why: the published run had eight Netty loops on eight cores, a burst of 2,000 requests and a 100 ms sleep as the blocking call. Here the call is a real SELECT SLEEP through the JDBC driver to MariaDB, which adds a loopback round trip and the driver's work to each query; the load is closed rather than one burst; and the server is two loops sharing one CPU. While one loop waits in the driver the other has the whole CPU, so throughput falls by what the model predicts for that layout, not by the published multiple. Netty's offload group pins each channel to one executor, so a blocked executor keeps its channels waiting. The machine is shared with other work, so CPU-bound figures move."},
	})
}
