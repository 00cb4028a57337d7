package kube

import "regexp"

// The Kubernetes API fields the manifests use, spelt as the API spells
// them (core/v1 and batch/v1). Every optional field is omitted when
// empty; the tests decode the manifests strictly into k8s.io/api's own
// types, which refuse a field they do not have.

// Object is one manifest: a Service or a Job.
type Object interface{ kind() string }

// TypeMeta is every object's apiVersion and kind.
type TypeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

// ObjectMeta is an object's (or a pod template's) metadata.
type ObjectMeta struct {
	Name      string            `json:"name,omitempty"`
	Namespace string            `json:"namespace,omitempty"`
	Labels    map[string]string `json:"labels,omitempty"`
}

// Service is a core/v1 Service.
type Service struct {
	TypeMeta
	ObjectMeta ObjectMeta  `json:"metadata"`
	Spec       ServiceSpec `json:"spec"`
}

func (*Service) kind() string { return "Service" }

type ServiceSpec struct {
	Ports    []ServicePort     `json:"ports,omitempty"`
	Selector map[string]string `json:"selector,omitempty"`
}

// ServicePort's TargetPort is an int-or-string in the API; here always
// the number.
type ServicePort struct {
	Name       string `json:"name,omitempty"`
	Port       int    `json:"port"`
	TargetPort int    `json:"targetPort,omitempty"`
}

// Job is a batch/v1 Job.
type Job struct {
	TypeMeta
	ObjectMeta ObjectMeta `json:"metadata"`
	Spec       JobSpec    `json:"spec"`
}

func (*Job) kind() string { return "Job" }

type JobSpec struct {
	Parallelism    *int            `json:"parallelism,omitempty"`
	Completions    *int            `json:"completions,omitempty"`
	BackoffLimit   *int            `json:"backoffLimit,omitempty"`
	CompletionMode string          `json:"completionMode,omitempty"`
	Template       PodTemplateSpec `json:"template"`
}

type PodTemplateSpec struct {
	Metadata ObjectMeta `json:"metadata"`
	Spec     PodSpec    `json:"spec"`
}

type PodSpec struct {
	RestartPolicy string      `json:"restartPolicy,omitempty"`
	Affinity      *Affinity   `json:"affinity,omitempty"`
	Containers    []Container `json:"containers"`
}

type Affinity struct {
	PodAntiAffinity PodAntiAffinity `json:"podAntiAffinity"`
}

type PodAntiAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution []PodAffinityTerm `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

type PodAffinityTerm struct {
	LabelSelector LabelSelector `json:"labelSelector"`
	TopologyKey   string        `json:"topologyKey"`
}

type LabelSelector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}

// labelHostname is the node label that tells nodes apart
// (corev1.LabelHostname).
const labelHostname = "kubernetes.io/hostname"

type Container struct {
	Name            string           `json:"name"`
	Image           string           `json:"image,omitempty"`
	Args            []string         `json:"args,omitempty"`
	Ports           []ContainerPort  `json:"ports,omitempty"`
	Env             []EnvVar         `json:"env,omitempty"`
	Resources       Resources        `json:"resources"`
	SecurityContext *SecurityContext `json:"securityContext,omitempty"`
}

type ContainerPort struct {
	Name          string `json:"name,omitempty"`
	ContainerPort int    `json:"containerPort"`
}

// EnvVar here is always read from a field of the pod (the downward API).
type EnvVar struct {
	Name      string        `json:"name"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`
}

type EnvVarSource struct {
	FieldRef *FieldRef `json:"fieldRef,omitempty"`
}

type FieldRef struct {
	FieldPath string `json:"fieldPath"`
}

func fieldEnv(name, path string) EnvVar {
	return EnvVar{Name: name, ValueFrom: &EnvVarSource{FieldRef: &FieldRef{FieldPath: path}}}
}

// Resources are a container's requests and limits, by resource name
// ("cpu", "memory") as quantities.
type Resources struct {
	Limits   map[string]string `json:"limits,omitempty"`
	Requests map[string]string `json:"requests,omitempty"`
}

type SecurityContext struct {
	RunAsUser                *int64 `json:"runAsUser,omitempty"`
	RunAsNonRoot             *bool  `json:"runAsNonRoot,omitempty"`
	AllowPrivilegeEscalation *bool  `json:"allowPrivilegeEscalation,omitempty"`
}

// quantityRE is the API's quantity grammar: a signed decimal number and
// an optional binary (Ki..Ei), decimal (n, u, m, k, M..E) or exponent
// suffix.
var quantityRE = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([KMGTPE]i|[numkMGTPE]|[eE][+-]?[0-9]+)?$`)

// validQuantity says whether s is a quantity the API accepts (a negative
// one is refused: no request or limit is below zero).
func validQuantity(s string) bool {
	return quantityRE.MatchString(s) && s[0] != '-'
}
