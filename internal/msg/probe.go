package msg

// `waitlab probe`: a real server's capacity, its shape told from outside,
// the fitted model and the sizing answer.
func init() {
	Register(map[string]Entry{
		"probe.summary": {
			KO: "실제 서버의 용량을 찾고, 밖에서 본 모양(풀, 직렬화, CPU, 생성기)을 근거와 함께 말하고, 맞춘 모델로 크기를 답합니다",
			EN: "find a real server's capacity, tell its shape from outside (pool, serialized, CPU, generator) with the evidence, and size it with a fitted model"},
		"cli.help.usage.probe": {KO: "사용법: waitlab probe [플래그] URL", EN: "usage: waitlab probe [flags] URL"},

		// Flags.
		"flag.probe.slo":          {KO: "모든 단계가 지켜야 할 SLO, 반복 가능: p99<1s, errors<1% (기본값 둘 다)", EN: "an SLO every step must meet, repeatable: p99<1s, errors<1% (default: both)"},
		"flag.probe.max-rate":     {KO: "이보다 높은 초당 요청은 보내지 않습니다", EN: "never offer more requests per second than this"},
		"flag.probe.budget":       {KO: "탐색 전체 시간 상한", EN: "the whole search's time limit"},
		"flag.probe.step-min":     {KO: "한 단계 측정 구간의 최소 길이", EN: "a step's shortest measured window"},
		"flag.probe.step-max":     {KO: "한 단계 측정 구간의 최대 길이", EN: "a step's longest measured window"},
		"flag.probe.warmup":       {KO: "단계마다 측정 전에 보내는 워밍업 시간", EN: "warm-up sent before each step's window, not measured"},
		"flag.probe.vus-sweep":    {KO: "개방형 단계 대신 가상 사용자 1, 2, 4, ... N명의 폐쇄형 모델 스윕 (폐쇄형 모델로 표시)", EN: "a closed sweep of 1, 2, 4, ... N virtual users instead of the open steps (labelled closed)"},
		"flag.probe.size-for":     {KO: "맞춘 모델로 답할 크기 질문, 예: p99<200ms@300rps", EN: "the sizing question to answer on the fitted model, e.g. p99<200ms@300rps"},
		"flag.probe.confirm":      {KO: "크기 답의 지점을 실제 서버에서 다시 잽니다", EN: "re-measure the sizing answer's point on the live server"},
		"flag.probe.allow-remote": {KO: "루프백이 아닌 호스트도 부하 대상으로 허용", EN: "allow a non-loopback host as the target"},
		"flag.probe.target-pid":   {KO: "대상의 CPU를 /proc/PID에서 읽습니다", EN: "read the target's CPU from /proc/PID"},
		"flag.probe.target-metrics": {KO: "process_cpu_seconds_total이 있는 Prometheus 페이지: URL, auto(대상의 /metrics) 또는 off",
			EN: "Prometheus page with process_cpu_seconds_total: URL, auto (the target's /metrics) or off"},
		"flag.probe.html":     {KO: "그림이 든 HTML 보고서를 FILE에 씁니다", EN: "write an HTML report with plots to FILE"},
		"flag.probe.scenario": {KO: "맞춘 시나리오를 FILE(YAML)에 씁니다 (sim -f, plan -f, 웹 실습이 읽음)", EN: "write the fitted scenario to FILE (YAML; sim -f, plan -f and the web lab read it)"},
		"flag.probe.progress": {KO: "stderr에 실시간 진행: auto(터미널일 때), on, off", EN: "live progress on stderr: auto (when a terminal), on, off"},
		"flag.probe.seed":     {KO: "포아송 도착과 시뮬레이션의 시드", EN: "seed of the Poisson arrivals and the simulations"},
		"flag.probe.json":     {KO: "결과를 JSON 객체 하나로 출력", EN: "print the result as one JSON object"},

		// Bad input.
		"probe.err.url":         {KO: "%q: http://HOST[:PORT]/PATH 형식으로 쓰세요 (http 또는 https)", EN: "%q: write http://HOST[:PORT]/PATH (http or https)"},
		"probe.err.remote":      {KO: "%s{은/는} 루프백 주소가 아닙니다: 127.0.0.1이나 localhost를 쓰거나, 부하를 보내도 되는 서버라면 --allow-remote를 주세요", EN: "%s is not a loopback address: use 127.0.0.1 or localhost, or give --allow-remote for a server you may load"},
		"probe.err.maxrate":     {KO: "%v: 1 이상 %v 이하인 초당 요청 수를 주세요", EN: "%v: give a rate of at least 1 and at most %v per second"},
		"probe.err.step":        {KO: "단계 길이 %s..%s: 최소는 100ms 이상, 최대는 최소 이상이어야 합니다", EN: "step window %s..%s: the shortest must be at least 100ms and the longest at least the shortest"},
		"probe.err.budget":      {KO: "%s{으로/로}는 개방형 단계 하나도 돌릴 수 없습니다: 보정, 탐색, 개방형 단계 하나가 %s까지 걸리니 그 이상을 주세요", EN: "%s cannot run one open step: the calibration, the scout and one open step take up to %s, so give at least that"},
		"probe.err.budget_long": {KO: "%s{은/는} 탐색 하나가 쓸 수 있는 시간보다 깁니다: %s 이하로 주세요", EN: "%s is longer than a probe may run: give at most %s"},
		"probe.err.vus":         {KO: "%d: 0부터 2000까지의 가상 사용자 수를 주세요", EN: "%d: give a number of virtual users from 0 to 2000"},
		"probe.err.slo":         {KO: "%q{을/를} 읽을 수 없습니다 (%s)", EN: "cannot read %q (%s)"},
		"probe.err.sizefor":     {KO: "%q: SLO[,SLO]@초당요청 형식으로 쓰세요, 예: p99<200ms@300rps", EN: "%q: write SLO[,SLO]@RATE, e.g. p99<200ms@300rps"},

		// Failures (exit 1, the steps so far kept).
		"probe.fail.setup":           {KO: "부하를 시작할 수 없습니다: %s", EN: "could not start the load: %s"},
		"probe.fail.errors_only":     {KO: "서버가 HTTP 오류로만 답했습니다: 보정 단계의 요청 %d건 중 성공 0건 (%s)", EN: "the server answered HTTP errors only: 0 successes among the calibration's %d requests (%s)"},
		"probe.fail.no_success":      {KO: "보정 단계의 요청 %d건이 하나도 성공하지 못했습니다 (%s): 서버가 답하지 않았습니다", EN: "not one of the calibration's %d requests succeeded (%s): the server did not answer them"},
		"probe.fail.refused":         {KO: "%s에서 연결이 거부되었습니다: 그 주소에서 듣는 서버가 없습니다. 서버가 떠 있는지, 포트가 맞는지 확인하세요", EN: "connection refused at %s: nothing listens there; check that the server is up and that the port is right"},
		"probe.fail.status":          {KO: "단계 %d(%s)부터 서버가 HTTP 오류로만 답했습니다 (%s). %s.", EN: "from step %d (%s) the server answered HTTP errors only (%s); %s"},
		"probe.fail.last_held":       {KO: "모든 SLO를 지킨 마지막 속도는 초당 %s건입니다", EN: "the last rate that held every SLO was %s req/s"},
		"probe.fail.none_held":       {KO: "모든 SLO를 지킨 개방형 단계는 하나도 없습니다", EN: "no open step held every SLO"},
		"probe.load.rate":            {KO: "초당 %s건", EN: "%s req/s"},
		"probe.load.vus":             {KO: "사용자 %d명", EN: "%d VU{s}"},
		"probe.fail.dead":            {KO: "단계 %d(%s)에서 서버가 답하지 않게 되었습니다: 성공 0건 (%s). %s. 서버가 죽었을 수 있습니다", EN: "the server stopped answering at step %d (%s): no success (%s); %s; the server may be down"},
		"probe.fail.body":            {KO: "단계 %d에서 서버가 답 하나에 약 %s MB를 보냈습니다 (%d MB 초과): 요청 처리가 아니라 전송을 재게 되므로 탐색을 멈춥니다 (잘못된 응답)", EN: "at step %d the server sent about %s MB per answer (over %d MB): that measures a transfer, not the handling of requests, so the probe stops (bad response)"},
		"probe.fail.too_large":       {KO: "서버의 첫 답이 약 %s MB입니다 (%d MB 초과): 요청 처리가 아니라 전송을 재게 되므로 탐색을 시작하지 않습니다 (잘못된 응답: 너무 큼)", EN: "the server's first answer is about %s MB long (over %d MB): that would measure a transfer, not the handling of requests, so the probe does not start (bad response: too large)"},
		"probe.fail.too_large_at":    {KO: "단계 %d의 요청이 모두 타임아웃되었고, 서버의 답은 이제 약 %s MB입니다 (%d MB 초과): 요청 처리가 아니라 전송을 재게 되므로 탐색을 멈춥니다 (잘못된 응답: 너무 큼)", EN: "every request of step %d timed out, and the server's answer is now about %s MB long (over %d MB): that measures a transfer, not the handling of requests, so the probe stops (bad response: too large)"},
		"probe.fail.held":            {KO: "단계 %d의 %s초 창 안에 끝난 요청이 하나도 없습니다: 서버가 요청을 붙잡고 답하지 않습니다 (타임아웃)", EN: "not one request ended within step %d's window of %s s: the server holds them without answering (timeout)"},
		"probe.errkind.refused":      {KO: "연결 거부", EN: "refused"},
		"probe.errkind.timeout":      {KO: "타임아웃", EN: "timeout"},
		"probe.errkind.reset":        {KO: "연결 끊김", EN: "reset"},
		"probe.errkind.status":       {KO: "HTTP 오류 상태", EN: "HTTP error status"},
		"probe.errkind.bad_response": {KO: "잘못된 응답", EN: "bad response"},
		"probe.errkind.other":        {KO: "기타", EN: "other"},
		"probe.errkind.count":        {KO: "%s %d건", EN: "%s %d"},
		"probe.errkind.none":         {KO: "실패 없음", EN: "no failures"},
		"probe.undecided.budget": {KO: "미정: 더 오래 돌리세요 (약 %s초). 측정 시간 한도 %s초가 어느 단계에서든 SLO가 깨지기 전에 끝나서, 한계를 보지도 못했고 없다고 할 수도 없습니다.",
			EN: "undecided: run longer (about %s s). The budget of %s s ended before any step broke an SLO, so no limit was seen and none can be ruled out."},
		"probe.verdict.none":             {KO: "판정 없음: %s", EN: "no verdict: %s"},
		"probe.verdict.none.failed":      {KO: "탐색이 실패했으니 잰 단계에서 아무것도 결론짓지 않습니다", EN: "the probe failed, so nothing is concluded from the steps it measured"},
		"probe.verdict.stands":           {KO: "탐색은 중단 전에 끝났으므로 이 판정은 유효합니다. 중단된 것은 그 뒤의 크기 계산이나 확인뿐입니다.", EN: "The search finished before the interrupt, so this verdict stands; only what came after it (the sizing or its confirmation) was cut short."},
		"probe.verdict.none.interrupted": {KO: "탐색이 중단되었으니 잰 단계에서 아무것도 결론짓지 않습니다", EN: "the probe was interrupted, so nothing is concluded from the steps it measured"},
		"probe.stopped.refused":          {KO: "연결 거부", EN: "connection refused"},
		"probe.stopped.too_large":        {KO: "답이 너무 큼 (잘못된 응답)", EN: "the answers are too large (bad response)"},
		"probe.stopped.errors_only":      {KO: "서버가 HTTP 오류로만 답함", EN: "the server answered HTTP errors only"},
		"probe.shape.loop-blocked":       {KO: "막히는 이벤트 루프", EN: "loop-blocked (an event loop that blocking calls stall)"},
		"probe.shape.connection-cap":     {KO: "연결 수 한계", EN: "connection-cap (a cap on open connections)"},
		"probe.shape.undecided":          {KO: "미정", EN: "undecided"},
		"probe.loop.loops":               {KO: "루프 %d개", EN: "%d loop{s}"},
		"probe.loop.loops_unknown":       {KO: "루프 수는 알 수 없음", EN: "the loop count cannot be told"},
		"probe.verdict.loop_blocked": {KO: "막히는 이벤트 루프 (확신도 %[3]s): 요청 %[1]s건에 1건이 루프를 %[2]s ms 붙잡고, 그동안 도착한 요청은 모두 그만큼 기다립니다 (멈춤 한 번에 약 %[4]s건, %[5]s). 멈춤만으로 루프가 차는 천장은 초당 약 %[6]s건, SLO 안의 처리량은 초당 %[7]s건입니다.",
			EN: "an event loop that blocking calls stall (confidence %[3]s): one request in %[1]s holds the loop %[2]s ms; every request that arrives meanwhile waits (about %[4]s held per stall; %[5]s). The stalls alone fill the loops near %[6]s req/s; the capacity within the SLOs is %[7]s req/s."},
		"probe.verdict.loop_blocked_atleast": {KO: "막히는 이벤트 루프 (확신도 %[3]s): 요청 %[1]s건에 1건이 루프를 %[2]s ms 붙잡고, 그동안 도착한 요청은 모두 그만큼 기다립니다 (멈춤 한 번에 약 %[4]s건, %[5]s). 멈춤만으로 루프가 차는 천장은 초당 약 %[6]s건, SLO 안의 처리량은 초당 %[7]s건 이상입니다.",
			EN: "an event loop that blocking calls stall (confidence %[3]s): one request in %[1]s holds the loop %[2]s ms; every request that arrives meanwhile waits (about %[4]s held per stall; %[5]s). The stalls alone fill the loops near %[6]s req/s; the capacity within the SLOs is at least %[7]s req/s."},
		"probe.loop.budget": {KO: "초당 %[1]s건까지 보낸 모든 단계가 SLO를 지켰지만, 측정 시간 한도 %[2]s초가 한계에 닿기 전에 끝났습니다: 위 천장은 멈춤으로 셈한 값이고, 잰 한계를 보려면 더 오래 돌리세요 (약 %[3]s초).",
			EN: "every step up to %[1]s req/s held the SLOs, but the budget of %[2]s s ended before any limit: the ceiling above is computed from the stalls; to measure the limit, run longer (about %[3]s s)."},
		"probe.ev.stall": {KO: "가벼운 %[1]s(평균 초당 %[2]s건)에서 p50은 %[3]s ms에 머물지만, 중앙값을 넘는 지연이 0부터 %[4]s ms까지 퍼지고 거기서 끊깁니다: 그 끝 바로 아래 요청 %[5]d건, 바로 너머 %[6]d건 (전체 %[7]d건 중, 표준오차 %[8]s배). 막는 호출이 루프를 붙잡는 멈춤이고, 멈춤 한 번이 약 %[9]s건을 붙잡습니다.",
			EN: "at the light %[1]s (%[2]s req/s on average) p50 stays at %[3]s ms, while the delays past it spread from 0 to %[4]s ms and stop there: %[5]d requests just below that edge against %[6]d just past it (of %[7]d; %[8]s standard errors apart). A blocking call holds the loop, each stall holding up about %[9]s requests."},
		"probe.ev.stall_loops":   {KO: "초당 %s건에서 %s ms 멈춤이 약 %s건을 붙잡으니, 한 멈춤은 루프 %d개 중 하나의 요청만 붙잡습니다.", EN: "at %s req/s a stall of %s ms holds about %s requests, so each stall holds up the requests of one loop of %d."},
		"probe.ev.stall_loops1":  {KO: "초당 %s건에서 %s ms 멈춤이 약 %s건을 붙잡습니다. 루프가 하나뿐이라 멈춤 동안 도착한 요청은 모두 붙잡힙니다.", EN: "at %s req/s a stall of %s ms holds about %s requests: with one loop, every request that arrives during a stall waits for it."},
		"probe.ev.stall_ceiling": {KO: "천장은 대략 루프 수 ÷ (멈춤 비율 × 멈춤 길이)입니다: %d ÷ (%s × %s ms) ≈ 초당 %s건.", EN: "the ceiling is about loops ÷ (stall share × stall length): %d ÷ (%s × %s ms) ≈ %s req/s."},
		"probe.ev.conncap": {KO: "SLO가 깨진 단계의 실패 중 %s{이/가} 연결 거부나 끊김입니다 (요청의 %s): 대기열에서 기다리게 하지 않고 연결을 받지 않습니다. 생성기가 연결을 %d개까지 열었을 때는 모든 SLO를 지켰고, %d개를 열었을 때 거부가 시작되었습니다.",
			EN: "%s of the failures at the steps that broke an SLO were refused or reset connections (%s of their requests): the server turns connections away instead of queueing them. With up to %d connections open the generator held every SLO; with %d, the refusals began."},
		"probe.ev.pool_check": {KO: "폐쇄형 확인: 사용자 %d명이 초당 %s건을 끝냈고, %d개짜리 풀이라면 초당 %s건입니다.", EN: "closed check: %d user{s} completed %s req/s, where a pool of %d completes %s req/s."},
		"probe.undecided.plateau": {KO: "미정: 포화된 단계 %d개의 처리량이 초당 %s건에서 %s건으로, 두 단계 이상에서 한 값에 머물지 않았습니다. 더 긴 --budget으로 포화된 단계를 더 재면 판정할 수 있습니다.",
			EN: "undecided: the %d saturated step{s} completed from %s to %s req/s, not one plateau over two steps or more; a longer --budget, measuring more saturated steps, would decide it."},
		"probe.undecided.no_check": {KO: "미정: 사용자 %d명으로 폐쇄형 모델의 확인을 돌릴 시간이 남지 않았습니다. 더 긴 --budget이면 풀인지 판정할 수 있습니다.", EN: "undecided: no budget was left for the closed check at %d users; a longer --budget would decide whether this is a pool."},
		"probe.undecided.check": {KO: "미정: 폐쇄형 확인에서 사용자 %d명이 초당 %s건을 끝냈지만, %d개짜리 풀이라면 초당 %s건입니다: 한계는 일꾼 풀이 아닌 다른 것입니다 (루프, 락, 연결, 또는 무언가가 바닥남).",
			EN: "undecided: at the closed check %d user{s} completed %s req/s, where a pool of %d completes %s req/s: the limit is something other than a pool of workers (a loop, a lock, connections, or something that gave out)."},
		"probe.verdict.conncap":         {KO: "열린 연결 수의 한계, %d개에서 %d개 사이 (확신도 %s): 그 이상은 받지 않고 거부하거나 끊습니다. SLO 안의 처리량은 초당 %s건입니다.", EN: "a cap on open connections, between %d and %d (confidence %s): past it the server refuses or resets them. The capacity within the SLOs is %s req/s."},
		"probe.ev.gave_out.generator":   {KO: "단계 %d에서 무너진 것은 생성기입니다: CPU %s%%, 늦은 전송 %s%%.", EN: "what gave out at step %d was the generator: its CPU %s%%, late sends %s%%."},
		"probe.ev.gave_out.cpu":         {KO: "단계 %d에서 무너진 것은 대상의 CPU입니다: 남은 %[3]s 코어 중 %[2]s 코어를 썼습니다.", EN: "what gave out at step %d was the target's CPU: %s cores used of the %s left to it."},
		"probe.ev.gave_out.connections": {KO: "단계 %d에서 무너진 것은 연결입니다 (%s).", EN: "what gave out at step %d was connections (%s)."},
		"probe.ev.gave_out.timeouts":    {KO: "단계 %d에서 서버가 제때 답하지 못했습니다 (%s).", EN: "what gave out at step %d was answers in time (%s)."},
		"probe.ev.gave_out.errors":      {KO: "단계 %d에서 서버가 오류로 답하기 시작했습니다 (%s).", EN: "what gave out at step %d was correct answers: the server answered errors (%s)."},
		"probe.ev.gave_out.latency":     {KO: "단계 %d에서 대기열 없이 지연만 늘었습니다 (p50 %s ms, p99 %s ms): 무엇이 무너졌는지는 밖에서 알 수 없습니다. --target-pid나 /metrics가 있으면 CPU를 가려냅니다.", EN: "at step %d only the latency grew, with no queue (p50 %s ms, p99 %s ms): what gave out cannot be told from outside; --target-pid or a /metrics page would tell the CPU apart."},
		"probe.note.lab_rate":           {KO: "맞춘 모델은 잰 용량 초당 %s건에서 SLO를 지키지 못하므로, 시나리오와 실습 링크는 모델이 지키는 가장 높은 속도인 초당 %s건으로 엽니다.", EN: "the fitted model does not meet the SLOs at the measured capacity of %s req/s, so the scenario (and the lab link) opens at %s req/s, the highest rate at which it does."},
		"probe.undecided.scout":         {KO: "폐쇄형 모델의 탐색에서는 사용자 %d명 중 한 번에 %s건만 끝났습니다. 그 근처에 한계가 있을 법하지만, 개방형 단계로 확인할 시간이 없었습니다.", EN: "The closed scout of %d users saw only %s completing at once: a limit near that is likely, but no open step had the time to confirm it."},
		"probe.shape.none":              {KO: "없음", EN: "none"},
		"probe.fail.no_answer":          {KO: "%s초 동안 서버가 요청 하나에도 답하지 않았습니다: 서버가 떠 있는지, URL이 맞는지 확인하세요", EN: "the server answered not one request in %s s: check that it is up and that the URL is right"},
		"probe.warn.neighbours":         {KO: "다른 프로세스가 한 단계에서 이 기계 CPU의 %s%%까지 썼습니다: 서비스 시간, 천장, 한계가 서버의 것만이 아니라 기계가 내준 CPU 몫이기도 합니다", EN: "other processes used up to %s%% of this machine's CPU during a step: the service time, the ceiling and the limit are partly the machine's share of CPU, not only the server's"},
		"probe.failed":                  {KO: "탐색 실패: %s", EN: "probe failed: %s"},

		// Evidence.
		"probe.ev.generator": {
			KO: "단계 %d에서 생성기가 먼저 한계에 닿았습니다: 생성기 CPU %s%%, 늦은 전송 %s%%, 서비스 시간 p50 %s ms (부하 없을 때 %s ms). 이 측정으로는 서버에 대해 아무 결론도 내리지 않습니다.",
			EN: "at step %d the generator bound first: its CPU %s%%, late sends %s%%, service time p50 %s ms (%s ms at no load). No conclusion about the server is drawn from this probe."},
		"probe.warn.generator_step":   {KO: "단계 %d: 생성기 CPU %s%%, 늦은 전송 %s%% — 이 단계의 수치는 생성기 탓일 수 있습니다", EN: "step %d: generator CPU %s%%, late sends %s%% — this step's figures may be the generator's"},
		"probe.warn.colocated_pinned": {KO: "생성기와 대상이 한 기계에 있지만 CPU는 따로 씁니다 (생성기 CPU %s, 대상 CPU %s): 커널의 소프트 인터럽트, 캐시와 메모리는 여전히 나눠 씁니다", EN: "the generator and the target share this machine but not its CPUs (generator on CPU %s, target on CPU %s): the kernel's softirqs, the caches and the memory are still shared"},
		"probe.warn.colocated_affinity": {
			KO: "프로브가 CPU 하나에서만 돌 수 있어서(taskset이나 cgroup으로 정한 affinity), CPU %d개인 이 기계에서 직접 띄운 대상에게 따로 CPU를 주지 못했습니다: 생성기와 대상이 그 CPU 하나를 나눠 썼으니, 동시 처리 한계와 천장은 둘이 CPU를 다툰 결과일 수 있습니다. 프로브를 CPU 두 개 이상에서 돌리세요",
			EN: "the probe may run on one CPU only (its affinity: taskset or a cgroup), so on this machine of %d CPUs it could not give the target it started CPUs of its own: the generator and the target shared that CPU, and a limit or ceiling read here may be the two fighting over it. Run the probe on two CPUs or more"},
		"probe.warn.colocated": {KO: "생성기와 대상이 한 기계에 있습니다: 둘이 CPU를 나눠 씁니다 (현장 보고서의 첫 교훈)", EN: "the generator and the target share this machine and its CPUs (the field report's first lesson)"},
		"probe.ev.unbounded":   {KO: "초당 %s건까지 보낸 모든 단계에서 서버가 따라왔습니다 (부하 없을 때 서비스 시간 %s ms): 이 범위 안에서는 한계가 없습니다.", EN: "the server kept up at every step up to %s req/s (service time %s ms at no load): no limit within the range tried."},
		"probe.ev.breach_unsaturated": {
			KO: "단계 %d에서 SLO가 깨졌지만 서버는 포화되지 않았습니다 (p99 %s ms, 부하 없을 때 서비스 시간 %s ms): SLO가 서버의 서비스 시간 자체보다 빡빡할 수 있습니다.",
			EN: "the SLO broke at step %d without the server saturating (p99 %s ms, service time %s ms at no load): the SLO may be tighter than the service time itself."},
		"probe.ev.ceiling": {KO: "처리량 천장은 초당 %s건입니다 (포화된 단계 %d개 중 최대).", EN: "the throughput ceiling is %s req/s (the highest of %d saturated step{s})."},
		"probe.ev.flat":    {KO: "포화된 단계 %[3]d개에서 처리량이 초당 %[1]s..%[2]s건으로 평평합니다: 보내는 양이 늘어도 천장이 움직이지 않습니다.", EN: "over %[3]d saturated step{s} the throughput stays at %[1]s..%[2]s req/s: the ceiling does not move as the load grows."},
		"probe.ev.little": {
			KO: "리틀의 법칙, 단계 %[1]d: 초당 %[2]s건 × 평균 %[3]s ms = 동시 처리 수 %[4]s, 그런데 한 번에 끝나는 일은 초당 %[2]s건 × %[5]s ms(부하 없을 때) = %[6]s개뿐입니다.",
			EN: "Little's law at step %[1]d: %[2]s req/s × %[3]s ms mean = %[4]s in flight, but the work completing at once is %[2]s req/s × %[5]s ms (no load) = %[6]s."},
		"probe.ev.cpu": {KO: "대상의 CPU가 %s코어로, 대상에게 남은 %s코어의 85%%를 넘어 포화됐습니다.", EN: "the target's CPU reached %s cores, over 85%% of the %s cores left to it: it saturates."},
		"probe.ev.cpu_turns": {
			KO: "대상의 CPU는 남은 %[2]s코어 가운데 %[1]s코어에 머물러 85%%에 못 미쳤지만, 스레드 %[3]d개가 코어를 번갈아 쓰는 것으로 천장이 설명됩니다: 요청마다 CPU %[4]s ms, 그다음 CPU 밖에서 %[5]s ms. 스레드가 모두 제 차례를 돈 뒤 한꺼번에 기다리면 그동안 코어가 놀아서, 코어는 %[6]s개만 바쁘고 천장은 초당 %[7]s건입니다. 잰 천장은 초당 %[8]s건(%[9]s)입니다.",
			EN: "the target's CPU stayed at %[1]s of the %[2]s cores left to it, under 85%%, but its %[3]d threads taking turns on them explain the ceiling: each request takes %[4]s ms of CPU, then %[5]s ms off it. When every thread runs its turn and then all wait at once, the cores idle meanwhile: %[6]s cores busy and a ceiling of %[7]s req/s, against the measured %[8]s req/s (%[9]s)."},
		"probe.ev.machine_full": {
			KO: "단계 %[1]d에서 기계 CPU가 %[2]s%% 찼고 그중 생성기가 CPU %[4]d개 가운데 %[3]s코어를 썼습니다: 서버의 천장은 생성기가 남긴 CPU이고, 거기서 읽힌 한계(%[5]s)는 서버 안에서 본 것이 아닙니다. 서버에 대해서는 결론을 내리지 않습니다: 생성기를 다른 기계로 옮기세요.",
			EN: "at step %[1]d the machine's CPU was %[2]s%% busy and the generator used %[3]s cores of its %[4]d: the server's ceiling there is the CPU the generator left it, and the limit it reads (%[5]s) was not seen in the server. No conclusion about the server is drawn: move the generator to another machine."},
		"probe.ev.cpu_machine": {
			KO: "단계 %[1]d에서 기계 전체가 %[2]s 바빴습니다 (대상 %[3]s코어, 생성기 %[4]s코어, 다른 프로세스가 CPU %[6]d개의 %[5]s%%) 그리고 요청 하나의 서비스 시간 중 %[7]s{이/가} 대상의 CPU입니다: 대상 혼자 CPU를 다 쓰지 않았어도 남은 CPU가 한계입니다.",
			EN: "at step %[1]d the whole machine was %[2]s busy (the target %[3]s cores, the generator %[4]s, other processes %[5]s%% of %[6]d CPUs) and %[7]s of a request's service time is the target's CPU: the CPU left to it is the limit, though the target alone did not fill it."},
		"probe.ev.cpu_and_pool": {KO: "대상의 CPU가 %[1]s코어로 남은 %[2]s코어를 거의 다 썼지만, 천장 × 서비스 시간 = %[3]s도 서버가 알린 스레드 %[4]d개와 맞습니다: 둘 다 여기서 천장을 만듭니다. 스레드만 늘리면 CPU가, CPU만 늘리면 스레드가 막습니다.", EN: "the target's CPU reached %[1]s cores of the %[2]s left to it, but ceiling × service time = %[3]s also matches the %[4]d threads the server reports: both cap it here. More threads alone meet the CPU; more CPU alone meets the threads."},
		"probe.ev.cpu_not":      {KO: "대상의 CPU는 %s코어로, 남은 %s코어에 못 미칩니다: CPU가 한계는 아닙니다.", EN: "the target's CPU stayed at %s cores of the %s left to it: the CPU is not the limit."},
		"probe.ev.cpu_unknown":  {KO: "대상의 CPU는 알 수 없습니다 (--target-pid나 /metrics를 주면 CPU 한계도 가릴 수 있습니다).", EN: "the target's CPU is unknown (give --target-pid or a /metrics page to tell a CPU limit apart)."},
		"probe.ev.serial_threads": {
			KO: "서버는 스레드 %d개라고 말하지만 한 번에 끝나는 일은 %s개뿐입니다: 스레드가 아니라 한 번에 하나만 지나가는 구간(락)이 막고 있고, 그 구간은 약 %s ms입니다.",
			EN: "the server reports %d thread{s}, yet only %s requests' worth of work completes at once: not the threads but a section one request passes at a time (a lock) holds it, about %s ms long."},
		"probe.ev.serial_cap": {
			KO: "따라잡지 못한 단계에서 락이 내준 처리량은 최대 초당 %[1]s건(단계 %[2]d, 서버 안 %[3]s건), 가장 깊은 줄에서는 초당 %[4]s건(단계 %[5]d, 서버 안 %[6]s건)입니다; 천장 초당 %[7]s건은 어느 단계에서든 실제로 내준 최대치입니다.",
			EN: "at the steps it could not keep up with, the lock delivered at most %[1]s req/s (step %[2]d, %[3]s in the server) and %[4]s req/s under the deepest queue (step %[5]d, %[6]s in the server); the ceiling, %[7]s req/s, is the most it actually delivered at any step."},
		"probe.ev.serial": {
			KO: "한 번에 끝나는 일이 %s개로 하나에 가깝습니다: 한 번에 하나만 지나가는 구간이 약 %s ms씩 걸립니다 (밖에서는 락과 스레드 1개짜리 풀이 같아 보입니다).",
			EN: "the work completing at once is %s, close to one: a section passed one at a time takes about %s ms (from outside a lock and a pool of 1 look the same)."},
		"probe.ev.pool":         {KO: "천장 × 서비스 시간 = %s, 즉 동시 처리 한계 %d개의 풀입니다; 동시 처리 수(%s)는 그보다 많아 나머지는 줄을 섭니다.", EN: "ceiling × service time = %s: a concurrency limit of %d, a pool; the requests in the server (%s) exceed it, so the rest queue."},
		"probe.ev.pool_threads": {KO: "서버가 알린 스레드 수는 %d개이고, 밖에서 잰 한계는 %d개입니다.", EN: "the server reports %d thread{s}; the limit measured from outside is %d."},

		// Notes on the model.
		"probe.note.no_conclusion": {KO: "생성기가 먼저 막혔으므로 모델도 크기 답도 만들지 않습니다: 생성기를 다른 기계로 옮기거나 CPU를 더 주고 다시 재세요.", EN: "the generator bound first, so no model and no sizing answer are made: move the generator to another machine or give it more CPU, then probe again."},
		"probe.note.fit_none":      {KO: "천장의 90%% 아래 단계가 없어 모델의 맞음을 비교하지 못했습니다.", EN: "no step below 90%% of the ceiling: the model's fit was not compared."},
		"probe.note.fit_good":      {KO: "맞음: 천장의 90%% 아래 모든 단계에서 잰 p99와 모델의 p99 차이는 최대 %s (단계 %d), 허용 %s 안입니다.", EN: "fit: below 90%% of the ceiling, measured and predicted p99 differ by at most %s (step %d), within %s."},
		"probe.fit.spread_from": {
			KO: "지연의 퍼짐(줄서기가 아닌 몫, p99에서 보유 시간보다 %[2]s ms 더)은 가벼운 %[1]s에서 맞췄습니다; 나머지 비교한 %[3]s{은/는} 그 자료 없이 예측한 것입니다.",
			EN: "the latency's spread (what is not queueing: %[2]s ms above the hold at p99) was fitted on the light %[1]s; the other compared %[3]s."},
		"probe.fit.core_one":   {KO: "코어 %d개", EN: "%d core"},
		"probe.fit.core_many":  {KO: "코어 %d개", EN: "%d cores"},
		"probe.fit.at_one":     {KO: "단계 %s", EN: "step %s"},
		"probe.fit.at_many":    {KO: "단계 %s(합쳐서)", EN: "steps %s (pooled)"},
		"probe.fit.on_one":     {KO: "단계 %s", EN: "step %s"},
		"probe.fit.on_many":    {KO: "단계 %s(단계마다 같은 무게로)", EN: "steps %s, each weighing the same"},
		"probe.fit.steps_one":  {KO: "단계 %s", EN: "step %s is predicted without its own data"},
		"probe.fit.steps_many": {KO: "단계 %s", EN: "steps %s are predicted without their own data"},
		"probe.fit.spread_self": {
			KO: "지연의 퍼짐(줄서기가 아닌 몫, p99에서 보유 시간보다 %[2]s ms 더)을 비교한 모든 단계(%[1]s)에서 맞췄습니다: 그 단계들의 맞음은 예측이 아니라 줄서기가 보탤 것이 적다는 뜻일 뿐입니다. --confirm이 새 점을 잽니다.",
			EN: "the latency's spread (what is not queueing: %[2]s ms above the hold at p99) was fitted on every compared step (%[1]s): there the fit shows only that queueing adds little, not a prediction. --confirm measures a new point."},
		"probe.note.fit_off": {
			KO: "맞지 않음: 단계 %[2]d에서 잰 p99가 모델과 %[1]s 다릅니다 (허용 %[3]s). 모델은 요청마다 %[5]s ms의 서비스 시간(%[4]s 분포)을 가정하는데, 그 가정이 이 단계에서는 깨졌습니다.",
			EN: "off: at step %[2]d the measured p99 differs from the model by %[1]s (tolerance %[3]s). The model assumes a service time of %[5]s ms per request, %[4]s; at that step the assumption broke."},
		"probe.note.fit_tail": {
			KO: "미정: 단계 %[1]d에서 잰 p99가 모델과 %[2]s 다르지만(허용 %[3]s), 그 단계의 p99.9는 %[4]s ms로, 모델의 창들이 읽은 가장 긴 p99.9(%[6]s ms)의 %[5]s배입니다: 요청 몇 개가 이 모델의 어떤 줄서기로도 생기지 않는 멈춤(기계나 서버 프로세스의 것)을 만났고, 그것이 p99를 옮겼습니다. 모델의 맞음은 이 단계로 가릴 수 없으며, 다시 잰 probe가 가립니다.",
			EN: "undecided: at step %[1]d the measured p99 differs from the model by %[2]s (tolerance %[3]s), but that step's p99.9 was %[4]s ms, %[5]s times the longest any window of the model read (%[6]s ms): a few requests met a stall that no queueing in this model makes (the machine's, or the server process's), and it moved the p99. This step cannot decide the model's fit; a probe run again can."},
		"probe.note.retaken_tail": {
			KO: "단계 %[1]d{은/는} 멈춤을 만났습니다: p99.9가 %[2]s ms로, 모델의 창들이 읽은 가장 긴 p99.9(%[4]s ms)의 %[3]s배이고, p99는 모델과 %[5]s 달랐습니다. 그래서 같은 속도로 단계 %[6]d에서 다시 쟀고, 맞음 판정은 단계 %[1]d 대신 단계 %[6]d{을/를} 비교합니다. 두 단계 모두 표에 남습니다.",
			EN: "step %[1]d met a stall: its p99.9 was %[2]s ms, %[3]s times the longest any window of the model read (%[4]s ms), and its p99 differed from the model by %[5]s. So its rate was measured again as step %[6]d, and the fit compares step %[6]d instead of step %[1]d; both steps stay in the table."},
		"probe.note.retaken_late": {
			KO: "단계 %[1]d에서는 생성기가 연결이 남는데도 요청의 %[2]s%%를 늦게 보냈고, p99는 모델과 %[3]s 달랐습니다. 그래서 같은 속도로 단계 %[4]d에서 다시 쟀고, 맞음 판정은 단계 %[1]d 대신 단계 %[4]d{을/를} 비교합니다. 두 단계 모두 표에 남습니다.",
			EN: "at step %[1]d the generator sent %[2]s%% of its requests late with connections to spare, and its p99 differed from the model by %[3]s. So its rate was measured again as step %[4]d, and the fit compares step %[4]d instead of step %[1]d; both steps stay in the table."},
		"probe.note.retaken_miss": {
			KO: "단계 %[1]d의 p99(%[2]s ms)는 멈춤이 없었는데도 모델과 %[3]s 달랐습니다. 그래서 같은 속도를 단계 %[4]d에서 다시 쟀고(p99 %[5]s ms), 맞음 판정은 두 창의 성공 %[6]d건을 합쳐 비교합니다: p99 %[7]s ms (95%% 구간 %[8]s–%[9]s ms). 두 단계 모두 표에 남습니다.",
			EN: "step %[1]d's p99 (%[2]s ms) differed from the model by %[3]s with no stall to blame, so its rate was measured again as step %[4]d (p99 %[5]s ms); the fit compares the two windows' %[6]d successes together: p99 %[7]s ms (95%% interval %[8]s–%[9]s ms). Both steps stay in the table."},
		"probe.note.fit_noisy": {
			KO: "미정: 단계 %[1]d에서 잰 p99는 %[2]s ms(성공 %[5]d건에서 얻은 95%% 구간 %[3]s–%[4]s ms)이고 모델은 %[6]s ms로 %[7]s 다르지만(허용 %[8]s), 그 구간이 모델의 값을 담습니다: 이 단계의 표본으로는 허용 범위 안에서 모델과 서버를 가를 수 없습니다. 더 긴 단계(--step-min)가 가릅니다.",
			EN: "undecided: at step %[1]d the measured p99 is %[2]s ms (95%% interval %[3]s–%[4]s ms from %[5]d successes) against the model's %[6]s ms, %[7]s apart (tolerance %[8]s), but that interval holds the model's figure: this step's sample cannot tell the model from the server at this tolerance. Longer steps (--step-min) would."},
		"probe.note.fit_busy": {
			KO: "다른 프로세스가 이 기계 CPU의 20%% 이상(최대 %[3]s%%)을 쓴 단계에서는 잰 p99가 모델과 최대 %[1]s 다릅니다 (단계 %[2]d): 그 지연은 서버만이 아니라 스케줄러의 것이고, 서버의 모델은 그것을 담지 않으므로 맞음 판정에서 따로 둡니다.",
			EN: "at the steps where other processes took 20%% or more of this machine's CPU (up to %[3]s%%), the measured p99 differs from the model by up to %[1]s (step %[2]d): that latency is the scheduler's as much as the server's, which no model of the server holds, so those steps are judged apart."},
		"probe.note.fit_late": {
			KO: "단계 %[1]d에서는 생성기가 연결이 남는데도 요청의 %[2]s%%를 예정보다 5 ms 넘게 늦게 보냈습니다 (생성기 자신이나 기계가 멈춘 것): p99가 보는 1%%의 절반 이상이 늦었으니 그 p99는 서버만이 아니라 생성기의 일정도 잽니다. 그곳에서 잰 p99는 모델과 %[3]s 다르며, 맞음 판정에서 따로 둡니다.",
			EN: "at step %[1]d the generator sent %[2]s%% of its requests more than 5 ms late with connections to spare (its own stall, or the machine's): half or more of the 1%% a p99 looks at, so that p99 times the generator's schedule as much as the server. There the measured p99 differs from the model by %[3]s; it is judged apart."},
		"probe.note.fit_late_all": {
			KO: "미정: 비교한 단계마다 생성기가 늦게 보낸 요청이 p99가 보는 몫의 절반 이상이었습니다. 모델의 맞음은 이 측정으로 가릴 수 없으며, 다시 잰 probe가 가립니다.",
			EN: "undecided: at every compared step the generator sent half or more of the share a p99 looks at late. This measurement cannot decide the model's fit; a probe run again can."},
		"probe.note.fit_busy_all": {
			KO: "비교한 모든 단계에서 다른 프로세스가 이 기계 CPU의 20%% 이상(최대 %s%%)을 썼습니다: 아래 맞음 판정에는 서버만이 아니라 스케줄러의 지연도 들어 있습니다.",
			EN: "at every compared step other processes took 20%% or more of this machine's CPU (up to %s%%): the fit below carries the scheduler's latency as well as the server's."},
		"probe.note.fit_held": {
			KO: "깨진 가정: 천장에서 일꾼 하나는 %[1]s ms 동안 잡혔습니다 (한계 %[2]d ÷ 천장 초당 %[3]s건, 리틀의 법칙). 무부하 서비스 시간 %[4]s ms보다 %[5]s 깁니다. 모델은 일꾼을 %[4]s ms만 잡고 지연의 퍼짐은 그 밖에 더하지만, 이 서버는 퍼짐의 일부를 일꾼이 잡은 채로 보냅니다 (제 대기에서 늦게 깨어나기, 넘겨주기). 그래서 부하가 걸리면 더 긴 시간 뒤로 줄이 섭니다.",
			EN: "the assumption that broke: at the ceiling a worker was held %[1]s ms (limit %[2]d ÷ ceiling %[3]s req/s, Little's law), %[5]s longer than the no-load service time of %[4]s ms. The model holds a worker for %[4]s ms and adds the latency's spread outside it; this server spends part of the spread holding its worker (waking late from its own wait, the hand-over), so under load the queue forms behind the longer time."},
		"probe.note.fit_cpu_fifo": {
			KO: "깨진 가정: 요청마다 CPU %[1]s ms(서비스 시간의 %[2]s)를 스레드 %[3]d개가 %[4]s에서 나눠 씁니다. 시뮬레이터는 요청의 CPU를 빈 코어에서 끝까지 차례로(먼저 온 순서) 돌리지만, 운영체제는 코어를 돌 수 있는 모든 스레드에 시간 조각으로 나눠 주므로 요청마다 CPU가 늘어납니다.",
			EN: "the assumption that broke: each request's %[1]s ms of CPU (%[2]s of its service time) is shared by %[3]d threads over %[4]s. The simulator runs a request's CPU to its end on a free core, first come first served; the OS slices the cores among every runnable thread, so each request's CPU stretches."},
		"probe.fit.threads_children": {
			KO: "스레드 %[1]d개는 대상의 자식 프로세스 %[2]d개의 스레드입니다 (--target-pid의 자식: 프리포크 서버의 워커이며, 마스터는 요청을 받지 않습니다). 모델에서는 이 스레드들이 코어를 번갈아 씁니다.",
			EN: "the %[1]d threads are those of the target's %[2]d child processes (the --target-pid's children: a pre-fork server's workers; its master serves none), which take turns on the cores in the model."},
		"probe.fit.outside": {
			KO: "무부하 서비스 시간 %[2]s ms 중 %[1]s ms는 일꾼 밖의 시간입니다 (한계 %[3]d ÷ 천장 초당 %[4]s건 = 보유 %[5]s ms, 리틀의 법칙): 생성기와 연결 전달의 몫으로, 보이는 지연에는 더하지만 일꾼을 잡지 않습니다.",
			EN: "%[1]s ms of the no-load service time of %[2]s ms is outside the workers (limit %[3]d ÷ ceiling %[4]s req/s = a hold of %[5]s ms, Little's law): the generator's and the connection's share, added to what is seen but holding no worker."},
		"probe.fit.assume_slice": {
			KO: "모델의 가정: 요청마다 대상의 CPU %[1]s ms(%[2]s) 뒤에 대기 %[3]s ms(%[4]s), 스레드 %[5]d개가 %[6]s(%[7]s) 위에서 돌고, 코어가 모자라면 커널처럼 %[8]s ms씩 번갈아 씁니다; %[9]s",
			EN: "the model assumes: each request takes %[1]s ms of the target's CPU (%[2]s), then a %[3]s ms wait (%[4]s); %[5]d thread{s} on %[6]s (%[7]s), taking turns of %[8]s ms when the cores are short, as the kernel slices them; %[9]s"},
		"probe.note.fit_cpu_slice": {
			KO: "남은 가정: 요청마다 CPU %[1]s ms(서비스 시간의 %[2]s)를 스레드 %[3]d개가 %[4]s에서 %[5]s ms씩 차례로 나눠 쓴다고 봤습니다. 커널의 스케줄러는 대기에서 깨어난 스레드에게 조각을 다 쓴 스레드보다 먼저 코어를 주고, 스레드를 바꿀 때마다 시간이 드는데, 모델은 둘 다 넣지 않습니다.",
			EN: "the assumption left: each request's %[1]s ms of CPU (%[2]s of its service time) is shared by %[3]d threads over %[4]s in round-robin turns of %[5]s ms. The kernel's scheduler gives a thread that wakes from its wait the core before threads that used up their slice, and each switch costs time; the model has neither."},
		"probe.fit.run_to_end": {
			KO: "코어를 %[1]s ms씩 번갈아 쓰는 모델은 p99가 %[2]s 어긋나, 요청의 CPU를 끝까지 차례로 돌리는 모델(최대 %[3]s, 단계 %[4]d)을 골랐습니다: 이 서버의 CPU는 요청 하나를 끝낸 뒤 다음 요청으로 넘어갑니다 (Go 서버는 스케줄러가 10 ms가 지나야 끼어듭니다).",
			EN: "turns of %[1]s ms on the cores fitted p99 %[2]s off, so the fit runs each request's CPU to its end, first come first served (at most %[3]s, step %[4]d): this server finishes one request's CPU before the next (a Go server's scheduler preempts only after 10 ms)."},
		"probe.fit.assume": {
			KO: "모델의 가정: 요청마다 대상의 CPU %[1]s ms(%[2]s) 뒤에 대기 %[3]s ms(%[4]s), 스레드 %[5]d개가 %[6]s(%[7]s) 위에서 돕니다; %[8]s",
			EN: "the model assumes: each request takes %[1]s ms of the target's CPU (%[2]s), then a %[3]s ms wait (%[4]s); %[5]d thread{s} on %[6]s (%[7]s); %[8]s"},
		"probe.fit.assume_serial": {
			KO: "모델의 가정: 요청마다 공유 락 하나 아래에서 한 번에 하나씩 지나가는 구간 %[1]s ms(%[2]s, 1 ÷ 천장)와, 그 밖에서 줄 서지 않는 나머지 %[3]s ms; 스레드 %[4]d개; %[5]s",
			EN: "the model assumes: each request passes a %[1]s ms section one at a time under one shared lock (%[2]s, 1 ÷ the ceiling) and spends the other %[3]s ms outside it, never queued; %[4]d threads; %[5]s"},
		"probe.fit.assume_nocpu": {
			KO: "모델의 가정: 요청마다 대기 %[1]s ms(%[2]s)뿐이고 대상의 CPU는 담지 않습니다(%[3]s), 스레드 %[4]d개; %[5]s",
			EN: "the model assumes: each request is a %[1]s ms wait (%[2]s) and no CPU of the target's (%[3]s); %[4]d threads; %[5]s"},
		"probe.fit.from.tree":           {KO: "--target-pid와 그 자식 프로세스에서 잼", EN: "read from --target-pid and its child processes"},
		"probe.fit.from.target":         {KO: "--target-pid 또는 process_cpu_seconds_total에서 잼", EN: "read from --target-pid or process_cpu_seconds_total"},
		"probe.fit.missing.in_process":  {KO: "대상이 생성기와 같은 프로세스에서 돌아 CPU를 나눌 수 없음", EN: "the target runs in the generator's own process, so its CPU cannot be told apart"},
		"probe.fit.missing.unknown":     {KO: "대상의 CPU를 읽지 못함: --target-pid나 process_cpu_seconds_total이 있는 /metrics를 주세요", EN: "the target's CPU was not read: give --target-pid or a /metrics with process_cpu_seconds_total"},
		"probe.fit.cores.affinity":      {KO: "대상의 CPU 친화성", EN: "the target's CPU affinity"},
		"probe.fit.cores.machine":       {KO: "이 기계의 CPU", EN: "this machine's CPUs"},
		"probe.fit.cores.ceiling":       {KO: "천장에서 대상이 쓴 코어", EN: "the cores the target used at its ceiling"},
		"probe.fit.cores.ceiling_share": {KO: "천장에서 대상이 쓴 코어 %s개 몫을 속도 %s의 코어로 봄", EN: "the target had %s cores' worth at its ceiling: each modelled core runs at %s of its speed"},
		"probe.fit.beside":              {KO: "모델에 없는 것: 대상 옆에서 생성기가 쓴 CPU(최대 코어 %s개)와 다른 프로세스가 쓴 CPU(최대 기계의 %s%%).", EN: "not in the model: the generator's CPU beside the target (up to %s cores) and other processes' (up to %s%% of the machine)."},
		"probe.note.cf_good":            {KO: "%s 닫힌 식과 시뮬레이터의 p99는 최대 %s 차이 (단계 %d)로 일치합니다.", EN: "the %s closed form and the simulator agree on p99 within %s (step %d)."},
		"probe.note.cf_off": {
			KO: "%[1]s 닫힌 식이 시뮬레이터와 %[2]s 다릅니다 (단계 %[3]d): 닫힌 식은 포아송 도착, 서로 독립인 서버, 한 가지 %[4]s 보유 시간을 가정하고 (M/D/c는 근사) 시뮬레이터는 유한한 실행과 워밍업을 그대로 둡니다.",
			EN: "the %[1]s closed form differs from the simulator by %[2]s (step %[3]d): it assumes Poisson arrivals, independent servers and one %[4]s holding time (M/D/c is an approximation); the simulator keeps the finite run and its warm-up."},
		"probe.note.usl_good": {KO: "USL의 최대 처리량 초당 %s건은 잰 천장 %s건과 %s 차이로 맞습니다.", EN: "the USL's peak of %s req/s matches the measured ceiling of %s within %s."},
		"probe.note.usl_off":  {KO: "USL의 최대 처리량 초당 %s건이 잰 천장 %s건과 %s 다릅니다: USL은 동시성이 늘수록 처리량이 매끄럽게 꺾인다고 가정합니다.", EN: "the USL's peak of %s req/s differs from the measured ceiling of %s by %s: the USL assumes throughput bends smoothly as concurrency grows."},
		"probe.note.usl_knee": {
			KO: "USL의 최대 처리량 초당 %[1]s건이 잰 천장 %[2]s건과 %[3]s 다릅니다: USL은 매끄러운 경합과 일관성 비용을 가정하지만, 일꾼 %[4]d개의 풀은 매끄러운 곡선이 아니라 딱 꺾이는 무릎입니다. 시뮬레이터와 닫힌 식이 이 모양을 따릅니다.",
			EN: "the USL's peak of %[1]s req/s differs from the measured ceiling of %[2]s by %[3]s: the USL assumes smooth contention and coherency costs, but a pool of %[4]d workers is a hard knee, not a smooth curve; the simulator and the closed form follow that shape."},

		// Sizing answer.
		"probe.size.head":           {KO: "크기 질문: %s", EN: "sizing question: %s"},
		"probe.size.nomodel":        {KO: "모양이 %s라서 맞춘 모델이 없습니다: 크기 답을 내지 않습니다.", EN: "the shape is %s, so there is no fitted model: no sizing answer."},
		"probe.size.none":           {KO: "%[1]s{을/를} 초당 %[2]s건에서 지키는 크기가 %[3]d..%[4]d 안에 없습니다 (모양 %[5]s).", EN: "no size from %[3]d to %[4]d meets %[1]s at %[2]s req/s (shape %[5]s)."},
		"probe.size.answer":         {KO: "스레드 %[1]d개면 이 서버가 초당 %[3]s건에서 %[2]s{을/를} 지킵니다; 지금 한계는 %[4]d개입니다.", EN: "with %[1]d threads this server would meet %[2]s at %[3]s req/s; today's limit is %[4]d."},
		"probe.size.today":          {KO: "지금 한계 %[1]d개로도 초당 %[3]s건에서 %[2]s{을/를} 지킵니다 (가장 작은 크기는 %[4]d개).", EN: "today's limit of %[1]d already meets %[2]s at %[3]s req/s (the smallest size is %[4]d)."},
		"probe.size.serialized":     {KO: "모델은 스레드 %[1]d개면 초당 %[3]s건에서 %[2]s{을/를} 지킨다고 하지만, 천장은 약 %[4]s ms짜리 직렬 구간이 정합니다: 스레드보다 그 구간을 줄이세요.", EN: "the model says %[1]d threads meet %[2]s at %[3]s req/s, but the ceiling is set by a serialized section of about %[4]s ms: shorten that section rather than add threads."},
		"probe.confirm.head":        {KO: "확인 (실제 서버에서 다시 잼)", EN: "confirmation (re-measured on the live server)"},
		"probe.confirm.met":         {KO: "확인: 크기 %[1]d에서 초당 %[2]s건, 잰 p99 %[3]s ms (모델 %[4]s ms): %[5]s{을/를} 지킵니다.", EN: "confirmed: at size %[1]d and %[2]s req/s the measured p99 is %[3]s ms (model %[4]s ms): %[5]s met."},
		"probe.confirm.interrupted": {KO: "확인 중단: 크기 %d, 초당 %s건의 확인이 끝나기 전에 멈췄으므로 그 창에서는 아무것도 결론짓지 않습니다. 크기 답은 모델의 것 그대로입니다.", EN: "confirmation interrupted: the run at size %d and %s req/s was cut short, so nothing is concluded from its window; the sizing answer stands as the model's."},
		"probe.confirm.breached": {
			KO: "확인 실패: 크기 %[1]d에서 초당 %[2]s건, 잰 p99 %[3]s ms (모델 %[4]s ms): %[5]s{을/를} 지키지 못합니다.",
			EN: "not confirmed: at size %[1]d and %[2]s req/s the measured p99 is %[3]s ms (model %[4]s ms): %[5]s breached."},

		// Text report.
		"probe.head":   {KO: "probe %s  SLO: %s  (최대 초당 %s건, 예산 %s초, 사용 %s초)", EN: "probe %s  SLOs: %s  (max %s req/s, budget %s s, used %s s)"},
		"probe.method": {KO: "방법: 사용자 1명의 폐쇄형 모델 보정(부하 없는 서비스 시간), 폐쇄형 모델 탐색, 그다음 개방형 모델(포아송 도착, 지연은 의도한 전송 시각부터) 단계를 두 배씩 올리다가 SLO가 깨지면 이분 탐색", EN: "method: a closed calibration at 1 user (the service time at no load), a closed scout, then open-model steps (Poisson arrivals, latency from the intended send) doubling until an SLO breaks, then bisection"},
		"probe.table.head": {
			KO: "#\t종류\t보냄/s\t성공/s\tp50\tp99\tp99 95%\t서비스\t동시처리수\t동시완료\t오류%\t생성기%\t늦음%\tSLO\t모델p50\t모델p99\t모델/s\t잔차p99",
			EN: "#\tkind\toffered/s\tok/s\tp50\tp99\tp99 95%\tservice\tin-flight\tbusy\terr%\tgen%\tlate%\tSLO\tmodel p50\tmodel p99\tmodel/s\tres p99"},
		"probe.table.legend": {
			KO: "(지연은 ms; 동시처리수 = 성공/s × 평균 서비스 시간, 동시완료 = 성공/s × 부하 없는 서비스 시간; 괄호 안 잔차는 천장의 90% 이상이라 비교에서 뺌)",
			EN: "(latencies in ms; in-flight = ok/s × mean service time, busy = ok/s × service time at no load; residuals in brackets are at or above 90% of the ceiling and not compared)"},
		"probe.table.pooled": {
			KO: "(* 다시 잰 단계의 잔차는 같은 속도로 잰 두 창을 합친 p99와 모델의 차이입니다)",
			EN: "(* a retake's residual is of both windows at its rate pooled against the model)"},
		"probe.table.vus":           {KO: "사용자 %d", EN: "%d VU{s}"},
		"probe.table.met":           {KO: "지킴", EN: "met"},
		"probe.table.cut":           {KO: "중단", EN: "cut short"},
		"probe.table.breached":      {KO: "깨짐", EN: "breached"},
		"probe.kind.calibrate":      {KO: "보정(폐쇄형 모델)", EN: "calibrate (closed)"},
		"probe.kind.scout":          {KO: "탐색(폐쇄형 모델)", EN: "scout (closed)"},
		"probe.kind.check":          {KO: "확인(폐쇄형 모델)", EN: "check (closed)"},
		"probe.kind.sweep":          {KO: "스윕(폐쇄형 모델)", EN: "sweep (closed)"},
		"probe.kind.step":           {KO: "부하 증가", EN: "step"},
		"probe.kind.bisect":         {KO: "이분", EN: "bisect"},
		"probe.kind.confirm":        {KO: "확인", EN: "confirm"},
		"probe.kind.retake":         {KO: "다시 잼", EN: "retake"},
		"probe.stopped":             {KO: "끝난 까닭: %s", EN: "stopped: %s"},
		"probe.stopped.bisected":    {KO: "SLO가 깨진 뒤 이분 탐색을 마침", EN: "an SLO broke and the bisection finished"},
		"probe.stopped.max_rate":    {KO: "--max-rate에 닿음", EN: "reached --max-rate"},
		"probe.stopped.budget":      {KO: "--budget을 다 씀", EN: "the --budget ran out"},
		"probe.stopped.interrupted": {KO: "중단됨 (판정 없음)", EN: "interrupted (no verdict)"},
		"probe.stopped.sweep":       {KO: "폐쇄형 스윕을 마침", EN: "the closed sweep finished"},
		"probe.stopped.failed":      {KO: "서버가 답하지 않음", EN: "the server did not answer"},
		"probe.verdict.head":        {KO: "판정: %s", EN: "verdict: %s"},
		"probe.verdict.pool": {
			KO: "동시 처리 한계 %[1]d개의 풀로 보입니다 (확신 %[2]s): 부하 없을 때 서비스 시간 %[3]s ms, 처리량 천장 초당 %[4]s건, SLO를 지키는 용량 초당 %[5]s건.",
			EN: "this looks like a pool with a concurrency limit of %[1]d (confidence %[2]s): service time %[3]s ms at no load, throughput ceiling %[4]s req/s, capacity within the SLOs %[5]s req/s."},
		"probe.verdict.serialized": {
			KO: "직렬화된 구간으로 보입니다 (확신 %[2]s): 천장 초당 %[1]s건 ≈ 1 / %[3]s ms, 부하 없을 때 서비스 시간 %[4]s ms, SLO를 지키는 용량 초당 %[5]s건.",
			EN: "this looks serialized (confidence %[2]s): a ceiling of %[1]s req/s ≈ 1 / %[3]s ms, service time %[4]s ms at no load, capacity within the SLOs %[5]s req/s."},
		"probe.verdict.cpu": {
			KO: "CPU에 묶여 있습니다 (확신 %[2]s): 천장 초당 %[1]s건, 부하 없을 때 서비스 시간 %[3]s ms, SLO를 지키는 용량 초당 %[4]s건.",
			EN: "this is CPU-bound (confidence %[2]s): a ceiling of %[1]s req/s, service time %[3]s ms at no load, capacity within the SLOs %[4]s req/s."},
		"probe.verdict.generator": {KO: "생성기가 먼저 막혔습니다 (확신 %s): 서버에 대해서는 결론이 없습니다.", EN: "the generator bound first (confidence %s): nothing is concluded about the server."},
		"probe.verdict.unbounded": {
			KO: "시도한 범위 안에서는 한계가 없습니다 (확신 %[1]s): 부하 없을 때 서비스 시간 %[2]s ms, SLO를 지키는 용량은 적어도 초당 %[3]s건.",
			EN: "no limit within the range tried (confidence %[1]s): service time %[2]s ms at no load, capacity within the SLOs at least %[3]s req/s."},
		"probe.verdict.runner_up": {KO: "다음 후보: %s.", EN: "runner-up: %s."},
		"probe.shape.pool":        {KO: "풀 (동시 처리 한계)", EN: "pool (a concurrency limit)"},
		"probe.shape.serialized":  {KO: "직렬화 (한 번에 하나)", EN: "serialized (one at a time)"},
		"probe.shape.cpu":         {KO: "CPU", EN: "CPU-bound"},
		"probe.shape.generator":   {KO: "생성기 (서버 결론 없음)", EN: "generator-bound (no conclusion about the server)"},
		"probe.shape.unbounded":   {KO: "한계 없음 (시도한 범위 안)", EN: "unbounded (within the range tried)"},
		"probe.model.scenario":    {KO: "맞춘 모델: %s, 스레드 %d, 대기 %s, CPU %s, 공유 락 %s, 서비스 시간 분포 %s", EN: "fitted model: %s, %d thread{s}, wait %s, cpu %s, shared lock %s, service-time distribution %s"},
		"probe.model.closed":      {KO: "닫힌 식: %s, 서버 %d개, 보유 %s ms", EN: "closed form: %s, %d servers, holding %s ms"},
		"probe.model.usl":         {KO: "USL: σ %s, κ %s, N* %s, 최대 초당 %s건 (점 %d개)", EN: "USL: σ %s, κ %s, N* %s, peak %s req/s (%d points)"},
		"probe.warnings":          {KO: "경고:", EN: "warnings:"},
		"probe.progress":          {KO: "\r[%5.1f/%4.0fs] 단계 %d %s %s ...          ", EN: "\r[%5.1f/%4.0fs] step %d %s %s ...          "},
		"probe.progress.done":     {KO: "\r[%5.1f/%4.0fs] 단계 %d %s: 성공 초당 %s건, p99 %s, %s\n", EN: "\r[%5.1f/%4.0fs] step %d %s: ok %s req/s, p99 %s, %s\n"},
		"probe.write.failed":      {KO: "%s %s{을/를} 쓰지 못했습니다: %v", EN: "could not write %s %s: %v"},
	})
}

func init() {
	Register(map[string]Entry{
		"probe.html.offered":       {KO: "보낸 초당 요청", EN: "offered req/s"},
		"probe.html.rps":           {KO: "초당 요청", EN: "req/s"},
		"probe.html.ok":            {KO: "성공 처리량", EN: "ok throughput"},
		"probe.html.tput":          {KO: "처리량 대 보낸 양", EN: "throughput against offered rate"},
		"probe.html.inflight":      {KO: "동시 처리 수(리틀의 법칙) 대 보낸 양", EN: "in flight (Little's law) against offered rate"},
		"probe.html.requests":      {KO: "요청 수", EN: "requests"},
		"probe.html.inflight_line": {KO: "동시 처리 수 (성공/s × 평균 서비스)", EN: "in flight (ok/s × mean service)"},
		"probe.html.busy_line":     {KO: "동시 완료 (성공/s × 부하 없는 서비스)", EN: "busy (ok/s × no-load service)"},
		"probe.html.latency":       {KO: "지연 대 보낸 양, 모델 곡선과 시드 범위", EN: "latency against offered rate, with the model's curve and its band over seeds"},
		"probe.html.p99":           {KO: "잰 p99 (세로선: 95% 구간)", EN: "measured p99 (bars: 95% interval)"},
		"probe.html.p50":           {KO: "잰 p50", EN: "measured p50"},
		"probe.html.model_p99":     {KO: "모델 p99", EN: "model p99"},
		"probe.html.model_p50":     {KO: "모델 p50", EN: "model p50"},
		"probe.html.cf_p99":        {KO: "닫힌 식 p99", EN: "closed form p99"},
		"probe.html.usl":           {KO: "USL: 처리량 대 동시 처리 수", EN: "USL: throughput against in flight"},
		"probe.html.measured":      {KO: "잰 값", EN: "measured"},
	})
}

func init() {
	Register(map[string]Entry{
		"probe.err.confirm": {KO: "--confirm은 --size-for의 답을 다시 잽니다: --size-for도 주세요", EN: "--confirm re-measures the --size-for answer: give --size-for too"},
		"probe.model.spread": {KO: "더한 퍼짐: 부하 없는 단계에서 잰 서비스 시간이 고정 시간보다 p90에서 %s ms, p99에서 %s ms 깁니다 (생성기, 연결, 스케줄러 몫): 모델이 요청마다 더합니다",
			EN: "spread added: the no-load step's measured service time is %s ms (p90) and %s ms (p99) above the fixed time (the generator's, the connection's and the scheduler's share): the model adds it to every request"},
		"probe.model.spread_light": {KO: "더한 퍼짐: 가벼운 %s에서 잰 지연이 고정 시간보다 p90에서 %s ms, p99에서 %s ms 깁니다 (줄서기가 아닌 몫: 생성기, 연결, 스케줄러): 모델이 요청마다 더합니다",
			EN: "spread added: the latency measured at the light %s is %s ms (p90) and %s ms (p99) above the fixed time (what is not queueing: the generator's, the connection's and the scheduler's share): the model adds it to every request"},
		"probe.warn.machine_limit": {KO: "밖에서 잰 한계 %[1]d{은/는} 서버가 스스로 밝힌 스레드 %[2]d개의 절반도 안 되고, 그동안 다른 프로세스가 기계 CPU의 %[3]s%%까지 썼습니다: 이 한계는 서버의 풀이 아니라 기계가 남겨 준 CPU 몫일 가능성이 큽니다 (확신을 낮췄습니다)",
			EN: "the limit measured from outside (%[1]d) is under half the %[2]d threads the server reports, while other processes used up to %[3]s%% of the machine's CPU: this limit is likely the CPU share the machine left it, not its pool (confidence lowered)"},
		"probe.err.spawn_both":    {KO: "--spawn-target과 --restart-cmd는 함께 줄 수 없습니다: 직접 띄운 대상은 --threads를 바꿔 다시 띄웁니다", EN: "--spawn-target and --restart-cmd cannot both be given: a spawned target is restarted with its --threads changed"},
		"probe.err.restart_cmd":   {KO: "%q에 {n}이 없습니다: 일꾼 수가 들어갈 자리에 {n}을, 포트 자리에 {port}를 쓰세요", EN: "%q has no {n}: write {n} where the worker count goes and {port} where the port goes"},
		"probe.err.spawn_url":     {KO: "--spawn-target은 대상을 127.0.0.1:0에 직접 띄우므로 URL %q{을/를} 함께 줄 수 없습니다", EN: "--spawn-target starts the target on 127.0.0.1:0 itself, so the URL %q cannot be given with it"},
		"probe.err.spawn":         {KO: "waitlab target %s{이/가} 뜨지 않았습니다: %s", EN: "waitlab target %s did not start: %s"},
		"probe.confirm.as_is":     {KO: "다시 띄울 방법(--spawn-target이나 --restart-cmd)이 없어 서버를 지금 크기 %d 그대로 다시 쟀습니다: 답의 크기가 아니라 오늘 크기의 예측을 확인합니다.", EN: "with no way to restart the server (--spawn-target or --restart-cmd), it was re-measured as it is, at today's size %d: this checks the prediction for today, not the answer's size."},
		"flag.probe.spawn-target": {KO: "이 FLAGS로 waitlab target을 127.0.0.1:0에 띄워 잽니다 (--confirm은 답의 --threads로 다시 띄움)", EN: "start waitlab target with these FLAGS on 127.0.0.1:0 and probe it (--confirm restarts it with the answer's --threads)"},
		"flag.probe.restart-cmd":  {KO: "--confirm에서 서버를 일꾼 {n}개, 127.0.0.1:{port}로 띄우는 셸 명령", EN: "shell COMMAND that starts the server with {n} workers on 127.0.0.1:{port}, run by --confirm"},
		"probe.dist.fixed":        {KO: "고정", EN: "fixed"},
		"probe.dist.exponential":  {KO: "지수", EN: "exponential"},
		"probe.lock.yes":          {KO: "있음", EN: "yes"},
		"probe.lock.no":           {KO: "없음", EN: "no"},
		"probe.breach.behind":     {KO: "서버가 따라오지 못함: 보낸 초당 %[2]s건 중 초당 %[1]s건만 성공 (%[3]s)", EN: "the server did not keep up: %[1]s ok/s of %[2]s offered (%[3]s)"},
	})
}
