// Package loadgen is waitlab's HTTP/1.1 load generator: an open model whose
// sends follow a model.Pacer (constant, Poisson or a staged profile) and
// whose latency is measured from each request's intended send time, so a
// stalled server cannot hide behind coordinated omission; a closed model of
// virtual users, asked for by name; a hand-tuned keep-alive client with
// pre-serialized requests and no allocation per request; the scenario
// driver (RunScenario); and the load as data (Spec, Config).
//
// The flow is Run (a Config) -> *loadresult.Result (the file format,
// self-describing, mergeable with loadresult.Merge) -> loadreport.Analyze
// (numbers and warnings) -> loadreport.WriteText, WriteJSON or WriteHTML.
package loadgen
