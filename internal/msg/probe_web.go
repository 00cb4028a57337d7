package msg

// The web lab's "your server" page (internal/web/probe.go and
// static/probe.html): a probe run from the browser.
func init() {
	Register(map[string]Entry{
		"flag.serve.probe-allow": {KO: "\"내 서버\" 페이지가 루프백 말고도 부하를 보낼 수 있는 호스트, 반복 가능", EN: "a host besides loopback the \"your server\" page may load, repeatable"},
		"web.probe.title":        {KO: "내 서버 재기", EN: "Your server, measured"},
		"web.probe.tagline":      {KO: "허용된 주소의 실제 서버에 부하를 보내, 어디서 넘어지는지, 왜 그런지(스레드, 락, CPU, 생성기)를 밖에서 말하고, 맞춘 모델을 랩에서 엽니다.", EN: "Sends real load to a server at an allowed address, tells from outside where it falls over and why (threads, a lock, the CPU, the generator), and opens the fitted model in the lab."},
		"web.probe.to_lab":       {KO: "← 랩으로", EN: "← to the lab"},
		"web.probe.lang":         {KO: "한국어", EN: "English"},
		"web.probe.form":         {KO: "잴 서버", EN: "The server to probe"},
		"web.probe.allowed":      {KO: "이 랩이 부하를 보낼 수 있는 호스트: %s (운영자가 serve --probe-allow로 더할 수 있습니다).", EN: "Hosts this lab may load: %s (the operator adds more with serve --probe-allow)."},
		"web.probe.url":          {KO: "URL", EN: "URL"},
		"web.probe.slo":          {KO: "SLO (쉼표로 구분)", EN: "SLOs (comma-separated)"},
		"web.probe.rate":         {KO: "최대 초당 요청 (최대 %v)", EN: "max requests per second (at most %v)"},
		"web.probe.budget":       {KO: "예산, 초 (최대 %v)", EN: "budget, seconds (at most %v)"},
		"web.probe.size":         {KO: "크기 질문 (선택), 예: p99<200ms@300rps", EN: "sizing question (optional), e.g. p99<200ms@300rps"},
		"web.probe.run":          {KO: "재기", EN: "Probe"},
		"web.probe.progress":     {KO: "진행", EN: "Progress"},
		"web.probe.running":      {KO: "차례를 기다리거나 첫 단계를 시작하는 중…", EN: "waiting for a turn or starting the first step…"},
		"web.probe.done":         {KO: "끝났습니다.", EN: "finished."},
		"web.probe.failed":       {KO: "끝내지 못했습니다.", EN: "did not finish."},
		"web.probe.cut":          {KO: "결과가 오기 전에 연결이 끊겼습니다.", EN: "the connection ended before the result came."},
		"web.probe.open_lab":     {KO: "맞춘 시나리오를 랩에서 열기", EN: "Open the fitted scenario in the lab"},
		"web.probe.text":         {KO: "waitlab probe가 출력하는 보고서 전체", EN: "the whole report, as waitlab probe prints it"},
		"web.probe.err.body":     {KO: "요청을 읽을 수 없습니다 (%s): {\"url\": \"http://127.0.0.1:8080/\"} 형식의 JSON을 보내세요", EN: "cannot read the request (%s): send JSON such as {\"url\": \"http://127.0.0.1:8080/\"}"},
		"web.probe.err.rate":     {KO: "최대 초당 요청 %v{은/는} 이 랩의 상한 %v{을/를} 넘습니다", EN: "a max rate of %v is over this lab's cap of %v"},
		"web.probe.err.remote":   {KO: "%s{은/는} 루프백 주소가 아닙니다: 이 랩은 운영자가 waitlab serve --probe-allow로 허락한 호스트 말고는 127.0.0.1이나 localhost만 잽니다", EN: "%s is not a loopback address: this lab probes 127.0.0.1 or localhost only, besides the hosts its operator allowed with waitlab serve --probe-allow"},
		"web.probe.err.budget":   {KO: "budget_s %v: 0(기본값)부터 이 랩의 상한 %v초까지 주세요", EN: "budget_s %v: give from 0 (the default) up to this lab's cap of %v s"},
		"web.probe.err.run":      {KO: "probe가 끝나지 못했습니다: %s", EN: "the probe could not finish: %s"},
	})
}
