package msg

// One line per preset, for `waitlab presets` and the web lab.
func init() {
	Register(map[string]Entry{
		"preset.lab-pool": {
			KO: "스레드 4개짜리 풀, 요청 12건, 각 2초 대기: 세 번에 나눠 처리되어 6초",
			EN: "a pool of 4 threads, 12 requests that each wait 2 s: three waves, 6 s"},
		"preset.lab-loop": {
			KO: "이벤트 루프 2개, 요청 12건, 논블로킹 대기: 대기를 등록하고 루프는 풀려나 2초",
			EN: "2 event loops, 12 requests, non-blocking waits: the wait is registered, the loop is freed, 2 s"},
		"preset.lab-loop-blocking": {
			KO: "이벤트 루프 2개인데 대기가 루프를 막음: 2건씩, 12초 (최악의 조합)",
			EN: "2 event loops whose waits block the loop: 2 at a time, 12 s (the worst combination)"},
		"preset.lab-virtual": {
			KO: "캐리어 2개 위의 가상 스레드: 대기 중에는 캐리어를 내주므로 2초",
			EN: "virtual threads on 2 carriers: a waiting thread unmounts, 2 s"},
		"preset.lab-pool-10x30": {
			KO: "스레드 10개짜리 풀, 요청 30건: 스레드도 요청도 늘었지만 대기열은 그대로, 6초",
			EN: "a pool of 10 threads, 30 requests: more threads, more requests, the same queue, 6 s"},
		"preset.ch15-none": {
			KO: "루프 8개, 요청 2,000건(각 CPU 200 us), 블로킹 없음: 기준선",
			EN: "8 loops, 2,000 requests of 200 us CPU, no blocking: the baseline"},
		"preset.ch15-onloop": {
			KO: "루프 8개, 요청의 1%(20건)가 루프 위에서 100 ms 동안 블로킹: 그 루프의 요청이 모두 기다림",
			EN: "8 loops, 1% (20 requests) block the loop for 100 ms: every request on that loop waits"},
		"preset.ch15-offload64": {
			KO: "같은 블로킹 호출을 오프로드 풀(스레드 64개)로 넘김: 루프는 자유롭고 p50은 기준선 수준",
			EN: "the same blocking calls handed to an offload pool of 64 threads: the loops stay free, p50 as in the baseline"},
		"preset.ch15-offload4": {
			KO: "같은 블로킹 호출을 오프로드 풀(스레드 4개)로 넘김: p50은 지키지만 처리량은 풀 크기가 정함",
			EN: "the same blocking calls handed to an offload pool of 4 threads: p50 holds, but the pool size sets throughput"},

		// Where a preset's published figures come from, by title.
		"preset.src.lab": {
			KO: "「블로킹·논블로킹·가상 스레드」 실습 (JDK 21, 대기를 0.2초로 줄이고 요청 12건)",
			EN: "the interactive lab \"blocking vs non-blocking vs virtual threads\" (JDK 21, wait cut to 0.2 s, 12 requests)"},
		"preset.src.lab.model": {
			KO: "「블로킹·논블로킹·가상 스레드」 실습의 다섯째 실험 (모델만)",
			EN: "the interactive lab \"blocking vs non-blocking vs virtual threads\", fifth experiment (model only)"},
		"preset.src.ch15": {
			KO: "Netty/WebFlux 이벤트 루프를 다룬 책의 장, 실험 \"eight loops, blocking 1%\" (5회 실행의 중앙값)",
			EN: "the book chapter on Netty/WebFlux event loops, experiment \"eight loops, blocking 1%\" (median of 5 runs)"},
	})
}
