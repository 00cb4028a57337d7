package msg

// The load generator's words: `waitlab load`, `waitlab report`, their
// reports and validity warnings.
func init() {
	Register(map[string]Entry{
		"cli.load": {
			KO: "HTTP 부하를 걸고 측정합니다 (기본은 개방형 모델, 의도한 전송 시각부터 잰 지연)",
			EN: "send HTTP load and measure it (open model by default, latency from the intended send)"},
		"cli.report": {
			KO: "waitlab load --out 결과 파일을 다시 보고합니다. 여러 파일은 정확히 합칩니다",
			EN: "re-report waitlab load --out result files; several files merge exactly"},

		// Headings of the text report.
		"load.title.open": {
			KO: "waitlab load: 개방형 모델 (%s), %s",
			EN: "waitlab load: open model (%s), %s"},
		"load.title.closed": {
			KO: "waitlab load: 폐쇄형 모델 (가상 사용자 %s명, 생각 시간 %s), %s",
			EN: "waitlab load: closed model (%s virtual users, think %s), %s"},
		"load.window": {
			KO: "측정 구간 %s (%s), 요청 타임아웃 %s, 연결 %s개 사용 (상한 %s)",
			EN: "measured window %s (%s), request timeout %s, %s connection{s} used (cap %s)"},
		"load.engine": {
			KO: "엔진        %s",
			EN: "engine      %s"},
		"load.engine.epoll":      {KO: "epoll 이벤트 루프", EN: "epoll event loop"},
		"load.engine.uring":      {KO: "io_uring 이벤트 루프", EN: "io_uring event loop"},
		"load.engine.goroutines": {KO: "연결마다 고루틴 하나인 클라이언트", EN: "goroutine-per-connection client"},
		"load.engine.why.asked": {
			KO: "--engine goroutines로 고름%.0s",
			EN: "asked for with --engine goroutines%.0s"},
		"load.engine.why.https": {
			KO: "https라서: epoll 엔진은 평문 http만 다룹니다%.0s",
			EN: "https: the epoll engine speaks plain http only%.0s"},
		"load.engine.why.epoll_failed": {
			KO: "epoll 엔진을 시작하지 못해 바꿈: %s",
			EN: "fell back: the epoll engine could not start: %s"},
		"load.engine.why.uring_failed": {
			KO: "io_uring 엔진을 시작하지 못해 epoll로 바꿈: %s",
			EN: "fell back to epoll: the io_uring engine could not start: %s"},
		"load.flag.engine": {
			KO: "%q: 그런 엔진은 없습니다. auto, epoll, uring, goroutines 중 하나를 쓰세요",
			EN: "no engine %q: use auto, epoll, uring or goroutines"},
		"load.scenario.flag.engine": {
			KO: "%q: 시나리오의 부하는 epoll 이벤트 루프나 연결마다 고루틴 하나인 클라이언트에서 돕니다. auto(epoll), epoll, goroutines 중 하나를 쓰세요",
			EN: "no engine %q for a scenario: its load runs on the epoll event loop or the goroutine-per-connection client; use auto (epoll), epoll or goroutines"},
		"load.warmup.none": {KO: "워밍업 없음", EN: "no warm-up"},
		"load.warmup": {
			KO: "워밍업 %s 제외",
			EN: "after a %s warm-up"},
		"load.merged.files": {
			KO: "결과 파일 %d개를 합친 보고입니다:",
			EN: "merged report of %d result file{s}:"},
		"load.merged.input": {
			KO: "%s: %s (%s), %s, 시작 %s, 측정 %s, 요청 %s건, 실행 ID %s",
			EN: "%s: %s (%s), %s, started %s, window %s, %s request{s}, run id %s"},
		"load.model.open":   {KO: "개방형 모델", EN: "open model"},
		"load.model.closed": {KO: "폐쇄형 모델", EN: "closed model"},
		"load.requests": {
			KO: "요청        %s건 완료: 성공 %s, 오류 %s (%s)",
			EN: "requests    %s finished: %s ok, %s error{s} (%s)"},
		"load.warmup.counts": {
			KO: "워밍업      %s건 완료: 성공 %s, 오류 %s%s; 측정에는 넣지 않음",
			EN: "warm-up     %s finished: %s ok, %s error{s}%s; not measured"},
		"load.rate.open": {
			KO: "처리량      목표 %s/s, 달성 %s/s, 성공만 %s/s",
			EN: "rate        offered %s/s, achieved %s/s, ok %s/s"},
		"load.rate.closed": {
			KO: "처리량      달성 %s/s, 성공만 %s/s (폐쇄형 모델: 목표 처리량이 없습니다)",
			EN: "rate        achieved %s/s, ok %s/s (closed model: there is no offered rate)"},
		"load.behind": {
			KO: "밀림        %s건이 의도한 시각보다 5 ms 넘게 늦게 나갔고 (최대 %s), %s건은 끝내 못 보냈습니다",
			EN: "behind      %s sent more than 5 ms after their intended time (max %s), %s never sent"},
		"load.latency.open": {
			KO: "지연 (의도한 전송 시각부터, coordinated omission 보정, 성공 응답)",
			EN: "latency (from the intended send time, coordinated-omission corrected; ok responses)"},
		"load.service.open": {
			KO: "서비스 시간 (실제로 보낸 시각부터; 생성기 안에서 기다린 시간은 빠집니다)",
			EN: "service time (from the actual send; leaves out time spent waiting inside the generator)"},
		"load.latency.closed": {
			KO: "지연 (폐쇄형 모델: 실제로 보낸 시각부터; 서버가 느려지면 보내는 속도가 줄어 대기열이 보이지 않습니다)",
			EN: "latency (closed model: from the actual send; a slow server slows the senders, so queueing does not show)"},
		"load.pcts": {
			KO: "최소 %s  평균 %s  p50 %s  p90 %s  p95 %s  p99 %s  p99.9 %s  최대 %s",
			EN: "min %s  mean %s  p50 %s  p90 %s  p95 %s  p99 %s  p99.9 %s  max %s"},
		"load.pcts.nodata": {
			KO: "데이터 없음: 성공한 응답이 하나도 없어 지연을 잴 수 없습니다",
			EN: "no data: no successful response, so there is no latency to report"},
		"load.nodata": {KO: "데이터 없음", EN: "no data"},
		"load.errors": {
			KO: "오류        %s",
			EN: "errors      %s"},
		"load.cpu": {
			KO: "CPU         생성기 %s (쓸 수 있는 CPU %s개 기준)",
			EN: "CPU         generator %s of what it may use (%s CPU{s})"},
		"load.cpu.target": {
			KO: "; 대상 서버 CPU 1개의 %s (%s)",
			EN: "; target %s of one CPU (%s)"},
		"load.cpu.others": {
			KO: "; 다른 프로세스 머신 전체의 %s",
			EN: "; other processes %s of the machine"},
		"load.stalls": {
			KO: "대상 루프   측정 구간 동안 멈춤 %s번, 가장 긴 작업 %s (%s)",
			EN: "stalls      %s in the target's event loops during the window, longest task %s (%s)"},
		"load.stalls.worst": {
			KO: "%s 초과 %s 이하",
			EN: "above %s, up to %s"},
		"load.stalls.worst_above": {
			KO: "%s 초과",
			EN: "above %s"},
		"load.memory": {
			KO: "메모리      생성기 최대 RSS %s MB",
			EN: "memory      generator peak RSS %s MB"},
		"load.warnings": {
			KO: "경고",
			EN: "warnings"},
		"load.thresholds.ok": {
			KO: "임계값      모두 통과 (%d개)",
			EN: "thresholds  all %d met"},
		"load.thresholds.interrupted": {
			KO: "임계값      판정하지 않음 (%d개): 실행이 중단되어 결과가 완전하지 않습니다",
			EN: "thresholds  none of %d judged: the run was interrupted, so its figures are incomplete"},
		"load.interrupted": {
			KO: "중단됨: 실행이 끝나기 전에 멈췄습니다. 아래는 그때까지 잰 값입니다",
			EN: "INTERRUPTED: the run was stopped before its end; below is what it measured until then"},
		"load.breach": {
			KO: "임계값 위반: %s 값이 %s (기준 %s)",
			EN: "threshold breached: %s is %s (want %s)"},
		"load.breach.nodata": {
			KO: "임계값 위반: %s{을/를} 잴 응답이 없습니다 (기준 %s)",
			EN: "threshold breached: no responses to measure %s (want %s)"},
		"load.breach.default": {
			KO: "임계값 위반: 오류율이 %s{으로/로} 기본 기준 errors<=1%%를 넘었습니다 (--threshold로 직접 정하세요)",
			EN: "threshold breached: error rate %s is above the default errors<=1%% (set your own with --threshold)"},
		"load.breach.norequests": {
			KO: "임계값 위반: 측정 구간 안에 끝난 요청이 하나도 없습니다 (데이터가 없는 실행은 통과하지 않습니다)",
			EN: "threshold breached: no request finished in the measured window (a run without data never passes)"},
		"load.breach.unsent": {
			KO: "임계값 위반: 보내야 했던 요청 중 %s건(%s)을 끝내 보내지 못했습니다 (기준 1%%): 계획한 부하가 걸리지 않았습니다",
			EN: "threshold breached: %s requests (%s) that were due were never sent (limit 1%%): the planned load was not applied"},
		"load.progress": {
			KO: "\r%6.1fs  %8.0f/s  성공 %s  오류 %s  p99 %s   ",
			EN: "\r%6.1fs  %8.0f/s  ok %s  errors %s  p99 %s   "},

		// The HTML report's plots.
		"load.html.seconds":          {KO: "측정 구간 시작부터 초", EN: "seconds into the measured window"},
		"load.html.over_time":        {KO: "시간에 따른 지연 백분위 (의도한 전송 시각부터)", EN: "Latency percentiles over time (from the intended send)"},
		"load.html.distribution":     {KO: "지연 분포 (백분위 스펙트럼)", EN: "Latency distribution (percentile spectrum)"},
		"load.html.percentile":       {KO: "백분위", EN: "percentile"},
		"load.html.latency":          {KO: "지연 (의도한 전송부터)", EN: "latency (from the intended send)"},
		"load.html.over_time.closed": {KO: "시간에 따른 지연 백분위 (실제 전송부터)", EN: "Latency percentiles over time (from the actual send)"},
		"load.html.latency.closed":   {KO: "지연 (실제 전송부터)", EN: "latency (from the actual send)"},
		"load.html.service":          {KO: "서비스 시간 (실제 전송부터)", EN: "service time (from the actual send)"},
		"load.html.throughput":       {KO: "시간에 따른 처리량과 오류", EN: "Throughput and errors over time"},
		"load.html.per_second":       {KO: "초당", EN: "per second"},
		"load.html.ok":               {KO: "성공/s", EN: "ok/s"},
		"load.html.errors":           {KO: "오류/s", EN: "errors/s"},
		"load.html.open":             {KO: "(개방형 모델)", EN: "(open model)"},
		"load.html.closed":           {KO: "(폐쇄형 모델)", EN: "(closed model)"},

		// Error kinds.
		"load.err.connect_refused": {KO: "연결 거부", EN: "connection refused"},
		"load.err.connect_timeout": {KO: "연결 타임아웃", EN: "connect timeout"},
		"load.err.connect_error":   {KO: "연결 실패", EN: "connect failed"},
		"load.err.reset":           {KO: "연결 리셋", EN: "connection reset"},
		"load.err.timeout":         {KO: "응답 타임아웃", EN: "timeout"},
		"load.err.closed":          {KO: "응답 전에 연결 닫힘", EN: "closed before the response"},
		"load.err.bad_response":    {KO: "잘못된 응답", EN: "malformed response"},
		"load.err.other":           {KO: "기타", EN: "other"},
		"load.err.status":          {KO: "HTTP %s", EN: "HTTP %s"},

		// Validity warnings: what it means and what to do.
		"load.warn.closed_model": {
			KO: "폐쇄형 모델입니다: 가상 사용자 %s명이 응답을 받아야 다음 요청을 보내므로, 서버가 멈추면 보내는 쪽도 멈추고 그동안 쌓였어야 할 대기는 지연에 잡히지 않습니다. 도착률을 정해 두려면 --rate로 개방형 모델을 쓰세요.",
			EN: "closed model: %s virtual users each wait for a reply before sending again, so when the server stalls the senders stall too and the queue that real users would build never shows in the latency. Use --rate for an open model."},
		"load.warn.interrupted": {
			KO: "실행이 중간에 중단되었습니다: 측정 구간이 계획보다 짧고, 중단 때 진행 중이던 요청은 세지 않았습니다.",
			EN: "the run was interrupted: the window is shorter than planned and requests in flight at that moment were not counted."},
		"load.warn.merged": {
			KO: "결과 파일 %d개를 합쳤습니다: 히스토그램은 버킷 단위로 더했고, 처리량은 가장 긴 측정 구간으로 나눴습니다 (같은 시각에 돌린 샤드라고 가정). 다른 프로세스 CPU는 파일마다 달라 보고하지 않습니다.",
			EN: "%d result file{s} merged: histograms were added bucket by bucket and rates divided by the longest window (this assumes shards run at the same time); other processes' CPU is not reported for merged files."},
		"load.warn.merged_sequential": {
			KO: "결과 파일 %d개의 측정 구간이 모두 겹치지는 않습니다: 같은 부하를 이어서 돌린 실행으로 보고 합쳤습니다. 처리량은 더하지 않고, 구간들이 함께 덮는 %s{으로/로} 나눴습니다. 히스토그램은 버킷 단위로 더했습니다.",
			EN: "the windows of the %d result files do not all overlap: they were taken as consecutive runs of one load. Rates are not added: they are over the %s the windows cover together; histograms were added bucket by bucket."},
		"load.warn.gen_cpu": {
			KO: "부하 생성기가 쓸 수 있는 CPU(%[2]s개)의 %[1]s{을/를} 썼습니다 (기준 80%%). 생성기가 바쁘면 보내는 시각과 재는 시각이 모두 밀립니다. 생성기에 CPU를 더 주거나 다른 머신에서 돌리거나 부하를 낮추세요.",
			EN: "the generator used %s of the %s CPU{s} it may use (limit 80%%): a busy generator sends late and times late. Give it more CPU, move it to another machine, or lower the load."},
		"load.warn.generator_bound": {
			KO: "생성기가 한계에 닿았습니다 (CPU %s): 이 수치는 서버가 아니라 생성기의 한계를 잰 것일 수 있습니다. 생성기를 늘리거나(샤드) 더 빠른 머신을 쓰세요.",
			EN: "generator-bound (CPU %s) while the target is not: these numbers may measure the generator, not the server. Add generators (shards) or use a faster machine."},
		"load.warn.shared_cpu": {
			KO: "대상 서버가 이 머신에 있습니다: 생성기와 서버가 CPU를 나눠 씁니다. 서버는 CPU 1개의 %s{을/를} 썼습니다 (%s). 서버 성능을 재려면 생성기를 다른 머신으로 옮기거나, 적어도 서로 다른 코어에 고정하세요 (taskset).",
			EN: "the target is on this machine: generator and server share CPU. The target used %s of one CPU (%s). To measure the server, move the generator to another machine, or at least pin them to different cores (taskset)."},
		"load.warn.shared_cpu_unknown": {
			KO: "대상 서버가 이 머신에 있습니다: 생성기와 서버가 CPU를 나눠 씁니다. --target-pid PID를 주거나 waitlab target을 쓰면 서버 CPU도 함께 기록합니다. 가능하면 생성기를 다른 머신으로 옮기거나 코어를 나눠 고정하세요 (taskset).",
			EN: "the target is on this machine: generator and server share CPU. Pass --target-pid PID (or use a waitlab target) to record the server's CPU too; better, move the generator to another machine or pin them to different cores (taskset)."},
		"load.warn.neighbours": {
			KO: "실행 중 다른 프로세스가 머신 CPU(%[2]d개)의 %[1]s{을/를} 썼습니다: 결과에 잡음이 섞였습니다. 조용한 머신에서 다시 재거나 여러 번 재서 중앙값을 쓰세요.",
			EN: "other processes used %s of the machine (%d CPU{s}) during the run: the results are noisy. Measure again on a quiet machine, or repeat and use the median."},
		"load.warn.neighbours_with_target": {
			KO: "생성기 밖의 프로세스가 머신 CPU(%[2]d개)의 %[1]s{을/를} 썼습니다. 대상 서버 CPU를 모르니 이 안에 서버도 들어 있습니다: --target-pid를 주면 서버와 다른 프로세스를 나눠 봅니다.",
			EN: "processes other than the generator used %s of the machine (%d CPU{s}); the target's CPU is unknown, so this includes the target: pass --target-pid to tell the target from other processes."},
		"load.warn.behind": {
			KO: "달성한 처리량 %s/s가 목표 %s/s의 %s{으로/로} 95%%에 못 미칩니다 (끝내 못 보낸 요청 %s건): 생성기가 뒤처졌거나 연결이 모자랐습니다. --connections를 늘리거나 생성기 CPU를 확인하세요.",
			EN: "achieved %s/s is below 95%% of the offered %s/s (%s; %s never sent): the generator fell behind or ran out of connections. Raise --connections or check the generator's CPU."},
		"load.warn.behind_conns": {
			KO: "달성한 처리량 %s/s가 목표 %s/s의 %s{으로/로} 95%%에 못 미칩니다 (끝내 못 보낸 요청 %s건): 연결 %s개가 모두 응답을 기다리느라 바빴습니다. 서버가 이 도착률을 따라가지 못한 것입니다 (그동안 기다린 시간은 지연에 들어 있습니다). 서버 한계를 재려는 게 아니라면 --connections를 늘리세요.",
			EN: "achieved %s/s is below 95%% of the offered %s/s (%s; %s never sent): all %s connections were busy waiting for responses, so the server did not keep up with this arrival rate (the wait is in the latency). Raise --connections if the server's limit is not what you meant to measure."},
		"load.warn.target_stalls": {
			KO: "대상 서버의 이벤트 루프가 측정 구간 동안 %s번 멈췄습니다 (가장 긴 작업 %s, %s의 감시자 기준). 지연의 꼬리는 서버가 루프를 막은 탓이고, 의도한 시각보다 늦게 나간 요청 %s건도 그동안 연결이 모두 묶였기 때문입니다. 생성기 탓이 아닙니다.",
			EN: "the target's event loops stalled %s times during the window (longest task %s, from its watchdog at %s): the latency tail is the server blocking its loops, and the %s requests sent after their intended time waited for connections it held meanwhile, not for the generator."},
		"load.warn.behind_cap": {
			KO: "달성한 처리량 %s/s가 목표 %s/s의 %s{으로/로} 95%%에 못 미칩니다 (끝내 못 보낸 요청 %s건): 직접 정한 연결 상한(--connections %s)이 모두 차 있었습니다. 한계는 서버가 아니라 이 상한일 수 있습니다. 서버를 재려면 --connections를 늘리거나 빼세요.",
			EN: "achieved %s/s is below 95%% of the offered %s/s (%s; %s never sent): the %s connections you allowed (--connections) were all busy, so your cap, not necessarily the server, limited the load. Raise --connections (or leave it out) to measure the server."},
		"load.warn.late": {
			KO: "%s건(%s)이 의도한 시각보다 5 ms 넘게 늦게 나갔습니다 (최대 %s): 지연은 의도한 시각부터 재므로 정직하지만, 도착 과정은 계획과 다릅니다.",
			EN: "%s request{s} (%s) went out more than 5 ms after their intended time (max %s): latency is still measured from the intended time, but the arrivals were not the ones planned."},
		"load.warn.errors": {
			KO: "오류율 %s{이/가} 1%%를 넘습니다: 오류는 처리량에 넣지 않았습니다 (시도 %s/s 중 성공 %s/s). 오류 종류를 먼저 보세요.",
			EN: "error rate %s is above 1%%: errors are kept out of throughput (attempts %s/s, ok %s/s). Look at the errors by kind first."},
		"load.warn.no_ok": {
			KO: "성공한 응답이 하나도 없습니다: 지연과 처리량은 의미가 없습니다. URL과 서버가 살아 있는지 확인하세요.",
			EN: "no request succeeded: latency and throughput mean nothing. Check the URL and that the server is up."},
		"load.warn.window": {
			KO: "p99 지연 %s{이/가} 측정 구간 %s의 10분의 1보다 깁니다: 구간 안에 긴 응답이 몇 개밖에 들어갈 수 없어 믿기 어려운 칸입니다. 적어도 %s 동안 재세요.",
			EN: "p99 latency %s is longer than a tenth of the measured window %s: only a few such responses fit in it, the least trustworthy cell of a table. Measure for at least %s."},
		"load.warn.few_samples": {
			KO: "성공 표본이 %s개뿐입니다: p99를 믿으려면 적어도 1,000개가 필요합니다. 더 오래 또는 더 빠르게 재세요.",
			EN: "only %s successful sample{s}: a p99 needs at least 1,000. Run longer or faster."},
		"load.warn.little": {
			KO: "리틀의 법칙: 성공 %s/s x 평균 서비스 시간 %s = 평균 %s개가 동시에 처리 중이었습니다.",
			EN: "Little's law: %s ok/s x %s mean service time = %s request{s} in flight on average."},
		"load.warn.little_queued": {
			KO: "동시 처리 수 %s > 서버 스레드 %s개: 적어도 %s건은 대기열에서 기다렸습니다.",
			EN: "%s in flight > %s thread{s}: at least %s {was/were} queued."},
		"load.warn.little_threads": {
			KO: "동시 처리 수 %s <= 서버 스레드 %s개: 스레드 수가 한계는 아니었습니다.",
			EN: "%s in flight <= %s thread{s}: the thread count was not the limit."},
		"load.warn.little_vus": {
			KO: "동시 처리 수 %s / 가상 사용자 %s명: 폐쇄형 모델에서는 가상 사용자 수가 동시 처리 수의 상한입니다.",
			EN: "%s in flight of %s virtual users: in a closed model the users cap what is in flight."},
		"load.warn.little_conns": {
			KO: "동시 처리 수 %s / 사용한 연결 %s개 (상한 %s): 연결 하나에 요청 하나씩 처리됩니다.",
			EN: "%s in flight on %s connection{s} used (cap %s): each connection carries one request at a time."},

		// Command-line errors.
		"load.flag.rate": {
			KO: "--rate %q: 초당 요청 수를 0보다 큰 숫자로 쓰세요 (예: --rate 1000)",
			EN: "--rate %q: write requests per second as a number above 0 (e.g. --rate 1000)"},
		"load.flag.models": {
			KO: "--rate, --arrival, --vus 중 하나만 쓰세요 (--stages는 혼자 쓰거나 --arrival poisson과 함께 씁니다)",
			EN: "use one of --rate, --arrival, --vus (--stages goes alone or with --arrival poisson)"},
		"load.flag.url": {
			KO: "URL 하나 또는 --targets FILE이 필요합니다 (예: waitlab load --rate 100 http://127.0.0.1:8080/)",
			EN: "give one URL or --targets FILE (e.g. waitlab load --rate 100 http://127.0.0.1:8080/)"},
		"load.flag.nomodel": {
			KO: "부하 모양을 정하세요: --rate R (개방형 모델), --arrival poisson:R, --stages 30s:100,60s:1000 또는 --vus N (폐쇄형 모델)",
			EN: "choose the load: --rate R (open model), --arrival poisson:R, --stages 30s:100,60s:1000 or --vus N (closed model)"},
		"load.flag.targets": {
			KO: "대상 파일 %s{을/를} 읽을 수 없습니다: %v",
			EN: "cannot read targets file %s: %v"},
		"load.flag.negative": {
			KO: "%s{은/는} 음수일 수 없습니다: %s",
			EN: "%s cannot be negative: %s"},
		"load.flag.output": {
			KO: "%s %s: 이 경로에 쓸 수 없습니다 (%v). 쓸 수 있는 경로를 주세요 (실행 전에 확인합니다)",
			EN: "%s %s: cannot write there (%v); give a writable path (checked before the run)"},
		"load.write.failed": {
			KO: "%s %s 쓰기 실패: %v (측정 결과는 위에 출력했습니다)",
			EN: "%s %s: write failed: %v (the measurement is printed above)"},
		"load.flag.pid": {
			KO: "PID %d인 프로세스가 없습니다 (/proc에 없음): 실행 중인 대상 서버의 PID를 주거나 --target-pid를 빼세요",
			EN: "no process %d (not in /proc): give the PID of the running target, or leave --target-pid out"},
		"load.bound.rate": {
			KO: "비율 %g/s: 돌릴 수 없는 값입니다. 초당 %g에서 %g 사이로 주세요",
			EN: "a rate of %g/s cannot be run: give %g to %g per second"},
		"load.bound.duration": {
			KO: "%s: 너무 깁니다. 최대 %s까지 쓸 수 있습니다",
			EN: "%s is too long: at most %s"},
		"load.bound.count": {
			KO: "%d: 너무 많습니다. 최대 %d까지 쓸 수 있습니다",
			EN: "%d is too many: at most %d"},
		"load.bound.conns": {
			KO: "연결 %d개는 열 수 없습니다: 최대 %d개까지입니다 (한도: %s). 한도를 올리거나 생성기를 여러 대로 나누세요",
			EN: "%d connections cannot be opened: at most %d (bound: %s); raise the bound or split the load over several generators"},
		// loadreport.ParseThreshold's refusals (--threshold, --slo).
		"load.threshold.form": {
			KO: "임계값 %q: 지표<값 또는 지표>값 꼴로 쓰세요 (예: p99<200ms, errors<1%%)",
			EN: "threshold %q: write METRIC<VALUE or METRIC>VALUE, e.g. p99<200ms or errors<1%%"},
		"load.threshold.duration": {
			KO: "임계값 %q: %s에는 시간을 주세요 (예: %s<200ms)",
			EN: "threshold %q: %s takes a duration, e.g. %s<200ms"},
		"load.threshold.percent": {
			KO: "임계값 %q: errors에는 백분율을 주세요 (예: errors<1%%)",
			EN: "threshold %q: errors takes a percentage, e.g. errors<1%%"},
		"load.threshold.percent.range": {
			KO: "임계값 %q: errors에는 0에서 100 사이의 백분율을 주세요 (예: errors<1%%)",
			EN: "threshold %q: errors takes a percentage from 0 to 100, e.g. errors<1%%"},
		"load.threshold.rate": {
			KO: "임계값 %q: %s에는 초당 요청 수를 주세요 (예: %s>1000)",
			EN: "threshold %q: %s takes requests per second, e.g. %s>1000"},
		"load.threshold.metric": {
			KO: "임계값 %q: 모르는 지표 %q입니다. p50, p90, p99, p99.9, max, mean(또는 service_p99 등), errors, ok_rps, achieved_rps 중에서 쓰세요",
			EN: "threshold %q: unknown metric %q; use p50, p90, p99, p99.9, max, mean (or service_p99 ...), errors, ok_rps or achieved_rps"},
		"load.flag.method": {
			KO: "%q: HTTP 메서드는 공백이나 제어 문자 없는 토큰이어야 합니다 (예: GET, POST)",
			EN: "%q: an HTTP method is a token without spaces or control characters (e.g. GET, POST)"},
		"load.flag.header": {
			KO: "%q: 헤더 이름은 토큰이고, 값에는 CR, LF 같은 제어 문자를 쓸 수 없습니다 ('Name: value' 한 줄)",
			EN: "%q: a header's name is a token and its value holds no CR, LF or other control character (one line 'Name: value')"},
		"report.merge.same_file": {
			KO: "같은 파일을 두 번 주었습니다 (%s, %s): 합치면 모든 수가 두 배가 됩니다. 한 번만 주세요",
			EN: "%s and %s are the same file: merging them would double every count; give it once"},
		"report.merge.same_run": {
			KO: "같은 실행의 결과를 두 번 주었습니다 (%s, %s, 실행 ID %s): 합치면 모든 수가 두 배가 됩니다. 한 번만 주세요",
			EN: "%s and %s are the same run (id %s): merging them would double every count; give it once"},
		"report.merge.models": {
			KO: "모델이 다른 결과는 합칠 수 없습니다 (%s: %s 모델, %s: %s 모델): 모델이 같은 결과만 합칩니다",
			EN: "%s (%s model) and %s (%s model) cannot be merged: only results of one model merge"},
		"report.flag.files": {
			KO: "결과 파일을 하나 이상 주세요 (waitlab load --out FILE로 만든 것)",
			EN: "give one or more result files (written by waitlab load --out FILE)"},

		"load.bytes": {
			KO: "수신        %s (워밍업 포함)",
			EN: "received    %s (warm-up included)"},
	})
}
