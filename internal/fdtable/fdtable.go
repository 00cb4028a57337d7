// Package fdtable grows this process's file descriptor table ahead of a
// burst of new connections, so that the burst does not stop to grow it.
//
// Why: Linux keeps a process's descriptors in a table that doubles when a
// new descriptor does not fit (64, 128, 256, ...). In a process with more
// than one thread, and a Go process always has several, each doubling
// waits for an RCU grace period (expand_fdtable calls synchronize_rcu),
// and the socket(2) or accept4(2) that needed the room sleeps until it
// ends: 6.8 and 9.5 ms each, in a trace of a 1,000-connection burst on a
// 2-core VM, with the generator's core idle meanwhile. A burst that opens
// a thousand connections from a small table pays four or five of them on
// its critical path, in the generator and again in the target. Growing
// the table once, before the burst, pays one, off it.
//
// The table never shrinks: after the first Reserve, a later one finds
// the room and costs five system calls. The table's memory is 8 bytes a
// slot and two small bitmaps, the slots rounded up to a power of two
// (about 130 KB for 10,000).
package fdtable

// Reserve grows the descriptor table to hold at least n descriptors,
// bounded by the soft RLIMIT_NOFILE (which Go raises to the hard limit at
// start). It returns the table's reserved size (0 where it did nothing:
// off Linux, or when n is below the table's first size) and an error
// only when a system call it needed failed; a caller can ignore it,
// since the table still grows on demand as before.
func Reserve(n int) (int, error) { return reserve(n) }
