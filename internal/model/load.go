package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"
)

// MaxScenarioBytes bounds a scenario file: a real one is a few hundred
// bytes, and a path such as /dev/zero must not be read without end.
const MaxScenarioBytes = 1 << 20

// ReadScenarioFile reads and parses the scenario file at path, reading at
// most MaxScenarioBytes (a larger file, or an endless one, is refused with
// a *FieldError on field "file"). The result is normalized but not
// validated. Errors opening or reading the file are returned as they are,
// wrapped with the path.
func ReadScenarioFile(path string) (Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return Scenario{}, fmt.Errorf("model: read scenario file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxScenarioBytes+1))
	if err != nil {
		return Scenario{}, fmt.Errorf("model: read scenario file %s: %w", path, err)
	}
	return ParseYAML(data)
}

// ParseYAML decodes a scenario file strictly: unknown fields, a second
// document and values of the wrong type are errors naming the line; data
// over MaxScenarioBytes is refused. The result is normalized but not
// validated.
func ParseYAML(data []byte) (Scenario, error) {
	var s Scenario
	if len(data) > MaxScenarioBytes {
		return s, fieldErr("file", "err.file.size", MaxScenarioBytes>>10)
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
