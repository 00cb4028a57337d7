package model

import (
	"fmt"
	"io"
	"os"
)

// MaxScenarioFile is the largest scenario file read, in bytes. A scenario
// is a few hundred bytes; the bound keeps `-f /dev/zero` from reading
// forever.
const MaxScenarioFile = 1 << 20

// ReadScenarioFile reads and parses a scenario file (YAML, or JSON, which
// is YAML), reading at most MaxScenarioFile bytes. An unreadable file is
// returned as the os error; a file too big, or one that does not parse, as
// a *FieldError.
func ReadScenarioFile(path string) (Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return Scenario{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxScenarioFile+1))
	if err != nil {
		return Scenario{}, fmt.Errorf("read %s: %w", path, err)
	}
	if len(data) > MaxScenarioFile {
		return Scenario{}, fieldErr("-f", "err.scenario.file.big", MaxScenarioFile)
	}
	return ParseYAML(data)
}
