package model

import (
	"github.com/waitlab/waitlab/internal/msg"
)

// FieldError is a problem with one field of a scenario (or of any other
// user input): the field's name, and a catalog message saying what is wrong
// and how to fix it. Error gives the English text; Localize gives either.
type FieldError struct {
	Field string
	Key   string
	Args  []any
}

func fieldErr(field, key string, args ...any) *FieldError {
	return &FieldError{Field: field, Key: key, Args: args}
}

// parseErr is a parse error not yet tied to a field: whoever knows the
// field (a flag, a scenario key) fills FieldError.Field.
func parseErr(key string, args ...any) *FieldError {
	return &FieldError{Key: key, Args: args}
}

// NewFieldError returns a FieldError for a catalog key.
func NewFieldError(field, key string, args ...any) *FieldError {
	return fieldErr(field, key, args...)
}

// Error implements error, in English.
func (e *FieldError) Error() string { return e.Localize(msg.EN) }

// Localize returns the message in lang.
func (e *FieldError) Localize(lang msg.Lang) string {
	if e.Field == "" {
		return msg.T(lang, e.Key, e.Args...)
	}
	return e.Field + ": " + msg.T(lang, e.Key, e.Args...)
}
