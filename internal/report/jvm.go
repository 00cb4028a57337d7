package report

import (
	"strings"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// JVMNotes are the lines a run on the JVM adds under its figures, in lang:
// the JDK and its flags, where the classes came from, the cold first pass,
// the carriers and the pinning verdict (model.JVMFacts.PinVerdict, chosen
// by the JFR count), the threads and CPU. The CLI prints them; the web
// lab's answer carries them. None for a result not run on the JVM.
func JVMNotes(lang msg.Lang, res *model.Result) []string {
	f := res.JVM
	if f == nil {
		return nil
	}
	T := func(k string, a ...any) string { return msg.T(lang, k, a...) }
	flags := strings.Join(f.Flags, " ")
	if flags == "" {
		flags = T("jvm.flags.none")
	}
	out := []string{T("jvm.facts", f.Vendor, f.Version, f.Home, flags, f.AvailableProcessors, strings.Join(f.GC, ", "))}
	if f.Compiled {
		out = append(out, T("jvm.classes.compiled", f.Classes))
	} else {
		out = append(out, T("jvm.classes.reused", f.Classes))
	}
	if c := f.Cold; c != nil {
		out = append(out, T("jvm.cold", c.MakespanMS, c.P50MS, c.P99MS))
	}
	if res.Scenario.Model == model.Virtual {
		out = append(out, T("jvm.carriers", f.Carriers, f.CarriersSeen))
	}
	switch f.PinVerdict {
	case model.PinVerdictPinned:
		out = append(out, T("jvm.pinned", *f.Pinned, CountList(f.PinnedReasons, "%q %d"), T("jvm.pin."+f.Pin)))
	case model.PinVerdictJEP491:
		out = append(out, T("jvm.unpinned.jep491"))
	case model.PinVerdictNone:
		out = append(out, T("jvm.unpinned"))
	}
	clock := f.CPUClock
	if clock == "" {
		clock = "thread"
	}
	out = append(out, T("jvm.threads.note", res.OSThreadsPeak, res.CPUMS, T("jvm.clock."+clock)))
	return out
}
