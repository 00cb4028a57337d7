package msg

// `waitlab exp`: the published experiments reproduced, their tables,
// notes and warnings.
func init() {
	Register(map[string]Entry{
		"exp.summary": {
			KO: "발표된 실험을 이 기계에서 다시 돌려, 발표된 표 옆에 우리 표를 놓습니다",
			EN: "re-run the published experiments on this machine and print their tables beside the published ones"},
		"exp.usage": {
			KO: "사용법: waitlab exp list | waitlab exp run 이름 [--repeat N] [--quick] [--out 디렉터리] [--lang ko|en] [--json]",
			EN: "usage: waitlab exp list | waitlab exp run NAME [--repeat N] [--quick] [--out DIR] [--lang ko|en] [--json]"},
		"exp.err.unknown": {
			KO: "그런 실험은 없습니다: %q. waitlab exp list로 이름을 확인하세요 (%s)",
			EN: "no experiment %q: see waitlab exp list (%s)"},
		"exp.err.sub": {
			KO: "exp의 하위 명령이 아닙니다: %q. list나 run을 쓰세요",
			EN: "%q is not an exp subcommand: use list or run"},
		"exp.err.name": {
			KO: "실험 이름을 하나 주세요 (예: waitlab exp run lab)",
			EN: "give one experiment name (e.g. waitlab exp run lab)"},
		"exp.err.repeat": {
			KO: "--repeat는 1 이상이어야 합니다 (받은 값: %d)",
			EN: "--repeat must be at least 1 (got %d)"},
		"exp.err.failed": {
			KO: "실험 %s의 실행이 실패했습니다: %v",
			EN: "experiment %s failed: %v"},
		"exp.interrupted.none": {
			KO: "중단됨: 잰 것이 없어 표를 낼 수 없습니다",
			EN: "interrupted: nothing was measured, so there is no table"},
		"exp.wrote": {
			KO: "썼습니다: %s",
			EN: "wrote %s"},
		"exp.list.head": {
			KO: "실험 (waitlab exp run 이름 [--quick]):",
			EN: "experiments (waitlab exp run NAME [--quick]):"},
		"exp.progress.run": {
			KO: "%s: 실행 %d/%d (0은 워밍업), 한 번에 약 %s",
			EN: "%s: run %d of %d (0 is the warm-up), about %s each"},
		"exp.progress.trial": {
			KO: "%s: 실행 %d/%d, 워밍업 뒤 %s 동안 부하",
			EN: "%s: run %d of %d, load for %s after its warm-up"},
		"exp.note.busy": {
			KO: "⚠ 기계가 바빴습니다: 1분 부하 평균이 코어 %[2]d개에 %.1[1]f까지 올랐습니다. 다른 작업이 CPU를 나눠 가져가므로 CPU를 쓰는 숫자(처리량, CPU가 든 지연)는 늘어나 있고, 대기가 정하는 숫자는 덜 흔들립니다. 조용할 때 다시 돌려 보세요.",
			EN: "⚠ The machine was busy: its 1-minute load average reached %.1f on %d cores. Other work took CPU, so CPU-bound figures (throughput, latencies made of CPU work) are stretched, while figures set by waits move less. Re-run when it is quiet."},
		"exp.note.nice": {
			KO: "우선순위를 올리지 못해 보통 우선순위로 쟀습니다: %v",
			EN: "could not raise the priority, so this ran at the normal one: %v"},
		"exp.progress.burst": {
			KO: "%s: 실행 %d/%d (0은 워밍업)",
			EN: "%s: run %d of %d (0 is the warm-up)"},
		"exp.note.error": {
			KO: "실험이 끝까지 가지 못했습니다: %v",
			EN: "the experiment did not finish: %v"},

		// Markdown and SVG.
		"exp.md.command": {
			KO: "명령: `%s` · %s",
			EN: "Command: `%s` · %s"},
		"exp.md.date": {
			KO: "%s",
			EN: "%s"},
		"exp.md.interrupted": {
			KO: "중단됨: 아래 표는 중단되기 전까지 잰 것입니다",
			EN: "interrupted: the table below holds what was measured before the interrupt"},
		"exp.md.ours": {
			KO: "이 기계 (%d회 실행의 중앙값 [최소–최대], 워밍업 1회 제외):",
			EN: "This machine (median [min–max] of %d runs, after one uncounted warm-up):"},
		"exp.md.ours.each": {
			KO: "이 기계 (%d회 실행의 중앙값 [최소–최대], 실행마다 워밍업 구간은 세지 않음):",
			EN: "This machine (median [min–max] of %d runs, each after its own uncounted warm-up):"},
		"exp.md.condition": {KO: "조건", EN: "condition"},
		"exp.md.model":     {KO: "모델", EN: "model"},
		"exp.md.pub":       {KO: "발표값", EN: "published"},
		"exp.md.warnings": {
			KO: "타당성 경고 (⚠ 표시된 행의 숫자를 흔드는 것들):",
			EN: "Validity warnings (they undermine the figures of the rows marked ⚠):"},
		"exp.md.published": {
			KO: "발표된 표 (출처: %s):",
			EN: "Published (source: %s):"},
		"exp.md.env": {
			KO: "환경: %s, 쓸 수 있는 코어 %d개, GOMAXPROCS %d, Go %s, 커널 %s, 1분 부하 평균 시작 %.2f / 최고 %.2f / 끝 %.2f, nice %d, 반복 %d회.",
			EN: "Environment: %s, %d usable cores, GOMAXPROCS %d, Go %s, kernel %s, 1-minute load average %.2f at the start / %.2f at most / %.2f at the end, nice %d, %d counted runs."},
		"exp.svg.ours": {
			KO: "이 기계 (중앙값, 최소–최대, %d회)",
			EN: "this machine (median, min–max of %d)"},

		// Shared column labels.
		"exp.col.makespan":  {KO: "전체 소요 (ms)", EN: "makespan (ms)"},
		"exp.col.osthreads": {KO: "OS 스레드 최대", EN: "OS threads peak"},
		"exp.col.tput":      {KO: "처리량 (요청/초)", EN: "throughput (req/s)"},
		"exp.col.okrps":     {KO: "성공 처리량 (요청/초)", EN: "throughput without errors (req/s)"},
		"exp.col.p50":       {KO: "p50 (ms)", EN: "p50 (ms)"},
		"exp.col.p99":       {KO: "p99 (ms)", EN: "p99 (ms)"},
		"exp.col.errors":    {KO: "오류 (%)", EN: "errors (%)"},
		"exp.col.stalls":    {KO: "루프 멈춤", EN: "loop stalls"},
		"exp.col.gencpu":    {KO: "부하 생성기 CPU (%)", EN: "generator CPU (%)"},
		"exp.col.srvcpu":    {KO: "서버 CPU (코어 %)", EN: "server CPU (% of a core)"},
		"exp.col.ctxsw":     {KO: "서버 문맥 교환 (/요청)", EN: "server context switches (per request)"},
		"exp.col.runq":      {KO: "실행 대기열 (평균)", EN: "run queue (mean)"},

		// Load experiments: placement.
		"exp.place.pinned": {
			KO: "배치: 서버는 CPU %s, 부하 생성기와 다운스트림은 CPU %s에 고정했습니다 (sched_setaffinity). 부하 생성기의 CPU는 그 코어에 대한 비율입니다.",
			EN: "Placement: the server pinned to CPU %s, the generator and the downstream to CPU %s (sched_setaffinity); the generator's CPU is a share of its own core."},
		"exp.place.shared": {
			KO: "배치: CPU가 하나뿐이라 서버와 부하 생성기가 같은 코어를 나눠 씁니다. 서버의 숫자에는 부하 생성기의 몫이 빠져 있습니다.",
			EN: "Placement: with one CPU the server and the generator share a core; the server's figures lose what the generator takes."},

		// 1. lab
		"exp.lab.title": {
			KO: "실습 프리셋 다섯 개, 대기 0.2초",
			EN: "The five lab presets at 0.2 s"},
		"exp.lab.about": {
			KO: "풀 4, 루프 2, 막힌 루프 2, 가상 스레드, 풀 10×30: 모델, 프로세스 안 실측, JDK 21 발표값",
			EN: "pool 4, 2 loops, 2 blocked loops, virtual threads, pool 10x30: model, in-process run, published JDK 21 figures"},
		"exp.lab.recipe": {
			KO: "각 프리셋의 요청마다 대기를 %d ms로 줄여 (발표된 JDK 21 측정과 같게) 모델로 계산하고, 새 자식 프로세스에서 실제 OS 스레드, epoll 루프, 캐리어 2개 위의 고루틴으로 %d회 돌렸고, 같은 시나리오를 대상 서버가 HTTP로 서비스하게 하여 다른 코어의 부하 생성기로도 같은 횟수만큼 쟀습니다.",
			EN: "Each preset with every request's wait cut to %d ms (as in the published JDK 21 measurement): the model, then %d real runs, each in a fresh child process, on real OS threads, epoll loops and goroutines on two carriers; and as many runs over HTTP, the target serving the same scenario to the generator on another core."},
		"exp.lab.col.http": {
			KO: "HTTP로 전체 소요 (ms)",
			EN: "makespan over HTTP (ms)"},
		"exp.lab.col.x": {
			KO: "등록 루프 2개 대비 (배)",
			EN: "x two registered loops"},
		"exp.lab.row.lab-pool":          {KO: "풀 스레드 4개, 요청 12개", EN: "pool of 4 threads, 12 requests"},
		"exp.lab.row.lab-loop":          {KO: "루프 2개, 대기를 등록", EN: "2 loops, waits registered"},
		"exp.lab.row.lab-loop-blocking": {KO: "루프 2개, 대기가 루프를 막음", EN: "2 loops, waits block the loop"},
		"exp.lab.row.lab-virtual":       {KO: "가상 스레드, 캐리어 2개", EN: "virtual threads on 2 carriers"},
		"exp.lab.row.lab-pool-10x30":    {KO: "풀 스레드 10개, 요청 30개", EN: "pool of 10 threads, 30 requests"},
		"exp.lab.pub.note": {
			KO: "비율 6:12:2:2는 모델과 같습니다. 다섯째 프리셋(풀 10개, 요청 30개)은 모델로만 발표되었습니다 (대기 2초에 6초).",
			EN: "Ratios 6:12:2:2 as in the model. The fifth preset (pool of 10, 30 requests) was published as a model figure only (6 s with 2 s waits)."},
		"exp.lab.note.model": {
			KO: "실측은 모델과 가장 많이 벌어진 행(%[2]s)에서도 %.1[1]f%% 안입니다: 이 프리셋들은 CPU를 거의 쓰지 않고 기다리기만 하므로, 2코어짜리 바쁜 기계에서도 대기 시간이 결과를 정합니다.",
			EN: "The real runs stay within %.1f%% of the model even in the row furthest from it (%s): these presets wait and hardly compute, so the waits set the result even on a busy 2-core machine."},
		"exp.lab.note.shape": {
			KO: "모양: 풀 4개는 등록 루프 2개의 %.2f배, 막힌 루프 2개는 %.2f배입니다 (발표값 %.2f배와 %.2f배, 모델 3배와 6배).",
			EN: "Shape: the pool of 4 takes %.2fx the two registered loops, the two blocked loops %.2fx (published %.2fx and %.2fx; the model 3x and 6x)."},
		"exp.lab.note.why": {
			KO: "다른 점과 그 까닭: 발표값은 JDK 21의 플랫폼 스레드, NIO 셀렉터, 가상 스레드로 잰 것이고, 여기서는 Go가 잠근 OS 스레드(nanosleep으로 막힘), epoll과 timerfd 루프, 캐리어 토큰 2개 위의 고루틴으로 잽니다. 발표값이 모델보다 1–3퍼센트 긴 것(619 대 600)은 JVM의 스레드 시작과 타이머 정밀도 탓이고, 여기서 남는 차이는 자식 프로세스 안의 스레드 시작과 바쁜 기계의 스케줄링 지연입니다.",
			EN: "What differs and why: the published figures are JDK 21 platform threads, an NIO selector and virtual threads; here they are Go-locked OS threads blocked in nanosleep, epoll loops with timerfd timers, and goroutines on two carrier tokens. The published runs sit 1-3 per cent above the model (619 vs 600) from the JVM's thread start and timer granularity; what is left here is thread start inside the child process and scheduling delay on a busy machine."},
	})
}

// 3. blocking-loop
func init() {
	Register(map[string]Entry{
		"exp.blocking-loop.title": {
			KO: "루프 여덟 개, 요청의 1%가 막음",
			EN: "Eight loops, 1% blocking"},
		"exp.blocking-loop.about": {
			KO: "요청 2,000개 중 1%가 100 ms 막음: 없음 / 루프에서 / 오프로드 64 / 오프로드 4, 코어 수에 맞춰 줄임, 멈춤 횟수와 점유 계산",
			EN: "2,000 requests, 1% block 100 ms: none / on the loop / offload 64 / offload 4, scaled to the cores, stall counts and the occupancy arithmetic"},
		"exp.bl.recipe": {
			KO: "요청 2,000개가 한꺼번에 도착하고, 99%%는 CPU 200 µs, 1%%(20개)는 100 ms 동안 스레드를 막는 호출을 합니다. 막는 요청은 루프들에 고르게 퍼집니다. p50/p99/최대는 막지 않는 요청만 셉니다. 조건마다 모델을 계산하고, 새 자식 프로세스에서 실제 epoll 루프(와 오프로드 스레드)로 %[1]d회 돌린 다음, HTTP로 %[1]d회 더 돌렸습니다: 실행마다 새 `waitlab target` 자식 프로세스가 시나리오를 서비스하고, 이 프로세스의 부하 생성기가 요청을 한꺼번에 보냅니다 (코어가 둘 이상이면 둘을 서로 다른 코어에 고정). 루프 멈춤은 감시견(임계 10 ms)이 센 것이고, HTTP에서는 대상 서버의 /metrics에서 읽습니다.",
			EN: "2,000 requests arrive at once; 99%% spend 200 µs of CPU, 1%% (20) make a call that blocks their thread for 100 ms, spread evenly over the loops; p50/p99/max are over the non-blocking requests. Each condition: the model, then %[1]d real runs on real epoll loops (and offload threads), each in a fresh child process, then %[1]d runs over HTTP: a fresh `waitlab target` child per run serves the scenario and the generator in this process sends the burst, the two pinned to different cores where there are two. Loop stalls are the watchdog's count (threshold 10 ms), over HTTP read from the target's /metrics."},
		"exp.bl.scaling": {
			KO: "이 기계에 맞춘 축소 (live.ScaleToCores): 루프 %d개 → %d개, 요청 %d개 → %d개 (비율 %.3g), 오프로드 풀 64 → %d, 4 → %d. 루프마다 받는 일의 양과 막는 요청의 비율은 발표된 실행과 같습니다. 처리량은 루프 수에 비례하므로 루프당 처리량으로 견주세요.",
			EN: "Scaled to this machine (live.ScaleToCores): loops %d -> %d, requests %d -> %d (factor %.3g), offload pools 64 -> %d and 4 -> %d; each loop gets the same work and the same blocking share as in the published run. Throughput scales with the loops: compare it per loop."},
		"exp.bl.noscaling": {
			KO: "이 기계의 코어 %d개가 루프 여덟 개 이상이라 줄이지 않았습니다.",
			EN: "Not scaled: this machine's %d cores cover the eight loops."},
		"exp.bl.scaling.http": {
			KO: "HTTP에서는 대상 서버가 CPU %s에, 부하 생성기가 CPU %s에 고정되므로, 같은 규칙으로 대상 서버의 코어에 맞춰 줄였습니다: 루프 8개 → %d개, 요청 2000개 → %d개 (비율 %.3g), 오프로드 풀 64 → %d, 4 → %d. 루프 하나가 코어 하나를 갖는 것은 두 방식이 같으므로, 루프당 처리량과 지연을 서로 견줄 수 있습니다.",
			EN: "Over HTTP the target is pinned to CPU %s and the generator to CPU %s, so the same rule scales to the target's cores: loops 8 -> %d, requests 2000 -> %d (factor %.3g), offload pools 64 -> %d and 4 -> %d. In both views each loop has a core of its own, so per-loop throughput and the latencies compare across them."},
		"exp.bl.scaling.http.shared": {
			KO: "HTTP에서는 코어가 하나뿐이라 대상 서버와 부하 생성기가 그 코어를 나눠 쓰고, 축소는 프로세스 안 실행과 같습니다. 부하 생성기가 쓰는 CPU만큼 HTTP 쪽 숫자가 늘어납니다.",
			EN: "Over HTTP there is one core, so the target and the generator share it, scaled as in process; the generator's CPU stretches the HTTP figures."},
		"exp.bl.noscaling.http": {
			KO: "HTTP에서도 줄이지 않았습니다: 대상 서버의 코어 %d개가 루프 여덟 개 이상입니다.",
			EN: "Over HTTP not scaled either: the target's %d cores cover the eight loops."},
		"exp.bl.http.label": {
			KO: "%s (HTTP)",
			EN: "%s over HTTP"},
		"exp.bl.col.http.tput":    {KO: "HTTP 처리량 (요청/초)", EN: "HTTP throughput (req/s)"},
		"exp.bl.col.http.perloop": {KO: "HTTP 루프당 (요청/초)", EN: "HTTP per loop (req/s)"},
		"exp.bl.col.http.p50":     {KO: "HTTP p50, 막지 않는 요청 (ms)", EN: "HTTP p50, non-blocking (ms)"},
		"exp.bl.col.http.p99":     {KO: "HTTP p99, 막지 않는 요청 (ms)", EN: "HTTP p99, non-blocking (ms)"},
		"exp.bl.col.http.stalls":  {KO: "HTTP 루프 멈춤", EN: "HTTP loop stalls"},
		"exp.bl.note.http.err": {
			KO: "HTTP 실행은 하지 못했으므로 HTTP 열은 비어 있습니다: %v",
			EN: "The runs over HTTP could not be made, so the HTTP columns are empty: %v"},
		"exp.bl.note.http.slowdown": {
			KO: "HTTP에서 잰 처리량 비(막음 없음 / 루프에서 막음)는 %.2f배입니다 (그 규모의 모델 %.2f배, 프로세스 안 %.2f배).",
			EN: "Over HTTP, throughput none / on the loop is %.2fx (the model at that scale %.2fx, in process %.2fx)."},
		"exp.bl.note.http.p50": {
			KO: "HTTP에서도 막지 않는 요청의 p50은 루프에서 막을 때 %.1f배가 되고 (프로세스 안 %.1f배), 오프로드 풀 64에서 %.2f배 (프로세스 안 %.2f배), 풀 4에서 %.2f배 (프로세스 안 %.2f배)입니다. 대상 서버 안의 감시견은 루프에서 막을 때 멈춤을 %.0f번, 오프로드 풀 64에서 %.0f번, 풀 4에서 %.0f번 보았습니다 (프로세스 안에서는 루프에서 막을 때 %.0f번).",
			EN: "Over HTTP too, the non-blocking requests' p50 grows %.1fx with blocking on the loop (in process %.1fx) and is %.2fx with offload to pool 64 (in process %.2fx) and %.2fx with pool 4 (in process %.2fx). The watchdog inside the target saw %.0f loop stalls with blocking on the loop, %.0f with offload to pool 64 and %.0f with pool 4 (in process %.0f with blocking on the loop)."},
		"exp.bl.note.http.cost": {
			KO: "HTTP가 더하는 것: 두 방식은 규모가 다르므로 각자의 모델에 견줍니다. 잰 처리량은 같은 규모 모델의 %.2f, %.2f, %.2f, %.2f배 (프로세스 안), %.2f, %.2f, %.2f, %.2f배 (HTTP)이고 (조건 순서대로), 막음 없음의 p50은 HTTP에서 %.1f ms, 프로세스 안에서 %.1f ms입니다 (모델 %.1f ms). 요청마다 TCP 연결을 맺고 HTTP를 읽고 쓰는 일이 대상 서버의 루프 위에 얹히고, 한꺼번에 오는 연결은 부하 생성기의 코어 하나가 맺습니다: 연결 수립 p50은 %.1f ms, %.1f ms, %.1f ms, %.1f ms (조건 순서대로, 중앙값 실행)였습니다.",
			EN: "What HTTP adds: the two views run at different scales, so each is set against its own model. Measured throughput is %.2f, %.2f, %.2f and %.2f of the model's in process and %.2f, %.2f, %.2f and %.2f over HTTP (in the order of the rows), and the no-blocking p50 is %.1f ms over HTTP against %.1f ms in process (model %.1f ms). Each request's TCP connection and its HTTP parsing and writing land on the target's loop, and the burst's connections are set up by one generator core: connection set-up p50 %.1f, %.1f, %.1f and %.1f ms (in the order of the rows, median run)."},
		"exp.bl.note.http.overflows": {
			KO: "커널이 센 HTTP 실행 중의 accept 대기열 넘침(ListenOverflows, 중앙값 실행들의 합): %d.",
			EN: "Accept-queue overflows the kernel counted during the HTTP runs (ListenOverflows, summed over the median runs): %d."},
		"exp.bl.col.perloop":        {KO: "루프당 처리량 (요청/초)", EN: "per loop (req/s)"},
		"exp.bl.col.p50":            {KO: "p50, 막지 않는 요청 (ms)", EN: "p50, non-blocking (ms)"},
		"exp.bl.col.p99":            {KO: "p99, 막지 않는 요청 (ms)", EN: "p99, non-blocking (ms)"},
		"exp.bl.col.max":            {KO: "최대, 막지 않는 요청 (ms)", EN: "max, non-blocking (ms)"},
		"exp.bl.pub.range":          {KO: "처리량 범위", EN: "throughput range"},
		"exp.bl.row.ch15-none":      {KO: "막음 없음", EN: "no blocking"},
		"exp.bl.row.ch15-onloop":    {KO: "루프에서 막음", EN: "blocking on the loop"},
		"exp.bl.row.ch15-offload64": {KO: "오프로드, 풀 64", EN: "offload, pool 64"},
		"exp.bl.row.ch15-offload4":  {KO: "오프로드, 풀 4", EN: "offload, pool 4"},
		"exp.bl.pool.here": {
			KO: " (여기서는 %d)",
			EN: " (here %d)"},
		"exp.bl.pub.note": {
			KO: "5회 실행의 중앙값, 처리량 = 2,000 / 전체 처리 시간, p50/p99는 막지 않는 요청 1,980개의 것. 루프 여덟 개.",
			EN: "Median of 5 runs; throughput = 2,000 / batch time; p50/p99 over the 1,980 non-blocking requests; eight loops."},
		"exp.bl.note.occupancy": {
			KO: "점유 계산: 보통 일 1,980 × 200 µs = %s ms, 막는 시간 20 × 100 ms = %s ms이므로, 막음이 루프 위에 있으면 배치가 (보통 일 + 막는 시간) / 보통 일 = %.2f배 길어진다고 예측합니다 (이 규모의 모델: %.2f배). 여기서 잰 처리량 비(막음 없음 / 루프에서 막음)는 %.2f배, 발표값은 %.1f배입니다.",
			EN: "Occupancy arithmetic: 1,980 x 200 µs = %s ms of normal work against 20 x 100 ms = %s ms of blocking, so with the blocking on the loops the batch should take (normal + blocking) / normal = %.2fx as long (the model at this scale: %.2fx). Measured here (throughput none / on the loop): %.2fx; published %.1fx."},
		"exp.bl.note.p50": {
			KO: "막지 않는 요청의 p50은 루프에서 막을 때 %.1f배가 되고 (발표값 %.1f배), 오프로드 풀 64에서 %.2f배 (발표값 %.2f배), 풀 4에서 %.2f배 (발표값 %.2f배)로 돌아옵니다. 오프로드는 격리이지 치료가 아닙니다: 막는 일의 처리량은 풀 크기가 정합니다.",
			EN: "The non-blocking requests' p50 grows %.1fx with blocking on the loop (published %.1fx) and comes back to %.2fx with offload to pool 64 (published %.2fx) and %.2fx with pool 4 (published %.2fx). Offload isolates, it does not cure: the blocking work's throughput is set by the pool."},
		"exp.bl.note.pool": {
			KO: "풀을 줄이면 처리량이 %.1f배 떨어지고 (발표값 64 → 4에서 %.1f배), p50은 그대로입니다: 막는 요청 20개 × 100 ms / 스레드 4개 = 500 ms가 배치를 정합니다.",
			EN: "The smaller pool divides throughput by %.1f (published 64 -> 4: %.1f) and leaves p50 where it was: 20 blocking requests x 100 ms / 4 threads = 500 ms sets the batch."},
		"exp.bl.note.stalls": {
			KO: "감시견: 루프에서 막을 때 멈춤 %.0f번, 오프로드 풀 64에서 %.0f번, 풀 4에서 %.0f번 (중앙값 실행).",
			EN: "Watchdog: %.0f loop stalls with blocking on the loop, %.0f with offload to pool 64, %.0f with pool 4 (median run)."},
		"exp.bl.note.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 8코어 노트북에서 Netty 루프 여덟 개로 잰 것입니다. 여기서는 2코어 가상 머신에서 루프 두 개로 줄였으므로 처리량의 절댓값은 루프당 값으로만 견줄 수 있습니다. 발표된 측정은 점유 예측(6.05배)보다 작은 4.4배였는데, 루프보다 코어가 많으면 막힌 루프의 코어가 쉬는 동안 다른 일이 그 코어를 쓰기 때문입니다. 이 기계가 다른 작업과 공유될 때는 보통 요청의 CPU 200 µs가 늘어나 막음 없음의 처리량이 내려가고 배수도 작아질 수 있습니다. 조용한 기계에서는 배수가 점유 예측 근처나 그 위로 나옵니다 (루프마다 코어가 하나씩이라, 막힌 루프의 코어를 쓸 다른 일이 없습니다).",
			EN: "What differs and why: the published run used eight Netty loops on an 8-core laptop; here two loops on a 2-core VM, so absolute throughput compares only per loop. The published slowdown (4.4x) came in below the occupancy prediction (6.05x) partly because a blocked loop's core idles while other work can use it; when this machine is shared with other work, the 200 µs of CPU of the normal requests stretch, the no-blocking throughput falls and the multiple can shrink too. On a quiet machine the multiple comes out near or above the occupancy prediction: each loop has a core of its own, and no other work takes a blocked loop's core."},
	})
}

// 4. validate-lock
func init() {
	Register(map[string]Entry{
		"exp.validate-lock.title": {
			KO: "PING 검증 잠금: 처리량은 1/RTT에 묶인다",
			EN: "The PING validation lock: throughput capped at 1/RTT"},
		"exp.validate-lock.about": {
			KO: "2 ms 떨어진 다운스트림 (있으면 지연 프록시 뒤의 실제 Redis), 풀 스레드 200과 1,600, 잠금 있음/없음",
			EN: "a downstream 2 ms away (and a real Redis behind the latency proxy when installed), pool of 200 and 1,600 threads, with and without the lock"},
		"exp.vl.recipe": {
			KO: "다운스트림은 명령마다 %d ms 뒤에 답합니다. 대상 서버는 스레드 풀 모델이고, 요청마다 다운스트림을 한 번 부릅니다. 잠금이 있으면 그 전에 프로세스 하나뿐인 잠금을 잡고 PING 왕복을 합니다 (synchronized 안에서 연결을 검증하는 버그). 닫힌 모델의 가상 사용자 수는 스레드 수와 같습니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회.",
			EN: "The downstream answers every command %d ms after it arrives. The target is the thread pool; each request makes one downstream call, and with the lock it first takes one process-wide lock and makes a PING round trip under it (the validate-inside-synchronized bug). As many virtual users (closed model) as threads. Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d runs per condition."},
		"exp.vl.row": {
			KO: "스레드 %s개, 잠금 %s",
			EN: "%s threads, lock %s"},
		"exp.vl.on":      {KO: "있음", EN: "on"},
		"exp.vl.off":     {KO: "없음", EN: "off"},
		"exp.vl.builtin": {KO: "내장 지연 서버", EN: "the built-in delay server"},
		"exp.vl.pub.cap": {
			KO: "잠금 있음, 스레드 1,600 또는 3,000: 1/RTT (2 ms)에 묶임",
			EN: "lock on, 1,600 or 3,000 threads: capped at 1/RTT (2 ms)"},
		"exp.vl.pub.on": {
			KO: "잠금 있음, 측정값",
			EN: "lock on, measured"},
		"exp.vl.pub.off": {
			KO: "잠금 없음 (9.2배)",
			EN: "lock off (9.2x)"},
		"exp.vl.pub.note": {
			KO: "잠금은 네트워크 왕복 하나 동안 잡혀 있어 처리량을 1/RTT로 묶고 왕복 수를 두 배로 만듭니다. 발표된 측정 76 TPS는 이 상한보다 낮았는데, 요청마다 로그도 남겼기 때문입니다 (logging 실험).",
			EN: "One lock held across a network round trip caps throughput at 1/RTT and doubles the round trips. The measured 76 TPS sat below that cap because every request was also logged (see the logging experiment)."},
		"exp.vl.redis.quick": {
			KO: "--quick에서는 내장 지연 서버로만 잽니다. 실제 Redis 행은 전체 실행에서 나옵니다 (redis-server가 있을 때).",
			EN: "--quick measures the built-in delay server only; the real Redis rows come with a full run (when redis-server is installed)."},
		"exp.vl.redis.missing": {
			KO: "redis-server가 없어 내장 지연 서버로만 쟀습니다. 실제 Redis로도 재려면: sudo apt-get install -y redis-server",
			EN: "redis-server is not installed, so only the built-in delay server was measured; to add a real Redis: sudo apt-get install -y redis-server"},
		"exp.vl.redis.failed": {
			KO: "redis-server를 띄우지 못해 내장 지연 서버로만 쟀습니다: %v",
			EN: "redis-server could not be started, so only the built-in delay server was measured: %v"},
		"exp.vl.note.cap": {
			KO: "%s: 잠금이 있으면 처리량은 스레드 200개에서 초당 %.0f, 1,600개에서 %.0f입니다. 상한 1/RTT = 초당 %.0f의 %.0f%%와 %.0f%%로, 스레드를 여덟 배로 늘려도 오르지 않습니다. 잠금을 한 번 잡는 데 실제로 %.1f ms가 듭니다: 2 ms 지연에 더해, 바쁜 기계에서 잠금을 넘기고 스레드를 깨우는 시간입니다.",
			EN: "%s: with the lock, throughput is %.0f/s at 200 threads and %.0f/s at 1,600: against the cap 1/RTT = %.0f/s, that is %.0f%% and %.0f%%; eight times the threads buy nothing. One hold of the lock really takes %.1f ms: the 2 ms delay plus handing the lock over and waking the next thread on a busy machine."},
		"exp.vl.note.ratio": {
			KO: "%s: 잠금을 없애면 처리량이 스레드 200개에서 %.1f배, 1,600개에서 %.1f배가 됩니다 (발표값 %.1f배).",
			EN: "%s: removing the lock multiplies throughput by %.1f at 200 threads and %.1f at 1,600 (published %.1fx)."},
		"exp.vl.note.why": {
			KO: "다른 점과 그 까닭: 잠금이 있을 때의 상한은 RTT만으로 정해지므로 여기서도 발표된 모양 그대로 나옵니다 (스레드 수와 무관하게 1/RTT 근처). 잠금을 없앤 뒤의 처리량은 그다음 병목이 정합니다. 발표된 서비스에서는 요청마다 드는 CPU(스프링, 로깅, 직렬화)가 2코어에서 700 TPS를 정했고, 여기서는 거의 일하지 않는 핸들러가 코어 하나를 다 쓸 때까지 오르므로 배수가 훨씬 큽니다. 서버와 부하 생성기를 다른 코어에 두었지만 다운스트림은 부하 생성기 쪽 코어를 나눠 씁니다.",
			EN: "What differs and why: with the lock the cap is set by the round trip alone, so it reproduces as published (near 1/RTT whatever the thread count). Without it, the next bottleneck sets throughput: in the published service, CPU per request (Spring, logging, serialisation) set 700 TPS on 2 cores; here a handler that does almost nothing climbs until it fills its one core, so the multiple is much larger. Server and generator sit on separate cores, but the downstream shares the generator's."},
	})
}

// 5. logging
func init() {
	Register(map[string]Entry{
		"exp.logging.title": {
			KO: "요청마다 남기는 로그: 끔, 동기, 비동기",
			EN: "Per-request logging: off, sync, async"},
		"exp.logging.about": {
			KO: "같은 부하에 로그 끔 / 동기 / 비동기(버림, 막음): 처리량과 p99의 값, 버려진 줄. 잠금이 있을 때와 없을 때",
			EN: "the same load with logging off / sync / async (dropping, blocking): throughput and p99 cost, lines dropped; with and without the lock"},
		"exp.log.recipe": {
			KO: "스레드 풀 모델 대상 서버(스레드 %d개)가 요청마다 %d ms 떨어진 다운스트림을 한 번 부르고, 요청마다 로그 한 줄을 파일에 남깁니다: 동기(응답 전에 write 한 번), 비동기(길이 1,024의 대기열, 차면 버리거나 요청을 막음). 처음 두 행은 PING 검증 잠금이 있을 때입니다. 닫힌 모델의 가상 사용자 수는 스레드 수와 같고, 실행마다 새 서버 프로세스에 %.1f초를 재며, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회.",
			EN: "The pool target (%d threads) makes one call to a downstream %d ms away per request and logs one line per request to a file: sync (one write before answering) or async (a queue of 1,024 lines that drops when full, or blocks the request). The first two rows run with the PING validation lock on. As many virtual users as threads (closed model); each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d runs per condition."},
		"exp.log.col.dropped":     {KO: "버려진 줄 (%)", EN: "lines dropped (%)"},
		"exp.log.col.blocked":     {KO: "로그에 막힌 시간 (µs/요청)", EN: "blocked on logging (µs/request)"},
		"exp.log.row.lock-off":    {KO: "잠금 있음, 로그 끔 (스레드 %d개)", EN: "lock on, logging off (%d threads)"},
		"exp.log.row.lock-sync":   {KO: "잠금 있음, 동기 로그 (스레드 %d개)", EN: "lock on, sync logging (%d threads)"},
		"exp.log.row.off":         {KO: "잠금 없음, 로그 끔 (스레드 %d개)", EN: "lock off, logging off (%d threads)"},
		"exp.log.row.sync":        {KO: "잠금 없음, 동기 로그 (스레드 %d개)", EN: "lock off, sync logging (%d threads)"},
		"exp.log.row.async-drop":  {KO: "잠금 없음, 비동기 로그, 차면 버림 (스레드 %d개)", EN: "lock off, async logging, drop when full (%d threads)"},
		"exp.log.row.async-block": {KO: "잠금 없음, 비동기 로그, 차면 막음 (스레드 %d개)", EN: "lock off, async logging, block when full (%d threads)"},
		"exp.log.pub.lockon": {
			KO: "잠금이 지배할 때: 요청 로그 켬 → 끔",
			EN: "while the lock dominated: request logging on -> off"},
		"exp.log.pub.lockoff": {
			KO: "잠금을 없앤 뒤: INFO 로그, 동기 어펜더",
			EN: "after the lock was gone: INFO logging, synchronous appender"},
		"exp.log.pub.cost42": {
			KO: "처리량의 42%",
			EN: "42% of throughput"},
		"exp.log.pub.note": {
			KO: "병목은 서로를 가립니다: 잠금이 처리량을 묶고 있는 동안 로그의 값은 작아 보였습니다.",
			EN: "Bottlenecks hide each other: while the lock capped throughput, logging looked cheap."},
		"exp.log.note.hide": {
			KO: "잠금이 있을 때 로그를 끄면 처리량이 %.2f배가 됩니다 (발표값 %.2f배). 잠금이 없을 때 동기 로그는 처리량의 %.0f%%를 가져갑니다 (발표값 %.0f%%).",
			EN: "With the lock on, turning logging off multiplies throughput by %.2f (published %.2fx). With the lock gone, sync logging costs %.0f%% of throughput (published %.0f%%)."},
		"exp.log.note.async": {
			KO: "비동기 로그: 차면 버리는 대기열은 처리량의 %.0f%%를 가져가고 줄의 %.1f%%를 버립니다. 차면 막는 대기열은 %.0f%%를 가져갑니다 (줄을 잃지 않는 대신 쓰기가 느리면 요청이 기다립니다).",
			EN: "Async logging: the dropping queue costs %.0f%% of throughput and drops %.1f%% of the lines; the blocking queue costs %.0f%% (no line is lost, but requests wait when the writer falls behind)."},
		"exp.log.note.why": {
			KO: "다른 점과 그 까닭: 여기서 로그 한 줄은 미리 만든 바이트에 write(2) 한 번이라 Logback의 INFO 한 줄(패턴 포맷, MDC, 어펜더 잠금)보다 훨씬 쌉니다. 그래서 잠금이 없을 때의 값이 42퍼센트보다 작을 수 있습니다. 모양은 같습니다: 잠금이 처리량을 묶고 있으면 로그의 값이 가려지고, 잠금이 사라지면 드러납니다.",
			EN: "What differs and why: a log line here is one write(2) of pre-formatted bytes, much cheaper than a Logback INFO line (pattern layout, MDC, the appender's lock), so the cost without the lock can come in under 42 per cent. The shape is the same: while the lock caps throughput the cost of logging hides, and it shows once the lock is gone."},
	})
}

// 6. threads
func init() {
	Register(map[string]Entry{
		"exp.threads.title": {
			KO: "스레드 200개 대 1,600개: 스레드가 많을수록 꼬리가 나빠진다",
			EN: "200 threads against 1,600: more threads, worse tails"},
		"exp.threads.about": {
			KO: "쓰기 같은 경로(CPU와 다운스트림 호출)에서 풀 200 대 1,600: 오류, p99, 오류를 뺀 처리량, 문맥 교환, 실행 대기열",
			EN: "pool of 200 vs 1,600 threads on a write-like path (CPU plus downstream calls): errors, p99, throughput without errors, context switches, run queue"},
		"exp.th.recipe": {
			KO: "스레드 풀 모델 대상 서버가 요청마다 CPU %s{을/를} 쓰고 다운스트림을 %d번 차례로 부릅니다 (한 번에 %d ms). 대기열은 충분히 길게(10,000) 두어, 차이는 스레드 수에서만 나옵니다. 닫힌 모델의 가상 사용자 %s명이 타임아웃 %.0f초로 보냅니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회. GOMAXPROCS는 스레드 수 + 2라서 모든 풀 스레드가 한꺼번에 실행 가능해질 수 있습니다 (JVM의 플랫폼 스레드처럼).",
			EN: "The pool target spends %s of CPU per request and makes %d downstream calls in sequence (%d ms each); its queue is long enough (10,000) that only the thread count differs. %s virtual users (closed model) send with a %.0f s timeout. Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d runs per condition. GOMAXPROCS is the thread count plus 2, so every pool thread can be runnable at once, as a JVM's platform threads can."},
		"exp.th.col.rps": {KO: "오류 포함 처리량 (요청/초)", EN: "throughput with errors (req/s)"},
		"exp.th.row": {
			KO: "풀 스레드 %s개",
			EN: "pool of %s threads"},
		"exp.th.pub.result": {KO: "결과", EN: "result"},
		"exp.th.pub.1600":   {KO: "쓰기 경로, 스레드 1,600개", EN: "write path, 1,600 threads"},
		"exp.th.pub.1600.v": {KO: "오류 15–21%, p99 44초", EN: "15-21% errors, p99 44 s"},
		"exp.th.pub.3000":   {KO: "가상 사용자 3,000명", EN: "3,000 virtual users"},
		"exp.th.pub.3000.v": {KO: "257 TPS, 오류를 빼면 203", EN: "257 TPS, 203 once errors are removed"},
		"exp.th.pub.200":    {KO: "스레드 200개", EN: "200 threads"},
		"exp.th.pub.200.v":  {KO: "더 나았음", EN: "did better"},
		"exp.th.note.compare": {
			KO: "스레드 1,600개는 200개에 견주어 오류를 뺀 처리량이 %.2f배, p99가 %.2f배입니다. 오류는 200개에서 %.1f%%, 1,600개에서 %.1f%%이고, 요청당 서버 문맥 교환은 %.1f번과 %.1f번입니다.",
			EN: "Against 200 threads, 1,600 give %.2fx the throughput without errors and %.2fx the p99; errors are %.1f%% with 200 and %.1f%% with 1,600; the server switches context %.1f and %.1f times per request."},
		"exp.th.note.why": {
			KO: "다른 점과 그 까닭: 발표된 쓰기 경로는 외부 호출 둘, Redis Lua, MySQL insert, Kafka 발행이었고 2코어 컨테이너에서 잰 것입니다. 여기서는 CPU와 지연만 흉내 냅니다. 스레드가 많으면 CPU 일을 하는 스레드가 모두 한 코어를 나눠 쓰므로 각 요청이 끝나는 시점이 함께 밀리고(프로세서 공유), 응답 제한을 넘는 요청이 늘며, 그 요청에 쓴 CPU는 버려집니다. 스레드가 적으면 요청은 대기열에서 차례를 기다리고, 시작한 요청은 빨리 끝납니다. 이 기계는 다른 작업과 공유되므로 실행 대기열에는 그 작업의 스레드도 들어 있습니다.",
			EN: "What differs and why: the published write path made two external calls, a Redis Lua script, a MySQL insert and a Kafka publish in 2-core containers; here only its CPU and its waits are imitated. With many threads, every thread doing CPU work shares the one core, so all their requests finish late together (processor sharing), more of them pass the timeout, and the CPU spent on those is wasted; with few threads, requests wait their turn in the queue and the ones that start finish quickly. This machine is shared with other work, whose threads are in the run queue too."},
	})
}

// 9. crossover
func init() {
	Register(map[string]Entry{
		"exp.crossover.title": {
			KO: "가상 사용자를 늘려 가며: 풀과 루프가 엇갈리는 곳",
			EN: "Sweeping virtual users: where pool and loop cross"},
		"exp.crossover.about": {
			KO: "닫힌 모델로 가상 사용자 10–1,000명, 풀 200 대 루프, 가벼운 CPU 경로와 무거운 I/O 경로, 모델의 예측과 함께",
			EN: "closed-model sweep of 10 to 1,000 virtual users, pool of 200 vs loops, a light CPU path and a heavy I/O path, with the model's prediction"},
		"exp.x.recipe": {
			KO: "가벼운 CPU 경로(요청마다 CPU 1 ms, 기다림 없음)와 무거운 I/O 경로(CPU 0.5 ms, 루프를 막지 않는 100 ms 대기)를 닫힌 모델의 가상 사용자 수를 바꿔 가며 스레드 풀(%d개)과 이벤트 루프(코어마다 하나, 이 기계의 코어 %d개)로 돌렸습니다. 모델도 같은 코어 수를 가정합니다. 점마다 새 자식 프로세스에서 %d회 실행(워밍업 1회 제외), 프로세스 안 실측입니다.",
			EN: "A light CPU path (1 ms of CPU per request, no wait) and a heavy I/O path (0.5 ms of CPU and a 100 ms wait that does not block a loop), swept over closed-model virtual users, on a thread pool (%d threads) and on event loops (one per core, this machine's %d cores); the model assumes the same cores. %d real runs per point, in process, each in a fresh child process after one uncounted warm-up."},
		"exp.x.col.pool.rps": {KO: "풀 처리량 (요청/초)", EN: "pool throughput (req/s)"},
		"exp.x.col.loop.rps": {KO: "루프 처리량 (요청/초)", EN: "loop throughput (req/s)"},
		"exp.x.col.pool.p99": {KO: "풀 p99 (ms)", EN: "pool p99 (ms)"},
		"exp.x.col.loop.p99": {KO: "루프 p99 (ms)", EN: "loop p99 (ms)"},
		"exp.x.row.cpu":      {KO: "CPU 경로, 가상 사용자 %s명", EN: "CPU path, %s virtual users"},
		"exp.x.row.io":       {KO: "I/O 경로, 가상 사용자 %s명", EN: "I/O path, %s virtual users"},
		"exp.x.path.cpu":     {KO: "CPU 경로", EN: "CPU path"},
		"exp.x.path.io":      {KO: "I/O 경로", EN: "I/O path"},
		"exp.x.pub.reactive": {KO: "리액티브 (TPS)", EN: "reactive (TPS)"},
		"exp.x.pub.blocking": {KO: "블로킹 (TPS)", EN: "blocking (TPS)"},
		"exp.x.pub.60":       {KO: "읽기 경로, 가상 사용자 60명", EN: "read path, 60 virtual users"},
		"exp.x.pub.1000":     {KO: "읽기 경로, 가상 사용자 1,000명", EN: "read path, 1,000 virtual users"},
		"exp.x.pub.note": {
			KO: "2코어에서 CPU가 정하는 읽기 경로: 60명에서는 리액티브가 앞서고, 200명부터는 블로킹이 앞섰습니다. 5,000명까지 오류 0%.",
			EN: "A CPU-bound read path on 2 cores: reactive ahead at 60 users, blocking ahead from 200; 0% errors up to 5,000 users."},
		"exp.x.lead.pool": {KO: "풀", EN: "the pool"},
		"exp.x.lead.loop": {KO: "루프", EN: "the loops"},
		"exp.x.lead.tie":  {KO: "비김(5% 안)", EN: "a tie (within 5%)"},
		"exp.x.cross.at": {
			KO: "가상 사용자 %s명에서 앞선 쪽이 바뀝니다 (%s → %s)",
			EN: "at %s virtual users the lead passes from %s to %s"},
		"exp.x.cross.none": {
			KO: "엇갈리지 않습니다 (끝까지 %s)",
			EN: "they do not cross (%s throughout)"},
		"exp.x.note.cross": {
			KO: "%s: 실측으로는 %s. 모델로는 %s.",
			EN: "%s: measured, %s; in the model, %s."},
		"exp.x.note.why": {
			KO: "다른 점과 그 까닭: 발표된 엇갈림은 같은 CPU 경로에서 스프링 MVC와 WebFlux의 요청당 CPU 차이와 부하에 따른 변화에서 나왔습니다. 모델은 CPU가 정하는 경로에서 두 모델의 처리량을 같게 봅니다 (같은 코어를 같은 일로 채우므로). 그래서 CPU 경로의 엇갈림은 구현의 비용이고, I/O 경로의 차이는 풀의 스레드 수가 정하는 상한(스레드 / 대기)에서 나옵니다. 다른 작업과 나눠 쓰는 기계에서는 하나 더 있습니다: 리눅스 스케줄러(CFS)는 CPU를 스레드마다 나누므로, 실행 가능한 풀 스레드 200개가 루프 스레드 두 개보다 더 큰 몫을 받습니다. 그래서 CPU가 모자란 곳에서 루프가 모델보다 뒤처집니다.",
			EN: "What differs and why: the published crossover on a CPU-bound path came from Spring MVC's and WebFlux's different CPU per request and how it changed with load. The model gives both the same throughput on a CPU-bound path (the same work fills the same cores), so a crossover there is an implementation's cost; on the I/O path the difference comes from the pool's ceiling, threads / wait. On a machine shared with other work there is one more: Linux's scheduler (CFS) shares CPU per thread, so 200 runnable pool threads get a bigger slice than two loop threads, and the loops fall behind the model wherever CPU is short."},
	})
}

// 8. colocated-generator
func init() {
	Register(map[string]Entry{
		"exp.colocated-generator.title": {
			KO: "서버의 코어를 나눠 쓰는 부하 생성기",
			EN: "A load generator sharing the server's core"},
		"exp.colocated-generator.about": {
			KO: "같은 대상 서버를 부하 생성기를 다른 코어에 두고, 같은 코어에 두고, 같은 코어에서 세 배로 무겁게 해서 잽니다: 처리량이 얼마나 움직이는지와 생성기의 경고",
			EN: "the same target with the generator on its own core, on the server's core, and three times heavier on the server's core: how far throughput moves and the generator's warnings"},
		"exp.co.recipe": {
			KO: "대상 서버는 이벤트 루프 하나, 요청마다 CPU 200 µs입니다. 닫힌 모델의 가상 사용자 %d명(셋째 행은 세 배)이 보냅니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회.",
			EN: "The target is one event loop spending 200 µs of CPU per request; %d virtual users (closed model; three times as many in the third row). Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d runs per condition."},
		"exp.co.row.apart":   {KO: "생성기는 자기 코어에 (가상 사용자 %d명)", EN: "generator on its own core (%d virtual users)"},
		"exp.co.row.shared":  {KO: "생성기가 서버의 코어에 (가상 사용자 %d명)", EN: "generator on the server's core (%d virtual users)"},
		"exp.co.row.shared3": {KO: "더 무거운 생성기가 서버의 코어에 (가상 사용자 %d명)", EN: "heavier generator on the server's core (%d virtual users)"},
		"exp.co.pub.before":  {KO: "한 노트북에서 생성기와 서버", EN: "generator and servers on one laptop"},
		"exp.co.pub.after":   {KO: "같은 노트북, 가상 사용자 세 배", EN: "same laptop, three times the virtual users"},
		"exp.co.pub.note": {
			KO: "생성기가 서버의 CPU를 가져갔습니다 (arm64에서 에뮬레이션한 amd64 생성기 이미지는 요청당 CPU가 1.8배). 부하 도구 업체들은 생성기의 CPU를 80% 아래로 두라고 권합니다.",
			EN: "The generator took the server's CPU (an emulated amd64 generator image on arm64 cost 1.8x CPU per request). Load-tool vendors advise keeping the generator's CPU under 80%."},
		"exp.co.onecpu": {
			KO: "CPU가 하나뿐이라 첫 행도 서버와 생성기가 코어를 나눠 씁니다: 세 행의 차이는 생성기의 무게에서만 나옵니다.",
			EN: "With one CPU the first row shares a core too: the rows differ only in the generator's weight."},
		"exp.co.note.moves": {
			KO: "서버의 처리량은 생성기가 같은 코어로 오면 %+.0f%%, 세 배 무거워지면 %+.0f%% 움직입니다 (발표값 %+.0f%%). 생성기 자신의 CPU와 경고가 그 까닭을 말해 줍니다.",
			EN: "The server's throughput moves %+.0f%% when the generator comes onto its core and %+.0f%% when that generator is three times heavier (published %+.0f%%); the generator's own CPU and warnings say why."},
		"exp.co.note.light": {
			KO: "여기서는 처리량이 떨어지지 않았습니다: 이 생성기는 가볍고(무거운 행에서도 자기 코어의 %.0f%%), 따로 둔 행에서도 서버가 자기 코어를 다 쓰지 못했습니다 (%.0f%%): 다른 작업이 그 코어를 나눠 가졌고, 코어를 넘나드는 깨우기가 한 코어 안의 깨우기보다 비쌉니다. 생성기가 요청당 CPU를 더 쓸수록(발표된 에뮬레이션 이미지처럼 1.8배) 같은 코어에서 서버가 잃는 몫이 커집니다.",
			EN: "Throughput did not fall here: this generator is light (%.0f%% of a core even in the heavy row), and with the generator apart the server did not fill its own core either (%.0f%%): other work shared that core, and a wake-up across cores costs more than one within a core. The more CPU per request a generator spends (the published emulated image: 1.8x), the more the server loses on a shared core."},
		"exp.co.note.why": {
			KO: "다른 점과 그 까닭: 발표된 측정은 노트북 한 대에서 컨테이너로 잰 것이고 생성기는 에뮬레이션되어 요청당 CPU가 더 들었습니다. 여기서는 생성기를 sched_setaffinity로 서버의 코어에 일부러 묶어 같은 실수를 재현합니다. 부하 생성기가 서버와 같은 기계에 있다는 경고는 모든 행에 뜨지만, 같은 코어를 쓰는지는 생성기가 알 수 없으므로 생성기 CPU와 처리량을 함께 보아야 합니다.",
			EN: "What differs and why: the published run used containers on one laptop with an emulated generator that cost more CPU per request; here the generator is pinned onto the server's core with sched_setaffinity to make the same mistake on purpose. The generator warns on every row that the target shares its machine, but it cannot tell whether it shares the core, so read its CPU beside the throughput."},
	})
}

// 2. loop-stall
func init() {
	Register(map[string]Entry{
		"exp.loop-stall.title": {
			KO: "이벤트 루프 하나, 멈춤 한 번",
			EN: "One event loop, one stall"},
		"exp.loop-stall.about": {
			KO: "연결 500개를 받는 루프 하나에서 핸들러가 한 번 100 ms 멈춤; 연결 2,000개, listen backlog 128 대 4,096과 커널의 ListenOverflows/ListenDrops",
			EN: "one loop serving 500 connections, one handler stalls 100 ms once; 2,000 connections with backlog 128 vs 4,096 and the kernel's ListenOverflows/ListenDrops"},
		"exp.ls.recipe": {
			KO: "대상 서버는 이벤트 루프 하나가 연결도 받습니다 (자바 NIO 셀렉터 하나처럼). 실행마다 새 서버 프로세스에 실제 TCP 연결이 한꺼번에 열리고 연결마다 요청을 하나 보냅니다 (여러 스레드의 고루틴이 한 번에 connect). 연결 500개는 %d회 재고, 멈춤 행에서는 한 요청이 100 ms 동안 루프를 막습니다. 연결 %s개는 %d회 재는데, 먼저 보낸 요청 하나가 루프를 100 ms 막는 동안 연결이 몰려와 accept 대기열이 정말로 찹니다. 30초 안에 끝나지 않은 요청은 '못 끝냄'으로 셉니다.",
			EN: "The target is one event loop that also accepts (like a single Java NIO selector). Each run opens real TCP connections to a fresh server at once, one request each (connects fired together by goroutines on several threads). 500 connections: %d runs; in the stall row one request blocks the loop for 100 ms. %s connections: %d runs, the burst fired while a first request holds the only loop for 100 ms, so the accept queue fills for real. Requests not done within 30 s count as not done."},
		"exp.ls.sysctl": {
			KO: "이 커널: somaxconn %s, tcp_syn_retries %s, tcp_abort_on_overflow %s, tcp_max_syn_backlog %s, tcp_syncookies %s.",
			EN: "This kernel: somaxconn %s, tcp_syn_retries %s, tcp_abort_on_overflow %s, tcp_max_syn_backlog %s, tcp_syncookies %s."},
		"exp.ls.col.batch":    {KO: "전체 처리 시간 (ms)", EN: "batch (ms)"},
		"exp.ls.col.slow":     {KO: "0.9초 넘은 connect", EN: "connects over 0.9 s"},
		"exp.ls.col.undone":   {KO: "못 끝낸 요청", EN: "not done"},
		"exp.ls.row.500":      {KO: "연결 %s개, backlog %d", EN: "%s connections, backlog %d"},
		"exp.ls.row.stall":    {KO: "연결 %s개, backlog %d, 100 ms 멈춤 한 번", EN: "%s connections, backlog %d, one 100 ms stall"},
		"exp.ls.row.128":      {KO: "연결 %s개, backlog %d, 루프가 멈춘 사이에 몰림", EN: "%s connections, backlog %d, burst while the loop stalls"},
		"exp.ls.row.4096":     {KO: "연결 %s개, backlog %d, 루프가 멈춘 사이에 몰림", EN: "%s connections, backlog %d, burst while the loop stalls"},
		"exp.ls.pub.500":      {KO: "연결 500개", EN: "500 connections"},
		"exp.ls.pub.500stall": {KO: "연결 500개, 핸들러 하나가 100 ms 잠듦", EN: "500 connections, one handler sleeps 100 ms"},
		"exp.ls.pub.2000":     {KO: "연결 2,000개, 15회", EN: "2,000 connections, 15 runs"},
		"exp.ls.pub.2000.v": {
			KO: "두 갈래: 7회 126–189 ms, 6회 2.0–6.0초 (초 단위에 몰림), 2회 30초 안에 못 끝냄",
			EN: "bimodal: 7 runs 126-189 ms, 6 runs 2.0-6.0 s (at whole seconds), 2 runs not done within 30 s"},
		"exp.ls.pub.note": {
			KO: "플랫폼 스레드 17개. 멈춘 요청 뒤의 모든 요청이 값을 치릅니다. 2,000개의 원인으로 추정된 것: somaxconn이 backlog를 128로 조용히 잘라 SYN이 버려지고, 클라이언트가 1초, 2초 ... 뒤에 다시 보냄. 그래서 Netty는 accept에 따로 루프 그룹을 줍니다.",
			EN: "17 platform threads. Every request behind the stall pays. The likely cause at 2,000: the listen backlog silently capped at 128 (somaxconn) drops SYNs and clients retransmit after 1 s, 2 s, ... This is why Netty gives accept its own loop group."},
		"exp.ls.note.stall": {
			KO: "멈춤 한 번으로 전체 처리 시간이 %.0f ms에서 %.0f ms로, p50이 %.1f ms에서 %.1f ms로 늘어납니다: 루프에 묶인 모든 요청이 100 ms를 함께 치릅니다.",
			EN: "One stall takes the batch from %.0f ms to %.0f ms and p50 from %.1f ms to %.1f ms: every request bound to the loop pays the 100 ms."},
		"exp.ls.note.stall.noise": {
			KO: "이번 실행에서는 멈춤이 잡음에 묻혔습니다: 전체 처리 시간 %.0f ms 대 %.0f ms, p50 %.1f ms 대 %.1f ms. 이 바쁜 기계에서는 실행마다의 흔들림이 100 ms보다 큽니다. 반복 횟수를 늘려 중앙값을 보세요.",
			EN: "In these runs the stall drowned in the noise: batch %.0f ms against %.0f ms, p50 %.1f ms against %.1f ms; on this busy machine runs vary by more than 100 ms. Repeat more and read the medians."},
		"exp.ls.note.overflow": {
			KO: "accept 대기열이 넘쳤습니다: 커널의 ListenOverflows가 backlog 128에서 실행마다 %.0f번 (중앙값), 4,096에서 %.0f번 늘었습니다 (기계 전체의 카운터라 다른 작업의 몫이 섞일 수 있습니다).",
			EN: "The accept queue overflowed: the kernel's ListenOverflows grew by %.0f per run with backlog 128 (median) and by %.0f with 4,096 (a machine-wide counter: other work on the machine may add to it)."},
		"exp.ls.note.nooverflow": {
			KO: "backlog 128에서도 accept 대기열이 넘치지 않았습니다 (ListenOverflows가 늘지 않음). somaxconn %s, tcp_syncookies %s인 이 커널의 루프백에서는 연결이 루프가 멈춘 사이에도 대기열에 다 들어갔습니다.",
			EN: "Even with backlog 128 the accept queue did not overflow (ListenOverflows did not grow): on this kernel's loopback (somaxconn %s, tcp_syncookies %s) every connection fit in the queue while the loop stalled."},
		"exp.ls.note.slow": {
			KO: "%s: connect가 0.9초 넘게 걸린 연결 %s개 (모든 실행 합계) 가운데 %s개가 SYN 재전송 시점(1, 3, 7, 15초) 바로 뒤에 끝났습니다. 가장 빠른 것 %s ms, 가장 느린 것 %s ms.",
			EN: "%s: of the %s connects that took over 0.9 s (all runs together), %s completed just after a SYN retransmission (1, 3, 7, 15 s); the fastest took %s ms, the slowest %s ms."},
		"exp.ls.note.noslow": {
			KO: "%s: connect가 0.9초를 넘긴 연결이 없었습니다. SYN이 버려져 다시 보낸 클라이언트가 없었습니다.",
			EN: "%s: no connect took over 0.9 s; no client had to retransmit a dropped SYN."},
		"exp.ls.note.starved": {
			KO: "대기열이 넘치지 않은 backlog 4,096에서도 느린 connect가 있으므로, 이 바쁜 기계에서는 그 일부가 SYN 재전송이 아니라 CPU를 못 받은 클라이언트 자신의 지연입니다. 버려진 SYN의 증거는 ListenOverflows/ListenDrops 카운터이고, 느린 connect 수는 두 행의 차이로 읽어야 합니다.",
			EN: "Slow connects also occur with backlog 4,096, where the queue did not overflow: on this busy machine part of them are the client's own scheduling delay, not a retransmitted SYN. The evidence of dropped SYNs is the ListenOverflows/ListenDrops counters; read the slow connects as the difference between the two rows."},
		"exp.ls.note.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 8코어 노트북의 자바 NIO 셀렉터이고, 여기서는 코어 하나에 고정된 epoll 루프 하나입니다. 연결 2,000개의 두 갈래 결과는 여기서는 일부러 만듭니다: 먼저 보낸 요청이 루프를 막는 동안 연결이 몰려오므로, 대기열이 작으면 넘치고 클라이언트는 SYN을 다시 보냅니다.",
			EN: "What differs and why: the published run was a Java NIO selector on an 8-core laptop; here one epoll loop pinned to one core. The bimodal 2,000-connection result is provoked on purpose here: the burst arrives while a first request holds the loop, so a small queue overflows and clients retransmit their SYN."},
	})
}
