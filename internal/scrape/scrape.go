// Package scrape reads a target's Prometheus /metrics page: one GET, one
// parse with prometheus/common/expfmt (the library the Go target renders
// its page with), and the samples by the names the text writes them
// under. It is the one home of that parse (archtest/homes_test.go): the
// load generator's watcher, probe and the experiments all read pages
// through it.
package scrape

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/waitlab/waitlab/internal/netguard"
)

// MaxPage is the largest page read (a waitlab target's is a few KiB).
const MaxPage = 4 << 20

// Sample is one line of a page: the metric's name as the text writes it
// (a histogram's NAME_bucket, NAME_sum and NAME_count lines under those
// names, its bucket bound in the le label), its labels and its value.
type Sample struct {
	Name   string
	Labels map[string]string
	Value  float64
}

// Page is a parsed page: its samples by name, each name's in the order
// the text gives them.
type Page struct {
	byName map[string][]Sample
}

// Parse reads a page in the Prometheus text format (version 0.0.4). A
// page that does not parse is refused whole, as Prometheus refuses it:
// the error names the line. A last line without its newline still counts.
func Parse(b []byte) (Page, error) {
	if len(b) > 0 && b[len(b)-1] != '\n' {
		b = append(b[:len(b):len(b)], '\n')
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(b))
	if err != nil {
		return Page{}, err
	}
	pg := Page{byName: map[string][]Sample{}}
	for name, mf := range fams {
		for _, m := range mf.GetMetric() {
			pg.add(name, mf.GetType(), m)
		}
	}
	return pg, nil
}

// add flattens one metric of family name back into the lines of the text.
func (pg Page) add(name string, typ dto.MetricType, m *dto.Metric) {
	labels := make(map[string]string, len(m.GetLabel())+1)
	for _, l := range m.GetLabel() {
		labels[l.GetName()] = l.GetValue()
	}
	put := func(n string, v float64, extra ...string) {
		ls := labels
		if len(extra) == 2 {
			ls = make(map[string]string, len(labels)+1)
			for k, v := range labels {
				ls[k] = v
			}
			ls[extra[0]] = extra[1]
		}
		pg.byName[n] = append(pg.byName[n], Sample{Name: n, Labels: ls, Value: v})
	}
	switch typ {
	case dto.MetricType_COUNTER:
		put(name, m.GetCounter().GetValue())
	case dto.MetricType_GAUGE:
		put(name, m.GetGauge().GetValue())
	case dto.MetricType_SUMMARY:
		s := m.GetSummary()
		for _, q := range s.GetQuantile() {
			put(name, q.GetValue(), "quantile", formatBound(q.GetQuantile()))
		}
		put(name+"_sum", s.GetSampleSum())
		put(name+"_count", float64(s.GetSampleCount()))
	case dto.MetricType_HISTOGRAM, dto.MetricType_GAUGE_HISTOGRAM:
		h := m.GetHistogram()
		for _, b := range h.GetBucket() {
			put(name+"_bucket", countOf(b.GetCumulativeCount(), b.GetCumulativeCountFloat()), "le", formatBound(b.GetUpperBound()))
		}
		put(name+"_sum", h.GetSampleSum())
		put(name+"_count", countOf(h.GetSampleCount(), h.GetSampleCountFloat()))
	default:
		put(name, m.GetUntyped().GetValue())
	}
}

func countOf(n uint64, f float64) float64 {
	if f != 0 {
		return f
	}
	return float64(n)
}

// formatBound writes a bucket bound or quantile as the text does
// ("+Inf" for the last bucket).
func formatBound(v float64) string {
	if math.IsInf(v, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Samples returns the samples named name (nil: none).
func (pg Page) Samples(name string) []Sample { return pg.byName[name] }

// Sum returns the sum of name's samples over its label sets (the value of
// a metric without labels), and whether the page has it.
func (pg Page) Sum(name string) (float64, bool) {
	ss := pg.byName[name]
	var sum float64
	for _, s := range ss {
		sum += s.Value
	}
	return sum, len(ss) > 0
}

// Get reads the page at url with cl. The page must answer 200 within
// cl's timeout and be at most MaxPage bytes.
func Get(cl *http.Client, url string) (Page, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return Page{}, err
	}
	req.Header.Set("Accept", "text/plain;version=0.0.4")
	resp, err := cl.Do(req)
	if err != nil {
		return Page{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Page{}, fmt.Errorf("%s: %s", url, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxPage+1))
	if err != nil {
		return Page{}, err
	}
	if len(body) > MaxPage {
		return Page{}, errTooLarge
	}
	return Parse(body)
}

var errTooLarge = errors.New("metrics page over 4 MiB")

// Once reads the page at url once, through netguard's client: loopback
// only (its redirects too) unless allowRemote.
func Once(url string, timeout time.Duration, allowRemote bool) (Page, error) {
	cl := netguard.Client(timeout, allowRemote)
	defer cl.CloseIdleConnections()
	return Get(cl, url)
}
