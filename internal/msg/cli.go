package msg

// The command line's own words.
func init() {
	Register(map[string]Entry{
		"cli.usage": {
			KO: "waitlab: 서버 스레드가 기다리는 동안 무엇을 하는지, 그 비용이 얼마인지 보여 줍니다.\n\n사용법: waitlab <명령> [플래그]\n\n명령:",
			EN: "waitlab shows what a server thread does while it waits, and what that costs.\n\nusage: waitlab <command> [flags]\n\ncommands:"},
		"cli.usage.more": {
			KO: "\n명령마다 -h로 플래그를 볼 수 있습니다 (예: waitlab sim -h).",
			EN: "\nRun a command with -h for its flags (e.g. waitlab sim -h)."},
		"cli.err.progress": {
			KO: "--progress에 %q{을/를} 줄 수 없습니다: auto, on, off 중 하나를 주세요",
			EN: "--progress %q: use auto, on or off"},
		"cli.unknown": {
			KO: "알 수 없는 명령 %q입니다. waitlab help로 명령 목록을 보세요",
			EN: "unknown command %q: run waitlab help for the list"},
		"cli.presets": {
			KO: "미리 준비된 시나리오를 한 줄 설명과 함께 보여 줍니다",
			EN: "list the preset scenarios, one line each"},
		"cli.presets.variant": {
			KO: "바탕 프리셋과 바꾼 값",
			EN: "base preset and changes"},
		"cli.presets.source": {
			KO: "출처",
			EN: "source"},
		"cli.preset.unknown": {
			KO: "알 수 없는 프리셋 %q입니다. 다음 중 하나를 쓰세요: %s",
			EN: "unknown preset %q: use one of %s"},
		"cli.file.read": {
			KO: "시나리오 파일 %s{을/를} 읽을 수 없습니다: %v",
			EN: "cannot read scenario file %s: %v"},
		"cli.preset.and.file": {
			KO: "--preset과 -f는 함께 쓸 수 없습니다. 하나만 고르세요",
			EN: "--preset and -f cannot be used together: pick one"},

		// -h, flag errors and hints for people used to wrk and hey.
		"cli.help.usage": {
			KO: "사용법: waitlab %s [플래그]\n\n플래그:",
			EN: "usage: waitlab %s [flags]\n\nflags:"},
		"cli.help.default": {
			KO: " (기본값 %s)",
			EN: " (default %s)"},
		"cli.flag.undefined": {
			KO: "알 수 없는 플래그 -%s입니다.",
			EN: "unknown flag -%s."},
		"cli.flag.novalue": {
			KO: "플래그 -%s에 값이 필요합니다.",
			EN: "flag -%s needs a value."},
		"cli.flag.badvalue": {
			KO: "플래그 -%s의 값 %q{을/를} 읽을 수 없습니다 (%s).",
			EN: "flag -%s: cannot read %q (%s)."},
		"cli.flag.see": {
			KO: "waitlab %s -h로 플래그를 보세요",
			EN: "See waitlab %s -h"},
		"cli.hint.c": {
			KO: "wrk나 hey의 -c라면: 개방형 모델에서는 --connections N(연결 수의 상한), hey처럼 고정된 동시 사용자로는 --vus N을 쓰세요.",
			EN: "If you mean wrk's or hey's -c: use --connections N (the connection cap, open model) or --vus N (fixed concurrent users, like hey's workers)."},
		"cli.hint.d": {
			KO: "wrk의 -d라면 --duration을 쓰세요 (예: --duration 30s).",
			EN: "If you mean wrk's -d: use --duration (e.g. --duration 30s)."},
		"cli.hint.n": {
			KO: "hey의 -n이라면 --requests를 쓰세요 (예: --requests 1000).",
			EN: "If you mean hey's -n: use --requests (e.g. --requests 1000)."},
		"cli.hint.z": {
			KO: "hey의 -z라면 --duration을 쓰세요 (예: --duration 30s).",
			EN: "If you mean hey's -z: use --duration (e.g. --duration 30s)."},
	})
}
