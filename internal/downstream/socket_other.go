//go:build !linux

package downstream

import "golang.org/x/sys/unix"

// nbSocket opens a non-blocking, close-on-exec TCP socket (two more calls
// where Linux takes the flags in socket(2)).
func nbSocket(domain int) (int, error) {
	fd, err := unix.Socket(domain, unix.SOCK_STREAM, 0)
	if err != nil {
		return -1, err
	}
	unix.CloseOnExec(fd)
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return -1, err
	}
	return fd, nil
}
