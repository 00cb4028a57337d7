package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ParseYAML decodes a scenario file strictly: unknown fields, a second
// document and values of the wrong type are errors naming the line; data
// over MaxScenarioFile is refused. The result is normalized but not
// validated.
func ParseYAML(data []byte) (Scenario, error) {
	var s Scenario
	if len(data) > MaxScenarioFile {
		return s, fieldErr("file", "err.scenario.file.big", MaxScenarioFile)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		if errors.Is(err, io.EOF) {
			return s, fieldErr("file", "err.yaml", "it is empty; write at least model:, threads:, requests: and a class")
		}
		return s, fieldErr("file", "err.yaml", cleanYAMLError(err))
	}
	var extra any
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return s, fieldErr("file", "err.yaml", "it holds more than one document; keep one scenario per file")
	}
	s.Normalize()
	return s, nil
}

func cleanYAMLError(err error) string {
	m := strings.TrimPrefix(err.Error(), "yaml: ")
	m = strings.ReplaceAll(m, "unmarshal errors:\n  ", "")
	m = strings.ReplaceAll(m, "\n  ", "; ")
	m = strings.ReplaceAll(m, "in type model.Scenario", "")
	m = strings.ReplaceAll(m, "in type model.Class", "")
	return fmt.Sprint(strings.TrimSpace(m))
}
