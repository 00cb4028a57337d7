package msg

// `waitlab exp`: the published experiments reproduced, their tables,
// notes and warnings.
func init() {
	Register(map[string]Entry{
		"exp.summary": {
			KO: "발표된 실험을 이 기계에서 다시 돌려, 발표된 표 옆에 우리 표를 놓습니다",
			EN: "re-run the published experiments on this machine and print their tables beside the published ones"},
		"exp.usage": {
			KO: "사용법: waitlab exp list | waitlab exp run 이름 [--repeat N] [--quick] [--only 주장,...] [--engine go|jvm|both] [--java JDK] [--out 디렉터리] [--lang ko|en] [--json]",
			EN: "usage: waitlab exp list | waitlab exp run NAME [--repeat N] [--quick] [--only CLAIM,...] [--engine go|jvm|both] [--java JDK] [--out DIR] [--lang ko|en] [--json]"},
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
		"exp.err.repeat.max": {
			KO: "--repeat는 %[2]d 이하여야 합니다 (받은 값: %[1]d). 반복 100회면 중앙값의 구간이 충분히 좁습니다",
			EN: "--repeat must be at most %[2]d (got %[1]d): at 100 runs a median's interval is narrow enough"},
		"exp.err.only": {
			KO: "--only: %[2]s 실험에는 %[1]q 주장이 없습니다. 쓸 수 있는 id: %[3]s",
			EN: "--only: experiment %[2]s has no claim %[1]q; its claim ids: %[3]s"},
		"flag.exp.repeat": {
			KO: "조건마다 세는 실행 횟수, 세지 않는 워밍업 1회 뒤 (기본 6, --quick이면 1, 최대 100). 6회부터 최소–최대가 중앙값의 95% 구간입니다",
			EN: "counted runs per condition, after one uncounted warm-up (default 6, 1 with --quick, at most 100); from 6 runs the min-max is a 95% interval of the median"},
		"flag.log-in-lock": {
			KO: "--validate-lock과 함께: 잠금을 쥔 채로 로그 한 줄을 씁니다 (잠금 경로 안의 로그)",
			EN: "with --validate-lock: write one log line while the lock is held (logging inside the locked path)"},
		"flag.lock-log-cpu": {
			KO: "--log-in-lock과 함께: 그 줄을 포맷하는 데 잠금 안에서 쓰는 CPU",
			EN: "with --log-in-lock: CPU spun to format that line, under the lock"},
		"target.err.loginlock": {
			KO: "--log-in-lock과 --lock-log-cpu는 --validate-lock이 있어야 합니다: 잠글 경로가 없습니다",
			EN: "--log-in-lock and --lock-log-cpu need --validate-lock: there is no locked path to log in"},
		"target.err.locklogcpu": {
			KO: "--lock-log-cpu는 0에서 1s 사이여야 합니다 (받은 값: %v)",
			EN: "--lock-log-cpu must be between 0 and 1s (got %v)"},
		"flag.exp.only": {
			KO: "이 주장들만 판정합니다 (쉼표로 나눈 id, exp list 참고): 표에는 그 주장만 있고, 어느 주장에도 필요 없는 조건은 건너뜁니다",
			EN: "judge only these claims (comma-separated ids, see exp list): the table holds their claims and the recipe skips conditions none of them needs"},
		"exp.list.claims": {
			KO: "[주장: %s]",
			EN: "[claims: %s]"},
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
		"exp.progress.calibrate": {KO: "이 기계에서 맞추는 짧은 실행 두 번", EN: "two short calibration runs on this machine"},
		"exp.progress.trial": {
			KO: "%s: 실행 %d/%d, 워밍업 뒤 %s 동안 부하",
			EN: "%s: run %d of %d, load for %s after its warm-up"},
		"exp.note.busy": {
			KO: "⚠ 기계가 바빴습니다: 이 실험의 프로세스 트리 밖의 프로세스가 CPU %[2]d개 가운데 평균 %.2[1]f개 (1초 동안 가장 많을 때 %.2[3]f개)를 썼고, 실험 자신은 %.2[4]f개를 썼습니다. CPU를 쓰는 숫자(처리량, CPU가 든 지연)는 늘어나 있고, 대기가 정하는 숫자는 덜 흔들립니다. 조용할 때 다시 돌려 보세요.",
			EN: "⚠ The machine was busy: processes outside this experiment's process tree used %.2f of its %d CPUs on average (%.2f at most over one second), the experiment itself %.2f. CPU-bound figures (throughput, latencies made of CPU work) are stretched, while figures set by waits move less. Re-run when it is quiet."},
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
			EN: "interrupted: the table below has what was measured before the interrupt"},
		"exp.md.ours": {
			KO: "이 기계 (%d회 실행의 중앙값 [최소–최대], 워밍업 1회 제외):",
			EN: "This machine (median [min–max] of %d run{s}, after one uncounted warm-up):"},
		"exp.md.ours.each": {
			KO: "이 기계 (%d회 실행의 중앙값 [최소–최대], 실행마다 워밍업 구간은 세지 않음):",
			EN: "This machine (median [min–max] of %d run{s}, each after its own uncounted warm-up):"},
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
			KO: "환경: %s, 쓸 수 있는 코어 %d개, GOMAXPROCS %d, Go %s, 커널 %s, 1분 부하 평균 시작 %.2f / 최고 %.2f / 끝 %.2f, nice %d, 반복 %d회. CPU (코어 단위, 실행 동안 평균): 실험의 프로세스 트리 %.2f, 이웃(트리 밖의 프로세스) %.2f, 이웃의 1초 최고 %.2f.",
			EN: "Environment: %s, %d usable cores, GOMAXPROCS %d, Go %s, kernel %s, 1-minute load average %.2f at the start / %.2f at most / %.2f at the end, nice %d, %d counted run{s}. CPU in cores, mean over the run: the experiment's process tree %.2f, neighbours (processes outside it) %.2f, the neighbours' highest one-second %.2f."},
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
			KO: "풀 4, 루프 2, 막힌 루프 2, 가상 스레드, 풀 10×30: 모델, 프로세스 안 실측, 이 기계의 JDK, JDK 21 발표값",
			EN: "pool 4, 2 loops, 2 blocked loops, virtual threads, pool 10x30: model, in-process run, this machine's JDK, published JDK 21 figures"},
		"exp.lab.recipe": {
			KO: "각 프리셋의 요청마다 대기를 %d ms로 줄여 (발표된 JDK 21 측정과 같게) 모델로 계산하고, 새 자식 프로세스에서 실제 OS 스레드, epoll 루프, 캐리어 2개 위의 고루틴으로 %d회 돌렸고, 같은 시나리오를 대상 서버가 HTTP로 서비스하게 하여 다른 코어의 부하 생성기로도 같은 횟수만큼 쟀습니다.",
			EN: "Each preset with every request's wait cut to %d ms (as in the published JDK 21 measurement): the model, then %d real runs, each in a fresh child process, on real OS threads, epoll loops and goroutines on two carriers; and as many runs over HTTP, the target serving the same scenario to the generator on another core."},
		"exp.lab.col.http": {
			KO: "HTTP로 전체 소요 (ms)",
			EN: "makespan over HTTP (ms)"},
		"exp.lab.jvm.recipe": {
			KO: "각 프리셋의 요청마다 대기를 %[1]d ms로 줄여 (발표된 JDK 21 측정과 같게) 모델로 계산하고, %[2]s에서 %[3]d회 돌렸습니다. 매번 새 JVM에서 waitlab의 Java 실행기(플랫폼 스레드 고정 풀, 막는 대기를 루프 스레드의 Thread.sleep으로 하는 NIO Selector 루프, 캐리어 2개 위의 가상 스레드)가 모델과 Go 엔진과 같은 요청을 처리합니다. 각 JVM은 계획을 한 번 차갑게 돌려 따로 보고하고, 한 번 더 돌려 잽니다.",
			EN: "Each preset with every request's wait cut to %[1]d ms (as in the published JDK 21 measurement): the model, then %[3]d runs on %[2]s, each in a fresh JVM where waitlab's own Java executors (a fixed pool of platform threads, NIO Selector loops whose blocking waits are Thread.sleep on the loop thread, virtual threads on two carriers) serve the same requests as the model and the Go engine. Each JVM runs the plan once cold, reported apart, then once measured."},
		"exp.lab.col.cold": {
			KO: "콜드 첫 회 (ms)",
			EN: "cold first pass (ms)"},
		"exp.lab.jvm.note.cold": {
			KO: "각 JVM의 콜드 첫 회(클래스 로딩, JIT, 첫 호출)는 측정 회차에서 %+.1[1]f%%(%[2]s)부터 %+.1[3]f%%(%[4]s)까지 떨어져 있습니다. 수치와 판정은 측정 회차의 것입니다.",
			EN: "Each JVM's cold first pass (class loading, the JIT, the first calls) sat %+.1f%% (%s) to %+.1f%% (%s) from its measured pass; the figures and verdicts are the measured passes'."},
		"exp.lab.jvm.why": {
			KO: "다른 점과 그 까닭: 발표값은 JDK 21의 플랫폼 스레드, NIO 셀렉터, 가상 스레드로 잰 것이고, 여기서는 같은 메커니즘을 이 기계의 JDK에서 우리 Java 코드로, 모델과 Go 엔진과 같은 요청 계획으로 돌립니다. 모델보다 긴 만큼은 스레드 시작, 타이머 정밀도, 스케줄링 지연입니다.",
			EN: "What differs and why: the published figures are JDK 21's platform threads, NIO selector and virtual threads; here the same mechanisms run on this machine's JDK, in our own Java, with the same request plan as the model and the Go engine. What either sits above the model is thread start, timer granularity and scheduling delay."},
		"exp.lab.col.x": {
			KO: "등록 루프 2개 대비 (배)",
			EN: "x two registered loops"},
		"exp.lab.row.lab-pool":          {KO: "풀 스레드 4개, 요청 12건", EN: "pool of 4 threads, 12 requests"},
		"exp.lab.row.lab-loop":          {KO: "루프 2개, 대기를 등록", EN: "2 loops, waits registered"},
		"exp.lab.row.lab-loop-blocking": {KO: "루프 2개, 대기가 루프를 막음", EN: "2 loops, waits block the loop"},
		"exp.lab.row.lab-virtual":       {KO: "가상 스레드, 캐리어 2개", EN: "virtual threads on 2 carriers"},
		"exp.lab.row.lab-pool-10x30":    {KO: "풀 스레드 10개, 요청 30건", EN: "pool of 10 threads, 30 requests"},
		"exp.lab.pub.note": {
			KO: "비율 6:12:2:2는 모델과 같습니다. 다섯째 프리셋(풀 10개, 요청 30건)은 모델로만 발표되었습니다 (대기 2초에 6초).",
			EN: "Ratios 6:12:2:2 as in the model. The fifth preset (pool of 10, 30 requests) was published as a model figure only (6 s with 2 s waits)."},
		"exp.lab.note.model": {
			KO: "실측은 모델에서 %+.1[1]f%%(%[2]s)부터 %+.1[3]f%%(%[4]s)까지 떨어져 있습니다.",
			EN: "The real runs sit %+.1f%% (%s) to %+.1f%% (%s) from the model."},
		"exp.lab.note.shape": {
			KO: "모양: 풀 4개는 등록 루프 2개의 %.2f배, 막힌 루프 2개는 %.2f배입니다 (발표값 %.2f배와 %.2f배, 모델 3배와 6배).",
			EN: "Shape: the pool of 4 takes %.2fx the two registered loops, the two blocked loops %.2fx (published %.2fx and %.2fx; the model 3x and 6x)."},
		"exp.lab.note.pubmodel": {
			KO: "발표된 실행은 모델에서 %+.1[1]f%%(%[2]s)부터 %+.1[3]f%%(%[4]s)까지 떨어져 있습니다.",
			EN: "The published runs sit %+.1f%% (%s) to %+.1f%% (%s) from the model."},
		"exp.lab.note.why": {
			KO: "다른 점과 그 까닭: 발표값은 JDK 21의 플랫폼 스레드, NIO 셀렉터, 가상 스레드로 잰 것이고, 여기서는 Go가 잠근 OS 스레드(nanosleep으로 막힘), epoll과 timerfd 루프, 캐리어 토큰 2개 위의 고루틴으로 잽니다. 모델보다 긴 만큼은 스레드 시작, 타이머 정밀도, 스케줄링 지연입니다 (JVM에서도, 여기 자식 프로세스에서도).",
			EN: "What differs and why: the published figures are JDK 21 platform threads, an NIO selector and virtual threads; here they are Go-locked OS threads blocked in nanosleep, epoll loops with timerfd timers, and goroutines on two carrier tokens. What either sits above the model is thread start, timer granularity and scheduling delay (in the JVM, and here in the child process)."},
	})
}

// 3. blocking-loop
func init() {
	Register(map[string]Entry{
		"exp.blocking-loop.title": {
			KO: "루프 여덟 개, 요청의 1%가 막음",
			EN: "Eight loops, 1% blocking"},
		"exp.blocking-loop.about": {
			KO: "요청 2,000건 중 1%가 100 ms 막음: 없음 / 루프에서 / 오프로드 64 / 오프로드 4, 코어 수에 맞춰 줄임, 멈춤 횟수와 점유 계산",
			EN: "2,000 requests, 1% block 100 ms: none / on the loop / offload 64 / offload 4, scaled to the cores, stall counts and the occupancy arithmetic"},
		"exp.bl.recipe": {
			KO: "요청 2,000건이 한꺼번에 도착하고, 99%%는 CPU 200 µs, 1%%(20건)은 100 ms 동안 스레드를 막는 호출을 합니다. 막는 요청은 루프들에 고르게 퍼집니다. p50/p99/최대는 막지 않는 요청만 셉니다. 조건마다 모델을 계산하고, 새 자식 프로세스에서 실제 epoll 루프(와 오프로드 스레드)로 %[1]d회 돌린 다음, HTTP로 %[1]d회 더 돌렸습니다: 실행마다 새 `waitlab target` 자식 프로세스가 시나리오를 서비스하고, 이 프로세스의 부하 생성기가 요청을 한꺼번에 보냅니다 (코어가 둘 이상이면 둘을 서로 다른 코어에 고정). 루프 멈춤은 감시견(임계 10 ms)이 센 것이고, HTTP에서는 대상 서버의 /metrics에서 읽습니다.",
			EN: "2,000 requests arrive at once; 99%% spend 200 µs of CPU, 1%% (20) make a call that blocks their thread for 100 ms, spread evenly over the loops; p50/p99/max are over the non-blocking requests. Each condition: the model, then %[1]d real runs on real epoll loops (and offload threads), each in a fresh child process, then %[1]d runs over HTTP: a fresh `waitlab target` child per run serves the scenario and the generator in this process sends the burst, the two pinned to different cores where there are two. Loop stalls are the watchdog's count (threshold 10 ms), over HTTP read from the target's /metrics."},
		"exp.bl.scaling": {
			KO: "이 기계에 맞춘 축소 (runner.ScaleToCores): 루프 %d개 → %d개, 요청 %d건 → %d건 (비율 %.3g), 오프로드 풀 64 → %d, 4 → %d. 루프마다 받는 일의 양과 막는 요청의 비율은 발표된 실행과 같습니다. 처리량은 루프 수에 비례하므로 루프당 처리량으로 견주세요.",
			EN: "Scaled to this machine (runner.ScaleToCores): loops %d -> %d, requests %d -> %d (factor %.3g), offload pools 64 -> %d and 4 -> %d; each loop gets the same work and the same blocking share as in the published run. Throughput scales with the loops: compare it per loop."},
		"exp.bl.noscaling": {
			KO: "이 기계의 코어 %d개가 루프 여덟 개 이상이라 줄이지 않았습니다.",
			EN: "Not scaled: this machine's %d cores cover the eight loops."},
		"exp.bl.scaling.http": {
			KO: "HTTP에서는 대상 서버가 CPU %s에, 부하 생성기가 CPU %s에 고정되므로, 같은 규칙으로 대상 서버의 코어에 맞춰 줄였습니다: 루프 8개 → %d개, 요청 2000건 → %d건 (비율 %.3g), 오프로드 풀 64 → %d, 4 → %d. 루프 하나가 코어 하나를 갖는 것은 두 방식이 같으므로, 루프당 처리량과 지연을 서로 견줄 수 있습니다.",
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
			KO: "5회 실행의 중앙값, 처리량 = 2,000 / 전체 처리 시간, p50/p99는 막지 않는 요청 1,980건의 것. 루프 여덟 개.",
			EN: "Median of 5 runs; throughput = 2,000 / batch time; p50/p99 over the 1,980 non-blocking requests; eight loops."},
		"exp.bl.note.occupancy": {
			KO: "점유 계산: 보통 일 1,980 × 200 µs = %s ms, 막는 시간 20 × 100 ms = %s ms이므로, 막음이 루프 위에 있으면 배치가 (보통 일 + 막는 시간) / 보통 일 = %.2f배 길어진다고 예측합니다 (이 규모의 모델: %.2f배). 여기서 잰 처리량 비(막음 없음 / 루프에서 막음)는 %.2f배, 발표값은 %.1f배입니다.",
			EN: "Occupancy arithmetic: 1,980 x 200 µs = %s ms of normal work against 20 x 100 ms = %s ms of blocking, so with the blocking on the loops the batch should take (normal + blocking) / normal = %.2fx as long (the model at this scale: %.2fx). Measured here (throughput none / on the loop): %.2fx; published %.1fx."},
		"exp.bl.note.p50": {
			KO: "막지 않는 요청의 p50은 루프에서 막을 때 %.1f배가 되고 (발표값 %.1f배), 오프로드 풀 64에서 %.2f배 (발표값 %.2f배), 풀 4에서 %.2f배 (발표값 %.2f배)로 돌아옵니다. 오프로드는 격리이지 치료가 아닙니다: 막는 일의 처리량은 풀 크기가 정합니다.",
			EN: "The non-blocking requests' p50 grows %.1fx with blocking on the loop (published %.1fx) and comes back to %.2fx with offload to pool 64 (published %.2fx) and %.2fx with pool 4 (published %.2fx). Offload isolates, it does not cure: the blocking work's throughput is set by the pool."},
		"exp.bl.note.pool": {
			KO: "풀을 줄이면 처리량이 %.1f배 떨어지고 (발표값 64 → 4에서 %.1f배), p50은 그대로입니다: 막는 요청 20건 × 100 ms / 스레드 4개 = 500 ms가 배치를 정합니다.",
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
			KO: "다운스트림은 명령마다 %s ms 뒤에 답합니다. 대상 서버는 스레드 풀 모델이고, 요청마다 CPU %s ms를 쓰고 다운스트림을 한 번 부릅니다. 잠금이 있으면 그 전에 프로세스 하나뿐인 잠금을 잡고 PING 왕복을 합니다 (synchronized 안에서 연결을 검증하는 버그). 폐쇄형 모델의 가상 사용자 수는 스레드 수와 같습니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회.",
			EN: "The downstream answers every command %s ms after it arrives. The target is the thread pool; each request spends %s ms of CPU and makes one downstream call, and with the lock it first takes one process-wide lock and makes a PING round trip under it (the validate-inside-synchronized bug). As many virtual users (closed model) as threads. Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d run{s} per condition."},
		"exp.col.dsperreq": {KO: "요청당 다운스트림 명령", EN: "downstream commands per request"},
		"exp.col.dsdelay":  {KO: "다운스트림이 실제로 준 지연 p50 (ms)", EN: "delay the downstream gave, p50 (ms)"},
		"exp.vl.calib": {
			KO: "이 기계에서 맞춤: 짧은 실행에서 잠금이 있을 때 초당 %s건이었고, 다운스트림은 %s ms를 요청받아 %s ms를 주었으니, 잠금은 준 지연보다 %s ms 더 잡혀 있었습니다 (잡은 스레드가 깨어나 쓰고 읽는 시간). 그래서 다운스트림 지연을 %s ms로 줄여 잠금이 1/76초 잡히게 했습니다 (모델 열은 그 시간을 씁니다). 잠금이 없을 때 초당 %s건이었으니 요청마다 돌린 CPU %s ms 말고 %s ms가 더 들었고, 요청당 CPU를 %s ms로 두었습니다.",
			EN: "Calibrated on this machine: a short run with the lock gave %s req/s while the downstream, asked for %s ms, gave %s ms, so the lock was held %s ms beyond the delay given (its holder waking, writing and reading); the downstream's delay is shortened to %s ms so that the lock is held 1/76 s (the model's column takes that time under the lock). Without the lock a short run gave %s req/s: beyond the %s ms of CPU spun, each request cost %s ms more, so the CPU per request is set to %s ms."},
		"exp.vl.calib.quick": {
			KO: "--quick은 이 기계에서 맞추는 짧은 실행을 하지 않고 위의 값을 그대로 씁니다.",
			EN: "--quick does not run the short calibration runs on this machine and uses the values above."},
		"exp.vl.calib.none": {
			KO: "이 기계에서 맞추는 짧은 실행이 아무것도 재지 못해 위의 값을 그대로 씁니다.",
			EN: "The short calibration runs on this machine measured nothing, so the values above are used."},
		"exp.vl.calibration": {
			KO: "발표된 측정값에 맞춘 값: 잠금이 있으면 처리량은 1 / (요청마다 잠금을 쥐는 시간)이므로 다운스트림 지연을 1/76초 = %s ms로 두었고, 잠금이 없으면 서버의 코어 하나에서 CPU가 정하므로 요청당 CPU를 1/700초에서 이 서버가 HTTP에 쓰는 약 0.13 ms를 뺀 %s ms로 두었습니다. 발표된 '2 ms → 초당 500'은 산술 예시이지 측정이 아닙니다.",
			EN: "Calibrated to the published measurements: with the lock, throughput is 1 / (the time the lock is held per request), so the downstream answers after 1/76 s = %s ms; without it the server's one core sets throughput, so each request spends 1/700 s less the about 0.13 ms this server spends on HTTP: %s ms of CPU. The published \"2 ms -> 500/s\" is arithmetic, not a measurement."},
		"exp.vl.row": {
			KO: "스레드 %s개, 잠금 %s",
			EN: "%s threads, lock %s"},
		"exp.vl.on":      {KO: "있음", EN: "on"},
		"exp.vl.off":     {KO: "없음", EN: "off"},
		"exp.vl.builtin": {KO: "내장 지연 서버", EN: "the built-in delay server"},
		"exp.vl.pub.on": {
			KO: "잠금 있음, 측정값",
			EN: "lock on, measured"},
		"exp.vl.pub.off": {
			KO: "잠금 없음 (9.2배)",
			EN: "lock off (9.2x)"},
		"exp.vl.pub.note": {
			KO: "잠금은 네트워크 왕복 하나 동안 잡혀 있어 처리량을 1/RTT로 묶고 왕복 수를 두 배로 만듭니다 (출처의 산술: 2 ms → 초당 500). 측정값은 76과 700 TPS입니다.",
			EN: "One lock held across a network round trip caps throughput at 1/RTT and doubles the round trips (the source's arithmetic: 2 ms -> 500/s); its measurements are 76 and 700 TPS."},
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
			KO: "%s: 잠금이 있으면 처리량은 스레드 200개에서 초당 %.0f, 1,600개에서 %.0f이고, 잠금을 쥔 시간은 매초의 %.0f%%{와/과} %.0f%%입니다. 잠금이 없으면 초당 %.0f{와/과} %.0f입니다.",
			EN: "%s: with the lock, throughput is %.0f/s at 200 threads and %.0f/s at 1,600, the lock held %.0f%% and %.0f%% of each second; without it, %.0f/s and %.0f/s."},
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
			KO: "스레드 풀 모델 대상 서버(스레드 %d개)가 요청마다 %s ms 떨어진 다운스트림을 한 번 부르고 CPU %s ms를 쓰며, 요청마다 로그 한 줄을 파일에 남깁니다: 동기(응답 전에 write 한 번), 비동기(길이 1,024의 대기열, 차면 버리거나 요청을 막음). 처음 두 행은 PING 검증 잠금이 있을 때이고, 마지막 행은 줄마다 DEBUG 레벨로 남기되 로거는 INFO입니다 (--log-line-level debug --log-level info: 줄을 만들지도 쓰지도 않음). 폐쇄형 모델의 가상 사용자 수는 스레드 수와 같고, 실행마다 새 서버 프로세스에 %.1f초를 재며, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회.",
			EN: "The pool target (%d threads) makes one call to a downstream %s ms away and spends %s ms of CPU per request, and logs one line per request to a file: sync (one write before answering) or async (a queue of 1,024 lines that drops when full, or blocks the request). The first two rows run with the PING validation lock on; the last logs each line at DEBUG to a logger at INFO (--log-line-level debug --log-level info: the line is neither formatted nor written). As many virtual users as threads (closed model); each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d run{s} per condition."},
		"exp.log.calibration": {
			KO: "잠금 있음의 동기 로그 행은 로그 한 줄을 잠금 안에서 쓰고(--log-in-lock), 그 줄의 포맷에 CPU %s ms를 씁니다: 1/59초 − 1/76초, 발표된 59 → 76 TPS에 맞춘 값입니다.",
			EN: "The lock-on sync row writes one line inside the locked path (--log-in-lock) and spends %s ms of CPU formatting it: 1/59 s - 1/76 s, calibrated to the published 59 -> 76 TPS."},
		"exp.log.col.dropped":     {KO: "버려진 줄 (%)", EN: "lines dropped (%)"},
		"exp.log.col.blocked":     {KO: "로그에 막힌 시간 (µs/요청)", EN: "blocked on logging (µs/request)"},
		"exp.log.row.lock-off":    {KO: "잠금 있음, 로그 끔 (스레드 %d개)", EN: "lock on, logging off (%d threads)"},
		"exp.log.row.lock-sync":   {KO: "잠금 있음, 동기 로그 (스레드 %d개)", EN: "lock on, sync logging (%d threads)"},
		"exp.log.row.off":         {KO: "잠금 없음, 로그 끔 (스레드 %d개)", EN: "lock off, logging off (%d threads)"},
		"exp.log.row.sync":        {KO: "잠금 없음, 동기 로그 (스레드 %d개)", EN: "lock off, sync logging (%d threads)"},
		"exp.log.row.async-drop":  {KO: "잠금 없음, 비동기 로그, 차면 버림 (스레드 %d개)", EN: "lock off, async logging, drop when full (%d threads)"},
		"exp.log.row.async-block": {KO: "잠금 없음, 비동기 로그, 차면 막음 (스레드 %d개)", EN: "lock off, async logging, block when full (%d threads)"},
		"exp.log.row.debug":       {KO: "잠금 없음, 동기 로그, 줄은 DEBUG·로거는 INFO (스레드 %d개)", EN: "lock off, sync logging, lines at DEBUG, logger at INFO (%d threads)"},
		"exp.log.pub.debug": {
			KO: "잠금을 없앤 뒤: DEBUG 레벨 줄, 로거는 INFO",
			EN: "after the lock was gone: DEBUG-level lines, logger at INFO"},
		"exp.log.pub.nothing": {
			KO: "비용 없음",
			EN: "no cost"},
		"exp.log.debug.quick": {
			KO: "--quick은 DEBUG 행을 돌리지 않습니다 (전체 실행에서 돕니다).",
			EN: "--quick does not run the DEBUG row (a full run does)."},
		"exp.log.debug.bytes": {
			KO: "걸러진 실행이 로그 파일에 쓴 바이트: %s (부하와 무관한 증거). 같은 어펜더로 줄이 통과하면 처리량은 %s 대신 %s req/s입니다.",
			EN: "Bytes the filtered run wrote to the log file: %s (the evidence that does not depend on the load). With the same appender and the line passing, throughput is %[3]s req/s instead of %[2]s."},
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
		"exp.log.note.async": {
			KO: "비동기 로그: 차면 버리는 대기열은 처리량의 %.0f%%를 가져가고 줄의 %.1f%%를 버립니다. 차면 막는 대기열은 %.0f%%를 가져갑니다 (줄을 잃지 않는 대신 쓰기가 느리면 요청이 기다립니다).",
			EN: "Async logging: the dropping queue costs %.0f%% of throughput and drops %.1f%% of the lines; the blocking queue costs %.0f%% (no line is lost, but requests wait when the writer falls behind)."},
		"exp.log.note.why": {
			KO: "다른 점과 그 까닭: 여기서 로그 한 줄은 미리 만든 바이트에 write(2) 한 번이라 Logback의 INFO 한 줄(패턴 포맷, MDC, 어펜더 잠금)보다 훨씬 쌉니다. 잠금 있음의 동기 로그 행만 잠금 경로 안에 한 줄을 더 쓰고, 그 포맷 비용은 발표값에 맞췄습니다.",
			EN: "What differs and why: a log line here is one write(2) of pre-formatted bytes, much cheaper than a Logback INFO line (pattern layout, MDC, the appender's lock); only the lock-on sync row adds a line inside the locked path, with its formatting cost calibrated."},
	})
}

// 6. threads
func init() {
	Register(map[string]Entry{
		"exp.threads.title": {
			KO: "스레드 200개 대 1,600개, 쓰기 같은 경로",
			EN: "200 threads against 1,600 on a write-like path"},
		"exp.threads.about": {
			KO: "쓰기 같은 경로(CPU와 다운스트림 호출)에서 풀 200 대 1,600: 오류, p99, 오류를 뺀 처리량, 문맥 교환, 실행 대기열",
			EN: "pool of 200 vs 1,600 threads on a write-like path (CPU plus downstream calls): errors, p99, throughput without errors, context switches, run queue"},
		"exp.th.recipe": {
			KO: "스레드 풀 모델 대상 서버가 요청마다 CPU %s{을/를} 쓰고 다운스트림을 %d번 차례로 부릅니다 (한 번에 %d ms). CPU는 스레드 200개 행이 서버의 한 코어에서 발표된 블로킹 쓰기 경로의 약 210 TPS 가까이 나오도록 맞췄습니다. 대기열은 충분히 길게(10,000) 두어, 차이는 스레드 수에서만 나옵니다. 요청 하나를 마칠 때마다 연결을 하나뿐인 폴러에 돌려주므로(--linger -1ns, Tomcat의 NIO 커넥터처럼), keep-alive 요청도 모두 폴러가 읽어 주기를 기다립니다. 폐쇄형 모델의 가상 사용자 %s명이 한꺼번에 연결해 타임아웃 %.0f초(k6의 기본값)로 보냅니다. 대상 서버의 헤더 타임아웃은 %.0f초로, 새 연결은 accept부터 그 안에 요청을 보내야 합니다 (Tomcat의 connectionTimeout). 다운스트림 왕복은 다운스트림 타임아웃 10초로 묶입니다 (클라이언트의 읽기 타임아웃). 실행마다 새 서버 프로세스에 %.0f초를 재고, 워밍업은 없습니다: 3,000명이 한꺼번에 연결하는 것이 발표된 조건입니다. 조건마다 %d회. GOMAXPROCS는 스레드 수 + 2라서 모든 풀 스레드가 한꺼번에 실행 가능해질 수 있습니다 (JVM의 플랫폼 스레드처럼).",
			EN: "The pool target spends %s of CPU per request and makes %d downstream calls in sequence (%d ms each); the CPU is calibrated so that the 200-thread row comes near the published blocking write path's ~210 TPS on the server's one core. Its queue is long enough (10,000) that only the thread count differs, and it hands each connection back to its one poller after every request (--linger -1ns), as Tomcat's NIO connector does, so every keep-alive request waits for the poller to read it. %s virtual users (closed model) connect at once and send with a %.0f s timeout (k6's default). The target's header timeout is %.0f s: a new connection must deliver its request within it from the accept (Tomcat's connectionTimeout); each downstream round trip is bounded by its downstream timeout, 10 s (a client's read timeout). Each run is a fresh server process measured for %.0f s with no warm-up: 3,000 users connecting at once is the published condition. %d run{s} per condition. GOMAXPROCS is the thread count plus 2, so every pool thread can be runnable at once, as a JVM's platform threads can."},
		// loadgen's cpu_factor (the experiments' heavy generator), kept
		// with the experiment that uses it.
		"loadspec.cpu_factor": {
			KO: "cpu_factor는 0에서 100 사이여야 합니다 (1: 그대로, 1.8: 발표된 에뮬레이션 이미지처럼 요청당 CPU 1.8배): %s",
			EN: "cpu_factor must be between 0 and 100 (1: as it is, 1.8: 1.8 times the CPU per request, like the published emulated image): %s"},
		"exp.th.col.dserr": {KO: "다운스트림 타임아웃을 넘긴 호출", EN: "downstream calls past their timeout"},
		"exp.th.note.why.ds": {
			KO: "까닭: 스레드 1,600개에서 다운스트림 호출 %s번이 대상 서버의 다운스트림 타임아웃(10초)을 넘겨 502로 끝났습니다 (스레드 200개에서는 %s번). 다운스트림은 p50 %.1f ms 만에 답했으니(요청한 지연 %d ms) 늦은 것은 다운스트림이 아니라, 답이 와 있는데도 실행 가능한 스레드 1,600개와 한 코어를 나눠 쓰느라 그 답을 제때 읽지 못한 서버 쪽입니다. 스레드 200개에서는 나머지 사용자가 문 앞 대기열에서 기다리고, 그곳에서는 핸들러의 타이머가 돌지 않습니다.",
			EN: "Why: with 1,600 threads %s downstream calls ended in 502 past the target's downstream timeout (10 s), against %s with 200. The downstream answered in %.1f ms at the median (asked for %d ms), so the lateness was not the downstream's but the server's: the reply was in, and the thread waiting for it shared the one core with 1,600 runnable threads. With 200 threads the other users wait in the queue in front, where no timer of the handler runs."},
		"exp.th.col.hdr": {KO: "서버가 타임아웃으로 닫은 연결", EN: "connections the server timed out"},
		"exp.th.quick": {
			KO: "--quick은 가상 사용자 수를 줄이고 몇 초만 재므로 %s명의 연결과 %.0f초 헤더 타임아웃에 닿지 않습니다. 전체 실행이 이 조건을 잽니다.",
			EN: "--quick sends fewer users for a few seconds, which reach neither %s users' connections nor the %.0f s header timeout; the full run measures this condition."},
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
		"exp.th.note.why.hdr": {
			KO: "까닭: 스레드 1,600개에서 서버는 연결 %s개를 타임아웃으로 닫았습니다 (헤더 타임아웃 %.0f초가 그 하나이고, 스레드 200개에서는 %s개). 오류의 %.0f%%{이/가} 클라이언트가 본 연결 리셋입니다. 요청은 커널에 와 있었지만, 요청을 읽는 폴러가 한 코어에서 실행 가능한 풀 스레드 1,600개 사이에서 돌아야 해서 3,000개 연결을 제때 읽지 못했습니다. 클라이언트는 그 연결이 리셋되는 것을 봅니다. 스레드 200개에서는 나머지 사용자가 문 앞 대기열에서 기다리고, 폴러는 200개와만 경쟁합니다.",
			EN: "Why: with 1,600 threads the server timed out %s connections (its header timeout of %.0f s among its timeouts), against %s with 200, and %.0f%% of the errors are resets the client saw. Their requests were in the kernel, but the poller that reads them ran among 1,600 runnable pool threads on the one core and did not read 3,000 connections in time; the client sees those connections reset. With 200 threads the other users wait in the queue in front, and the poller competes with 200."},
		"exp.th.note.why.other": {
			KO: "스레드 1,600개의 오류 %.1f%% 가운데 서버가 타임아웃으로 닫은 연결은 %s개뿐이라, 이 오류의 까닭은 이 표로는 말할 수 없습니다. 오류 종류는 행의 경고를 보십시오.",
			EN: "Of the %.1f%% errors with 1,600 threads only %s were connections the server timed out, so this table cannot say what caused them; see the row's warnings for their kinds."},
		"exp.th.note.why.none": {
			KO: "여기서는 스레드 1,600개의 오류가 %.1f%%로, 발표된 실패가 일어나지 않았습니다. 폐쇄형 모델에서는 지연 시간이 사용자 수 / 처리량이라 스레드 수와 무관하고, 오류는 서버 자신의 제한(여기서는 헤더 타임아웃)이 요청을 포기할 때만 납니다.",
			EN: "Here 1,600 threads gave %.1f%% errors: the published failure did not happen. In a closed load the response time is users / throughput whatever the thread count, and errors come only when one of the server's own limits (here its header timeout) gives up on a request."},
	})
}

// 9. crossover
func init() {
	Register(map[string]Entry{
		"exp.crossover.title": {
			KO: "가상 사용자를 늘려 가며: 풀과 루프가 엇갈리는 곳",
			EN: "Sweeping virtual users: where pool and loop cross"},
		"exp.crossover.about": {
			KO: "폐쇄형 모델로 가상 사용자 10–5,000명, 풀 200 대 루프, 발표된 네 숫자에 맞춘 읽기 경로와 무거운 I/O 경로, 모델의 예측과 함께",
			EN: "closed-model sweep of 10 to 5,000 virtual users, pool of 200 vs loops, a read path calibrated to the four published figures and a heavy I/O path, with the model's prediction"},
		"exp.x.recipe": {
			KO: "읽기 경로(방식마다 맞춘 CPU와 대기, 아래)와 무거운 I/O 경로(CPU 0.5 ms, 루프를 막지 않는 100 ms 대기)를 폐쇄형 모델의 가상 사용자 수를 바꿔 가며 스레드 풀(%d개)과 이벤트 루프(코어마다 하나, 이 기계의 코어 %d개)로 돌렸습니다. 모델도 같은 코어 수를 가정합니다. 점마다 새 자식 프로세스에서 %d회 실행(워밍업 1회 제외), 프로세스 안 실측입니다.",
			EN: "A read path (CPU and wait per model, calibrated below) and a heavy I/O path (0.5 ms of CPU and a 100 ms wait that does not block a loop), swept over closed-model virtual users, on a thread pool (%d threads) and on event loops (one per core, this machine's %d cores); the model assumes the same cores. %d real runs per point, in process, each in a fresh child process after one uncounted warm-up."},
		"exp.x.col.pool.rps": {KO: "풀 처리량 (요청/초)", EN: "pool throughput (req/s)"},
		"exp.x.col.loop.rps": {KO: "루프 처리량 (요청/초)", EN: "loop throughput (req/s)"},
		"exp.x.col.pool.p99": {KO: "풀 p99 (ms)", EN: "pool p99 (ms)"},
		"exp.x.col.loop.p99": {KO: "루프 p99 (ms)", EN: "loop p99 (ms)"},
		"exp.x.row.read":     {KO: "읽기 경로, 가상 사용자 %s명", EN: "read path, %s virtual users"},
		"exp.x.row.io":       {KO: "I/O 경로, 가상 사용자 %s명", EN: "I/O path, %s virtual users"},
		"exp.x.path.read":    {KO: "읽기 경로", EN: "read path"},
		"exp.x.path.io":      {KO: "I/O 경로", EN: "I/O path"},
		"exp.x.pub.reactive": {KO: "리액티브 (TPS)", EN: "reactive (TPS)"},
		"exp.x.pub.blocking": {KO: "블로킹 (TPS)", EN: "blocking (TPS)"},
		"exp.x.pub.60":       {KO: "읽기 경로, 가상 사용자 60명", EN: "read path, 60 virtual users"},
		"exp.x.pub.1000":     {KO: "읽기 경로, 가상 사용자 1,000명", EN: "read path, 1,000 virtual users"},
		"exp.x.pub.note": {
			KO: "2코어에서 CPU가 정하는 읽기 경로: 60명에서는 리액티브가 앞서고, 200명부터는 블로킹이 앞섰습니다. 5,000명까지 오류 0%.",
			EN: "A CPU-bound read path on 2 cores: reactive ahead at 60 users, blocking ahead from 200; 0% errors up to 5,000 users."},
		"exp.x.calibration": {
			KO: "읽기 경로를 발표된 네 숫자(2코어)에 맞춘 값: 가상 사용자 1,000명에서는 두 쪽 모두 CPU가 정하므로 요청당 CPU = 코어 2개 / TPS, 풀 %s ms (941), 루프 %s ms (698: 리액티브 파이프라인의 비용). 60명에서는 어느 쪽도 CPU에 묶이지 않으므로 지연 시간 = 사용자 수 / TPS이고 대기는 거기서 CPU를 뺀 것, 풀 %s ms (451), 루프 %s ms (655: 리액티브 쪽 호출은 겹칩니다).",
			EN: "The read path calibrated to the four published figures (2 cores): at 1,000 users both sides are CPU-bound, so CPU per request = 2 cores / TPS, pool %s ms (941), loops %s ms (698: the reactive pipeline's overhead); at 60 users neither is, so latency = users / TPS and the wait is that less the CPU, pool %s ms (451), loops %s ms (655: the reactive side's calls overlap)."},
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
			KO: "다른 점과 그 까닭: 읽기 경로의 방식별 CPU와 대기는 발표된 숫자에서 거꾸로 맞춘 것이므로, 이 훑기는 그 비용만으로 엇갈림이 60명과 200명 사이에 오고 5,000명까지 순서가 바뀌지 않는지를 시험할 뿐, 스프링 MVC와 WebFlux의 비용 자체를 재지는 않습니다. I/O 경로의 차이는 풀의 스레드 수가 정하는 상한(스레드 / 대기)에서 나옵니다. 다른 작업과 나눠 쓰는 기계에서는 하나 더 있습니다: 리눅스 스케줄러(CFS)는 CPU를 스레드마다 나누므로, 실행 가능한 풀 스레드 200개가 루프 스레드 두 개보다 더 큰 몫을 받습니다.",
			EN: "What differs and why: the read path's per-model CPU and waits are calibrated back from the published figures, so this sweep tests whether those costs alone put the crossing between 60 and 200 users and keep the order up to 5,000 users; it does not measure Spring MVC's or WebFlux's costs themselves. On the I/O path the difference comes from the pool's ceiling, threads / wait. On a machine shared with other work there is one more: Linux's scheduler (CFS) shares CPU per thread, so 200 runnable pool threads get a bigger slice than two loop threads."},
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
			KO: "대상 서버는 이벤트 루프 하나, 요청마다 CPU 200 µs입니다. 폐쇄형 모델의 가상 사용자 %d명(마지막 행은 세 배)이 보냅니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회. 무거운 생성기는 요청당 자기 CPU의 %.1f배를 씁니다 (부하 설정의 cpu_factor: 이벤트 루프가 처리한 만큼의 CPU를 더 돌립니다). 발표된 에뮬레이션 이미지의 값입니다.",
			EN: "The target is one event loop spending 200 µs of CPU per request; %d virtual users (closed model; three times as many in the last row). Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d run{s} per condition. The heavy generator spends %.1fx its own CPU per request (the load configuration's cpu_factor: its event loop spins the CPU it used once more, times the factor minus one), the published emulated image's figure."},
		"exp.co.row.apart":  {KO: "생성기는 자기 코어에 (가상 사용자 %d명, CPU %.1f배)", EN: "generator on its own core (%d virtual users, %.1fx CPU)"},
		"exp.co.row.shared": {KO: "생성기가 서버의 코어에 (가상 사용자 %d명, CPU %.1f배)", EN: "generator on the server's core (%d virtual users, %.1fx CPU)"},
		"exp.co.row.heavy":  {KO: "무거운 생성기가 서버의 코어에 (가상 사용자 %d명, CPU %.1f배)", EN: "heavy generator on the server's core (%d virtual users, %.1fx CPU)"},
		"exp.co.row.heavy3": {KO: "무거운 생성기, 가상 사용자 세 배 (%d명, CPU %.1f배)", EN: "heavy generator, three times the users (%d, %.1fx CPU)"},
		"exp.co.pub.before": {KO: "한 노트북에서 생성기와 서버", EN: "generator and servers on one laptop"},
		"exp.co.pub.after":  {KO: "같은 노트북, 가상 사용자 세 배", EN: "same laptop, three times the virtual users"},
		"exp.co.pub.note": {
			KO: "생성기가 서버의 CPU를 가져갔습니다 (arm64에서 에뮬레이션한 amd64 생성기 이미지는 요청당 CPU가 1.8배). 부하 도구 업체들은 생성기의 CPU를 80% 아래로 두라고 권합니다.",
			EN: "The generator took the server's CPU (an emulated amd64 generator image on arm64 cost 1.8x CPU per request). Load-tool vendors advise keeping the generator's CPU under 80%."},
		"exp.co.onecpu": {
			KO: "CPU가 하나뿐이라 첫 행도 서버와 생성기가 코어를 나눠 씁니다: 세 행의 차이는 생성기의 무게에서만 나옵니다.",
			EN: "With one CPU the first row shares a core too: the rows differ only in the generator's weight."},
		"exp.co.note.moves": {
			KO: "따로 둔 행에 견주어 서버의 처리량은 가벼운 생성기가 같은 코어로 오면 %+.0f%%, 그 생성기가 요청당 CPU를 더 쓰면 %+.0f%% 움직입니다. 무거운 생성기의 사용자를 세 배로 늘리면 %+.1f%% 움직입니다 (발표값 %+.1f%%). 생성기의 CPU는 가벼울 때 %.0f%%, 무거울 때 %.0f%%입니다.",
			EN: "Against the row with the generator apart, the server's throughput moves %+.0f%% when the light generator comes onto its core and %+.0f%% when that generator spends more CPU per request; tripling the heavy generator's users moves it %+.1f%% (published %+.1f%%). The generator used %.0f%% of a core light and %.0f%% heavy."},
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
			KO: "대상 서버는 이벤트 루프 하나가 연결도 받습니다 (자바 NIO 셀렉터 하나처럼). 실행마다 새 서버 프로세스에 실제 TCP 연결이 한꺼번에 열리고 연결마다 요청을 하나 보냅니다 (연결 500개는 여러 스레드의 고루틴이 한 번에 connect). 연결 500개는 %[1]d회 재고, 멈춤 행에서는 몰림 전에 열어 둔 연결로, 몰린 connect의 5분의 1이 끝났을 때 100 ms 동안 루프를 막는 요청을 보냅니다 (멈춤이 대기열 대부분의 앞에 오도록 위치를 고정). 연결 %[2]s개는 출처의 NIO 클라이언트처럼 스레드 하나가 non-blocking connect()를 잇달아 모두 부른 뒤 epoll 하나로 요청을 보내고 답을 읽습니다. 멈춤 없이 backlog 128(발표된 조건)로 %[3]d회 (출처의 15회로는 비율의 95%% 구간이 허용 범위보다 넓어 판정이 나지 않으므로), 4,096으로 %[4]d회 잽니다. 발표값과 따로, 루프가 멈춘 사이에 몰리게 한 변형을 별도 행으로 둡니다. %.0[5]f초 안에 끝나지 않은 요청은 '못 끝냄'으로 셉니다.",
			EN: "The target is one event loop that also accepts (like a single Java NIO selector). Each run opens real TCP connections to a fresh server at once, one request each. 500 connections, the connects fired together by goroutines on several threads: %d runs; in the stall row a request that blocks the loop for 100 ms goes out on a connection opened before the burst once a fifth of the burst's connects are done (its position fixed in front of most of the queue). %s connections are opened as the source's NIO client opens them: one thread issues every non-blocking connect() back to back, then sends the requests and reads the answers from one epoll set. No stall, backlog 128 (the published condition): %d runs (over the source's 15 the share's 95%% interval is wider than the tolerance, so it could not decide); backlog 4,096: %d runs. Apart from the published condition, a variant whose burst arrives while the loop stalls is a separate row. Requests not done within %.0f s count as not done."},
		"exp.ls.sysctl": {
			KO: "이 커널: somaxconn %s, tcp_syn_retries %s, tcp_abort_on_overflow %s, tcp_max_syn_backlog %s, tcp_syncookies %s.",
			EN: "This kernel: somaxconn %s, tcp_syn_retries %s, tcp_abort_on_overflow %s, tcp_max_syn_backlog %s, tcp_syncookies %s."},
		"exp.ls.col.batch":        {KO: "전체 처리 시간 (ms)", EN: "batch (ms)"},
		"exp.ls.col.slow":         {KO: "0.9초 넘은 connect", EN: "connects over 0.9 s"},
		"exp.ls.col.undone":       {KO: "못 끝낸 요청", EN: "not done"},
		"exp.ls.row.500":          {KO: "연결 %s개, backlog %d", EN: "%s connections, backlog %d"},
		"exp.ls.row.500-stall":    {KO: "연결 %s개, backlog %d, 대기열 앞에서 100 ms 멈춤 한 번", EN: "%s connections, backlog %d, one 100 ms stall ahead of the queue"},
		"exp.ls.row.big-128":      {KO: "연결 %s개, backlog %d, 멈춤 없음 (발표된 조건)", EN: "%s connections, backlog %d, no stall (the published condition)"},
		"exp.ls.row.big-4096":     {KO: "연결 %s개, backlog %d, 멈춤 없음", EN: "%s connections, backlog %d, no stall"},
		"exp.ls.row.provoked-128": {KO: "연결 %s개, backlog %d, 루프가 멈춘 사이에 몰림 (일부러 일으킨 변형)", EN: "%s connections, backlog %d, burst while the loop stalls (provoked variant)"},
		"exp.ls.quick": {
			KO: "--quick은 연결 %s개로 %d회, 제한 %.0f초로 줄여 돌리므로 발표된 2,000개 15회 조건을 판정하지 않습니다.",
			EN: "--quick runs %s connections %d times with a %.0f s limit, so it does not judge the published 2,000-connection, 15-run condition."},
		"exp.ls.run.undone": {
			KO: "못 끝냄 %s개",
			EN: "%s not done"},
		"exp.ls.note.runs": {
			KO: "%s: 실행별 결과 — 빠름 %d회, 초 단위 %d회, %.0[5]f초 안에 못 끝냄 %[4]d회. 실행마다 전체 처리 시간 (ListenOverflows 증가): %[6]s.",
			EN: "%s: per run — %d fast, %d at whole seconds, %d not done within %.0f s. Each run's batch (ListenOverflows added): %s."},
		"exp.ls.pub.500":      {KO: "연결 500개", EN: "500 connections"},
		"exp.ls.pub.500stall": {KO: "연결 500개, 핸들러 하나가 100 ms 잠듦", EN: "500 connections, one handler sleeps 100 ms"},
		"exp.ls.pub.2000":     {KO: "연결 2,000개, 15회", EN: "2,000 connections, 15 runs"},
		"exp.ls.pub.2000.v": {
			KO: "두 갈래: 7회 126–189 ms, 6회 2.0–6.0초 (초 단위에 몰림), 2회 30초 안에 못 끝냄",
			EN: "bimodal: 7 runs 126-189 ms, 6 runs 2.0-6.0 s (at whole seconds), 2 runs not done within 30 s"},
		"exp.ls.pub.note": {
			KO: "플랫폼 스레드 17개. 출처의 말: 멈춘 요청 뒤의 모든 요청이 그만큼 기다립니다. 2,000개의 원인으로 추정된 것: somaxconn이 backlog를 128로 조용히 잘라 SYN이 버려지고, 클라이언트가 1초, 2초 ... 뒤에 다시 보냄. 그래서 Netty는 accept에 따로 루프 그룹을 줍니다.",
			EN: "17 platform threads. The source's reading: every request behind the stall waits for it. The likely cause at 2,000: the listen backlog silently capped at 128 (somaxconn) drops SYNs and clients retransmit after 1 s, 2 s, ... This is why Netty gives accept its own loop group."},
		"exp.ls.note.slow": {
			KO: "%s: connect가 0.9초 넘게 걸린 연결 %s개 (모든 실행 합계) 가운데 %s개가 SYN 재전송 시점(1, 3, 7, 15초) 바로 뒤에 끝났습니다. 가장 빠른 것 %s ms, 가장 느린 것 %s ms.",
			EN: "%s: of the %s connects that took over 0.9 s (all runs together), %s completed just after a SYN retransmission (1, 3, 7, 15 s); the fastest took %s ms, the slowest %s ms."},
		"exp.ls.col.burst": {KO: "버려지지 않은 connect (ms당)", EN: "connects not dropped (per ms)"},
		"exp.ls.col.issue": {KO: "connect() 호출 (ms당)", EN: "connect() calls issued (per ms)"},
		"exp.ls.note.race.rates": {
			KO: "connect() 호출은 ms당 %s개로 나갔고, 커널이 버리지 않은 connect는 ms당 %s개로 끝났으며 (backlog 4,096 행의 중앙값), 루프 하나는 연결 500개 배치에서 ms당 %s개에 답했습니다. 커널이 두는 accept 대기열은 min(backlog, somaxconn) = %s개이고, 버스트는 약 %s ms 걸립니다.",
			EN: "The connect() calls went out at %s per ms, the connects the kernel did not drop completed at %s per ms (median of the backlog-4,096 row), and the one loop answered %s connections per ms in the 500-connection batch. The kernel keeps an accept queue of min(backlog, somaxconn) = %s, and the burst lasts about %s ms."},
		"exp.ls.note.race.keeps": {
			KO: "중앙값으로는 루프가 버스트를 따라가므로 대기열은 실행마다의 흔들림이 두 속도를 뒤집을 때만 넘칩니다.",
			EN: "At the medians the loop keeps up with the burst, so the queue overflows only in runs where the run-to-run spread turns the two rates round."},
		"exp.ls.note.race.fills": {
			KO: "버스트가 루프보다 빠른 동안 대기열은 그 차이만큼 자라, 중앙값으로는 약 %s ms 뒤에 넘칩니다. 버스트가 그보다 일찍 끝나거나 루프가 그 사이 따라잡는 실행은 넘치지 않습니다.",
			EN: "While the burst outruns the loop the queue grows by the difference and, at the medians, overflows after about %s ms; a run whose burst ends sooner, or whose loop catches up meanwhile, does not overflow."},
		"exp.ls.note.race.mixed": {
			KO: "backlog 128에서 %[2]d회 가운데 %[1]d회가 넘쳤고 나머지는 넘치지 않았습니다: 출처에서처럼 실행마다 갈리는 경주입니다 (출처는 15회 중 8회가 느림). %[3]s",
			EN: "At backlog 128, %d of %d runs overflowed and the rest did not: a race each run decides, as in the source (8 of 15 slow there). %s"},
		"exp.ls.note.race.lopsided": {
			KO: "backlog 128에서 %[2]d회 가운데 %[1]d회가 넘쳤습니다: 두 결과가 다 나오지만 출처의 비율(15회 중 8회가 느림)과는 다릅니다. %[3]s",
			EN: "At backlog 128, %d of %d runs overflowed: both outcomes occur, but not in the source's proportion (8 of 15 slow there). %s"},
		"exp.ls.note.race.none": {
			KO: "backlog 128에서 넘친 실행 %d회, 모두 %d회: 이 기계에서는 경주가 한쪽(빠름)으로만 갔고 발표된 두 갈래가 나오지 않았습니다. %s",
			EN: "At backlog 128, %d of %d runs overflowed: on this machine the race went one way (fast) every time, and the published bimodality did not appear. %s"},
		"exp.ls.note.race.all": {
			KO: "backlog 128에서 %[2]d회 가운데 %[1]d회가 넘쳤습니다: 이 기계에서는 경주가 한쪽(느림)으로만 갔고 발표된 두 갈래가 나오지 않았습니다. %[3]s",
			EN: "At backlog 128, %d of %d runs overflowed: on this machine the race went one way (slow) every time, and the published bimodality did not appear. %s"},
		"exp.ls.note.starved": {
			KO: "대기열이 넘치지 않은 backlog 4,096에서도 connect가 0.9초를 넘긴 연결이 %s개 있습니다: 이 바쁜 기계에서는 그 일부가 SYN 재전송이 아니라 CPU를 못 받은 클라이언트 자신의 지연입니다. 버려진 SYN의 증거는 ListenOverflows/ListenDrops 카운터입니다.",
			EN: "With backlog 4,096, where ListenOverflows stayed at 0, %s connects still took over 0.9 s: on this busy machine part of the slow connects are the client's own scheduling delay, not a retransmitted SYN. The evidence of dropped SYNs is the ListenOverflows/ListenDrops counters."},
		"exp.ls.note.why": {
			KO: "다른 점과 그 까닭: 발표된 실행은 8코어 노트북의 자바 NIO 셀렉터이고, 여기서는 코어 하나에 고정된 epoll 루프 하나입니다. 발표된 2,000개 조건은 멈춤 없이 backlog 128이고, 여기서도 그 조건을 그대로 돌립니다. 루프가 멈춘 사이에 몰리게 한 행은 넘침을 일부러 일으키는 변형이라 주장의 판정에 쓰지 않습니다.",
			EN: "What differs and why: the published run was a Java NIO selector on an 8-core laptop; here one epoll loop pinned to one core. The published 2,000-connection condition has no stall and backlog 128, and that is what runs here; the row whose burst arrives while the loop stalls provokes the overflow on purpose and judges no claim."},
	})
}

// Claims: verdicts, the claims table, sources, tolerances and what each
// claim compares.
func init() {
	Register(map[string]Entry{
		"exp.claim.v.reproduced": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s, 허용 ±%[4]s%% 안: 재현되었습니다.",
			EN: "%s: measured %s against the published %s, within ±%s%%: reproduced."},
		"exp.claim.v.reproduced.abs": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s, 허용 ±%[4]s 안: 재현되었습니다.",
			EN: "%s: measured %s against the published %s, within ±%s: reproduced."},
		"exp.claim.v.direction": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s: 방향은 같지만 크기가 허용 ±%[4]s%% 밖입니다 (방향만).",
			EN: "%s: measured %s against the published %s: the same direction, but the size is outside ±%s%% (direction only)."},
		"exp.claim.v.direction.abs": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s: 방향은 같지만 크기가 허용 ±%[4]s 밖입니다 (방향만).",
			EN: "%s: measured %s against the published %s: the same direction, but the size is outside ±%s (direction only)."},
		"exp.claim.v.not_reproduced": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s: 허용 ±%[4]s%% 밖이고 발표된 쪽의 효과도 아닙니다: 재현되지 않았습니다.",
			EN: "%s: measured %s against the published %s: outside ±%s%% and not an effect in the published direction: not reproduced."},
		"exp.claim.v.not_reproduced.abs": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s: 허용 ±%[4]s 밖입니다: 재현되지 않았습니다.",
			EN: "%s: measured %s against the published %s: outside ±%s: not reproduced."},
		"exp.claim.v.undecided": {
			KO: "%[1]s: 잰 값 %[2]s, 발표값 %[3]s: 구간이 허용 ±%[4]s%%의 경계나 효과 없음의 선에 걸칩니다: 미정, 더 돌려야 합니다.",
			EN: "%s: measured %s against the published %s: the interval straddles the ±%s%% boundary or the no-effect line: undecided, run more."},
		"exp.claim.v.not_run": {
			KO: "%s (발표값 %s): 이번 실행에서는 재지 않았습니다.",
			EN: "%s (published %s): not run this time."},
		"exp.claim.interval": {
			KO: "%s [%s–%s, 실행 %[5]d회의 %[4]s%% 구간]",
			EN: "%s [%s–%s, %s%% interval over %d runs]"},
		"exp.claim.onerun": {
			KO: "%s (실행 1회, 구간 없음)",
			EN: "%s (one run, no interval)"},
		"exp.claim.notmeasured": {
			KO: "이 조건을 재지 못했습니다 (건너뛰었거나 중단됨).",
			EN: "Its condition was not measured (skipped or interrupted)."},
		"exp.quick.notrun": {
			KO: "--quick은 이 조건을 돌리지 않습니다. 전체 실행에서 판정합니다.",
			EN: "--quick does not run this condition; a full run judges it."},
		"exp.sum.total": {
			KO: "발표된 주장 %d개: %s.",
			EN: "Published claims: %d (%s)."},
		"exp.sum.experiment":  {KO: "실험", EN: "experiment"},
		"exp.sum.run":         {KO: "실행", EN: "run"},
		"exp.sum.neighbours":  {KO: "이웃 CPU, 코어 (1초 최고)", EN: "neighbours' CPU, cores (highest second)"},
		"exp.sum.quiet":       {KO: "조용할 때 다시", EN: "quiet re-run"},
		"exp.sum.full":        {KO: "전체, %d회", EN: "full, %d run{s}"},
		"exp.sum.quick":       {KO: "--quick", EN: "--quick"},
		"exp.sum.rerun":       {KO: "필요", EN: "needed"},
		"exp.sum.interrupted": {KO: "(중단됨)", EN: "(interrupted)"},
		"exp.usage.summary": {
			KO: "사용법: waitlab exp summary 디렉터리 (--out으로 쓴 NAME.json들의 주장 요약)",
			EN: "usage: waitlab exp summary DIR (the claims of the NAME.json files --out wrote)"},
		"exp.err.summary": {
			KO: "%s: 읽을 표가 없습니다 (waitlab exp run NAME --out %s 명령으로 만드세요)",
			EN: "%s: no tables to read (make them with waitlab exp run NAME --out %s)"},
		"exp.verdict.reproduced":     {KO: "재현됨", EN: "reproduced"},
		"exp.verdict.direction":      {KO: "방향만", EN: "direction only"},
		"exp.verdict.not_reproduced": {KO: "재현 안 됨", EN: "not reproduced"},
		"exp.verdict.undecided":      {KO: "미정: 더 돌릴 것", EN: "undecided: run more"},
		"exp.verdict.not_run":        {KO: "돌리지 않음", EN: "not run"},
		"exp.md.claims": {
			KO: "발표된 주장 %d개 (%s):",
			EN: "Published claims: %d (%s):"},
		"exp.md.claim":     {KO: "주장", EN: "claim"},
		"exp.md.source":    {KO: "출처", EN: "source"},
		"exp.md.measured":  {KO: "잰 값 [95% 구간]", EN: "measured [95% interval]"},
		"exp.md.tolerance": {KO: "허용", EN: "tolerance"},
		"exp.md.verdict":   {KO: "판정", EN: "verdict"},

		"exp.src.lab":             {KO: "실습, JDK 21, 대기 0.2초", EN: "lab, JDK 21, waits of 0.2 s"},
		"exp.src.lab.model":       {KO: "실습 프리셋 (모델)", EN: "lab presets (model)"},
		"exp.src.stall":           {KO: "책, 이벤트 루프 하나, 멈춤 한 번", EN: "book, one event loop, one stall"},
		"exp.src.ch15":            {KO: "책, 루프 여덟 개, 1% 막음", EN: "book, eight loops, 1% blocking"},
		"exp.src.field.lock":      {KO: "현장 보고, PING 검증 잠금", EN: "field report, PING validation lock"},
		"exp.src.field.logging":   {KO: "현장 보고, 요청 로그", EN: "field report, request logging"},
		"exp.src.field.read":      {KO: "현장 보고, 읽기 경로", EN: "field report, read path"},
		"exp.src.field.write":     {KO: "현장 보고, 쓰기 경로", EN: "field report, write path"},
		"exp.src.field.colocated": {KO: "현장 보고, 한 노트북의 생성기", EN: "field report, generator on one laptop"},
		"exp.src.field.fanout":    {KO: "현장 보고, 조회 10개", EN: "field report, 10 lookups"},
		"exp.src.field.redis50":   {KO: "현장 보고, Redis에 50 ms", EN: "field report, 50 ms into Redis"},

		"exp.tol.wait": {
			KO: "대기가 정하는 숫자: 나머지는 스레드 시작과 타이머 정밀도뿐입니다 (발표된 실행도 모델보다 0.5–8% 깁니다)",
			EN: "waits set this figure; what is left is thread start and timer granularity (the published runs sit 0.5-8% above the model)"},
		"exp.tol.shape": {
			KO: "같은 기계의 두 조건의 비: 기계는 지워지지만 런타임의 비용은 남습니다",
			EN: "a ratio of two conditions on one machine: the machine cancels out, the runtime's costs do not"},
		"exp.tol.env": {
			KO: "다른 기계와 런타임(8코어 노트북의 JVM, 2코어 컨테이너)의 절댓값: 자릿수만 옮겨 옵니다",
			EN: "an absolute figure of another machine and runtime (an 8-core laptop's JVM, 2-core containers): only its order carries over"},
		"exp.tol.range": {
			KO: "발표된 범위 자체가 이만큼 벌어져 있습니다",
			EN: "the published range itself spans this much"},
		"exp.tol.calibrated": {
			KO: "발표값에 맞춘 조건: 허용 폭은 맞춤이 아니라 메커니즘을 시험합니다",
			EN: "the condition is calibrated to the published figure: the tolerance tests the mechanism, not the calibration"},
		"exp.tol.coin": {
			KO: "15회 중 몇 회인지의 비율: 15회의 이항 비율은 그 자체로 약 ±13퍼센트포인트 흔들립니다",
			EN: "a share of 15 runs: a binomial share over 15 runs moves about ±13 points by itself"},
		"exp.tol.near": {
			KO: "발표는 \"가까이\"라고만 합니다: 그 말이 덮는 폭입니다",
			EN: "the source only says \"near\": the span that word covers"},
		"exp.tol.count": {
			KO: "세는 값: 요청마다 명령 수는 정수라 어긋남은 연결 재시도와 창 가장자리뿐입니다",
			EN: "a count: commands per request are whole numbers, so only retried connections and the window's edges move it"},
		"exp.sum.central": {
			KO: "**중심 주장** %d / %d개가 방향만 맞음 이상입니다: %s.",
			EN: "**Central claims:** %d of %d reach direction only or better: %s."},
		"exp.sum.central.all": {
			KO: "재현되지 않은 중심 주장은 없습니다.",
			EN: "No central claim is left unreproduced."},
		"exp.sum.central.open": {
			KO: "아직 재현되지 않은 중심 주장 %d개와 그 까닭 (각 판정이 고른 문장과 그 숫자):",
			EN: "The %d central claims not reproduced yet, and why (the sentence each verdict chose, with its numbers):"},
		"exp.tol.same": {
			KO: "비용 없음은 비 1입니다: 허용 폭은 같은 대상 서버를 두 번 돌렸을 때의 흔들림(여기서 0.1–3%)입니다",
			EN: "no cost is a ratio of 1: the tolerance is the spread of two runs of the same target (0.1-3% here)"},
		"exp.tol.zero": {
			KO: "발표값이 0이라 절대 허용 폭으로 봅니다",
			EN: "the published figure is zero, so the tolerance is absolute"},

		"exp.claim.jdk.pool":          {KO: "풀 스레드 4개, 요청 12건의 전체 소요", EN: "makespan of a pool of 4 threads, 12 requests"},
		"exp.claim.jdk.loop-blocking": {KO: "대기가 루프를 막는 루프 2개의 전체 소요", EN: "makespan of 2 loops whose waits block them"},
		"exp.claim.jdk.virtual":       {KO: "캐리어 2개 위 가상 스레드의 전체 소요", EN: "makespan of virtual threads on 2 carriers"},
		"exp.claim.jdk.loop":          {KO: "대기를 등록하는 루프 2개의 전체 소요", EN: "makespan of 2 loops that register their waits"},
		"exp.claim.jdk.x-pool":        {KO: "풀 4개 / 등록 루프 2개", EN: "pool of 4 / 2 registered loops"},
		"exp.claim.jdk.x-blocking":    {KO: "막힌 루프 2개 / 등록 루프 2개", EN: "2 blocked loops / 2 registered loops"},
		"exp.claim.jdk.x-10x30":       {KO: "풀 10개·요청 30건 / 풀 4개·요청 12건 (둘 다 세 물결)", EN: "pool of 10 with 30 requests / pool of 4 with 12 (three waves each)"},

		"exp.claim.ls.batch-500":       {KO: "연결 500개의 전체 처리 시간", EN: "batch time of 500 connections"},
		"exp.claim.ls.p50-500":         {KO: "연결 500개의 p50", EN: "p50 of 500 connections"},
		"exp.claim.ls.p99-500":         {KO: "연결 500개의 p99", EN: "p99 of 500 connections"},
		"exp.claim.ls.stall-batch":     {KO: "100 ms 멈춤 한 번이 전체 처리 시간에 더하는 것", EN: "what one 100 ms stall adds to the batch"},
		"exp.claim.ls.stall-p50":       {KO: "100 ms 멈춤 한 번이 p50에 더하는 것", EN: "what one 100 ms stall adds to p50"},
		"exp.claim.ls.2000-slow":       {KO: "연결 2,000개, backlog 128: 초 단위이거나 못 끝낸 실행의 비율 (15회 중 8회)", EN: "2,000 connections, backlog 128: share of runs at whole seconds or not done (8 of 15)"},
		"exp.claim.ls.2000-undone":     {KO: "연결 2,000개, backlog 128: 30초 안에 못 끝낸 실행의 비율 (15회 중 2회)", EN: "2,000 connections, backlog 128: share of runs not done within 30 s (2 of 15)"},
		"exp.claim.ls.2000-fast-batch": {KO: "연결 2,000개: 빠른 실행의 전체 처리 시간 (126–189 ms)", EN: "2,000 connections: batch time of the fast runs (126-189 ms)"},
		"exp.claim.ls.2000-slow.why": {
			KO: "이 커널의 루프백에서 SYN이 얼마나 버려지는지는 connect가 얼마나 몰리는지(부하 생성기 코어 하나의 속도)에 달려 있고, 8코어 노트북보다 2코어 VM의 클라이언트가 느리게 몰립니다.",
			EN: "How many SYNs this kernel's loopback drops depends on how tightly the connects bunch (one generator core's speed); a 2-core VM's client bunches them less than an 8-core laptop's."},

		"exp.claim.bl.slowdown":      {KO: "처리량: 막음 없음 / 루프에서 막음", EN: "throughput, no blocking / blocking on the loop"},
		"exp.claim.bl.p50-onloop":    {KO: "막지 않는 요청의 p50: 루프에서 막음 / 막음 없음", EN: "non-blocking p50, blocking on the loop / no blocking"},
		"exp.claim.bl.p99-onloop":    {KO: "막지 않는 요청의 p99: 루프에서 막음 / 막음 없음", EN: "non-blocking p99, blocking on the loop / no blocking"},
		"exp.claim.bl.p50-offload64": {KO: "막지 않는 요청의 p50: 오프로드 풀 64 / 막음 없음", EN: "non-blocking p50, offload to pool 64 / no blocking"},
		"exp.claim.bl.p50-offload4":  {KO: "막지 않는 요청의 p50: 오프로드 풀 4 / 막음 없음", EN: "non-blocking p50, offload to pool 4 / no blocking"},
		"exp.claim.bl.pool64-4":      {KO: "처리량: 오프로드 풀 64 / 풀 4", EN: "throughput, offload pool 64 / pool 4"},
		"exp.claim.bl.offload64":     {KO: "처리량: 막힘 없음 / 오프로드 풀 64", EN: "throughput, no blocking / offload pool 64"},
		"exp.claim.bl.max-offload64": {KO: "오프로드 풀 64에서 보통 요청의 최대 지연 (막는 호출 100 ms 가까이)", EN: "max latency of normal requests with offload pool 64 (near the 100 ms blocking call)"},
		"exp.claim.ls.threads":       {KO: "루프 하나로 연결 500개를 받는 서버의 스레드 (Go: OS 스레드, JVM: 플랫폼 스레드)", EN: "threads of the server taking 500 connections on one loop (Go: OS threads; JVM: platform threads)"},
		"exp.claim.ls.threads.why": {
			KO: "발표된 서버는 JVM이라 GC, JIT 컴파일러, 참조 처리, 시그널 스레드를 따로 띄웁니다. Go 바이너리는 GOMAXPROCS만큼의 스레드와 sysmon, 잠긴 루프 스레드로 돌아갑니다.",
			EN: "The published server is a JVM, which starts threads of its own for GC, the JIT compilers, reference handling and signals; a Go binary runs on its GOMAXPROCS threads, sysmon and the locked loop thread."},
		"exp.claim.bl.slowdown.why": {
			KO: "루프마다 코어가 하나씩인 이 기계에서는 막힌 루프의 코어를 다른 일이 쓰지 못하므로 배수가 점유 예측(6.05배)에 가까워지고, 발표된 8코어 노트북은 그 코어를 다른 일이 썼습니다.",
			EN: "With a core per loop here, no other work uses a blocked loop's core, so the multiple moves toward the occupancy prediction (6.05x); on the published 8-core laptop other work used it."},

		"exp.claim.vl.on":      {KO: "잠금 있음, 스레드 200개의 처리량", EN: "throughput with the lock, 200 threads"},
		"exp.claim.vl.off":     {KO: "잠금 없음, 스레드 200개의 처리량", EN: "throughput without the lock, 200 threads"},
		"exp.claim.vl.x":       {KO: "처리량: 잠금 없음 / 있음", EN: "throughput, lock off / on"},
		"exp.claim.vl.threads": {KO: "잠금 있음의 처리량: 스레드 1,600개 / 200개 (스레드를 늘려도 그대로)", EN: "throughput with the lock, 1,600 / 200 threads (more threads buy nothing)"},
		"exp.claim.vl.off.why": {
			KO: "잠금이 없을 때는 서버 코어 하나의 CPU가 정하므로, 다른 작업이 그 코어를 나눠 가지면 700에 못 미칩니다.",
			EN: "Without the lock the server's one core sets throughput, so other work sharing that core keeps it under 700."},

		"exp.claim.log.lock":  {KO: "잠금 있음의 처리량: 로그 끔 / 동기 로그", EN: "throughput with the lock, logging off / sync"},
		"exp.claim.log.cost":  {KO: "잠금 없음에서 동기 로그가 가져가는 처리량", EN: "throughput sync logging costs without the lock"},
		"exp.claim.log.debug": {KO: "잠금 없음의 처리량: 로그 끔 / DEBUG 줄을 INFO 로거가 거름", EN: "throughput without the lock, logging off / DEBUG lines filtered by an INFO logger"},
		"exp.claim.log.lock.why": {
			KO: "잠금 안의 줄은 잠금을 쥔 스레드가 CPU를 받아야 끝나므로, 다른 작업과 나눠 쓰는 코어에서는 그 시간이 맞춘 값보다 길어지고 짧아지기도 합니다.",
			EN: "The line inside the lock ends only when the lock's holder gets CPU, so on a core shared with other work its time moves away from the calibrated one."},
		"exp.claim.log.cost.why": {
			KO: "여기서 로그 한 줄은 write(2) 한 번이라 요청당 CPU에 견주어 작습니다. Logback INFO 한 줄(패턴 포맷, MDC, 어펜더 잠금)은 훨씬 비쌉니다.",
			EN: "A line here is one write(2), small against the request's CPU; a Logback INFO line (pattern layout, MDC, the appender's lock) costs far more."},

		"exp.claim.th.errors":  {KO: "스레드 1,600개의 오류 비율", EN: "errors with 1,600 threads"},
		"exp.claim.th.p99":     {KO: "스레드 1,600개의 p99", EN: "p99 with 1,600 threads"},
		"exp.claim.th.okshare": {KO: "스레드 1,600개: 오류를 뺀 처리량 / 전체 처리량 (203 / 257)", EN: "1,600 threads: throughput without errors / with them (203 / 257)"},
		"exp.claim.th.errors.why": {
			KO: "오류의 양은 30초 창에서 연결이 몰리는 앞부분이 차지하는 몫과 폴러가 받는 CPU 몫(다른 작업과 나눔)에 달려 있습니다. 발표된 실행은 더 긴 시험이었습니다.",
			EN: "How many errors depends on the share of the 30 s window the connection burst takes and on the CPU the poller gets (shared with other work); the published run was a longer test."},
		"exp.claim.th.p99.why": {
			KO: "30초 창에서는 p99가 창보다 길 수 없습니다. 발표된 44초는 몇 분짜리 시험의 값입니다.",
			EN: "In a 30 s window the p99 cannot exceed the window; the published 44 s comes from a test of minutes."},

		"exp.claim.x.read60":     {KO: "읽기 경로, 가상 사용자 60명: 루프 / 풀 처리량", EN: "read path, 60 users: loop / pool throughput"},
		"exp.claim.x.read1000":   {KO: "읽기 경로, 가상 사용자 1,000명: 풀 / 루프 처리량", EN: "read path, 1,000 users: pool / loop throughput"},
		"exp.claim.x.errors5000": {KO: "가상 사용자 5,000명까지의 오류", EN: "errors up to 5,000 users"},
		"exp.claim.x.read60.why": {
			KO: "읽기 경로는 발표된 숫자에 맞췄으므로, 여기서 벗어나는 만큼은 이 기계의 CPU 몫(다른 작업과 나눔)과 Go 런타임의 비용입니다.",
			EN: "The read path is calibrated to the published figures, so what departs from them here is this machine's share of CPU (shared with other work) and the Go runtime's costs."},
		"exp.x.errors.notrun": {
			KO: "이 훑기는 프로세스 안에서 (가상 사용자 %s명까지) 돌고, 거기서는 요청이 실패할 수 없으므로 오류를 재지 않습니다.",
			EN: "This sweep runs in process (up to %s users), where a request cannot fail, so errors are not measured."},

		"exp.claim.sd.fanout":        {KO: "pool의 p50: 조회 10번 차례로 / 동시에", EN: "pool p50, ten lookups in sequence / in parallel"},
		"exp.claim.sd.inflight-loop": {KO: "다운스트림이 느려진 뒤 처리 중 요청: loop / pool (1,983 / 1,885)", EN: "requests in flight after the downstream slows, loop / pool (1,983 / 1,885)"},
		"exp.claim.sd.inflight":      {KO: "다운스트림이 느려진 뒤 pool의 처리 중 요청 / 스레드 수 (1,885 / 1,600)", EN: "pool requests in flight after the downstream slows / its threads (1,885 / 1,600)"},
		"exp.claim.sd.fanout.why": {
			KO: "여기서는 조회 하나가 정확히 50 ms라 모델이 10배를 말합니다. 발표된 조회에는 네트워크와 Redis의 일이 더 얹혀 있었습니다.",
			EN: "Each lookup here is exactly 50 ms, so the model says 10x; the published lookups carried network and Redis work on top."},
		"exp.claim.db.p50-onloop":    {KO: "막지 않는 요청의 p50: 루프에서 DB 호출 / 호출 없음", EN: "innocent p50, DB call on the loop / no call"},
		"exp.claim.db.slowdown":      {KO: "처리량: DB 호출 없음 / 루프에서 호출", EN: "throughput, no DB call / call on the loop"},
		"exp.claim.db.p50-offload64": {KO: "막지 않는 요청의 p50: 풀 64로 오프로드 / 호출 없음", EN: "innocent p50, offloaded to pool 64 / no call"},
		"exp.claim.db.slowdown.why": {
			KO: "폐쇄형 부하(가상 사용자 64명)에서는 막힌 루프에 묶인 사용자만 기다리고 나머지는 계속 보내므로, 한꺼번에 보내는 발표된 배치보다 처리량이 덜 떨어집니다.",
			EN: "In a closed load (64 users) only the users bound to a stalled loop wait while the rest keep sending, so throughput falls less than in the published burst."},
		"exp.claim.vl.rtt": {KO: "요청당 다운스트림 명령: 잠금 있음 / 없음", EN: "downstream commands per request, lock on / off"},
		"exp.claim.co.3x":  {KO: "서버의 코어에 있는 무거운 생성기의 사용자가 세 배가 될 때 처리량의 변화", EN: "throughput change when the heavy generator on the server's core sends three times the users"},
		"exp.claim.co.3x.why": {
			KO: "이 생성기는 CPU를 사용자마다가 아니라 보내는 요청마다 쓰고, 요청 수는 서버의 처리량이 묶습니다. 발표된 k6은 가상 사용자마다 자바스크립트 VM을 돌려 사용자 수에 따라서도 CPU를 씁니다.",
			EN: "This generator spends its CPU per request it sends, not per user, and the server's throughput bounds its requests; the published k6 runs a JavaScript VM per virtual user, whose CPU grows with the users too."},
		"exp.co.3x.gencpu": {
			KO: "무거운 생성기의 CPU는 사용자 %[2]s명에서 코어의 %[1]s%%, 세 배에서 %[3]s%%였습니다 (×%[4]s, 같은 사이 처리량은 ×%[5]s).",
			EN: "The heavy generator used %s%% of a core with %s users and %s%% with three times as many (×%s, while throughput moved ×%s)."},
	})
}

// 11. write-path
func init() {
	Register(map[string]Entry{
		"exp.write-path.title": {
			KO: "쓰기 경로: 블로킹 대 논블로킹, 요청당 CPU가 다를 때",
			EN: "The write path: blocking against non-blocking when the CPU per request differs"},
		"exp.write-path.about": {
			KO: "다운스트림 호출 5번(외부 호출 둘, Redis Lua, INSERT, 발행)의 쓰기 경로를 풀 200과 루프로, 발표된 처리량에 맞춘 요청당 CPU로, 지연 0 ms와 20 ms, show_sql 같은 동기 로그와 함께",
			EN: "a write path of five downstream calls (two external calls, Redis Lua, an INSERT, a publish) on a pool of 200 and on loops, with the CPU per request calibrated to the published throughput, at 0 ms and 20 ms, and a show_sql-like synchronous line"},
		"exp.wp.recipe": {
			KO: "대상 서버는 요청마다 다운스트림을 %d번 차례로 부릅니다. 폐쇄형 모델의 가상 사용자 %s명이 타임아웃 60초로 보냅니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회. 블로킹 쪽은 스레드 %d개의 풀, 논블로킹 쪽은 루프 %d개입니다.",
			EN: "The target makes %d downstream calls in sequence per request; %s virtual users (closed model) send with a 60 s timeout. Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d run{s} per condition. The blocking side is a pool of %d threads, the non-blocking side %d loops."},
		"exp.wp.calibration": {
			KO: "발표값에 맞춘 값: 발표된 블로킹 쪽 %s TPS에서 요청당 CPU %s ms, 논블로킹 쪽 %s TPS에서 %s ms (서버의 코어 하나에서 1/TPS, HTTP와 루프백 왕복 다섯 번에 드는 약 %s µs를 뺌). 발표된 보고의 말대로 두 쪽의 차이는 대기가 아니라 요청당 CPU입니다 (JPA, .block(), 동기 클라이언트 대 R2DBC와 논블로킹 클라이언트).",
			EN: "Calibrated to the published figures: the blocking side's %s TPS gives %s ms of CPU per request, the non-blocking side's %s TPS %s ms (1/TPS on the server's one core, less about %s µs for HTTP and five loopback round trips). As the report found, the two differ in CPU per request (JPA, .block(), sync clients against R2DBC and non-blocking clients), not in waiting."},
		"exp.wp.row.pool":    {KO: "블로킹 풀, 호출 지연 %s ms", EN: "blocking pool, calls at %s ms"},
		"exp.wp.row.loop":    {KO: "논블로킹 루프, 호출 지연 %s ms", EN: "non-blocking loops, calls at %s ms"},
		"exp.wp.row.sql":     {KO: "블로킹 풀, 호출 지연 %s ms, show_sql 같은 동기 로그", EN: "blocking pool, calls at %s ms, show_sql-like sync line"},
		"exp.wp.pub.result":  {KO: "결과", EN: "result"},
		"exp.wp.pub.tps":     {KO: "논블로킹 / 블로킹 처리량 (TPS)", EN: "non-blocking / blocking throughput (TPS)"},
		"exp.wp.pub.zero":    {KO: "외부 지연 0에서의 배수", EN: "the multiple with the external latency at 0"},
		"exp.wp.pub.p99":     {KO: "가상 사용자 1,000명의 p99, 논블로킹 / 블로킹", EN: "p99 at 1,000 users, non-blocking / blocking"},
		"exp.wp.pub.showsql": {KO: "show_sql을 켰을 때", EN: "with show_sql on"},
		"exp.wp.note.little": {
			KO: "리틀의 법칙: 폐쇄형 모델의 지연 시간은 사용자 수 / 처리량입니다. 사용자 %s명에 블로킹 풀은 초당 %s건이라 평균 %.1f초, 루프는 초당 %s건이라 %.1f초입니다.",
			EN: "Little's law: in a closed load the latency is users / throughput. With %s users the blocking pool's %s req/s gives a mean of %.1f s, the loops' %s req/s %.1f s."},
		"exp.wp.note.why": {
			KO: "다른 점과 그 까닭: 발표된 서비스는 2코어 컨테이너에서 실제 외부 API, Redis, MySQL, Kafka를 불렀고, 여기서는 내장 지연 서버 하나를 다섯 번 부르며 서버는 코어 하나입니다. 요청당 CPU는 발표된 처리량에서 거꾸로 맞춘 것이라, 이 실험은 그 CPU 차이가 배수를 만든다는 설명을 시험하지, 스프링의 CPU 비용 자체를 재지는 않습니다. show_sql 행의 한 줄은 미리 만든 바이트에 write(2) 한 번으로, Hibernate가 SQL을 포맷해 stdout에 쓰는 것보다 쌉니다.",
			EN: "What differs and why: the published service called a real external API, Redis, MySQL and Kafka in 2-core containers; here one built-in delay server is called five times and the server has one core. The CPU per request is calibrated back from the published throughput, so this tests the explanation that the CPU difference makes the multiple; it does not measure Spring's CPU cost itself. The show_sql row's line is one write(2) of pre-formatted bytes, cheaper than Hibernate formatting SQL onto stdout."},
		"exp.claim.wp.x":       {KO: "쓰기 경로 처리량, 호출 지연 20 ms: 논블로킹 / 블로킹", EN: "write-path throughput, calls at 20 ms: non-blocking / blocking"},
		"exp.claim.wp.x0":      {KO: "쓰기 경로 처리량, 호출 지연 0 ms: 논블로킹 / 블로킹", EN: "write-path throughput, calls at 0 ms: non-blocking / blocking"},
		"exp.claim.wp.p99":     {KO: "쓰기 경로 p99: 블로킹 / 논블로킹", EN: "write-path p99, blocking / non-blocking"},
		"exp.claim.wp.showsql": {KO: "show_sql 같은 동기 로그가 가져가는 블로킹 쪽 처리량", EN: "blocking throughput a show_sql-like sync line costs"},
		"exp.claim.wp.showsql.why": {
			KO: "여기서 한 줄은 write(2) 한 번이라 요청당 CPU 4.7 ms에 견주어 무시할 만합니다.",
			EN: "A line here is one write(2), negligible against 4.7 ms of CPU per request."},
		"exp.claim.wp.x.why": {
			KO: "서버의 코어를 다른 작업이 나눠 가지면 두 쪽 모두 CPU가 모자라지만, 요청당 CPU가 작은 루프 쪽이 HTTP와 왕복의 고정 비용에 더 크게 묶입니다.",
			EN: "When other work shares the server's core both sides run short of CPU, but the loops, with less CPU per request, are bound more by the fixed cost of HTTP and the round trips."},
	})
}
