// Package watch watches the target and the machine while waitlab makes
// load: the target's CPU (its process tree by --target-pid, else its
// /metrics page read through internal/scrape), its threads, its event
// loops' stalls and its settings; this process's and the machine's CPU at
// a measured window's edges (Window); and the conditions a fair comparison
// needs (Conditions: the CPU lists, nice values and load average, the
// target found by its listening port through sock_diag). It reads /proc
// only through internal/sysinfo and a page only through internal/scrape,
// and it fills the load result's own types (internal/loadresult), so
// loadgen, probe and experiment watch the same way.
package watch
