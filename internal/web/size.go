package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
	"github.com/waitlab/waitlab/internal/plan"
)

// The size-it panel: POST /api/plan runs internal/plan for the page's
// scenario and an objective, and answers with plan's --json object, its
// text and its SVG curve (the seeds' range drawn as bands) in the page's
// language. The search is bounded as a simulation is (SimMaxWall, one of
// simSlots), and its curve small enough to answer the lab's presets in well
// under a second (BenchmarkPlanPresets).

// PlanAnswer is POST /api/plan's answer.
type PlanAnswer struct {
	*plan.Result
	Text string `json:"text"`
	SVG  string `json:"svg"`
}

// planMax is the largest size the panel tries: the page's scenarios are
// small, and a bound keeps the answer quick.
const planMax = 256

// Size answers the sizing question for req's scenario and the objective
// slo ("batch<3s", "p99<200ms", "rps>1000").
func (s *Server) Size(ctx context.Context, req Request, slo string, lang msg.Lang) (*PlanAnswer, error) {
	o, err := plan.ParseSLO(strings.TrimSpace(slo))
	if err != nil {
		if fe, ok := err.(*model.FieldError); ok {
			fe.Field = "slo"
			return nil, fe
		}
		return nil, model.NewFieldError("slo", "web.err.slo", slo)
	}
	if _, err := s.Simulate(ctx, req, lang, false, false); err != nil {
		return nil, err // the scenario is too big for this lab
	}
	select {
	case s.simSlots <- struct{}{}:
		defer func() { <-s.simSlots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	pctx, cancel := context.WithTimeout(ctx, s.cfg.SimMaxWall)
	defer cancel()
	cfg := plan.Config{Scenario: req.Scenario, SLOs: []plan.SLO{o}, Max: planMax, Requests: 2000, Seeds: 2, MaxSeeds: 4, Curve: 12, Workers: 1}
	res, err := plan.Run(pctx, cfg)
	if err != nil {
		if ctx.Err() == nil && pctx.Err() != nil {
			return nil, refuse(http.StatusUnprocessableEntity, "slo", "web.err.plan.slow", s.cfg.SimMaxWall.Seconds())
		}
		var fe *model.FieldError
		if errors.As(err, &fe) && fe.Field == "--slo" {
			fe.Field = "slo" // the page's JSON field, not the CLI's flag
		}
		return nil, err
	}
	var text, svg bytes.Buffer
	if err := plan.WriteText(&text, lang, res); err != nil {
		return nil, err
	}
	if err := plan.WriteSVG(&svg, lang, res); err != nil {
		return nil, err
	}
	return &PlanAnswer{Result: res, Text: text.String(), SVG: svg.String()}, nil
}

func (s *Server) plan(w http.ResponseWriter, r *http.Request) {
	lang := s.langOf(r)
	body, err := s.readBody(w, r)
	if err != nil {
		s.fail(w, lang, err)
		return
	}
	// {"slo": "batch<3s", ...the scenario's fields as POST /api/sim's}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil || fields == nil {
		s.fail(w, lang, model.NewFieldError("", "web.err.body.json", jsonProblem(err)))
		return
	}
	var slo string
	if raw, ok := fields["slo"]; ok {
		if err := json.Unmarshal(raw, &slo); err != nil {
			s.fail(w, lang, model.NewFieldError("slo", "web.err.type.string"))
			return
		}
		delete(fields, "slo")
	}
	rest, _ := json.Marshal(fields)
	req, err := ParseRequest(rest)
	if err != nil {
		s.fail(w, lang, err)
		return
	}
	a, err := s.Size(r.Context(), req, slo, lang)
	if err != nil {
		if r.Context().Err() != nil {
			return
		}
		s.fail(w, lang, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}
