package msg

// Entries of the shared lab layer: scenario overrides (flags and the web
// API alike) and the model-vs-real assembly.
func init() {
	Register(map[string]Entry{
		"err.block.needs.fraction": {
			KO: "차단 호출의 길이는 차단 비율과 함께 정합니다 (예: --block-fraction 0.01 --block 100ms)",
			EN: "the blocking call's duration needs a blocking fraction (e.g. --block-fraction 0.01 --block 100ms)"},
		"err.scenario.file.big": {
			KO: "시나리오 파일이 너무 큽니다 (%d바이트 초과). 시나리오 파일은 몇 KB면 충분합니다",
			EN: "scenario file is larger than %d bytes; a scenario file needs a few KB"},
		"run.interrupted.none": {
			KO: "중단됨: 끝난 실행이 없어 보고할 측정값이 없습니다",
			EN: "interrupted: no run completed, so there is nothing to report"},
		"cli.signal.second": {
			KO: "두 번째 중단 신호: 바로 끝냅니다",
			EN: "second interrupt: exiting now"},
		"cli.out.unwritable": {
			KO: "%s: %s에 쓸 수 없습니다: %v. 쓸 수 있는 경로를 주세요",
			EN: "%s: cannot write %s: %v; give a writable path"},
	})
}
