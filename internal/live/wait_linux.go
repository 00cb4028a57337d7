package live

import (
	"os"

	"golang.org/x/sys/unix"
)

// parker is a blocking eventfd on which one thread sleeps in the kernel
// (park) until another wakes it (unpark). An unpark before the park is not
// lost: the counter keeps it.
type parker struct{ fd int }

func newParker() (*parker, error) {
	fd, err := unix.Eventfd(0, unix.EFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("eventfd", err)
	}
	return &parker{fd: fd}, nil
}

func (p *parker) park() {
	var b [8]byte
	for {
		if _, err := unix.Read(p.fd, b[:]); err != unix.EINTR {
			return
		}
	}
}

func (p *parker) unpark() {
	one := [8]byte{1}
	for {
		if _, err := unix.Write(p.fd, one[:]); err != unix.EINTR {
			return
		}
	}
}

func (p *parker) close() { _ = unix.Close(p.fd) }
