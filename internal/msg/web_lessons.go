package msg

// The web lab's question texts (a preset's setup, without its answer),
// the lessons of the source page, the labels of runs, and the page's words
// for a real run's line and a wait of nothing.
func init() {
	Register(map[string]Entry{
		// A preset's setup: what the learner is asked about, never the
		// outcome (that is "preset.NAME", shown once the answer is).
		"web.setup.lab-pool":          {KO: "스레드 4개짜리 풀, 요청 12건, 요청마다 2초 대기", EN: "a pool of 4 threads, 12 requests that each wait 2 s"},
		"web.setup.lab-loop":          {KO: "이벤트 루프 2개, 요청 12건, 논블로킹 대기 2초", EN: "2 event loops, 12 requests, non-blocking waits of 2 s"},
		"web.setup.lab-loop-blocking": {KO: "이벤트 루프 2개, 요청 12건, 대기 2초가 루프를 막음 (블로킹)", EN: "2 event loops, 12 requests, waits of 2 s that block the loop"},
		"web.setup.lab-virtual":       {KO: "캐리어 2개 위의 가상 스레드, 요청 12건, 블로킹 코드로 2초 대기", EN: "virtual threads on 2 carriers, 12 requests, blocking code that waits 2 s"},
		"web.setup.lab-pool-10x30":    {KO: "스레드 10개짜리 풀, 요청 30건, 요청마다 2초 대기", EN: "a pool of 10 threads, 30 requests that each wait 2 s"},
		"web.setup.ch15-none":         {KO: "루프 8개, 요청 2,000건(각 CPU 200 µs), 블로킹 없음", EN: "8 loops, 2,000 requests of 200 µs CPU, no blocking"},
		"web.setup.ch15-onloop":       {KO: "루프 8개, 요청의 1%(20건)가 루프 위에서 100 ms 동안 블로킹", EN: "8 loops, 1% of requests (20) block the loop for 100 ms"},
		"web.setup.ch15-offload64":    {KO: "같은 블로킹 호출을 오프로드 풀(스레드 64개)로 넘김", EN: "the same blocking calls handed to an offload pool of 64 threads"},
		"web.setup.ch15-offload4":     {KO: "같은 블로킹 호출을 오프로드 풀(스레드 4개)로 넘김", EN: "the same blocking calls handed to an offload pool of 4 threads"},
		"web.setup.fanout-seq":        {KO: "가상 스레드, 캐리어 2개, 요청 12건이 각각 하위 호출 10번(0.2초씩)을 차례로 보냅니다", EN: "virtual threads on 2 carriers, 12 requests, each making 10 downstream calls of 0.2 s one after another"},
		"web.setup.fanout":            {KO: "가상 스레드, 캐리어 2개, 요청 12건이 각각 하위 호출 10번(0.2초씩)을 동시에 보냅니다", EN: "virtual threads on 2 carriers, 12 requests, each making 10 downstream calls of 0.2 s at once"},
		"web.setup.fanout-pool":       {KO: "스레드 4개짜리 풀에 요청 12건, 요청마다 하위 호출 10번(0.2초씩)을 팬아웃 풀 스레드 4개에서 동시에 보냅니다", EN: "a pool of 4 threads, 12 requests, each making 10 downstream calls of 0.2 s at once on a fan-out pool of 4"},
		"web.setup.fanout-pipelined":  {KO: "가상 스레드, 캐리어 2개, 요청 12건이 각각 하위 호출 10번을 한 번의 왕복(파이프라인)에 모두 보냅니다", EN: "virtual threads on 2 carriers, 12 requests, each sending its 10 downstream calls in one round trip (pipelined)"},

		// How a request's downstream calls are made: the fan-out lab's
		// first narration line.
		"web.calls.sequential": {
			KO: "요청마다 %d번의 하위 호출(각 %s)을 차례로 합니다. 대기가 더해져 요청 하나가 %s 기다립니다.",
			EN: "Each request makes its %d downstream calls of %s one after another: the waits add up to %s a request."},
		"web.calls.parallel": {
			KO: "요청마다 %d번의 하위 호출(각 %s)을 동시에 합니다. 요청은 가장 긴 호출 하나만큼(%[2]s) 기다립니다.",
			EN: "Each request makes its %d downstream calls of %s at once: it waits as long as the longest one (%[2]s)."},
		"web.calls.pool": {
			KO: "요청마다 %d번의 하위 호출(각 %s)을 팬아웃 풀로 넘기고, 스레드를 붙잡은 채 모두 끝나길 기다립니다. 호출 %[4]d건을 풀의 스레드 %[3]d개가 나눠 합니다.",
			EN: "Each request hands its %d downstream calls of %s to the fan-out pool and waits for them, holding its thread: the pool's %d threads make all %d calls between them."},
		"web.calls.pipelined": {
			KO: "요청마다 %d번의 하위 호출을 한 번의 왕복에 모두 보냅니다(파이프라이닝). 대기는 %s 한 번뿐입니다.",
			EN: "Each request sends its %d downstream calls in one round trip (pipelining): one wait of %s, not one per call."},

		// Size it, as a page element: the answer, the curve as bars and a
		// table (the plan's own report and picture behind a disclosure).
		"web.size.n.threads":      {KO: "스레드 %d개", EN: "%d threads"},
		"web.size.n.loops":        {KO: "루프 %d개", EN: "%d loops"},
		"web.size.n.offload-pool": {KO: "오프로드 스레드 %d개", EN: "%d offload threads"},
		"web.size.n.carriers":     {KO: "캐리어 %d개", EN: "%d carriers"},
		"web.size.n.cores":        {KO: "코어 %d개", EN: "%d cores"},
		"web.size.answer":         {KO: "답: %s면 %s{을/를} 지킵니다 (%s).", EN: "Answer: %s meet %s (%s)."},
		"web.size.below":          {KO: "하나 적은 %s에서는 %s입니다.", EN: "One fewer, %s: %s."},
		"web.size.none":           {KO: "%d부터 %d까지 어느 크기도 %s{을/를} 지키지 못합니다.", EN: "No size from %d to %d meets %s."},
		"web.size.col.size":       {KO: "크기", EN: "Size"},
		"web.size.col.met":        {KO: "목표", EN: "Objective"},
		"web.size.met":            {KO: "지킴", EN: "met"},
		"web.size.missed":         {KO: "못 지킴", EN: "missed"},
		"web.size.bars":           {KO: "크기마다의 %s", EN: "%s at each size"},
		"web.size.report":         {KO: "waitlab plan이 출력하는 보고서와 곡선 그대로", EN: "The report and curve as waitlab plan prints them"},

		// Request classes, as the result rows name them.
		"web.class.blocking": {KO: "블로킹", EN: "blocking"},
		"web.class.normal":   {KO: "일반", EN: "normal"},

		"web.predict.first": {
			KO: "먼저 예측을 적어 주세요 (예: 6 또는 6초). 예측 없이 보려면 '답 보기'를 누르세요",
			EN: "type your guess first (e.g. 6 or 6 s), or press Show the answer to skip it"},
		"web.ref.hidden":         {KO: "예측 뒤에 공개", EN: "shown after your guess"},
		"web.col.published.book": {KO: "책의 실측값", EN: "Book's measurement"},

		// Settings in a run's label, in the page's language.
		"web.kv.threads":      {KO: "스레드 %s개", EN: "threads=%s"},
		"web.kv.requests":     {KO: "요청 %s건", EN: "requests=%s"},
		"web.kv.calls":        {KO: "하위 호출 %s번", EN: "calls=%s"},
		"web.kv.cores":        {KO: "코어 %s개", EN: "cores=%s"},
		"web.kv.offload_pool": {KO: "오프로드 풀 %s개", EN: "offload pool=%s"},
		"web.kv.fanout_pool":  {KO: "팬아웃 풀 %s개", EN: "fan-out pool=%s"},
		"web.kv.wait":         {KO: "대기 %s", EN: "wait=%s"},

		// A real run in line.
		"web.status.line": {
			KO: "줄을 서서 기다리는 중: 앞에 실제 실행 %d개가 있습니다 (차례가 오면 약 %s)",
			EN: "waiting in line: %d real run{s} ahead (then about %s)"},
		"web.status.line.run": {
			KO: "이 컴퓨터에서 실제로 돌리는 중… %s 지남 (워밍업 실행 포함 약 %s)",
			EN: "running for real on this machine… %s so far (about %s with the warm-up run)"},
		"web.real.at02": {KO: "대기 0.2초로 실제로 돌리기", EN: "Run it for real at 0.2 s waits"},
		"web.err.zero.work": {
			KO: "대기도 CPU 작업도 0이면 요청이 시간을 전혀 쓰지 않아 볼 것이 없습니다. 대기를 0보다 크게 주세요 (예: 200ms)",
			EN: "with no wait and no CPU work a request takes no time, so there is nothing to see: give a wait above 0 (e.g. 200ms)"},
		"web.err.field.dur": {
			KO: "시간을 주세요 (예: 2초, 2.5, 200ms). 받은 값: %s",
			EN: "give a time (e.g. 2 s, 2.5, 200ms); got %s"},

		"web.err.block.needs.fraction": {
			KO: "블로킹 호출 시간은 블로킹 비율과 함께 씁니다. 비율을 0보다 크게 주세요 (예: 0.01)",
			EN: "a blocking call's duration needs a blocking fraction: give one above 0 beside it (e.g. 0.01)"},
		"web.err.offload.unused": {
			KO: "오프로드 풀은 offload 모델에서만 씁니다 (지금 모델은 %s). 0을 적거나 모델을 offload로 바꾸세요",
			EN: "the offload pool is used by the offload model only (this is %s): give 0, or choose the offload model"},
		"web.err.offload.missing": {
			KO: "offload 모델에는 오프로드 풀이 필요합니다 (지금 %d). 1 이상을 적으세요",
			EN: "the offload model needs an offload pool (got %d): give 1 or more"},
		"web.nav.probe": {KO: "내 서버 측정하기 →", EN: "Measure your own server →"},

		// The source page's lessons the lab keeps.
		"web.c.tomcat.t": {KO: "Tomcat의 스레드 모델", EN: "Tomcat's thread model"},
		"web.c.tomcat.d": {
			KO: "요청 하나가 스레드 하나를 끝까지 붙잡습니다. 기본 maxThreads는 200개이고, 스레드가 모두 일하고 있으면 새 요청은 대기열에서 기다립니다. 대기하는 동안 스레드는 아무것도 하지 않지만 다른 요청을 받을 수도 없습니다 (블로킹).",
			EN: "One request holds one thread to the end. The default maxThreads is 200, and when all are busy new requests wait in the queue. While it waits the thread does nothing, but it cannot take another request (blocking)."},
		"web.c.tradeoff.t": {KO: "그래도 블로킹 코드가 흔한 까닭", EN: "Why blocking code is everywhere"},
		"web.c.tradeoff.d": {
			KO: "블로킹 코드는 위에서 아래로 읽히고, 스택 트레이스가 그대로 남아 디버깅하기 쉽습니다. 그래서 어디에나 있습니다. 대가는 기다리는 동안 붙잡힌 스레드입니다.",
			EN: "Blocking code reads top to bottom and keeps its stack trace, so it is simple and easy to debug: that is why it is everywhere. Its price is the thread held while it waits."},
		"web.c.webflux.t": {KO: "WebFlux는 호출 경로 전체가 논블로킹이어야 합니다", EN: "WebFlux needs the whole call path non-blocking"},
		"web.c.webflux.d": {
			KO: "루프 몇 개가 모든 요청을 맡으므로, 경로 어디서든 블로킹 호출 하나가 그 루프의 요청을 모두 멈춥니다. JDBC 위의 JPA는 블로킹이라 WebFlux에 맞지 않습니다 (R2DBC 같은 논블로킹 드라이버가 필요합니다).",
			EN: "A few loops serve every request, so one blocking call anywhere on the path stalls every request on that loop. JPA over JDBC blocks, which is why it does not fit WebFlux (it needs a non-blocking driver such as R2DBC)."},
		"web.c.loops.t": {KO: "루프 수의 기본값", EN: "How many loops by default"},
		"web.c.loops.d": {
			KO: "이 실습은 루프 2개로 보여 주지만, 실제 기본값은 CPU 수를 따릅니다 (reactor.netty.ioWorkerCount). 실제 실행의 루프 모델은 Spring WebFlux 자체가 아니라, 같은 원리를 JDK만으로(여기서는 epoll로) 만든 것입니다.",
			EN: "This lab shows 2 loops, but the real default follows the CPU count (reactor.netty.ioWorkerCount). The real run's loop model is not Spring WebFlux itself, but the same principle with the JDK alone (here, epoll)."},
		"web.c.pinning.t": {KO: "가상 스레드의 고정(pinned)", EN: "Pinning of virtual threads"},
		"web.c.pinning.d": {
			KO: "JDK 21~23에서는 synchronized 안에서 기다리는 가상 스레드가 캐리어를 붙잡습니다(고정). JDK 24부터는 synchronized 때문에 고정되지 않습니다 (JEP 491). 네이티브 호출 안의 대기는 여전히 고정됩니다.",
			EN: "On JDK 21-23 a virtual thread that waits inside synchronized holds (pins) its carrier. From JDK 24 synchronized no longer pins (JEP 491); a wait inside a native call still does."},
	})
}
