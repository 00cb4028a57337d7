package msg

// `waitlab exp run slow-downstream`: ten lookups to a slow downstream,
// made one after another, in parallel or pipelined, and the downstream
// slowing down mid-run.
func init() {
	Register(map[string]Entry{
		"exp.slow-downstream.title": {
			KO: "느린 다운스트림: 팬아웃과 리틀의 법칙",
			EN: "A slow downstream: fan-out and Little's law"},
		"exp.slow-downstream.about": {
			KO: "50 ms 조회 10번을 차례로, 동시에(pool은 팬아웃 풀), 한 번의 왕복으로 (pool, loop, virtual), 그리고 실행 중에 2 ms에서 50 ms로 느려지는 다운스트림",
			EN: "ten 50 ms lookups one after another, in parallel (pool: on a fan-out pool) or in one round trip, in pool, loop and virtual; then a downstream that goes from 2 ms to 50 ms mid-run"},
		"exp.sd.recipe": {
			KO: "요청마다 다운스트림을 %d번 조회하고, 다운스트림은 명령마다 %d ms 뒤에 답합니다. pool은 스레드 %d개에 대기열 한도가 있고 (동시 조회는 같은 크기 %d개의 팬아웃 풀에서 돌고, 대기열 한도 %d개를 넘는 요청은 503으로 버립니다), loop와 virtual은 기본값입니다. 개방형 모델로 초당 %s건(pool 한계의 절반)와 %s개(한계의 1.5배)를 보냅니다. 실행마다 새 서버 프로세스에 %.1f초를 재고, 그 앞의 %.1f초는 워밍업으로 세지 않습니다. 조건마다 %d회.",
			EN: "Each request makes %d lookups; the downstream answers every command %d ms after it arrives. The pool has %d threads (parallel lookups run on a fan-out pool of the same %d) and a queue bound of %d, beyond which requests are shed with 503; loop and virtual run on their defaults. Open model at %s req/s (half the pool's ceiling) and %s req/s (1.5 times it). Each run is a fresh server process measured for %.1f s after an uncounted warm-up of %.1f s; %d run{s} per condition."},
		"exp.sd.recipe.step": {
			KO: "두 번째 부분: 다운스트림이 %d ms로 시작해 재는 구간의 3분의 1 즈음에 %d ms로 느려집니다. 조회 %d번을 차례로, 초당 %s건, %.1f초 동안 재고, 바뀐 뒤 %.1f초는 건너뛰고 앞뒤 구간을 따로 셉니다 (생성기의 초별 기록에서).",
			EN: "Part two: the downstream starts at %d ms and goes to %d ms about a third into the measured window; %d lookups one after another at %s req/s for %.1f s; the seconds before the step and those from %.1f s after it are counted apart (from the generator's per-second series)."},
		"exp.sd.col.inflight": {KO: "처리 중 (리틀의 법칙)", EN: "in flight (Little's law)"},
		"exp.sd.col.threads":  {KO: "서버 OS 스레드", EN: "server OS threads"},
		"exp.sd.row": {
			KO: "%s, 조회 %s, 초당 %s건",
			EN: "%s, lookups %s, %s req/s"},
		"exp.sd.fanout.sequential": {KO: "차례로", EN: "one after another"},
		"exp.sd.fanout.parallel":   {KO: "동시에", EN: "in parallel"},
		"exp.sd.fanout.pipelined":  {KO: "한 번의 왕복으로", EN: "in one round trip"},
		"exp.sd.step.row":          {KO: "%s, 2 ms → 50 ms", EN: "%s, 2 ms → 50 ms"},
		"exp.sd.step.before": {
			KO: "%s, 느려지기 전 (%d ms)",
			EN: "%s, before the step (%d ms)"},
		"exp.sd.step.after": {
			KO: "%s, 느려진 뒤 (%d ms)",
			EN: "%s, after the step (%d ms)"},
		"exp.sd.step.nophase": {
			KO: "%s: 초별 기록에 느려지기 전이나 뒤의 온전한 초가 없어 그 행을 뺐습니다.",
			EN: "%s: the per-second series has no whole second before or after the step, so its rows are left out."},
		"exp.sd.pub.result":          {KO: "결과", EN: "result"},
		"exp.sd.pub.seq":             {KO: "조회 10번, 차례로", EN: "10 lookups in sequence"},
		"exp.sd.pub.seq.v":           {KO: "요청당 2.7초", EN: "2.7 s per request"},
		"exp.sd.pub.par":             {KO: "조회 10번, 동시에", EN: "10 lookups fanned out in parallel"},
		"exp.sd.pub.par.v":           {KO: "0.22초 (12배)", EN: "0.22 s (12x)"},
		"exp.sd.pub.pool":            {KO: "풀 위의 블로킹 팬아웃", EN: "a blocking fan-out over a pool"},
		"exp.sd.pub.pool.v":          {KO: "요청당 스레드 10개: 지연은 줄고 스레드 시간과 한계는 그대로", EN: "10 threads per request: lower latency, same thread-time, same ceiling"},
		"exp.sd.pub.slow.blocking":   {KO: "Redis에 50 ms 주입, 블로킹", EN: "50 ms injected into Redis, blocking"},
		"exp.sd.pub.slow.blocking.v": {KO: "초당 396건 × 4.76초 = 처리 중 1,885개 > 스레드 1,600개, 적어도 285개는 줄 서 있음", EN: "396 req/s x 4.76 s = 1,885 in flight > 1,600 threads, so >= 285 queued"},
		"exp.sd.pub.slow.reactive":   {KO: "Redis에 50 ms 주입, 리액티브", EN: "50 ms injected into Redis, reactive"},
		"exp.sd.pub.slow.reactive.v": {KO: "초당 648건 × 3.06초 = 처리 중 1,983개, 스레드 몇 개 위에서", EN: "648 req/s x 3.06 s = 1,983 in flight on a handful of threads"},
		"exp.sd.redis.quick": {
			KO: "--quick에서는 내장 지연 서버로만 잽니다. 전체 실행은 redis-server가 있으면 지연 프록시 뒤의 실제 Redis로 잽니다.",
			EN: "--quick measures against the built-in delay server; a full run uses a real Redis behind the latency proxy when redis-server is installed."},
		"exp.sd.redis.missing": {
			KO: "redis-server가 없어 내장 지연 서버로 쟀습니다. 실제 Redis로 재려면: sudo apt-get install -y redis-server",
			EN: "redis-server is not installed, so the built-in delay server was measured; for a real Redis: sudo apt-get install -y redis-server"},
		"exp.sd.redis.failed": {
			KO: "redis-server를 띄우지 못해 내장 지연 서버로 쟀습니다: %v",
			EN: "redis-server could not be started, so the built-in delay server was measured: %v"},
		"exp.sd.redis.used": {
			KO: "다운스트림은 지연 프록시 뒤의 실제 Redis입니다 (프록시가 보낸 묶음마다 지연을 더하므로, 한 번의 왕복에 실린 조회 10번은 지연을 한 번 치릅니다).",
			EN: "The downstream is a real Redis behind the latency proxy (it delays each chunk it forwards, so ten lookups pipelined in one round trip wait out the delay once)."},
		"exp.sd.note.latency": {
			KO: "pool에서 조회 10번을 차례로 하면 p50이 %s ms, 팬아웃 풀에서 동시에 하면 %s ms로 %.1f배 빠릅니다 (발표된 값은 %.0f배, 모델은 10배). 한 번의 왕복으로 묶으면 %s ms입니다.",
			EN: "In the pool, ten lookups one after another take a p50 of %s ms; in parallel on the fan-out pool %s ms, %.1fx faster (published: %.0fx; the model: 10x). Pipelined in one round trip: %s ms."},
		"exp.sd.note.ceiling": {
			KO: "그런데 초당 %s건을 보내면 차례로는 %s건, 동시에는 %s건만 처리하고, 둘 다 한계 %s건(스레드 %d개 / (조회 %d번 × %d ms))를 넘지 못합니다: 동시 조회는 요청 하나가 스레드 10개를 10분의 1 시간 동안 붙잡을 뿐, 요청당 스레드 시간은 그대로입니다. 한 번의 왕복으로 묶으면 스레드 시간이 10분의 1이 되어 %s건을 처리합니다.",
			EN: "But offered %s req/s, one after another serves %s and in parallel %s, and neither passes the ceiling of %s (%d threads / (%d lookups x %d ms)): a parallel fan-out occupies ten threads for a tenth of the time, so the thread-time per request, and the ceiling, stay. Pipelining cuts the thread-time tenfold and serves %s."},
		"exp.sd.note.step.pool": {
			KO: "pool: 다운스트림이 느려지자 성공 처리량이 초당 %s건에서 %s건으로 떨어져 한계 %s건 근처에 섭니다. 리틀의 법칙으로 초당 %s건 × %.2f초 ≈ 처리 중 %s건 > 스레드 %d개이므로 적어도 %s건은 대기열에 있고, 대기열이 차서 요청의 %.1f%%{이/가} 503으로 버려집니다 (p50을 평균 대신 썼습니다).",
			EN: "pool: when the downstream slows, throughput without errors falls from %s to %s req/s, near the ceiling of %s. Little's law: %s req/s x %.2f s ≈ %s in flight > %d threads, so at least %s are queued, and with the queue full %.1f%% of requests are shed with 503 (p50 in place of the mean)."},
		"exp.sd.note.step.other": {
			KO: "%s: 다운스트림이 느려져도 성공 처리량은 초당 %s건에서 %s건으로 거의 그대로이고 느려지기만 합니다. 리틀의 법칙으로 초당 %s건 × %.2f초 ≈ 처리 중 %s건이 스레드 몇 개 위에 있습니다. 오류 %.1f%%.",
			EN: "%s: when the downstream slows, throughput without errors goes from %s to %s req/s, about the same; requests only get slower. Little's law: %s req/s x %.2f s ≈ %s in flight on a handful of threads; errors %.1f%%."},
		"exp.sd.note.step.moved": {
			KO: "%s: 다운스트림이 느려지자 성공 처리량이 초당 %s건에서 %s건으로 바뀌었습니다. 리틀의 법칙으로 초당 %s건 × %.2f초 ≈ 처리 중 %s건. 오류 %.1f%%.",
			EN: "%s: when the downstream slowed, throughput without errors went from %s to %s req/s. Little's law: %s req/s x %.2f s ≈ %s in flight; errors %.1f%%."},
		"exp.sd.note.why": {
			KO: "발표된 값과 다른 까닭: 규모가 다릅니다 (스레드 1,600개와 2코어 컨테이너 대신 스레드 100개와 서버 코어 하나). 발표된 조회에는 네트워크와 Redis의 일이 더 얹혀 차례로 2.7초였고, 여기서는 조회 하나가 정확히 50 ms라 모델의 10배에 가깝습니다.",
			EN: "Why the figures differ from the published ones: the scale (100 threads and one server core instead of 1,600 threads in 2-core containers), and the published lookups carried network and Redis work on top (2.7 s in sequence), where here each lookup is exactly 50 ms, so the ratio sits near the model's 10x."},
	})
}
