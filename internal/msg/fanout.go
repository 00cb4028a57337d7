package msg

// The slow-downstream pieces of `waitlab target` and `waitlab
// downstream`: the pool's fan-out pool, pipelined fan-out, and the
// downstream's delay step.
func init() {
	Register(map[string]Entry{
		"target.err.fanout.both": {
			KO: "호출 방식은 parallel과 pipelined 중 하나만 고르세요",
			EN: "calls are either parallel or pipelined, not both: choose one"},
		"target.err.fanoutpool.model": {
			KO: "--fanout-pool은 pool 모델에서만 씁니다. 병렬 호출을 K개 스레드 풀에 맡기는 것은 요청마다 스레드를 쥐는 모델의 방식이고, %s 모델은 스레드를 쥐지 않고 팬아웃합니다. --fanout-pool을 빼거나 --model pool을 쓰세요",
			EN: "--fanout-pool is for the pool model only: a worker pool for parallel calls is how a thread-per-request server fans out, and %s fans out without holding threads. Drop --fanout-pool or use --model pool"},
		"target.err.fanoutpool.threads": {
			KO: "--threads와 --fanout-pool을 합친 스레드 %d개{이/가} 한도 %d개를 넘습니다. 둘 중 하나를 줄이세요",
			EN: "--threads plus --fanout-pool is %d threads, over the limit of %d: lower one of them"},
		"downstream.err.step.form": {
			KO: "--delay-step %q{을/를} 읽을 수 없습니다. 지연@시점으로 쓰세요. 예: 50ms@10s (시작하고 10초 뒤부터 모든 명령의 지연이 50ms)",
			EN: "cannot read --delay-step %q: write DELAY@AFTER, e.g. 50ms@10s (every command's delay becomes 50ms ten seconds after the start)"},
		"downstream.err.step.delay": {
			KO: "--delay-step %q: @ 앞의 %q{은/는} 지연이 아닙니다. 50ms나 exp:50ms처럼 쓰세요",
			EN: "--delay-step %q: %q before the @ is not a delay: write e.g. 50ms or exp:50ms"},
		"downstream.err.step.after": {
			KO: "--delay-step %q: @ 뒤의 %q{은/는} 시작부터의 시간이 아닙니다. 10s처럼 0 이상으로 쓰세요",
			EN: "--delay-step %q: %q after the @ is not a time since the start: write e.g. 10s (0 or more)"},
		"flag.target.fanout-pool": {
			KO: "pool: 요청의 병렬 호출을 맡는 스레드 K개(FIFO 대기열). 요청 스레드는 호출이 모두 끝나기를 기다립니다. 0이면 호출마다 보조 고루틴 하나",
			EN: "pool: K threads that run a request's parallel calls (FIFO queue) while its thread waits for them all; 0: a helper goroutine per call"},
		"flag.downstream.delay-step": {
			KO: "지연@시점: 시작하고 시점만큼 지난 뒤부터 모든 지연이 이 값이 됩니다 (예: 50ms@10s, 실행 중에 느려지는 하위 서비스)",
			EN: "DELAY@AFTER: from AFTER after the start, every delay becomes DELAY (e.g. 50ms@10s: the downstream gets slower mid-run)"},
		"downstream.step": {
			KO: "시작하고 %[2]s 뒤부터 지연이 %[1]s{으로/로} 바뀝니다",
			EN: "the delay becomes %s %s after the start"},
	})
}
