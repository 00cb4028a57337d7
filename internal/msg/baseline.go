package msg

// Two runs, one verdict: report --baseline and load --baseline
// (internal/baseline).
func init() {
	Register(map[string]Entry{
		// Input errors (exit 2); the first argument is the file.
		"baseline.err.changed": {
			KO: "--changed %q{은/는} 비교가 아는 조건이 아닙니다. 다음 중에서 고르세요: %s",
			EN: "--changed %q is not a condition the comparison knows: use one of %s"},
		"baseline.err.none": {
			KO: "%s: 비교할 결과 파일이 없습니다: --baseline 파일과 후보 실행 파일을 하나 이상씩 주세요",
			EN: "%s: no result file to compare: give one or more --baseline files and one or more candidate files"},
		"baseline.err.format": {
			KO: "%s: 형식 %q, %q{이/가} 아닙니다: waitlab load --out 결과 파일끼리만 비교합니다",
			EN: "%s: format %q, not %q: only waitlab load --out result files can be compared"},
		"baseline.err.nosamples": {
			KO: "%s: 측정한 요청이 하나도 없습니다: 비교할 표본이 없으니 부하를 다시 재세요",
			EN: "%s: no measured request at all: there are no samples to compare; measure the load again"},
		"baseline.err.baseline_no_ok": {
			KO: "%s: 기준 실행에 성공한 응답이 하나도 없습니다: 무엇과도 비교할 수 없습니다. 서버가 응답하는 상태에서 기준 실행을 다시 재세요",
			EN: "%s: the baseline has no successful response: nothing can be judged against it. Measure the baseline again with a server that answers"},
		"baseline.err.url": {
			KO: "%s: URL %s, 기준 실행 %s의 URL은 %s입니다: 다른 URL끼리는 비교하지 않습니다 (일부러 그렇다면 --allow-different-url)",
			EN: "%s: URL %s, but the baseline %s measured %s: runs of different URLs are not compared (pass --allow-different-url if that is what you mean)"},
		"baseline.err.url_run": {
			KO: "%s: 기준 실행은 %s{을/를} 쟀고 이번 실행은 %s{을/를} 잽니다: 다른 URL끼리는 비교하지 않습니다 (일부러 그렇다면 --allow-different-url)",
			EN: "%s: the baseline measured %s and this run measures %s: runs of different URLs are not compared (pass --allow-different-url if that is what you mean)"},
		"baseline.this_run": {KO: "(이번 실행)", EN: "(this run)"},
		"baseline.err.merge": {
			KO: "%s 쪽 결과 파일을 합칠 수 없습니다: %s",
			EN: "the %s files cannot be merged: %s"},
		"baseline.err.files": {
			KO: "report --baseline 파일 뒤에 후보 실행 결과 파일을 하나 이상 주세요",
			EN: "give one or more candidate result files after report --baseline FILE"},
		"baseline.err.collect": {
			KO: "--baseline과 --listen은 함께 쓸 수 없습니다",
			EN: "--baseline and --listen cannot be used together"},
		"baseline.err.tolerance": {
			KO: "%s %q: 0 이상 1 미만의 비율(예: 0.05 또는 5%%)을 쓰세요",
			EN: "%s %q: write a fraction from 0 to below 1 (e.g. 0.05 or 5%%)"},

		// The text report.
		"baseline.files": {
			KO: "기준 실행  %s\n후보 실행  %s",
			EN: "baseline   %s\ncandidate  %s"},
		"baseline.unfair": {
			KO: "같은 조건의 비교가 아닙니다: 아래 조건이 두 실행에서 다르거나 알 수 없습니다. 수치는 보여 주지만, 바뀐 것이 시험하려던 변경 하나뿐이라고 말할 수 없습니다.",
			EN: "not a like-for-like comparison: the conditions below differ between the two runs or are unknown. The numbers follow, but they cannot be put down to the change under test alone."},
		"baseline.expected.head": {
			KO: "시험하려던 변경 (--changed):",
			EN: "the change under test (--changed):"},
		"baseline.finding": {
			KO: "  %s: 기준 %s, 후보 %s",
			EN: "  %s: baseline %s, candidate %s"},
		"baseline.table.head": {
			KO: "%-22s %12s %12s %10s   %-24s %s",
			EN: "%-22s %12s %12s %10s   %-24s %s"},
		"baseline.col.metric":   {KO: "지표", EN: "metric"},
		"baseline.col.base":     {KO: "기준", EN: "baseline"},
		"baseline.col.cand":     {KO: "후보", EN: "candidate"},
		"baseline.col.change":   {KO: "변화", EN: "change"},
		"baseline.col.interval": {KO: "%s 신뢰구간", EN: "%s interval"},
		"baseline.col.verdict":  {KO: "판정", EN: "verdict"},
		"baseline.interval": {
			KO: "%s ~ %s",
			EN: "%s to %s"},
		"baseline.v.better":    {KO: "나아짐", EN: "better"},
		"baseline.v.worse":     {KO: "나빠짐", EN: "worse"},
		"baseline.v.same":      {KO: "유의한 변화 없음", EN: "no significant change"},
		"baseline.v.undecided": {KO: "판정 불가 (신뢰구간 없음)", EN: "undecided (no interval)"},
		"baseline.v.fails": {
			KO: "나빠짐, 허용치 %s 초과",
			EN: "worse, beyond the %s tolerance"},

		// Metric labels.
		"baseline.m.p50":          {KO: "p50 (ms)", EN: "p50 (ms)"},
		"baseline.m.p90":          {KO: "p90 (ms)", EN: "p90 (ms)"},
		"baseline.m.p95":          {KO: "p95 (ms)", EN: "p95 (ms)"},
		"baseline.m.p99":          {KO: "p99 (ms)", EN: "p99 (ms)"},
		"baseline.m.max":          {KO: "최대 (ms)", EN: "max (ms)"},
		"baseline.m.mean":         {KO: "평균 (ms)", EN: "mean (ms)"},
		"baseline.m.ok_rps":       {KO: "ok_rps (요청/초)", EN: "ok_rps (req/s)"},
		"baseline.m.error_rate":   {KO: "오류율 (%)", EN: "error rate (%)"},
		"baseline.m.service_time": {KO: "서비스 시간 평균 (ms)", EN: "service time, mean (ms)"},
		"baseline.points": {
			KO: "%s%%p",
			EN: "%s pt"},

		// The method line.
		"baseline.method.blocks": {
			KO: "방법      실행을 %d초 블록으로 나눔 (쪽마다 최소 %d개): 블록마다 기록된 초 단위 히스토그램으로 지표를 다시 계산하고, 블록 사이 분산을 표본 잡음(블록 히스토그램의 포아송 부트스트랩)과 표류(이웃 프로세스처럼 실행 중에 바뀌는 것)로 나눕니다. 실행 하나로는 실행 사이 잡음을 볼 수 없으므로 표류는 실행 전체에 그대로 남는다고 봅니다 (위쪽 한계). 로그 값에 Welch t로 %s 신뢰구간, 자유도 최소 %s. 더 좁게 하려면 쪽마다 실행 3번 이상을 주세요.",
			EN: "method    each run cut into blocks of %d s (at least %d a side): every metric recomputed per block from the recorded per-second histograms, the variance between blocks split into sampling noise (a Poisson bootstrap of each block's histogram) and drift (what changes during a run, such as neighbours); one run cannot show run-to-run noise, so the drift is taken to persist over a whole run (an upper bound). %s interval from Welch's t on the logarithms, at least %s degrees of freedom. For narrower intervals give three or more runs a side."},
		"baseline.method.runs": {
			KO: "방법      실행 사이 비교: 실행 하나가 값 하나, 로그 값에 Welch t (자유도 %s)로 %s 신뢰구간. 기준 %d번, 후보 %d번 실행.",
			EN: "method    across runs: each run is one value, %s interval from Welch's t on the logarithms (%s degrees of freedom); %d baseline and %d candidate runs."},
		"baseline.method.short": {
			KO: "방법      신뢰구간을 낼 수 없습니다: 한쪽의 측정한 초가 블록 2개에 못 미칩니다 (블록 %d초, %d개). 측정 구간을 늘리세요.",
			EN: "method    no interval: one side has fewer than two blocks of seconds (blocks of %d s, %d). Measure for longer."},
		"baseline.rule": {
			KO: "기준      신뢰구간 전체가 0보다 나쁜 쪽이면 나빠짐, 좋은 쪽이면 나아짐입니다. 신뢰구간 전체가 허용치(%s, 오류율은 %s%%p)를 넘어 나쁜 쪽일 때만 실패합니다.",
			EN: "rule      worse when the whole interval is on the bad side of 0, better on the good side; fails only when the whole interval is beyond the tolerance (%s; %s points for the error rate) on the bad side."},

		// The verdict line.
		"baseline.pass": {
			KO: "판정      통과: 허용치 %s{을/를} 넘어 유의하게 나빠진 지표가 없습니다",
			EN: "verdict   pass: no metric is significantly worse by more than the %s tolerance"},
		"baseline.fail": {
			KO: "판정      실패: %s{이/가} 허용치 %s{을/를} 넘어 유의하게 나빠졌습니다",
			EN: "verdict   fail: %s significantly worse by more than the %s tolerance"},
		"baseline.fail.nook": {
			KO: "판정      실패: 후보 실행에 성공한 응답이 하나도 없습니다",
			EN: "verdict   fail: the candidate has no successful response"},
		"baseline.fail.interrupted": {
			KO: "판정      실패: 후보 실행이 중간에 멈췄습니다: 멈춘 실행은 통과하지 못합니다",
			EN: "verdict   fail: the candidate run was interrupted, and an interrupted run never passes"},
		"baseline.fail.strict": {
			KO: "판정      실패 (--strict): 같은 조건의 비교가 아닙니다",
			EN: "verdict   fail (--strict): not a like-for-like comparison"},
		"baseline.stderr.metric": {
			KO: "나빠짐: %s %s (%s)",
			EN: "worse: %s %s (%s)"},

		// Conditions (fairness findings).
		"baseline.f.placement":         {KO: "부하 생성기 배치 (대상 서버와 CPU를 나눠 썼는지)", EN: "generator placement (whether the target shared its CPU)"},
		"baseline.f.gen_cpu":           {KO: "생성기 CPU 사용률", EN: "generator CPU share"},
		"baseline.f.nice":              {KO: "우선순위 (nice, 생성기와 대상 서버)", EN: "priority (nice, of the generator and the target)"},
		"baseline.f.machine.host":      {KO: "머신 (호스트 이름)", EN: "machine (host name)"},
		"baseline.f.machine.cpu_model": {KO: "CPU 모델", EN: "CPU model"},
		"baseline.f.machine.kernel":    {KO: "커널", EN: "kernel"},
		"baseline.f.machine.cores":     {KO: "코어 수", EN: "core count"},
		"baseline.f.machine.cgroup":    {KO: "cgroup CPU 한도", EN: "cgroup CPU limit"},
		"baseline.f.load.model":        {KO: "부하 모델 (개방형/폐쇄형)", EN: "load model (open or closed)"},
		"baseline.f.load.arrival":      {KO: "도착 (도착률 또는 가상 사용자)", EN: "arrival (rate or virtual users)"},
		"baseline.f.load.stages":       {KO: "단계 (--stages)", EN: "stages (--stages)"},
		"baseline.f.load.think":        {KO: "생각 시간", EN: "think time"},
		"baseline.f.load.connections":  {KO: "연결 수", EN: "connections"},
		"baseline.f.load.targets":      {KO: "대상 수 (--targets)", EN: "targets (--targets)"},
		"baseline.f.load.timeout":      {KO: "타임아웃", EN: "timeout"},
		"baseline.f.load.engine":       {KO: "생성기 엔진", EN: "generator engine"},
		"baseline.f.warmup":            {KO: "워밍업", EN: "warm-up"},
		"baseline.f.version":           {KO: "waitlab 버전", EN: "waitlab version"},
		"baseline.f.duration":          {KO: "측정 구간 길이", EN: "measured window"},
		"baseline.f.neighbours":        {KO: "다른 프로세스 CPU (머신 전체 대비, 실행 전 부하 평균)", EN: "other processes' CPU (of the machine; load average before the run)"},
		"baseline.f.interrupted":       {KO: "중간에 멈춘 실행", EN: "interrupted run"},
		"baseline.f.target.info":       {KO: "대상 서버 설정 (/metrics의 waitlab_target_info)", EN: "target settings (waitlab_target_info on /metrics)"},
		"baseline.f.target": {
			KO: "대상 서버 설정 %s",
			EN: "target setting %s"},
		"baseline.place.apart":   {KO: "떨어짐 (%s)", EN: "apart (%s)"},
		"baseline.place.shared":  {KO: "CPU 공유 (%s)", EN: "shared CPU (%s)"},
		"baseline.place.remote":  {KO: "다른 머신 (%s)", EN: "another machine (%s)"},
		"baseline.place.unknown": {KO: "알 수 없음 (%s)", EN: "unknown (%s)"},
		"baseline.place.mixed":   {KO: "실행마다 다름 (%s)", EN: "differs between runs (%s)"},

		// Flags (report and load).
		"flag.baseline": {
			KO: "이 기준 실행 결과 파일과 비교합니다 (여러 번 쓰면 합침; 쪽마다 3개 이상이면 실행 사이로 신뢰구간을 냄)",
			EN: "compare against this baseline result FILE (repeatable: several merge; three or more a side give an interval across runs)"},
		"flag.tolerance": {
			KO: "--baseline과 함께: 유의하게 나빠진 지표는 이 상대 변화를 넘을 때만 실패합니다",
			EN: "with --baseline: a significant regression fails only beyond this relative change"},
		"flag.error-tolerance": {
			KO: "--baseline과 함께: 오류율에 대한 같은 허용치, 퍼센트포인트(POINTS) 단위",
			EN: "with --baseline: the same for the error rate, in percentage POINTS"},
		"flag.strict": {
			KO: "--baseline과 함께: 같은 조건의 비교가 아니면 실패합니다 (종료 코드 1)",
			EN: "with --baseline: a comparison that is not like for like fails (exit 1)"},
		"flag.allow-different-url": {
			KO: "--baseline과 함께: URL이 다른 실행끼리도 비교합니다",
			EN: "with --baseline: compare runs of different URLs"},
		"flag.changed": {
			KO: "--baseline과 함께: 일부러 바꾼 조건(예: target_lock), 여러 번 쓸 수 있음: 경고 대신 시험하려던 변경으로 보입니다",
			EN: "with --baseline: a condition changed on purpose (e.g. target_lock), repeatable: reported, not warned about"},

		// HTML.
		"baseline.html.title":  {KO: "waitlab 기준 실행 비교", EN: "waitlab baseline comparison"},
		"baseline.html.cdf":    {KO: "지연 분포 (누적, 로그 축)", EN: "latency distribution (cumulative, log axis)"},
		"baseline.html.share":  {KO: "요청 비율", EN: "share of requests"},
		"baseline.html.lat":    {KO: "시간에 따른 지연 (p50, p99)", EN: "latency over time (p50, p99)"},
		"baseline.html.thr":    {KO: "시간에 따른 성공 응답 수", EN: "ok responses over time"},
		"baseline.html.sec":    {KO: "측정 구간 시작부터 초", EN: "seconds since the window's start"},
		"baseline.html.per":    {KO: "초당", EN: "per second"},
		"baseline.html.fair":   {KO: "조건", EN: "conditions"},
		"baseline.html.fairok": {KO: "기록된 조건이 두 실행에서 같습니다.", EN: "the recorded conditions match between the two runs."},
		"baseline.html.base":   {KO: "기준", EN: "baseline"},
		"baseline.html.cand":   {KO: "후보", EN: "candidate"},
	})
}
