package downstream

import (
	"encoding/json"
	"flag"
	"io"
	"os"
	"strconv"

	"github.com/waitlab/waitlab/internal/model"
)

// Config is one downstream to start, as data: what `waitlab downstream
// --config FILE` reads, what its flags fill (Bind: one parser for both),
// and what a parent builds to start one (launch.StartDownstream). The
// zero value of a field is the server's default; field names are the
// flags' names.
type Config struct {
	Listen string `json:"listen,omitempty"` // host:port (loopback unless --allow-remote)
	// Delay is each answer's delay (with Proxy, added to each request):
	// model.Dist text, "50ms", "exp:50ms".
	Delay string `json:"delay,omitempty"`
	// DelayStep is DELAY@AFTER (ParseDelayStep): the delay from AFTER
	// after the start on.
	DelayStep  string `json:"delay_step,omitempty"`
	Proxy      string `json:"proxy,omitempty"` // forward to this RESP server instead of answering
	Seed       int64  `json:"seed,omitempty"`
	MaxStore   int64  `json:"max_store,omitempty"`
	MaxClients int    `json:"max_clients,omitempty"`
	MaxQueued  int    `json:"max_queued,omitempty"`
}

// Bind registers the configuration's fields as flags on fs; values
// already in c are the flags' defaults.
func (c *Config) Bind(fs *flag.FlagSet) {
	fs.StringVar(&c.Listen, "listen", c.Listen, "address to listen on (loopback unless --allow-remote)")
	fs.StringVar(&c.Delay, "delay", c.Delay, "delay before each answer (or, with --proxy, added to each request): 50ms or exp:50ms")
	fs.StringVar(&c.DelayStep, "delay-step", c.DelayStep, "DELAY@AFTER: from AFTER after the start, every delay becomes DELAY (e.g. 50ms@10s: the downstream gets slower mid-run)")
	fs.StringVar(&c.Proxy, "proxy", c.Proxy, "forward to this RESP server (host:port, e.g. a real Redis at 127.0.0.1:6379; loopback unless --allow-remote, never this proxy's own address) instead of answering")
	fs.Int64Var(&c.Seed, "seed", c.Seed, "random seed for exponential delays")
	fs.Int64Var(&c.MaxStore, "max-store", c.MaxStore, "bytes SET may keep (keys and values); past it SET answers -OOM")
	fs.IntVar(&c.MaxClients, "max-clients", c.MaxClients, "connections served at once; more get -ERR and are closed")
	fs.IntVar(&c.MaxQueued, "max-queued", c.MaxQueued, "reply bytes queued for one client; past it the client is not read until it reads (the proxy queues at most 256 KiB per client)")
}

// WithDefaults is c with every unset field at the server's default.
func (c Config) WithDefaults() Config {
	if c.Listen == "" {
		c.Listen = "127.0.0.1:6380"
	}
	if c.Delay == "" {
		c.Delay = "0"
	}
	if c.MaxStore == 0 {
		c.MaxStore = DefaultMaxStore
	}
	if c.MaxClients == 0 {
		c.MaxClients = DefaultMaxClients
	}
	if c.MaxQueued == 0 {
		c.MaxQueued = DefaultMaxQueued
	}
	return c
}

// Args is the downstream's argv after "downstream": each set field as
// the flag Bind reads it by, so Bind reads Args back to c.
func (c Config) Args() []string {
	var a []string
	for _, kv := range [][2]string{{"listen", c.Listen}, {"delay", c.Delay}, {"delay-step", c.DelayStep}, {"proxy", c.Proxy}} {
		if kv[1] != "" {
			a = append(a, "--"+kv[0], kv[1])
		}
	}
	for _, kv := range []struct {
		name string
		v    int64
	}{{"seed", c.Seed}, {"max-store", c.MaxStore}, {"max-clients", int64(c.MaxClients)}, {"max-queued", int64(c.MaxQueued)}} {
		if kv.v != 0 {
			a = append(a, "--"+kv.name, strconv.FormatInt(kv.v, 10))
		}
	}
	return a
}

// LoadConfig reads a configuration file (JSON; unknown fields are
// refused).
func LoadConfig(path string) (Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return Config{}, model.NewFieldError("config", "downstream.err.config", path, err)
	}
	defer f.Close()
	return DecodeConfig(f, path)
}

// DecodeConfig reads a configuration from r (named name in errors).
func DecodeConfig(r io.Reader, name string) (Config, error) {
	var c Config
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, model.NewFieldError("config", "downstream.err.config", name, err)
	}
	return c, nil
}

// Parsed is a configuration's text read: the delay, the step (nil for
// none). Errors are *model.FieldError naming the flag.
func (c Config) Parsed() (model.Dist, *DelayStep, error) {
	delay := c.Delay
	if delay == "" {
		delay = "0"
	}
	d, err := model.ParseDist(delay)
	if err != nil {
		return model.Dist{}, nil, model.NewFieldError("delay", "downstream.err.delay", delay, err)
	}
	if c.DelayStep == "" {
		return d, nil, nil
	}
	st, err := ParseDelayStep(c.DelayStep)
	if err != nil {
		return model.Dist{}, nil, err
	}
	return d, &st, nil
}

// Check refuses a limit below 1 (after WithDefaults), naming its flag.
func (c Config) Check() error {
	for _, v := range []struct {
		flag string
		n    int64
	}{{"max-store", c.MaxStore}, {"max-clients", int64(c.MaxClients)}, {"max-queued", int64(c.MaxQueued)}} {
		if v.n < 1 {
			return model.NewFieldError(v.flag, "downstream.err.positive", v.flag, v.n)
		}
	}
	return nil
}
