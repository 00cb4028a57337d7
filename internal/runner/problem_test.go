package runner

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/msg"
)

func TestExplain(t *testing.T) {
	fe := model.NewFieldError("threads", "err.threads", 0, model.MaxThreads)
	for _, tc := range []struct {
		err         error
		lang        msg.Lang
		field, want string
		explainsIt  bool
	}{
		{fe, msg.EN, "threads", fe.Localize(msg.EN), true},
		{fmt.Errorf("wrapped: %w", fe), msg.KO, "threads", fe.Localize(msg.KO), true},
		{&TooBigError{Key: "run.err.threads", Args: []any{20000, MaxThreads}}, msg.KO, "threads", "OS 스레드 20000개", true},
		{&CapError{Cap: "requests", Limit: 2000, Got: 5000}, msg.EN, "requests", "capped at 2000 requests (this one has 5000)", true},
		{&CapError{Cap: "threads", Limit: 64, Got: 72}, msg.KO, "threads", "스레드 64개까지", true},
		{&CapError{Cap: "wall", Limit: 20, Got: 24}, msg.EN, "requests", "capped at 20 s of expected time (this one would take about 24.0 s", true},
		{errors.New("disk on fire"), msg.EN, "", "", false},
	} {
		p, ok := Explain(tc.err, tc.lang)
		if ok != tc.explainsIt || p.Field != tc.field || !strings.Contains(p.Message, tc.want) {
			t.Errorf("Explain(%v, %s) = %+v, %v; want field %q, a message with %q, %v", tc.err, tc.lang, p, ok, tc.field, tc.want, tc.explainsIt)
		}
	}
}
