// Package sysinfo is waitlab's one home for /proc and for "the CPUs I may
// use": it reads the machine and process facts that results echo and that
// measurements need: the environment (Go version, GOMAXPROCS, CPU model,
// cgroup quota), the CPUs this process may run on and use (AllowedCPUs,
// CPUQuota, Cores), process and thread CPU time, the OS thread count, a
// process tree's CPU time (tree_linux.go), another process's CPU time,
// the whole machine's busy time, load average, TCP counters and sysctls
// (proc.go). Every function is safe for concurrent use.
package sysinfo

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/model"
)

// Collect returns the environment of this process.
func Collect(version string) model.Env {
	e := model.Env{
		Version:    version,
		GoVersion:  runtime.Version(),
		OS:         runtime.GOOS,
		Arch:       runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		NumCPU:     runtime.NumCPU(),
		CPUModel:   cpuModel(),
		CgroupCPUs: CgroupCPUs(),
	}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		e.KernelRelease = unix.ByteSliceToString(u.Release[:])
	}
	return e
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// CgroupCPUs returns the cgroup v2 CPU limit in CPUs (quota / period), or
// 0 when there is none.
func CgroupCPUs() float64 {
	b, err := os.ReadFile("/sys/fs/cgroup/cpu.max")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) != 2 || f[0] == "max" {
		return 0
	}
	q, err1 := strconv.ParseFloat(f[0], 64)
	p, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil || p <= 0 {
		return 0
	}
	return q / p
}

// ProcessCPU returns the CPU time (user + system) this process has used.
func ProcessCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ThreadCPU returns the CPU time of the calling OS thread. It is only
// meaningful on a goroutine locked to its thread (runtime.LockOSThread).
func ThreadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// OSThreads returns the number of OS threads of this process, from the
// Threads line of /proc/self/status.
func OSThreads() (int, error) {
	return procThreads("self")
}

// PidThreads returns the number of OS threads of process pid, from the
// Threads line of /proc/PID/status (an error once the process is gone).
func PidThreads(pid int) (int, error) {
	return procThreads(strconv.Itoa(pid))
}

func procThreads(pid string) (int, error) {
	f, err := os.Open("/proc/" + pid + "/status")
	if err != nil {
		return 0, fmt.Errorf("sysinfo: read thread count: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Threads:"); ok {
			return strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return 0, fmt.Errorf("sysinfo: no Threads line in /proc/%s/status", pid)
}

// clockTick is USER_HZ, which is 100 on every Linux the project targets.
const clockTick = 100

// PidCPU returns the CPU time (user + system, every thread's, those that
// have exited included) of process pid. It reads the process's CPU clock
// (clock_gettime on the clock id the kernel derives from the pid, what
// clock_getcpuclockid(3) returns), to the nanosecond; where that clock is
// refused it reads /proc/PID/stat, to the 10 ms tick.
//
// Why the clock: a burst's target spends 30-40 ms of CPU, so a tick is a
// quarter of the figure, and "CPU time 30.0 ms, 100.0 us a request"
// read as precise when the next run could say 40.0 and 133.3 for the same
// work.
func PidCPU(pid int) (time.Duration, error) {
	if pid > 0 {
		var ts unix.Timespec
		// MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED): ~pid << 3 | 2.
		if unix.ClockGettime(int32(^pid<<3|2), &ts) == nil {
			return time.Duration(ts.Nano()), nil
		}
	}
	return pidCPUTicks(pid)
}

// pidCPUTicks is PidCPU from /proc/PID/stat (utime + stime, in ticks).
func pidCPUTicks(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("sysinfo: read cpu of pid %d: %w", pid, err)
	}
	// The command name is in parentheses and may hold spaces: parse after
	// the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("sysinfo: malformed /proc/%d/stat", pid)
	}
	f := strings.Fields(string(b[i+1:]))
	// Fields after ')' start at field 3 (state); utime is 14, stime 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("sysinfo: short /proc/%d/stat", pid)
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("sysinfo: malformed /proc/%d/stat", pid)
	}
	return time.Duration(ut+st) * time.Second / clockTick, nil
}

// MachineCPU is the whole machine's CPU time from /proc/stat, summed over
// all CPUs.
type MachineCPU struct {
	Busy  time.Duration // user, nice, system, irq, softirq, steal
	Total time.Duration // Busy plus idle and iowait
}

// ReadMachineCPU reads /proc/stat's aggregate cpu line.
func ReadMachineCPU() (MachineCPU, error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return MachineCPU{}, fmt.Errorf("sysinfo: read /proc/stat: %w", err)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 8 || f[0] != "cpu" {
		return MachineCPU{}, fmt.Errorf("sysinfo: malformed /proc/stat")
	}
	var v [8]int64
	for i := range v {
		v[i], _ = strconv.ParseInt(f[i+1], 10, 64)
	}
	// user nice system idle iowait irq softirq steal
	busy := v[0] + v[1] + v[2] + v[5] + v[6] + v[7]
	total := busy + v[3] + v[4]
	tick := time.Second / clockTick
	return MachineCPU{Busy: time.Duration(busy) * tick, Total: time.Duration(total) * tick}, nil
}
