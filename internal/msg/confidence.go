package msg

// Confidence intervals, warm-up detection and runs until precise (issue
// 21): the simulator's intervals in `sim`'s report, the --precision flag,
// and `plan`'s decisions with the interval.
func init() {
	Register(map[string]Entry{
		"conf.err.precision.syntax": {
			KO: "정밀도 %q{을/를} 읽을 수 없습니다. 5%%나 0.05처럼 95%% 구간 반폭의 상대 크기를 주세요",
			EN: "cannot read precision %q: give the 95%% interval's relative half-width, such as 5%% or 0.05"},
		"conf.err.precision.range": {
			KO: "정밀도 %v{은/는} 0보다 크고 %g%% 이하여야 합니다 (예: 5%%)",
			EN: "precision %v must be above 0 and at most %g%% (for example 5%%)"},
		"conf.err.precision.burst": {
			KO: "버스트는 시드가 같으면 결과가 정확히 같습니다. 구간이 없으니 --precision을 빼세요 (도착을 poisson:RATE나 rate:RATE로 주면 구간이 생깁니다)",
			EN: "a burst is exact given its seed: it has no interval to narrow, so drop --precision (arrivals such as poisson:RATE or rate:RATE have intervals)"},
		"flag.sim.precision": {
			KO: "95% 구간의 반폭이 이 비율 안에 들 때까지 실행을 늘립니다 (예: 5%; 개방형·폐쇄형 모델만)",
			EN: "extend the run until the 95% intervals' half-widths are within this fraction (such as 5%; open and closed models only)"},
		"flag.precision-max-requests": {
			KO: "--precision으로 늘릴 수 있는 최대 요청 수",
			EN: "the most requests --precision may extend a run to"},
		"flag.plan.precision": {
			KO: "크기마다 SLO가 말하는 수치의 95% 구간 반폭이 이 비율 안에 들 때까지 더 오래 실행합니다",
			EN: "run each size longer until the 95% interval of every figure an SLO names has a half-width within this fraction"},

		// sim's report.
		"conf.pm":       {KO: "%s ±%s%%", EN: "%s ±%s%%"},
		"conf.legend":   {KO: "±는 95%% 신뢰구간의 반폭입니다 (배치 평균: 워밍업 %d개를 뺀 뒤 %d개씩 %d배치)", EN: "± is the 95%% confidence interval's half-width (batch means: %d warm-up request{s} left out, then %d batches of %d)"},
		"conf.exact":    {KO: "정확한 값: 버스트는 시드가 같으면 언제나 같은 결과라 구간이 없습니다", EN: "exact figures: a burst is deterministic given its seed, so there is no interval"},
		"conf.few":      {KO: "구간 없음: 워밍업 %d개를 빼고 남은 요청 %d건은 구간을 내기에 적습니다 (최소 %d개)", EN: "no interval: %d request{s} after a warm-up of %d {is/are} too few for one (at least %d)"},
		"conf.warmup":   {KO: "워밍업 (MSER-5로 찾음)", EN: "warm-up (found by MSER-5)"},
		"conf.warmup.n": {KO: "처음 완료된 요청 %d건을 뺐습니다", EN: "first %d completed request{s} left out"},
		"conf.converged": {
			KO: "수렴", EN: "converged"},
		"conf.converged.yes": {KO: "예", EN: "yes"},
		"conf.converged.no":  {KO: "아니요: %s", EN: "no: %s"},
		"conf.why.warmup":    {KO: "실행의 앞 절반 안에 과도 구간이 끝나지 않았습니다", EN: "the transient did not end within the first half of the run"},
		"conf.why.few":       {KO: "구간을 내기에 요청이 적습니다", EN: "too few requests for an interval"},
		"conf.why.correlated": {
			KO: "배치를 가장 크게 해도 배치 평균끼리 상관이 남았습니다 (구간이 실제보다 좁을 수 있습니다)",
			EN: "the batch means stayed correlated even at the largest batches (the interval may be narrower than the truth)"},
		"conf.why.precision": {KO: "목표 정밀도에 못 미친 수치: %s", EN: "figures off the precision goal: %s"},
		"conf.why.requests":  {KO: "요청 상한 %d개에 닿았습니다", EN: "the cap of %d requests was reached"},
		"conf.why.wall":      {KO: "시간 상한 %s에 닿았습니다", EN: "the wall-time cap of %s was reached"},
		"conf.goal": {
			KO: "정밀도 목표 ±%s%%: 요청 %d건 뒤에 수렴했습니다 (처음 %d개로 시작)",
			EN: "precision goal ±%s%%: converged after %d requests (started with %d)"},
		"conf.goal.not": {
			KO: "경고: 정밀도 목표 ±%s%%에 요청 %d건으로도 닿지 못했습니다 (처음 %d개로 시작): %s",
			EN: "warning: precision goal ±%s%% not reached after %d requests (started with %d): %s"},

		// plan.
		"plan.method.ci": {
			KO: "판정은 구간으로 합니다: 크기는 95%% 구간 전체가 SLO의 옳은 쪽에 있을 때만 충족입니다. 구간이 SLO에 걸치거나 반폭이 ±%s%%보다 넓으면 더 오래 실행하고 (시드당 최대 %s건, 또는 요청을 두 배로 늘려도 구간이 좁아지지 않을 때까지), 그래도 걸치면 '미정'입니다. 워밍업은 MSER-5로 찾습니다",
			EN: "decisions use the interval: a size meets an SLO only when its whole 95%% interval is on the right side. Where it straddles the SLO or is wider than ±%s%%, the size runs longer (up to %s requests a seed, or until doubling them no longer narrows the interval); if it still straddles, the size is undecided. The warm-up is found by MSER-5"},
		"plan.note.failed_early": {
			KO: "크기 %s: 실행이 수렴하기 전에 불충족으로 판정했습니다. 빈 상태에서 시작한 실행은 지연을 낮게 읽을 뿐 높게 읽지는 않으므로, 이미 SLO를 넘은 구간은 실행이 수렴해도 넘은 채로 남습니다. 이 크기의 수치는 하한입니다",
			EN: "size %s failed before its run converged: a run started empty reads latency low, never high, so an interval already past the SLO stays past it as the run converges. Its figures are lower bounds"},
		"plan.note.failed_early_many": {
			KO: "크기 %s: 실행이 수렴하기 전에 불충족으로 판정했습니다. 빈 상태에서 시작한 실행은 지연을 낮게 읽을 뿐 높게 읽지는 않으므로, 이미 SLO를 넘은 구간은 실행이 수렴해도 넘은 채로 남습니다. 이 크기들의 수치는 하한입니다",
			EN: "sizes %s failed before their runs converged: a run started empty reads latency low, never high, so an interval already past the SLO stays past it as the run converges. Their figures are lower bounds"},
		"plan.note.stalled": {
			KO: "크기 %d의 구간은 정밀도 목표 ±%.1f%%에 못 미친 채 멈췄습니다: 시드당 요청을 %s건에서 %s건으로 두 배로 늘려도 반폭이 줄지 않았습니다 (±%.1f%% → ±%.1f%%). 드물게 긴 대기가 이 구간을 정하므로, 더 늘려도 목표에 닿으리라 보기 어렵습니다",
			EN: "the interval of size %d stopped short of the ±%.1f%% precision goal: doubling its requests from %s to %s a seed did not narrow it (±%.1f%% → ±%.1f%%). Rare long waits set it, so more requests were not expected to reach the goal"},
		"plan.verdict.met":       {KO: "충족", EN: "met"},
		"plan.verdict.failed":    {KO: "불충족", EN: "failed"},
		"plan.verdict.undecided": {KO: "미정", EN: "undecided"},
		"plan.undecided": {
			KO: "%d{은/는} 미정입니다: %s의 구간 %s{이/가} SLO %s에 걸친 채 요청 예산이 다했습니다",
			EN: "%d is undecided: the interval of %s, %s, still straddles the SLO %s when the budget ran out"},
		"plan.undecided.none": {
			KO: "충족이 확정된 크기가 없습니다. 미정인 크기: %s (구간이 SLO에 걸침). --requests를 늘려 다시 물어보세요",
			EN: "no size was decided as meeting every SLO; undecided: %s (the interval straddles an SLO). Ask again with more --requests"},
		"plan.cross.beyond": {
			KO: "%d에서 %s: 닫힌 식 %s{이/가} 시뮬레이션의 95%% 구간 %s 밖에 있습니다",
			EN: "at %d, %s: the closed form's %s lies outside the simulation's 95%% interval %s"},
		"plan.cross.why.transient": {
			KO: "깨진 가정: 과도 구간이 아직 빠지지 않았습니다 (이 크기의 실행은 수렴하지 않았습니다). 닫힌 식 %s{을/를} 믿으세요",
			EN: "broken assumption: a transient not yet removed (this size's run did not converge). Trust the closed form, %s"},
		"plan.cross.why.hold": {
			KO: "깨진 가정: 점유 시간이 지수 분포가 아닙니다 (M/D/c는 근사식입니다). 시뮬레이션 %s{을/를} 믿으세요",
			EN: "broken assumption: the hold is not exponential (M/D/c is an approximation). Trust the simulation, %s"},
		"plan.cross.why.chance": {
			KO: "M/M/c의 가정은 모두 맞고 실행도 수렴했습니다. 95%% 구간은 20번에 한 번은 참값을 놓치므로, 닫힌 식 %s{을/를} 믿으세요",
			EN: "every M/M/c assumption holds and the run converged; a 95%% interval misses the truth one time in twenty, so trust the closed form, %s"},
		"plan.cross.inside": {
			KO: "시뮬레이션한 크기마다 닫힌 식이 95%% 구간 안에 있습니다",
			EN: "at every simulated size the closed form lies inside the simulation's 95%% interval"},
		"plan.curve.ci": {
			KO: "(괄호 안은 95% 구간)",
			EN: "(in brackets: the 95% interval)"},
		"plan.svg.band": {KO: "95% 구간", EN: "95% interval"},
	})
}
