package cli

import (
	"flag"

	"github.com/waitlab/waitlab/internal/jvmexec"
	"github.com/waitlab/waitlab/internal/runner"
)

// jvmFlags are `waitlab run`'s flags of the JVM view (--via jvm).
type jvmFlags struct {
	java, pin string
}

func addJVMFlags(fs *flag.FlagSet) *jvmFlags {
	j := &jvmFlags{}
	fs.StringVar(&j.java, "java", "", "--via jvm, and --via http with --engine tomcat|netty: the JDK to run on (a JDK home or its bin/java); else JAVA_HOME, java on PATH, then /usr/lib/jvm")
	fs.StringVar(&j.pin, "jvm-pin", "", "--via jvm, virtual threads: how a blocking call's wait holds its carrier: synchronized or native (default: synchronized before JDK 24, native from 24)")
	return j
}

func (j *jvmFlags) options() jvmexec.Options { return jvmexec.Options{Java: j.java, Pin: j.pin} }

// runnersVia is the views `run --via` names: with jvm and --compare, the
// Go run beside the JVM's (model, Go and JDK side by side).
func runnersVia(via string, compare bool) string {
	if via == runner.ViaJVM && compare {
		return runner.ViaJVMGo
	}
	return via
}
