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
			KO: "%s: 실행 %d/%d (0은 예열), 한 번에 약 %s",
			EN: "%s: run %d of %d (0 is the warm-up), about %s each"},
		"exp.progress.trial": {
			KO: "%s: 실행 %d/%d (0은 예열), %s 동안 부하",
			EN: "%s: run %d of %d (0 is the warm-up), load for %s"},
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
			KO: "이 기계 (%d회 실행의 중앙값 [최소–최대], 예열 1회 제외):",
			EN: "This machine (median [min–max] of %d runs, after one uncounted warm-up):"},
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
			KO: "환경: %s, 쓸 수 있는 코어 %d개, GOMAXPROCS %d, Go %s, 커널 %s, 1분 부하 평균 시작 %.2f / 최고 %.2f / 끝 %.2f, 반복 %d회.",
			EN: "Environment: %s, %d usable cores, GOMAXPROCS %d, Go %s, kernel %s, 1-minute load average %.2f at the start / %.2f at most / %.2f at the end, %d counted runs."},
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
			KO: "각 프리셋의 요청마다 대기를 %d ms로 줄여 (발표된 JDK 21 측정과 같게) 모델로 계산하고, 새 자식 프로세스에서 실제 OS 스레드, epoll 루프, 캐리어 2개 위의 고루틴으로 %d회 돌렸습니다.",
			EN: "Each preset with every request's wait cut to %d ms (as in the published JDK 21 measurement): the model, then %d real runs, each in a fresh child process, on real OS threads, epoll loops and goroutines on two carriers."},
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
