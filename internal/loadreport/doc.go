// Package loadreport is what a person reads of a load result: Analyze
// turns a loadresult.Result into numbers and the ko/en validity warnings
// that catch the classic load-test mistakes (coordinated omission, a
// saturated generator, a cap that was the limit, a window too short for its
// percentile), Check judges thresholds (k6's spelling too), and WriteText,
// WriteJSON and WriteHTML (hand-drawn SVG, no script) render the Report.
// It reads only the result, so a re-report of a file is the same report.
package loadreport
