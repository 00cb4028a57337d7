// Package buildinfo says which waitlab this is: the module version and the
// VCS commit it was built from, read from the binary's build information
// (debug.ReadBuildInfo), so every result and page can echo it.
package buildinfo

import "runtime/debug"

// Version is the module version from the build info; for a build from a
// checkout, "devel-" and the first 12 digits of the commit; else "devel".
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := bi.Main.Version
	if v != "" && v != "(devel)" {
		return v
	}
	if c := Commit(); len(c) >= 12 {
		return "devel-" + c[:12]
	}
	return "devel"
}

// Commit is the VCS revision the binary was built from ("" when unknown),
// with "+dirty" when the work tree had uncommitted changes.
func Commit() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" && modified == "true" {
		rev += "+dirty"
	}
	return rev
}
