package msg

// `waitlab target` and `waitlab downstream`: the real test server and its
// far end.
func init() {
	Register(map[string]Entry{
		"target.summary": {
			KO: "동시성 모델(pool, loop, offload, virtual)을 골라 실제 HTTP 테스트 서버를 띄웁니다",
			EN: "start a real HTTP test server in a chosen concurrency model (pool, loop, offload, virtual)"},
		"target.listening": {
			KO: "waitlab target이 http://%s 에서 기다립니다 (%s). 지표는 /metrics, 끝내려면 Ctrl-C",
			EN: "waitlab target listening on http://%s (%s); metrics on /metrics, Ctrl-C to stop"},
		"target.stopping": {
			KO: "종료 신호를 받았습니다. 새 연결은 받지 않고, 처리 중인 요청을 최대 %s 동안 마무리합니다",
			EN: "stopping: no new connections; finishing in-flight requests for up to %s"},
		"target.drained": {
			KO: "처리 중이던 요청을 모두 마치고 종료했습니다 (요청 %d건 처리)",
			EN: "stopped after finishing every in-flight request (%d request{s} served)"},
		"target.drain.timeout": {
			KO: "마무리 시간 %s{이/가} 지나 남은 연결을 끊고 종료했습니다",
			EN: "drain time %s ran out; remaining connections were cut"},
		"target.err.model": {
			KO: "알 수 없는 모델 %q입니다. pool, loop, offload, virtual 중 하나를 쓰세요",
			EN: "unknown model %q: use pool, loop, offload or virtual"},
		"target.err.listen": {
			KO: "주소 %q{을/를} 읽을 수 없습니다. 127.0.0.1:8080처럼 호스트:포트로 쓰세요",
			EN: "cannot read address %q: write host:port, e.g. 127.0.0.1:8080"},
		"target.err.remote": {
			KO: "%s{은/는} 루프백 주소가 아닙니다. 테스트 서버라서 기본으로는 127.0.0.1 같은 로컬 주소에만 엽니다. 정말 밖에 열려면 --allow-remote를 주세요",
			EN: "%s is not a loopback address: a test server listens on 127.0.0.1 and the like unless --allow-remote is given"},
		"target.err.acceptor": {
			KO: "--acceptor는 own(별도 수락 스레드) 또는 shared(0번 루프가 수락도 함)입니다 (받은 값: %q)",
			EN: "--acceptor is own (a separate acceptor thread) or shared (loop 0 accepts too), not %q"},
		"target.err.log": {
			KO: "--log는 off, sync, async 중 하나입니다 (받은 값: %q)",
			EN: "--log is off, sync or async, not %q"},
		"target.err.loglevel": {
			KO: "--%s{은/는} debug, info, warn, error 중 하나입니다 (받은 값: %q)",
			EN: "--%s is debug, info, warn or error, not %q"},
		"target.err.logfile": {
			KO: "--log %s에는 기록할 파일 --log-file이 필요합니다",
			EN: "--log %s needs a --log-file to write to"},
		"target.err.fraction": {
			KO: "--block-fraction은 0과 1 사이여야 합니다 (받은 값: %v)",
			EN: "--block-fraction must be between 0 and 1 (got %v)"},
		"target.err.block": {
			KO: "--block-fraction %v에는 막히는 시간 --block이 필요합니다 (예: --block 100ms)",
			EN: "--block-fraction %v needs --block, how long the call blocks (e.g. --block 100ms)"},
		"target.err.wait.downstream": {
			KO: "--downstream이 있으면 대기 시간은 다운스트림이 정합니다. --wait를 빼고 다운스트림의 --delay로 지연을 주세요",
			EN: "with --downstream the downstream sets the wait: drop --wait and give the downstream a --delay"},
		"target.err.lock": {
			KO: "--validate-lock은 락을 잡은 채 다운스트림에 PING을 보내는 버그입니다. --downstream 주소가 필요합니다",
			EN: "--validate-lock pings the downstream under a lock: it needs --downstream"},
		"target.err.threads": {
			KO: "루프와 오프로드 스레드를 합쳐 %d개는 너무 많습니다 (%d개까지)",
			EN: "%d loops and offload threads together are too many (up to %d)"},
		"target.err.range": {
			KO: "--%s{은/는} %d에서 %d 사이여야 합니다 (받은 값: %d)",
			EN: "--%s must be between %d and %d (got %d)"},
		"target.err.linger": {
			KO: "--linger %s{은/는} 너무 깁니다. 머무는 동안 스레드는 새로 줄 선 연결을 보지 못해 다른 클라이언트가 그만큼 기다립니다. %s 이하로 주세요 (-1ns면 바로 넘깁니다)",
			EN: "--linger %s is too long: a lingering thread does not see connections queued meanwhile, so other clients wait that long; give at most %s (-1ns hands back at once)"},
		"target.err.duration": {
			KO: "--%s{은/는} 0보다 긴 시간이어야 합니다 (받은 값: %s)",
			EN: "--%s must be a duration above zero (got %s)"},
		"target.err.zero": {
			KO: "--%s에 0을 줄 수 없습니다. 기본값을 쓰려면 플래그를 빼세요",
			EN: "--%s cannot be 0: leave the flag out for its default"},
		"target.err.port": {
			KO: "주소 %q의 포트를 쓸 수 없습니다. 포트는 0에서 65535 사이의 숫자입니다",
			EN: "address %q has no usable port: a port is a number from 0 to 65535"},
		"target.err.resolve": {
			KO: "주소 %q의 호스트를 찾을 수 없습니다. 127.0.0.1:8080처럼 IP로 쓰거나 전체 인터페이스라면 :8080으로 쓰세요",
			EN: "cannot resolve the host of %q: write an IP such as 127.0.0.1:8080, or :8080 for every interface"},
		"target.err.queryknobs": {
			KO: "--query-knobs는 auto, on, off 중 하나입니다 (받은 값: %q)",
			EN: "--query-knobs is auto, on or off, not %q"},
		"target.err.downstream": {
			KO: "다운스트림 주소 %q{을/를} 찾을 수 없습니다. 127.0.0.1:6380처럼 쓰세요",
			EN: "cannot resolve downstream address %q: write it as 127.0.0.1:6380"},
		"target.err.dist": {
			KO: "--%s: %v",
			EN: "--%s: %v"},
		"target.err.fanout": {
			KO: "--fanout은 sequential(차례로), parallel(한꺼번에), pipelined(한 연결에 한 번에 보내고 한 번 왕복) 중 하나입니다 (받은 값: %q)",
			EN: "--fanout is sequential, parallel or pipelined (all calls written on one connection, one round trip), not %q"},
		"target.err.args": {
			KO: "이 명령은 위치 인자를 받지 않습니다: %s",
			EN: "this command takes no positional arguments: %s"},
		"downstream.summary": {
			KO: "지연을 넣어 답하는 RESP 서버(redis-cli로 접속 가능), 또는 실제 Redis 앞의 지연 프록시를 띄웁니다",
			EN: "start a RESP delay server (redis-cli can talk to it) or a latency-injecting proxy in front of a real Redis"},
		"downstream.listening": {
			KO: "waitlab downstream이 %s 에서 명령마다 %s 뒤에 답합니다 (PING, ECHO, GET, SET)",
			EN: "waitlab downstream listening on %s, answering each command after %s (PING, ECHO, GET, SET)"},
		"downstream.proxying": {
			KO: "waitlab downstream이 %[1]s 에서 받은 것을 %[3]s 늦춰 %[2]s{으로/로} 넘깁니다",
			EN: "waitlab downstream listening on %s, forwarding to %s with %s added"},
		"downstream.err.config": {
			KO: "--config %s{을/를} 읽을 수 없습니다: %v. 다운스트림 설정 JSON 파일을 주세요 (필드 이름은 플래그 이름: listen, delay, delay_step, proxy, seed, max_store, max_clients, max_queued)",
			EN: "--config %s cannot be read: %v; give a downstream configuration in JSON (the fields are the flags' names: listen, delay, delay_step, proxy, seed, max_store, max_clients, max_queued)"},
		"downstream.err.delay": {
			KO: "--delay %q{을/를} 읽을 수 없습니다: %v. 50ms나 exp:50ms처럼 쓰세요",
			EN: "cannot read --delay %q: %v; write it as 50ms or exp:50ms"},
		"downstream.err.positive": {
			KO: "--%s{은/는} 1 이상이어야 합니다 (받은 값: %d)",
			EN: "--%s must be at least 1 (got %d)"},
		"downstream.err.proxy.form": {
			KO: "--proxy %q{을/를} 읽을 수 없습니다. 127.0.0.1:6379처럼 호스트:포트로 쓰세요",
			EN: "cannot read --proxy %q: write host:port, e.g. 127.0.0.1:6379"},
		"downstream.err.proxy.port": {
			KO: "--proxy %q의 포트는 1에서 65535 사이의 수여야 합니다",
			EN: "the port of --proxy %q must be a number from 1 to 65535"},
		"downstream.err.proxy.self": {
			KO: "--proxy %q{은/는} 이 프록시 자신의 주소(%s)입니다. 자기에게 넘기면 연결마다 연결을 또 열어 끝없이 돕니다. 실제 Redis 같은 다른 서버의 주소를 주세요",
			EN: "--proxy %q is this proxy's own address (%s): forwarding to itself opens a connection for every connection, without end; give another server's address, such as a real Redis"},
		"downstream.err.proxy.remote": {
			KO: "--proxy %q{은/는} 루프백 주소가 아닙니다. 밖의 서버로 넘기려면 --allow-remote를 주세요",
			EN: "--proxy %q is not a loopback address: forwarding off this machine needs --allow-remote"},
		"downstream.stopped": {
			KO: "종료했습니다 (명령 %d개에 답함)",
			EN: "stopped (%d command{s} answered)"},
		"downstream.stopped.delay": {
			KO: "종료했습니다 (명령 %d개에 답함; 실제로 준 지연 p50 %s, p99 %s, 최대 %s; 요청한 지연보다 늦은 정도 p50 %s, p99 %s)",
			EN: "stopped (%d command{s} answered; delay given p50 %s, p99 %s, max %s; later than asked by p50 %s, p99 %s)"},
		"downstream.saturated": {
			KO: "경고: 지난 %s 동안 답 %d개 중 %d개가 요청한 지연보다 5%% + %s 넘게 늦었습니다 (늦은 정도 p50 %s, 초당 %.0f건, 루프가 %.0f%% 바쁨). 이 코어가 답할 수 있는 양을 넘었으니, 측정한 지연은 요청한 지연이 아닙니다",
			EN: "warning: in the last %s, %[3]d of %[2]d replies went out more than 5%% + %[4]s later than asked (late by p50 %[5]s, %.0[6]f/s, loop %.0[7]f%% busy). This is past what the core can answer: the delay measured is not the delay asked for"},
		"downstream.starved": {
			KO: "경고: 지난 %s 동안 답 %d개 중 %d개가 요청한 지연보다 5%% + %s 넘게 늦었습니다 (늦은 정도 p50 %s, 초당 %.0f건). 루프는 %.0f%%만 바빴으니 늦은 시간은 이 머신의 다른 일이 코어를 가져간 몫입니다. 측정한 지연은 요청한 지연이 아닙니다",
			EN: "warning: in the last %s, %[3]d of %[2]d replies went out more than 5%% + %[4]s later than asked (late by p50 %[5]s, %.0[6]f/s). The loop was only %.0[7]f%% busy: the time went to other work on the machine taking its core. The delay measured is not the delay asked for"},
	})
}
