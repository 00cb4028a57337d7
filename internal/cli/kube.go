package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/waitlab/waitlab/internal/kube"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

func init() {
	register(&command{name: "kube", summary: "kube.summary", run: runKube})
}

// runKube prints Kubernetes manifests; `waitlab kube job [flags] -- LOAD
// FLAGS AND URL` is its one verb.
func runKube(ctx context.Context, env *Env, args []string) error {
	if len(args) == 0 || args[0] != "job" {
		return usagef("%s", msg.T(envLang(), "kube.err.verb"))
	}
	fs := newFlags(env, "kube job")
	lang := langFlag(fs)
	c := kube.JobConfig{}
	fs.IntVar(&c.Segments, "segments", 0, "number of generator pods N (each runs segment I/N)")
	fs.StringVar(&c.Name, "name", "waitlab", "name prefix of the objects")
	fs.StringVar(&c.Namespace, "namespace", "", "namespace of the objects (default: the one kubectl applies to)")
	fs.StringVar(&c.Image, "image", "waitlab:latest", "container image with the waitlab binary (see the Dockerfile)")
	fs.StringVar(&c.CPU, "cpu", "1", "CPU request and limit of each generator (equal: a guaranteed share)")
	fs.StringVar(&c.Memory, "memory", "512Mi", "memory request and limit of each generator")
	fs.IntVar(&c.Port, "port", 7071, "collector port")
	fs.DurationVar(&c.CollectTimeout, "collect-timeout", 10*time.Minute, "how long the collector waits for every result file")
	startAt := fs.String("start-at", "", "synchronized start, RFC 3339 or Unix seconds (default: now plus --start-in)")
	startIn := fs.Duration("start-in", 2*time.Minute, "with no --start-at: start this long after the manifests are made (time to schedule the pods)")
	var thresholds, targetLabels multiFlag
	fs.Var(&thresholds, "threshold", "a threshold the collector judges on the merged result (repeatable)")
	fs.Var(&targetLabels, "target-label", "a label key=value of the target's pods: no generator shares their node (repeatable)")
	// Everything after "--" is the load command.
	own, loadArgs := args[1:], []string(nil)
	for i, a := range own {
		if a == "--" {
			own, loadArgs = own[:i], own[i+1:]
			break
		}
	}
	l, err := parseNoArgs(fs, own, lang, "kube.err.args")
	if err != nil {
		return err
	}
	c.LoadArgs = loadArgs
	c.Thresholds = thresholds
	if len(targetLabels) > 0 {
		c.TargetLabels = map[string]string{}
		for _, kv := range targetLabels {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return usagef("%s", msg.T(l, "kube.err.label", kv))
			}
			c.TargetLabels[k] = v
		}
	}
	if *startAt != "" {
		t, err := parseStartAt(*startAt)
		if err != nil {
			return usagef("--start-at: %s", msg.T(l, "kube.err.start", *startAt))
		}
		c.StartAt = t
	} else {
		if *startIn < 0 || *startIn > loadgen.MaxStartWait {
			return usagef("%s", msg.T(l, "kube.err.startin", *startIn, loadgen.MaxStartWait))
		}
		c.StartAt = time.Now().Add(*startIn).Truncate(time.Second)
	}
	if err := loadgen.CheckStartAt(c.StartAt, time.Now(), 0); err != nil {
		return err
	}
	if c.Port < 1 || c.Port > 65535 { // Manifests reads 0 as its default
		return model.NewFieldError("--port", "kube.err.port", c.Port)
	}
	if _, err := parseThresholds(thresholds); err != nil {
		return err // the collector would refuse it in the cluster
	}
	if err := checkLoadArgs(ctx, env, l, loadArgs); err != nil {
		return err
	}
	objs, err := kube.Manifests(c)
	if err != nil {
		return err // a *model.FieldError: exit 2, in the user's language
	}
	fmt.Fprintf(env.Stdout, "# %s\n", msg.T(l, "kube.header", c.Segments, c.StartAt.UTC().Format(time.RFC3339)))
	return kube.WriteYAML(env.Stdout, objs)
}

// parseStartAt reads RFC 3339 or Unix seconds (loadgen.ParseStartAt).
func parseStartAt(s string) (time.Time, error) { return loadgen.ParseStartAt(s) }

// checkLoadArgs checks the load command every generator pod will run as
// `waitlab load` checks it (its flags, the load's values, Config.Validate),
// so a manifest whose pods would all exit 2 is not written. Files the
// command names (--config, --targets, --body @FILE) are the pod's, not
// this machine's: they are not read here. Refusals are in l, the language
// kube job itself was asked for.
func checkLoadArgs(ctx context.Context, env *Env, l msg.Lang, args []string) error {
	if len(args) == 0 || wantsLoadScenario(args) {
		return nil // Manifests asks for a load command; a scenario load checks itself
	}
	fs := flag.NewFlagSet("waitlab load", flag.ContinueOnError)
	quietFlags(fs)
	lf := addLoadFlags(fs)
	sc := addScaleFlags(fs)
	o := addOutputFlags(fs)
	addBaselineFlags(fs)
	refused := func(err error) error {
		var fe *model.FieldError
		text := err.Error()
		if errors.As(err, &fe) {
			text = fe.Localize(l)
		}
		return usagef("%s", msg.T(l, "kube.err.load", strings.Join(args, " "), text))
	}
	// --lang l first, so a flag the load refuses is named in l (a --lang
	// of the load's own, later, still wins for its own output).
	pos, err := parseFlags(fs, append([]string{"--lang", string(l)}, args...))
	if err != nil {
		return refused(err)
	}
	if _, err := o.lang(); err != nil {
		return refused(err)
	}
	if _, err := parseThresholds(o.thresholds); err != nil {
		return refused(err)
	}
	if lf.config != "" {
		return nil
	}
	if lf.spec.Targets, lf.spec.Body = "", strings.TrimPrefix(lf.spec.Body, "@"); len(pos) == 0 {
		pos = []string{"http://target.invalid/"} // a --targets file in the pod names the URLs
	}
	spec, err := lf.resolve(ctx, env, fs, pos, l)
	if err != nil {
		return refused(err)
	}
	cfg, err := spec.ConfigContext(ctx, l, Version())
	if err == nil {
		err = sc.apply(l, &cfg)
	}
	if err == nil {
		err = cfg.Validate()
	}
	if err != nil {
		return refused(err)
	}
	return nil
}
