package launch

import (
	"context"
	"errors"
	"testing"

	"github.com/waitlab/waitlab/internal/model"
)

// --heap and --hold-kb: checked before anything starts, each refusal
// naming its flag.
func TestHeapFlags(t *testing.T) {
	for _, c := range []struct {
		cfg   Config
		field string
	}{
		{Config{Engine: Tomcat, Heap: "lots"}, "heap"},
		{Config{Engine: Tomcat, Heap: "0m"}, "heap"},
		{Config{Engine: Tomcat, HoldKB: -1}, "hold-kb"},
		{Config{Engine: Tomcat, HoldKB: maxHoldKB + 1}, "hold-kb"},
		{Config{Engine: Netty, HoldKB: 64}, "hold-kb"},
	} {
		err := c.cfg.checkJVM()
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%+v: %v, want a field error naming %s", c.cfg, err, c.field)
		}
	}
	for _, ok := range []Config{{Engine: Tomcat, Heap: "64m", HoldKB: 512}, {Engine: Netty, Heap: "1g"}, {Engine: Tomcat, Heap: "100000000"}} {
		if err := ok.checkJVM(); err != nil {
			t.Errorf("%+v refused: %v", ok, err)
		}
	}
	_, err := Start(context.Background(), Config{Engine: Go, Heap: "64m"}, Options{})
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "heap" {
		t.Errorf("--heap on the Go target: %v, want refused", err)
	}
	c, err := FromArgs([]string{"--engine", "tomcat", "--heap", "48m", "--hold-kb", "256"})
	if err != nil || c.Heap != "48m" || c.HoldKB != 256 {
		t.Errorf("FromArgs: %+v, %v", c, err)
	}
}
