package msg

// `waitlab probe`: what gave out, told from the target's own side (a
// JVM's heap and collector, its process, its event loops' threads).
func init() {
	Register(map[string]Entry{
		"probe.ev.gave_out.heap": {
			KO: "단계 %d에서 무너진 것은 JVM의 힙입니다: 수집기가 단계 시간의 %s 동안 돌았고(수집 %s회), 마지막 수집 뒤 남은 힙 %s MB, 사용 중 %s MB, 최대 %s MB입니다.",
			EN: "what gave out at step %d was the JVM's heap: the collector ran %s of the step (%s collections); the last collections left %s MB live, %s MB in use, of at most %s MB."},
		"probe.ev.gave_out.heap_last": {
			KO: "무너진 것은 JVM의 힙입니다: 마지막으로 읽은 단계 %d에서 이미 수집기가 단계 시간의 %s 동안 돌았고(수집 %s회), 마지막 수집 뒤 남은 힙 %s MB, 사용 중 %s MB, 최대 %s MB였습니다.",
			EN: "what gave out was the JVM's heap: at step %d, its last reading, the collector already ran %s of the step (%s collections); the last collections left %s MB live, %s MB in use, of at most %s MB."},
		"probe.ev.jvm_last": {
			KO: "JVM을 마지막으로 읽은 것은 단계 %d 뒤입니다: 수집기가 그 단계의 %s 동안 돌았고(수집 %s회), 마지막 수집 뒤 남은 힙 %s MB, 사용 중 %s MB, 최대 %s MB였습니다.",
			EN: "the JVM's last reading, after step %d: the collector ran %s of it (%s collections); the last collections left %s MB live, %s MB in use, of at most %s MB."},
		"probe.ev.gave_out.exited": {
			KO: "대상 프로세스가 끝났습니다: %s.",
			EN: "the target's process ended: %s."},
		"probe.fail.exited": {
			KO: "서버 프로세스가 단계 %d 전에 끝났습니다 (%s). %s. 서버가 내려갔습니다",
			EN: "the server's process ended before step %d (%s); %s; the server is down"},
		"probe.jvm.max_unknown":  {KO: "?", EN: "?"},
		"probe.jvm.exited_pid":   {KO: "프로세스 %d{이/가} 더는 없습니다", EN: "process %d is gone"},
		"probe.loop.loops_from":  {KO: "루프 %d개(%s)", EN: "%d loop{s}, %s"},
		"probe.loop.loops_from1": {KO: "루프 %d개(%s)", EN: "%d loop, %s"},
		"probe.loop.loops1":      {KO: "루프 %d개", EN: "%d loop"},
		"probe.loop.from.metrics": {
			KO: "대상의 /metrics가 말한 수", EN: "as the target's /metrics says"},
		"probe.loop.from.thread-names": {
			KO: "이름이 %s…인 스레드 수", EN: "counted from its threads named %s…"},
		"probe.loop.from.held": {
			KO: "멈춤 한 번이 붙잡는 요청 수로 추정", EN: "told by the requests each stall holds"},
	})
}
