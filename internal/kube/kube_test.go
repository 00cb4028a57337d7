package kube

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	goldenfile "github.com/waitlab/waitlab/internal/golden"
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// exampleConfig is the load test of deploy/kubernetes/example.yaml.
func exampleConfig() JobConfig {
	return JobConfig{
		Name: "waitlab", Image: "waitlab:latest", Segments: 3,
		LoadArgs:   []string{"--rate", "3000", "--duration", "60s", "http://orders.default.svc:8080/"},
		StartAt:    time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC),
		Thresholds: []string{"p99<200ms", "errors<1%"}, TargetLabels: map[string]string{"app": "orders"},
	}
}

// TestExampleDecodesStrictly keeps the committed example true: it decodes
// strictly into the k8s.io/api types and is what Manifests makes.
func TestExampleDecodesStrictly(t *testing.T) {
	// The golden file is this package's (go test -update rewrites it);
	// the example users read, deploy/kubernetes/example.yaml, must be the
	// same bytes (copied by hand: no test writes outside its package).
	const golden = "testdata/example.yaml"
	deploy := filepath.Join("..", "..", "deploy", "kubernetes", "example.yaml")
	objs, err := Manifests(exampleConfig())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString("# Made by: waitlab kube job --segments 3 --start-at 2026-12-01T09:00:00Z --target-label app=orders \\\n#   --threshold 'p99<200ms' --threshold 'errors<1%' -- --rate 3000 --duration 60s http://orders.default.svc:8080/\n")
	if err := WriteYAML(&b, objs); err != nil {
		t.Fatal(err)
	}
	goldenfile.Check(t, golden, b.Bytes())
	data, err := os.ReadFile(deploy)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, b.Bytes()) {
		t.Errorf("%s is not what Manifests makes; go test ./internal/kube -update, then cp internal/kube/%s %s", deploy, golden, "deploy/kubernetes/example.yaml")
	}
	got, err := DecodeStrict(data)
	if err != nil {
		t.Fatalf("DecodeStrict(example) = %v", err)
	}
	if len(got) != 3 {
		t.Fatalf("example has %d objects; want Service, collector Job, generator Job", len(got))
	}
	gen := got[2].(*batchv1.Job)
	s := gen.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion || *s.Completions != 3 || *s.Parallelism != 3 {
		t.Errorf("generator job: mode %v completions %v parallelism %v; want Indexed, 3, 3", s.CompletionMode, s.Completions, s.Parallelism)
	}
	c := s.Template.Spec.Containers[0]
	args := strings.Join(c.Args, " ")
	for _, want := range []string{"--segment $(JOB_COMPLETION_INDEX)/3", "--start-at 2026-12-01T09:00:00Z", "--push http://waitlab-collector:7071/"} {
		if !strings.Contains(args, want) {
			t.Errorf("generator args %q lack %q", args, want)
		}
	}
	if !c.Resources.Requests.Cpu().Equal(*c.Resources.Limits.Cpu()) {
		t.Errorf("generator CPU request %v != limit %v", c.Resources.Requests.Cpu(), c.Resources.Limits.Cpu())
	}
	terms := s.Template.Spec.Affinity.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution
	if len(terms) != 2 || terms[0].TopologyKey != corev1.LabelHostname || terms[1].LabelSelector.MatchLabels["app"] != "orders" {
		t.Errorf("anti-affinity %+v; want one term against other generators and one against the target", terms)
	}
	svc := got[0].(*corev1.Service)
	coll := got[1].(*batchv1.Job)
	if svc.Spec.Selector["app.kubernetes.io/component"] != "collector" || coll.Spec.Template.Labels["app.kubernetes.io/component"] != "collector" {
		t.Errorf("service selector %v does not select the collector pod %v", svc.Spec.Selector, coll.Spec.Template.Labels)
	}
}

func TestDecodeStrictRefusesUnknownFields(t *testing.T) {
	bad := "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: x\nspec:\n  completionsMode: Indexed\n"
	if _, err := DecodeStrict([]byte(bad)); err == nil {
		t.Errorf("DecodeStrict(misspelt field) = nil; want an error")
	}
}

func TestValidateNamesTheProblem(t *testing.T) {
	for _, c := range []struct {
		cfg  JobConfig
		want string
	}{
		{JobConfig{Segments: 0, LoadArgs: []string{"http://x/"}}, "--segments"},
		{JobConfig{Segments: 2}, "no load command"},
		{JobConfig{Segments: 2, LoadArgs: []string{"--segment", "0/2", "http://x/"}}, "--segment"},
		{JobConfig{Segments: 2, LoadArgs: []string{"http://x/"}, CPU: "lots"}, "--cpu"},
	} {
		c.cfg.defaults()
		err := c.cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v; want it to name %q", c.cfg, err, c.want)
		}
	}
}

// A refusal is the catalog's, in the user's language: each names its
// flag in Korean as in English, and the Korean says it in Korean.
func TestValidateSpeaksKorean(t *testing.T) {
	for _, c := range []struct {
		cfg       JobConfig
		field, ko string
	}{
		{JobConfig{Segments: 2, LoadArgs: []string{"http://x/"}, Name: "Wait\nLab"}, "--name", "소문자"},
		{JobConfig{Segments: 2, LoadArgs: []string{"http://x/"}, Namespace: "Team_A"}, "--namespace", "소문자"},
		{JobConfig{Segments: 2, LoadArgs: []string{"http://x/"}, Port: 70000}, "--port", "포트"},
		{JobConfig{Segments: 2}, "--", "load 명령이 없습니다"},
	} {
		c.cfg.defaults()
		var fe *model.FieldError
		if err := c.cfg.Validate(); !errors.As(err, &fe) {
			t.Fatalf("Validate(%+v) = %v; want a *model.FieldError", c.cfg, err)
		}
		ko, en := fe.Localize(msg.KO), fe.Localize(msg.EN)
		if !strings.Contains(ko, c.field) || !strings.Contains(en, c.field) || !strings.Contains(ko, c.ko) || ko == en {
			t.Errorf("Validate(%+v): ko %q, en %q; want both to name %s, the Korean to say %q", c.cfg, ko, en, c.field, c.ko)
		}
	}
}

// DecodeStrict decodes one YAML stream of the kinds Manifests makes into
// their k8s.io/api types, refusing any field those types do not have: the
// check that types.go spells the API as the API does.
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

// validQuantity accepts the quantities people write and refuses the
// rest; whatever it accepts, the API's own parser accepts too (it is
// stricter: the API reads a bare "Gi" as zero).
func TestValidQuantity(t *testing.T) {
	for s, want := range map[string]bool{"1": true, "0.5": true, "250m": true, "512Mi": true, "1Gi": true, "500M": true, "1e3": true, ".5": true, "2k": true,
		"": false, "lots": false, "1.5.2": false, "-1": false, "1mi": false, "1 Gi": false, "Gi": false, "1KB": false} {
		if got := validQuantity(s); got != want {
			t.Errorf("validQuantity(%q) = %v, want %v", s, got, want)
		}
		if _, err := resource.ParseQuantity(s); want && err != nil {
			t.Errorf("validQuantity(%q) = true, but the API refuses it: %v", s, err)
		}
	}
}

func FuzzValidQuantity(f *testing.F) {
	for _, s := range []string{"1", "250m", "512Mi", "1e3", "+.5E-2", "lots"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !validQuantity(s) {
			return
		}
		if _, err := resource.ParseQuantity(s); err != nil {
			t.Errorf("validQuantity(%q) = true, but the API refuses it: %v", s, err)
		}
	})
}
