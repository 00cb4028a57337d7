// Package uring is a small io_uring ring (golang.org/x/sys/unix system
// calls, no cgo): what the load generator's io_uring engine needs to queue
// many sends, receives and connects and hand them to the kernel in one
// system call, then reap their completions without another. It exists
// because on a virtual machine a system call's entry and exit cost more
// than the generator's own work per request, and epoll pays at least a
// write, a read and a share of an epoll_wait per request; a ring pays one
// io_uring_enter per batch of requests.
//
// It is its own code rather than liburing (cgo) or a Go io_uring module:
// the generator uses five opcodes, one ring per run and no registered
// buffers, and the contract of each method (who may call it, when memory
// given to the kernel may be reused) is easier to keep in ~300 lines that
// the project owns than in a dependency's general API.
//
// A Ring belongs to one goroutine, locked to its OS thread
// (runtime.LockOSThread) from New to Close: the ring is created with
// IORING_SETUP_SINGLE_ISSUER and IORING_SETUP_DEFER_TASKRUN when the
// kernel has them, and then only the thread that created it may submit,
// and completions are run only when that thread waits in Enter. No method
// is safe for concurrent use.
//
// Memory given to the kernel (a buffer to receive into or send from, a
// socket address) is read or written by the kernel until the operation's
// completion is reaped: the caller keeps it alive (a Go heap object,
// referenced from somewhere the collector sees) and untouched until then.
// The kernel copies a connect's address at submission.
package uring

import (
	"errors"
	"os"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Opcodes (enum io_uring_op in linux/io_uring.h).
const (
	OpNop         uint8 = 0
	OpAsyncCancel uint8 = 14
	OpConnect     uint8 = 16
	OpRead        uint8 = 22
	OpWrite       uint8 = 23
	OpSend        uint8 = 26
	OpRecv        uint8 = 27
)

// The file table (RegisterFiles, SetFile, SQE.Fixed).
const (
	sqeFixedFile       uint8   = 1 << 0 // IOSQE_FIXED_FILE
	registerFilesUpd   uintptr = 6      // IORING_REGISTER_FILES_UPDATE
	registerFiles2     uintptr = 13     // IORING_REGISTER_FILES2
	rsrcRegisterSparse uint32  = 1 << 0 // IORING_RSRC_REGISTER_SPARSE
)

// Setup flags (IORING_SETUP_*).
const (
	SetupCQSize        uint32 = 1 << 3
	SetupSubmitAll     uint32 = 1 << 7
	SetupCoopTaskrun   uint32 = 1 << 8
	SetupSingleIssuer  uint32 = 1 << 12
	SetupDeferTaskrun  uint32 = 1 << 13
	featSingleMmap     uint32 = 1 << 0
	featNoDrop         uint32 = 1 << 1
	featExtArg         uint32 = 1 << 8
	featMinTimeout     uint32 = 1 << 15
	enterGetEvents     uint32 = 1 << 0
	enterExtArg        uint32 = 1 << 3
	offSQRing          int64  = 0
	offCQRing          int64  = 0x8000000
	offSQEs            int64  = 0x10000000
	sizeofSQE                 = 64
	sizeofCQE                 = 16
	sizeofGetEventsArg        = 24
)

// SQE is a submission queue entry, struct io_uring_sqe (64 bytes).
type SQE struct {
	Opcode      uint8
	Flags       uint8
	IOPrio      uint16
	Fd          int32
	Off         uint64 // addr2: a connect's address length
	Addr        uint64
	Len         uint32
	OpFlags     uint32 // msg_flags, cancel_flags, ...
	UserData    uint64
	BufIndex    uint16
	Personality uint16
	FileIndex   int32
	Addr3       uint64
	_           uint64
}

// CQE is a completion queue entry, struct io_uring_cqe (16 bytes): the
// UserData of its SQE and the result (a negative errno on failure).
type CQE struct {
	UserData uint64
	Res      int32
	Flags    uint32
}

type params struct {
	sqEntries, cqEntries, flags, sqThreadCPU, sqThreadIdle, features, wqFd uint32
	resv                                                                   [3]uint32
	sqOff                                                                  [10]uint32 // head tail ring_mask ring_entries flags dropped array resv1 user_addr(2)
	cqOff                                                                  [10]uint32 // head tail ring_mask ring_entries overflow cqes flags resv1 user_addr(2)
}

type getEventsArg struct {
	sigmask   uint64
	sigmaskSz uint32
	minWait   uint32
	ts        uint64
}

// Ring is one io_uring instance with its mapped queues. See the package
// comment: one goroutine, locked to its thread, uses it.
type Ring struct {
	fd       int
	flags    uint32 // setup flags in effect
	features uint32

	ringMem []byte // the SQ and CQ rings (one mapping: FEAT_SINGLE_MMAP is required)
	sqeMem  []byte

	sqHead, sqTail *uint32 // shared with the kernel: atomic access only
	sqMask         uint32
	sqes           []SQE
	tail           uint32 // our next SQ tail, published by flush

	cqHead, cqTail *uint32 // shared with the kernel: atomic access only
	cqMask         uint32
	cqes           []CQE

	arg getEventsArg // Enter's timeout argument (heap memory the kernel reads)
	ts  unix.Timespec
}

// Options of New.
type Options struct {
	CQEntries uint32 // 0: twice the SQ's entries (the kernel's default)
}

// New creates a ring of at least entries submission slots (a power of two,
// the kernel rounds up), trying the single-issuer, deferred-task-run
// setup first and falling back to cooperative task run, then to neither,
// when the kernel refuses a flag (EINVAL). Call it on the thread that will
// use the ring (see the package comment). It fails when the kernel has no
// io_uring (ENOSYS), forbids it (EPERM: io_uring_disabled, a seccomp
// filter) or lacks IORING_FEAT_EXT_ARG (Linux 5.11) or single-mmap rings.
func New(entries uint32, o Options) (*Ring, error) {
	base := uint32(0)
	if o.CQEntries > 0 {
		base |= SetupCQSize
	}
	var fd int
	var p params
	var err error
	for _, extra := range []uint32{SetupSingleIssuer | SetupDeferTaskrun | SetupSubmitAll, SetupCoopTaskrun | SetupSubmitAll, 0} {
		p = params{flags: base | extra, cqEntries: o.CQEntries}
		r, _, e := unix.RawSyscall(unix.SYS_IO_URING_SETUP, uintptr(entries), uintptr(unsafe.Pointer(&p)), 0)
		if e == 0 {
			fd, err = int(r), nil
			break
		}
		err = os.NewSyscallError("io_uring_setup", e)
		if e != unix.EINVAL {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	r := &Ring{fd: fd, flags: p.flags, features: p.features}
	if p.features&featSingleMmap == 0 || p.features&featExtArg == 0 || p.features&featNoDrop == 0 {
		unix.Close(fd)
		return nil, errors.New("io_uring: the kernel lacks single-mmap rings, EXT_ARG or NODROP (needs Linux 5.11)")
	}
	sqSize := int(p.sqOff[6]) + int(p.sqEntries)*4
	cqSize := int(p.cqOff[5]) + int(p.cqEntries)*sizeofCQE
	r.ringMem, err = unix.Mmap(fd, offSQRing, max(sqSize, cqSize), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
	if err != nil {
		unix.Close(fd)
		return nil, os.NewSyscallError("mmap", err)
	}
	r.sqeMem, err = unix.Mmap(fd, offSQEs, int(p.sqEntries)*sizeofSQE, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
	if err != nil {
		unix.Munmap(r.ringMem)
		unix.Close(fd)
		return nil, os.NewSyscallError("mmap", err)
	}
	at := func(off uint32) *uint32 { return (*uint32)(unsafe.Pointer(&r.ringMem[off])) }
	r.sqHead, r.sqTail, r.sqMask = at(p.sqOff[0]), at(p.sqOff[1]), *at(p.sqOff[2])
	r.cqHead, r.cqTail, r.cqMask = at(p.cqOff[0]), at(p.cqOff[1]), *at(p.cqOff[2])
	r.sqes = unsafe.Slice((*SQE)(unsafe.Pointer(&r.sqeMem[0])), p.sqEntries)
	r.cqes = unsafe.Slice((*CQE)(unsafe.Pointer(&r.ringMem[p.cqOff[5]])), p.cqEntries)
	// The SQ's index array maps slot i to SQE i for ever: SQEs are
	// filled in ring order, so the array is never written again.
	array := unsafe.Slice((*uint32)(unsafe.Pointer(&r.ringMem[p.sqOff[6]])), p.sqEntries)
	for i := range array {
		array[i] = uint32(i)
	}
	r.tail = atomic.LoadUint32(r.sqTail)
	r.arg.ts = uint64(uintptr(unsafe.Pointer(&r.ts)))
	return r, nil
}

// Flags returns the setup flags in effect (which of New's tries the kernel
// took). Safe from any goroutine.
func (r *Ring) Flags() uint32 { return r.flags }

// HasMinWait reports whether Enter's minWait is honoured (Linux 6.12,
// IORING_FEAT_MIN_TIMEOUT); without it Enter ignores minWait.
func (r *Ring) HasMinWait() bool { return r.features&featMinTimeout != 0 }

// Entries returns the number of submission slots.
func (r *Ring) Entries() int { return len(r.sqes) }

// RegisterFiles gives the ring a file table of n empty slots (Linux 5.19,
// IORING_REGISTER_FILES2 with IORING_RSRC_REGISTER_SPARSE), for entries
// marked Fixed. The kernel refuses more slots than RLIMIT_NOFILE.
func (r *Ring) RegisterFiles(n uint32) error {
	arg := struct {
		nr, flags  uint32
		resv2      uint64
		data, tags uint64
	}{nr: n, flags: rsrcRegisterSparse}
	_, _, e := unix.RawSyscall6(unix.SYS_IO_URING_REGISTER, uintptr(r.fd), registerFiles2, uintptr(unsafe.Pointer(&arg)), unsafe.Sizeof(arg), 0, 0)
	if e != 0 {
		return os.NewSyscallError("io_uring_register", e)
	}
	return nil
}

// SetFile puts descriptor fd in slot of the file table (fd -1 empties
// it). The table holds its own reference to the file: a socket closed by
// its descriptor stays open until its slot is emptied or reused.
// Operations already submitted keep the file they took.
func (r *Ring) SetFile(slot int, fd int) error {
	fds := [1]int32{int32(fd)}
	arg := struct {
		offset, resv uint32
		fds          uint64
	}{offset: uint32(slot), fds: uint64(uintptr(unsafe.Pointer(&fds[0])))}
	_, _, e := unix.RawSyscall6(unix.SYS_IO_URING_REGISTER, uintptr(r.fd), registerFilesUpd, uintptr(unsafe.Pointer(&arg)), 1, 0, 0)
	if e != 0 {
		return os.NewSyscallError("io_uring_register", e)
	}
	return nil
}

// Close unmaps the queues and closes the ring; operations still in flight
// are cancelled by the kernel. The ring must not be used after.
func (r *Ring) Close() error {
	unix.Munmap(r.sqeMem)
	unix.Munmap(r.ringMem)
	return os.NewSyscallError("close", unix.Close(r.fd))
}

// Queued returns how many SQEs were filled and not yet taken by the
// kernel: the next Enter submits them.
func (r *Ring) Queued() uint32 { return r.tail - atomic.LoadUint32(r.sqHead) }

// Get returns the next free SQE, zeroed, or nil when all slots are queued
// (then Enter and try again). The entry belongs to the caller until the
// next Enter, which publishes it.
func (r *Ring) Get() *SQE {
	if r.tail-atomic.LoadUint32(r.sqHead) >= uint32(len(r.sqes)) {
		return nil
	}
	e := &r.sqes[r.tail&r.sqMask]
	*e = SQE{}
	r.tail++
	return e
}

// PrepSend makes e a send(2) of p on fd with msgFlags (MSG_NOSIGNAL, ...).
// p must stay alive and unchanged until the completion.
func (e *SQE) PrepSend(fd int, p []byte, msgFlags uint32, userData uint64) {
	e.Opcode, e.Fd, e.Len, e.OpFlags, e.UserData = OpSend, int32(fd), uint32(len(p)), msgFlags, userData
	if len(p) > 0 {
		e.Addr = uint64(uintptr(unsafe.Pointer(&p[0])))
	}
}

// PrepRecv makes e a recv(2) into p on fd. p must stay alive, and is
// the kernel's to write, until the completion.
func (e *SQE) PrepRecv(fd int, p []byte, msgFlags uint32, userData uint64) {
	e.Opcode, e.Fd, e.Len, e.OpFlags, e.UserData = OpRecv, int32(fd), uint32(len(p)), msgFlags, userData
	if len(p) > 0 {
		e.Addr = uint64(uintptr(unsafe.Pointer(&p[0])))
	}
}

// Fixed makes the entry name slot in the ring's file table (RegisterFiles)
// instead of a descriptor (IOSQE_FIXED_FILE): the kernel then skips the
// descriptor lookup and the file's reference count on every operation
// (fget and fput, 1.2% of the load generator's samples per request).
func (e *SQE) Fixed(slot int) {
	e.Fd = int32(slot)
	e.Flags |= sqeFixedFile
}

// PollFirst marks a send or recv to wait for readiness before its first
// try (IORING_RECVSEND_POLL_FIRST): for a recv queued with the request
// it answers, whose first try would fail for certain.
func (e *SQE) PollFirst() { e.IOPrio |= 1 }

// PrepRead makes e a read(2) into p on fd (for an eventfd: 8 bytes), at
// the file's position. p belongs to the kernel until the completion.
func (e *SQE) PrepRead(fd int, p []byte, userData uint64) {
	e.Opcode, e.Fd, e.Len, e.UserData = OpRead, int32(fd), uint32(len(p)), userData
	e.Off = ^uint64(0) // -1: the current position (no offset on a socket or eventfd)
	if len(p) > 0 {
		e.Addr = uint64(uintptr(unsafe.Pointer(&p[0])))
	}
}

// PrepConnect makes e a connect(2) of fd to the raw socket address sa
// (a unix.RawSockaddrInet4 or Inet6) of length n. The kernel copies the
// address at submission; a blocking socket is fine (the ring waits for
// the handshake without blocking anyone).
func (e *SQE) PrepConnect(fd int, sa unsafe.Pointer, n uint32, userData uint64) {
	e.Opcode, e.Fd, e.UserData = OpConnect, int32(fd), userData
	e.Addr, e.Off = uint64(uintptr(sa)), uint64(n)
}

// PrepCancel makes e cancel the operation whose SQE had userData target.
// Both complete: the cancelled one with -ECANCELED (or its own result if
// it was already finishing), e with 0, -ENOENT or -EALREADY.
func (e *SQE) PrepCancel(target, userData uint64) {
	e.Opcode, e.Fd, e.Addr, e.UserData = OpAsyncCancel, -1, target, userData
}

// Enter publishes the queued SQEs and submits them, then, when wait is
// set, waits until at least minComplete completions are ready or timeout
// passes (timeout < 0: no limit). A minWait > 0 (with a timeout, and
// HasMinWait) ends the wait earlier: once minWait has passed and at least
// one completion is ready. That batches completions without the wake-up
// of every one (with deferred task run the kernel does not wake the
// thread before minComplete are pending or minWait passes), at the price
// of seeing a completion up to minWait late. It is io_uring_enter as a raw system
// call: the Go scheduler is not told the thread is in the kernel, so the
// goroutine keeps its P while it waits (the reason is epoll.WaitRaw's). It
// returns how many SQEs the kernel took and the errno of the call: EINTR
// (a signal, such as the runtime's preemption), ETIME (the timeout, when
// nothing was submitted), EBUSY or EAGAIN (completions must be reaped
// first) are the caller's to handle by reaping and calling again.
func (r *Ring) Enter(wait bool, minComplete uint32, timeout, minWait time.Duration) (int, syscall.Errno) {
	atomic.StoreUint32(r.sqTail, r.tail) // release: the SQEs are written
	toSubmit := r.tail - atomic.LoadUint32(r.sqHead)
	if !wait && toSubmit == 0 {
		return 0, 0
	}
	flags := uint32(0)
	argp, argsz := uintptr(0), uintptr(0)
	if wait {
		flags |= enterGetEvents
		if minWait > 0 && timeout < 0 {
			timeout = time.Hour // a minimum wait needs a timeout to go with it
		}
		if timeout >= 0 {
			r.ts = unix.NsecToTimespec(int64(timeout))
			r.arg.minWait = 0
			if minWait > 0 && r.features&featMinTimeout != 0 {
				r.arg.minWait = uint32(max(minWait/time.Microsecond, 1))
			}
			flags |= enterExtArg
			argp, argsz = uintptr(unsafe.Pointer(&r.arg)), sizeofGetEventsArg
		}
	} else {
		minComplete = 0
	}
	n, _, e := unix.RawSyscall6(unix.SYS_IO_URING_ENTER, uintptr(r.fd), uintptr(toSubmit), uintptr(minComplete), uintptr(flags), argp, argsz)
	return int(n), e
}

// Reap copies ready completions into cqes (at most len(cqes)), frees their
// slots and returns how many it copied; 0 when none is ready. It does not
// enter the kernel: with deferred task run, completions become ready
// only in Enter with wait.
func (r *Ring) Reap(cqes []CQE) int {
	head := atomic.LoadUint32(r.cqHead)
	tail := atomic.LoadUint32(r.cqTail) // acquire: the entries up to tail are written
	n := 0
	for head != tail && n < len(cqes) {
		cqes[n] = r.cqes[head&r.cqMask]
		head++
		n++
	}
	atomic.StoreUint32(r.cqHead, head) // release: the slots are free
	return n
}
