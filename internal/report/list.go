package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// CountList lists counts by name, sorted by name, each written by format
// (its verbs take the name, then the count): "connect_timeout 3,
// status_503 1" with "%s %d", JFR's pinned reasons quoted with "%q %d".
func CountList(m map[string]int64, format string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf(format, k, m[k])
	}
	return strings.Join(parts, ", ")
}

// JoinInts prints counts as text ("4, 4, 6"), never as a Go slice.
func JoinInts[T int | int64](v []T) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.FormatInt(int64(n), 10)
	}
	return strings.Join(parts, ", ")
}
