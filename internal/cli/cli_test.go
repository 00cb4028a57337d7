package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// run calls Main as the binary would and returns exit code and streams.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestMainUsage(t *testing.T) {
	if code, out, _ := run(t); code != 2 || !strings.Contains(out, "presets") {
		t.Errorf("Main() = %d, %q; want 2 and the command list", code, out)
	}
	if code, _, _ := run(t, "help"); code != 0 {
		t.Errorf("Main(help) = %d; want 0", code)
	}
	if code, _, errs := run(t, "frobnicate"); code != 2 || !strings.Contains(errs, "frobnicate") {
		t.Errorf("Main(frobnicate) = %d, %q; want 2 naming the command", code, errs)
	}
	if code, out, _ := run(t, "version"); code != 0 || !strings.HasPrefix(out, "waitlab ") {
		t.Errorf("Main(version) = %d, %q", code, out)
	}
}

func TestPresetsCommand(t *testing.T) {
	code, out, _ := run(t, "presets", "--lang", "ko")
	if code != 0 || !strings.Contains(out, "lab-loop-blocking") || !strings.Contains(out, "스레드") {
		t.Errorf("presets --lang ko = %d, %q", code, out)
	}
	// The fan-out lab's entries are presets too (model.Variants), and
	// --preset takes their names.
	for _, v := range []string{"fanout-seq", "fanout", "fanout-pool", "fanout-pipelined"} {
		if !strings.Contains(out, v+" ") {
			t.Errorf("presets: %s not listed in %q", v, out)
		}
	}
	if code, out, errs := run(t, "sim", "--preset", "fanout-pool", "--lang", "en"); code != 0 || !strings.Contains(out, "The fan-out pool") {
		t.Errorf("sim --preset fanout-pool = %d, %q, %q; want the fan-out pool named as the limit", code, out, errs)
	}
	if code, _, errs := run(t, "presets", "--lang", "fr"); code != 2 || !strings.Contains(errs, "--lang") {
		t.Errorf("presets --lang fr = %d, %q; want 2 naming --lang", code, errs)
	}
	if code, _, _ := run(t, "presets", "--nope"); code != 2 {
		t.Errorf("presets --nope = %d; want 2", code)
	}
}

// An error is printed in the language of --lang, wherever it was given.
func TestErrorsFollowLangFlag(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--threads", "0", "--lang", "ko"},
		{"sim", "--lang=ko", "--threads", "0"},
		{"sim", "-lang", "ko", "--threads", "0"},
	} {
		code, _, errs := run(t, args...)
		if code != 2 || !strings.Contains(errs, "스레드") {
			t.Errorf("Main(%v) = %d, %q; want 2 and a Korean message", args, code, errs)
		}
	}
}
