package uring

import (
	"runtime"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

func newRing(t *testing.T, n uint32) *Ring {
	t.Helper()
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
	r, err := New(n, Options{CQEntries: 4 * n})
	if err != nil {
		t.Skipf("no io_uring here: %v", err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// waitFor enters until want completions were reaped (or a second passed).
func waitFor(t *testing.T, r *Ring, want int) []CQE {
	t.Helper()
	var got []CQE
	buf := make([]CQE, 16)
	deadline := time.Now().Add(time.Second)
	for len(got) < want && time.Now().Before(deadline) {
		if _, e := r.Enter(true, 1, 100*time.Millisecond, 0); e != 0 && e != unix.EINTR && e != unix.ETIME {
			t.Fatalf("io_uring_enter: %v", e)
		}
		n := r.Reap(buf)
		got = append(got, buf[:n]...)
	}
	if len(got) != want {
		t.Fatalf("%d completions, want %d: %+v", len(got), want, got)
	}
	return got
}

func TestSizes(t *testing.T) {
	if s := unsafe.Sizeof(SQE{}); s != sizeofSQE {
		t.Errorf("SQE is %d bytes, want %d", s, sizeofSQE)
	}
	if s := unsafe.Sizeof(CQE{}); s != sizeofCQE {
		t.Errorf("CQE is %d bytes, want %d", s, sizeofCQE)
	}
	if s := unsafe.Sizeof(params{}); s != 120 {
		t.Errorf("params is %d bytes, want 120", s)
	}
	if s := unsafe.Sizeof(getEventsArg{}); s != sizeofGetEventsArg {
		t.Errorf("getEventsArg is %d bytes, want %d", s, sizeofGetEventsArg)
	}
}

// A send and a recv queued together go out in one Enter; the recv
// completes with the bytes, into the buffer given.
func TestSendRecvOneEnter(t *testing.T) {
	r := newRing(t, 8)
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fds[0])
	defer unix.Close(fds[1])
	msg := []byte("hello ring")
	in := make([]byte, 64)
	r.Get().PrepRecv(fds[1], in, 0, 2)
	r.Get().PrepSend(fds[0], msg, unix.MSG_NOSIGNAL, 1)
	if q := r.Queued(); q != 2 {
		t.Fatalf("Queued = %d, want 2", q)
	}
	if n, e := r.Enter(false, 0, -1, 0); n != 2 || e != 0 {
		t.Fatalf("Enter submitted %d (%v), want 2", n, e)
	}
	res := map[uint64]int32{}
	for _, c := range waitFor(t, r, 2) {
		res[c.UserData] = c.Res
	}
	if res[1] != int32(len(msg)) || res[2] != int32(len(msg)) || string(in[:len(msg)]) != string(msg) {
		t.Errorf("send %d, recv %d %q; want %d and %q", res[1], res[2], in[:max(res[2], 0)], len(msg), msg)
	}
}

// A recv that nothing will answer is cancelled by its user data.
func TestCancel(t *testing.T) {
	r := newRing(t, 8)
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fds[0])
	defer unix.Close(fds[1])
	in := make([]byte, 8)
	r.Get().PrepRecv(fds[1], in, 0, 7)
	r.Enter(false, 0, -1, 0)
	r.Get().PrepCancel(7, 8)
	res := map[uint64]int32{}
	for _, c := range waitFor(t, r, 2) {
		res[c.UserData] = c.Res
	}
	if res[7] != -int32(unix.ECANCELED) || res[8] != 0 {
		t.Errorf("recv %d, cancel %d; want -ECANCELED and 0", res[7], res[8])
	}
}

// Enter with a timeout returns when nothing completes.
func TestEnterTimeout(t *testing.T) {
	r := newRing(t, 4)
	start := time.Now()
	_, e := r.Enter(true, 1, 5*time.Millisecond, 0)
	if e != unix.ETIME && e != unix.EINTR {
		t.Errorf("Enter with nothing in flight: %v, want ETIME", e)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Enter with a 5ms timeout returned after %v", d)
	}
}

// Connect to a listener on 127.0.0.1, then to a closed port: 0 and
// -ECONNREFUSED; an eventfd read completes when it is written.
func TestConnectAndEventfd(t *testing.T) {
	r := newRing(t, 8)
	ln, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(ln)
	if err := unix.Bind(ln, &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	unix.Listen(ln, 4)
	sa, _ := unix.Getsockname(ln)
	port := sa.(*unix.SockaddrInet4).Port
	raw := &unix.RawSockaddrInet4{Family: unix.AF_INET, Addr: [4]byte{127, 0, 0, 1}}
	raw.Port = uint16(port>>8) | uint16(port&0xff)<<8
	fd, _ := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	defer unix.Close(fd)
	r.Get().PrepConnect(fd, unsafe.Pointer(raw), unix.SizeofSockaddrInet4, 1)
	efd, _ := unix.Eventfd(0, unix.EFD_CLOEXEC)
	defer unix.Close(efd)
	eb := make([]byte, 8)
	r.Get().PrepRead(efd, eb, 2)
	if c := waitFor(t, r, 1); c[0].UserData != 1 || c[0].Res != 0 {
		t.Errorf("connect: %+v, want user data 1, res 0", c[0])
	}
	unix.Write(efd, []byte{1, 0, 0, 0, 0, 0, 0, 0})
	if c := waitFor(t, r, 1); c[0].UserData != 2 || c[0].Res != 8 {
		t.Errorf("eventfd read: %+v, want user data 2, res 8", c[0])
	}
	unix.Close(ln)
	fd2, _ := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	defer unix.Close(fd2)
	r.Get().PrepConnect(fd2, unsafe.Pointer(raw), unix.SizeofSockaddrInet4, 3)
	if c := waitFor(t, r, 1); c[0].Res != -int32(unix.ECONNREFUSED) {
		t.Errorf("connect to a closed port: %d, want -ECONNREFUSED", c[0].Res)
	}
}

// The ring refuses more SQEs than it has slots until Enter takes them.
func TestFull(t *testing.T) {
	r := newRing(t, 4)
	for i := 0; i < r.Entries(); i++ {
		r.Get().Opcode = OpNop
	}
	if r.Get() != nil {
		t.Fatal("Get on a full ring returned an entry")
	}
	r.Enter(false, 0, -1, 0)
	waitFor(t, r, r.Entries())
	if r.Get() == nil {
		t.Fatal("Get after Enter returned nil")
	}
}

func TestFlagsLogged(t *testing.T) {
	r := newRing(t, 4)
	t.Logf("setup flags in effect: %#x", r.Flags())
}

// A send through a slot of the file table reaches the peer, and a socket
// whose slot is emptied and whose descriptor is closed is closed: the
// peer reads end of file (the table's reference does not outlive the
// slot).
func TestFixedFile(t *testing.T) {
	r := newRing(t, 8)
	if err := r.RegisterFiles(4); err != nil {
		t.Skipf("no file table here: %v", err)
	}
	sp, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(sp[1])
	if err := r.SetFile(2, sp[0]); err != nil {
		t.Fatal(err)
	}
	msg := []byte("hello")
	e := r.Get()
	e.PrepSend(-1, msg, 0, 7)
	e.Fixed(2)
	if got := waitFor(t, r, 1); got[0].Res != int32(len(msg)) || got[0].UserData != 7 {
		t.Fatalf("send: %+v, want %d bytes", got[0], len(msg))
	}
	buf := make([]byte, 16)
	if n, err := unix.Read(sp[1], buf); err != nil || string(buf[:n]) != "hello" {
		t.Fatalf("peer read %q, %v", buf[:max(n, 0)], err)
	}
	if err := r.SetFile(2, -1); err != nil {
		t.Fatal(err)
	}
	unix.Close(sp[0])
	unix.SetsockoptTimeval(sp[1], unix.SOL_SOCKET, unix.SO_RCVTIMEO, &unix.Timeval{Sec: 2})
	if n, err := unix.Read(sp[1], buf); n != 0 || err != nil {
		t.Fatalf("peer read %d bytes, %v after the close; want end of file", n, err)
	}
}
