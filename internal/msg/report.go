package msg

// Report headings, table labels, timeline legends (package report).
func init() {
	Register(map[string]Entry{
		"report.svg.span": {
			KO: "요청 %d",
			EN: "request %d"},
		"report.scenario": {
			KO: "시나리오 %s: %s, 요청 %d건, 도착 %s, 시드 %d",
			EN: "scenario %s: %s, %d request{s}, arrival %s, seed %d"},
		"report.model.pool":        {KO: "pool (스레드 %d개, 코어 %d개)", EN: "pool (%d thread{s}, %d core{s})"},
		"report.model.pool.fanout": {KO: "pool (스레드 %d개, 코어 %d개, 팬아웃 스레드 %d개)", EN: "pool (%d thread{s}, %d core{s}, %d fan-out thread{s})"},
		"report.model.loop":        {KO: "loop (루프 %d개, 코어 %d개)", EN: "loop (%d loop{s}, %d core{s})"},
		"report.model.offload":     {KO: "offload (루프 %d개, 코어 %d개, 오프로드 스레드 %d개)", EN: "offload (%d loop{s}, %d core{s}, %d offload thread{s})"},
		"report.model.virtual":     {KO: "virtual (캐리어 %d개, 코어 %d개)", EN: "virtual (%d carrier{s}, %d core{s})"},
		"report.class": {
			KO: "  요청 종류 %s: 비율 %g, CPU %s, 대기 %s x %d (%s)%s",
			EN: "  class %s: fraction %g, CPU %s, wait %s x %d (%s)%s"},
		"report.class.blocking": {KO: ", 블로킹 대기", EN: ", blocking"},
		"report.lock":           {KO: "  공유 락: 하위 호출마다 락 하나를 잡고 호출이 끝날 때까지 쥡니다", EN: "  shared lock: every downstream call holds one lock for its whole duration"},
		"report.placement":      {KO: "  배치 %s, 루프 배정 %s", EN: "  placement %s, loop assignment %s"},

		"report.results.sim":  {KO: "결과 (모델)", EN: "results (model)"},
		"report.results.real": {KO: "결과 (실제 실행)", EN: "results (real run)"},
		"report.makespan":     {KO: "전체 처리 시간", EN: "makespan (batch time)"},
		"report.throughput":   {KO: "처리량", EN: "throughput"},
		"report.rps":          {KO: "%s 요청/초", EN: "%s req/s"},
		"report.tput.batch": {
			KO: "완료 수 / 전체 처리 시간 (배치: 모든 요청이 t=0에 도착)",
			EN: "completed / makespan (batch: all requests arrive at t=0)"},
		"report.tput.window": {
			KO: "측정 구간(첫 도착부터 마지막 완료까지)의 초당 완료 수",
			EN: "completions per second over the measured window (first arrival to last completion)"},
		"report.completed": {KO: "완료", EN: "completed"},
		"report.of":        {KO: "%d / %d", EN: "%d of %d"},
		"report.peak":      {KO: "최대 동시 작업 스레드", EN: "peak busy threads"},
		"report.inflight":  {KO: "동시 처리 수 (리틀의 법칙)", EN: "in flight (Little's law)"},
		"report.inflight.def": {
			KO: "%s (지연 시간 합 / 전체 처리 시간)",
			EN: "%s (sum of latencies / makespan)"},
		"report.precision":       {KO: "백분위 정밀도", EN: "percentile precision"},
		"report.precision.exact": {KO: "정확 (모든 지연 시간을 보관, 최근접 순위)", EN: "exact (every latency kept, nearest rank)"},
		"report.precision.hdr":   {KO: "HDR 히스토그램, 유효숫자 3자리 (요청이 %d개를 넘어 스트리밍으로 집계)", EN: "HDR histogram, 3 significant digits (streamed beyond %d requests)"},
		"report.events":          {KO: "처리한 이벤트", EN: "events processed"},

		"report.latency":   {KO: "지연 시간 (ms)", EN: "latency (ms)"},
		"report.count":     {KO: "개수", EN: "count"},
		"report.mean":      {KO: "평균", EN: "mean"},
		"report.all":       {KO: "전체", EN: "all"},
		"report.queuewait": {KO: "대기열 대기", EN: "queue wait"},

		"report.loops":         {KO: "루프별 블로킹 요청", EN: "blocking requests per loop"},
		"report.loop":          {KO: "루프", EN: "loop"},
		"report.loop.reqs":     {KO: "요청", EN: "requests"},
		"report.loop.blocking": {KO: "블로킹", EN: "blocking"},
		"report.loop.ids":      {KO: "블로킹 요청 번호", EN: "blocking request ids"},

		// Timelines.
		"report.lane.thread":  {KO: "스레드 %d", EN: "thread %d"},
		"report.lane.loop":    {KO: "루프 %d", EN: "loop %d"},
		"report.lane.offload": {KO: "오프로드 %d", EN: "offload %d"},
		"report.lane.carrier": {KO: "캐리어 %d", EN: "carrier %d"},
		"report.lane.worker":  {KO: "팬아웃 %d", EN: "fan-out %d"},
		"report.lane.busy":    {KO: "일하는 수", EN: "busy"},
		"report.lane.more":    {KO: "… 나머지 %d개 줄은 아래 '일하는 수'에 합쳤습니다", EN: "… %d more lanes are folded into the busy row below"},
		"report.timeline": {
			KO: "타임라인: 0 ~ %s, 한 칸 = %s",
			EN: "timeline: 0 to %s, one column = %s"},
		"report.legend.cpu":   {KO: "CPU 작업", EN: "CPU work"},
		"report.legend.hold":  {KO: "스레드를 붙잡은 채 대기", EN: "waiting, holding the thread"},
		"report.legend.lock":  {KO: "공유 락 대기", EN: "waiting for the lock"},
		"report.legend.ready": {KO: "코어 대기", EN: "waiting for a core"},
		"report.legend.idle":  {KO: "쉼", EN: "idle"},
		"report.lane.waiting": {KO: "스레드 없이 대기", EN: "no thread"},
		"report.legend.waiting": {
			KO: "스레드 없이 기다리는 요청 수 (대기열, 등록된 대기, 파킹된 가상 스레드; * = 10개 이상)",
			EN: "requests waiting without a thread (queued, registered wait, parked virtual thread; * = 10 or more)"},
		"report.svg.waiting":      {KO: "스레드 없이 기다리는 요청 (최대 %d개)", EN: "requests waiting without a thread (at most %d)"},
		"report.svg.source.model": {KO: "모델 (시뮬레이션)", EN: "model (simulated)"},
		"report.svg.source.real":  {KO: "실제 실행 (측정)", EN: "real run (measured)"},
		"report.legend.busy":      {KO: "일하는 줄 비율 (0-9, @ = 모두)", EN: "share of lanes busy (0-9, @ = all)"},
		"report.svg.title": {
			KO: "waitlab 타임라인: %d개 줄, 요청 %d건, %s",
			EN: "waitlab timeline: %d lane{s}, %d request{s}, %s"},
		"report.svg.busy": {KO: "일하는 줄 수 (전체 %d개)", EN: "busy lanes (of %d)"},
		"report.svg.time": {KO: "시간", EN: "time"},
		"report.notrace":  {KO: "타임라인이 없습니다 (--timeline 또는 --svg와 함께 실행하세요)", EN: "no timeline was kept (run with --timeline or --svg)"},

		"report.peak.carrier": {
			KO: "최대 동시 작업 캐리어",
			EN: "peak busy carriers"},
		"report.legend.hold.carrier": {
			KO: "캐리어를 붙잡은 채 대기 (고정)",
			EN: "waiting, holding the carrier (pinned)"},
	})
}
