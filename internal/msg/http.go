package msg

// A scenario over real sockets: `waitlab target -f/--preset`, `waitlab
// load --scenario`, `waitlab run --via http|both`.
func init() {
	Register(map[string]Entry{
		"http.target.scenario": {
			KO: "시나리오를 제공합니다: %s, 요청 %d건, 시드 %d. 요청 번호는 ?%s=N 쿼리로 보내세요 (없으면 도착 순서대로 0부터 셉니다)",
			EN: "serving scenario %s: %d requests, seed %d; send each request's index as ?%s=N (without it, requests are numbered in arrival order from 0)"},
		"http.err.port": {
			KO: "주소 %s: 이미 다른 프로세스가 쓰고 있습니다. 다른 --listen 주소를 주거나 포트 0(빈 포트 아무거나)을 쓰세요",
			EN: "%s is taken by another process: give another --listen address, or port 0 for any free port"},
		"http.err.nofile": {
			KO: "이 실행에는 연결 %d개가 동시에 필요하지만 열린 파일 한도는 %d입니다 (하드 한도 %d). ulimit -n으로 한도를 올리거나 --requests 또는 --max-conns를 줄이세요",
			EN: "this run needs %d connections at once but the open-file limit is %d (hard limit %d): raise it (ulimit -n) or lower --requests or --max-conns"},
		"http.err.requests": {
			KO: "HTTP로 보낼 요청 %d건: 최대 %d개까지입니다. --requests를 줄이세요",
			EN: "%d requests over HTTP: at most %d; lower --requests"},
		"http.err.died": {
			KO: "실행 도중 대상 서버 프로세스가 죽었습니다: %v",
			EN: "the target process died during the run: %v"},
		"http.err.run": {
			KO: "HTTP 실행 실패: %v",
			EN: "run over HTTP failed: %v"},
		"http.err.via": {
			KO: "--via %q: process, http, both, jvm 중 하나를 쓰세요",
			EN: "--via %q: use process, http, both or jvm"},
		"http.err.trace": {
			KO: "--timeline과 --svg는 프로세스 안 실행의 타임라인입니다. --via process와 함께 쓰세요",
			EN: "--timeline and --svg show the in-process run's timeline: use them with --via process"},
		"http.err.maxconns": {
			KO: "--max-conns %d: 1 이상이어야 합니다",
			EN: "--max-conns %d: must be at least 1"},
		"http.progress.ready": {
			KO: "대상 서버 (pid %d) 준비됨: http://%s",
			EN: "target (pid %d) ready on http://%s"},
		"http.head": {
			KO: "HTTP 실행: 대상 서버(%s 모델)는 자식 프로세스에서 루프백으로, 부하는 이 프로세스에서; 요청 %d건, 반복 %d회",
			EN: "over HTTP: the target (%s model) in a child process on loopback, the load in this process; %d requests, %d run{s}"},
		"http.sockets": {
			KO: "소켓: 연결 %d개 열림 (상한 %d), 연결 수립 p50 %.3f ms, 최대 %.3f ms; 거부 %d, 리셋 %d, 실패한 요청 %d",
			EN: "sockets: %d connections opened (cap %d), set-up p50 %.3f ms, max %.3f ms; refused %d, reset %d, failed requests %d"},
		"http.errors": {
			KO: "  실패한 요청의 종류: %s",
			EN: "  failed requests by kind: %s"},
		"http.capped": {
			KO: "버스트 요청 %d건이 연결 상한 %d개보다 많아 연결 %d개가 나눠 실었습니다: 일부 요청은 연결을 기다렸습니다 (--max-conns로 올리세요)",
			EN: "the burst of %d requests is above the connection cap %d: %d connections carried them, so some requests waited for a connection (raise --max-conns)"},
		"http.kernel": {
			KO: "커널: 실행 동안 ListenOverflows +%d, ListenDrops +%d (머신 전체, /proc/net/netstat); net.core.somaxconn %d, 요청한 백로그 %d (커널은 둘 중 작은 값 %d만큼 씁니다)",
			EN: "kernel: ListenOverflows +%d, ListenDrops +%d over the run (machine-wide, /proc/net/netstat); net.core.somaxconn %d, backlog asked %d (the kernel uses the smaller, %d)"},
		"http.kernel.unknown": {
			KO: "커널: /proc/net/netstat을 읽을 수 없어 accept 대기열 넘침을 셀 수 없습니다; 요청한 백로그 %d",
			EN: "kernel: /proc/net/netstat is not readable, so accept-queue overflows are not counted; backlog asked %d"},
		"http.pin": {
			KO: "고정: 부하 생성기는 CPU %v, 대상 서버는 CPU %v에서 돌았습니다 (sched_setaffinity)",
			EN: "pinned: load generator on CPU %v, target on CPU %v (sched_setaffinity)"},
		"http.pin.failed": {
			KO: "고정 실패: 부하 생성기와 대상 서버가 모든 CPU를 나눠 썼습니다 (%s)",
			EN: "pinning failed: the load generator and the target shared every CPU (%s)"},
		"http.nopin": {
			KO: "고정 안 함: 부하 생성기와 대상 서버가 모든 코어를 나눠 씁니다 (코어가 2개 미만이거나 --pin=false)",
			EN: "not pinned: generator and target share every core (fewer than 2 cores, or --pin=false)"},
		"http.placement.ok": {
			KO: "배치: 모든 요청이 모델이 정한 루프에서 처리되었습니다 (루프별 요청: %s)",
			EN: "placement: every request ran on the loop the model gives it (requests per loop: %s)"},
		"http.placement.shared": {
			KO: "배치: 모델의 공유 대기열(assign shared)에서는 비어 있는 아무 루프가 요청을 가져가지만, HTTP에서는 연결이 묶인 루프가 처리하므로 둘이 같을 수 없습니다",
			EN: "placement: the model's shared queue (assign shared) lets any free loop take a request, but over HTTP the connection's loop serves it, so the two cannot agree"},
		"http.placement.mismatch": {
			KO: "배치: 요청 %d건이 모델이 정한 것과 다른 루프에서 처리되었습니다 (루프별 요청: %s)",
			EN: "placement: %d requests ran on another loop than the model's (requests per loop: %s)"},
		"http.check.ok": {
			KO: "요청 번호 확인: 모든 응답이 보낸 번호와 모델이 계획한 요청 종류를 돌려주었습니다",
			EN: "index check: every answer carried the index sent and the planner's class for it"},
		"http.check.bad": {
			KO: "요청 번호 확인: 번호가 다른 응답 %d개, 요청 종류가 다른 응답 %d개, 표시가 없는 응답 %d개 (대상 서버가 이 시나리오를 제공하고 있나요?)",
			EN: "index check: %d answers with another index, %d with another class, %d without tags (is the target serving this scenario?)"},
		"http.attribution": {
			KO: "모델에 없는 몫: 연결 수립 p50 %.3f ms (최대 %.3f ms), 대상 서버 CPU %.1f ms (코어 %d개, 요청당 %.1f µs)",
			EN: "what the model leaves out: connection set-up p50 %.3f ms (max %.3f ms), target CPU %.1f ms on %d core{s} (%.1f µs a request)"},
		"http.attribution.gen": {
			KO: "모델에 없는 몫: 연결 수립 p50 %.3f ms (최대 %.3f ms), 대상 서버 CPU %.1f ms (코어 %d개, 요청당 %.1f µs), 부하 생성기 프로세스 CPU %.1f ms (코어 %d개, 요청당 %.1f µs)",
			EN: "what the model leaves out: connection set-up p50 %.3f ms (max %.3f ms), target CPU %.1f ms on %d core{s} (%.1f µs a request), generator process CPU %.1f ms on %d core{s} (%.1f µs a request)"},
		"http.threads.note": {
			KO: "대상 서버 프로세스: OS 스레드 최대 %d개, CPU 시간 %.1f ms",
			EN: "target process: OS threads peak %d, CPU time %.1f ms"},
		"http.scaled.note": {
			KO: "(HTTP 실행에서는 대상 서버가 고정된 CPU %d개만 쓰므로 그 수에 맞췄습니다. 모든 코어에 맞추려면 --pin=false)",
			EN: "(over HTTP the target is pinned to %d CPU{s}, so the scenario is scaled to those; --pin=false scales to every core)"},
		"http.col.process":   {KO: "프로세스 안", EN: "in process"},
		"http.label.process": {KO: "프로세스 안 실행:", EN: "in process:"},
		"http.label.http":    {KO: "HTTP 실행:", EN: "over HTTP:"},
		"http.col.http":      {KO: "HTTP", EN: "over HTTP"},
		"http.col.pratio":    {KO: "프로세스/모델", EN: "process/model"},
		"http.col.hratio":    {KO: "HTTP/모델", EN: "HTTP/model"},
		"http.median":        {KO: "(%d회 실행이면 값은 중앙값입니다; 범위는 --json에 있습니다)", EN: "(with %d runs, values are medians; ranges are in --json)"},
		"load.scenario.summary": {
			KO: "시나리오 부하: %s, 요청 %d건, 도착 %s; 묶음 처리 시간 %.1f ms, 처리량 %.0f 요청/초",
			EN: "scenario load: %s, %d requests, arrival %s; batch time %.1f ms, throughput %.0f req/s"},
		"load.scenario.class": {
			KO: "  요청 종류 %s: 요청 %d건, p50 %.1f ms, p99 %.1f ms, 최대 %.1f ms",
			EN: "  class %s: %d requests, p50 %.1f ms, p99 %.1f ms, max %.1f ms"},
		"load.scenario.url": {
			KO: "--scenario/--preset에는 대상 URL이 하나 필요합니다 (예: http://127.0.0.1:8080/)",
			EN: "--scenario/--preset needs one target URL (e.g. http://127.0.0.1:8080/)"},
	})
}
