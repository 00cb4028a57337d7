module github.com/waitlab/waitlab

go 1.26.0

require (
	github.com/HdrHistogram/hdrhistogram-go v1.1.2
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
