package jdk_test

import (
	"context"
	"testing"
	"testing/fstest"
	"time"

	"github.com/waitlab/waitlab/internal/jdk"
	"github.com/waitlab/waitlab/internal/jdk/jdktest"
	"github.com/waitlab/waitlab/internal/supervise"
)

// A JVM child speaks supervise's control channel through Control.java:
// its ready address and report reach the parent as data, and closing the
// cancel pipe stops it.
func TestJavaControlChannel(t *testing.T) {
	j := jdktest.Need(t, 0)
	t.Setenv("WAITLAB_CACHE", t.TempDir())
	main := fstest.MapFS{"waitlab/ctl/Main.java": {Data: []byte(`package waitlab.ctl;
import waitlab.control.Control;
import java.util.concurrent.CountDownLatch;
public class Main {
  public static void main(String[] a) throws Exception {
    Control c = Control.open();
    CountDownLatch done = new CountDownLatch(1);
    c.onCancel(done::countDown);
    c.ready("127.0.0.1:1");
    done.await();
    c.report("{\"said\":" + Control.quote("bye \"x\"\n") + ",\"supervised\":" + c.supervised() + "}");
  }
}`)}}
	dir, err := j.Compile(context.Background(), "ctltest", nil, jdk.Control, main)
	if err != nil {
		t.Fatal(err)
	}
	c, err := supervise.Start(supervise.Spec{Name: "jvm", Exe: j.Java, Args: []string{"-cp", dir, "waitlab.ctl.Main"}, Control: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	addr, err := c.WaitReady(ctx)
	if err != nil || addr != "127.0.0.1:1" {
		t.Fatalf("ready: %q %v", addr, err)
	}
	c.Cancel()
	if err := c.Wait(); err != nil {
		t.Fatalf("exit after cancel: %v (%s)", err, c.Stderr())
	}
	if got, want := string(c.Report()), `{"said":"bye \"x\"\n","supervised":true}`; got != want {
		t.Fatalf("report %s, want %s", got, want)
	}
}
