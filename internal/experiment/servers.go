//go:build linux

package experiment

import (
	"time"

	"github.com/waitlab/waitlab/internal/launch"
)

// The experiments' servers are configurations (launch.Config), never
// flag strings: launch spells the one command line.

// tomcatPool is Tomcat's thread pool of n on the runner's JDK, with the
// connector limits every JVM recipe states (acceptCount, maxConnections).
func (r *Bench) tomcatPool(n int) launch.Config {
	return launch.Config{Engine: launch.Tomcat, Java: r.jdk.Home, Model: "pool", Threads: n,
		AcceptCount: logAcceptCount, MaxConnections: logMaxConnections}
}

// nettyLoops is our Netty server with n worker loops on the runner's JDK.
func (r *Bench) nettyLoops(n int) launch.Config {
	return launch.Config{Engine: launch.Netty, Java: r.jdk.Home, Model: "loop", Threads: n}
}

// logKnobs are a logging condition's request log: its mode (off, sync,
// async) and file, and the Go target's finer settings.
type logKnobs struct {
	mode, file       string
	inLock           bool          // one line written while the validation lock is held
	lockCPU          time.Duration // the Go target: CPU to format that line, under the lock
	level, lineLevel string        // the Go target: the logger's level and each line's
	block            bool          // async: a full queue blocks the request
}

// on is c with the log settings k.
func (k logKnobs) on(c launch.Config) launch.Config {
	c.Log, c.LogFile, c.LogInLock, c.LockLogCPU = k.mode, k.file, k.inLock, launch.Duration(k.lockCPU)
	c.LogLevel, c.LogLineLevel, c.LogBlock = k.level, k.lineLevel, k.block
	return c
}
