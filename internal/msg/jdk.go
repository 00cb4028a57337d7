package msg

// The JDK waitlab finds and the Java it compiles (internal/jdk).
func init() {
	Register(map[string]Entry{
		"jdkfind.err.none": {
			KO: "JDK를 찾지 못했습니다 (JAVA_HOME, PATH의 java, /usr/lib/jvm을 찾아봤습니다). 버전 %d 이상의 JDK를 설치하세요: apt-get install -y openjdk-17-jdk-headless (가상 스레드는 JDK 21 이상) 또는 --java로 경로를 주세요",
			EN: "no JDK found (looked at JAVA_HOME, java on PATH and /usr/lib/jvm): install a JDK of version %d or later (apt-get install -y openjdk-17-jdk-headless; virtual threads need JDK 21 or later) or give its path with --java"},
		"jdkfind.err.old": {
			KO: "%s{은/는} JDK %d입니다. 이 실행에는 JDK %d 이상이 필요합니다. 더 새 JDK를 --java로 주거나 설치하세요",
			EN: "%s is JDK %d; this run needs JDK %d or later: give a newer one with --java, or install one"},
		"jdkfind.err.nojavac": {
			KO: "%s에는 javac가 없습니다 (JRE만 있습니다). waitlab의 Java 코드를 컴파일하려면 JDK가 필요합니다",
			EN: "%s has no javac (a runtime only): waitlab compiles its Java sources, so it needs a full JDK"},
		"jdkfind.err.explicit": {
			KO: "--java %s: JDK로 읽을 수 없습니다 (%s). JDK 홈 디렉터리나 그 안의 bin/java를 주세요",
			EN: "--java %s is not a JDK that can be read (%s): give a JDK's home directory or its bin/java"},
		"jdkfind.err.jar": {
			KO: "%s{을/를} %s에서 찾지 못했습니다. Debian 패키지 %s{을/를} 설치하거나 (apt-get install -y %[3]s) --classpath로 주세요",
			EN: "%s not found in %s: install Debian's %s (apt-get install -y %[3]s) or give it with --classpath"},
	})
}
