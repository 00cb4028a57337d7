package jvmexec

import (
	"github.com/waitlab/waitlab/internal/model"
	"github.com/waitlab/waitlab/internal/sysinfo"
)

func pidThreads(pid int) (int, error) { return sysinfo.PidThreads(pid) }

func collectEnv(version string) model.Env { return sysinfo.Collect(version) }
