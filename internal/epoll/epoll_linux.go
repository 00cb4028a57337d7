// Package epoll is a thin wrapper over Linux epoll, eventfd and timerfd
// (golang.org/x/sys/unix): what an event loop needs to wait for readiness,
// be woken from other threads and arm one-shot timers. Syscall errors are
// returned as *os.SyscallError. Each method's comment says whether it may be
// called from other goroutines; a Poller, EventFD or TimerFD is normally
// owned by the one loop goroutine that waits on it.
package epoll

import (
	"errors"
	"os"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Event flags, the unix EPOLL* values.
const (
	In    uint32 = unix.EPOLLIN
	Out   uint32 = unix.EPOLLOUT
	Err   uint32 = unix.EPOLLERR
	Hup   uint32 = unix.EPOLLHUP
	RdHup uint32 = unix.EPOLLRDHUP
	ET    uint32 = unix.EPOLLET
)

// Event is one readiness report: the ready events and the data given to
// Add or Mod for that descriptor.
type Event struct {
	Events uint32
	Data   uint64
}

// Poller is one epoll set. Add, Mod and Del are safe from any goroutine
// (the kernel serialises them); Wait is meant for one goroutine at a time,
// because it reuses an internal buffer; Close must not race with Wait.
type Poller struct {
	fd  int
	buf []unix.EpollEvent
}

// New creates an epoll set (epoll_create1 with EPOLL_CLOEXEC).
func New() (*Poller, error) {
	fd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("epoll_create1", err)
	}
	return &Poller{fd: fd}, nil
}

// FD returns the epoll descriptor. Safe from any goroutine.
func (p *Poller) FD() int { return p.fd }

func toEvent(events uint32, data uint64) unix.EpollEvent {
	var ev unix.EpollEvent
	ev.Events = events
	// EpollEvent is {Events uint32; Fd int32; Pad int32} on linux: the
	// 8 bytes after Events are the kernel's epoll_data union.
	*(*uint64)(unsafe.Pointer(&ev.Fd)) = data
	return ev
}

func dataOf(ev *unix.EpollEvent) uint64 { return *(*uint64)(unsafe.Pointer(&ev.Fd)) }

// Add registers fd for events; data comes back in Event.Data. Safe from any
// goroutine.
func (p *Poller) Add(fd int, events uint32, data uint64) error {
	ev := toEvent(events, data)
	return os.NewSyscallError("epoll_ctl add", unix.EpollCtl(p.fd, unix.EPOLL_CTL_ADD, fd, &ev))
}

// Mod changes the events and data of a registered fd. Safe from any
// goroutine.
func (p *Poller) Mod(fd int, events uint32, data uint64) error {
	ev := toEvent(events, data)
	return os.NewSyscallError("epoll_ctl mod", unix.EpollCtl(p.fd, unix.EPOLL_CTL_MOD, fd, &ev))
}

// Del removes fd from the set. Safe from any goroutine.
func (p *Poller) Del(fd int) error {
	return os.NewSyscallError("epoll_ctl del", unix.EpollCtl(p.fd, unix.EPOLL_CTL_DEL, fd, nil))
}

// Wait blocks the calling OS thread until at least one registered fd is
// ready or timeout passes (a negative timeout waits for ever, 0 polls), and
// fills evs; it returns how many it filled (0 on timeout). EINTR is retried
// with the time left. Timeouts are rounded up to whole milliseconds. Not
// safe for concurrent use: call it from the goroutine that owns the loop.
func (p *Poller) Wait(evs []Event, timeout time.Duration) (int, error) {
	if len(evs) == 0 {
		return 0, errors.New("epoll: Wait with an empty event slice")
	}
	if cap(p.buf) < len(evs) {
		p.buf = make([]unix.EpollEvent, len(evs))
	}
	buf := p.buf[:len(evs)]
	var deadline time.Time
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
	}
	for {
		ms := -1
		switch {
		case timeout == 0:
			ms = 0
		case timeout > 0:
			left := time.Until(deadline)
			if left < 0 {
				left = 0
			}
			ms = int((left + time.Millisecond - 1) / time.Millisecond)
		}
		n, err := unix.EpollWait(p.fd, buf, ms)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, os.NewSyscallError("epoll_wait", err)
		}
		for i := 0; i < n; i++ {
			evs[i] = Event{Events: buf[i].Events, Data: dataOf(&buf[i])}
		}
		return n, nil
	}
}

// WaitRaw is Wait as a raw system call (epoll_pwait through RawSyscall6):
// the Go scheduler is not told the thread is in the kernel, so the calling
// goroutine keeps its P while it waits, and no other thread is woken to
// take the P over. That is what a loop that is the only busy goroutine
// wants (the load generator: waiting through the scheduler wakes the
// runtime's sysmon on every idle-to-busy turn, about a third more CPU per
// request); everyone else wants Wait. block false polls, block true waits
// for ever. It returns how many events it filled, 0 when interrupted by a
// signal (EINTR is not retried: the caller's loop decides, and may yield)
// or on any other error. Not safe for concurrent use, like Wait.
func (p *Poller) WaitRaw(evs []Event, block bool) int {
	if len(evs) == 0 {
		return 0
	}
	if cap(p.buf) < len(evs) {
		p.buf = make([]unix.EpollEvent, len(evs))
	}
	buf := p.buf[:len(evs)]
	timeout := uintptr(0)
	if block {
		timeout = ^uintptr(0) // -1: for ever
	}
	r, _, e := unix.RawSyscall6(unix.SYS_EPOLL_PWAIT, uintptr(p.fd), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), timeout, 0, 0)
	if e != 0 {
		return 0
	}
	n := int(r)
	for i := 0; i < n; i++ {
		evs[i] = Event{Events: buf[i].Events, Data: dataOf(&buf[i])}
	}
	return n
}

// Close closes the epoll set. Not safe to call while another goroutine is
// in Wait.
func (p *Poller) Close() error {
	return os.NewSyscallError("close", unix.Close(p.fd))
}

// EventFD is a non-blocking eventfd used to wake a loop from other threads.
type EventFD struct{ fd int }

// NewEventFD creates a non-blocking, close-on-exec eventfd with count 0.
func NewEventFD() (*EventFD, error) {
	fd, err := unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("eventfd", err)
	}
	return &EventFD{fd: fd}, nil
}

// FD returns the descriptor to register with a Poller (for In). Safe from
// any goroutine.
func (e *EventFD) FD() int { return e.fd }

// Signal adds 1 to the counter, making the fd readable. Safe from any
// goroutine. A counter at its maximum (EAGAIN) is already readable, so that
// is not an error.
func (e *EventFD) Signal() error {
	one := [8]byte{1}
	for {
		_, err := unix.Write(e.fd, one[:])
		switch err {
		case nil, unix.EAGAIN:
			return nil
		case unix.EINTR:
			continue
		}
		return os.NewSyscallError("eventfd write", err)
	}
}

// Drain resets the counter to 0 (nothing to read is not an error). Call it
// from the loop that owns the fd, before looking at the work it signals.
func (e *EventFD) Drain() error {
	var b [8]byte
	for {
		_, err := unix.Read(e.fd, b[:])
		switch err {
		case nil, unix.EAGAIN:
			return nil
		case unix.EINTR:
			continue
		}
		return os.NewSyscallError("eventfd read", err)
	}
}

// Close closes the eventfd. Not safe while others may still Signal it.
func (e *EventFD) Close() error { return os.NewSyscallError("close", unix.Close(e.fd)) }

// TimerFD is a non-blocking one-shot timer on CLOCK_MONOTONIC.
type TimerFD struct{ fd int }

// NewTimerFD creates a disarmed, non-blocking, close-on-exec timerfd.
func NewTimerFD() (*TimerFD, error) {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("timerfd_create", err)
	}
	return &TimerFD{fd: fd}, nil
}

// FD returns the descriptor to register with a Poller (for In). Safe from
// any goroutine.
func (t *TimerFD) FD() int { return t.fd }

// Arm sets the timer to fire once after d (relative). d <= 0 disarms it.
// Arming replaces any earlier setting. Safe from any goroutine, but a loop
// normally arms only its own timer.
func (t *TimerFD) Arm(d time.Duration) error {
	var spec unix.ItimerSpec
	if d > 0 {
		spec.Value = unix.NsecToTimespec(int64(d))
	}
	return os.NewSyscallError("timerfd_settime", unix.TimerfdSettime(t.fd, 0, &spec, nil))
}

// ArmAt sets the timer to fire once at deadline, an absolute
// CLOCK_MONOTONIC time (see Monotonic). A deadline <= 0 disarms it; a
// deadline in the past fires at once.
func (t *TimerFD) ArmAt(deadline time.Duration) error {
	var spec unix.ItimerSpec
	if deadline > 0 {
		spec.Value = unix.NsecToTimespec(int64(deadline))
	}
	return os.NewSyscallError("timerfd_settime", unix.TimerfdSettime(t.fd, unix.TFD_TIMER_ABSTIME, &spec, nil))
}

// Drain reads and returns the number of expirations since the last Drain
// (0 when the timer has not fired). Call it from the owning loop.
func (t *TimerFD) Drain() (uint64, error) {
	var b [8]byte
	for {
		n, err := unix.Read(t.fd, b[:])
		switch err {
		case nil:
			if n != 8 {
				return 0, errors.New("epoll: short timerfd read")
			}
			return *(*uint64)(unsafe.Pointer(&b[0])), nil
		case unix.EAGAIN:
			return 0, nil
		case unix.EINTR:
			continue
		}
		return 0, os.NewSyscallError("timerfd read", err)
	}
}

// Close closes the timerfd.
func (t *TimerFD) Close() error { return os.NewSyscallError("close", unix.Close(t.fd)) }

// Monotonic returns the current CLOCK_MONOTONIC time, the clock ArmAt takes.
// Safe from any goroutine. It costs what time.Now costs (the vDSO), not a
// system call: Go's monotonic clock is CLOCK_MONOTONIC on Linux, so the
// value is a base read once with clock_gettime plus the time elapsed since,
// off by at most the few hundred nanoseconds between the two base reads.
func Monotonic() time.Duration { return monoBase + time.Since(monoEpoch) }

var monoEpoch, monoBase = func() (time.Time, time.Duration) {
	t := time.Now()
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return t, time.Duration(ts.Nano())
}()
