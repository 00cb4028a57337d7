package supervise

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"syscall"
)

// controlEnv marks a child started with Spec.Control, so the child does
// not mistake some inherited fd 3 for its cancel pipe.
const controlEnv = "WAITLAB_SUPERVISED"

// The child's ends of the control channel (exec.Cmd.ExtraFiles).
const (
	cancelFD  = 3
	messageFD = 4
)

// Control is the child's half of the control channel. A nil *Control (a
// process not started with Spec.Control: run by hand, or by a script)
// is valid: Context returns its ctx, Ready and Report do nothing.
type Control struct {
	cancel *os.File
	mu     sync.Mutex
	msgs   *os.File
}

var (
	controlOnce sync.Once
	control     *Control
)

// Controlled returns this process's control channel, or nil when it was
// not started with one. The marker is removed from the environment, so
// children of this process do not inherit it.
func Controlled() *Control {
	controlOnce.Do(func() {
		if os.Getenv(controlEnv) == "" {
			return
		}
		os.Unsetenv(controlEnv)
		if !isPipe(cancelFD) || !isPipe(messageFD) {
			return
		}
		// Not to be inherited by what this child starts in turn.
		syscall.CloseOnExec(cancelFD)
		syscall.CloseOnExec(messageFD)
		control = &Control{cancel: os.NewFile(cancelFD, "cancel-pipe"), msgs: os.NewFile(messageFD, "message-pipe")}
	})
	return control
}

func isPipe(fd int) bool {
	var st syscall.Stat_t
	return syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFIFO
}

// Context returns a context that is cancelled when the parent closes the
// cancel pipe (Child.Cancel, Child.Stop) or dies.
func (c *Control) Context(ctx context.Context) context.Context {
	if c == nil {
		return ctx
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		defer cancel()
		var b [1]byte
		_, _ = c.cancel.Read(b[:]) // returns at EOF: the parent closed its end
	}()
	return ctx
}

// Ready tells the parent the child serves at addr.
func (c *Control) Ready(addr string) error { return c.send(Message{Kind: KindReady, Addr: addr}) }

// Report sends v (as JSON) as the child's report: what only it can
// measure (a target's stalls and counters). The parent keeps the last.
func (c *Control) Report(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.send(Message{Kind: KindReport, Body: b})
}

func (c *Control) send(m Message) error {
	if c == nil {
		return nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.msgs.Write(append(b, '\n'))
	return err
}
