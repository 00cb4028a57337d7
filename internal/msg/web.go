package msg

// The web lab (`waitlab serve`): its page, API errors, and the caps of its
// real runs. The page fetches every "web." entry in its language from
// GET /api/strings (with the format verbs left in; the page fills them), so
// this file is the page's only source of text.
func init() {
	Register(map[string]Entry{
		"err.trace.span.kind": {
			KO: "알 수 없는 구간 종류 %q입니다. cpu, hold, lock, ready 중 하나를 쓰세요",
			EN: "unknown span kind %q: use cpu, hold, lock or ready"},
		"lab.cap.requests": {
			KO: "이 실습의 실제 실행은 요청 %[2]d건까지입니다 (이 시나리오: %[1]d건). 요청 수를 줄이세요.",
			EN: "real runs here are capped at %[2]d requests (this one has %[1]d): lower the requests."},
		"lab.cap.threads": {
			KO: "이 실습의 실제 실행은 스레드 %[2]d개까지입니다 (이 시나리오: %[1]d개). 스레드나 오프로드 풀을 줄이세요.",
			EN: "real runs here are capped at %[2]d threads (this one needs %[1]d): lower the threads or the offload pool."},
		"lab.cap.wall": {
			KO: "이 실습의 실제 실행은 예상 시간 %.0[2]f초까지입니다 (이 시나리오는 워밍업 실행까지 약 %.1[1]f초). 요청 수나 대기 시간을 줄이세요.",
			EN: "real runs here are capped at %.0[2]f s of expected time (this one would take about %.1[1]f s with its warm-up run): lower the requests or the wait."},

		// Server and API.
		"web.serve.summary": {
			KO: "웹 실습을 띄웁니다: 예측하고, 시뮬레이션하고, 실제로 돌리고, 비교합니다",
			EN: "serve the web lab: predict, simulate, run for real, compare"},
		"web.serve.url": {
			KO: "waitlab 실습: %s",
			EN: "waitlab lab: %s"},
		"web.serve.loopback": {
			KO: "이 컴퓨터에서만 열 수 있습니다 (루프백 주소). 다른 컴퓨터와 나누려면 --listen 0.0.0.0:7070처럼 주소를 주세요.",
			EN: "reachable from this machine only (a loopback address); to share it, give --listen 0.0.0.0:7070 or another address."},
		"web.serve.public": {
			KO: "주의: %s에서 다른 컴퓨터도 접속할 수 있고, 누구나 이 컴퓨터에서 실제 실행을 시킬 수 있습니다 (한도: 요청 %d건, 스레드 %d개, %.0f초).",
			EN: "note: other machines can reach %s, and anyone who can may start real runs on this machine (caps: %d requests, %d threads, %.0f s)."},
		"web.serve.stop": {
			KO: "멈추려면 Ctrl-C를 누르세요.",
			EN: "press Ctrl-C to stop."},
		"web.serve.args": {
			KO: "serve는 인자를 받지 않습니다 (받은 것: %s). --listen과 --lang만 쓰세요",
			EN: "serve takes no arguments (got %s): use --listen and --lang only"},
		"web.serve.listen": {
			KO: "--listen %s에서 들을 수 없습니다: %v. 다른 포트를 주세요 (예: --listen 127.0.0.1:0은 빈 포트를 고릅니다)",
			EN: "cannot listen on --listen %s: %v; give another port (--listen 127.0.0.1:0 picks a free one)"},
		"web.err.body.big": {
			KO: "요청 본문이 너무 큽니다 (%d바이트까지). 시나리오 하나는 수백 바이트면 됩니다",
			EN: "the request body is too big (up to %d bytes); a scenario takes a few hundred"},
		"web.err.body.read": {
			KO: "요청 본문을 읽지 못했습니다: %s",
			EN: "could not read the request body: %s"},
		"web.err.body.json": {
			KO: "요청 본문은 JSON 객체여야 합니다 (시나리오, 또는 {\"preset\": 이름, ...}): %s",
			EN: "the request body must be a JSON object (a scenario, or {\"preset\": NAME, ...}): %s"},
		"web.err.type.int":    {KO: "정수를 주세요 (예: 4)", EN: "give a whole number (e.g. 4)"},
		"web.err.type.number": {KO: "숫자를 주세요 (예: 0.01)", EN: "give a number (e.g. 0.01)"},
		"web.err.type.bool":   {KO: "true나 false를 주세요", EN: "give true or false"},
		"web.err.type.string": {KO: "따옴표로 감싼 글자를 주세요 (예: \"200ms\")", EN: "give a quoted string (e.g. \"200ms\")"},
		"web.err.unknown.field": {
			KO: "모르는 항목입니다. 설정 항목 이름은 docs/web.md에 있습니다",
			EN: "unknown field; the settings' names are in docs/web.md"},
		"web.err.preset.unknown": {
			KO: "그런 프리셋은 없습니다 (%q). 다음 중에서 고르세요: %s",
			EN: "there is no preset %q; pick one of: %s"},
		"web.err.preset.and.scenario": {
			KO: "preset과 classes를 함께 줄 수 없습니다. 프리셋에 설정을 덧붙이거나, 시나리오 전체를 주세요",
			EN: "give either a preset with settings or a whole scenario (classes), not both"},
		"web.err.sim.big": {
			KO: "요청 %d건은 이 실습에서 시뮬레이션하기에 너무 많습니다. 1건에서 %d건까지 줄 수 있고, 더 큰 모델은 waitlab sim으로 돌리세요",
			EN: "%d requests are too many to simulate here: give 1 to %d, or simulate bigger scenarios with waitlab sim"},
		"web.err.sim.calls": {
			KO: "요청 %d건이 각각 하위 호출 %d번을 하면 이 실습에서 시뮬레이션하기에 너무 많습니다 (요청 수 × 호출 수 %d까지). 요청이나 호출을 줄이거나 waitlab sim으로 돌리세요",
			EN: "%d requests of %d downstream calls each are too much to simulate here (requests × calls up to %d): lower either, or use waitlab sim"},
		"web.err.sim.threads": {
			KO: "스레드 %d개는 이 실습에서 시뮬레이션하기에 너무 많습니다. 1개에서 %d개까지 줄 수 있고, 더 큰 모델은 waitlab sim으로 돌리세요",
			EN: "%d threads are too many to simulate here: give 1 to %d, or simulate bigger scenarios with waitlab sim"},
		"web.err.sim.slow": {
			KO: "이 시뮬레이션은 %.0f초 안에 끝나지 않아 멈췄습니다. 요청이나 호출을 줄이거나 waitlab sim으로 돌리세요",
			EN: "this simulation did not finish within %.0f s and was stopped: lower the requests or calls, or use waitlab sim"},
		"web.err.nojdk": {
			KO: "이 서버에는 돌릴 수 있는 JDK가 없습니다. 서버를 띄운 사람에게 알려 주세요: %s",
			EN: "This server has no JDK it can run on; tell whoever runs it: %s"},
		"web.err.engine": {
			KO: "그런 서버는 없습니다 (engine %q). go, tomcat, netty 중 하나를 쓰세요",
			EN: "no server %q (engine): use go, tomcat or netty"},
		"web.err.engine.via": {
			KO: "engine은 HTTP로 돌릴 때만 뜻이 있습니다 (via=http 또는 both)",
			EN: "engine means something only over HTTP (via=http or both)"},
		"web.err.engine.model": {
			KO: "%s 서버는 %s 모델을 돌리지 않습니다. 모델을 %s 중 하나로 하거나 Go 타깃을 고르세요",
			EN: "the %s server does not serve the %s model: choose %s, or the Go target"},
		"web.err.pin": {
			KO: "pin은 via=jvm에만 뜻이 있습니다 (가상 스레드의 막는 호출이 캐리어를 붙잡는 방식: synchronized 또는 native)",
			EN: "pin means something only with via=jvm (how a virtual thread's blocking call holds its carrier: synchronized or native)"},
		"web.err.via": {
			KO: "그런 실행 방식은 없습니다 (%q). process, http, both, jvm 중 하나를 쓰세요",
			EN: "no way to run %q: use process, http, both or jvm"},
		"web.f.via":          {KO: "실제 실행 방식", EN: "Run for real"},
		"web.via.process":    {KO: "프로세스 안에서 (실제 스레드, 루프, 고루틴)", EN: "in a process: threads, loops, goroutines"},
		"web.via.http":       {KO: "HTTP로 (대상 서버와 부하 생성기, 루프백 소켓)", EN: "over HTTP to a target on loopback"},
		"web.via.both":       {KO: "둘 다", EN: "both"},
		"web.col.http":       {KO: "HTTP로", EN: "Over HTTP"},
		"web.col.http.ratio": {KO: "HTTP/모델", EN: "HTTP / model"},
		"web.col.http.on":    {KO: "HTTP로: %s", EN: "Over HTTP: %s"},
		"web.f.engine":       {KO: "HTTP로 돌릴 서버", EN: "Server over HTTP"},
		"web.engine.go":      {KO: "waitlab의 Go 타깃", EN: "waitlab's Go target"},
		"web.engine.tomcat":  {KO: "Tomcat", EN: "Tomcat"},
		"web.engine.netty":   {KO: "Netty", EN: "Netty"},
		"web.real.server":    {KO: "응답한 서버: %s, JDK: %s", EN: "Served by %s; JDK: %s"},
		"web.err.busy": {
			KO: "실제 실행은 한 번에 하나씩, 대기 %d개까지만 받습니다. 지금은 줄이 꽉 찼으니 잠시 뒤에 다시 해 보세요",
			EN: "real runs go one at a time with at most %d waiting, and the line is full: try again in a moment"},
		"web.err.interrupted": {
			KO: "실제 실행이 아무것도 재기 전에 멈췄습니다 (서버가 종료되는 중일 수 있습니다). 다시 해 보세요",
			EN: "the real run stopped before it measured anything (the server may be shutting down): try again"},
		"web.err.host": {
			KO: "이 실습은 이 컴퓨터의 루프백 주소로만 엽니다 (받은 호스트: %s). http://127.0.0.1:포트/ 로 여세요",
			EN: "this lab answers on this machine's loopback address only (the request named host %s): open http://127.0.0.1:PORT/"},
		"web.err.origin": {
			KO: "다른 사이트(%s)의 페이지는 이 실습에 요청을 보낼 수 없습니다",
			EN: "a page from another site (%s) may not send requests to this lab"},
		"web.err.internal": {
			KO: "실습 서버 내부 오류입니다: %s",
			EN: "the lab server failed: %s"},
		"web.err.network": {
			KO: "실습 서버가 응답하지 않습니다: %s",
			EN: "the lab server did not answer: %s"},
		"web.caps": {
			KO: "(이 실습의 실제 실행 한도: 요청 %d건, 스레드 %d개, 예상 시간 %.0f초)",
			EN: "(this lab's caps on a real run: %d requests, %d threads, %.0f s of expected time)"},

		// The page: frame.
		"web.title": {
			KO: "waitlab — 스레드는 기다리는 동안 무엇을 할까?",
			EN: "waitlab — what does a thread do while it waits?"},
		"web.tagline": {
			KO: "시나리오를 고르고, 결과를 예측한 다음, 모델의 타임라인과 이 컴퓨터에서의 실제 실행을 나란히 보세요.",
			EN: "Pick a scenario, predict the outcome, then see the model's timeline and a real run on this machine side by side."},
		"web.noscript": {
			KO: "이 실습은 자바스크립트가 필요합니다. 터미널에서는 waitlab sim --preset lab-pool --timeline을 쓰세요.",
			EN: "This lab needs JavaScript. In a terminal, use waitlab sim --preset lab-pool --timeline."},
		"web.lang.label":      {KO: "언어", EN: "Language"},
		"web.lang.other":      {KO: "English", EN: "한국어"},
		"web.lang.other.code": {KO: "en", EN: "ko"},
		"web.version":         {KO: "버전 %s", EN: "version %s"},
		"web.skip":            {KO: "설정으로 건너뛰기", EN: "Skip to the settings"},

		// Try this.
		"web.try.title":  {KO: "해 보기", EN: "Try this"},
		"web.try.lab":    {KO: "기본 실습: 요청 12건, 각각 2초 대기", EN: "The lab: 12 requests, each waits 2 s"},
		"web.try.loops":  {KO: "루프 8개, 요청의 1%가 블로킹", EN: "Eight loops, 1% of requests block"},
		"web.try.fanout": {KO: "팬아웃", EN: "Fan-out"},
		"preset.fanout": {
			KO: "가상 스레드, 캐리어 2개, 요청 12건이 각각 하위 호출 10번(0.2초씩)을 동시에 보냅니다: 요청당 0.2초. 호출 방식을 '차례로'로 바꾸면 2초가 됩니다",
			EN: "virtual threads on 2 carriers, 12 requests, each making 10 downstream calls of 0.2 s in parallel: 0.2 s a request; switch the calls to one after another to see 2 s"},

		"preset.fanout-pool": {
			KO: "스레드 4개짜리 풀에 요청 12건, 요청마다 하위 호출 10번(0.2초씩)을 팬아웃 풀 스레드 4개에서 동시에 보냅니다: 호출 120건이 풀의 스레드 4개를 나눠 쓰므로 한 번에 4건씩, 전체 6초입니다. 같은 풀이 호출을 차례로 할 때(6초)보다 빠르지 않습니다",
			EN: "a pool of 4 threads, 12 requests, each making 10 downstream calls of 0.2 s at once on a fan-out pool of 4: all 120 calls share the pool's 4 threads, 4 at a time, so the batch takes 6 s, no faster than the same pool making its calls one after another (6 s)"},

		// Settings.
		"web.settings.title":    {KO: "설정", EN: "Settings"},
		"web.settings.base":     {KO: "기준 시나리오: %s", EN: "Starting from: %s"},
		"web.f.model":           {KO: "서버 모델", EN: "Server model"},
		"web.f.threads":         {KO: "스레드 / 루프 / 캐리어 수", EN: "Threads / loops / carriers"},
		"web.f.offload_pool":    {KO: "오프로드 풀 크기", EN: "Offload pool size"},
		"web.f.fanout_pool":     {KO: "팬아웃 풀 크기 (pool 모델 전용)", EN: "Fan-out pool size (pool model only)"},
		"web.f.cores":           {KO: "CPU 코어 (0: 스레드마다 하나)", EN: "CPU cores (0: one per thread)"},
		"web.f.requests":        {KO: "요청 수", EN: "Requests"},
		"web.f.arrival":         {KO: "도착 방식 (burst, rate:R, poisson:R, vus:N)", EN: "Arrival (burst, rate:R, poisson:R, vus:N)"},
		"web.f.cpu":             {KO: "요청당 CPU 시간", EN: "CPU time per request"},
		"web.f.wait":            {KO: "호출당 대기 시간", EN: "Wait per downstream call"},
		"web.f.calls":           {KO: "요청당 하위 호출 수", EN: "Downstream calls per request"},
		"web.f.fanout":          {KO: "호출 방식", EN: "Calls are made"},
		"web.f.blocking":        {KO: "대기가 스레드를 붙잡음 (블로킹)", EN: "The wait blocks its thread"},
		"web.f.block_fraction":  {KO: "블로킹 호출을 하는 요청의 비율 (0~1)", EN: "Fraction of requests that make a blocking call (0-1)"},
		"web.f.block":           {KO: "블로킹 호출 시간", EN: "Blocking call's duration"},
		"web.f.placement":       {KO: "블로킹 요청의 배치 (random, spread, every:K)", EN: "Placement of blocking requests (random, spread, every:K)"},
		"web.f.seed":            {KO: "난수 시드", EN: "Random seed"},
		"web.f.shared_lock":     {KO: "모든 호출이 공유 락 하나를 잡음", EN: "Every call holds one shared lock"},
		"web.model.pool":        {KO: "pool — 요청마다 스레드 하나", EN: "pool — a thread per request"},
		"web.model.loop":        {KO: "loop — 이벤트 루프", EN: "loop — event loops"},
		"web.model.offload":     {KO: "offload — 루프 + 블로킹 전용 풀", EN: "offload — loops plus a blocking pool"},
		"web.model.virtual":     {KO: "virtual — 가상 스레드 (고루틴)", EN: "virtual — virtual threads (goroutines)"},
		"web.fanout.sequential": {KO: "차례로", EN: "one after another"},
		"web.fanout.parallel":   {KO: "동시에", EN: "in parallel"},
		"web.fanout.pipelined":  {KO: "한 번의 왕복에 모두", EN: "in one round trip"},

		// Predict and act.
		"web.predict.title":  {KO: "돌리기 전에 예측하기", EN: "Predict before you run"},
		"web.predict.batch":  {KO: "내 예측: 전체 처리 시간 (초)", EN: "Your guess: batch time (seconds)"},
		"web.predict.p50":    {KO: "p50 지연 (초, 선택)", EN: "p50 latency (seconds, optional)"},
		"web.predict.none":   {KO: "예측을 먼저 적어 보세요. 돌린 뒤 얼마나 빗나갔는지 알려 드립니다.", EN: "Type a guess first: after the run you will see how far off it was."},
		"web.predict.low":    {KO: "%s 짧게 예측", EN: "%s too low"},
		"web.predict.high":   {KO: "%s 길게 예측", EN: "%s too high"},
		"web.predict.exact":  {KO: "정확히 맞음", EN: "spot on"},
		"web.btn.sim":        {KO: "시뮬레이션", EN: "Simulate"},
		"web.btn.real":       {KO: "실제로 돌리기", EN: "Run for real"},
		"web.btn.reset":      {KO: "처음 설정으로", EN: "Back to the preset"},
		"web.btn.jvm":        {KO: "JDK에서 돌리기", EN: "Run on the JDK"},
		"web.status.jvm":     {KO: "이 컴퓨터의 JDK에서 돌리는 중… (워밍업 실행 포함 약 %s, JVM 시작은 별도)", EN: "Running on this machine's JDK… (about %s with the warm-up run, plus the JVM's start)"},
		"web.col.jvm":        {KO: "이 컴퓨터의 JDK", EN: "This machine's JDK"},
		"web.col.jvm.ratio":  {KO: "JDK/모델", EN: "JDK / model"},
		"web.jvm.measured":   {KO: "이 컴퓨터의 JDK에서: %s (모델의 %s배)", EN: "On this machine's JDK: %s (%s× the model)"},
		"web.jvm.facts":      {KO: "JDK: %s · 프로세서 %d개 · GC %s · 플래그: %s", EN: "JDK: %s · %d processor{s} · GC %s · flags: %s"},
		"web.jvm.flags.none": {KO: "없음", EN: "none"},
		"web.jvm.cold":       {KO: "콜드 첫 회 (같은 JVM에서 클래스 로딩·JIT 포함, 위 수치에는 넣지 않음): 전체 처리 시간 %s, p50 %s, p99 %s", EN: "Cold first pass (same JVM, with class loading and the JIT; not in the figures above): batch %s, p50 %s, p99 %s"},
		"web.jvm.notes":      {KO: "JVM이 알려 준 것", EN: "What the JVM told"},
		"web.runs.kind.jvm":  {KO: "JDK", EN: "JDK"},

		// The pinning lesson (the virtual-thread preset, on this machine's JDK).
		"web.pin.title": {KO: "고정(pinned) 대기: synchronized와 네이티브 호출", EN: "Pinned waits: synchronized and a native call"},
		"web.pin.note": {
			KO: "같은 시나리오(가상 스레드, 대기 0.2초, 막는 요청 포함)를 이 컴퓨터의 JDK에서 두 번 돌립니다. 한 번은 대기가 synchronized 안에, 한 번은 네이티브 호출 안에 있습니다. JFR이 고정 대기(jdk.VirtualThreadPinned)를 셉니다.",
			EN: "The same scenario (virtual threads, 0.2 s waits, blocking requests included) runs twice on this machine's JDK: once with its waits inside synchronized, once inside a native call. JFR counts the pinned waits (jdk.VirtualThreadPinned)."},
		"web.btn.pin":                       {KO: "두 가지를 JDK에서 돌리기", EN: "Run both on the JDK"},
		"web.pin.status.synchronized":       {KO: "synchronized 안에서 기다리는 쪽을 돌리는 중…", EN: "Running the waits inside synchronized…"},
		"web.pin.status.native":             {KO: "네이티브 호출 안에서 기다리는 쪽을 돌리는 중…", EN: "Running the waits inside a native call…"},
		"web.pin.col.where":                 {KO: "대기 위치", EN: "Where it waits"},
		"web.pin.col.events":                {KO: "JFR 고정 대기", EN: "JFR pinned waits"},
		"web.pin.col.verdict":               {KO: "판정", EN: "Verdict"},
		"web.pin.where.synchronized":        {KO: "synchronized 안", EN: "inside synchronized"},
		"web.pin.where.native":              {KO: "네이티브 호출 안", EN: "inside a native call"},
		"web.pin.events":                    {KO: "%d건", EN: "%d event{s}"},
		"web.pin.verdict.pinned":            {KO: "고정됨", EN: "pinned"},
		"web.pin.verdict.not_pinned_jep491": {KO: "고정 안 됨 (JEP 491)", EN: "not pinned (JEP 491)"},
		"web.pin.verdict.not_pinned":        {KO: "고정 안 됨", EN: "not pinned"},
		"web.pin.lesson.jep491": {
			KO: "JDK %s에서는 synchronized 안의 대기가 더 이상 캐리어를 붙잡지 않습니다 (JEP 491, JDK 24부터). 네이티브 호출 안의 대기는 여전히 붙잡습니다: JFR이 고정 대기 %d건을 셌습니다.",
			EN: "On JDK %s a wait inside synchronized no longer holds its carrier (JEP 491, from JDK 24); a wait inside a native call still does: JFR counted %d pinned wait{s}."},
		"web.pin.lesson.both": {
			KO: "JDK %s에서는 두 경우 모두 대기가 캐리어를 붙잡습니다 (JDK 21~23의 동작, JEP 491 이전): JFR이 synchronized 쪽에서 %d건, 네이티브 쪽에서 %d건을 셌습니다.",
			EN: "On JDK %s both waits hold their carriers (JDK 21-23, before JEP 491): JFR counted %d pinned wait{s} inside synchronized and %d inside the native call."},
		"web.pin.lesson.other": {
			KO: "JDK %s에서 잰 결과가 교과서대로 나오지 않았습니다. 위 표의 JFR 건수와 판정을 보세요.",
			EN: "On JDK %s the counts are not the textbook's: see the JFR counts and verdicts in the table."},
		"web.status.sim":  {KO: "시뮬레이션 중…", EN: "Simulating…"},
		"web.status.real": {KO: "이 컴퓨터에서 실제로 돌리는 중… (워밍업 실행 포함 약 %s)", EN: "Running for real on this machine… (about %s with the warm-up run)"},
		"web.real.note": {
			KO: "실제 실행은 이 컴퓨터의 실제 OS 스레드, epoll 루프, 고루틴으로 돕니다. 한도: 요청 %d건, 스레드 %d개, 예상 시간 %.0f초 (워밍업 실행 포함). 한 번에 하나씩 돌고, 다른 실행 중이면 줄을 섭니다.",
			EN: "Real runs use real OS threads, epoll loops and goroutines on this machine, capped at %d requests, %d threads and %.0f s of expected time (warm-up included); one at a time, others wait in line."},

		// Result.
		"web.result.title":       {KO: "결과", EN: "Result"},
		"web.result.none":        {KO: "아직 결과가 없습니다. 프리셋을 고르거나 시뮬레이션을 누르세요.", EN: "No result yet: pick a preset or press Simulate."},
		"web.col.figure":         {KO: "항목", EN: "Figure"},
		"web.col.you":            {KO: "내 예측", EN: "Your guess"},
		"web.col.model":          {KO: "모델", EN: "Model"},
		"web.col.real":           {KO: "실제 실행", EN: "Real run"},
		"web.col.ratio":          {KO: "실제/모델", EN: "Real / model"},
		"web.col.published":      {KO: "JDK 21 실측값", EN: "JDK 21 measured"},
		"web.r.makespan":         {KO: "전체 처리 시간", EN: "Batch time"},
		"web.r.throughput":       {KO: "처리량", EN: "Throughput"},
		"web.r.p50":              {KO: "p50 지연", EN: "p50 latency"},
		"web.r.p99":              {KO: "p99 지연", EN: "p99 latency"},
		"web.r.class.p50":        {KO: "%s 요청의 p50", EN: "p50 of %s requests"},
		"web.r.class.p99":        {KO: "%s 요청의 p99", EN: "p99 of %s requests"},
		"web.r.queue":            {KO: "대기열에서 기다린 시간 (평균)", EN: "Queue wait (mean)"},
		"web.r.peak":             {KO: "동시에 일한 스레드 수 (최대)", EN: "Peak threads busy"},
		"web.r.peak.loop":        {KO: "동시에 일한 루프 수 (최대)", EN: "Peak loops busy"},
		"web.r.peak.offload":     {KO: "동시에 일한 루프·오프로드 스레드 수 (최대)", EN: "Peak loops and offload threads busy"},
		"web.r.peak.virtual":     {KO: "동시에 일한 캐리어 수 (최대)", EN: "Peak carriers busy"},
		"web.r.inflight":         {KO: "동시 처리 수 (평균, 리틀의 법칙)", EN: "In flight (mean, Little's law)"},
		"web.r.os.threads":       {KO: "OS 스레드 (최대, 측정)", EN: "OS threads (peak, measured)"},
		"web.unit.rps":           {KO: "초당 %s건", EN: "%s req/s"},
		"web.limit.title":        {KO: "이번 실행의 병목", EN: "What limited this run"},
		"web.real.measured":      {KO: "실제 실행: %s (모델의 %s배)", EN: "Real run: %s (%s× the model)"},
		"web.real.measured.http": {KO: "HTTP로 실행: %s (모델의 %s배)", EN: "Over HTTP: %s (%s× the model)"},
		"web.real.published":     {KO: "발표된 값과 같은 설정입니다. 출처: %s", EN: "These are the settings of the published measurement. Source: %s"},

		"web.limit.lock":     {KO: "공유 락입니다. 모든 호출이 락 하나를 차례로 기다리므로 한 번에 호출 하나만 돕니다 (락을 기다린 시간 합계 %s).", EN: "The shared lock: every call waits its turn for one lock, so only one call runs at a time (%s spent waiting for it in all)."},
		"web.limit.cores":    {KO: "CPU 코어입니다. 스레드 %d개가 코어 %d개를 나눠 썼고, 실행할 수 있는 일이 코어를 기다린 시간이 모두 %s입니다.", EN: "The CPU cores: %d threads shared %d core{s}, and runnable work waited %s in all for a core."},
		"web.limit.pool":     {KO: "오프로드 풀입니다. 스레드 %d개가 실행 내내 거의 쉬지 않아 블로킹 호출이 줄을 섰습니다. 블로킹 부분의 처리량은 풀 크기가 정합니다.", EN: "The offload pool: its %d threads were busy most of the run, so blocking calls queued for them; the pool's size sets the blocking part's throughput."},
		"web.limit.threads":  {KO: "스레드 %d개입니다. 요청은 대기하는 동안에도 스레드를 붙잡고 있으므로, 나머지 요청은 빈 스레드를 평균 %s 기다렸습니다.", EN: "The %d threads: each request holds its thread through its wait, so the others queued for a free one (%s on average)."},
		"web.limit.loops":    {KO: "루프 %d개입니다. 요청이 자기 루프의 CPU를 평균 %s 기다렸습니다.", EN: "The %d loops: requests queued for their loop's CPU (%s on average)."},
		"web.limit.carriers": {KO: "캐리어 %d개입니다. 가상 스레드가 CPU 작업을 할 캐리어를 평균 %s 기다렸습니다.", EN: "The %d carriers: virtual threads queued for a carrier to run their CPU work (%s on average)."},
		"web.limit.fanout":   {KO: "팬아웃 풀입니다. 스레드 %d개가 실행 내내 하위 호출을 했고(모두 %s), 요청의 스레드는 그동안 붙잡힌 채 기다리기만 했습니다.", EN: "The fan-out pool: its %d threads made the calls for most of the run (%s in all), while the request threads only waited, held, for them."},
		"web.limit.cpu":      {KO: "CPU 작업입니다. 스레드 %d개가 실행 내내 거의 계산만 했습니다.", EN: "CPU work: the %d threads were computing for most of the run."},
		"web.limit.wait":     {KO: "대기 그 자체뿐입니다. 모든 요청이 곧바로 시작했고, 전체 시간은 가장 느린 요청 하나의 시간(%s)과 같습니다.", EN: "Nothing but the wait itself: every request got going at once, and the batch took as long as its slowest request (%s)."},

		"web.limit.blocking": {
			KO: "블로킹 호출입니다. %s %s짜리 호출에 막혀 %s 멈췄고, 멈춘 루프에 묶인 요청은 모두 그 뒤에서 기다렸습니다.",
			EN: "The blocking call: %s on a %s call, standing still for %s; every request bound to a stalled loop waited behind it."},
		"web.limit.pinned": {
			KO: "고정(pinned) 대기입니다. %s %s짜리 대기 동안 붙잡혀 %s 묶였고, 다른 가상 스레드는 캐리어를 기다렸습니다.",
			EN: "Pinned waits: %s held through %s waits, for %s; the other virtual threads queued for a carrier."},
		"web.limit.who.loop.one":     {KO: "루프 %d{이/가}", EN: "loop %d blocks"},
		"web.limit.who.loop.two":     {KO: "루프 %d{과/와} 루프 %d{이/가} 각각", EN: "loops %d and %d each block"},
		"web.limit.who.loop.many":    {KO: "루프 %d개가 각각", EN: "%d loops each block"},
		"web.limit.who.carrier.one":  {KO: "캐리어 %d{이/가}", EN: "carrier %d was"},
		"web.limit.who.carrier.two":  {KO: "캐리어 %d{과/와} 캐리어 %d{이/가} 각각", EN: "carriers %d and %d were each"},
		"web.limit.who.carrier.many": {KO: "캐리어 %d개가 각각", EN: "%d carriers were each"},
		"web.limit.stall.one":        {KO: "%s", EN: "%s"},
		"web.limit.stall.each":       {KO: "%s씩", EN: "%s each"},
		"web.limit.stall.upto":       {KO: "최대 %s씩", EN: "up to %s each"},

		// Durations of a minute and more.
		"web.dur.m":  {KO: "%d분", EN: "%d min"},
		"web.dur.ms": {KO: "%d분 %d초", EN: "%d min %d s"},
		"web.dur.h":  {KO: "%d시간", EN: "%d h"},
		"web.dur.hm": {KO: "%d시간 %d분", EN: "%d h %d min"},
		"web.dur.s":  {KO: "%s초", EN: "%s s"},

		// API refusals in the page's words.
		"web.err.real.wall": {
			KO: "이 시나리오를 실제로 돌리면 약 %s 걸립니다. 이 실습의 한도는 %s입니다. 요청 수나 대기 시간을 줄이세요.",
			EN: "this scenario would take about %s for real, over this lab's cap of %s: lower the requests or the wait"},
		"web.err.range.threads": {
			KO: "스레드 %d개는 쓸 수 없습니다. 이 실습에서는 1개에서 %d개까지 줄 수 있습니다",
			EN: "%d threads is not allowed here: give 1 to %d"},
		"web.err.range.requests": {
			KO: "요청 %d건은 쓸 수 없습니다. 이 실습에서는 1건에서 %d건까지 줄 수 있습니다",
			EN: "%d requests is not allowed here: give 1 to %d"},
		"web.err.method": {
			KO: "%[2]s에는 %[1]s 요청을 받지 않습니다. %[3]s 요청을 쓰세요",
			EN: "%s %s is not served: use %s"},
		"web.err.no.api": {
			KO: "그런 API는 없습니다 (%s). /api/sim, /api/run, /api/plan, /api/presets, /api/strings 중 하나를 쓰세요",
			EN: "there is no API %s: use /api/sim, /api/run, /api/plan, /api/presets or /api/strings"},
		"web.err.slo": {
			KO: "목표를 읽지 못했습니다 (%q). batch<3s, p99<200ms, rps>1000처럼 쓰세요",
			EN: "cannot read the objective %q: write it as batch<3s, p99<200ms or rps>1000"},
		"web.err.plan.slow": {
			KO: "크기 계산이 %.0f초 안에 끝나지 않아 멈췄습니다. waitlab plan으로 돌리세요",
			EN: "sizing did not finish within %.0f s and was stopped: use waitlab plan"},
		"web.err.field.empty": {KO: "비어 있습니다. 값을 적어 주세요 (예: %s)", EN: "empty: give a value (e.g. %s)"},
		"web.err.field.int":   {KO: "정수를 적어 주세요 (받은 값: %s)", EN: "give a whole number (got %s)"},
		"web.err.field.frac":  {KO: "0에서 1 사이의 숫자를 적어 주세요 (받은 값: %s)", EN: "give a number from 0 to 1 (got %s)"},
		"web.err.field.guess": {KO: "예측은 초 단위 숫자로 적어 주세요 (예: 4, 받은 값: %s)", EN: "give your guess in seconds (e.g. 4; got %s)"},
		"web.status.invalid":  {KO: "표시한 칸을 고치기 전에는 돌리지 않습니다.", EN: "Not run: fix the marked field first."},

		// Preset buttons: the source's sentences.
		"web.label.lab-pool":          {KO: "처음 설정으로 — 스레드 4개에 요청 12건", EN: "The starting settings — 4 threads, 12 requests"},
		"web.label.lab-loop":          {KO: "이벤트 루프 — 스레드 2개, 대기는 등록만", EN: "Event loops — 2 threads that only register their waits"},
		"web.label.lab-loop-blocking": {KO: "최악의 조합 — 이벤트 루프 2개에서 블로킹 대기", EN: "The worst combination — blocking waits on 2 event loops"},
		"web.label.lab-virtual":       {KO: "가상 스레드 — 코드는 블로킹 그대로인데 동시에 돕니다 (OS 스레드 2개 위)", EN: "Virtual threads — the code stays blocking, yet it runs concurrently (on 2 OS threads)"},
		"web.label.lab-pool-10x30":    {KO: "스레드를 늘리고 요청도 늘리면 — 스레드 10개에 요청 30건", EN: "More threads, more requests — 10 threads, 30 requests"},
		"web.label.ch15-none":         {KO: "블로킹 없이 — 루프 8개", EN: "No blocking — 8 loops"},
		"web.label.ch15-onloop":       {KO: "루프에서 블로킹 — 요청의 1%가 루프를 멈춤", EN: "Blocking on the loop — 1% of requests stall it"},
		"web.label.ch15-offload64":    {KO: "오프로드 풀로 넘김 — 스레드 64개짜리", EN: "Handed to an offload pool of 64"},
		"web.label.ch15-offload4":     {KO: "오프로드 풀로 넘김 — 스레드 4개짜리", EN: "Handed to an offload pool of 4"},
		"web.label.fanout-seq":        {KO: "차례로 — 하위 호출 10번을 하나씩", EN: "One after another — 10 downstream calls in turn"},
		"web.label.fanout":            {KO: "동시에 — 하위 호출 10번을 한꺼번에", EN: "In parallel — 10 downstream calls at once"},
		"web.label.fanout-pool":       {KO: "팬아웃 풀 — 스레드 4개짜리 풀에서 동시에", EN: "A fan-out pool — in parallel from a pool of 4"},
		"web.label.fanout-pipelined":  {KO: "파이프라인 — 한 번의 왕복에 모두", EN: "Pipelined — all in one round trip"},
		"preset.fanout-seq": {
			KO: "가상 스레드, 캐리어 2개, 요청 12건이 각각 하위 호출 10번(0.2초씩)을 하나씩 차례로 보냅니다: 요청당 2초",
			EN: "virtual threads on 2 carriers, 12 requests, each making 10 downstream calls of 0.2 s one after another: 2 s a request"},
		"preset.fanout-pipelined": {
			KO: "가상 스레드, 캐리어 2개, 요청 12건이 각각 하위 호출 10번을 한 번의 왕복(파이프라인)에 모두 보냅니다",
			EN: "virtual threads on 2 carriers, 12 requests, each sending its 10 downstream calls in one round trip (pipelined)"},

		// Predict, then reveal.
		"web.btn.guess":        {KO: "예측 확인", EN: "Check my guess"},
		"web.btn.reveal":       {KO: "답 보기", EN: "Show the answer"},
		"web.predict.question": {KO: "먼저 예측해 보세요. 이 설정으로 요청을 모두 처리하는 데 얼마나 걸릴까요? 예측을 확인하거나 '답 보기'를 누르면 답이 보입니다.", EN: "Guess first: with these settings, how long does the whole batch take? The answer shows when you check your guess or press Show the answer."},
		"web.predict.question.shown": {
			KO: "이 설정의 답은 아래에 있습니다. 설정을 바꾼 뒤 시뮬레이션하기 전에 새 예측을 적으면 새 답과 견주어 드립니다.",
			EN: "The answer for these settings is below. Change a setting and type a new guess before you simulate: it is scored against the new answer."},
		"web.predict.question.edit": {
			KO: "설정이 바뀌었습니다. 새 설정의 예측을 적고 시뮬레이션을 누르면 견주어 드립니다. 예측 없이 시뮬레이션해도 됩니다.",
			EN: "The settings changed: type a guess for them and press Simulate to have it scored, or just Simulate."},
		"web.result.hidden":      {KO: "답은 아직 숨겨 두었습니다. 예측 칸에 적고 확인하거나 '답 보기'를 누르세요.", EN: "The answer is hidden for now: type your guess in the guess box and check it, or press Show the answer."},
		"web.predict.other":      {KO: "내 예측(%s)은 다른 설정에 대한 것이라 이 결과와 견주지 않습니다.", EN: "Your guess (%s) was for other settings, so it is not scored against this result."},
		"web.stale":              {KO: "설정이 바뀌었습니다. 아래 결과는 지금 설정의 것이 아닙니다. 시뮬레이션을 누르세요.", EN: "The settings changed: the result below is not theirs. Press Simulate."},
		"web.more":               {KO: "설정 더 보기", EN: "More settings"},
		"web.f.blocking.pool":    {KO: "풀에서는 대기가 언제나 스레드를 붙잡습니다", EN: "In a pool every wait holds its thread"},
		"web.f.blocking.offload": {KO: "오프로드 모델의 블로킹 호출은 오프로드 풀에서 돕니다", EN: "In the offload model blocking calls run on the offload pool"},

		// The JDK 21 rows.
		"web.ref.title":  {KO: "JDK 21 실측값과 모델 (대기 0.2초, 요청 12건)", EN: "JDK 21 measured against the model (0.2 s waits, 12 requests)"},
		"web.ref.preset": {KO: "프리셋", EN: "Preset"},
		"web.ref.model":  {KO: "모델", EN: "Model"},
		"web.ref.ratio":  {KO: "실측/모델", EN: "Measured / model"},
		"web.ref.source": {KO: "출처: %s", EN: "Source: %s"},

		// Two models in lockstep.
		"web.ls.title": {KO: "두 모델을 나란히", EN: "Two models in lockstep"},
		"web.ls.a":     {KO: "첫째", EN: "First"},
		"web.ls.b":     {KO: "둘째", EN: "Second"},
		"web.ls.form":  {KO: "지금 설정", EN: "The current settings"},
		"web.btn.ls":   {KO: "나란히 보기", EN: "Show side by side"},
		"web.ls.note": {
			KO: "두 타임라인은 시간 축과 커서 하나를 같이 씁니다. 커서를 끌거나 재생을 누르세요. 어느 쪽이 먼저 끝날지 먼저 예측하세요. 두 전체 처리 시간은 예측한 뒤에, 또는 '예측 건너뛰기'를 고른 뒤에 보입니다.",
			EN: "Both timelines share one time axis and one cursor: drag it or press Play. Guess first which one finishes first: the two batch times show after your guess, or when you choose to skip it."},
		// Lockstep's own question (predict, then reveal).
		"web.ls.guess":       {KO: "예측: 어느 쪽이 먼저 끝날까요?", EN: "Your guess: which finishes first?"},
		"web.ls.guess.none":  {KO: "— 고르세요 —", EN: "— choose —"},
		"web.ls.guess.a":     {KO: "첫째", EN: "The first"},
		"web.ls.guess.b":     {KO: "둘째", EN: "The second"},
		"web.ls.guess.same":  {KO: "거의 같이 끝난다", EN: "About the same time"},
		"web.ls.guess.skip":  {KO: "예측 건너뛰기: 두 답을 바로 보기", EN: "Skip the guess: show both answers"},
		"web.ls.guess.first": {KO: "어느 쪽이 먼저 끝날지 먼저 고르세요. 건너뛰려면 '예측 건너뛰기'를 고르세요.", EN: "Choose which finishes first, or choose to skip the guess."},
		"web.ls.skipped":     {KO: "예측을 건너뛰어 두 답을 보여 줍니다.", EN: "You skipped the guess: here are both answers."},
		"web.ls.truth.a":     {KO: "첫째가 먼저 끝납니다(%s 대 %s)", EN: "the first finishes first (%s against %s)"},
		"web.ls.truth.b":     {KO: "둘째가 먼저 끝납니다(%s 대 %s)", EN: "the second finishes first (%s against %s)"},
		"web.ls.truth.same":  {KO: "둘이 거의 같이 끝납니다(%s 대 %s)", EN: "both finish at about the same time (%s against %s)"},
		"web.ls.right":       {KO: "맞았습니다. %s.", EN: "Right: %s."},
		"web.ls.wrong":       {KO: "예측과 달랐습니다. %s.", EN: "Not this time: %s."},
		"web.ls.side":        {KO: "%s: 전체 처리 시간 %s. %s", EN: "%s: batch time %s. %s"},

		// The five presets side by side.
		"web.five.title": {KO: "다섯 프리셋을 한눈에", EN: "The five presets side by side"},
		"web.btn.five":   {KO: "다섯 프리셋 비교", EN: "Compare the five presets"},
		"web.five.note": {
			KO: "막대는 전체 처리 시간입니다. 모델은 대기 0.2초에서 시뮬레이션한 값이고, 실측은 같은 설정의 JDK 21 실측값입니다 (실측이 없는 프리셋은 모델만). 모델 값은 그 프리셋의 답이라, 실습에서 예측했거나 건너뛴 프리셋만 보입니다.",
			EN: "Bars are batch times: the model simulated at 0.2 s waits, beside the JDK 21 measurement at the same settings (presets without one: the model only). The model's figure is the preset's answer: it shows for the presets you have guessed or skipped in the lab."},
		"web.btn.five.all": {KO: "다섯 프리셋의 모델 값 모두 보기(예측을 건너뜁니다)", EN: "Show the model's figures for all five (skips their guesses)"},
		"web.five.bars":    {KO: "다섯 프리셋의 전체 처리 시간, 모델과 JDK 21 실측값", EN: "Batch time of the five presets, model and JDK 21 measured"},

		// Size it.
		"web.size.title":  {KO: "크기 정하기", EN: "Size it"},
		"web.size.slo":    {KO: "목표 (예: batch<3s, p99<200ms, rps>1000)", EN: "Objective (e.g. batch<3s, p99<200ms, rps>1000)"},
		"web.size.note":   {KO: "지금 설정의 시나리오에서, 목표를 지키는 가장 작은 스레드·루프·캐리어 수를 waitlab plan으로 찾습니다. 그림의 띠는 시드마다 달라진 범위입니다.", EN: "For the current settings, waitlab plan finds the smallest threads, loops or carriers that meet the objective; the bands on the curve are the range over seeds."},
		"web.btn.size":    {KO: "크기 찾기", EN: "Find the size"},
		"web.status.size": {KO: "크기를 찾는 중…", EN: "Sizing…"},
		"web.size.guess": {
			KO: "크기 곡선에는 지금 설정의 전체 처리 시간, 곧 예측의 답이 들어 있습니다. 먼저 예측을 확인하거나 '답 보기'를 누르세요.",
			EN: "The sizing curve holds the batch time of the current settings, the answer to your guess: check your guess or press Show the answer first."},

		// The fan-out lab and the labs around this one.
		"web.fo.title":   {KO: "waitlab — 하위 호출은 차례로, 아니면 동시에?", EN: "waitlab — downstream calls: one after another, or at once?"},
		"web.fo.tagline": {KO: "요청마다 하위 호출 10번(0.2초씩). 차례로, 동시에, 팬아웃 풀에서, 한 번의 왕복에 보내 보고 결과를 예측해 보세요.", EN: "Ten downstream calls of 0.2 s per request: one after another, in parallel, on a fan-out pool, or in one round trip. Predict, then look."},
		"web.nav.prev":   {KO: "← 이전 실습: 「순차 호출과 병렬 호출」", EN: "← Previous lab: sequential vs parallel calls"},
		"web.nav.next":   {KO: "다음 실습: 「블로킹·논블로킹·가상 스레드」 →", EN: "Next lab: blocking, non-blocking and virtual threads →"},
		"web.nav.stack":  {KO: "원래 시리즈의 「스택과 힙」 실습은 넣지 않았습니다. waitlab은 기다림만 다룹니다.", EN: "The series' \"stack and heap\" lab is left out: waitlab is about waiting only."},
		"web.code.note.fanout": {
			KO: "팬아웃: 요청 하나가 하위 호출 여러 번을 합니다. 차례로 하면 대기가 더해지고, 동시에 하면 가장 긴 호출 하나만큼 걸리며, 파이프라인은 왕복 한 번에 모두 보냅니다.",
			EN: "Fan-out: one request makes several downstream calls. One after another, their waits add up; in parallel, it takes as long as the longest; pipelined, they share one round trip."},
		"web.code.fanout": {KO: "팬아웃 코드", EN: "Fan-out code"},

		// Short names of the settings, for run labels ("threads=8").
		"web.k.preset":         {KO: "프리셋", EN: "preset"},
		"web.k.model":          {KO: "모델", EN: "model"},
		"web.k.threads":        {KO: "스레드", EN: "threads"},
		"web.k.offload_pool":   {KO: "오프로드 풀", EN: "offload pool"},
		"web.k.fanout_pool":    {KO: "팬아웃 풀", EN: "fan-out pool"},
		"web.k.cores":          {KO: "코어", EN: "cores"},
		"web.k.requests":       {KO: "요청", EN: "requests"},
		"web.k.arrival":        {KO: "도착", EN: "arrival"},
		"web.k.cpu":            {KO: "CPU", EN: "CPU"},
		"web.k.wait":           {KO: "대기", EN: "wait"},
		"web.k.calls":          {KO: "하위 호출", EN: "calls"},
		"web.k.fanout":         {KO: "호출 방식", EN: "calls made"},
		"web.k.blocking":       {KO: "블로킹", EN: "blocking"},
		"web.k.block_fraction": {KO: "블로킹 비율", EN: "blocking fraction"},
		"web.k.block":          {KO: "블로킹 호출", EN: "blocking call"},
		"web.k.placement":      {KO: "배치", EN: "placement"},
		"web.k.seed":           {KO: "시드", EN: "seed"},
		"web.k.shared_lock":    {KO: "공유 락", EN: "shared lock"},

		// Timeline and narration.
		"web.tl.title":        {KO: "타임라인", EN: "Timeline"},
		"web.tl.source.model": {KO: "모델 (시뮬레이션)", EN: "Model (simulated)"},
		"web.tl.source.real":  {KO: "실제 실행 (측정)", EN: "Real run (measured)"},
		"web.tl.show.model":   {KO: "모델 보기", EN: "Show the model"},
		"web.tl.show.real":    {KO: "실제 실행 보기", EN: "Show the real run"},
		"web.tl.lane.thread":  {KO: "스레드 %d", EN: "thread %d"},
		"web.tl.lane.loop":    {KO: "루프 %d", EN: "loop %d"},
		"web.tl.lane.offload": {KO: "오프로드 %d", EN: "offload %d"},
		"web.tl.lane.carrier": {KO: "캐리어 %d", EN: "carrier %d"},
		"web.tl.lane.worker":  {KO: "팬아웃 %d", EN: "fan-out %d"},
		"web.tl.waiting":      {KO: "스레드 없이 기다림", EN: "waiting without a thread"},
		"web.tl.kind.cpu":     {KO: "CPU 작업", EN: "CPU work"},
		"web.tl.kind.hold":    {KO: "스레드를 붙잡고 대기", EN: "waiting, holding the thread"},
		"web.tl.kind.lock":    {KO: "락을 기다림", EN: "waiting for the lock"},
		"web.tl.kind.ready":   {KO: "코어를 기다림", EN: "waiting for a CPU core"},
		"web.tl.kind.idle":    {KO: "쉬는 중", EN: "idle"},
		"web.tl.kind.parked":  {KO: "스레드 없이 대기 (등록된 대기, 파킹된 가상 스레드)", EN: "waiting off-thread (registered wait, parked virtual thread)"},
		"web.tl.kind.queue":   {KO: "대기열 (아직 시작 전)", EN: "in the queue (not started)"},
		"web.tl.cursor":       {KO: "시간 커서", EN: "Time cursor"},
		"web.tl.at":           {KO: "커서: %s", EN: "cursor: %s"},
		"web.tl.req":          {KO: "요청 %d", EN: "request %d"},
		"web.tl.hover":        {KO: "%s: %s, %s부터 %s까지", EN: "%s: %s, %s to %s"},
		"web.tl.hover.many":   {KO: "요청 %d건 (#%d부터 #%d까지): %s, %s부터 %s까지", EN: "%d requests (#%d to #%d): %s, %s to %s"},
		"web.tl.counts":       {KO: "대기열 %d건, 스레드 없이 대기 %d건", EN: "%d queued, %d waiting off-thread"},
		"web.tl.hint":         {KO: "커서를 끌거나(화살표 키도 됩니다) 재생을 누르세요. 막대에 마우스를 올리면 어느 요청인지 알려 줍니다.", EN: "Drag the cursor (or use the arrow keys) or press Play; point at a bar to name its request."},
		"web.tl.omitted":      {KO: "요청 %d건이나 스레드 %d개를 넘는 실행은 그리지 않고 숫자만 보여 줍니다.", EN: "Too big to draw (more than %d requests or %d threads): numbers only."},
		"web.tl.empty":        {KO: "시뮬레이션을 하면 스레드마다 한 줄씩 타임라인이 그려집니다.", EN: "Simulate to draw the timeline, one lane per thread."},
		"web.btn.play":        {KO: "재생", EN: "Play"},
		"web.btn.pause":       {KO: "멈춤", EN: "Pause"},
		"web.narr.title":      {KO: "무슨 일이 있었나", EN: "What happened"},

		// Runs and comparison.
		"web.runs.title":     {KO: "내 실행 기록", EN: "Your runs"},
		"web.runs.empty":     {KO: "아직 기록이 없습니다. 시뮬레이션과 실제 실행은 모두 이 브라우저에 남습니다.", EN: "No runs yet: every simulation and real run is kept here, in this browser."},
		"web.runs.kind.sim":  {KO: "모델", EN: "model"},
		"web.runs.kind.real": {KO: "실제", EN: "real"},
		"web.runs.kind.http": {KO: "HTTP", EN: "HTTP"},
		"web.runs.link":      {KO: "이 실행 다시 보기", EN: "link to this run"},
		"web.runs.select":    {KO: "비교할 실행 고르기: %s", EN: "Select for comparison: %s"},
		"web.runs.need2":     {KO: "비교하려면 실행을 두 개 이상 고르세요.", EN: "Pick two or more runs to compare."},
		"web.btn.compare":    {KO: "고른 실행 비교", EN: "Compare selected"},
		"web.btn.clear":      {KO: "기록 지우기", EN: "Clear the list"},
		"web.cmp.title":      {KO: "비교", EN: "Comparison"},
		"web.cmp.run":        {KO: "실행", EN: "Run"},
		"web.cmp.bars":       {KO: "전체 처리 시간 막대", EN: "Batch time, as bars"},

		// Code.
		"web.code.title":   {KO: "코드로 보면", EN: "What this looks like in code"},
		"web.code.go":      {KO: "Go", EN: "Go"},
		"web.code.mvc":     {KO: "Spring MVC", EN: "Spring MVC"},
		"web.code.webflux": {KO: "Spring WebFlux", EN: "Spring WebFlux"},
		"web.code.vt":      {KO: "가상 스레드 (Java 21+)", EN: "Virtual threads (Java 21+)"},
		"web.code.note.pool": {
			KO: "스레드 풀 모델: 요청 하나가 스레드 하나를 처음부터 끝까지 붙잡습니다. Spring MVC의 Tomcat 스레드가 이렇게 일합니다.",
			EN: "The pool model: one request holds one thread from start to end. This is how Spring MVC's Tomcat threads work."},
		"web.code.note.loop": {
			KO: "이벤트 루프 모델: 대기를 등록하고 루프를 곧바로 놓아 줍니다. 블로킹 호출을 하면 그 루프에 묶인 요청이 모두 멈춥니다.",
			EN: "The loop model: a wait is registered and the loop is freed at once; a blocking call stalls every request bound to that loop."},
		"web.code.note.offload": {
			KO: "오프로드 모델: 블로킹 호출은 크기가 정해진 풀에서 돌고 결과는 루프로 돌아옵니다. 루프는 지켜지지만 블로킹 부분의 처리량은 풀 크기가 정합니다.",
			EN: "The offload model: blocking calls run on a bounded pool and their results come back to the loop; the loop is protected, but the pool's size sets the blocking part's throughput."},
		"web.code.note.virtual": {
			KO: "가상 스레드 모델: 요청마다 값싼 스레드가 생기고, 대기하는 동안에는 캐리어(OS 스레드)를 놓아 줍니다. Go의 고루틴이 이 모델입니다.",
			EN: "The virtual model: every request gets a cheap thread that lets go of its carrier (an OS thread) while it waits; Go's goroutines are this model."},

		// Concepts.
		"web.concepts.title": {KO: "개념", EN: "Concepts"},
		"web.c.blocking.t":   {KO: "블로킹과 논블로킹", EN: "Blocking and non-blocking"},
		"web.c.blocking.d": {
			KO: "블로킹 호출은 답이 올 때까지 호출한 스레드를 붙잡아 둡니다. 그동안 그 스레드는 다른 일을 못 합니다. 논블로킹 호출은 곧바로 돌아오고, 답이 오면 알려 달라고 등록만 해 둡니다. 기다리는 시간 자체는 같고, 달라지는 것은 그동안 스레드가 무엇을 하느냐입니다.",
			EN: "A blocking call holds the calling thread until the answer comes; the thread can do nothing else meanwhile. A non-blocking call returns at once and only registers to be told when the answer arrives. The wait itself is as long either way; what changes is what the thread does during it."},
		"web.c.sync.t": {KO: "동기와 비동기", EN: "Synchronous and asynchronous"},
		"web.c.sync.d": {
			KO: "동기 코드는 결과를 받은 뒤 다음 줄로 넘어갑니다. 비동기 코드는 결과 대신 '나중에 올 결과'(Future, Mono, 콜백)를 받고, 결과가 오면 이어서 할 일을 정해 둡니다. 비동기라도 그 안에서 블로킹 호출을 하면 스레드는 붙잡힙니다.",
			EN: "Synchronous code moves to the next line once it has the result. Asynchronous code gets a result-to-come (a Future, a Mono, a callback) and says what to do when it arrives. Asynchronous code that makes a blocking call inside still holds a thread."},
		"web.c.pool.t": {KO: "요청마다 스레드 하나", EN: "Thread per request"},
		"web.c.pool.d": {
			KO: "스레드 N개의 풀이 요청을 하나씩 맡고, 나머지는 대기열에서 기다립니다. 요청은 CPU 작업과 모든 대기 동안 스레드를 붙잡으므로, 동시에 처리하는 요청 수는 스레드 수를 넘지 못합니다. 리틀의 법칙: 동시 처리 수 = 처리량 × 지연 시간.",
			EN: "A pool of N threads takes one request each; the rest wait in a queue. A request holds its thread through its CPU work and every wait, so no more than N requests are in progress. Little's law: in flight = throughput × latency."},
		"web.c.loop.t": {KO: "이벤트 루프", EN: "Event loops"},
		"web.c.loop.d": {
			KO: "루프 스레드 몇 개가 요청 전부를 맡습니다. 요청은 루프 하나에 묶이고(Netty, Reactor 방식), 대기는 등록만 하고 루프를 놓아 주며, 답이 오면 같은 루프에서 이어집니다. 그래서 루프에서 블로킹 호출을 하면 그 루프의 요청이 모두 멈춥니다.",
			EN: "A few loop threads serve every request. Each request is bound to one loop (as in Netty and Reactor); a wait is registered and frees the loop, and the rest runs on the same loop when the answer comes. So a blocking call on a loop stalls every request on it."},
		"web.c.offload.t": {KO: "오프로드 풀", EN: "Offload pools"},
		"web.c.offload.d": {
			KO: "루프에서 블로킹 호출을 피할 수 없으면 크기가 정해진 풀(Reactor의 boundedElastic)로 넘기고 결과만 루프로 돌려받습니다. 루프는 지켜지지만 근본적인 해결은 아닙니다. 블로킹 부분의 처리량은 풀 크기 K가 정합니다.",
			EN: "When a blocking call cannot be avoided, it is handed to a bounded pool (Reactor's boundedElastic) and only its result comes back to the loop. That isolates the loop; it does not cure anything: the blocking part's throughput is set by the pool's size K."},
		"web.c.virtual.t": {KO: "가상 스레드와 고루틴", EN: "Virtual threads and goroutines"},
		"web.c.virtual.d": {
			KO: "요청마다 값싼 스레드를 하나씩 주고, 캐리어라는 OS 스레드 M개 위에서 돌립니다. 대기하면 캐리어에서 언마운트되므로 코드는 블로킹처럼 쓰고 비용은 논블로킹처럼 냅니다. 다만 JDK 21~23에서 synchronized 안의 대기는 캐리어를 붙잡습니다(pinning).",
			EN: "Every request gets a cheap thread, run on M carrier OS threads; a wait unmounts it from its carrier, so code is written as if it blocked and costs what non-blocking code costs. On JDK 21-23, a wait inside synchronized holds (pins) the carrier."},

		// Assumptions.
		"web.assume.title": {KO: "모델의 가정", EN: "What the model assumes"},
		"web.assume.1":     {KO: "시간은 가상 시계로 흐르고 결과는 결정적입니다. 같은 시드면 같은 결과입니다.", EN: "Time runs on a virtual clock and results are deterministic: the same seed gives the same result."},
		"web.assume.2":     {KO: "스레드를 바꾸는 비용, 메모리, 가비지 컬렉션, 네트워크 지연의 흔들림은 없습니다. 대기는 정한 시간만큼 정확히 걸립니다.", EN: "No context-switch cost, memory, garbage collection or network jitter: a wait takes exactly the time it is given."},
		"web.assume.3":     {KO: "코어 수를 따로 주지 않으면 스레드마다 코어가 하나씩 있습니다. 코어가 모자라면 실행할 수 있는 일이 차례대로(FIFO) 코어를 기다립니다.", EN: "Unless cores are given, every thread has a core of its own; with fewer cores, runnable work waits for one in order (FIFO)."},
		"web.assume.4":     {KO: "대기열은 모두 FIFO이고, 루프 모델의 요청은 루프에 차례로(round robin) 묶입니다.", EN: "Every queue is FIFO; in the loop models requests are bound to loops in turn (round robin)."},
		"web.assume.5":     {KO: "요청의 종류, CPU 시간, 대기 시간은 시드와 요청 번호로만 정해지므로, 모델과 실제 실행은 같은 요청을 돌립니다.", EN: "A request's class, CPU time and waits depend only on the seed and its number, so the model and the real run run the same requests."},
		"web.assume.6":     {KO: "실제 실행은 이 컴퓨터의 코어와 다른 작업의 영향을 받습니다. 모델과의 비율이 1에서 벗어나는 만큼이 모델에 없는 비용입니다.", EN: "Real runs share this machine's cores with whatever else runs; how far their ratio to the model is from 1 is the cost the model leaves out."},
	})
}
