//go:build linux

package experiment

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/msg"
)

// WriteMarkdown writes t as a Markdown section: heading, command and date,
// the recipe and its scaling, this machine's table (median [min-max], the
// model, the published figure), the validity warnings its rows point to,
// the published table with its source, the notes, the plots (linked as
// imgDir/FILE; "" for none) and the environment. The terminal prints the
// same text.
func WriteMarkdown(w io.Writer, t *Table, imgDir string) error {
	l := t.Lang
	var b bytes.Buffer
	fmt.Fprintf(&b, "## %s (`%s`)\n\n", t.Title, t.Experiment)
	if t.Command != "" {
		fmt.Fprintf(&b, "%s\n\n", msg.T(l, "exp.md.command", t.Command, t.Date))
	} else {
		fmt.Fprintf(&b, "%s\n\n", msg.T(l, "exp.md.date", t.Date))
	}
	writeClaims(&b, t)
	if t.Recipe != "" {
		fmt.Fprintf(&b, "%s\n\n", t.Recipe)
	}
	if t.Scaling != "" {
		fmt.Fprintf(&b, "%s\n\n", t.Scaling)
	}
	if t.Skipped != "" {
		fmt.Fprintf(&b, "**%s**\n\n", t.Skipped)
	}
	if t.Interrupted {
		fmt.Fprintf(&b, "**%s**\n\n", msg.T(l, "exp.md.interrupted"))
	}
	if len(t.Rows) > 0 {
		writeOurs(&b, t)
	}
	if len(t.Warnings) > 0 {
		fmt.Fprintf(&b, "%s\n\n", msg.T(l, "exp.md.warnings"))
		for _, rw := range t.Warnings {
			fmt.Fprintf(&b, "- ⚠ %s (`%s`): %s\n", rw.Row, rw.Code, rw.Message)
		}
		b.WriteByte('\n')
	}
	if p := t.Published; p != nil {
		fmt.Fprintf(&b, "%s\n\n", msg.T(l, "exp.md.published", p.Source))
		writeGrid(&b, p.Columns, p.Rows)
		if p.Note != "" {
			fmt.Fprintf(&b, "%s\n\n", p.Note)
		}
	}
	for _, n := range t.Notes {
		fmt.Fprintf(&b, "%s\n\n", n)
	}
	if imgDir != "" {
		for _, p := range t.Plots {
			fmt.Fprintf(&b, "![%s](%s)\n\n", p.Title, filepath.ToSlash(filepath.Join(imgDir, p.File)))
		}
	}
	e := t.Env
	fmt.Fprintf(&b, "%s\n\n", msg.T(l, "exp.md.env", e.CPUModel, e.Cores, e.GOMAXPROCS, e.GoVersion, e.KernelRelease,
		e.LoadStart, e.LoadMax, e.LoadEnd, e.Nice, t.Repeat, e.OwnCPU, e.NeighbourCPU, e.NeighbourCPUMax))
	_, err := w.Write(b.Bytes())
	return err
}

func writeOurs(b *bytes.Buffer, t *Table) {
	l := t.Lang
	head := []string{msg.T(l, "exp.md.condition")}
	type sub struct {
		col  Column
		kind int // 0 ours, 1 model, 2 published
	}
	var subs []sub
	for _, c := range t.Columns {
		hasModel, hasPub := false, false
		for _, r := range t.Rows {
			if x, ok := r.Cells[c.Key]; ok {
				hasModel = hasModel || x.Model != nil
				hasPub = hasPub || x.Published != nil
			}
		}
		subs = append(subs, sub{c, 0})
		head = append(head, c.Label)
		if hasModel {
			subs = append(subs, sub{c, 1})
			head = append(head, msg.T(l, "exp.md.model"))
		}
		if hasPub {
			subs = append(subs, sub{c, 2})
			head = append(head, msg.T(l, "exp.md.pub"))
		}
	}
	var rows [][]string
	for _, r := range t.Rows {
		label := r.Label
		if len(r.Warn) > 0 {
			label += " ⚠ " + strings.Join(r.Warn, ", ")
		}
		row := []string{label}
		for _, s := range subs {
			c, ok := r.Cells[s.col.Key]
			switch {
			case !ok:
				row = append(row, "")
			case s.kind == 1:
				row = append(row, optNum(c.Model, s.col.Digits))
			case s.kind == 2:
				row = append(row, optNum(c.Published, s.col.Digits))
			case c.Runs > 1:
				row = append(row, fmt.Sprintf("%s [%s–%s]", Num(c.Median, s.col.Digits), Num(c.Min, s.col.Digits), Num(c.Max, s.col.Digits)))
			default:
				row = append(row, Num(c.Median, s.col.Digits))
			}
		}
		rows = append(rows, row)
	}
	key := "exp.md.ours"
	if t.WarmupEach {
		key = "exp.md.ours.each"
	}
	fmt.Fprintf(b, "%s\n\n", msg.T(l, key, t.Repeat))
	writeGrid(b, head, rows)
}

func optNum(v *float64, digits int) string {
	if v == nil {
		return ""
	}
	return Num(*v, digits)
}

func writeGrid(b *bytes.Buffer, head []string, rows [][]string) {
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for i := range head {
		if i == 0 {
			b.WriteString("---|")
		} else {
			b.WriteString("---:|")
		}
	}
	b.WriteByte('\n')
	for _, r := range rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	b.WriteByte('\n')
}

// Num formats v with digits decimals, thousands grouped with commas; NaN
// is "-".
func Num(v float64, digits int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', digits, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	var g strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			g.WriteByte(',')
		}
		g.WriteRune(c)
	}
	out := g.String()
	if frac != "" {
		out += "." + frac
	}
	if v < 0 && strings.Trim(out, "0.,") != "" {
		out = "-" + out
	}
	return out
}

// WriteJSON writes t as indented JSON.
func WriteJSON(w io.Writer, t *Table) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(t)
}

// WriteFiles writes t into dir: NAME.md (its section, with plots linked
// relative to dir's parent, so `--out docs/experiments` regenerates the
// section of docs/experiments.md), NAME.json and the plots as SVG. It
// returns the paths written.
func WriteFiles(dir string, t *Table) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	var paths []string
	write := func(name string, f func(io.Writer) error) error {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			return err
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("experiment: %w", err)
		}
		paths = append(paths, p)
		return nil
	}
	for _, p := range t.Plots {
		p := p
		if err := write(p.File, func(w io.Writer) error { return WriteSVG(w, t, p) }); err != nil {
			return paths, err
		}
	}
	img := filepath.Base(filepath.Clean(dir))
	if err := write(t.Experiment+".md", func(w io.Writer) error { return WriteMarkdown(w, t, img) }); err != nil {
		return paths, err
	}
	if err := write(t.Experiment+".json", func(w io.Writer) error { return WriteJSON(w, t) }); err != nil {
		return paths, err
	}
	return paths, nil
}
