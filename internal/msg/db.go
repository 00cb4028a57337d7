package msg

// The target's database (`waitlab target --db`) and experiment 10,
// `db-on-loop`: a real blocking database call on an event loop.
func init() {
	Register(map[string]Entry{
		"target.err.db.dsn": {
			KO: "--db의 DSN을 읽을 수 없습니다 (%v). 'root@tcp(127.0.0.1:3306)/'처럼 사용자@tcp(호스트:포트)/데이터베이스 꼴로 쓰세요",
			EN: "cannot read the --db DSN (%v): write user@tcp(host:port)/database, e.g. 'root@tcp(127.0.0.1:3306)/'"},
		"target.err.db.connect": {
			KO: "--db의 데이터베이스 %s에 연결하지 못했습니다 (%v). MariaDB가 떠 있는지, 주소와 사용자가 맞는지 확인하세요",
			EN: "cannot connect to the --db database %s (%v): check that MariaDB is running and the address and user are right"},
	})
}

// 10. db-on-loop
func init() {
	Register(map[string]Entry{
		"exp.db-on-loop.title": {
			KO: "이벤트 루프 위의 실제 데이터베이스 호출",
			EN: "A real database call on an event loop"},
		"exp.db-on-loop.about": {
			KO: "요청의 1%가 MariaDB에 SELECT SLEEP(0.1)을 보냄 (database/sql): 호출 없음 / 루프에서 / 오프로드 64 / 코어 수에 맞춘 작은 풀, 막지 않는 요청의 p50·p99와 루프 멈춤",
			EN: "1% of requests run SELECT SLEEP(0.1) on MariaDB through database/sql: none / on the loop / offload 64 / a small pool scaled to the cores, the innocent requests' p50 and p99, loop stalls"},
		"exp.db.skipped": {
			KO: "MariaDB(mariadbd, mariadb-install-db)가 설치되어 있지 않아 건너뛰었습니다. 설치: %s",
			EN: "skipped: MariaDB (mariadbd, mariadb-install-db) is not installed; install it with: %s"},
		"exp.db.progress.start": {
			KO: "db-on-loop: 임시 디렉터리에 일회용 MariaDB를 만들어 띄웁니다",
			EN: "db-on-loop: starting a throw-away MariaDB in a temp directory"},
		"exp.db.recipe": {
			KO: "실험이 직접 띄운 일회용 MariaDB(임시 데이터 디렉터리, 127.0.0.1의 빈 포트, 끝나면 지움)를 대상 서버(`waitlab target --db`)가 database/sql과 go-sql-driver/mysql로 부릅니다. 이벤트 루프 %d개, 가상 사용자 %d명의 폐쇄형 부하가 `/`를 보내고, 서버는 요청마다 CPU를 %d µs 쓰며(발표된 실행과 같게) 요청의 1%%를 골라 SELECT SLEEP으로 %d ms짜리 쿼리를 실행합니다. 같은 때에 탐침 생성기가 데이터베이스를 부르지 않는 요청(`/?block=0s`)만 초당 %d건씩 보내며, p50/p99는 이 탐침의 것, 곧 막지 않는 요청의 지연입니다. 조건마다 새 서버로 워밍업 %[7]g초 뒤 %.0[6]f초 동안 재기를 %[8]d번 했습니다. 루프 멈춤은 감시견(임계 10 ms)이 워밍업까지 포함해 센 것입니다.",
			EN: "A throw-away MariaDB the experiment starts itself (temp datadir, a free port on 127.0.0.1, deleted afterwards) is called by the target (`waitlab target --db`) through database/sql and go-sql-driver/mysql. %d event loops; a closed load of %d virtual users sends `/`; each request spins %d µs of CPU (as in the published run) and the server picks 1%% of requests to run a %d ms SELECT SLEEP. Alongside, a probe generator sends only requests that never call the database (`/?block=0s`), %d per second: p50/p99 are the probe's, the innocent requests' latency. Each condition: a fresh server, %.0f s measured after a %g s warm-up, %d times. Loop stalls are the watchdog's count (threshold 10 ms), warm-up included."},
		"exp.db.scaling": {
			KO: "루프 %d개를 서버의 CPU %d개에 두었습니다 (코어 수, 최소 2 최대 8: 루프 하나가 멈춰도 서버 전체가 서지는 않게). 발표된 실행은 코어 8개에 루프 여덟 개였으므로 처리량의 절댓값이 아니라 비율로 견주세요. 큰 오프로드 풀은 발표값처럼 64이고, 작은 풀은 발표된 4를 서버 코어 수 / 8로 줄인 %d입니다. 그래야 작은 풀의 상한이 이 서버의 처리량에 대해 갖는 비가 발표된 실행과 비슷합니다.",
			EN: "%d loops on the server's %d CPU{s} (its cores, at least 2 so one stalled loop does not stop the whole server, at most 8); the published run had eight loops on eight cores, so compare ratios, not absolute throughput. The big offload pool is 64, as published; the small one is the published 4 scaled by the server's cores / 8, here %d, so its ceiling stands to this server's throughput roughly as 4 did to eight cores'."},
		"exp.db.col.p50":       {KO: "p50, 막지 않는 요청 (ms)", EN: "p50, innocent (ms)"},
		"exp.db.col.p99":       {KO: "p99, 막지 않는 요청 (ms)", EN: "p99, innocent (ms)"},
		"exp.db.col.allp99":    {KO: "p99, 모든 요청 (ms)", EN: "p99, all requests (ms)"},
		"exp.db.col.dbpct":     {KO: "DB 호출 (요청의 %)", EN: "DB calls (% of requests)"},
		"exp.db.row.none":      {KO: "DB 호출 없음", EN: "no DB call"},
		"exp.db.row.onloop":    {KO: "루프에서 DB 호출", EN: "DB call on the loop"},
		"exp.db.row.offload64": {KO: "DB 호출 오프로드, 풀 64", EN: "DB call offloaded, pool 64"},
		"exp.db.row.offload4":  {KO: "DB 호출 오프로드, 작은 풀 %d", EN: "DB call offloaded, small pool of %d"},
		"exp.db.pub.note": {
			KO: "blocking-loop의 발표값입니다: 요청 2,000건을 한꺼번에 보내고 1%가 100 ms 막는 호출을 했습니다. 그 호출은 잠자기(sleep)였고, 여기서는 실제 드라이버와 실제 서버에 보내는 쿼리입니다.",
			EN: "The blocking-loop figures: 2,000 requests in a burst, 1% making a 100 ms blocking call. That call was a sleep; here it is a query through a real driver to a real server."},
		"exp.db.quick": {
			KO: "--quick: 작은 풀 조건은 건너뛰었습니다.",
			EN: "--quick: the small-pool condition was left out."},
		"exp.db.note.onloop": {
			KO: "루프에서 DB를 부르면 막지 않는 요청의 p50이 %.1f배가 되고 (발표값 %.1f배), 처리량은 %.1f분의 1로 줄어듭니다 (모델 %.1f분의 1, 발표값 %.1f분의 1). 감시견은 멈춤을 %.0f번 보았습니다: 루프의 OS 스레드가 드라이버 안에서 MariaDB의 답을 기다리는 동안, 그 루프에 붙은 연결은 모두 기다립니다.",
			EN: "With the call on the loop the innocent requests' p50 grows %.1fx (published %.1fx) and throughput falls %.1fx (model %.1fx, published %.1fx). The watchdog saw %.0f stalls: while a loop's OS thread waits inside the driver for MariaDB's answer, every connection on that loop waits too."},
		"exp.db.note.occupancy": {
			KO: "점유 계산: 루프에서 부른 쿼리는 초당 %.0f건, 하나가 루프를 100 ms 잡으므로 루프 %d개 각각은 시간의 %.0f%%를 멈춰 있습니다. 탐침 요청은 자기 일정대로 도착하므로 그만큼 자주 멈춘 루프를 만나 남은 멈춤을 기다립니다. 폐쇄형 부하의 사용자는 루프가 풀려 있을 때 빨리 돌며 요청 대부분을 보내므로, 요청마다 센 백분위(모델 열이 내는 것)는 이보다 훨씬 낮습니다. 그래서 지연 열에는 모델 값을 두지 않았습니다.",
			EN: "Occupancy: %.0f queries per second on the loops, each holding its loop for 100 ms, so each of the %d loops is stalled %.0f%% of the time. Probe requests arrive at times of their own and meet a stalled loop that often, then wait out the rest of the stall. The closed load's users cycle fast while a loop is free and send most requests then, so per-request percentiles (what the model computes) sit far lower; the latency columns therefore carry no model figure."},
		"exp.db.note.offload": {
			KO: "풀 64로 오프로드하면 p50이 %.2f배로 돌아오고 (발표값 %.2f배), 루프 멈춤은 %.0f번입니다. DB를 부르지 않는 행의 멈춤은 바쁜 기계에서 다른 작업에 CPU를 빼앗긴 루프입니다 (감시견은 이를 막힘이 아니라 실행 중으로 봅니다).",
			EN: "Offloaded to a pool of 64, p50 comes back to %.2fx (published %.2fx), with %.0f loop stalls; stalls in rows without a call on the loop are loops starved of CPU by other work on a busy machine (the watchdog sees them running, not blocked)."},
		"exp.db.note.pool4": {
			KO: "작은 풀 %d에서는 p50이 DB 호출 없음의 %.2f배이고 처리량은 %.0f 요청/초로, 스레드 수 / (1%% × 100 ms) = %.0f 요청/초라는 상한에 묶입니다 (DB 호출이 없으면 %.0f 요청/초). 폐쇄형 부하에서는 가상 사용자가 풀의 줄에 쌓이므로 막지 않는 요청을 보내는 사용자가 줄어듭니다. 오프로드는 격리이지 치료가 아닙니다.",
			EN: "With a small pool of %d, p50 is %.2fx the no-call row's and throughput is %.0f req/s, tied to the ceiling of threads / (1%% x 100 ms) = %.0f req/s (%.0f req/s without the call); in a closed load the virtual users pile up in the pool's queue, leaving fewer to send innocent requests. Offload isolates, it does not cure."},
		"exp.db.note.pool4.transient": {
			KO: "잰 처리량 %.0f 요청/초가 상한 %.0f 요청/초보다 높은 것은 측정 구간 안에서 폐쇄형 부하가 아직 안정 상태에 이르지 못했기 때문입니다. 풀의 줄에는 가상 사용자 %d명이 모두 들어갈 수 있고 (밀린 일로 최대 %.1f초), 줄이 차는 동안에는 DB를 부르는 요청이 풀이 처리하는 것보다 빨리 들어옵니다. 모델 값은 안정 상태의 것입니다.",
			EN: "The measured %.0f req/s is above the %.0f req/s ceiling because the closed load has not reached its steady state within the window: the pool's queue can take all %d virtual users (up to %.1f s of backlog), and while it fills, calls arrive faster than the pool serves them. The model's figure is the steady state."},
		"exp.db.note.pool4.free": {
			KO: "작은 풀 %d의 상한, 스레드 수 / (1%% × 100 ms) = %.0f 요청/초는 이 서버의 CPU가 허락하는 처리량(%.0f 요청/초)보다 높아서 여기서는 묶지 않습니다 (잰 처리량 %.0f 요청/초).",
			EN: "The small pool of %d has a ceiling of threads / (1%% x 100 ms) = %.0f req/s, above what this server's CPU allows (%.0f req/s), so here it does not bind (measured %.0f req/s)."},
		"exp.db.note.model": {
			KO: "모델 열(처리량): 시뮬레이터에 ch15 프리셋의 두 부류(99%%는 CPU만, 1%%는 100 ms 막음)를 넣고, 루프 수, 풀, 서버 코어, 폐쇄형 부하를 여기와 같게, 요청당 CPU는 'DB 호출 없음' 행에서 잰 서버 CPU %.0f µs로 맞춘 예측입니다. 네트워크와 부하 생성기의 몫은 모델에 없습니다.",
			EN: "Model column (throughput): the simulator with the ch15 preset's two classes (99%% CPU only, 1%% blocking 100 ms), this run's loops, pool, server cores and closed load, and each request's CPU set to the %.0f µs of server CPU the no-call row measured per request. The model has no network or generator."},
		"exp.db.note.probe": {
			KO: "부하 생성기의 보고서는 요청을 부류로 나누지 못하므로, 막지 않는 요청의 지연은 따로 띄운 탐침(초당 %d건, 개방형 모델, 데이터베이스를 부르지 않는 요청)으로 쟀습니다. 처리량과 '모든 요청' p99는 폐쇄형 부하의 것이고, 모든 요청의 p99에는 100 ms 쿼리 자체가 들어 있습니다.",
			EN: "The generator's report cannot split requests by class, so the innocent latency comes from a separate probe (%d per second, open model, requests that never call the database). Throughput and the all-requests p99 are the closed load's; the latter includes the 100 ms queries themselves."},
		"exp.db.note.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 코어 8개에서 Netty 루프 여덟 개, 요청 2,000건을 한꺼번에 보내고 100 ms 잠자기로 막았습니다. 여기서는 막는 호출이 go-sql-driver/mysql을 거쳐 MariaDB로 가는 실제 SELECT SLEEP이라 쿼리마다 루프백 왕복과 드라이버의 일이 더해지고, 부하는 한 번의 폭주가 아니라 폐쇄형 부하이며, 서버는 CPU 하나를 나눠 쓰는 루프 두 개입니다. 한 루프가 드라이버 안에서 기다리는 동안 다른 루프가 CPU를 다 쓰므로, 처리량은 발표된 배수만큼이 아니라 같은 배치(CPU 하나에 루프 두 개)의 모델이 내다본 만큼 떨어집니다. 이 기계는 다른 작업과 공유되므로 CPU가 정하는 숫자는 흔들립니다.",
			EN: "What differs and why: the published run had eight Netty loops on eight cores, a burst of 2,000 requests and a 100 ms sleep as the blocking call. Here the call is a real SELECT SLEEP through go-sql-driver/mysql to MariaDB, which adds a loopback round trip and the driver's work to each query; the load is closed rather than one burst; and the server is two loops sharing one CPU. While one loop waits in the driver the other has the whole CPU, so throughput falls by what the model predicts for that layout (two loops on one core), not by the published multiple. The machine is shared with other work, so CPU-bound figures move."},
		"flag.target.db": {
			KO: "MariaDB/MySQL DSN (예: 'root@tcp(127.0.0.1:3306)/'): --block-fraction의 호출이 database/sql을 거친 SELECT SLEEP(--block)이 되고, --downstream-timeout에 묶입니다",
			EN: "MariaDB/MySQL DSN, e.g. 'root@tcp(127.0.0.1:3306)/': the --block-fraction call becomes SELECT SLEEP(--block) through database/sql, bounded by --downstream-timeout"},
	})
}
