// Package kube builds the Kubernetes manifests of a load test split across
// generator pods: an Indexed Job of N generators (each runs one segment of
// the schedule, `waitlab load --segment $(JOB_COMPLETION_INDEX)/N`), and a
// collector (a Job and a Service running `waitlab report --listen`) that
// receives their result files over HTTP, merges them exactly and exits with
// the verdict. Kubernetes does the scheduling; waitlab builds no cluster
// manager of its own.
//
// Manifests are built from typed structs, never from string templates:
// types.go holds the few Kubernetes API fields they use, spelt as the API
// spells them, and the tests decode the result strictly into the
// k8s.io/api types themselves, so a field that does not exist cannot be
// written. Why not build from k8s.io/api directly, as this package once
// did: its packages' registrations ran at every start of the one waitlab
// binary, whatever the subcommand, and made it 10 MB bigger and its
// resident memory 3 MB larger (34 against 24 MB; 18.5 against 15.5 MB for
// `waitlab version`), which the load generator carries into every run.
package kube

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/waitlab/waitlab/internal/model"
)

// JobConfig describes one split load test.
type JobConfig struct {
	// Name prefixes every object ("waitlab" gives waitlab-load,
	// waitlab-collector).
	Name      string
	Namespace string
	Image     string
	// Segments is the number of generator pods, N.
	Segments int
	// LoadArgs are the `waitlab load` flags and URL every generator runs,
	// without --segment, --start-at and --push, which are added here.
	LoadArgs []string
	// StartAt is the synchronized start every generator waits for.
	StartAt time.Time
	// CPU and Memory are each generator's requests and limits (equal, so
	// the generator gets a guaranteed share and its CPU figure means what
	// it says).
	CPU, Memory string
	// Port is the collector's.
	Port int
	// Thresholds are judged on the merged result by the collector.
	Thresholds []string
	// CollectTimeout is how long the collector waits for all N results.
	CollectTimeout time.Duration
	// TargetLabels select the target's pods: no generator is scheduled on
	// a node that runs one.
	TargetLabels map[string]string
}

// Labels of the objects.
const (
	labelName      = "app.kubernetes.io/name"
	labelInstance  = "app.kubernetes.io/instance"
	labelComponent = "app.kubernetes.io/component"
)

func (c *JobConfig) defaults() {
	if c.Name == "" {
		c.Name = "waitlab"
	}
	if c.Image == "" {
		c.Image = "waitlab:latest"
	}
	if c.CPU == "" {
		c.CPU = "1"
	}
	if c.Memory == "" {
		c.Memory = "512Mi"
	}
	if c.Port == 0 {
		c.Port = 7071
	}
	if c.CollectTimeout == 0 {
		c.CollectTimeout = 10 * time.Minute
	}
}

// Validate names the first field that cannot make a working job, as a
// *model.FieldError whose words are the catalog's (kube.err.*).
func (c *JobConfig) Validate() error {
	if c.Segments < 1 || c.Segments > 1000 {
		return model.NewFieldError("--segments", "kube.err.segments", c.Segments)
	}
	if len(c.LoadArgs) == 0 {
		return model.NewFieldError("", "kube.err.noload")
	}
	for _, a := range c.LoadArgs {
		for _, own := range []string{"-segment", "-push", "-start-at"} {
			if strings.HasPrefix(strings.TrimLeft(a, "-"), own[1:]) && strings.HasPrefix(a, "-") {
				return model.NewFieldError("", "kube.err.ownflag", a)
			}
		}
	}
	if !validQuantity(c.CPU) {
		return model.NewFieldError("--cpu", "kube.err.cpu", c.CPU)
	}
	if !validQuantity(c.Memory) {
		return model.NewFieldError("--memory", "kube.err.memory", c.Memory)
	}
	if c.Port < 1 || c.Port > 65535 {
		return model.NewFieldError("--port", "kube.err.port", c.Port)
	}
	return c.validateNames()
}

// Kubernetes' own name rules (k8s.io/apimachinery/pkg/util/validation):
// a Service name is a DNS-1035 label (lower case letters, digits and '-',
// starting with a letter, at most 63 characters), a namespace a DNS-1123
// label, a label value at most 63 of [A-Za-z0-9_.-] starting and ending
// alphanumeric, a label key an optional DNS-1123 subdomain prefix and '/'
// before such a name. The API server refuses objects that break them:
// checked here, before a manifest is written.
var (
	dns1035     = regexp.MustCompile(`^[a-z]([-a-z0-9]*[a-z0-9])?$`)
	dns1123     = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	subdomain   = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	labelValue  = regexp.MustCompile(`^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$`)
	imageRef    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/:@+-]*$`)
	longestPart = len("-collector")
)

// validateNames refuses names, a namespace, an image and labels the API
// server would refuse (or, for the image, no runtime could pull).
func (c *JobConfig) validateNames() error {
	if len(c.Name)+longestPart > 63 || !dns1035.MatchString(c.Name) {
		return model.NewFieldError("--name", "kube.err.name", c.Name, 63-longestPart)
	}
	if c.Namespace != "" && (len(c.Namespace) > 63 || !dns1123.MatchString(c.Namespace)) {
		return model.NewFieldError("--namespace", "kube.err.namespace", c.Namespace)
	}
	if len(c.Image) > 1024 || !imageRef.MatchString(c.Image) {
		return model.NewFieldError("--image", "kube.err.image", c.Image)
	}
	for k, v := range c.TargetLabels {
		if !validLabelKey(k) || len(v) > 63 || !labelValue.MatchString(v) {
			return model.NewFieldError("--target-label", "kube.err.labelrule", k, v)
		}
	}
	return nil
}

// validLabelKey reports whether k is a Kubernetes label key.
func validLabelKey(k string) bool {
	name := k
	if prefix, n, ok := strings.Cut(k, "/"); ok {
		if prefix == "" || len(prefix) > 253 || !subdomain.MatchString(prefix) {
			return false
		}
		name = n
	}
	return name != "" && len(name) <= 63 && labelValue.MatchString(name)
}

// Manifests returns the collector's Service and Job and the generators'
// Indexed Job, in the order to apply them.
func Manifests(c JobConfig) ([]Object, error) {
	c.defaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	svcName := c.Name + "-collector"
	common := map[string]string{labelName: "waitlab", labelInstance: c.Name}
	with := func(component string) map[string]string {
		m := map[string]string{labelComponent: component}
		for k, v := range common {
			m[k] = v
		}
		return m
	}
	meta := func(name, component string) ObjectMeta {
		return ObjectMeta{Name: name, Namespace: c.Namespace, Labels: with(component)}
	}
	res := map[string]string{"cpu": c.CPU, "memory": c.Memory}
	sec := &SecurityContext{RunAsNonRoot: ptr(true), RunAsUser: ptr(int64(65532)), AllowPrivilegeEscalation: ptr(false)}

	svc := &Service{
		TypeMeta:   TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: meta(svcName, "collector"),
		Spec: ServiceSpec{
			Selector: with("collector"),
			Ports:    []ServicePort{{Name: "results", Port: c.Port, TargetPort: c.Port}},
		},
	}

	collectArgs := []string{"report", "--listen", "0.0.0.0:" + strconv.Itoa(c.Port), "--allow-remote",
		"--expect", strconv.Itoa(c.Segments), "--collect-timeout", c.CollectTimeout.String()}
	for _, t := range c.Thresholds {
		collectArgs = append(collectArgs, "--threshold", t)
	}
	collectRes := map[string]string{"cpu": "250m", "memory": "256Mi"}
	collector := &Job{
		TypeMeta:   TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: meta(svcName, "collector"),
		Spec: JobSpec{
			BackoffLimit: ptr(0),
			Template: PodTemplateSpec{
				Metadata: ObjectMeta{Labels: with("collector")},
				Spec: PodSpec{
					RestartPolicy: "Never",
					Containers: []Container{{
						Name: "collector", Image: c.Image, Args: collectArgs,
						Ports:           []ContainerPort{{Name: "results", ContainerPort: c.Port}},
						Resources:       Resources{Requests: collectRes, Limits: collectRes},
						SecurityContext: sec,
					}},
				},
			},
		},
	}

	loadArgs := append([]string{"load"}, c.LoadArgs...)
	loadArgs = append(loadArgs,
		"--segment", "$(JOB_COMPLETION_INDEX)/"+strconv.Itoa(c.Segments),
		"--start-at", c.StartAt.UTC().Format(time.RFC3339),
		"--push", fmt.Sprintf("http://%s:%d/", svcName, c.Port))
	antiAffinity := []PodAffinityTerm{{
		// No two generators on one node: they would share its CPU, the
		// first mistake the field report found.
		LabelSelector: LabelSelector{MatchLabels: with("generator")},
		TopologyKey:   labelHostname,
	}}
	if len(c.TargetLabels) > 0 {
		antiAffinity = append(antiAffinity, PodAffinityTerm{
			// Nor on the target's node.
			LabelSelector: LabelSelector{MatchLabels: c.TargetLabels},
			TopologyKey:   labelHostname,
		})
	}
	gens := &Job{
		TypeMeta:   TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: meta(c.Name+"-load", "generator"),
		Spec: JobSpec{
			CompletionMode: "Indexed",
			Completions:    ptr(c.Segments),
			Parallelism:    ptr(c.Segments),
			// A retried segment would send its share twice; the collector
			// refuses the duplicate, so fail instead of retrying.
			BackoffLimit: ptr(0),
			Template: PodTemplateSpec{
				Metadata: ObjectMeta{Labels: with("generator")},
				Spec: PodSpec{
					RestartPolicy: "Never",
					Affinity:      &Affinity{PodAntiAffinity: PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: antiAffinity}},
					Containers: []Container{{
						Name: "load", Image: c.Image, Args: loadArgs,
						Env: []EnvVar{
							fieldEnv("JOB_COMPLETION_INDEX", "metadata.annotations['batch.kubernetes.io/job-completion-index']"),
							fieldEnv("WAITLAB_HOST", "spec.nodeName"),
						},
						Resources:       Resources{Requests: res, Limits: res},
						SecurityContext: sec,
					}},
				},
			},
		},
	}
	return []Object{svc, collector, gens}, nil
}

func ptr[T any](v T) *T { return &v }

// WriteYAML writes objects as one YAML stream, "---" between documents.
func WriteYAML(w io.Writer, objs []Object) error {
	var b bytes.Buffer
	for i, o := range objs {
		if i > 0 {
			b.WriteString("---\n")
		}
		y, err := yaml.Marshal(o)
		if err != nil {
			return fmt.Errorf("kube: marshal %T: %w", o, err)
		}
		b.Write(y)
	}
	_, err := w.Write(b.Bytes())
	return err
}
