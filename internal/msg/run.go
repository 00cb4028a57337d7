package msg

// `waitlab run`: real runs, their refusals, warnings and tables.
func init() {
	Register(map[string]Entry{
		"run.summary": {
			KO: "같은 시나리오를 실제 OS 스레드, epoll 이벤트 루프, 오프로드 풀, 고루틴으로 돌려 재어 봅니다",
			EN: "run a scenario for real on OS threads, epoll loops, offload pools or goroutines, and measure it"},
		"run.err.threads": {
			KO: "실제 실행에 OS 스레드 %d개가 필요합니다. 한 번에 %d개까지만 띄웁니다. --threads나 --offload-pool을 줄이거나 waitlab sim으로 모델만 보세요",
			EN: "a real run of this scenario needs %d OS threads, above the limit of %d: lower --threads or --offload-pool, or use waitlab sim for the model only"},
		"run.err.requests": {
			KO: "요청 %d건은 실제 실행에 너무 많습니다 (요청마다 시각을 모두 기록하므로 %d개까지). --requests를 줄이세요",
			EN: "%d request{s} {is/are} too many for a real run (every request's times are kept, up to %d): lower --requests"},
		"run.err.vus": {
			KO: "가상 사용자 %d명은 너무 많습니다 (%d명까지). vus:N을 줄이세요",
			EN: "%d virtual users are too many for a real run (up to %d): lower vus:N"},
		"run.err.goroutines": {
			KO: "가상 스레드 %d개가 한꺼번에 기다리게 됩니다. 가상 스레드 하나가 수 KB짜리 고루틴이므로 %d개까지만 돌립니다. --requests를 줄이거나 도착 방식을 rate:R로 바꾸세요",
			EN: "%d virtual threads would wait at once; each is a goroutine of a few KB, so a real run allows up to %d: lower --requests or use an arrival rate (rate:R)"},
		"run.err.wall": {
			KO: "이 시나리오는 실제로 돌리면 약 %s 걸릴 것으로 예상되어 한도 %s{을/를} 넘습니다. --requests나 --wait를 줄이거나 waitlab sim으로 모델만 보세요",
			EN: "this scenario is expected to take about %s for real, above the limit of %s: lower --requests or --wait, or use waitlab sim for the model only"},
		"run.err.repeat": {
			KO: "--repeat는 1 이상이어야 합니다 (받은 값: %d)",
			EN: "--repeat must be at least 1 (got %d)"},
		"run.err.repeat.max": {
			KO: "--repeat %d: 쓸 수 없는 값입니다. 1에서 %d 사이로 정하세요",
			EN: "--repeat %d is not allowed: use 1 to %d"},
		"run.err.wall.repeat": {
			KO: "실행 %d번이 한 번에 약 %s씩, 모두 약 %s 걸릴 것으로 예상되어 한도 %s{을/를} 넘습니다. --repeat를 줄이세요",
			EN: "%d runs of about %s each are expected to take about %s in all, above the limit of %s: lower --repeat"},
		"run.err.threshold": {
			KO: "--stall-threshold는 0보다 커야 합니다 (받은 값: %s). 예: 10ms",
			EN: "--stall-threshold must be above 0 (got %s), e.g. 10ms"},
		"run.err.child": {
			KO: "실행용 자식 프로세스가 실패했습니다: %v",
			EN: "the child process of the real run failed: %v"},
		"run.err.timeline": {
			KO: "--timeline과 --svg는 --repeat 1일 때만 쓸 수 있습니다",
			EN: "--timeline and --svg need --repeat 1"},
		"run.warn.loops": {
			KO: "이벤트 루프 %d개가 CPU 코어 %d개보다 많습니다. 운영체제가 루프들을 번갈아 돌리므로, 한 루프가 막히면 다른 루프가 그 코어를 가져가 일합니다. 그래서 루프를 막는 비용이 코어가 루프마다 있는 기계보다 작게 보입니다. --scale-to-cores로 줄여 보세요",
			EN: "%d event loops outnumber the %d CPU cores: the OS time-slices the loops, so when one blocks the others take its core and keep working, and the penalty of blocking a loop looks smaller than on a machine with a core per loop. Try --scale-to-cores"},
		"run.warn.carriers": {
			KO: "캐리어 %d개가 CPU 코어 %d개보다 많습니다. 운영체제가 캐리어를 번갈아 돌리므로, 캐리어 하나가 고정(pinned)되어 멈춰도 남은 캐리어가 그 코어를 씁니다. 그래서 고정 대기의 비용이 작게 보입니다",
			EN: "%d carriers outnumber the %d CPU cores: the OS time-slices them, so a pinned carrier's core goes to the others and the penalty of pinning looks smaller than it would with a core per carrier"},
		"run.warn.cores": {
			KO: "모델은 CPU 코어 %d개를 가정하지만 이 기계에는 %d개뿐입니다. CPU 작업은 실제로 더 오래 걸릴 수 있습니다",
			EN: "the model assumes %d CPU cores but this machine has %d: CPU work may take longer for real"},
		"run.scaled": {
			KO: "이 기계의 코어 %[2]d개에 맞춰 줄였습니다: 루프 %[1]d개 → %[2]d개, 요청 %[3]d건 → %[4]d개 (비율 %.3[5]g, 블로킹 요청의 비율과 배치는 그대로)",
			EN: "scaled to this machine's %[2]d cores: loops %[1]d -> %[2]d, requests %[3]d -> %[4]d (factor %.3[5]g; the blocking fraction and its placement unchanged)"},
		"run.scaled.pool": {
			KO: "이 기계의 코어 %[2]d개에 맞춰 줄였습니다: 루프 %[1]d개 → %[2]d개, 요청 %[3]d건 → %[4]d개, 오프로드 스레드 %[5]d개 → %[6]d개 (비율 %.3[7]g, 블로킹 요청의 비율과 배치는 그대로)",
			EN: "scaled to this machine's %[2]d cores: loops %[1]d -> %[2]d, requests %[3]d -> %[4]d, offload threads %[5]d -> %[6]d (factor %.3[7]g; the blocking fraction and its placement unchanged)"},
		"run.head": {
			KO: "실제 실행: %s 모델, %s, 요청 %d건, 반복 %d회 (워밍업 1회 제외)",
			EN: "real run: %s model, %s, %d request{s}, %d run{s} (plus one uncounted warm-up)"},
		"run.head.nowarm": {
			KO: "실제 실행: %s 모델, %s, 요청 %d건, 반복 %d회",
			EN: "real run: %s model, %s, %d request{s}, %d run{s}"},
		"run.env": {
			KO: "환경: %s, Go %s, GOMAXPROCS %d, CPU %d개%s, 커널 %s",
			EN: "environment: %s, Go %s, GOMAXPROCS %d, %d CPU{s}%s, kernel %s"},
		"run.env.cgroup": {
			KO: " (cgroup 한도 %.2g CPU)",
			EN: " (cgroup quota %.2g CPUs)"},
		"run.col.figure":          {KO: "항목", EN: "figure"},
		"run.col.model":           {KO: "모델", EN: "model"},
		"run.col.real":            {KO: "실측(중앙값)", EN: "real (median)"},
		"run.col.range":           {KO: "범위(최소-최대)", EN: "range (min-max)"},
		"run.col.ratio":           {KO: "실측/모델", EN: "real/model"},
		"run.col.ref":             {KO: "공개 측정값", EN: "published"},
		"run.fig.makespan_ms":     {KO: "전체 처리 시간 (ms)", EN: "makespan (ms)"},
		"run.fig.throughput_rps":  {KO: "처리량 (요청/초)", EN: "throughput (req/s)"},
		"run.fig.p50_ms":          {KO: "p50 지연 (ms)", EN: "p50 latency (ms)"},
		"run.fig.p90_ms":          {KO: "p90 지연 (ms)", EN: "p90 latency (ms)"},
		"run.fig.p99_ms":          {KO: "p99 지연 (ms)", EN: "p99 latency (ms)"},
		"run.fig.max_ms":          {KO: "최대 지연 (ms)", EN: "max latency (ms)"},
		"run.fig.mean_ms":         {KO: "평균 지연 (ms)", EN: "mean latency (ms)"},
		"run.fig.queue_p50_ms":    {KO: "대기열 p50 (ms)", EN: "queue wait p50 (ms)"},
		"run.fig.peak_threads":    {KO: "최대 동시 작업 스레드", EN: "peak busy threads"},
		"run.fig.in_flight_mean":  {KO: "평균 동시 처리 수 (리틀의 법칙)", EN: "mean in flight (Little's law)"},
		"run.fig.os_threads_peak": {KO: "OS 스레드 최대 (프로세스 전체)", EN: "OS threads peak (whole process)"},
		"run.fig.cpu_ms":          {KO: "사용한 CPU 시간 (ms)", EN: "CPU time used (ms)"},
		"run.fig.stalls":          {KO: "루프 멈춤 횟수", EN: "loop stalls"},
		"run.fig.stall_worst_ms":  {KO: "가장 긴 루프 멈춤 (ms)", EN: "worst loop stall (ms)"},
		"run.fig.class":           {KO: "%s: %s", EN: "%s: %s"},
		"run.ref.note": {
			KO: "공개 측정값 출처: %s",
			EN: "published figures: %s"},
		"run.stalls.none": {
			KO: "감시자(임계값 %.3g ms)가 루프 멈춤을 보지 못했습니다",
			EN: "the watchdog (threshold %.3g ms) saw no loop stall"},
		"run.stalls": {
			KO: "감시자(임계값 %.3[1]g ms)가 루프 멈춤을 %[2]d번 보았습니다. 가장 긴 멈춤은 루프 %[4]d{이/가} 요청 %[5]d{을/를} 처리할 때의 %.1[3]f ms입니다. 루프별 횟수: %[6]s",
			EN: "the watchdog (threshold %.3g ms) saw %d loop stall{s}; the worst, %.1f ms, on loop %d serving request %d; per loop: %s"},
		"run.stalls.states": {
			KO: "  멈춤을 볼 때 루프 스레드는: 커널 안에서 막혀 있음(블로킹 호출) %d번, 실행 중이거나 코어를 기다림(CPU 작업 또는 다른 일에 밀림) %d번, 이미 끝남 %d번 (중앙값 실행 기준)",
			EN: "  when seen, the loop's thread was: asleep in the kernel (a blocking call) %d, running or waiting for a core (CPU work, or crowded out by other work) %d, already done %d (median run)"},
		"run.progress.warmup": {
			KO: "워밍업 실행 중 (모델 예상 %v, 집계에서 뺌)…",
			EN: "warm-up run (the model expects %v; not counted)…"},
		"run.progress": {
			KO: "실행 %d/%d (모델 예상 %v)…",
			EN: "run %d of %d (the model expects %v)…"},
		"run.interrupted": {
			KO: "중단됨: 그때까지 끝난 요청 %d/%d건의 측정값입니다",
			EN: "interrupted: figures cover the %d of %d requests that completed"},
		"run.warning": {KO: "주의: %s", EN: "warning: %s"},
		"run.threads.note": {
			KO: "OS 스레드 최대 %d개 (프로세스 전체: 런타임 스레드 포함), CPU 시간 %.1f ms",
			EN: "OS threads peak %d (whole process, runtime threads included), CPU time %.1f ms"},
		"run.child.summary": {
			KO: "(내부용) 시나리오 JSON을 stdin으로 받아 실제로 한 번 돌리고 결과 JSON을 stdout으로 씁니다",
			EN: "(internal) run a scenario read as JSON on stdin once for real; write the result as JSON on stdout"},

		// The lanes of a real run, in the model's words.
		"run.lanes.pool": {
			KO: "스레드 %d개",
			EN: "%d thread{s}"},
		"run.lanes.pool.fanout": {
			KO: "스레드 %d개와 팬아웃 스레드 %d개",
			EN: "%d thread{s} and %d fan-out thread{s}"},
		"run.lanes.loop": {
			KO: "루프 %d개",
			EN: "%d loop{s}"},
		"run.lanes.offload": {
			KO: "루프 %d개와 오프로드 스레드 %d개",
			EN: "%d loop{s} and %d offload thread{s}"},
		"run.lanes.virtual": {
			KO: "캐리어 %d개",
			EN: "%d carrier{s}"},
		"run.err.linux": {
			KO: "실제 실행에는 Linux가 필요합니다 (eventfd, epoll, 스레드별 CPU 시계). 모델은 waitlab sim으로 어디서나 볼 수 있습니다",
			EN: "real runs need Linux (eventfd, epoll, per-thread CPU clocks); waitlab sim shows the model anywhere"},
	})
}
