package httptarget

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/waitlab/waitlab/internal/epoll"
)

// pollNow asks the loop's epoll set for ready events without waiting,
// as a raw system call: it cannot block, so it skips the runtime's
// entersyscall/exitsyscall bookkeeping. A busy loop polls like this
// between batches and only makes the blocking Wait when nothing is ready
// (gnet does the same), which keeps a loaded loop thread from parking and
// handing its P back and forth.
func (l *eventLoop) pollNow() int {
	if cap(l.raw) < len(l.events) {
		l.raw = make([]unix.EpollEvent, len(l.events))
	}
	raw := l.raw[:len(l.events)]
	n, _, errno := unix.RawSyscall6(unix.SYS_EPOLL_WAIT, uintptr(l.poller.FD()), uintptr(unsafe.Pointer(&raw[0])), uintptr(len(raw)), 0, 0, 0)
	if errno != 0 || int(n) <= 0 {
		return 0
	}
	for i := 0; i < int(n); i++ {
		l.events[i] = epoll.Event{Events: raw[i].Events, Data: *(*uint64)(unsafe.Pointer(&raw[i].Fd))}
	}
	return int(n)
}

// rawRead and rawWrite are read(2) and write(2) on non-blocking sockets
// as raw system calls (they never block).
func rawRead(fd int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, _, errno := unix.RawSyscall(unix.SYS_READ, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if errno != 0 {
		return -1, errno
	}
	return int(n), nil
}

func rawWrite(fd int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, _, errno := unix.RawSyscall(unix.SYS_WRITE, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if errno != 0 {
		return -1, errno
	}
	return int(n), nil
}

// pollOne asks epoll set epfd for one ready event without waiting, as a
// raw system call with its own buffer (safe beside the set's owner): the
// descriptor in its data, or -1 for the pool poller's wake-up (data
// all ones); ok false when nothing is ready.
func pollOne(epfd int) (fd int, ok bool) {
	var ev unix.EpollEvent
	n, _, errno := unix.RawSyscall6(unix.SYS_EPOLL_WAIT, uintptr(epfd), uintptr(unsafe.Pointer(&ev)), 1, 0, 0, 0)
	if errno != 0 || n != 1 {
		return 0, false
	}
	data := *(*uint64)(unsafe.Pointer(&ev.Fd))
	if data == ^uint64(0) {
		return -1, true
	}
	return int(data), true
}

// accept4 is accept4(2) without the peer's address. x/sys's unix.Accept4
// asks for the address and then, to decode it, the socket's protocol
// (getsockopt SO_PROTOCOL): one more system call per connection, which
// nothing here reads. With block false it is a raw system call (for a
// non-blocking listening socket, which never blocks); with block true it
// goes through the runtime's syscall bookkeeping, so a thread that waits
// in it gives its P back to the scheduler.
func accept4(fd, flags int, block bool) (int, error) {
	var nfd uintptr
	var errno unix.Errno
	if block {
		nfd, _, errno = unix.Syscall6(unix.SYS_ACCEPT4, uintptr(fd), 0, 0, uintptr(flags), 0, 0)
	} else {
		nfd, _, errno = unix.RawSyscall6(unix.SYS_ACCEPT4, uintptr(fd), 0, 0, uintptr(flags), 0, 0)
	}
	if errno != 0 {
		return -1, errno
	}
	return int(nfd), nil
}
