package msg

// Entries of scale-out: segments, synchronized starts, collecting results.
func init() {
	Register(map[string]Entry{
		"err.segment.syntax": {
			KO: "구간 %q을 읽을 수 없습니다. I/N(예: 0/3) 또는 A:B(예: 0:1/3, 1/3:1)로 쓰세요",
			EN: "cannot read segment %q: write I/N (e.g. 0/3) or A:B (e.g. 0:1/3, 1/3:1)"},
		"err.segment.range": {
			KO: "구간 %q은 0 이상 1 이하에서 시작이 끝보다 앞서야 합니다",
			EN: "segment %q must lie within 0 and 1 and start before it ends"},
		"err.segment.den": {
			KO: "구간 %q의 분모가 너무 큽니다 (최대 %d). 더 간단한 분수를 쓰세요",
			EN: "segment %q has too fine a denominator (at most %d): use simpler fractions"},
		"err.segment.seq": {
			KO: "구간 순서 %q이 맞지 않습니다. 0에서 1까지 커지는 분수를 쉼표로 나열하고, 구간의 양 끝을 포함하세요 (예: 0,1/4,1/2,1)",
			EN: "segment sequence %q is not valid: list increasing fractions from 0 to 1, separated by commas, including the segment's ends (e.g. 0,1/4,1/2,1)"},
		"kube.summary": {
			KO: "여러 생성기 파드로 나눈 부하 시험의 쿠버네티스 매니페스트를 출력합니다 (kube job)",
			EN: "prints Kubernetes manifests for a load test split across generator pods (kube job)"},
		"kube.err.verb": {
			KO: "사용법: waitlab kube job --segments N [옵션] -- [load 옵션] URL",
			EN: "usage: waitlab kube job --segments N [flags] -- [load flags] URL"},
		"kube.err.args": {
			KO: "load 명령 %q은 -- 뒤에 두세요 (예: waitlab kube job --segments 3 -- --rate 3000 --duration 60s http://target:8080/)",
			EN: "put the load command %q after -- (e.g. waitlab kube job --segments 3 -- --rate 3000 --duration 60s http://target:8080/)"},
		"kube.err.label": {
			KO: "--target-label %q은 키=값 꼴로 쓰세요 (예: app=orders)",
			EN: "--target-label %q: write key=value (e.g. app=orders)"},
		"kube.err.start": {
			KO: "%q은 시각이 아닙니다. RFC 3339(예: 2026-12-01T09:00:00Z)나 유닉스 초로 쓰세요",
			EN: "%q is not a time: write RFC 3339 (e.g. 2026-12-01T09:00:00Z) or Unix seconds"},
		"kube.header": {
			KO: "waitlab kube job: 생성기 %d개, 동시 시작 %s. kubectl apply -f 로 적용하세요",
			EN: "waitlab kube job: %d generators, synchronized start %s; apply with kubectl apply -f"},
	})
}
