package jdk

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/waitlab/waitlab/internal/model"
)

// CacheDir is where compiled classes are kept: $WAITLAB_CACHE/java when
// set, else the user's cache directory's waitlab/java, else the temporary
// directory's.
func CacheDir() string {
	if d := os.Getenv("WAITLAB_CACHE"); d != "" {
		return filepath.Join(d, "java")
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "waitlab", "java")
	}
	return filepath.Join(os.TempDir(), "waitlab-cache", "java")
}

// Control is the Java half of supervise's control channel
// (waitlab.control.Control): pass it to Compile beside a child's own
// sources, so every JVM child is cancelled and reports the same way.
var Control fs.FS = controlFS

//go:embed java
var javaFS embed.FS

var controlFS = mustSub(javaFS, "java")

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}

// Compile compiles every .java file of srcs (embedded trees, merged) with j's
// javac against classpath, into a directory of CacheDir named after name,
// j's major version and a hash of j, the sources, the classpath's jars and
// the flags, and returns that directory. A directory already there is
// reused without running javac: each JDK compiles each version of the
// sources once. Concurrent callers are safe: each compiles into its own
// temporary directory and the first rename wins. A compile error is
// returned with javac's output.
func (j *JDK) Compile(ctx context.Context, name string, classpath []string, srcs ...fs.FS) (string, error) {
	if j.Javac == "" {
		return "", model.NewFieldError(Field, "jdkfind.err.nojavac", j.Home)
	}
	files, hash, err := sourceHash(j, srcs, classpath)
	if err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", fmt.Errorf("jdk: no .java sources for %s", name)
	}
	root := CacheDir()
	dir := filepath.Join(root, fmt.Sprintf("%s-jdk%d-%s", name, j.Major, hash[:16]))
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("jdk: cache directory: %w", err)
	}
	tmp, err := os.MkdirTemp(root, name+".tmp-")
	if err != nil {
		return "", fmt.Errorf("jdk: cache directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	srcDir := filepath.Join(tmp, "src")
	var paths []string
	for _, f := range files {
		b, err := fs.ReadFile(f.fsys, f.path)
		if err != nil {
			return "", err
		}
		p := filepath.Join(srcDir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return "", err
		}
		paths = append(paths, p)
	}
	classes := filepath.Join(tmp, "classes")
	args := append(javacFlags(), "-d", classes)
	if len(classpath) > 0 {
		args = append(args, "-cp", strings.Join(classpath, string(os.PathListSeparator)))
	}
	args = append(args, paths...)
	cmd := exec.CommandContext(ctx, j.Javac, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("jdk: javac (%s) failed compiling %s: %v\n%s", j.Version, name, err, out)
	}
	if err := os.Rename(classes, dir); err != nil {
		if st, e2 := os.Stat(dir); e2 == nil && st.IsDir() {
			return dir, nil // another caller compiled the same first
		}
		return "", fmt.Errorf("jdk: cache directory: %w", err)
	}
	return dir, nil
}

func javacFlags() []string {
	return []string{"-encoding", "UTF-8", "-nowarn", "-proc:none", "-Xlint:none", "-g"}
}

// sourceHash lists src's .java files (sorted) and hashes the JDK, them,
// the classpath's jars (path, size, modification time) and the flags. A
// path given by two trees is an error.
func sourceHash(j *JDK, srcs []fs.FS, classpath []string) ([]source, string, error) {
	var files []source
	seen := map[string]bool{}
	for _, src := range srcs {
		err := fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".java") {
				if seen[p] {
					return fmt.Errorf("jdk: %s is in two source trees", p)
				}
				seen[p] = true
				files = append(files, source{src, p})
			}
			return nil
		})
		if err != nil {
			return nil, "", err
		}
	}
	sort.Slice(files, func(a, b int) bool { return files[a].path < files[b].path })
	h := sha256.New()
	fmt.Fprintf(h, "jdk %s %s %s\n", j.Home, j.Version, j.Vendor)
	fmt.Fprintf(h, "flags %q\n", javacFlags())
	for _, f := range files {
		fmt.Fprintf(h, "file %s\n", f.path)
		r, err := f.fsys.Open(f.path)
		if err != nil {
			return nil, "", err
		}
		_, err = io.Copy(h, r)
		r.Close()
		if err != nil {
			return nil, "", err
		}
	}
	for _, c := range classpath {
		if st, err := os.Stat(c); err == nil {
			fmt.Fprintf(h, "cp %s %d %d\n", c, st.Size(), st.ModTime().UnixNano())
		} else {
			fmt.Fprintf(h, "cp %s missing\n", c)
		}
	}
	return files, hex.EncodeToString(h.Sum(nil)), nil
}

type source struct {
	fsys fs.FS
	path string
}

// JarDir is where Debian installs Java libraries.
var JarDir = "/usr/share/java"

// Jars finds, for each base name ("netty-buffer", "logback-classic"), its
// jar in dirs (JarDir when none): NAME.jar, else the one NAME-VERSION.jar.
// A missing one is a *model.FieldError (field "classpath") naming the
// Debian package that ships it.
func Jars(dirs []string, pkg string, names ...string) ([]string, error) {
	if len(dirs) == 0 {
		dirs = []string{JarDir}
	}
	var out []string
	for _, n := range names {
		p := findJar(dirs, n)
		if p == "" {
			return nil, model.NewFieldError("classpath", "jdkfind.err.jar", n+".jar", strings.Join(dirs, ":"), pkg)
		}
		out = append(out, p)
	}
	return out, nil
}

func findJar(dirs []string, name string) string {
	for _, d := range dirs {
		p := filepath.Join(d, name+".jar")
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Size() > 0 {
			return p
		}
		m, _ := filepath.Glob(filepath.Join(d, name+"-[0-9]*.jar"))
		sort.Strings(m)
		if len(m) > 0 {
			return m[len(m)-1]
		}
	}
	return ""
}
