package downstream

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// A configuration survives its command line (Args, read back by Bind)
// and its JSON (DecodeConfig); every field is set, so a field added
// without its flag fails here.
func TestConfigRoundTrip(t *testing.T) {
	c := Config{Listen: "127.0.0.1:0", Delay: "exp:2ms", DelayStep: "50ms@10s", Proxy: "127.0.0.1:6379", Seed: -3,
		MaxStore: 1 << 20, MaxClients: 9, MaxQueued: 4096}
	v := reflect.ValueOf(c)
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			t.Errorf("the test leaves %s zero", v.Type().Field(i).Name)
		}
	}
	var got Config
	fs := flag.NewFlagSet("downstream", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	got.Bind(fs)
	if err := fs.Parse(c.Args()); err != nil || fs.NArg() != 0 {
		t.Fatalf("Bind refuses Args() = %q: %v", c.Args(), err)
	}
	if got != c {
		t.Errorf("Bind(Args()) = %+v, want %+v", got, c)
	}
	b, _ := json.Marshal(c)
	if got, err := DecodeConfig(strings.NewReader(string(b)), "x"); err != nil || got != c {
		t.Errorf("DecodeConfig(%s) = %+v, %v", b, got, err)
	}
	if a := (Config{}).Args(); len(a) != 0 {
		t.Errorf("the zero configuration's Args = %q, want none (the server's defaults)", a)
	}
	d, st, err := c.Parsed()
	if err != nil || d.String() != "exp:2ms" || st == nil || st.String() != "50ms@10s" {
		t.Errorf("Parsed = %v, %v, %v", d, st, err)
	}
}

// Bad text and bad limits are field errors naming the flag.
func TestConfigRefusals(t *testing.T) {
	for _, c := range []struct {
		cfg   Config
		field string
	}{
		{Config{Delay: "soon"}, "delay"},
		{Config{DelayStep: "50ms"}, "delay-step"},
		{Config{MaxClients: -1}.WithDefaults(), "max-clients"},
	} {
		_, _, err := c.cfg.Parsed()
		if err == nil {
			err = c.cfg.Check()
		}
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%+v: %v, want a field error naming %s", c.cfg, err, c.field)
		}
	}
	if _, err := DecodeConfig(strings.NewReader(`{"dealy":"1ms"}`), "x"); err == nil {
		t.Error("an unknown field was accepted")
	}
}

// Whatever a --config file holds: no panic, and what is read survives
// the command line the starter writes for it.
func FuzzDecodeConfig(f *testing.F) {
	f.Add(`{"delay":"1ms","delay_step":"5ms@1s"}`)
	f.Add(`{"listen":"127.0.0.1:0","max_clients":-4,"seed":7}`)
	f.Add(`{"proxy":"x","delay":"exp:-1s"}`)
	f.Fuzz(func(t *testing.T, s string) {
		c, err := DecodeConfig(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		_, _, _ = c.Parsed()
		_ = c.WithDefaults().Check()
		var got Config
		fs := flag.NewFlagSet("downstream", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		got.Bind(fs)
		if err := fs.Parse(c.Args()); err != nil {
			t.Fatalf("Bind refuses Args() = %q: %v", c.Args(), err)
		}
		if got != c {
			t.Fatalf("Bind(Args()) = %+v, want %+v", got, c)
		}
	})
}
