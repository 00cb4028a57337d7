package sysinfo

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// LoadAvg returns the machine's 1, 5 and 15 minute load averages.
func LoadAvg() ([3]float64, error) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return [3]float64{}, err
	}
	l, ok := parseLoadAvg(b)
	if !ok {
		return l, os.ErrInvalid
	}
	return l, nil
}

// Netstat returns the machine's TcpExt counters (ListenOverflows,
// ListenDrops, ...) from /proc/net/netstat.
func Netstat() (map[string]float64, error) {
	b, err := os.ReadFile("/proc/net/netstat")
	if err != nil {
		return nil, err
	}
	return ParseNetstat(b), nil
}

// Sysctl returns the value of a sysctl by its path under /proc/sys
// ("net/core/somaxconn"), blanks trimmed.
func Sysctl(path string) (string, error) {
	b, err := os.ReadFile("/proc/sys/" + path)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// AllowedCPUs lists the CPUs this process may run on now, in order.
func AllowedCPUs() []int { return AffinityOf(0) }

// AffinityOf lists the CPUs process pid may run on (0: this one), in
// order; nil when it cannot be read.
func AffinityOf(pid int) []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(pid, &set); err != nil {
		return nil
	}
	var out []int
	for c := 0; c < len(set)*64 && len(out) < set.Count(); c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
}

// ThreadIDs lists the thread ids of this process (from /proc/self/task).
func ThreadIDs() ([]int, error) {
	ents, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil, err
	}
	var out []int
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil {
			out = append(out, n)
		}
	}
	return out, nil
}
