package msg

// Runs on the JVM (internal/jvmexec, runner.JVM, `waitlab run --via jvm`).
func init() {
	Register(map[string]Entry{
		"flag.java": {
			KO: "--via jvm과, --via http에서 --engine tomcat|netty일 때: 쓸 JDK (JDK 홈이나 그 안의 bin/java). 없으면 JAVA_HOME, PATH의 java, /usr/lib/jvm 순으로 찾습니다",
			EN: "--via jvm, and --via http with --engine tomcat|netty: the JDK to run on (a JDK home or its bin/java); else JAVA_HOME, java on PATH, then /usr/lib/jvm"},
		"flag.jvm-pin": {
			KO: "--via jvm, 가상 스레드: 막는 호출의 대기가 캐리어를 붙잡는 방식. synchronized(JDK 21-23에서 고정됨) 또는 native(네이티브 프레임, FFM). 없으면 JDK 24 미만은 synchronized, 24 이상은 native",
			EN: "--via jvm, virtual threads: how a blocking call's wait holds its carrier: synchronized (pins on JDK 21-23) or native (a native frame, FFM); default synchronized before JDK 24, native from 24"},
		"jvm.col.go":       {KO: "Go 실행", EN: "Go run"},
		"jvm.col.goratio":  {KO: "Go/모델", EN: "Go/model"},
		"jvm.col.jdk":      {KO: "JDK %s", EN: "JDK %s"},
		"jvm.col.jratio":   {KO: "JDK/모델", EN: "JDK/model"},
		"jvm.col.jgoratio": {KO: "JDK/Go", EN: "JDK/Go"},
		"jvm.head": {
			KO: "JVM 실행: %s 모델, %s, 요청 %d건, 반복 %d회 (워밍업 1회 제외). 실행마다 새 JVM에서 콜드 첫 회 다음의 두 번째 회차를 측정합니다",
			EN: "run on the JVM: %s model, %s, %d request{s}, %d run{s} (plus one uncounted warm-up); each run is a fresh JVM, measured on its second pass after a cold first one"},
		"jvm.head.nowarm": {
			KO: "JVM 실행: %s 모델, %s, 요청 %d건, 반복 %d회. 실행마다 새 JVM에서 콜드 첫 회 다음의 두 번째 회차를 측정합니다",
			EN: "run on the JVM: %s model, %s, %d request{s}, %d run{s}; each run is a fresh JVM, measured on its second pass after a cold first one"},
		"jvm.facts": {
			KO: "JDK: %s %s (%s), 플래그 %s; availableProcessors %d, GC %s",
			EN: "JDK: %s %s (%s), flags %s; availableProcessors %d, GC %s"},
		"jvm.flags.none": {KO: "없음", EN: "none"},
		"jvm.classes.compiled": {
			KO: "Java 클래스: 이번 실행에서 컴파일해 %s에 두었습니다",
			EN: "Java classes: compiled by this run into %s"},
		"jvm.classes.reused": {
			KO: "Java 클래스: %s에 컴파일해 둔 것을 다시 썼습니다",
			EN: "Java classes: reused, compiled before, from %s"},
		"jvm.cold": {
			KO: "콜드 첫 회 (같은 JVM, 클래스 로딩·JIT·첫 호출 포함, 수치에 넣지 않음): 전체 처리 시간 %.1f ms, p50 %.1f ms, p99 %.1f ms",
			EN: "cold first pass (same JVM: class loading, the JIT and first calls in it; not in the figures): makespan %.1f ms, p50 %.1f ms, p99 %.1f ms"},
		"jvm.cold.range": {
			KO: "콜드 첫 회의 전체 처리 시간, %d회 실행에서: %.1f-%.1f ms (측정 회차의 중앙값은 %.1f ms)",
			EN: "cold first pass makespan over %d runs: %.1f-%.1f ms (the measured passes' median %.1f ms)"},
		"jvm.carriers": {
			KO: "캐리어: 스케줄러 parallelism과 maxPoolSize %d, 요청을 실행한 캐리어 %d개",
			EN: "carriers: the scheduler's parallelism and maxPoolSize %d; %d carrier thread{s} ran requests"},
		"jvm.pinned": {
			KO: "고정됨: JFR이 jdk.VirtualThreadPinned %d건을 기록했습니다 (%s). 막는 호출의 대기(%s)가 캐리어를 붙잡았습니다",
			EN: "pinned: JFR recorded %d jdk.VirtualThreadPinned event{s} (%s); the blocking calls' waits (%s) held their carriers"},
		"jvm.unpinned.jep491": {
			KO: "고정되지 않음: JFR이 jdk.VirtualThreadPinned를 하나도 기록하지 않았습니다. JDK 24부터 synchronized 안에서 기다리는 가상 스레드는 캐리어에서 내려옵니다 (JEP 491). JDK 21-23에서는 같은 코드가 고정됩니다",
			EN: "not pinned: JFR recorded no jdk.VirtualThreadPinned; from JDK 24 a virtual thread waiting inside synchronized unmounts (JEP 491); the same code pins on JDK 21-23"},
		"jvm.unpinned": {
			KO: "고정되지 않음: JFR이 jdk.VirtualThreadPinned를 하나도 기록하지 않았습니다 (임계값 0 ms)",
			EN: "not pinned: JFR recorded no jdk.VirtualThreadPinned (threshold 0 ms)"},
		"jvm.pin.synchronized": {KO: "synchronized 블록 안", EN: "inside synchronized"},
		"jvm.pin.native":       {KO: "네이티브 프레임 안, FFM으로 부른 qsort의 비교 함수 upcall", EN: "in a native frame: an upcall from qsort, called through FFM"},
		"jvm.threads.note": {
			KO: "OS 스레드 최대 %d개 (JVM 프로세스 전체: GC, JIT 등 JVM 스레드 포함), 측정 회차의 CPU 시간 %.1f ms, CPU 작업의 시계: %s",
			EN: "OS threads peak %d (the whole JVM process: GC, JIT and the JVM's other threads included), CPU time of the measured pass %.1f ms, CPU work timed by: %s"},
		"jvm.clock.thread": {KO: "스레드 CPU 시계 (ThreadMXBean)", EN: "the thread's CPU clock (ThreadMXBean)"},
		"jvm.clock.native": {KO: "캐리어의 CPU 시계 (FFM으로 부른 clock_gettime)", EN: "the carrier thread's CPU clock (clock_gettime through FFM)"},
		"jvm.clock.wall":   {KO: "벽시계 (이 JDK에는 가상 스레드의 CPU 시계가 없습니다)", EN: "the wall clock (this JDK has no CPU clock for a virtual thread)"},
		"jvm.label.go":     {KO: "Go 실행:", EN: "Go run:"},
		"jvm.label.jvm":    {KO: "JVM 실행:", EN: "on the JVM:"},
		"jvm.err.run": {
			KO: "JVM 실행이 실패했습니다: %v",
			EN: "the run on the JVM failed: %v"},
		"plan.confirm.head.jvm": {
			KO: "실제로 확인 (이 기계, JVM 자식 프로세스에서 waitlab의 Java 실행기로):",
			EN: "confirmed for real (this machine, waitlab's Java executors in a JVM child):"},
		"report.results.jvm": {KO: "결과 (JVM 실행)", EN: "results (run on the JVM)"},
		"jvm.err.virtual": {
			KO: "%s{은/는} JDK %d입니다. 가상 스레드는 JDK %d부터 정식 기능이라 (JEP 444) 이 JDK로는 --model virtual을 실행할 수 없습니다. pool, loop, offload는 이 JDK로 실행되고, 가상 스레드에는 JDK 21 이상을 --java로 주거나 설치하세요",
			EN: "%s is JDK %d; virtual threads are final from JDK %d (JEP 444), so this JDK cannot run --model virtual: it runs pool, loop and offload; for virtual threads give a JDK 21 or later with --java, or install one"},
		"jvm.err.virtual.none": {
			KO: "이 컴퓨터의 JDK는 모두 %d보다 오래되었습니다. 가상 스레드(--model virtual)는 JDK 21부터라 (JEP 444) 실행할 수 없습니다. JDK 21 이상을 설치하거나 (apt-get install -y openjdk-21-jdk-headless) --java로 주세요",
			EN: "every JDK on this machine is older than %d; virtual threads (--model virtual) need JDK 21 or later (JEP 444): install one (apt-get install -y openjdk-21-jdk-headless) or give it with --java"},
		"jvm.err.pin.ffm": {
			KO: "%s에서는 --jvm-pin native를 쓸 수 없습니다: 네이티브 프레임을 만드는 FFM API는 JDK %d부터 정식입니다. --jvm-pin synchronized를 쓰거나 더 새 JDK를 주세요",
			EN: "--jvm-pin native cannot run on %s: the FFM API that makes the native frame is final from JDK %d; use --jvm-pin synchronized, or a newer JDK"},
		"jvm.err.pin": {
			KO: "--jvm-pin %q{은/는} 알 수 없는 값입니다. synchronized 또는 native를 주세요",
			EN: "--jvm-pin %q is not a pin mechanism: give synchronized or native"},
		"jvm.err.pin.model": {
			KO: "--jvm-pin은 가상 스레드에만 뜻이 있습니다 (지금 모델은 %s). --model virtual과 함께 주거나 빼세요",
			EN: "--jvm-pin means something only for virtual threads (the model is %s): use it with --model virtual, or leave it out"},
		"jvm.timeline": {
			KO: "아래 타임라인은 JVM 실행의 측정 회차입니다 (레인 %d개, JVM이 기록한 스레드별 구간).",
			EN: "The timeline below is the JVM run's measured pass (%d lane{s}, each thread's spans as the JVM recorded them)."},
		"jvm.timeline.compare": {
			KO: "아래 타임라인은 JVM 실행의 측정 회차입니다 (레인 %d개). --compare의 Go 실행 타임라인은 그리지 않습니다. Go 실행의 타임라인은 --via process로 보세요.",
			EN: "The timeline below is the JVM run's measured pass (%d lane{s}); with --compare the Go run's is not drawn: see it with --via process."},
		"jvm.timeline.interrupted": {
			KO: "타임라인 없음: JVM 실행이 측정 회차를 끝내기 전에 중단되어, 끝까지 기록된 구간이 없습니다.",
			EN: "No timeline: the JVM run was interrupted before its measured pass ended, so no whole trace was recorded."},
		"jvm.timeline.none": {
			KO: "타임라인 없음: JVM 자식 프로세스가 구간을 하나도 보내지 않았습니다.",
			EN: "No timeline: the JVM child sent no spans."},
		"jvm.err.thinks": {
			KO: "폐쇄형 모델의 지수 분포 think 시간은 Go가 사용자와 요청마다 뽑아 JVM에 넘기는데, 사용자 %d명과 요청 %d건이면 %d개로 한도 %d개를 넘습니다. 요청이나 사용자를 줄이거나 고정 think 시간(--think 5ms)을 주세요",
			EN: "the closed model's exponential think times are drawn in Go per user and request and handed to the JVM: %d users and %d requests need %d of them, over the limit of %d; give fewer requests or users, or a fixed think time (--think 5ms)"},
		"jvm.err.requests": {
			KO: "JVM 실행에 요청 %d건은 너무 많습니다 (최대 %d건). --requests를 줄이세요",
			EN: "%d requests are too many for a run on the JVM (at most %d): lower --requests"},
	})
}
