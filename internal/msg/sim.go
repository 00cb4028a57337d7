package msg

// The simulator's errors, the `waitlab sim` command and the narration of a
// timeline (package narrate). Narration clauses are written to be joined:
// English with "; ", Korean as separate sentences.
func init() {
	Register(map[string]Entry{
		"sim.err.trace": {
			KO: "요청 %d건은 타임라인으로 그리기에 너무 많습니다 (최대 %d개). --requests를 줄이거나 --timeline/--svg를 빼세요",
			EN: "%d request{s} {is/are} too many for a timeline (at most %d): lower --requests or drop --timeline/--svg"},
		"sim.interrupted": {
			KO: "중단되었습니다. 시뮬레이션을 끝까지 돌리지 못해 결과를 내지 않습니다",
			EN: "interrupted: the simulation did not finish, so there are no figures"},
		"cli.sim": {
			KO: "시나리오를 시뮬레이션합니다: 결과표, 스레드별 타임라인, 설명 (가상 시계, 결정적)",
			EN: "simulate a scenario: results table, per-thread timeline and narration (virtual clock, deterministic)"},
		"cli.sim.json.text": {
			KO: "--json은 JSON 하나만 출력합니다. --timeline과 함께 쓸 수 없습니다 (그림은 --svg로 파일에 쓰세요)",
			EN: "--json prints one JSON object and cannot be combined with --timeline (write the picture with --svg)"},
		"cli.sim.svg.write": {
			KO: "SVG 파일 %s{을/를} 쓸 수 없습니다: %v",
			EN: "cannot write SVG file %s: %v"},
		"cli.sim.svg.done": {
			KO: "타임라인을 %s에 썼습니다",
			EN: "timeline written to %s"},
		"cli.sim.args": {
			KO: "sim은 위치 인자를 받지 않습니다 (%q). 시나리오 파일은 -f로 주세요",
			EN: "sim takes no positional arguments (got %q): give a scenario file with -f"},
		"cli.sim.narration": {
			KO: "무슨 일이 있었나",
			EN: "what happened"},
		"cli.sim.limit": {
			KO: "이번 실행의 병목",
			EN: "what limited this run"},
		"cli.sim.narration.skipped": {
			KO: "(요청이 %d개라 설명은 생략합니다. --timeline을 주면 보여 줍니다)",
			EN: "(narration skipped for %d request{s}; add --timeline to see it)"},

		// Time stamps and ranges that open a narration line.
		"narr.at":    {KO: "%s: ", EN: "%s: "},
		"narr.range": {KO: "%s~%s: ", EN: "%s to %s: "},
		"narr.every": {KO: "%s부터 %s까지 %s마다: ", EN: "%s to %s, every %s: "},

		// Arrivals.
		"narr.arrive1": {KO: "요청 1건이 도착합니다", EN: "a request arrives"},
		"narr.arrive":  {KO: "요청 %d건이 도착합니다", EN: "%d requests arrive"},

		// A lane takes requests. %s is the lane noun (narr.noun.*).
		"narr.take.each": {
			KO: "%[2]s %[1]d개가 하나씩 맡습니다",
			EN: "%d %s {takes/take} one each"},
		"narr.take.one": {
			KO: "%s 하나가 맡습니다",
			EN: "a free %s takes it"},
		"narr.take.each.queue": {
			KO: "%[2]s %[1]d개가 하나씩 맡고 %[3]d건은 대기열에서 기다립니다",
			EN: "%d %s {takes/take} one each; %d {waits/wait} in the queue"},
		"narr.take.turns1": {
			KO: "%s 하나가 차례로 처리합니다",
			EN: "the %s takes them in turn"},
		"narr.take.turns": {
			KO: "%[2]s %[1]d개가 차례로 처리합니다",
			EN: "the %d %s take them in turn"},
		"narr.take.freed": {
			KO: "풀려난 %s{이/가} 기다리던 요청을 맡습니다",
			EN: "the freed %s take the waiting ones"},
		"narr.take.freed.still": {
			KO: "풀려난 %s{이/가} 기다리던 요청을 맡고, 아직 %d건이 기다립니다",
			EN: "the freed %s take the waiting ones (%d still waiting)"},
		"narr.take.freed.empty": {
			KO: "풀려난 %s{이/가} 남은 요청을 맡아 대기열이 빕니다",
			EN: "the freed %s take the last waiting ones; the queue is empty"},
		"narr.queue": {
			KO: "%d건은 대기열에서 기다립니다",
			EN: "%d {waits/wait} in the queue"},
		"narr.queue.trend": {
			KO: "대기열은 %d건에서 %d건으로 늘어납니다",
			EN: "the queue goes from %d to %d"},
		"narr.queue.down": {
			KO: "대기열은 %d건에서 %d건으로 줄어듭니다",
			EN: "the queue goes down from %d to %d"},

		// What the request does with its wait.
		"narr.register.loop": {
			KO: "요청마다 대기를 등록하고 루프를 곧바로 놓아 줍니다",
			EN: "each registers its wait and frees the loop at once"},
		"narr.register.virtual": {
			KO: "기다리는 동안 가상 스레드는 캐리어에서 언마운트됩니다",
			EN: "while they wait, the virtual threads unmount from the carriers"},
		"narr.block.loop": {
			KO: "%s{이/가} 블로킹 호출로 %s 동안 막히고, 그 루프에 줄 선 요청은 모두 기다립니다",
			EN: "%s block on a call for %s, and every request queued on them waits"},
		"narr.block.pinned": {
			KO: "%s{이/가} 고정된(pinned) 대기로 %s 동안 붙잡힙니다",
			EN: "%s are held by pinned waits for %s"},
		"narr.offload": {
			KO: "블로킹 호출 %d개가 오프로드 풀로 넘어가고 루프는 계속 돕니다",
			EN: "%d blocking call{s} {goes/go} to the offload pool and the loops carry on"},
		"narr.fanout": {
			KO: "팬아웃 스레드가 호출 %d건을 맡고, 요청의 스레드는 그 요청의 호출이 모두 돌아올 때까지 붙잡힌 채 기다립니다",
			EN: "the fan-out threads take %d call{s}, and each request's thread waits, held, until all its calls return"},
		"narr.fanout.queue": {
			KO: "호출 %d건이 팬아웃 스레드를 기다립니다",
			EN: "%d call{s} {waits/wait} for a fan-out thread"},
		// The fan-out pool's middle stretch, one line (narrate/fanout.go).
		"narr.fanout.busy": {
			KO: "팬아웃 스레드 %[1]d개가 쉬지 않고 한 번에 %[1]d건씩 호출 %[2]d건을 처리하고, 요청의 스레드는 붙잡힌 채 기다리기만 합니다",
			EN: "the %[1]d fan-out threads make %[2]d calls without a break, %[1]d at a time, while the request threads only wait, held"},
		"narr.fanout.part": {
			KO: "팬아웃 스레드 %[1]d개가 호출 %[2]d건을 처리하며 이 구간의 %[3]d%%를 일하고, 요청의 스레드는 붙잡힌 채 기다립니다",
			EN: "the %[1]d fan-out threads make %[2]d calls, busy %[3]d%% of this stretch, while the request threads wait, held"},
		"narr.fanout.done1": {
			KO: "마지막 호출이 돌아와 요청 1건이 끝납니다",
			EN: "a request finishes as its last call returns"},
		"narr.fanout.done": {
			KO: "요청 %d건이 각자 마지막 호출이 돌아올 때 끝납니다",
			EN: "%d requests finish, each as its last call returns"},
		"narr.fanout.done.every": {
			KO: "요청 %d건이 각자 마지막 호출이 돌아올 때 끝납니다(대략 %s마다 1건)",
			EN: "%d requests finish, each as its last call returns (about one every %s)"},
		"narr.fanout.queue.empty": {
			KO: "풀려난 %s{이/가} 대기열의 요청을 차례로 맡아 %s에 대기열이 빕니다",
			EN: "the freed %s take the queued requests in turn, and the queue is empty at %s"},
		"narr.w.fanout1": {KO: "팬아웃 풀로 간 호출 1건", EN: "1 call goes to the fan-out pool"},
		"narr.w.fanout":  {KO: "팬아웃 풀로 간 호출 %d건", EN: "%d calls go to the fan-out pool"},
		"narr.w.fanoutqueue": {
			KO: "팬아웃 스레드를 기다린 호출은 가장 많을 때 %d건",
			EN: "at most %d call{s} {waits/wait} for a fan-out thread"},
		"narr.offload.queue": {
			KO: "호출 %d개가 오프로드 스레드를 기다립니다",
			EN: "%d call{s} {waits/wait} for an offload thread"},

		// Finishing.
		"narr.finish": {
			KO: "요청 %d건이 끝납니다",
			EN: "%d requests finish"},
		"narr.finish1": {
			KO: "요청 1건이 끝납니다",
			EN: "a request finishes"},
		"narr.finish.wait1": {
			KO: "응답이 돌아와 요청 1건이 끝납니다",
			EN: "a response arrives; a request finishes"},
		"narr.finish.loop1": {
			KO: "대기가 끝나 루프가 이어서 처리하고 요청 1건이 끝납니다",
			EN: "a wait ends; the loop runs the continuation and a request finishes"},
		"narr.finish.virtual1": {
			KO: "대기가 끝나 가상 스레드가 캐리어에 다시 마운트되어 요청 1건이 처리됩니다",
			EN: "a wait ends; the virtual thread mounts again and the request finishes"},
		"narr.finish.block1": {
			KO: "블로킹 호출이 끝나 요청 1건이 처리됩니다",
			EN: "the blocking call returns; a request finishes"},
		"narr.finish.wait": {
			KO: "응답이 돌아와 요청 %d건이 끝납니다",
			EN: "responses arrive; %d requests finish"},
		"narr.finish.loop": {
			KO: "대기가 끝나 루프가 이어서 처리하고 요청 %d건이 끝납니다",
			EN: "the waits end; the loops run the continuations and %d requests finish"},
		"narr.finish.virtual": {
			KO: "대기가 끝나 가상 스레드가 캐리어에 다시 마운트되어 요청 %d건이 처리됩니다",
			EN: "the waits end; the virtual threads mount again and %d requests finish"},
		"narr.finish.block": {
			KO: "블로킹 호출이 끝나 요청 %d건이 처리됩니다",
			EN: "the blocking calls return; %d requests finish"},

		// A stretch of many small moments, told as one line.
		"narr.w.arrive1":  {KO: "요청 1건 도착", EN: "1 request arrives"},
		"narr.w.start1":   {KO: "1건 시작", EN: "1 starts"},
		"narr.w.done1":    {KO: "1건 완료", EN: "1 finishes"},
		"narr.w.block1":   {KO: "루프를 막은 블로킹 호출 1개", EN: "1 blocking call holds a loop"},
		"narr.w.pinned1":  {KO: "캐리어를 붙잡은 고정 대기 1개", EN: "1 pinned wait holds a carrier"},
		"narr.w.offload1": {KO: "오프로드 풀로 간 호출 1개", EN: "1 call goes to the offload pool"},
		"narr.w.arrive":   {KO: "요청 %d건 도착", EN: "%d requests arrive"},
		"narr.w.start":    {KO: "%d건 시작", EN: "%d start"},
		"narr.w.done":     {KO: "%d건 완료", EN: "%d finish"},
		"narr.w.queue":    {KO: "대기열은 가장 길 때 %d건", EN: "at most %d {waits/wait} in the queue"},
		"narr.w.block":    {KO: "루프를 막은 블로킹 호출 %d개", EN: "%d blocking calls hold a loop"},
		"narr.w.pinned":   {KO: "캐리어를 붙잡은 고정 대기 %d개", EN: "%d pinned waits hold a carrier"},
		"narr.w.offload":  {KO: "오프로드 풀로 간 호출 %d개", EN: "%d calls go to the offload pool"},
		"narr.done": {
			KO: "요청 %[1]d건이 모두 %[2]s 만에 끝났습니다 (p50 %[3]s, p99 %[4]s). 동시에 일한 %[6]s{은/는} 최대 %[5]d개였습니다",
			EN: "all %[1]d request{s} done in %[2]s (p50 %[3]s, p99 %[4]s); peak busy %[6]s: %[5]d"},
		"narr.done.idle": {
			KO: "요청 %[1]d건이 모두 %[2]s 만에 끝났습니다 (p50 %[3]s, p99 %[4]s). %[6]s{은/는} CPU 작업도 붙잡힌 대기도 없어 한 번도 바쁘지 않았습니다",
			EN: "all %[1]d request{s} done in %[2]s (p50 %[3]s, p99 %[4]s); the %[6]s were never busy: no CPU work, and no wait held them"},
		"narr.done.loops": {
			KO: "블로킹 요청이 놓인 루프: %s",
			EN: "blocking requests per loop: %s"},
		"narr.loopcount": {KO: "루프 %d에 %d건", EN: "loop %d: %d"},
		"narr.and":       {KO: ", ", EN: ", "},
		"narr.and.last":  {KO: "{과/와} ", EN: " and "},

		// Lane nouns, plural in English (Korean has none).
		"narr.noun.thread":   {KO: "스레드", EN: "threads"},
		"narr.noun.loop":     {KO: "루프", EN: "loops"},
		"narr.noun.carrier":  {KO: "캐리어", EN: "carriers"},
		"narr.noun.offload":  {KO: "오프로드 스레드", EN: "offload threads"},
		"narr.noun1.thread":  {KO: "스레드", EN: "thread"},
		"narr.noun1.loop":    {KO: "루프", EN: "loop"},
		"narr.noun1.carrier": {KO: "캐리어", EN: "carrier"},
		"narr.noun1.offload": {KO: "오프로드 스레드", EN: "offload thread"},

		"narr.w.offqueue": {
			KO: "오프로드 스레드를 기다린 호출은 가장 많을 때 %d개",
			EN: "at most %d call{s} {waits/wait} for an offload thread"},
	})
}
