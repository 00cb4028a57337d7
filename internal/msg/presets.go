package msg

// One line per preset, for `waitlab presets` and the web lab.
func init() {
	Register(map[string]Entry{
		"preset.lab-pool": {
			KO: "스레드 풀 4개, 요청 12개, 각 2초 대기: 세 번에 나눠 처리되어 6초",
			EN: "a pool of 4 threads, 12 requests that each wait 2 s: three waves, 6 s"},
		"preset.lab-loop": {
			KO: "이벤트 루프 2개, 요청 12개, 논블로킹 대기: 대기를 등록하고 루프는 풀려나 2초",
			EN: "2 event loops, 12 requests, non-blocking waits: the wait is registered, the loop is freed, 2 s"},
		"preset.lab-loop-blocking": {
			KO: "이벤트 루프 2개인데 대기가 루프를 막음: 한 번에 2개씩, 12초 (최악의 조합)",
			EN: "2 event loops whose waits block the loop: 2 at a time, 12 s (the worst combination)"},
		"preset.lab-virtual": {
			KO: "캐리어 2개 위의 가상 스레드: 대기 중에는 캐리어를 내려놓아 2초",
			EN: "virtual threads on 2 carriers: a waiting thread unmounts, 2 s"},
		"preset.lab-pool-10x30": {
			KO: "스레드 풀 10개, 요청 30개: 스레드도 요청도 늘었지만 대기열은 그대로, 6초",
			EN: "a pool of 10 threads, 30 requests: more threads, more requests, the same queue, 6 s"},
		"preset.ch15-none": {
			KO: "루프 8개, 요청 2,000개(각 CPU 200us), 블로킹 없음: 기준선",
			EN: "8 loops, 2,000 requests of 200 us CPU, no blocking: the baseline"},
		"preset.ch15-onloop": {
			KO: "루프 8개, 1%(20개)가 루프 위에서 100ms 블로킹: 그 루프의 요청이 모두 기다림",
			EN: "8 loops, 1% (20 requests) block the loop for 100 ms: every request on that loop waits"},
		"preset.ch15-offload64": {
			KO: "같은 블로킹을 64개 스레드 풀로 넘김: 루프는 자유롭고 p50은 기준선 수준",
			EN: "the same blocking handed to a pool of 64 threads: the loops stay free, p50 as in the baseline"},
		"preset.ch15-offload4": {
			KO: "같은 블로킹을 4개 스레드 풀로 넘김: p50은 지키지만 처리량은 풀 크기가 정함",
			EN: "the same blocking handed to a pool of 4 threads: p50 holds, but the pool size sets throughput"},
	})
}
