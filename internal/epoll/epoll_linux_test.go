package epoll

import (
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func newPoller(t *testing.T) *Poller {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatalf("New() = %v", err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func TestEventFDWakesWaitWithData(t *testing.T) {
	p := newPoller(t)
	e, err := NewEventFD()
	if err != nil {
		t.Fatalf("NewEventFD() = %v", err)
	}
	defer e.Close()
	if err := p.Add(e.FD(), In, 0xdeadbeefcafe); err != nil {
		t.Fatalf("Add(eventfd) = %v", err)
	}
	evs := make([]Event, 4)
	if n, err := p.Wait(evs, 0); n != 0 || err != nil {
		t.Fatalf("Wait(0) before Signal = %d, %v; want 0, nil", n, err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); _ = e.Signal() }()
	}
	wg.Wait()
	n, err := p.Wait(evs, -1)
	if err != nil || n != 1 {
		t.Fatalf("Wait(-1) = %d, %v; want 1, nil", n, err)
	}
	if evs[0].Data != 0xdeadbeefcafe || evs[0].Events&In == 0 {
		t.Fatalf("Wait event = %+v; want Data 0xdeadbeefcafe with In", evs[0])
	}
	if err := e.Drain(); err != nil {
		t.Fatalf("Drain() = %v", err)
	}
	if n, _ := p.Wait(evs, 0); n != 0 {
		t.Fatalf("Wait(0) after Drain = %d; want 0", n)
	}
	if err := e.Drain(); err != nil {
		t.Fatalf("Drain() on an empty eventfd = %v; want nil", err)
	}
}

func TestTimerFDFiresOnceAndDisarms(t *testing.T) {
	p := newPoller(t)
	tf, err := NewTimerFD()
	if err != nil {
		t.Fatalf("NewTimerFD() = %v", err)
	}
	defer tf.Close()
	if err := p.Add(tf.FD(), In, 7); err != nil {
		t.Fatalf("Add(timerfd) = %v", err)
	}
	if err := tf.Arm(time.Millisecond); err != nil {
		t.Fatalf("Arm(1ms) = %v", err)
	}
	evs := make([]Event, 2)
	n, err := p.Wait(evs, 5*time.Second)
	if n != 1 || err != nil || evs[0].Data != 7 {
		t.Fatalf("Wait after Arm(1ms) = %d, %v, %+v; want the timer", n, err, evs[0])
	}
	if x, err := tf.Drain(); x != 1 || err != nil {
		t.Fatalf("Drain() = %d, %v; want 1, nil", x, err)
	}
	if x, err := tf.Drain(); x != 0 || err != nil {
		t.Fatalf("second Drain() = %d, %v; want 0, nil", x, err)
	}
	// Arm then disarm: nothing fires.
	if err := tf.Arm(time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := tf.Arm(0); err != nil {
		t.Fatalf("Arm(0) = %v", err)
	}
	if n, _ := p.Wait(evs, 20*time.Millisecond); n != 0 {
		t.Fatalf("Wait after Arm(0) = %d; want 0 (disarmed)", n)
	}
	// Absolute deadline in the past fires at once.
	if err := tf.ArmAt(Monotonic() - time.Second); err != nil {
		t.Fatalf("ArmAt(past) = %v", err)
	}
	if n, _ := p.Wait(evs, 5*time.Second); n != 1 {
		t.Fatalf("Wait after ArmAt(past) = %d; want 1", n)
	}
}

func TestModAndDel(t *testing.T) {
	p := newPoller(t)
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fds[0])
	defer unix.Close(fds[1])
	if err := p.Add(fds[0], In, 1); err != nil {
		t.Fatalf("Add(pipe) = %v", err)
	}
	if _, err := unix.Write(fds[1], []byte("x")); err != nil {
		t.Fatal(err)
	}
	evs := make([]Event, 2)
	if n, _ := p.Wait(evs, time.Second); n != 1 || evs[0].Data != 1 {
		t.Fatalf("Wait = %d, %+v; want data 1", n, evs[0])
	}
	if err := p.Mod(fds[0], In, 2); err != nil {
		t.Fatalf("Mod = %v", err)
	}
	if n, _ := p.Wait(evs, time.Second); n != 1 || evs[0].Data != 2 {
		t.Fatalf("Wait after Mod = %d, %+v; want data 2", n, evs[0])
	}
	if err := p.Del(fds[0]); err != nil {
		t.Fatalf("Del = %v", err)
	}
	if n, _ := p.Wait(evs, 0); n != 0 {
		t.Fatalf("Wait after Del = %d; want 0", n)
	}
	err := p.Del(fds[0])
	var se *os.SyscallError
	if !errors.As(err, &se) || !errors.Is(err, unix.ENOENT) {
		t.Fatalf("Del(unregistered) = %v; want *os.SyscallError wrapping ENOENT", err)
	}
}

func TestWaitEmptySlice(t *testing.T) {
	p := newPoller(t)
	if _, err := p.Wait(nil, 0); err == nil {
		t.Fatal("Wait(nil, 0) = nil error; want an error")
	}
}

func BenchmarkSignalWait(b *testing.B) {
	p, _ := New()
	defer p.Close()
	e, _ := NewEventFD()
	defer e.Close()
	_ = p.Add(e.FD(), In, 0)
	evs := make([]Event, 1)
	b.ReportAllocs()
	for b.Loop() {
		_ = e.Signal()
		_, _ = p.Wait(evs, -1)
		_ = e.Drain()
	}
}

func TestMonotonicIsClockMonotonic(t *testing.T) {
	for i := 0; i < 100; i++ {
		var a, b unix.Timespec
		_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &a)
		m := Monotonic()
		_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &b)
		// A generous margin for the base's two reads and a preemption.
		if m < time.Duration(a.Nano())-time.Millisecond || m > time.Duration(b.Nano())+time.Millisecond {
			t.Fatalf("Monotonic() = %v; want between %v and %v (CLOCK_MONOTONIC)", m, time.Duration(a.Nano()), time.Duration(b.Nano()))
		}
	}
}

func BenchmarkMonotonic(b *testing.B) {
	for b.Loop() {
		_ = Monotonic()
	}
}
