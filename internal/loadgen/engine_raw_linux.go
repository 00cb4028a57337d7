package loadgen

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawRead and rawWrite are read(2) and write(2) on a non-blocking socket
// as raw system calls: the loop's thread keeps its P, and the runtime's
// entersyscall/exitsyscall bookkeeping (about a tenth of the loop's CPU in
// a profile of BenchmarkEngineClosed) is not paid on every request. They
// never block: every descriptor the loop reads or writes is non-blocking.
func rawRead(fd int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, _, e := unix.RawSyscall(unix.SYS_READ, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if e != 0 {
		return 0, syscall.Errno(e)
	}
	return int(n), nil
}

func rawWrite(fd int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, _, e := unix.RawSyscall(unix.SYS_WRITE, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if e != 0 {
		return 0, syscall.Errno(e)
	}
	return int(n), nil
}
