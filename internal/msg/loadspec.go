package msg

// The load configuration as data: waitlab load --config FILE
// (loadgen.Spec).
func init() {
	Register(map[string]Entry{
		"loadspec.both": {
			KO: "--config 파일과 부하 플래그를 함께 쓸 수 없습니다 (%s): 부하는 파일이나 플래그 한쪽에만 쓰세요",
			EN: "--config and load flags cannot be used together (%s): give the load in the file or in flags, not both"},
		"loadspec.think.open": {
			KO: "--think(파일에서는 think)는 --vus(닫힌 모델)에서만 씁니다. --rate나 --arrival의 요청은 응답을 기다리지 않고 정해진 때에 나가므로 쉴 틈이 없습니다. think를 빼거나 --vus N을 쓰세요",
			EN: "--think (think in a file) is for --vus (the closed model): requests at a --rate or --arrival leave on schedule, never after a reply, so there is no pause to take; drop think or use --vus N"},
		"flag.load.config": {
			KO: "부하(URL, rate 또는 vus, duration, ...)를 플래그 대신 JSON 또는 YAML 파일(FILE)에서 읽습니다 (-는 표준 입력, docs/load.md 참고)",
			EN: "read the load (URL, rate or vus, duration, ...) from a JSON or YAML FILE (- for stdin) instead of flags (see docs/load.md)"},
	})
}
