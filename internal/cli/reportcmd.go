package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/waitlab/waitlab/internal/baseline"
	"github.com/waitlab/waitlab/internal/loadgen"
	"github.com/waitlab/waitlab/internal/loadreport"
	"github.com/waitlab/waitlab/internal/loadresult"
	"github.com/waitlab/waitlab/internal/msg"
)

func init() {
	register(&command{name: "report", summary: "cli.report", run: runReport})
}

// runReport re-reports one or more `waitlab load --out` files; several are
// merged exactly (histograms added, never averaged). With --baseline it
// judges the files against the baseline's (internal/baseline).
func runReport(ctx context.Context, env *Env, args []string) error {
	fs := newFlags(env, "report")
	quietFlags(fs)
	o := addOutputFlags(fs)
	cf := addCollectFlags(fs)
	bf := addBaselineFlags(fs)
	files, err := parseQuiet(fs, env, args)
	if err != nil {
		return err
	}
	lang, err := o.lang()
	if err != nil {
		return err
	}
	ths, err := parseThresholds(o.thresholds)
	if err != nil {
		return err
	}
	if len(bf.files) > 0 {
		if cf.listen != "" {
			return usagef("%s", msg.T(lang, "baseline.err.collect"))
		}
		return reportBaseline(env, bf, o, lang, files)
	}
	if cf.listen != "" {
		if len(files) > 0 {
			return usagef("%s", msg.T(lang, "collect.flag.files"))
		}
		return collect(ctx, env, cf, o, ths, lang)
	}
	if len(files) == 0 {
		return usagef("%s", msg.T(lang, "report.flag.files"))
	}
	outs, err := openOutputs(lang, o, "")
	if err != nil {
		return err
	}
	emitted := false
	defer func() {
		if !emitted {
			outs.discard() // refused input: leave no empty report behind
		}
	}()
	rs, err := readResultFiles(lang, files)
	if err != nil {
		return err
	}
	res, err := loadresult.Merge(rs...)
	var me *loadresult.MergeError
	switch {
	case errors.As(err, &me):
		return usagef("%s", me.Localize(lang))
	case err != nil:
		return usagef("%v", err)
	}
	emitted = true
	return emit(env, res, o, ths, lang, outs)
}

// readResultFiles reads and checks result files (decoded on every core);
// a file that is not a result is a usage error naming it.
func readResultFiles(_ msg.Lang, files []string) ([]*loadresult.Result, error) {
	datas := make([][]byte, len(files))
	for i, f := range files {
		data, err := loadgen.ReadFileLimit(f, loadresult.MaxResultBytes)
		if err != nil {
			return nil, usagef("%v", err)
		}
		datas[i] = data
	}
	rs, bad, err := loadresult.ReadResults(datas)
	if err != nil {
		return nil, usagef("%s: %v", files[bad], err)
	}
	for i, r := range rs {
		r.SetSource(files[i])
	}
	return rs, nil
}

// baselineFlags are the flags of a comparison, shared by report and load.
type baselineFlags struct {
	files        multiFlag
	tolerance    string
	errTolerance float64
	strict       bool
	allowURL     bool
	changed      multiFlag
}

func addBaselineFlags(fs *flag.FlagSet) *baselineFlags {
	b := &baselineFlags{}
	fs.Var(&b.files, "baseline", "compare against this baseline result `FILE` (repeatable: several merge; three or more a side give an interval across runs)")
	fs.StringVar(&b.tolerance, "tolerance", "5%", "with --baseline: a significant regression fails only beyond this relative change")
	fs.Float64Var(&b.errTolerance, "error-tolerance", 0.1, "with --baseline: the same for the error rate, in percentage `POINTS`")
	fs.BoolVar(&b.strict, "strict", false, "with --baseline: a comparison that is not like for like fails (exit 1)")
	fs.BoolVar(&b.allowURL, "allow-different-url", false, "with --baseline: compare runs of different URLs")
	fs.Var(&b.changed, "changed", "with --baseline: a condition changed on purpose (e.g. target_lock), repeatable: reported, not warned about")
	return b
}

// options turns the flags into baseline.Options.
func (b *baselineFlags) options(lang msg.Lang) (baseline.Options, error) {
	s := strings.TrimSpace(b.tolerance)
	scale := 1.0
	if t, ok := strings.CutSuffix(s, "%"); ok {
		s, scale = t, 0.01
	}
	tol, err := strconv.ParseFloat(s, 64)
	tol *= scale
	if err != nil || math.IsNaN(tol) || tol < 0 || tol >= 1 {
		return baseline.Options{}, usagef("%s", msg.T(lang, "baseline.err.tolerance", "--tolerance", b.tolerance))
	}
	if math.IsNaN(b.errTolerance) || b.errTolerance < 0 || b.errTolerance >= 100 {
		return baseline.Options{}, usagef("%s", msg.T(lang, "baseline.err.tolerance", "--error-tolerance", strconv.FormatFloat(b.errTolerance, 'g', -1, 64)))
	}
	if tol == 0 {
		tol = 1e-12 // 0 asks for no tolerance (Options' zero is the default)
	}
	et := b.errTolerance
	if et == 0 {
		et = 1e-12
	}
	if err := baseline.CheckExpected(b.changed); err != nil {
		return baseline.Options{}, baselineErr(lang, err)
	}
	return baseline.Options{Tolerance: tol, ErrorTolerance: et, Strict: b.strict,
		AllowDifferentURL: b.allowURL, Expected: b.changed}, nil
}

// reportBaseline is `report --baseline BASE... CANDIDATE...`.
func reportBaseline(env *Env, bf *baselineFlags, o *outputFlags, lang msg.Lang, files []string) error {
	if len(files) == 0 {
		return usagef("%s", msg.T(lang, "baseline.err.files"))
	}
	opt, err := bf.options(lang)
	if err != nil {
		return err
	}
	base, err := readResultFiles(lang, bf.files)
	if err != nil {
		return err
	}
	cand, err := readResultFiles(lang, files)
	if err != nil {
		return err
	}
	outs, err := openOutputs(lang, o, "")
	if err != nil {
		return err
	}
	v, err := baseline.Compare(base, cand, opt)
	if err != nil {
		outs.discard()
		return baselineErr(lang, err)
	}
	return emitBaseline(env, v, o, lang, outs)
}

// baselineErr turns a comparison's input error into a usage error (exit 2).
func baselineErr(lang msg.Lang, err error) error {
	var ie *baseline.InputError
	if errors.As(err, &ie) {
		return usagef("%s", ie.Localize(lang))
	}
	return err
}

// emitBaseline prints the comparison (text or JSON), writes --html, and
// returns exit 1 when it does not pass, naming each regression on stderr.
func emitBaseline(env *Env, v *baseline.Verdict, o *outputFlags, lang msg.Lang, outs *outputs) error {
	var err error
	if *o.json {
		err = baseline.WriteJSON(env.Stdout, v)
	} else {
		err = baseline.WriteText(env.Stdout, v, lang)
	}
	if err != nil {
		outs.discard()
		return err
	}
	var writeErr error
	if outs != nil && outs.html != nil {
		if err := outs.html.write(func(w io.Writer) error { return baseline.WriteHTML(w, v, lang) }); err != nil {
			writeErr = errors.New(msg.T(lang, "load.write.failed", "--html", outs.html.path, err))
		}
	}
	if !v.Pass {
		if *o.json || !(isTerminal(env.Stdout) && isTerminal(env.Stderr)) {
			for _, l := range baseline.RegressionLines(v, lang) {
				fmt.Fprintln(env.Stderr, l)
			}
			if *o.json {
				fmt.Fprintln(env.Stderr, baseline.ConclusionText(v, lang))
			}
		}
		return &ExitError{Code: 1, Err: writeErr}
	}
	if writeErr != nil {
		return &ExitError{Code: 1, Err: writeErr}
	}
	return nil
}

// loadBaseline is a baseline read for `load --baseline`, with its options.
type loadBaseline struct {
	files []*loadresult.Result
	opt   baseline.Options
}

// readBaseline reads and checks --baseline files before a run (nil when
// none is given): files that cannot be compared with a run of url are a
// usage error before anything is sent.
func readBaseline(lang msg.Lang, bf *baselineFlags, url string) (*loadBaseline, error) {
	if len(bf.files) == 0 {
		return nil, nil
	}
	opt, err := bf.options(lang)
	if err != nil {
		return nil, err
	}
	base, err := readResultFiles(lang, bf.files)
	if err != nil {
		return nil, err
	}
	if err := baseline.CheckBaseline(base, url, opt); err != nil {
		return nil, baselineErr(lang, err)
	}
	return &loadBaseline{files: base, opt: opt}, nil
}

// judgeRun reports a finished run and judges it against the baseline:
// the run's text report (JSON: the comparison alone), --out, then the
// comparison and its exit code. An interrupted run exits 130 (and never
// passes); a breached threshold or a failed comparison exits 1.
func judgeRun(env *Env, res *loadresult.Result, bl *loadBaseline, o *outputFlags, ths []loadreport.Threshold, lang msg.Lang, outs *outputs, outPath string) error {
	rep := loadreport.Analyze(res, lang)
	breaches := loadreport.Check(rep, ths, lang)
	if !*o.json {
		if err := loadreport.WriteText(env.Stdout, rep, lang, len(ths)); err != nil {
			outs.discard()
			return err
		}
		fmt.Fprintln(env.Stdout)
	}
	var writeErr error
	if outs != nil && outs.result != nil {
		if err := outs.result.write(res.Write); err != nil {
			writeErr = errors.New(msg.T(lang, "load.write.failed", "--out", outs.result.path, err))
		}
	}
	if outPath != "" {
		res.SetSource(outPath)
	} else {
		res.SetSource(msg.T(lang, "baseline.this_run"))
	}
	v, err := baseline.Compare(bl.files, []*loadresult.Result{res}, bl.opt)
	if err != nil {
		return baselineErr(lang, err)
	}
	cmpErr := emitBaseline(env, v, o, lang, outs)
	for _, b := range breaches {
		fmt.Fprintln(env.Stderr, b)
	}
	switch {
	case res.Interrupted:
		return interrupted(writeErr)
	case cmpErr != nil:
		return cmpErr
	case len(breaches) > 0 || writeErr != nil:
		return &ExitError{Code: 1, Err: writeErr}
	}
	return nil
}
