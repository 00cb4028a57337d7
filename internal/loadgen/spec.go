package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	yamlv3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"

	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// Spec is a load as data: what `waitlab load`'s flags say, in a form a
// JSON or YAML file can hold (`waitlab load --config FILE`) and other code
// can build (experiments, probe). Its zero value is the flags' defaults
// (Timeout 0 means DefaultTimeout, Method "" GET, TargetMetrics "" auto,
// Seed 0 is 1). Exactly one of Rate, Arrival and VUs gives the load
// (Stages alone, or with Arrival "poisson").
//
// Config is the one function that turns a Spec into a Config, for flags
// and files alike. To run a load in a child process instead of in process,
// write the Spec as JSON and start `waitlab load --config FILE --out
// RESULT` (FILE "-" reads standard input), then read RESULT with
// ReadResult: no flag strings.
type Spec struct {
	URL         string   `json:"url,omitempty"`
	Targets     string   `json:"targets,omitempty"` // a targets file (see ParseTargets), instead of URL
	Method      string   `json:"method,omitempty"`
	Body        string   `json:"body,omitempty"` // @FILE reads a file
	Headers     []string `json:"headers,omitempty"`
	Rate        Number   `json:"rate,omitempty"`    // open model: R requests per second
	Arrival     string   `json:"arrival,omitempty"` // poisson:R or rate:R; with Stages, poisson
	Stages      string   `json:"stages,omitempty"`  // e.g. 30s:100,60s:1000
	VUs         int      `json:"vus,omitempty"`     // closed model
	Think       Duration `json:"think,omitempty"`
	Duration    Duration `json:"duration,omitempty"`
	Requests    int64    `json:"requests,omitempty"`
	Timeout     Duration `json:"timeout,omitempty"`
	Connections int      `json:"connections,omitempty"`
	Warmup      Duration `json:"warmup,omitempty"`
	Seed        int64    `json:"seed,omitempty"`
	TargetPID   int      `json:"target_pid,omitempty"`
	// TargetMetrics is a Prometheus page with the target's CPU: a URL,
	// "auto" (the target's /metrics; also "") or "off".
	TargetMetrics string `json:"target_metrics,omitempty"`
	Insecure      bool   `json:"insecure,omitempty"`
	Engine        string `json:"engine,omitempty"` // auto (""), epoll, uring or goroutines
	// RuntimePoll: see Config.RuntimePoll. GoroutinesEnv is
	// WAITLAB_LOAD_GOROUTINES: with Engine auto, the goroutine engine.
	RuntimePoll bool `json:"runtime_poll,omitempty"`
	// CPUFactor: see Config.CPUFactor (a configuration file's field
	// only, for the experiments' heavy generator).
	CPUFactor     float64 `json:"cpu_factor,omitempty"`
	GoroutinesEnv bool    `json:"-"`
}

// Number is a number as text (the --rate flag's spelling), which a file
// may write as a number or a string.
type Number string

// UnmarshalJSON reads 150 or "150".
func (n *Number) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*n = Number(s)
		return nil
	}
	var f json.Number
	if err := json.Unmarshal(b, &f); err != nil {
		return model.NewFieldError("", "loadspec.err.number", string(b))
	}
	*n = Number(f.String())
	return nil
}

// Duration is a time.Duration that JSON and YAML write as "8s" and read as
// a string ("8s", "1m30s") or a number of nanoseconds.
type Duration time.Duration

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON reads "8s" or nanoseconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return model.NewFieldError("", "loadspec.err.duration", strconv.Quote(s))
		}
		*d = Duration(v)
		return nil
	}
	var n float64
	if err := json.Unmarshal(b, &n); err != nil || math.IsNaN(n) || math.Abs(n) > math.MaxInt64 {
		return model.NewFieldError("", "loadspec.err.duration", string(b))
	}
	*d = Duration(n)
	return nil
}

// MaxSpecBytes bounds a load configuration file.
const MaxSpecBytes = 1 << 20

// ParseSpec reads a Spec from JSON or YAML. Unknown fields, a key given
// twice and a second document are refused, naming them, so a typo is not
// a silent default (the scenario files of `sim -f` are read as strictly).
// A refusal is a *model.FieldError without a field (the caller names the
// file) whose words are the catalog's (loadspec.err.*).
func ParseSpec(data []byte) (Spec, error) {
	var s Spec
	if len(data) > MaxSpecBytes {
		return s, model.NewFieldError("", "loadspec.err.big", len(data), MaxSpecBytes)
	}
	if err := strictYAML(data); err != nil {
		return s, err
	}
	j, err := yaml.YAMLToJSON(data) // JSON is YAML
	if err != nil {
		return s, model.NewFieldError("", "loadspec.err.syntax", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if t := bytes.TrimSpace(j); len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return s, model.NewFieldError("", "loadspec.err.empty")
	}
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, specDecodeError(err)
	}
	return s, nil
}

// specDecodeError says in the catalog's words why the JSON of a
// configuration did not fit Spec: an unknown key, a value of the wrong
// kind, or a value its own type refused (already a FieldError).
func specDecodeError(err error) error {
	var fe *model.FieldError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &fe):
		return fe
	case errors.As(err, &te):
		return model.NewFieldError("", "loadspec.err.type", te.Field, te.Value)
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if name, uerr := strconv.Unquote(f); uerr == nil {
			return model.NewFieldError("", "loadspec.err.unknown", name)
		}
	}
	return model.NewFieldError("", "loadspec.err.syntax", strings.TrimPrefix(err.Error(), "json: "))
}

// Config builds the Config of s: every check `waitlab load` makes of its
// flags, with the same messages in lang (each error is the user's: exit 2
// in the CLI). version is written into the result. Segment, StartAt,
// RunID and Progress are left for the caller; Config.Validate runs last
// (Run runs it).
func (s Spec) Config(lang msg.Lang, version string) (Config, error) {
	return s.ConfigContext(context.Background(), lang, version)
}

// ConfigContext is Config whose reads of a targets or body file that is a
// FIFO end with ctx (the error then wraps ctx.Err()).
func (s Spec) ConfigContext(ctx context.Context, lang msg.Lang, version string) (Config, error) {
	if err := s.checkSigns(lang); err != nil {
		return Config{}, err
	}
	timeout := time.Duration(s.Timeout)
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	seed := s.Seed
	if seed == 0 {
		seed = 1
	}
	cfg := Config{Think: time.Duration(s.Think), Duration: time.Duration(s.Duration), Requests: s.Requests, Timeout: timeout,
		Connections: s.Connections, Warmup: time.Duration(s.Warmup), Seed: seed, TargetPID: s.TargetPID, Insecure: s.Insecure,
		Version: version, Engine: s.Engine, RuntimePoll: s.RuntimePoll, CPUFactor: s.CPUFactor}
	// The environment switches of earlier versions map to the config.
	switch {
	case (s.Engine == "auto" || s.Engine == "") && s.GoroutinesEnv:
		cfg.Engine = loadresult.EngineGoroutines
	case s.Engine == "auto":
		cfg.Engine = ""
	}
	if err := s.arrival(lang, &cfg); err != nil {
		return Config{}, err
	}
	if err := s.targets(ctx, lang, &cfg); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// MetricsURL returns the target's metrics page for cfg (built by Config):
// "" for none.
func (s Spec) MetricsURL(cfg *Config) (string, error) {
	switch s.TargetMetrics {
	case "off":
		return "", nil
	case "auto", "":
		if s.TargetPID != 0 || len(cfg.Targets) == 0 {
			return "", nil
		}
		u, _, _ := ParseURL(cfg.Targets[0].URL)
		return u.Scheme + "://" + u.Host + "/metrics", nil
	}
	if _, _, err := ParseURL(s.TargetMetrics); err != nil {
		return "", fmt.Errorf("--target-metrics: %v", err)
	}
	return s.TargetMetrics, nil
}

func (s Spec) checkSigns(lang msg.Lang) error {
	for _, d := range []struct {
		name string
		v    Duration
	}{{"--think", s.Think}, {"--duration", s.Duration}, {"--timeout", s.Timeout}, {"--warmup", s.Warmup}} {
		if d.v < 0 {
			return errors.New(msg.T(lang, "load.flag.negative", d.name, time.Duration(d.v)))
		}
	}
	if s.CPUFactor < 0 || math.IsNaN(s.CPUFactor) || s.CPUFactor > 100 {
		return errors.New(msg.T(lang, "loadspec.cpu_factor", strconv.FormatFloat(s.CPUFactor, 'g', -1, 64)))
	}
	for _, n := range []struct {
		name string
		v    int64
	}{{"--vus", int64(s.VUs)}, {"--requests", s.Requests}, {"--connections", int64(s.Connections)}, {"--target-pid", int64(s.TargetPID)}} {
		if n.v < 0 {
			return errors.New(msg.T(lang, "load.flag.negative", n.name, strconv.FormatInt(n.v, 10)))
		}
	}
	return nil
}

// arrival sets the load: exactly one of Rate, Arrival, VUs (Stages alone
// or with Arrival poisson).
func (s Spec) arrival(lang msg.Lang, cfg *Config) error {
	set := 0
	for _, b := range []bool{s.Rate != "", s.Arrival != "", s.VUs > 0} {
		if b {
			set++
		}
	}
	switch {
	case set > 1 && !(s.Stages != "" && s.Arrival != "" && s.Rate == "" && s.VUs == 0):
		return errors.New(msg.T(lang, "load.flag.models"))
	case s.Stages != "":
		if s.Rate != "" || s.VUs > 0 {
			return errors.New(msg.T(lang, "load.flag.models"))
		}
		p, err := model.ParseStages(s.Stages)
		if err != nil {
			return fmt.Errorf("--stages: %v", err)
		}
		cfg.Stages = p
		cfg.Arrival = model.Arrival{Kind: model.Rate}
		switch strings.ToLower(strings.TrimSpace(s.Arrival)) {
		case "", "rate":
		case "poisson":
			cfg.Arrival.Kind = model.Poisson
		default:
			return fmt.Errorf("--arrival %q with --stages: write --arrival poisson (the rates come from the stages)", s.Arrival)
		}
	case s.Rate != "":
		r, err := strconv.ParseFloat(strings.TrimSpace(string(s.Rate)), 64)
		if err != nil || r <= 0 || math.IsNaN(r) || math.IsInf(r, 0) || r > 1e9 {
			return errors.New(msg.T(lang, "load.flag.rate", s.Rate))
		}
		cfg.Arrival = model.Arrival{Kind: model.Rate, Rate: r}
	case s.Arrival != "":
		a, err := model.ParseArrival(s.Arrival)
		if err != nil {
			return fmt.Errorf("--arrival: %v", err)
		}
		if a.Kind == model.Burst {
			return errors.New("--arrival burst cannot drive a load run: use rate:R, poisson:R or --vus N")
		}
		cfg.Arrival = a
	case s.VUs > 0:
		cfg.Arrival = model.Arrival{Kind: model.VUs, VUs: s.VUs}
	default:
		return errors.New(msg.T(lang, "load.flag.nomodel"))
	}
	if s.Think != 0 && cfg.Arrival.Kind != model.VUs {
		return errors.New(msg.T(lang, "loadspec.think.open"))
	}
	return nil
}

// targets sets the requests: a targets file, or the URL with its method,
// headers and body.
func (s Spec) targets(ctx context.Context, lang msg.Lang, cfg *Config) error {
	switch {
	case s.Targets != "" && s.URL == "":
		data, err := ReadFileContext(ctx, s.Targets, MaxTargetsFile)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return errors.New(msg.T(lang, "load.flag.targets", s.Targets, err))
		}
		ts, err := ParseTargets(data, filepath.Dir(s.Targets), func(p string) ([]byte, error) { return ReadFileContext(ctx, p, MaxBody) })
		if err != nil {
			return fmt.Errorf("--targets %s: %v", s.Targets, err)
		}
		cfg.Targets = ts
	case s.Targets == "" && s.URL != "":
		if _, _, err := ParseURL(s.URL); err != nil {
			return err
		}
		method := s.Method
		if method == "" {
			method = "GET"
		}
		t := Target{Method: strings.ToUpper(method), URL: s.URL}
		for _, h := range s.Headers {
			k, v, ok := strings.Cut(h, ":")
			if !ok || strings.TrimSpace(k) == "" {
				return fmt.Errorf("--header %q: write 'Name: value'", h)
			}
			t.Header = append(t.Header, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
		}
		if b, ok := strings.CutPrefix(s.Body, "@"); ok {
			data, err := ReadFileContext(ctx, b, MaxBody)
			if err != nil {
				return fmt.Errorf("--body @%s: %v", b, err)
			}
			t.Body = data
		} else if s.Body != "" {
			t.Body = []byte(s.Body)
		}
		cfg.Targets = []Target{t}
	default:
		return errors.New(msg.T(lang, "load.flag.url"))
	}
	return nil
}

// strictYAML refuses what the YAML-to-JSON step would pass over in
// silence: a mapping key given twice (it kept the last) and a second
// document (it read the first). The decoder is the one model.ParseYAML
// reads scenario files with.
func strictYAML(data []byte) error {
	dec := yamlv3.NewDecoder(bytes.NewReader(data))
	var doc any
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // empty: ParseSpec says so
		}
		if m := dupKey.FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			first, _ := strconv.Atoi(m[3])
			key, uerr := strconv.Unquote(`"` + m[2] + `"`)
			if uerr != nil {
				key = m[2]
			}
			return model.NewFieldError("", "loadspec.err.dupkey", line, key, first)
		}
		text := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "yaml: "), "unmarshal errors:\n  ")
		return model.NewFieldError("", "loadspec.err.syntax", strings.ReplaceAll(text, "\n  ", "; "))
	}
	if err := dec.Decode(&doc); !errors.Is(err, io.EOF) {
		return model.NewFieldError("", "loadspec.err.docs")
	}
	return nil
}

// dupKey is the YAML decoder's report of a mapping key given twice: its
// line, the key and the line it was first given at.
var dupKey = regexp.MustCompile(`line (\d+): mapping key "((?:[^"\\]|\\.)*)" already defined at line (\d+)`)
