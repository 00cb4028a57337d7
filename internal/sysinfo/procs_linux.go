package sysinfo

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Facts of single processes and threads from /proc: a process's allowed
// CPUs and nice value, its context switches, the owner of a listening
// socket, this process's peak memory, a thread's scheduler state, and the
// machine's run queue.

// procDir is /proc/PID (pid 0: this process).
func procDir(pid int) string {
	if pid == 0 {
		return "/proc/self"
	}
	return "/proc/" + strconv.Itoa(pid)
}

// CPUsAllowedList returns the Cpus_allowed_list of process pid (0: this
// one) as the kernel writes it ("0-3,6"), or "".
func CPUsAllowedList(pid int) string {
	b, err := os.ReadFile(procDir(pid) + "/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Nice returns the nice value of process pid (0: this one), or nil.
func Nice(pid int) *int {
	b, err := os.ReadFile(procDir(pid) + "/stat")
	if err != nil {
		return nil
	}
	return parseNice(b)
}

// PeakRSS returns this process's peak resident memory (VmHWM), in bytes
// (0 when unknown).
func PeakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// ThreadState returns the scheduler state letter of thread tid of this
// process ('R', 'S', 'D', ...), 0 when unknown.
func ThreadState(tid int) byte {
	if tid <= 0 {
		return 0
	}
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0
	}
	return b[i+2]
}

// CtxSwitches sums voluntary and involuntary context switches over the
// threads of process pid (0 when it cannot be read).
func CtxSwitches(pid int) float64 {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return 0
	}
	var sum float64
	for _, t := range tasks {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/status", pid, t.Name()))
		if err != nil {
			continue
		}
		sum += ParseCtxSwitches(b)
	}
	return sum
}

// ProcsRunning returns the machine's runnable threads now (procs_running
// of /proc/stat).
func ProcsRunning() (float64, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	return ParseProcsRunning(b)
}

// ListeningSockets adds to inodes the "socket:[INODE]" of each listening
// TCP socket on port, from /proc/net/tcp and tcp6. The kernel lists the
// listening sockets first (its listening hash, then the established one),
// so the read stops at the first line in another state: after a load run
// the table holds tens of thousands of connections in TIME_WAIT, and
// reading them all took a quarter of the generator's CPU in a 3 s run
// (perf: the kernel's established_get_first and the copy of a 6 MB file).
// A kernel that listed them otherwise would leave the socket unnamed,
// never a wrong one. It is the fallback for sock_diag.
func ListeningSockets(port int, inodes map[string]bool) {
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		listeningInodes(f, port, inodes)
	}
}

func listeningInodes(f string, port int, inodes map[string]bool) {
	fh, err := os.Open(f)
	if err != nil {
		return
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Scan() // the header
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 10 {
			continue
		}
		if fs[3] != "0A" { // 0A: LISTEN
			return
		}
		_, hexPort, ok := strings.Cut(fs[1], ":")
		if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil && int(p) == port {
			inodes["socket:["+fs[9]+"]"] = true
		}
	}
}

// SocketOwner returns the process holding one of inodes (as
// ListeningSockets names them) open: this process first (a server in
// process), then the others until budget is spent (a busy machine has many
// processes, and the scan must not hold up its caller); 0 when none is
// found or readable.
func SocketOwner(inodes map[string]bool, budget time.Duration) int {
	if len(inodes) == 0 {
		return 0
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		for _, fd := range fds {
			if l, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && inodes[l] {
				return os.Getpid()
			}
		}
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	deadline := time.Now().Add(budget)
	for _, p := range procs {
		if time.Now().After(deadline) {
			return 0
		}
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		fds, err := os.ReadDir(filepath.Join("/proc", p.Name(), "fd"))
		if err != nil {
			continue
		}
		for _, fd := range fds {
			if l, err := os.Readlink(filepath.Join("/proc", p.Name(), "fd", fd.Name())); err == nil && inodes[l] {
				return pid
			}
		}
	}
	return 0
}

// ThreadNames returns the names of process pid's threads (each
// /proc/PID/task/TID/comm: the name the thread gave itself, cut by the
// kernel to 15 bytes), nil when they cannot be read. A JVM names its
// native threads after its Java threads, so Netty's event loops show as
// "nioEventLoopGro" (nioEventLoopGroup-N-M cut) or their factory's name.
func ThreadNames(pid int) []string {
	if pid <= 0 {
		return nil
	}
	dir := procDir(pid) + "/task"
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "comm"))
		if err != nil {
			continue // the thread ended meanwhile
		}
		names = append(names, strings.TrimRight(string(b), "\n"))
	}
	return names
}

// Exited says process pid is gone: no /proc/PID, or a zombie (ended, not
// yet waited for). False when pid is not a process id.
func Exited(pid int) bool {
	if pid <= 0 {
		return false
	}
	b, err := os.ReadFile(procDir(pid) + "/stat")
	if err != nil {
		return os.IsNotExist(err) || strings.Contains(err.Error(), "no such process")
	}
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] == 'Z'
}
