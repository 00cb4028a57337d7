package msg

// Entries of scale-out: segments, synchronized starts, collecting results.
func init() {
	Register(map[string]Entry{
		"err.segment.syntax": {
			KO: "구간 값을 읽을 수 없습니다: %q. I/N(예: 0/3) 또는 A:B(예: 0:1/3, 1/3:1) 꼴로 쓰세요",
			EN: "cannot read segment %q: write I/N (e.g. 0/3) or A:B (e.g. 0:1/3, 1/3:1)"},
		"err.segment.range": {
			KO: "구간 %q: 0과 1 사이에 있어야 하고, 시작이 끝보다 앞서야 합니다",
			EN: "segment %q must lie within 0 and 1 and start before it ends"},
		"err.segment.den": {
			KO: "구간 %q: 분모가 너무 큽니다 (최대 %d). 더 간단한 분수를 쓰세요",
			EN: "segment %q has too fine a denominator (at most %d): use simpler fractions"},
		"err.segment.seq": {
			KO: "구간 순서가 맞지 않습니다: %q. 0에서 1까지 커지는 분수를 쉼표로 나열하고, 구간의 양 끝을 넣으세요 (예: 0,1/4,1/2,1)",
			EN: "segment sequence %q is not valid: list increasing fractions from 0 to 1, separated by commas, including the segment's ends (e.g. 0,1/4,1/2,1)"},
		"err.segment.missing": {
			KO: "빠진 구간: %s:%s. 그 몫을 보낸 생성기의 결과가 없습니다",
			EN: "segment %s:%s is missing: no result of the generator that sent that share"},
		"err.segment.overlap": {
			KO: "겹치는 구간: %s (%s부터 %s까지가 두 번 들어 있습니다). 같은 결과를 두 번 넣었거나 --segment를 잘못 주었습니다",
			EN: "segment %s overlaps another (%s to %s is covered twice): the same result given twice, or a wrong --segment"},
		"err.segment.seqdiff": {
			KO: "구간 %s, %s: 서로 다른 구간 순서(%s / %s)로 나뉘었습니다. 모든 생성기에 같은 --segment-sequence를 주세요",
			EN: "segments %s and %s were cut along different sequences (%s and %s): give every generator the same --segment-sequence"},
		"report.merge.seg.mixed": {
			KO: "구간 하나의 결과(%s)와 나뉘지 않은 실행의 결과(%s)는 함께 합칠 수 없습니다. 한 실행의 구간들만 합치세요",
			EN: "%s is one segment of a split run and %s is not: merge the segments of one run together"},
		"report.merge.seg.run": {
			KO: "서로 다른 실행의 구간입니다: %s(실행 %s), %s(실행 %s). 한 실행의 구간들만 합치세요",
			EN: "%s (run %s) and %s (run %s) are segments of different runs: merge the segments of one run"},
		"load.segment.novus": {
			KO: "구간 %s에는 가상 사용자 %d명 중 한 명도 돌아가지 않습니다. 구간 수를 사용자 수보다 적게 하세요",
			EN: "segment %s gets none of the %d virtual users: use fewer segments than users"},
		"load.start.far": {
			KO: "시작 시각 %s: 너무 먼 미래입니다. 지금부터 %s 안의 시각을 주세요 (Unix 초라면 자릿수를 확인하세요)",
			EN: "start time %s is too far ahead: give a time within %s from now (for Unix seconds, check the digits)"},
		"load.start.past": {
			KO: "시작 시각 %s: 이미 지났습니다. 모든 생성기에 앞으로 올 같은 시각을 주세요",
			EN: "start time %s has already passed: give every generator the same time in the future"},
		"load.warn.start_spread": {
			KO: "구간들의 실제 시작이 %s 벌어졌습니다 (측정 구간의 %s, p50 %s). 합친 결과의 처음과 끝은 한 기계의 부하와 다릅니다. 시계를 맞추세요 (NTP)",
			EN: "the segments' actual starts spread over %s (%s of the window, p50 %s): the merged run's first and last moments differ from one machine's load; synchronize the clocks (NTP)"},
		"load.warn.segment": {
			KO: "구간 %s(%s): %s",
			EN: "segment %s on %s: %s"},
		"load.flag.sequence": {
			KO: "--segment-sequence는 --segment와 함께 씁니다",
			EN: "--segment-sequence goes with --segment"},
		"load.flag.runid": {
			KO: "--run-id %q: 16진수 숫자 64자 이하로 쓰세요",
			EN: "--run-id %q: give up to 64 hex digits"},
		"load.push.failed": {
			KO: "결과를 수집기로 보내지 못했습니다: %v",
			EN: "could not send the result to the collector: %v"},
		"load.push.done": {
			KO: "결과를 수집기 %s{으로/로} 보냈습니다",
			EN: "result sent to the collector at %s"},
		"collect.flag.files": {
			KO: "--listen은 결과 파일을 받아서 합칩니다. 파일 이름은 함께 주지 마세요",
			EN: "--listen receives the result files: give no file names with it"},
		"collect.flag.expect": {
			KO: "--expect %d: 기다릴 결과 파일 수를 1에서 10000 사이로 주세요",
			EN: "--expect %d: give the number of result files to wait for, from 1 to 10000"},
		"collect.flag.timeout": {
			KO: "--collect-timeout %v: 0보다 길고 %v 이하인 시간을 주세요",
			EN: "--collect-timeout %v: give a duration above 0 and at most %v"},
		"collect.flag.listen": {
			KO: "%q: 호스트:포트 꼴로 주세요 (예: 127.0.0.1:7071)",
			EN: "%q: give host:port (e.g. 127.0.0.1:7071)"},
		"collect.flag.remote": {
			KO: "%s{은/는} 루프백 주소가 아닙니다 (0.0.0.0과 [::]는 모든 인터페이스입니다). 127.0.0.1을 쓰거나, 다른 기계의 결과를 받으려면 --allow-remote를 더하세요",
			EN: "%s is not a loopback address (0.0.0.0 and [::] are every interface): use 127.0.0.1, or add --allow-remote to accept results from other machines"},
		"collect.refuse.run": {
			KO: "%s: 실행 %s의 결과입니다. 이 수집기는 실행 %s{을/를} 기다립니다 (--run-id)",
			EN: "%s belongs to run %s; this collector waits for run %s (--run-id)"},
		"collect.refuse.memory": {
			KO: "%s: 받아 둔 결과가 수집기의 메모리 한도 %d MiB를 넘깁니다. 결과 파일을 줄이세요 (더 짧은 --duration이나 더 적은 생성기)",
			EN: "%s: the results kept would pass the collector's %d MiB memory bound; make the result files smaller (a shorter --duration or fewer generators)"},
		"collect.refuse.many": {
			KO: "%s: 이 실행의 결과 %d개가 이미 들어 있습니다",
			EN: "%s: this run's %d results are already in"},
		"collect.refused": {
			KO: "수집기: %s{을/를} 받지 않았습니다: %s",
			EN: "collector: refused %s: %s"},
		"collect.refused.unnamed": {
			KO: "수집기: 올라온 파일을 받지 않았습니다: %s",
			EN: "collector: refused an upload: %s"},
		"collect.flag.runid": {
			KO: "--run-id %q: 16진수 숫자 64자 이하로 쓰세요 (생성기의 load --run-id와 같은 값)",
			EN: "--run-id %q: give up to 64 hex digits (the generators' load --run-id)"},
		"flag.report.run-id": {
			KO: "--listen과 함께: 이 ID의 실행 결과만 받습니다 (기본: 구간이 먼저 다 모인 실행)",
			EN: "with --listen: take only the results of the run with this id (default: the first run whose segments are all in)"},
		"collect.listening": {
			KO: "수집기: %s에서 결과 파일 %d개를 기다립니다 (waitlab load --push)",
			EN: "collector: waiting at %s for %d result files (waitlab load --push)"},
		"collect.missing": {
			KO: "결과 파일 %d/%d개만 왔습니다. 빠진 구간: %s. 그 생성기의 로그를 보세요",
			EN: "only %d of %d result files arrived; missing segments: %s; look at those generators' logs"},
		"collect.interrupted": {
			KO: "중단됨: 결과 파일 %d/%d개가 온 뒤였습니다",
			EN: "interrupted after %d of %d result files arrived"},
		"kube.summary": {
			KO: "여러 생성기 파드로 나눈 부하 시험의 쿠버네티스 매니페스트를 출력합니다 (kube job)",
			EN: "prints Kubernetes manifests for a load test split across generator pods (kube job)"},
		"kube.err.verb": {
			KO: "사용법: waitlab kube job --segments N [옵션] -- [load 옵션] URL",
			EN: "usage: waitlab kube job --segments N [flags] -- [load flags] URL"},
		"kube.err.args": {
			KO: "load 명령(%q)은 -- 뒤에 두세요 (예: waitlab kube job --segments 3 -- --rate 3000 --duration 60s http://target:8080/)",
			EN: "put the load command %q after -- (e.g. waitlab kube job --segments 3 -- --rate 3000 --duration 60s http://target:8080/)"},
		"kube.err.label": {
			KO: "--target-label %q: 키=값 꼴로 쓰세요 (예: app=orders)",
			EN: "--target-label %q: write key=value (e.g. app=orders)"},
		"kube.err.start": {
			KO: "시각이 아닙니다: %q. RFC 3339(예: 2026-12-01T09:00:00Z)나 유닉스 초로 쓰세요",
			EN: "%q is not a time: write RFC 3339 (e.g. 2026-12-01T09:00:00Z) or Unix seconds"},
		"kube.err.startin": {
			KO: "--start-in %v: 0에서 %v 사이로 주세요 (매니페스트를 만든 뒤 생성기가 시작하기까지의 시간)",
			EN: "--start-in %v: give a duration from 0 to %v (the time from the manifests to the generators' start)"},
		// kube.JobConfig.Validate: what Kubernetes or the collector would
		// refuse, refused before a manifest is written.
		"kube.err.segments": {
			KO: "%d: 생성기 파드는 1개에서 1000개까지 둘 수 있습니다",
			EN: "%d: give 1 to 1000 generator pods"},
		"kube.err.noload": {
			KO: "load 명령이 없습니다. -- 뒤에 waitlab load의 옵션과 URL을 주세요 (예: -- --rate 3000 --duration 60s http://target:8080/)",
			EN: "no load command: put the waitlab load flags and URL after --, e.g. -- --rate 3000 --duration 60s http://target:8080/"},
		"kube.err.ownflag": {
			KO: "load 옵션 %s: 잡이 직접 정하는 값이니 빼 주세요",
			EN: "load argument %s is set by the job itself: remove it"},
		"kube.err.cpu": {
			KO: "%q: 쿠버네티스 수량이 아닙니다. 코어(1, 0.5)나 밀리코어(250m)로 주세요",
			EN: "%q: not a Kubernetes quantity: give cores (1, 0.5) or millicores (250m)"},
		"kube.err.memory": {
			KO: "%q: 쿠버네티스 수량이 아닙니다. 단위를 붙인 바이트(512Mi, 1Gi, 500M)로 주세요",
			EN: "%q: not a Kubernetes quantity: give bytes with a suffix (512Mi, 1Gi, 500M)"},
		"kube.err.port": {
			KO: "%d: 1에서 65535 사이의 포트를 주세요",
			EN: "%d: give a port from 1 to 65535"},
		"kube.err.name": {
			KO: "%q: 소문자, 숫자, '-'로 %d자 이하, 영문자로 시작해 영문자나 숫자로 끝나게 쓰세요 (이 이름으로 만드는 NAME-collector, NAME-load가 쿠버네티스 이름의 한도 63자 안에 들어야 합니다)",
			EN: "%q: give lower case letters, digits and '-', starting with a letter and ending with a letter or digit, at most %d characters (its objects are NAME-collector and NAME-load, Kubernetes names of at most 63)"},
		"kube.err.namespace": {
			KO: "%q: 소문자, 숫자, '-'로 63자 이하, 영문자나 숫자로 시작하고 끝나게 쓰세요",
			EN: "%q: give lower case letters, digits and '-', starting and ending with a letter or digit, at most 63 characters"},
		"kube.err.image": {
			KO: "%q: 공백이나 제어 문자가 없는 이미지 참조를 주세요 (예: registry.example/waitlab:1.0)",
			EN: "%q: give an image reference such as registry.example/waitlab:1.0, without spaces or control characters"},
		"kube.err.labelrule": {
			KO: "%q=%q: 키는 이름 하나이거나 DNS 서브도메인과 '/' 뒤의 이름이고, 이름은 영문자, 숫자, '-', '_', '.'로 63자 이하, 영문자나 숫자로 시작하고 끝나야 합니다. 값은 비우거나 그런 이름으로 쓰세요",
			EN: "%q=%q: a key is an optional DNS subdomain and '/' before a name of at most 63 of letters, digits, '-', '_' and '.', starting and ending with a letter or digit; a value is empty or such a name"},
		"kube.err.load": {
			KO: "-- 뒤의 load 명령(%s){은/는} 생성기 파드마다 거부됩니다: %s",
			EN: "the load command after -- (%s) would be refused in every generator pod: %s"},
		"kube.header": {
			KO: "waitlab kube job: 생성기 %d개, 동시 시작 %s. kubectl apply -f 로 적용하세요",
			EN: "waitlab kube job: %d generators, synchronized start %s; apply with kubectl apply -f"},
	})
}
