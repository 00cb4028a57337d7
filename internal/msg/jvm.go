package msg

// Runs on the JVM (internal/jvmexec, runner.JVM, `waitlab run --via jvm`).
func init() {
	Register(map[string]Entry{
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
		"jvm.err.vus": {
			KO: "JVM 실행은 아직 닫힌 모델(--arrival vus:N)을 실행하지 못합니다. burst, rate:R, poisson:R 중 하나를 주세요",
			EN: "a run on the JVM cannot run the closed model (--arrival vus:N) yet: give burst, rate:R or poisson:R"},
		"jvm.err.requests": {
			KO: "JVM 실행에 요청 %d건은 너무 많습니다 (최대 %d건). --requests를 줄이세요",
			EN: "%d requests are too many for a run on the JVM (at most %d): lower --requests"},
	})
}
