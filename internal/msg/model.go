package msg

// Scenario validation: each says what is wrong and how to fix it.
func init() {
	Register(map[string]Entry{
		"err.model.missing": {
			KO: "모델이 없습니다. model: pool, loop, offload, virtual 중 하나를 쓰세요",
			EN: "no model given: set model to pool, loop, offload or virtual"},
		"err.model.unknown": {
			KO: "알 수 없는 모델 %q입니다. pool, loop, offload, virtual 중 하나를 쓰세요",
			EN: "unknown model %q: use pool, loop, offload or virtual"},
		"err.threads": {
			KO: "스레드 수 %d{은/는} 쓸 수 없습니다. 1에서 %d 사이로 정하세요 (pool은 풀 크기, loop/offload는 루프 수, virtual은 캐리어 수)",
			EN: "%d threads is not allowed: use 1 to %d (the pool size, the loop count or the carrier count, by model)"},
		"err.offload.missing": {
			KO: "offload 모델에는 오프로드 풀이 필요합니다 (지금 %d). offload_pool(--offload-pool)을 1 이상으로 정하세요",
			EN: "the offload model needs an offload pool (got %d): set offload_pool (--offload-pool) to 1 or more"},
		"err.offload.unused": {
			KO: "오프로드 풀은 offload 모델에서만 씁니다 (지금 모델은 %s). 값을 지우거나 model: offload로 바꾸세요",
			EN: "an offload pool only applies to the offload model (this is %s): remove it or set model to offload"},
		"err.offload.max": {
			KO: "스레드 %d개짜리 오프로드 풀은 너무 큽니다. %d개 이하로 정하세요",
			EN: "an offload pool of %d is too large: use at most %d"},
		"err.cores": {
			KO: "코어 수(%d)는 쓸 수 없습니다. 0(스레드 수와 같게)에서 %d 사이로 정하세요",
			EN: "%d cores is not allowed: use 0 (same as threads) to %d"},
		"err.slice": {
			KO: "타임 슬라이스 %s{은/는} 쓸 수 없습니다. 0(슬라이스 없이 끝까지 실행)이나 %s에서 %s 사이의 고정값으로 정하세요",
			EN: "a time slice of %s is not allowed: use 0 (run to the end) or a fixed %s to %s"},
		"err.requests": {
			KO: "요청 수 %d{은/는} 쓸 수 없습니다. 1에서 %d 사이로 정하세요",
			EN: "%d requests is not allowed: use 1 to %d"},
		"err.events": {
			KO: "요청 %d건 × (호출 %d번 + 1) = 이벤트 %d개는 너무 많습니다. 이벤트가 %d개 이하가 되도록 요청 수나 호출 수를 줄이세요",
			EN: "%d requests x (%d calls + 1) = %d events is too many: lower the requests or the calls to at most %d events"},
		"err.virtual.time": {
			KO: "요청 %d건의 일이 가상 시간으로 %.0f년이나 됩니다. %.0f년 이하가 되도록 요청 수, 대기 시간, CPU 시간을 줄이거나 도착률을 높이세요",
			EN: "%d requests add up to %.0f years of virtual time: at most %.0f years; lower the requests, the waits or the CPU times, or raise the arrival rate"},
		"err.arrival.rate": {
			KO: "도착률은 0보다 커야 합니다. 예: rate:100 또는 poisson:100",
			EN: "the arrival rate must be above 0: e.g. rate:100 or poisson:100"},
		"err.arrival.vus": {
			KO: "가상 사용자 수는 1에서 %d 사이여야 합니다. 예: vus:10",
			EN: "the number of virtual users must be 1 to %d: e.g. vus:10"},
		"err.arrival.unknown": {
			KO: "알 수 없는 도착 방식 %q입니다. burst, rate:R, poisson:R, vus:N 중 하나를 쓰세요",
			EN: "unknown arrival %q: use burst, rate:R, poisson:R or vus:N"},
		"err.think.open": {
			KO: "생각 시간(think)은 폐쇄형 모델(vus:N)에서만 씁니다. think를 지우거나 arrival을 vus:N으로 바꾸세요",
			EN: "think time only applies to the closed model (vus:N): remove think or set arrival to vus:N"},
		"err.classes.max": {
			KO: "요청 종류가 너무 많습니다 (%d개). %d개 이하로 줄이세요",
			EN: "%d request classes are too many: use at most %d"},
		"err.classes.none": {
			KO: "요청 종류가 없습니다. classes에 하나 이상 적거나 --cpu/--wait를 주세요",
			EN: "no request classes: list at least one under classes, or give --cpu/--wait"},
		"err.class.dup": {
			KO: "요청 종류 이름 %q{이/가} 두 번 나옵니다. 이름을 서로 다르게 하세요",
			EN: "class name %q appears twice: give each class its own name"},
		"err.class.fraction": {
			KO: "비율 %g{은/는} 쓸 수 없습니다. 0에서 1 사이로 정하세요",
			EN: "fraction %g is not allowed: use a number from 0 to 1"},
		"err.class.calls": {
			KO: "호출 수 %d{은/는} 쓸 수 없습니다. 0에서 %d 사이로 정하세요",
			EN: "%d calls is not allowed: use 0 to %d"},
		"err.class.callswait": {
			KO: "하위 호출 %d번에 대기 시간이 없습니다. wait에 호출 하나의 시간을 적으세요 (예: wait: 50ms)",
			EN: "%d downstream calls but no wait: set wait to the time of one call (e.g. wait: 50ms)"},
		"err.class.fanout": {
			KO: "알 수 없는 fanout %q입니다. sequential, parallel, pipelined 중 하나를 쓰세요",
			EN: "unknown fanout %q: use sequential, parallel or pipelined"},
		"err.fanoutpool.range": {
			KO: "팬아웃 풀 %d{은/는} 쓸 수 없습니다. 0에서 %d 사이로 정하세요",
			EN: "a fan-out pool of %d is out of range: use 0 to %d"},
		"err.fanoutpool.unused": {
			KO: "팬아웃 풀은 pool 모델에서만 씁니다 (지금 모델은 %s). 값을 지우거나 model: pool로 바꾸세요",
			EN: "a fan-out pool only applies to the pool model (this is %s): remove it or set model to pool"},
		"err.classes.sum": {
			KO: "비율의 합이 %g입니다. 합이 1이 되게 고치세요",
			EN: "the fractions add up to %g: make them add up to 1"},
		"err.placement.k": {
			KO: "every:K의 K는 1 이상이어야 합니다. 예: every:100",
			EN: "every:K needs K of at least 1: e.g. every:100"},
		"err.placement.every": {
			KO: "every:K 배치는 요청 종류가 정확히 두 개일 때만 씁니다 (지금 %d개). random이나 spread를 쓰세요",
			EN: "every:K placement needs exactly two classes (there are %d): use random or spread"},
		"err.placement.unknown": {
			KO: "알 수 없는 배치 %q입니다. random, spread, every:K 중 하나를 쓰세요",
			EN: "unknown placement %q: use random, spread or every:K"},
		"err.assign": {
			KO: "알 수 없는 루프 배정 %q입니다. round-robin 또는 shared를 쓰세요",
			EN: "unknown loop assignment %q: use round-robin or shared"},
		"err.dist.max": {
			KO: "시간이 너무 깁니다 (%s). %s 이하로 정하세요",
			EN: "duration %s is too long: use at most %s"},
		"err.dist.negative": {
			KO: "음수 시간 %s{은/는} 쓸 수 없습니다. 0 이상의 시간을 쓰세요 (예: 200ms)",
			EN: "negative duration %s: use 0 or more (e.g. 200ms)"},
		"err.dist.kind": {
			KO: "알 수 없는 분포 %q입니다. 200ms(고정) 또는 exp:200ms(지수)처럼 쓰세요",
			EN: "unknown distribution %q: write 200ms (fixed) or exp:200ms (exponential)"},
		"err.parse.burst": {
			KO: "burst에는 인자가 없습니다. burst라고만 쓰세요",
			EN: "burst takes no argument: write burst"},
		"err.parse.rate": {
			KO: "%q의 도착률이 잘못되었습니다. %s:R 꼴로, R은 초당 요청 수(0보다 큼)로 쓰세요 (예: %s:100)",
			EN: "bad rate in %q: write %s:R with R requests per second above 0, e.g. %s:100"},
		"err.parse.rate.max": {
			KO: "도착률 %g{은/는} 초당 10억을 넘습니다. 더 작은 값을 쓰세요",
			EN: "rate %g is above 1e9 requests per second: use a smaller rate"},
		"err.parse.vus": {
			KO: "%q의 사용자 수가 잘못되었습니다. vus:N 꼴로, N은 1 이상으로 쓰세요 (예: vus:10)",
			EN: "bad user count in %q: write vus:N with N at least 1, e.g. vus:10"},
		"err.parse.stage": {
			KO: "%d번째 단계 %q{이/가} 잘못되었습니다. 시간:도착률 꼴로, 시간은 0보다 크게 쓰세요 (예: 30s:100)",
			EN: "stage %d %q: write DURATION:RATE with a duration above 0, e.g. 30s:100"},
		"err.parse.stage.rate": {
			KO: "%d번째 단계 %q의 도착률은 0에서 초당 10억 사이의 수여야 합니다",
			EN: "stage %d %q: the rate must be a number from 0 to 1e9 requests per second"},
		"err.parse.dur.missing": {
			KO: "시간이 없습니다. 200ms나 exp:200ms처럼 쓰세요",
			EN: "missing duration: write a duration such as 200ms or exp:200ms"},
		"err.parse.dur": {
			KO: "시간 %q{을/를} 읽을 수 없습니다. 200us, 15ms, 2s처럼 Go 문법으로 쓰세요",
			EN: "bad duration %q: use Go syntax such as 200us, 15ms or 2s"},
		"err.yaml": {
			KO: "시나리오 파일을 읽을 수 없습니다: %s",
			EN: "the scenario file cannot be read: %s"},
		"err.flag": {
			KO: "%s",
			EN: "%s"},
	})
}
