// Package jvmexec runs a scenario for real on the JVM: the real executors
// of internal/live written again in our own plain Java (java/, embedded,
// JDK only), compiled once per JDK by internal/jdk and started as a child
// through supervise. The Go side hands the JVM the scenario's request plan
// as data (model.Planner's draws: every request's class, arrival, CPU
// time, loop and waits), so the JVM draws no random numbers and runs the
// same requests as the model and the Go executors; the child returns every
// request's record and, with a trace, every lane's spans, which become a
// model.Result (Mode "jvm", through live.Tally, the Go runs' conversion)
// with the JVM's facts (model.JVMFacts).
//
// The models, the JVM way: pool is a fixed pool of platform threads on a
// FIFO queue; loop is N java.nio Selector threads, a registered wait a
// timer on the loop that owns the request and a blocking wait Thread.sleep
// on the loop thread; offload adds K platform threads whose calls continue
// on the request's loop; virtual is one virtual thread per request on M
// carriers (parallelism and maxPoolSize M), its blocking class's waits
// pinned inside synchronized (JDK 21 to 23) or in a native frame (JDK 24
// and later, where synchronized no longer pins: JEP 491).
//
// The child runs the plan twice in one JVM: a cold pass (class loading,
// the JIT, the first calls), reported apart in JVMFacts.Cold, then the
// measured pass. Each pass is timed from its own start signal, taken once
// its threads exist, so neither the JVM's start-up nor compilation is in a
// makespan.
package jvmexec

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/model"
)

// Pin mechanisms (Options.Pin).
const (
	PinSynchronized = "synchronized"
	PinNative       = "native"
)

// FFM is the first JDK whose foreign function API is final (the native pin).
const FFM = 22

// SyncUnpinned is the first JDK on which a virtual thread waiting inside
// synchronized unmounts (JEP 491).
const SyncUnpinned = 24

// Options tune a run on the JVM.
type Options struct {
	// Java is --java: a JDK home or java binary ("" to look for one).
	Java string `json:"java,omitempty"`
	// Pin is how a blocking class's waits pin a virtual thread's carrier:
	// PinSynchronized, PinNative, or "" for the JDK's own way
	// (synchronized before JDK 24, native from 24).
	Pin string `json:"pin,omitempty"`
}

//go:embed java
var javaFS embed.FS

func sub(dir string) fs.FS {
	f, err := fs.Sub(javaFS, "java/"+dir)
	if err != nil {
		panic(err)
	}
	return f
}

// Find returns the JDK a run of s uses: opt.Java when given, else the one
// jdk.Find chooses (at least JDK 21 for virtual threads). A JDK that
// cannot run s (virtual threads before 21) is refused with the reason.
func Find(s model.Scenario, opt Options) (*jdk.JDK, error) {
	least := 0
	if s.Model == model.Virtual {
		least = jdk.VirtualThreads
	}
	if opt.Java != "" {
		least = 0 // an explicit JDK is refused below with the reason, not as "too old"
	}
	j, err := jdk.Find(opt.Java, least)
	if err != nil {
		if s.Model == model.Virtual && opt.Java == "" {
			if _, any := jdk.Find("", 0); any == nil {
				return nil, model.NewFieldError("--model", "jvm.err.virtual.none", jdk.VirtualThreads)
			}
		}
		return nil, err
	}
	if s.Model == model.Virtual && j.Major < jdk.VirtualThreads {
		return nil, model.NewFieldError("--model", "jvm.err.virtual", j.String(), j.Major, jdk.VirtualThreads)
	}
	return j, nil
}

// PinOf is the pin mechanism a run of s on j uses ("" when nothing pins:
// not virtual threads, or no blocking class).
func PinOf(s model.Scenario, j *jdk.JDK, opt Options) string {
	blocks := false
	for _, c := range s.Classes {
		blocks = blocks || (c.Blocking && c.CallCount() > 0 && c.Fraction > 0)
	}
	if s.Model != model.Virtual || !blocks {
		return ""
	}
	if opt.Pin != "" {
		return opt.Pin
	}
	if j.Major >= SyncUnpinned {
		return PinNative
	}
	return PinSynchronized
}

// Check refuses, before anything starts, a scenario the JVM cannot run as
// the Go executors would (each error a *model.FieldError naming the knob),
// and a JDK that cannot run it.
func Check(s model.Scenario, opt Options) error {
	if err := CheckScenario(s, opt); err != nil {
		return err
	}
	j, err := Find(s, opt)
	if err != nil {
		return err
	}
	if PinOf(s, j, opt) == PinNative && j.Major < FFM {
		return model.NewFieldError("--jvm-pin", "jvm.err.pin.ffm", j.String(), FFM)
	}
	return nil
}

// CheckScenario is Check without looking for a JDK: the knobs.
func CheckScenario(s model.Scenario, opt Options) error {
	if err := s.Validate(); err != nil {
		return err
	}
	if n := ClosedThinks(s, s.Requests); n > MaxThinks {
		return model.NewFieldError("--think", "jvm.err.thinks", s.Arrival.VUs, s.Requests, n, MaxThinks)
	}
	switch opt.Pin {
	case "", PinSynchronized, PinNative:
	default:
		return model.NewFieldError("--jvm-pin", "jvm.err.pin", opt.Pin)
	}
	if opt.Pin != "" && s.Model != model.Virtual {
		return model.NewFieldError("--jvm-pin", "jvm.err.pin.model", string(s.Model))
	}
	if s.Requests > MaxRequests {
		return model.NewFieldError("--requests", "jvm.err.requests", s.Requests, MaxRequests)
	}
	return nil // a real run's own refusals are runner.Check's (runner.JVM checks both)
}

// MaxThinks bounds the think times a closed-model plan hands the JVM
// (8 bytes of text and 8 of memory each): an exponential think time is
// drawn per user and request in Go, and the child gets them as data.
const MaxThinks = 4_000_000

// MaxRequests bounds a run on the JVM: the child holds every request's
// plan and record (about 100 bytes each) and writes them back as text.
const MaxRequests = 1_000_000

// Compile compiles the Java sources j can build (the base; virtual
// threads from JDK 21; the native pin from JDK 22) with waitlab's control
// channel, once per JDK and source hash, and returns the classes'
// directory and whether this call compiled them (false: reused).
func Compile(ctx context.Context, j *jdk.JDK) (string, bool, error) {
	srcs := []fs.FS{jdk.Control, sub("base")}
	if j.Major >= jdk.VirtualThreads {
		srcs = append(srcs, sub("vt"))
	}
	if j.Major >= FFM {
		srcs = append(srcs, sub("ffm"))
	}
	before := time.Now()
	dir, err := j.Compile(ctx, "jvmexec", nil, srcs...)
	if err != nil {
		return "", false, err
	}
	st, err := os.Stat(dir)
	if err != nil {
		return "", false, fmt.Errorf("jvmexec: %w", err)
	}
	return dir, st.ModTime().After(before), nil
}

// Flags are the JVM's flags for a run of s on j.
func Flags(s model.Scenario, j *jdk.JDK) []string {
	f := []string{"-XX:-UsePerfData", "-Xlog:all=warning:stderr", "-Xss512k"}
	if s.Model == model.Virtual {
		f = append(f,
			fmt.Sprintf("-Djdk.virtualThreadScheduler.parallelism=%d", s.Threads),
			fmt.Sprintf("-Djdk.virtualThreadScheduler.maxPoolSize=%d", s.Threads),
			"--add-opens=java.base/java.lang=ALL-UNNAMED")
	}
	if j.Major >= FFM { // the native pin, and the CPU clocks read through FFM
		f = append(f, "--enable-native-access=ALL-UNNAMED")
	}
	return f
}
