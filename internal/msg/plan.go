package msg

// `waitlab plan`: the sizing answer, its curve, cost, cross-check,
// slowdown and confirmation.
func init() {
	Register(map[string]Entry{
		"plan.summary": {
			KO: "SLO를 지키는 가장 작은 스레드 풀, 루프 수, 오프로드 풀을 시뮬레이터로 찾고 곡선, 무릎, 비용을 보여 줍니다",
			EN: "find the smallest pool, loop count or offload pool that meets an SLO, with the curve, the knee and the cost"},
		"plan.knob.threads":      {KO: "스레드", EN: "threads"},
		"plan.knob.loops":        {KO: "이벤트 루프", EN: "loops"},
		"plan.knob.offload-pool": {KO: "오프로드 스레드", EN: "offload threads"},
		"plan.knob.carriers":     {KO: "캐리어", EN: "carriers"},
		"plan.knob.cores":        {KO: "코어", EN: "cores"},
		"plan.res.threads":       {KO: "스레드", EN: "threads"},
		"plan.res.loops":         {KO: "루프", EN: "loops"},
		"plan.res.offload-pool":  {KO: "오프로드 풀", EN: "offload pool"},
		"plan.res.carriers":      {KO: "캐리어", EN: "carriers"},
		"plan.res.cores":         {KO: "CPU 코어", EN: "CPU cores"},
		"plan.res.lock":          {KO: "공유 락", EN: "shared lock"},
		"plan.question": {
			KO: "질문: %[1]s 수를 %[2]d부터 %[3]d까지 바꿔 가며 %[4]s 조건을 모두 지키는 가장 작은 값을 찾습니다",
			EN: "question: the smallest number of %[1]s from %[2]d to %[3]d that meets %[4]s"},
		"plan.method.open": {
			KO: "방법: 개방형 모델 도착, 크기마다 시드 %d개로 시작(경계 근처는 최대 %d개까지, 실제로 가장 많이 쓴 것은 %d개), 시드마다 요청 %s건 중 처음 %s건은 워밍업으로 빼고 계산. 시뮬레이션한 크기는 %d개, 요청은 모두 %s건",
			EN: "method: open-model arrivals, %d seeds per size (up to %d near the bound; the most used: %d), %s requests per seed with the first %s left out as warm-up; %d sizes simulated, %s requests in all"},
		"plan.method.closed": {
			KO: "방법: 폐쇄형 모델(가상 사용자), 크기마다 시드 %d개로 시작(경계 근처는 최대 %d개까지, 실제로 가장 많이 쓴 것은 %d개), 시드마다 요청 %s건 중 처음 %s건은 워밍업으로 빼고 계산. 시뮬레이션한 크기는 %d개, 요청은 모두 %s건",
			EN: "method: closed model (virtual users), %d seeds per size (up to %d near the bound; the most used: %d), %s requests per seed with the first %s left out as warm-up; %d sizes simulated, %s requests in all"},
		"plan.method.burst": {
			KO: "방법: 요청 %d건이 한꺼번에 도착하는 묶음, 크기마다 시드 %d개(최대 %d개, 실제로 가장 많이 쓴 것은 %d개). 시뮬레이션한 크기는 %d개, 요청은 모두 %s건",
			EN: "method: a batch of %d requests arriving at once, %d seed{s} per size (up to %d; the most used: %d); %d sizes simulated, %s requests in all"},
		"plan.answer": {
			KO: "답: %[2]s %[1]d개면 모든 SLO를 지킵니다 (%[3]s)",
			EN: "answer: %[1]d %[2]s meet every SLO (%[3]s)"},
		"plan.answer.none": {
			KO: "답 없음: %d부터 %d까지 어느 크기도 모든 SLO를 지키지 못합니다",
			EN: "no answer: no size from %d to %d meets every SLO"},
		"plan.limit.other": {
			KO: "크기 %d에서 가장 바쁜 자원은 %s입니다 (처리 한계 초당 %s건, 사용률 %s). 이 자원을 늘리지 않으면 이 조절 항목을 키워도 소용없습니다",
			EN: "at %d the busiest resource is the %s (capacity %s/s, utilisation %s): turning this knob further cannot help until that resource grows"},
		"plan.limit.util": {
			KO: "크기 %d에서 가장 바쁜 자원은 %s입니다 (처리 한계 초당 %s건, 사용률 %s)",
			EN: "at %d the busiest resource is the %s (capacity %s/s, utilisation %s)"},
		"plan.limit": {
			KO: "크기 %d에서 가장 바쁜 자원은 %s입니다 (처리 한계 초당 %s건)",
			EN: "at %d the busiest resource is the %s (capacity %s/s)"},
		"plan.unreachable": {
			KO: "곡선에서 가장 좋은 %s 값은 %s(크기 %d)입니다. 이 조절 항목만 키워서는 %s 조건에 닿지 못합니다",
			EN: "the best %s on the curve is %s (at %d): turning this knob alone cannot reach %s"},
		"plan.below": {
			KO: "하나 적은 %d에서는: %s",
			EN: "one fewer, %d: %s"},
		"plan.overloaded": {
			KO: "과부하 (가장 바쁜 자원 사용률 %s): 요청이 끝나는 속도보다 빨리 도착해 대기열이 계속 늘어납니다",
			EN: "overloaded (busiest resource at %s): requests arrive faster than they finish and the queue keeps growing"},
		"plan.knee": {
			KO: "무릎: %d. 이보다 키우면 하나 늘릴 때마다 얻는 것이 작아집니다",
			EN: "knee: %d; beyond it each step buys less"},
		"plan.spread": {
			KO: "답의 크기는 시드 %d개, 표본 %s개로 쟀고, 곡선 전체에서 첫 SLO 수치의 시드 간 차이는 가장 클 때 %s였습니다",
			EN: "the answer rests on %d seed{s} and %s samples; across the curve the first SLO's figure varied by up to %s between seeds"},
		"plan.spread.seeds": {
			KO: "답의 크기는 시드 %d개로 쟀고, 곡선 전체에서 첫 SLO 수치의 시드 간 차이는 가장 클 때 %s였습니다",
			EN: "the answer rests on %d seed{s}; across the curve the first SLO's figure varied by up to %s between seeds"},
		"plan.few": {
			KO: "주의: 답의 수치가 너무 적은 표본(%d개)에 기대고 있습니다. 백분위 너머에 표본이 100개는 있어야 안정적입니다. --requests나 --seeds를 늘리세요 (max는 늘 표본 하나에 기댑니다)",
			EN: "caution: the answer's figures rest on too few samples (%d): a percentile needs 100 samples beyond it to be stable; raise --requests or --seeds (a max always rests on one sample)"},
		"plan.borderline": {
			KO: "주의: 답이나 하나 적은 크기는 시드 %d개로도 SLO 경계와 잡음 범위 안에서 갈립니다. 아슬아슬한 답입니다",
			EN: "caution: at the answer or one below, the SLO's bound is within the noise even with %d seeds: a close call"},
		"plan.curve":         {KO: "곡선:", EN: "curve:"},
		"plan.col.analytic":  {KO: "%s 이론값", EN: "%s theory"},
		"plan.col.seeds":     {KO: "시드", EN: "seeds"},
		"plan.col.spread":    {KO: "시드 간 범위(%s)", EN: "%s over seeds"},
		"plan.col.rps":       {KO: "처리량/s", EN: "rps"},
		"plan.col.busiest":   {KO: "가장 바쁜 자원", EN: "busiest"},
		"plan.col.met":       {KO: "충족", EN: "met"},
		"plan.notsim":        {KO: "(과부하)", EN: "(overload)"},
		"plan.met.yes":       {KO: "예", EN: "yes"},
		"plan.met.no":        {KO: "아니오", EN: "no"},
		"plan.met.cut":       {KO: "중단", EN: "interrupted"},
		"plan.met.overload":  {KO: "과부하", EN: "overload"},
		"plan.met.close":     {KO: "(아슬아슬)", EN: "(close)"},
		"plan.met.few":       {KO: "(표본 적음)", EN: "(few samples)"},
		"plan.cost":          {KO: "더 키우는 비용:", EN: "cost of going bigger:"},
		"plan.col.osthreads": {KO: "OS 스레드", EN: "OS threads"},
		"plan.col.vthreads":  {KO: "가상 스레드(최대)", EN: "virtual threads (peak)"},
		"plan.col.memory":    {KO: "스택 메모리", EN: "stack memory"},
		"plan.col.switches":  {KO: "문맥 전환/s (추정)", EN: "switches/s (est.)"},
		"plan.today":         {KO: "(지금)", EN: "(today)"},
		"plan.cost.assume": {
			KO: "가정: 플랫폼 스레드 하나가 스택 %d MiB를 예약(JVM 기본 -Xss, 64비트 Linux), 가상 스레드나 고루틴 하나는 %d KiB. 문맥 전환은 OS 스레드를 재우는 대기마다 두 번(잠들기, 깨우기)으로 추정하며, 등록된 대기와 언마운트된 가상 스레드에는 없습니다",
			EN: "assumed: a platform thread reserves a %d MiB stack (the JVM's default -Xss on 64-bit Linux), a virtual thread or goroutine %d KiB; context switches are estimated as two (park, wake) per wait that parks an OS thread, none for registered waits or unmounted virtual threads"},
		"plan.cross": {
			KO: "이론 검산 (%s, 도착률 초당 %s건, 평균 점유 시간 %s ms):",
			EN: "cross-check (%s, arrival rate %s/s, mean holding time %s ms):"},
		"plan.cross.approx": {
			KO: "%s 근사(Cosmetatos)",
			EN: "%s, Cosmetatos approximation"},
		"plan.cross.none":    {KO: "범위 안에 없음", EN: "none in range"},
		"plan.cross.answers": {KO: "시뮬레이션의 답 %s, 이론의 답 %s", EN: "simulated answer %s, analytic answer %s"},
		"plan.cross.agree": {
			KO: "일치합니다. 시뮬레이션과 이론의 차이는 가장 클 때 %s (크기 %d), 허용 %s",
			EN: "they agree: the largest difference between simulation and theory is %s (at %d), tolerance %s"},
		"plan.cross.disagree": {
			KO: "불일치! 답이 다르거나 차이가 허용 범위를 넘습니다: 가장 큰 차이 %s (크기 %d), 허용 %s",
			EN: "DISAGREEMENT: the answers differ or a figure is off: largest difference %s (at %d), tolerance %s"},
		"plan.cross.without": {
			KO: "닫힌 식이 없어 검산에서 뺀 SLO: %s",
			EN: "SLOs without a closed form, left out of the cross-check: %s"},
		"plan.slow": {
			KO: "대기가 %v에서 %v{으로/로} 늘어나면:",
			EN: "when the %v waits become %v:"},
		"plan.slow.answer": {
			KO: "같은 SLO에 %[2]s %[1]d개가 필요합니다 (지금 답은 %[3]d개)",
			EN: "the same SLOs need %[1]d %[2]s (the answer today: %[3]d)"},
		"plan.slow.none": {
			KO: "%[2]s %[1]d개까지 어느 크기도 같은 SLO를 지키지 못합니다",
			EN: "no size up to %[1]d %[2]s meets the same SLOs"},
		"plan.slow.today": {
			KO: "지금 크기(%[2]s %[1]d개)에서는: %[3]s",
			EN: "at today's size (%[1]d %[2]s): %[3]s"},
		"plan.slow.little": {
			KO: "리틀의 법칙: 초당 %s건 × 평균 %s ms = 동시에 %s건이 처리 중이고, 그중 대기열에서 기다리는 요청은 평균 %s건입니다",
			EN: "Little's law: %s/s × %s ms mean = %s requests in flight, %s of them waiting in the queue on average"},
		"plan.slow.excess": {
			KO: "스레드를 잡고 있어야 하는 요청이 평균 %s건인데 스레드는 %d개뿐이라, 적어도 %s건은 대기열에서 기다리거나(제한된 대기열이면) 버려집니다",
			EN: "%s requests need a thread at once on average but there are %d threads: at least %s wait in the queue (or are shed by a bounded one)"},
		"plan.slow.fits": {
			KO: "스레드를 잡고 있어야 하는 요청은 평균 %s건으로, 스레드 %d개 안에 들어갑니다",
			EN: "%s requests need a thread at once on average, within the %d threads"},
		"plan.slow.growth": {
			KO: "처리할 수 있는 것보다 초당 %s건이 더 도착합니다: 대기열이 그만큼씩 늘거나 그만큼 버려집니다",
			EN: "%s more requests arrive each second than can complete: the queue grows by that much each second, or that many are shed"},
		"plan.note.oneseed": {
			KO: "이 묶음에는 시드로 뽑는 값이 없어(고정 분포, spread 배치) 시드 하나로 충분합니다",
			EN: "nothing in this batch is drawn from the seed (fixed times, spread placement): one seed is the whole answer"},
		"plan.note.saturation": {
			KO: "주의: 답(%d)에서 가장 바쁜 자원(%s)의 사용률이 %.1f%%입니다. 포화에 가까우면 꼬리 지연이 실행마다 크게 흔들리니, 하나 둘 더 두는 편이 안정적입니다",
			EN: "caution: at the answer (%d) the busiest resource (%s) runs at %.1f%%: this close to saturation the tail swings widely from run to run; a size or two more buys stability"},
		"plan.note.cores": {
			KO: "코어 수가 주어지지 않아 지금 스레드 수인 %d개로 고정했습니다 (--cores로 바꿀 수 있습니다)",
			EN: "cores not given: fixed at today's thread count, %d (set --cores)"},
		"plan.note.loops.cap": {
			KO: "이벤트 루프는 코어보다 많이 두지 않으므로 최댓값을 %d에서 코어 수 %d개로 줄였습니다",
			EN: "loops never outnumber the cores: the maximum %d is capped at the %d cores"},
		"plan.note.loops.never": {
			KO: "코어 수(%d)까지 루프를 늘려도 SLO를 지키지 못합니다. 루프 수가 문제가 아닙니다: 루프를 막는 호출을 오프로드하거나 코어를 늘리세요",
			EN: "no loop count up to the %d cores meets the SLO: the loop count is not the limit; offload the blocking calls or add cores"},
		"plan.note.nonmonotone.above": {
			KO: "주의: 답보다 큰 %d에서는 SLO를 지키지 못합니다 (답 %d). 곡선이 단조롭지 않으니 곡선을 직접 보세요",
			EN: "caution: %d, above the answer %d, does not meet the SLO: the curve is not monotone, read it yourself"},
		"plan.note.nonmonotone.below": {
			KO: "주의: 답보다 작은 %d에서도 SLO를 지킵니다 (답 %d). 곡선이 단조롭지 않으니 곡선을 직접 보세요",
			EN: "caution: %d, below the answer %d, also meets the SLO: the curve is not monotone, read it yourself"},

		"plan.err.slo.none": {
			KO: "SLO가 없습니다. 예: --slo 'p99<200ms' 또는 --slo 'rps>1000'",
			EN: "no SLO given: add one, e.g. --slo 'p99<200ms' or --slo 'rps>1000'"},
		"plan.err.slo.long": {
			KO: "SLO가 너무 깁니다 (%d자까지)",
			EN: "the SLO is too long (up to %d characters)"},
		"plan.err.slo.syntax": {
			KO: "SLO %q: 지표<값 또는 지표>값으로 쓰세요. 예: p99<200ms, normal.p99<80ms, rps>1000",
			EN: "SLO %q: write METRIC<VALUE or METRIC>VALUE, e.g. p99<200ms, normal.p99<80ms or rps>1000"},
		"plan.err.slo.metric": {
			KO: "SLO %q: 알 수 없는 지표 %q. p50, p90, p99, p99.9, max, mean(앞에 queue_를 붙이면 대기열 대기), rps, batch 중에서 고르고, 클래스는 normal.p99처럼 앞에 붙이세요",
			EN: "SLO %q: unknown metric %q; use p50, p90, p99, p99.9, max, mean (queue_p99 ... for the queue wait), rps or batch, with a class in front as in normal.p99"},
		"plan.err.slo.rpsclass": {
			KO: "SLO %q: 처리량과 묶음 처리 시간은 클래스별로 따로 재지 않습니다. 클래스 이름을 빼세요",
			EN: "SLO %q: throughput and batch time are not per class: drop the class"},
		"plan.err.slo.rate": {
			KO: "SLO %q: %s에는 초당 요청 수를 쓰세요. 예: rps>1000",
			EN: "SLO %q: %s takes requests per second, e.g. rps>1000"},
		"plan.err.slo.floor": {
			KO: "SLO %q: %s 지표는 하한입니다. 크기를 키울수록 좋아지는 쪽으로 쓰세요: %s>%s",
			EN: "SLO %q: %s is a floor; write it the way a bigger size helps: %s>%s"},
		"plan.err.slo.duration": {
			KO: "SLO %q: %s에는 0보다 큰 시간을 쓰세요. 예: p99<200ms",
			EN: "SLO %q: %s takes a duration above 0, e.g. p99<200ms"},
		"plan.err.slo.ceiling": {
			KO: "SLO %q: %s 지표는 상한입니다. 크기를 키울수록 좋아지는 쪽으로 쓰세요: %s<%s",
			EN: "SLO %q: %s is a ceiling; write it the way a bigger size helps: %s<%s"},
		"plan.err.slo.class": {
			KO: "SLO %q: 클래스 %q: 시나리오에 없습니다. 있는 클래스: %s",
			EN: "SLO %q: the scenario has no class %q; its classes: %s"},
		"plan.err.slo.batch": {
			KO: "SLO %q: batch(묶음 처리 시간)는 요청이 한꺼번에 도착할 때(burst)만 뜻이 있습니다. 이 시나리오의 도착은 %s입니다. p99나 rps를 쓰세요",
			EN: "SLO %q: batch time means something only for a burst; this scenario's arrival is %s: use p99 or rps"},
		"plan.err.knob.unknown": {
			KO: "알 수 없는 조절 항목 %q: threads, loops, offload-pool, carriers, cores 중에서 고르세요",
			EN: "unknown knob %q: use threads, loops, offload-pool, carriers or cores"},
		"plan.err.knob.model": {
			KO: "조절 항목 %s: %s 모델에는 없습니다. 이 모델의 조절 항목은 %s(또는 cores)입니다",
			EN: "the %s knob does not exist in the %s model: its knob is %s (or cores)"},
		"plan.err.range": {
			KO: "--min은 1부터 %[2]d 사이여야 합니다 (받은 값: %[1]d)",
			EN: "--min must be from 1 to %[2]d (got %[1]d)"},
		"plan.err.max": {
			KO: "--max는 --min(%[2]d) 이상, %[3]d 이하여야 합니다 (받은 값: %[1]d)",
			EN: "--max must be at least --min (%[2]d) and at most %[3]d (got %[1]d)"},
		"plan.err.loops.min": {
			KO: "--min 값 %d: 코어 수 %d보다 큽니다. 이벤트 루프는 코어보다 많이 두지 않습니다",
			EN: "--min %d is above the %d cores: loops never outnumber the cores"},
		"plan.err.requests": {
			KO: "시드마다 요청 수는 100부터 %[2]d 사이여야 합니다 (받은 값: %[1]d). 표본을 늘리려면 --seeds를 늘리세요",
			EN: "requests per seed must be from 100 to %[2]d (got %[1]d); for more samples raise --seeds"},
		"plan.err.seeds": {
			KO: "--seeds는 1부터 100 사이여야 합니다 (받은 값: %d)",
			EN: "--seeds must be from 1 to 100 (got %d)"},
		"plan.err.slowdown.syntax": {
			KO: "%q: 원래대기:늘어난대기로 쓰세요. 예: 2ms:50ms",
			EN: "%q: write FROM:TO, e.g. 2ms:50ms"},
		"plan.err.slowdown.nomatch": {
			KO: "시나리오에 %s짜리 대기가 없습니다. 있는 대기: %s",
			EN: "the scenario has no wait of %s; its waits: %s"},
		"plan.err.svg.write": {
			KO: "SVG 파일을 쓰지 못했습니다 (%s): %v",
			EN: "cannot write the SVG file %s: %v"},
		"plan.err.args": {
			KO: "waitlab plan은 인자를 받지 않습니다 (받은 것: %s). 설정은 플래그로 주세요",
			EN: "waitlab plan takes no arguments (got %s): use flags"},
		"plan.err.confirm.none": {
			KO: "--confirm: 확인할 답이 없습니다",
			EN: "--confirm: there is no answer to confirm"},
		"plan.err.via": {
			KO: "--via %q: process, http, jvm 중 하나를 쓰세요",
			EN: "--via %q: use process, http or jvm"},
		"plan.err.confirm.runs": {
			KO: "--confirm-runs는 1부터 20 사이여야 합니다 (받은 값: %d)",
			EN: "--confirm-runs must be from 1 to 20 (got %d)"},

		"plan.progress": {
			KO: "시뮬레이션 중: 크기 %d개 끝, 방금 %d (Ctrl-C로 멈춤)",
			EN: "simulating: %d sizes done, the last %d (Ctrl-C stops)"},
		"plan.progress.one": {
			KO: "시뮬레이션 중: 크기 %d개 끝, 방금 %d (Ctrl-C로 멈춤)",
			EN: "simulating: %d size done, the last %d (Ctrl-C stops)"},
		"plan.progress.confirm": {
			KO: "실제 실행으로 확인 중: 크기 %d, %d/%d회째 (0회째는 워밍업)",
			EN: "confirming for real: size %d, run %d of %d (run 0 is the warm-up)"},
		"plan.confirm.head.process": {
			KO: "실제로 확인 (이 기계, 프로세스 안에서 실제 스레드로 실행):",
			EN: "confirmed for real (this machine, in process, real threads):"},
		"plan.confirm.head.http": {
			KO: "실제로 확인 (HTTP로 waitlab target에 부하를 걸어):",
			EN: "confirmed for real (over HTTP against waitlab target):"},
		"plan.col.slo":       {KO: "SLO", EN: "SLO"},
		"plan.col.predicted": {KO: "예측", EN: "predicted"},
		"plan.col.measured":  {KO: "측정(중앙값)", EN: "measured (median)"},
		"plan.col.range":     {KO: "측정 범위", EN: "measured range"},
		"plan.confirm.runs": {
			KO: "%[2]s %[1]d개: 실제 실행 %[3]d회(워밍업 1회 제외), 요청 %[4]s건 중 처음 %[5]s개는 워밍업으로 빼고 계산, 처리량 예측 초당 %[6]s건, 측정 초당 %[7]s건",
			EN: "%[1]d %[2]s: %[3]d real run{s} after one uncounted warm-up, %[4]s requests with the first %[5]s left out; throughput predicted %[6]s/s, measured %[7]s/s"},
		"plan.confirm.cut": {
			KO: "%[2]s %[1]d개의 실제 확인이 중단되었습니다. 위의 답은 모델의 답이고, 실제로 지키는지는 판정하지 않았습니다",
			EN: "the real confirmation of %[1]d %[2]s was interrupted: the answer above is the model's, and whether it holds for real was not judged"},
		"plan.confirm.interrupted": {
			KO: "크기 %d의 실제 실행이 중단되었습니다. 이 수치로는 판정하지 않습니다",
			EN: "the real run of %d was interrupted: its figures pass no verdict"},
		"plan.confirm.few": {
			KO: "크기 %d의 짧은 실제 실행은 백분위 너머 표본이 100개가 안 됩니다. 예측과 측정이 우연만으로도 달라질 수 있습니다",
			EN: "the short real run of %d has fewer than 100 samples beyond the percentile: predicted and measured may differ by chance alone"},
		"plan.confirm.load": {
			KO: "부하: 1분 평균 %.1f (CPU %d개)",
			EN: "load: 1-minute average %.1f on %d CPUs"},
		"plan.confirm.warning": {KO: "주의: %s", EN: "warning: %s"},
		"plan.confirm.env": {
			KO: "환경: %s, Go %s, CPU %d개, 커널 %s",
			EN: "environment: %s, Go %s, %d CPUs, kernel %s"},
		"plan.confirm.held.sep": {
			KO: "답이 실제로도 맞았습니다: %[2]s %[1]d개는 SLO를 지키고, 하나 적은 %[3]d개는 지키지 못합니다",
			EN: "the answer held for real: %[1]d %[2]s meet the SLOs and %[3]d do not"},
		"plan.confirm.held": {
			KO: "%[2]s %[1]d개는 실제로도 SLO를 지킵니다. 다만 하나 적은 크기도 실제로는 지켰습니다 (이 기계에서는 답이 더 작을 수 있습니다)",
			EN: "%[1]d %[2]s meet the SLOs for real; the size below did too on this machine (the answer here may be smaller)"},
		"plan.confirm.failed": {
			KO: "%[2]s %[1]d개가 실제로는 SLO를 지키지 못했습니다. 모델과 이 기계가 다릅니다 (모델보다 적은 코어, 같은 기계의 다른 작업, 깨어나는 지연 등. 위 경고, 환경, 부하를 보세요)",
			EN: "%[1]d %[2]s did NOT meet the SLOs for real: the model and this machine differ (fewer cores than the model, other work on the machine, wake-up latency; see the warnings, environment and load above)"},
		"plan.svg.title": {
			KO: "%s 수에 따른 %s (SLO %s)",
			EN: "%[2]s against %[1]s (SLO %[3]s)"},
		"plan.svg.sim":      {KO: "시뮬레이션 (막대: 시드 간 범위)", EN: "simulated (bar: range over seeds)"},
		"plan.svg.analytic": {KO: "이론 (%s)", EN: "theory (%s)"},
		"plan.svg.slo":      {KO: "SLO", EN: "SLO"},
		"plan.svg.answer":   {KO: "답 %d", EN: "answer %d"},
		"plan.svg.knee":     {KO: "무릎 %d", EN: "knee %d"},
		"plan.svg.done": {
			KO: "곡선을 %s에 썼습니다",
			EN: "curve written to %s"},
	})
}
