package loadreport

// Line is one series of a Chart.
type Line struct {
	Name, Color string
	Xs, Ys      []float64
}

// Chart is a line chart drawn by hand as inline SVG (no script, no
// third-party code), the one the load reports use. XTick formats an x
// value for its label; XTicks, when set, are the tick positions.
type Chart struct {
	Title, XLabel, YLabel string
	Lines                 []Line
	XTick                 func(float64) string
	XTicks                []float64
}

// SVG returns the chart as an <svg> element.
func (c Chart) SVG() string {
	ch := chart{title: c.Title, xLabel: c.XLabel, yLabel: c.YLabel, xTick: c.XTick, xs: c.XTicks}
	for _, l := range c.Lines {
		ch.lines = append(ch.lines, line{name: l.Name, color: l.Color, xs: l.Xs, ys: l.Ys})
	}
	return ch.svg()
}
