package runner

import (
	"errors"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

// Problem is a refused input as a person reads it: the field at fault (a
// scenario or override JSON name: "threads", "wait", ...; "" when no one
// field is) and the message, in the reader's language. The web lab sends
// it as its error body; the CLI prints the same catalog text.
type Problem struct {
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// Explain turns the errors a person can fix into a Problem in lang:
// *model.FieldError (bad scenario or override), *TooBigError (too big
// for a real run on this machine) and *CapError (over the caller's caps).
// It reports false for anything else (a failure that is not the input's
// fault), which the caller reports as its own.
func Explain(err error, lang msg.Lang) (Problem, bool) {
	var fe *model.FieldError
	var tb *TooBigError
	var ce *CapError
	switch {
	case errors.As(err, &fe):
		return Problem{Field: fe.Field, Message: fe.Localize(lang)}, true
	case errors.As(err, &tb):
		return Problem{Field: tooBigField[tb.Key], Message: msg.T(lang, tb.Key, tb.Args...)}, true
	case errors.As(err, &ce):
		switch ce.Cap {
		case "wall":
			return Problem{Field: "requests", Message: msg.T(lang, "lab.cap.wall", ce.Got, ce.Limit)}, true
		case "threads":
			return Problem{Field: "threads", Message: msg.T(lang, "lab.cap.threads", int(ce.Got), int(ce.Limit))}, true
		default:
			return Problem{Field: "requests", Message: msg.T(lang, "lab.cap.requests", int(ce.Got), int(ce.Limit))}, true
		}
	}
	return Problem{}, false
}

// tooBigField names the field a machine refusal is about.
var tooBigField = map[string]string{
	"run.err.threads":    "threads",
	"run.err.requests":   "requests",
	"run.err.vus":        "arrival",
	"run.err.goroutines": "requests",
	"run.err.wall":       "requests",
}
