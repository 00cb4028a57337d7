package msg

// One line per command-line flag, for -h (cli's printHelp). "flag.NAME"
// is a flag with one meaning in every command; "flag.CMD.NAME" one whose
// meaning differs by command. Type names in backquotes are dropped.
func init() {
	Register(map[string]Entry{
		"cli.help.usage.load": {
			KO: "사용법: waitlab load [플래그] URL (또는 --targets FILE)\n\n플래그:",
			EN: "usage: waitlab load [flags] URL (or --targets FILE)\n\nflags:"},
		"cli.help.usage.report": {
			KO: "사용법: waitlab report [플래그] FILE...\n\n플래그:",
			EN: "usage: waitlab report [flags] FILE...\n\nflags:"},

		// Everywhere.
		"flag.lang": {
			KO: "출력 언어: ko 또는 en (기본값은 WAITLAB_LANG, 없으면 LANG)",
			EN: "language of text output: ko or en (default: WAITLAB_LANG, then LANG)"},
		"flag.seed":   {KO: "난수 시드 (시드가 같으면 결과도 같습니다)", EN: "random seed (same seed, same output)"},
		"flag.listen": {KO: "기다릴 주소 (--allow-remote가 없으면 루프백만)", EN: "address to listen on (loopback unless --allow-remote)"},
		"flag.allow-remote": {
			KO: "루프백이 아닌 --listen 주소를 허용합니다",
			EN: "allow a non-loopback --listen address"},

		// The scenario flags of sim and run.
		"flag.preset":       {KO: "미리 준비된 시나리오에서 시작합니다 (waitlab presets로 목록 보기)", EN: "start from a preset scenario (see waitlab presets)"},
		"flag.f":            {KO: "시나리오 파일(YAML)에서 시작합니다", EN: "start from a scenario file (YAML)"},
		"flag.model":        {KO: "서버 모델: pool, loop, offload, virtual", EN: "server model: pool, loop, offload or virtual"},
		"flag.threads":      {KO: "풀의 스레드 수(pool), 루프 수(loop, offload), 캐리어 수(virtual)", EN: "pool size (pool), loop count (loop, offload) or carrier count (virtual)"},
		"flag.offload-pool": {KO: "오프로드 풀의 스레드 수 K (offload)", EN: "offload pool size K (offload)"},
		"flag.cores":        {KO: "시뮬레이션할 기계의 CPU 코어 수 (0: 스레드 수와 같게)", EN: "CPU cores of the simulated machine (0: as many as threads)"},
		"flag.requests":     {KO: "요청 수", EN: "number of requests"},
		"flag.arrival":      {KO: "도착 방식: burst, rate:R, poisson:R, vus:N", EN: "arrival: burst, rate:R, poisson:R or vus:N"},
		"flag.think":        {KO: "응답을 받고 다음 요청까지 쉬는 생각 시간 (vus:N)", EN: "think time between a response and the next request (vus:N)"},
		"flag.cpu":          {KO: "요청 하나의 CPU 시간: 200us 또는 exp:200us", EN: "CPU time per request: 200us, or exp:200us"},
		"flag.wait":         {KO: "하위 호출 하나의 대기 시간: 200ms 또는 exp:200ms", EN: "wait per downstream call: 200ms, or exp:200ms"},
		"flag.blocking": {
			KO: "대기가 스레드를 붙잡습니다(블로킹): 루프를 멈추고 캐리어를 고정합니다",
			EN: "the wait blocks (holds) its thread: stalls a loop, pins a carrier"},
		"flag.calls":       {KO: "요청 하나의 하위 호출 수 (호출마다 --wait만큼 걸림)", EN: "downstream calls per request (each takes --wait)"},
		"flag.fanout":      {KO: "하위 호출 방식: sequential(차례로), parallel(한꺼번에) 또는 pipelined(한 번의 왕복에 모두)", EN: "downstream calls: sequential, parallel or pipelined (all in one round trip)"},
		"flag.fanout-pool": {KO: "병렬 호출을 맡는 팬아웃 풀의 스레드 수 K (pool; 0이면 요청 스레드가 가장 느린 호출만 기다림)", EN: "fan-out pool size K that runs parallel calls (pool; 0: the request's thread just waits for the slowest call)"},
		"flag.shared-lock": {
			KO: "하위 호출마다 공유 락 하나를 잡습니다 (synchronized 안에서 PING을 보내는 버그)",
			EN: "every downstream call holds one shared lock (the PING-inside-synchronized bug)"},
		"flag.block-fraction": {
			KO: "블로킹 호출을 하는 요청의 비율 (요청 종류 normal과 blocking)",
			EN: "fraction of requests that make a blocking call (classes normal and blocking)"},
		"flag.block":     {KO: "블로킹 호출의 길이 (--block-fraction과 함께)", EN: "duration of the blocking call (with --block-fraction)"},
		"flag.placement": {KO: "어느 요청이 블로킹할지: random, spread, every:K", EN: "which requests block: random, spread or every:K"},
		"flag.assign":    {KO: "요청을 루프에 배정하는 방식: round-robin 또는 shared", EN: "how requests bind to loops: round-robin or shared"},

		// sim and run.
		"flag.sim.json":     {KO: "결과를 JSON 하나로 출력합니다", EN: "print the result as one JSON object"},
		"flag.sim.svg":      {KO: "스레드별 타임라인을 SVG 파일로 씁니다", EN: "write the per-thread timeline as an SVG file"},
		"flag.sim.timeline": {KO: "스레드별 타임라인과 설명을 출력합니다", EN: "print the per-thread timeline and the narration"},
		"flag.run.json":     {KO: "결과를 JSON으로 출력합니다 (--compare와 함께면 {model, real, ratio})", EN: "print the result as JSON (with --compare: {model, real, ratio})"},
		"flag.run.svg":      {KO: "실제 실행의 스레드별 타임라인을 SVG 파일로 씁니다 (--repeat 1일 때만)", EN: "write the real run's per-thread timeline as an SVG file (needs --repeat 1)"},
		"flag.run.timeline": {KO: "실제 실행의 스레드별 타임라인을 출력합니다 (--repeat 1일 때만)", EN: "print the per-thread timeline of the real run (needs --repeat 1)"},
		"flag.repeat":       {KO: "실제 실행 횟수 (매번 새 프로세스). 수치는 중앙값이고 최소와 최대를 함께 보입니다", EN: "real runs to make, each in a fresh process; figures are the median, with min and max"},
		"flag.run.warmup":   {KO: "먼저 집계하지 않는 워밍업 실행을 한 번 합니다", EN: "make one uncounted warm-up run first"},
		"flag.compare":      {KO: "모델과 실측을 나란히, 실측/모델 비율과 함께 보입니다", EN: "print the model and the measurement side by side, with the ratio real/model"},
		"flag.run.stall-threshold": {
			KO: "루프 감시자: 이보다 오래 도는 작업을 루프 멈춤으로 봅니다",
			EN: "loop watchdog: a task running longer than this is a stall"},
		"flag.scale-to-cores": {
			KO: "루프(또는 캐리어)를 이 기계의 코어 수로 줄이고, 요청과 오프로드 풀도 같은 비율로 줄입니다",
			EN: "shrink loops (or carriers) to this machine's cores, with requests and offload pool in proportion"},
		"flag.stacks": {KO: "가장 긴 루프 멈춤의 스택을 출력합니다", EN: "print the stack of the worst loop stall"},

		// load and report.
		"flag.load.json":   {KO: "보고서를 글 대신 JSON 하나로 출력합니다", EN: "print the report as one JSON object instead of text"},
		"flag.report.json": {KO: "보고서를 글 대신 JSON 하나로 출력합니다", EN: "print the report as one JSON object instead of text"},
		"flag.html":        {KO: "그래프가 든 HTML 보고서 파일도 씁니다 (파일 하나로 완결)", EN: "also write a self-contained HTML report with plots to FILE"},
		"flag.threshold": {
			KO: "통과 기준, 여러 번 쓸 수 있음: p95<200ms, p(95)<200, p99<200ms, errors<1%, ok_rps>1000 (위반하면 종료 코드 1)",
			EN: "pass/fail rule, repeatable: p95<200ms, p(95)<200, p99<200ms, errors<1%, ok_rps>1000 (breached -> exit 1)"},
		"flag.rate": {KO: "개방형 모델: 초당 R건의 일정한 요청", EN: "open model: constant R requests per second"},
		"flag.load.arrival": {
			KO: "개방형 모델: poisson:R(포아송 도착) 또는 rate:R. --stages와 함께면 poisson만",
			EN: "open model: poisson:R (Poisson arrivals), or rate:R; with --stages, just poisson"},
		"flag.stages": {
			KO: "개방형 모델: 단계별 도착률, 예: 30s:100,60s:1000,30s:0 (단계마다 그 도착률까지 고르게 바뀜)",
			EN: "open model: rate ramps, e.g. 30s:100,60s:1000,30s:0 (each stage ramps linearly to its rate)"},
		"flag.vus": {
			KO: "폐쇄형 모델: 가상 사용자 N명, 각자 응답을 받아야 다음 요청을 보냄",
			EN: "closed model: N virtual users, each waits for its reply before sending again"},
		"flag.load.think": {KO: "폐쇄형 모델: 응답마다 쉬는 생각 시간", EN: "closed model: pause after each reply"},
		"flag.duration": {
			KO: "워밍업 뒤 측정 구간 (기본 10s, --requests만 주면 제한 없음, --stages면 단계 길이의 합)",
			EN: "measured window after the warm-up (default 10s; unlimited with --requests alone; the stages' length with --stages)"},
		"flag.load.requests": {KO: "측정 요청 N건을 보내고 멈춥니다", EN: "stop after N measured requests"},
		"flag.timeout":       {KO: "요청 하나의 타임아웃 (실제로 보낸 시각부터)", EN: "per-request timeout, from the actual send"},
		"flag.connections": {
			KO: "개방형 모델: 연결 수의 상한 (기본: 도착률에 맞게, 최대 2000)",
			EN: "open model: most connections (default: enough for the rate, capped at 2000)"},
		"flag.load.warmup": {KO: "먼저 이만큼 측정하지 않고 보냅니다 (워밍업)", EN: "send for this long first, without measuring"},
		"flag.targets": {
			KO: "대상 파일: 항목마다 METHOD URL, 헤더, @본문 (docs/load.md 참고)",
			EN: "targets FILE: METHOD URL, headers, @body per entry (see docs/load.md)"},
		"flag.method":     {KO: "URL에 보낼 HTTP 메서드", EN: "HTTP method for the URL"},
		"flag.load.body":  {KO: "URL에 보낼 요청 본문 (@FILE은 파일에서 읽음)", EN: "request body for the URL (@FILE reads a file)"},
		"flag.header":     {KO: "요청 헤더 'Name: value', 여러 번 쓸 수 있음", EN: "request header 'Name: value', repeatable"},
		"flag.out":        {KO: "waitlab report용 결과 파일을 씁니다", EN: "write the compact result file (for waitlab report) to FILE"},
		"flag.target-pid": {KO: "대상 서버의 CPU를 /proc/PID에서 기록합니다", EN: "record the target's CPU from /proc/PID"},
		"flag.target-metrics": {
			KO: "대상 서버의 process_cpu_seconds_total이 있는 Prometheus 페이지: URL, auto(대상의 /metrics) 또는 off",
			EN: "Prometheus page with the target's process_cpu_seconds_total: URL, auto (the target's /metrics) or off"},
		"flag.load.seed": {KO: "포아송 도착의 시드", EN: "seed of Poisson arrivals"},
		"flag.insecure":  {KO: "https: 서버 인증서를 확인하지 않습니다", EN: "https: do not verify the server's certificate"},
		"flag.progress": {
			KO: "stderr에 진행 상황 표시: auto(터미널일 때), on, off",
			EN: "live progress on stderr: auto (when a terminal), on, off"},

		// target and downstream.
		"flag.target.model":   {KO: "동시성 모델: pool, loop, offload, virtual", EN: "concurrency model: pool, loop, offload or virtual"},
		"flag.backlog":        {KO: "listen 백로그 (커널이 net.core.somaxconn으로 자름)", EN: "listen backlog (the kernel caps it at net.core.somaxconn)"},
		"flag.target.threads": {KO: "풀의 스레드 수(pool, 기본 200) 또는 이벤트 루프 수(loop, offload, 기본 GOMAXPROCS)", EN: "pool threads (pool, default 200) or event loops (loop, offload; default GOMAXPROCS)"},
		"flag.queue":          {KO: "pool: 빈 스레드를 기다릴 수 있는 요청 수. 넘으면 503", EN: "pool: requests waiting for a free thread; beyond it they get 503"},
		"flag.linger": {
			KO: "pool: 대기열이 비었을 때 스레드가 다음 keep-alive 요청을 기다렸다가 연결을 폴러에 돌려주기까지의 시간 (-1ns: 곧바로)",
			EN: "pool: with nothing queued, how long a thread waits on its connection for the next keep-alive request before handing it back to the poller (-1ns: at once)"},
		"flag.acceptor":               {KO: "loop, offload: own(별도 수락 스레드) 또는 shared(0번 루프가 수락도 함)", EN: "loop, offload: own (separate acceptor thread) or shared (loop 0 accepts)"},
		"flag.offload":                {KO: "offload: 블로킹 작업을 맡을 오프로드 풀의 스레드 수 K", EN: "offload: pool size K for blocking work"},
		"flag.offload-queue":          {KO: "offload: 오프로드 풀을 기다리는 작업이 이보다 많으면 503", EN: "offload: work waiting for the pool beyond this gets 503"},
		"flag.carriers":               {KO: "virtual: GOMAXPROCS (0: 그대로 둠)", EN: "virtual: GOMAXPROCS (0: leave as is)"},
		"flag.max-conns":              {KO: "열린 연결이 이보다 많으면 503", EN: "open connections beyond this get 503"},
		"flag.keepalive":              {KO: "쉬는 keep-alive 연결의 타임아웃", EN: "idle keep-alive timeout"},
		"flag.target.cpu":             {KO: "요청 하나의 CPU 시간, 처리하는 스레드에서 돌림: 1ms 또는 exp:1ms", EN: "CPU time per request, spun on the serving thread: 1ms or exp:1ms"},
		"flag.target.wait":            {KO: "다운스트림이 없을 때 호출 하나의 대기 시간: 50ms 또는 exp:50ms", EN: "wait per call when there is no downstream: 50ms or exp:50ms"},
		"flag.target.blocking":        {KO: "대기와 다운스트림 호출이 스레드를 붙잡습니다 (루프를 멈춤, offload에서는 풀로 감)", EN: "waits and downstream calls block the thread (stall a loop; go to the pool in offload)"},
		"flag.target.block-fraction":  {KO: "--block만큼 블로킹 호출을 한 번 하는 요청의 비율", EN: "fraction of requests that make one blocking call of --block"},
		"flag.downstream":             {KO: "호출마다 찾아갈 RESP 서비스 (waitlab downstream 또는 Redis), host:port", EN: "RESP service each call goes to (waitlab downstream or Redis), host:port"},
		"flag.target.calls":           {KO: "요청 하나의 호출 수 (--wait나 --downstream이 있으면 기본 1)", EN: "calls per request (default 1 with --wait or --downstream)"},
		"flag.target.fanout":          {KO: "호출을 차례로(sequential), 한꺼번에(parallel), 또는 한 연결에 모두 써서 한 번 왕복(pipelined)", EN: "calls one after another (sequential), all at once (parallel), or all written on one connection in one round trip (pipelined)"},
		"flag.validate-lock":          {KO: "호출마다 먼저 공유 락을 잡은 채 다운스트림에 PING을 보냅니다 (그 버그)", EN: "hold one shared lock across a PING to the downstream before each call (the bug)"},
		"flag.log":                    {KO: "요청 로그: off, sync(응답 전에 씀), async(크기가 정해진 대기열)", EN: "per-request log: off, sync (a write before answering) or async (bounded queue)"},
		"flag.log-file":               {KO: "요청 로그를 쓸 파일", EN: "file the request log goes to"},
		"flag.log-queue":              {KO: "async 로그: 대기열 길이", EN: "async log: queue length"},
		"flag.log-level":              {KO: "로거의 레벨: debug, info, warn, error. 이보다 낮은 줄은 만들지도 쓰지도 않습니다", EN: "the logger's level: debug, info, warn or error; a line below it is neither formatted nor written"},
		"flag.log-line-level":         {KO: "요청마다 남기는 줄의 레벨: debug, info, warn, error", EN: "the level each request's line is logged at: debug, info, warn or error"},
		"flag.log-block":              {KO: "async 로그: 대기열이 차면 줄을 버리지 않고 요청을 막습니다", EN: "async log: a full queue blocks the request instead of dropping the line"},
		"flag.drain":                  {KO: "SIGINT/SIGTERM을 받은 뒤 처리 중인 요청을 마무리할 시간", EN: "on SIGINT/SIGTERM, how long to let in-flight requests finish"},
		"flag.target.stall-threshold": {KO: "루프 감시자: 루프를 이보다 오래 붙잡은 작업을 루프 멈춤으로 봅니다", EN: "loop watchdog: a task holding its loop longer is a stall"},
		"flag.target.body":            {KO: "응답 본문", EN: "response body"},
		"flag.target.seed":            {KO: "요청마다 뽑는 값의 난수 시드", EN: "random seed for the per-request draws"},
		"flag.cpuprofile":             {KO: "서버 실행 전체의 CPU 프로파일을 파일로 씁니다 (bench/용)", EN: "write a CPU profile of the server's whole run to file (for bench/)"},
		"flag.delay":                  {KO: "답하기 전의 지연 (--proxy면 요청마다 더하는 지연): 50ms 또는 exp:50ms", EN: "delay before each answer (or, with --proxy, added to each request): 50ms or exp:50ms"},
		"flag.proxy":                  {KO: "직접 답하지 않고 이 RESP 서버로 넘깁니다 (예: 127.0.0.1:6379의 실제 Redis)", EN: "forward to this RESP server (e.g. a real Redis at 127.0.0.1:6379) instead of answering"},
		"flag.downstream.seed":        {KO: "지수 분포 지연의 난수 시드", EN: "random seed for exponential delays"},
		"flag.v":                      {KO: "프리셋마다 시나리오와 출처도 보입니다", EN: "also show each preset's scenario and source"},

		// Split runs: load --segment/--push, report --listen, kube.
		"flag.push":             {KO: "결과 파일을 URL의 수집기(waitlab report --listen)로 보냅니다", EN: "send the result file to a collector (waitlab report --listen) at URL"},
		"flag.run-id":           {KO: "한 실행의 조각들이 함께 쓰는 ID (기본: 명령에서 만들어 같은 명령이면 같음)", EN: "the id the segments of one run share (default: derived from the command, so the same command agrees)"},
		"flag.segment":          {KO: "여러 생성기로 나눈 실행의 한 몫을 보냅니다: I/N(N개 중 I번째, 0부터) 또는 A:B (예: 0:1/3)", EN: "send one share of a run split across generators: I/N (the I-th of N, from 0) or A:B (e.g. 0:1/3)"},
		"flag.segment-sequence": {KO: "몫이 서로 다를 때 모든 생성기가 함께 쓰는 자르는 점 (예: 0,1/4,1/2,1)", EN: "the cut points every generator of the run shares, for unequal shares: e.g. 0,1/4,1/2,1"},
		"flag.load.start-at":    {KO: "기다렸다가 이 시각(RFC 3339 또는 Unix 초)에 시작합니다: 나눈 실행의 동시 시작", EN: "wait, then start at this TIME (RFC 3339 or Unix seconds): the synchronized start of a split run"},
		"flag.expect":           {KO: "--listen과 함께: 기다릴 결과 파일 수", EN: "with --listen: the number of result files to wait for"},
		"flag.report.listen":    {KO: "파일을 읽는 대신 HTTP로 보내오는 결과 파일(waitlab load --push)을 이 주소에서 모읍니다", EN: "collect result files pushed over HTTP (waitlab load --push) at this address instead of reading files"},
		"flag.report.collect-timeout": {
			KO: "--listen과 함께: 이만큼 기다려도 다 오지 않으면 멈추고 무엇이 빠졌는지 말합니다",
			EN: "with --listen: give up waiting after this long and say what is missing"},
		"flag.serve.listen": {
			KO: "실습을 열 주소 (기본은 루프백, 127.0.0.1:0이면 빈 포트를 고름)",
			EN: "address to serve the lab on (loopback by default; 127.0.0.1:0 picks a free port)"},
		"flag.serve.java": {
			KO: "'JDK에서 돌리기'와 고정 대기 실습이 쓸 JDK (JDK 홈이나 그 안의 bin/java). 없으면 JAVA_HOME, PATH의 java, /usr/lib/jvm 순으로 찾습니다",
			EN: "the JDK of \"Run on the JDK\" and the pinning lesson (a JDK home or its bin/java); else JAVA_HOME, java on PATH, then /usr/lib/jvm"},
		"flag.no-stall-stacks": {
			KO: "루프 멈춤을 고루틴 스택 없이 출력합니다 (아니면 서로 다른 스택을 한 번씩 출력)",
			EN: "print loop stalls without their goroutine stacks (each distinct stack is printed once otherwise)"},

		// plan.
		"flag.confirm": {KO: "답과 그보다 한 단계 작은 크기를 실제로(--via에 따라) 돌려 예측과 측정을 나란히 보입니다", EN: "run the answer and the size below it for real (as --via says) and print predicted vs measured"},
		"flag.plan.via": {
			KO: "--confirm의 실제 실행 방식: process(프로세스 안의 실행기), http(대상 서버 자식 프로세스와 실제 소켓) 또는 jvm(JVM 자식 프로세스의 Java 실행기)",
			EN: "how --confirm runs for real: process (in-process executors), http (a target child process and real sockets) or jvm (our Java executors in a JVM child)"},
		"flag.confirm-runs": {KO: "--confirm에서 크기마다 실제 실행 횟수 (워밍업 한 번 뒤 중앙값과 범위)", EN: "real runs per size with --confirm (median and range, after one warm-up)"},
		"flag.downstream-slowdown": {
			KO: "대기가 FROM에서 TO로 길어질 때의 답도 구합니다 (예: 2ms:50ms), 지금 크기에서 리틀의 법칙으로",
			EN: "also answer for a wait that grows, FROM:TO (e.g. 2ms:50ms), with Little's law at today's size"},
		"flag.plan.json": {KO: "답, 곡선, 시드, 교차 확인을 JSON으로 출력합니다", EN: "print the answer, the curve, the seeds and the cross-check as JSON"},
		"flag.max":       {KO: "시도할 가장 큰 크기 (기본 1024, 루프는 코어 수)", EN: "largest size to try (default 1024; loops: the cores)"},
		"flag.min":       {KO: "시도할 가장 작은 크기 (기본 1)", EN: "smallest size to try (default 1)"},
		"flag.seeds":     {KO: "크기마다 처음 쓸 시드 수 (기본 3, 경계 근처에서는 더 많이)", EN: "seeds per size to start with (default 3; more near the bound)"},
		"flag.size":      {KO: "정할 크기: threads(pool), loops(loop, offload), offload-pool, carriers(virtual) 또는 cores. 기본은 모델에 맞는 것", EN: "the knob to size: threads (pool), loops (loop, offload), offload-pool, carriers (virtual) or cores; default: the model's"},
		"flag.slo":       {KO: "답이 지켜야 할 목표, 여러 번 쓸 수 있음: p99<200ms, normal.p99<80ms, queue_p99<10ms, rps>1000, batch<350ms", EN: "an objective every answer must meet, repeatable: p99<200ms, normal.p99<80ms, queue_p99<10ms, rps>1000, batch<350ms"},
		"flag.plan.svg":  {KO: "곡선을 SVG 파일로 씁니다", EN: "write the curve as an SVG file"},

		// kube job.
		"flag.segments":  {KO: "생성기 파드 수 N (파드마다 I/N 몫을 돌림)", EN: "number of generator pods N (each runs segment I/N)"},
		"flag.name":      {KO: "만들 오브젝트 이름의 접두사", EN: "name prefix of the objects"},
		"flag.namespace": {KO: "오브젝트의 네임스페이스 (기본: kubectl이 적용하는 곳)", EN: "namespace of the objects (default: the one kubectl applies to)"},
		"flag.image":     {KO: "waitlab 바이너리가 든 컨테이너 이미지 (Dockerfile 참고)", EN: "container image with the waitlab binary (see the Dockerfile)"},
		"flag.kube.cpu":  {KO: "생성기마다 CPU 요청과 한도 (같게 해서 보장된 몫)", EN: "CPU request and limit of each generator (equal: a guaranteed share)"},
		"flag.memory":    {KO: "생성기마다 메모리 요청과 한도", EN: "memory request and limit of each generator"},
		"flag.port":      {KO: "수집기 포트", EN: "collector port"},
		"flag.kube.collect-timeout": {
			KO: "수집기가 모든 결과 파일을 기다리는 시간",
			EN: "how long the collector waits for every result file"},
		"flag.kube.start-at": {
			KO: "동시 시작 시각, RFC 3339 또는 Unix 초 (기본: 지금에 --start-in을 더한 때)",
			EN: "synchronized start, RFC 3339 or Unix seconds (default: now plus --start-in)"},
		"flag.start-in": {
			KO: "--start-at이 없을 때: 매니페스트를 만든 뒤 이만큼 지나 시작 (파드를 배치할 시간)",
			EN: "with no --start-at: start this long after the manifests are made (time to schedule the pods)"},
		"flag.kube.threshold": {
			KO: "수집기가 합친 결과로 판정할 임계값 (여러 번 쓸 수 있음)",
			EN: "a threshold the collector judges on the merged result (repeatable)"},
		"flag.target-label": {
			KO: "대상 서버 파드의 레이블 key=value: 생성기는 그 노드에 놓이지 않음 (여러 번 쓸 수 있음)",
			EN: "a label key=value of the target's pods: no generator shares their node (repeatable)"},

		// Limits of the target and the downstream.
		"flag.body-memory": {
			KO: "받는 중인 요청 본문을 위해 모든 연결이 함께 쓸 수 있는 바이트 (연결마다 16 KiB를 넘는 몫). 자리가 없는 본문은 503",
			EN: "bytes all connections together may hold for request bodies being received (beyond 16 KiB each); a body that finds no room gets 503"},
		"flag.body-timeout": {
			KO: "요청 본문(최대 1 MiB)은 헤더가 끝난 뒤 이 시간 안에 다 와야 합니다",
			EN: "a request body (at most 1 MiB) must be in within this from the end of its header"},
		"flag.downstream-timeout": {
			KO: "모든 모델에서 다운스트림 왕복 한 번의 한도. 넘으면 그 요청은 502",
			EN: "one downstream round trip in every model; past it the request gets 502"},
		"flag.header-timeout": {
			KO: "요청 헤더는 (첫 바이트부터, 새 연결이면 수락한 때부터) 모두 합쳐 이 시간 안에 다 와야 합니다",
			EN: "a request header (from its first byte, or a new connection from its accept) must be in within this, in total"},
		"flag.query-knobs": {
			KO: "쿼리 파라미터로 설정을 바꿀 수 있는지: on, off 또는 auto (on이지만 --allow-remote면 off)",
			EN: "query parameters override the knobs: on, off, or auto (on, but off with --allow-remote)"},
		"flag.query-max": {
			KO: "쿼리가 요구할 수 있는 가장 긴 시간 (cpu, wait, block과 호출 전체의 합). 넘으면 400",
			EN: "the most time a query may ask for (cpu, wait, block, and their sum over the calls); beyond it 400"},
		"flag.query-max-calls": {
			KO: "쿼리가 요구할 수 있는 가장 많은 호출 수 (64까지). 넘으면 400",
			EN: "the most calls a query may ask for (up to 64); beyond it 400"},
		"flag.write-timeout": {
			KO: "클라이언트가 이 시간 동안 응답을 하나도 가져가지 않으면 연결을 닫습니다 (응답은 64 KiB까지 쌓이고, 그 뒤에는 파이프라인된 요청이 기다림)",
			EN: "a connection whose client takes none of its answers for this long is closed (answers queue up to 64 KiB, then its pipelined requests wait)"},
		"flag.max-clients": {
			KO: "한꺼번에 받는 연결 수. 넘는 연결은 -ERR을 받고 닫힘",
			EN: "connections served at once; more get -ERR and are closed"},
		"flag.max-queued": {
			KO: "클라이언트 하나에 쌓아 둘 응답 바이트. 넘으면 그 클라이언트가 읽을 때까지 읽지 않음 (프록시는 클라이언트마다 최대 256 KiB)",
			EN: "reply bytes queued for one client; past it the client is not read until it reads (the proxy queues at most 256 KiB per client)"},
		"flag.max-store": {
			KO: "SET이 보관할 수 있는 바이트 (키와 값). 넘으면 SET은 -OOM으로 답함",
			EN: "bytes SET may keep (keys and values); past it SET answers -OOM"},
		"flag.push-timeout": {
			KO: "수집기가 뜨지 않았을 때 --push가 다시 시도하는 시간",
			EN: "how long --push keeps retrying while the collector is not up"},

		"flag.engine": {
			KO: "auto(http면 측정 결과대로 --think 없는 --vus는 io_uring, 그 밖에는 epoll), epoll, uring(io_uring, 커널이 거부하면 epoll) 또는 goroutines(연결마다 고루틴 하나, https는 늘 이것). WAITLAB_LOAD_GOROUTINES=1은 goroutines",
			EN: "auto (http: io_uring for --vus without --think, else epoll, as measured), epoll, uring (io_uring; epoll when the kernel refuses it) or goroutines (a goroutine per connection; https always); WAITLAB_LOAD_GOROUTINES=1 means goroutines"},
		"flag.pin": {
			KO: "--via http: 부하 생성기와 대상 서버를 서로 다른 코어에 고정합니다 (코어가 2개 이상일 때)",
			EN: "--via http: pin the load generator and the target to different cores (with 2 or more)"},
		"flag.via": {
			KO: "실제로 볼 방식: process(프로세스 안의 실행기), http(대상 서버 자식 프로세스와 실제 소켓), both 또는 jvm(JVM 자식 프로세스의 Java 실행기; --compare면 Go 실행도 옆에)",
			EN: "real views: process (in-process executors), http (a target child process and real sockets), both, or jvm (our Java executors in a JVM child; with --compare the Go run beside it)"},
		"flag.exp.json": {
			KO: "표를 Markdown 대신 JSON으로 출력합니다",
			EN: "print the table as JSON instead of Markdown"},
		"flag.quick": {
			KO: "20초 안에 끝나는 축소판 실행 (CI와 첫 살펴보기용)",
			EN: "a scaled-down run that finishes in under 20 s, for CI and a first look"},
	})
}
