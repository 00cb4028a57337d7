// Package kube builds the Kubernetes manifests of a load test split across
// generator pods: an Indexed Job of N generators (each runs one segment of
// the schedule, `waitlab load --segment $(JOB_COMPLETION_INDEX)/N`), and a
// collector (a Job and a Service running `waitlab report --listen`) that
// receives their result files over HTTP, merges them exactly and exits with
// the verdict. Kubernetes does the scheduling; waitlab builds no cluster
// manager of its own.
//
// Manifests are built from the k8s.io/api types, never from string
// templates, so a field that does not exist cannot be written.
package kube

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/yaml"
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

// Validate names the first field that cannot make a working job.
func (c *JobConfig) Validate() error {
	if c.Segments < 1 || c.Segments > 1000 {
		return fmt.Errorf("--segments %d: give 1 to 1000 generator pods", c.Segments)
	}
	if len(c.LoadArgs) == 0 {
		return fmt.Errorf("no load command: put the waitlab load flags and URL after --, e.g. -- --rate 3000 --duration 60s http://target:8080/")
	}
	for _, a := range c.LoadArgs {
		for _, own := range []string{"-segment", "-push", "-start-at"} {
			if strings.HasPrefix(strings.TrimLeft(a, "-"), own[1:]) && strings.HasPrefix(a, "-") {
				return fmt.Errorf("load argument %s is set by the job itself: remove it", a)
			}
		}
	}
	if _, err := resource.ParseQuantity(c.CPU); err != nil {
		return fmt.Errorf("--cpu %q: %v", c.CPU, err)
	}
	if _, err := resource.ParseQuantity(c.Memory); err != nil {
		return fmt.Errorf("--memory %q: %v", c.Memory, err)
	}
	if c.Port < 1 || c.Port > 65535 {
		return fmt.Errorf("--port %d: give a port from 1 to 65535", c.Port)
	}
	return nil
}

// Manifests returns the collector's Service and Job and the generators'
// Indexed Job, in the order to apply them.
func Manifests(c JobConfig) ([]runtime.Object, error) {
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
	meta := func(name, component string) metav1.ObjectMeta {
		return metav1.ObjectMeta{Name: name, Namespace: c.Namespace, Labels: with(component)}
	}
	res := corev1.ResourceList{
		corev1.ResourceCPU:    resource.MustParse(c.CPU),
		corev1.ResourceMemory: resource.MustParse(c.Memory),
	}
	nonRoot := true
	noEscalation := false
	sec := &corev1.SecurityContext{RunAsNonRoot: &nonRoot, RunAsUser: ptr(int64(65532)), AllowPrivilegeEscalation: &noEscalation}

	svc := &corev1.Service{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: meta(svcName, "collector"),
		Spec: corev1.ServiceSpec{
			Selector: with("collector"),
			Ports:    []corev1.ServicePort{{Name: "results", Port: int32(c.Port), TargetPort: intstr.FromInt32(int32(c.Port))}},
		},
	}

	collectArgs := []string{"report", "--listen", "0.0.0.0:" + strconv.Itoa(c.Port), "--allow-remote",
		"--expect", strconv.Itoa(c.Segments), "--collect-timeout", c.CollectTimeout.String()}
	for _, t := range c.Thresholds {
		collectArgs = append(collectArgs, "--threshold", t)
	}
	collector := &batchv1.Job{
		TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: meta(svcName, "collector"),
		Spec: batchv1.JobSpec{
			BackoffLimit: ptr(int32(0)),
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: with("collector")},
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers: []corev1.Container{{
						Name: "collector", Image: c.Image, Args: collectArgs,
						Ports:           []corev1.ContainerPort{{Name: "results", ContainerPort: int32(c.Port)}},
						Resources:       corev1.ResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("250m"), corev1.ResourceMemory: resource.MustParse("256Mi")}, Limits: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("250m"), corev1.ResourceMemory: resource.MustParse("256Mi")}},
						SecurityContext: sec,
					}},
				},
			},
		},
	}

	n := int32(c.Segments)
	loadArgs := append([]string{"load"}, c.LoadArgs...)
	loadArgs = append(loadArgs,
		"--segment", "$(JOB_COMPLETION_INDEX)/"+strconv.Itoa(c.Segments),
		"--start-at", c.StartAt.UTC().Format(time.RFC3339),
		"--push", fmt.Sprintf("http://%s:%d/", svcName, c.Port))
	antiAffinity := []corev1.PodAffinityTerm{{
		// No two generators on one node: they would share its CPU, the
		// first mistake the field report found.
		LabelSelector: &metav1.LabelSelector{MatchLabels: with("generator")},
		TopologyKey:   corev1.LabelHostname,
	}}
	if len(c.TargetLabels) > 0 {
		antiAffinity = append(antiAffinity, corev1.PodAffinityTerm{
			// Nor on the target's node.
			LabelSelector: &metav1.LabelSelector{MatchLabels: c.TargetLabels},
			TopologyKey:   corev1.LabelHostname,
		})
	}
	indexed := batchv1.IndexedCompletion
	gens := &batchv1.Job{
		TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: meta(c.Name+"-load", "generator"),
		Spec: batchv1.JobSpec{
			CompletionMode: &indexed,
			Completions:    &n,
			Parallelism:    &n,
			// A retried segment would send its share twice; the collector
			// refuses the duplicate, so fail instead of retrying.
			BackoffLimit: ptr(int32(0)),
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: with("generator")},
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Affinity:      &corev1.Affinity{PodAntiAffinity: &corev1.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: antiAffinity}},
					Containers: []corev1.Container{{
						Name: "load", Image: c.Image, Args: loadArgs,
						Env: []corev1.EnvVar{{
							Name: "JOB_COMPLETION_INDEX",
							ValueFrom: &corev1.EnvVarSource{FieldRef: &corev1.ObjectFieldSelector{
								FieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}},
						}, {
							Name:      "WAITLAB_HOST",
							ValueFrom: &corev1.EnvVarSource{FieldRef: &corev1.ObjectFieldSelector{FieldPath: "spec.nodeName"}},
						}},
						Resources:       corev1.ResourceRequirements{Requests: res, Limits: res},
						SecurityContext: sec,
					}},
				},
			},
		},
	}
	return []runtime.Object{svc, collector, gens}, nil
}

func ptr[T any](v T) *T { return &v }

// WriteYAML writes objects as one YAML stream, "---" between documents.
func WriteYAML(w io.Writer, objs []runtime.Object) error {
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

// DecodeStrict decodes one YAML stream of the kinds Manifests makes into
// their k8s.io/api types, refusing any field those types do not have.
func DecodeStrict(data []byte) ([]runtime.Object, error) {
	var out []runtime.Object
	for i, doc := range splitDocs(data) {
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal(doc, &tm); err != nil {
			return nil, fmt.Errorf("kube: document %d: %w", i+1, err)
		}
		var o runtime.Object
		switch tm.APIVersion + "/" + tm.Kind {
		case "v1/Service":
			o = &corev1.Service{}
		case "batch/v1/Job":
			o = &batchv1.Job{}
		default:
			return nil, fmt.Errorf("kube: document %d: unexpected kind %s %s", i+1, tm.APIVersion, tm.Kind)
		}
		if err := yaml.UnmarshalStrict(doc, o); err != nil {
			return nil, fmt.Errorf("kube: document %d (%s): %w", i+1, tm.Kind, err)
		}
		out = append(out, o)
	}
	return out, nil
}

func splitDocs(data []byte) [][]byte {
	var docs [][]byte
	for _, d := range bytes.Split(data, []byte("\n---\n")) {
		if len(bytes.TrimSpace(stripComments(d))) > 0 {
			docs = append(docs, d)
		}
	}
	return docs
}

func stripComments(d []byte) []byte {
	var b bytes.Buffer
	for _, l := range bytes.Split(d, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(l), []byte("#")) {
			b.Write(l)
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}
