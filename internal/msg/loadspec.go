package msg

// The load configuration as data: waitlab load --config FILE
// (loadgen.Spec).
func init() {
	Register(map[string]Entry{
		"loadspec.both": {
			KO: "--config 파일과 부하 플래그를 함께 쓸 수 없습니다 (%s): 부하는 파일이나 플래그 한쪽에만 쓰세요",
			EN: "--config and load flags cannot be used together (%s): give the load in the file or in flags, not both"},
		"loadspec.think.open": {
			KO: "--think(파일에서는 think)는 --vus(폐쇄형 모델)에서만 씁니다. --rate나 --arrival의 요청은 응답을 기다리지 않고 정해진 때에 나가므로 쉴 틈이 없습니다. think를 빼거나 --vus N을 쓰세요",
			EN: "--think (think in a file) is for --vus (the closed model): requests at a --rate or --arrival leave on schedule, never after a reply, so there is no pause to take; drop think or use --vus N"},
		// Refusals of a configuration file (loadgen.ParseSpec); the CLI
		// puts "--config FILE:" before each.
		"loadspec.err.big": {
			KO: "%d바이트로, 부하 설정 파일의 상한 %d바이트를 넘습니다",
			EN: "%d bytes, more than the %d a load configuration may hold"},
		"loadspec.err.empty": {
			KO: "비어 있습니다. 적어도 url과 rate(또는 vus)를 쓰세요",
			EN: "empty; give at least url and rate (or vus)"},
		"loadspec.err.syntax": {
			KO: "YAML이나 JSON으로 읽을 수 없습니다: %s",
			EN: "not valid YAML or JSON: %s"},
		"loadspec.err.dupkey": {
			KO: "%d번째 줄: 키 %q{은/는} %d번째 줄에 이미 있습니다. 같은 키가 두 번이면 어느 값을 쓸지 모르니 한 번만 쓰세요",
			EN: "line %d: key %q is already given at line %d; give each key once, as a second value would silently win"},
		"loadspec.err.docs": {
			KO: "문서가 둘 이상입니다(---로 나뉨). 두 번째부터는 읽히지 않으니 파일 하나에 부하 하나만 쓰세요",
			EN: "it holds more than one document (split by ---), and only the first would be read; keep one load per file"},
		"loadspec.err.unknown": {
			KO: "모르는 키 %q: 철자를 확인하세요 (키 목록은 docs/load.md에 있습니다)",
			EN: "unknown field %q: check its spelling (docs/load.md lists the keys)"},
		"loadspec.err.type": {
			KO: "키 %s: 이 자리에 %s 값은 쓸 수 없습니다 (docs/load.md에서 키의 형식을 보세요)",
			EN: "key %s: a %s value cannot go here (docs/load.md gives each key's form)"},
		"loadspec.err.duration": {
			KO: "시간 %s: \"8s\"나 \"1m30s\"처럼 쓰세요",
			EN: "duration %s: write e.g. \"8s\" or \"1m30s\""},
		"loadspec.err.number": {
			KO: "%s: 숫자가 아닙니다 (예: 150)",
			EN: "%s is not a number (e.g. 150)"},
		"flag.load.config": {
			KO: "부하(URL, rate 또는 vus, duration, ...)를 플래그 대신 JSON 또는 YAML 파일(FILE)에서 읽습니다 (-는 표준 입력, docs/load.md 참고)",
			EN: "read the load (URL, rate or vus, duration, ...) from a JSON or YAML FILE (- for stdin) instead of flags (see docs/load.md)"},
	})
}
