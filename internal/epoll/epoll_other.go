//go:build !linux

package epoll

import "time"

// Event flags, the Linux EPOLL* values.
const (
	In    uint32 = 0x1
	Out   uint32 = 0x4
	Err   uint32 = 0x8
	Hup   uint32 = 0x10
	RdHup uint32 = 0x2000
	ET    uint32 = 1 << 31
)

// Event is one readiness report.
type Event struct {
	Events uint32
	Data   uint64
}

// Poller is an epoll set; off Linux none can be made.
type Poller struct{}

// New returns ErrNeedsLinux.
func New() (*Poller, error) { return nil, ErrNeedsLinux }

// FD returns -1.
func (p *Poller) FD() int { return -1 }

// Add returns ErrNeedsLinux.
func (p *Poller) Add(fd int, events uint32, data uint64) error { return ErrNeedsLinux }

// Mod returns ErrNeedsLinux.
func (p *Poller) Mod(fd int, events uint32, data uint64) error { return ErrNeedsLinux }

// Del returns ErrNeedsLinux.
func (p *Poller) Del(fd int) error { return ErrNeedsLinux }

// Wait returns ErrNeedsLinux.
func (p *Poller) Wait(evs []Event, timeout time.Duration) (int, error) { return 0, ErrNeedsLinux }

// Close returns nil.
func (p *Poller) Close() error { return nil }

// EventFD is an eventfd; off Linux none can be made.
type EventFD struct{}

// NewEventFD returns ErrNeedsLinux.
func NewEventFD() (*EventFD, error) { return nil, ErrNeedsLinux }

// FD returns -1.
func (e *EventFD) FD() int { return -1 }

// Signal returns ErrNeedsLinux.
func (e *EventFD) Signal() error { return ErrNeedsLinux }

// Drain returns ErrNeedsLinux.
func (e *EventFD) Drain() error { return ErrNeedsLinux }

// Close returns nil.
func (e *EventFD) Close() error { return nil }

// TimerFD is a timerfd; off Linux none can be made.
type TimerFD struct{}

// NewTimerFD returns ErrNeedsLinux.
func NewTimerFD() (*TimerFD, error) { return nil, ErrNeedsLinux }

// FD returns -1.
func (t *TimerFD) FD() int { return -1 }

// Arm returns ErrNeedsLinux.
func (t *TimerFD) Arm(d time.Duration) error { return ErrNeedsLinux }

// ArmAt returns ErrNeedsLinux.
func (t *TimerFD) ArmAt(deadline time.Duration) error { return ErrNeedsLinux }

// Drain returns ErrNeedsLinux.
func (t *TimerFD) Drain() (uint64, error) { return 0, ErrNeedsLinux }

// Close returns nil.
func (t *TimerFD) Close() error { return nil }

// Monotonic returns the time since the process started (no CLOCK_MONOTONIC
// base to share with a timerfd off Linux).
func Monotonic() time.Duration { return time.Since(start) }

var start = time.Now()

// WaitRaw returns 0.
func (p *Poller) WaitRaw(evs []Event, block bool) int { return 0 }
