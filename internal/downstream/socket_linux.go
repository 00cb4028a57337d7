package downstream

import "golang.org/x/sys/unix"

// nbSocket opens a non-blocking, close-on-exec TCP socket in one call.
func nbSocket(domain int) (int, error) {
	return unix.Socket(domain, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
}
