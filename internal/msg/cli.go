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
		"cli.unknown": {
			KO: "알 수 없는 명령 %q입니다. waitlab help로 명령 목록을 보세요",
			EN: "unknown command %q: run waitlab help for the list"},
		"cli.presets": {
			KO: "미리 준비된 시나리오를 한 줄 설명과 함께 보여 줍니다",
			EN: "list the preset scenarios, one line each"},
		"cli.presets.source": {
			KO: "출처",
			EN: "source"},
		"cli.preset.unknown": {
			KO: "알 수 없는 프리셋 %q입니다. 다음 중 하나를 쓰세요: %s",
			EN: "unknown preset %q: use one of %s"},
		"cli.file.read": {
			KO: "시나리오 파일 %s을 읽을 수 없습니다: %v",
			EN: "cannot read scenario file %s: %v"},
		"cli.preset.and.file": {
			KO: "--preset과 -f는 함께 쓸 수 없습니다. 하나만 고르세요",
			EN: "--preset and -f cannot be used together: pick one"},
	})
}
