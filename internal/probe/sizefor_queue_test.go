package probe

import "testing"

// --size-for's SLOs become the confirming load test's thresholds without
// being parsed again, so it takes only what a load test measures: a queue
// wait (a simulation's figure) is refused up front, not after the budget.
func TestSizeForRefusesQueueWait(t *testing.T) {
	if _, err := ParseSizeFor("queue_p99<50ms@100"); err == nil {
		t.Error("ParseSizeFor(queue_p99<50ms@100) = nil; want refused")
	}
	q, err := ParseSizeFor("p99<50ms,p99.9<80ms@100")
	if err != nil || len(q.SLOs) != 2 || q.SLOs[1].Metric != "p99.9" || q.SLOs[1].Value != 80 {
		t.Errorf("ParseSizeFor(p99<50ms,p99.9<80ms@100) = %+v, %v", q, err)
	}
}
