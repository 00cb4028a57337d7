package msg

// The web lab's "your server" page (internal/web/probe.go and
// static/probe.html): a probe run from the browser.
func init() {
	Register(map[string]Entry{
		"flag.serve.probe-allow": {KO: "\"내 서버\" 페이지가 루프백 말고도 부하를 보낼 수 있는 호스트, 반복 가능", EN: "a host besides loopback the \"your server\" page may load, repeatable"},
		"web.probe.title":        {KO: "내 서버 측정하기", EN: "Your server, measured"},
		"web.probe.tagline":      {KO: "허용된 주소의 실제 서버에 부하를 보내, 어디서 넘어지는지, 왜 그런지(스레드, 락, CPU, 생성기)를 밖에서 말하고, 맞춘 모델을 실습에서 엽니다.", EN: "Sends real load to a server at an allowed address, tells from outside where it falls over and why (threads, a lock, the CPU, the generator), and opens the fitted model in the lab."},
		"web.probe.to_lab":       {KO: "← 실습으로", EN: "← to the lab"},
		"web.probe.to_fanout":    {KO: "「순차 호출과 병렬 호출」 실습", EN: "The lab on sequential vs parallel calls"},
		"web.probe.lang":         {KO: "한국어", EN: "English"},
		"web.probe.form":         {KO: "측정할 서버", EN: "The server to probe"},
		"web.probe.allowed":      {KO: "이 실습이 부하를 보낼 수 있는 호스트: %s (운영자가 serve --probe-allow로 더할 수 있습니다).", EN: "Hosts this lab may load: %s (the operator adds more with serve --probe-allow)."},
		"web.probe.url":          {KO: "URL", EN: "URL"},
		"web.probe.slo":          {KO: "SLO (쉼표로 구분)", EN: "SLOs (comma-separated)"},
		"web.probe.rate":         {KO: "최대 초당 요청 (최대 %v)", EN: "max requests per second (at most %v)"},
		// The page has a time-limit field, not --budget: the notes that name
		// the flag in the CLI name the field here (the same arguments).
		"web.probe.undecided.plateau": {KO: "미정: 포화된 단계 %d개의 처리량이 초당 %s건에서 %s건으로, 두 단계 이상에서 한 값에 머물지 않았습니다. 측정 시간 한도를 늘려 포화된 단계를 더 재면 판정할 수 있습니다.",
			EN: "undecided: the %d saturated step{s} completed from %s to %s req/s, not one plateau over two steps or more; a longer time limit, measuring more saturated steps, would decide it."},
		"web.probe.undecided.no_check": {KO: "미정: 사용자 %d명으로 폐쇄형 모델의 확인을 돌릴 시간이 남지 않았습니다. 측정 시간 한도를 늘리면 풀인지 판정할 수 있습니다.",
			EN: "undecided: no time was left for the closed check at %d user{s}; a longer time limit would decide whether this is a pool."},
		"web.probe.budget":           {KO: "측정 시간 한도(초, 최대 %v)", EN: "time limit of the probe, seconds (at most %v)"},
		"web.probe.size":             {KO: "필요한 크기 묻기 (선택), 예: p99<200ms@300rps", EN: "sizing question (optional), e.g. p99<200ms@300rps"},
		"web.probe.run":              {KO: "측정 시작", EN: "Probe"},
		"web.probe.progress":         {KO: "진행", EN: "Progress"},
		"web.probe.running":          {KO: "차례를 기다리거나 첫 단계를 시작하는 중…", EN: "waiting for a turn or starting the first step…"},
		"web.probe.done":             {KO: "끝났습니다.", EN: "finished."},
		"web.probe.failed":           {KO: "끝내지 못했습니다.", EN: "did not finish."},
		"web.probe.cut":              {KO: "결과가 오기 전에 연결이 끊겼습니다.", EN: "the connection ended before the result came."},
		"web.probe.open_lab":         {KO: "맞춘 시나리오를 실습에서 열기", EN: "Open the fitted scenario in the lab"},
		"web.probe.text":             {KO: "waitlab probe가 출력하는 보고서 전체", EN: "the whole report, as waitlab probe prints it"},
		"web.probe.err.body":         {KO: "요청을 읽을 수 없습니다 (%s): {\"url\": \"http://127.0.0.1:8080/\"} 형식의 JSON을 보내세요", EN: "cannot read the request (%s): send JSON such as {\"url\": \"http://127.0.0.1:8080/\"}"},
		"web.probe.err.rate":         {KO: "최대 초당 요청 %v{은/는} 이 실습의 상한 %v{을/를} 넘습니다", EN: "a max rate of %v is over this lab's cap of %v"},
		"web.probe.err.budget":       {KO: "budget_s %v: 0(기본값)부터 이 실습의 상한 %v초까지 주세요", EN: "budget_s %v: give from 0 (the default) up to this lab's cap of %v s"},
		"web.probe.err.field.rate":   {KO: "1에서 %v 사이의 정수를 적어 주세요 (초당 요청 수)", EN: "give a whole number from 1 to %v (requests per second)"},
		"web.probe.err.field.budget": {KO: "%v에서 %v 사이의 초를 적어 주세요", EN: "give %v to %v seconds"},
		"web.probe.err.field.url":    {KO: "측정할 서버의 주소를 적어 주세요 (예: http://127.0.0.1:8080/)", EN: "give the address of the server to measure (e.g. http://127.0.0.1:8080/)"},
		"web.probe.err.remote":       {KO: "%s{은/는} 루프백 주소가 아니고, 이 실습이 부하를 보내도록 허용된 호스트도 아닙니다. 127.0.0.1이나 localhost를 쓰거나, 운영자가 serve --probe-allow %[1]s{으로/로} 허용해야 합니다", EN: "%s is not a loopback address, nor a host this lab may load: use 127.0.0.1 or localhost, or the operator allows it with serve --probe-allow %[1]s"},
		"web.probe.invalid":          {KO: "표시한 칸을 고치기 전에는 측정하지 않습니다.", EN: "Not started: fix the marked field first."},
		"web.probe.left":             {KO: "%s 지남, 남은 시간은 길어야 %s", EN: "%s so far, at most %s left"},
		"web.probe.step.now":         {KO: "%s단계 측정 중 (%s째)", EN: "measuring step %s (%s in)"},
		"web.probe.took":             {KO: "측정에 %s 걸렸습니다", EN: "the probe took %s"},
		"web.probe.log":              {KO: "waitlab probe가 출력하는 단계별 줄", EN: "the step lines, as waitlab probe prints them"},
		"web.probe.live.step":        {KO: "단계", EN: "Step"},
		"web.probe.live.offered":     {KO: "보낸 부하", EN: "Offered load"},
		"web.probe.live.ok":          {KO: "성공 응답 (초당)", EN: "Answered (req/s)"},
		"web.probe.live.p99":         {KO: "p99 지연", EN: "p99 latency"},
		"web.probe.live.inflight":    {KO: "동시 처리 수", EN: "In flight"},
		"web.probe.live.met":         {KO: "SLO", EN: "SLOs"},
		"web.probe.err.run":          {KO: "probe가 끝나지 못했습니다: %s", EN: "the probe could not finish: %s"},
	})
}
