package watch

import (
	"encoding/binary"
	"net"
	"os"
	"syscall"
	"testing"
)

// inodeOf returns the socket inode of a listener of this process.
func inodeOf(t *testing.T, ln net.Listener) uint32 {
	t.Helper()
	f, err := ln.(*net.TCPListener).File()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return uint32(fi.Sys().(*syscall.Stat_t).Ino)
}

// sock_diag answers with the listener on the port asked for (IPv4 and
// IPv6), and with none for a port nobody listens on.
func TestListeningInodesDiag(t *testing.T) {
	for _, network := range []string{"tcp4", "tcp6"} {
		addr := map[string]string{"tcp4": "127.0.0.1:0", "tcp6": "[::1]:0"}[network]
		ln, err := net.Listen(network, addr)
		if err != nil {
			t.Logf("%s: %v (skipped)", network, err)
			continue
		}
		port := ln.Addr().(*net.TCPAddr).Port
		got, err := listeningInodesDiag(port)
		if err != nil {
			ln.Close()
			t.Skipf("sock_diag refused here: %v", err)
		}
		if want := inodeOf(t, ln); len(got) != 1 || !got[want] {
			t.Errorf("%s port %d: inodes %v; want just %d", network, port, got, want)
		}
		ln.Close()
		if got, err := listeningInodesDiag(port); err != nil || len(got) != 0 {
			t.Errorf("%s port %d after close: %v, %v; want none", network, port, got, err)
		}
	}
	if pid := ListenerPID(1); pid != 0 && pid == os.Getpid() {
		t.Errorf("ListenerPID(1) = this process; it listens on no such port")
	}
}

// diagMsg builds one netlink message of type typ carrying data.
func diagMsg(typ uint16, data []byte) []byte {
	b := make([]byte, syscall.NLMSG_HDRLEN+len(data))
	binary.NativeEndian.PutUint32(b[0:], uint32(len(b)))
	binary.NativeEndian.PutUint16(b[4:], typ)
	copy(b[syscall.NLMSG_HDRLEN:], data)
	return b
}

func TestParseDiagReply(t *testing.T) {
	msg := make([]byte, diagMsgLen)
	binary.NativeEndian.PutUint32(msg[diagInodeAt:], 4242)
	inodes := map[uint32]bool{}
	b := append(diagMsg(20, msg), diagMsg(syscall.NLMSG_DONE, make([]byte, 4))...)
	if done, err := parseDiagReply(b, inodes); !done || err != nil || !inodes[4242] || len(inodes) != 1 {
		t.Errorf("a message and DONE: done %v, err %v, inodes %v; want done with 4242", done, err, inodes)
	}
	errno := make([]byte, 20)
	e := -int32(syscall.EPERM)
	binary.NativeEndian.PutUint32(errno, uint32(e))
	if _, err := parseDiagReply(diagMsg(syscall.NLMSG_ERROR, errno), inodes); err == nil {
		t.Error("NLMSG_ERROR EPERM: no error")
	}
	if _, err := parseDiagReply(diagMsg(20, msg[:10]), inodes); err == nil {
		t.Error("a short inet_diag_msg: no error")
	}
	if n := len(diagRequest(syscall.AF_INET, 80)); n != syscall.NLMSG_HDRLEN+56 {
		t.Errorf("request of %d bytes; want the header and inet_diag_req_v2's 56", n)
	}
}

// The reply parser never panics, whatever the bytes.
func FuzzParseDiagReply(f *testing.F) {
	msg := make([]byte, diagMsgLen)
	f.Add(append(diagMsg(20, msg), diagMsg(syscall.NLMSG_DONE, make([]byte, 4))...))
	f.Add(diagMsg(syscall.NLMSG_ERROR, make([]byte, 3)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		parseDiagReply(b, map[uint32]bool{})
	})
}
