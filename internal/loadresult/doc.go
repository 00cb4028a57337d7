// Package loadresult is the load generator's result as a file and as data:
// the self-describing, mergeable Result of one run (format waitlab-load/1:
// HdrHistograms with exact counts, sums and maxima, a per-second series,
// CPU and the run's conditions), ReadResult for untrusted files (every
// field bounded, histograms decoded by a bounded decoder), Merge (exact
// across files and across the segments of a scale-out run), and the
// Collector and Push that gather a scale-out run's segments.
//
// It owns the format's vocabulary (histogram ranges, engine names, error
// kinds, bounds): internal/loadgen's engines write results with it and
// internal/loadreport reads them, and neither keeps a copy.
package loadresult
