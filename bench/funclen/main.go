// Command funclen prints the distribution of Go function lengths (in
// lines, from the func keyword to the closing brace) over the non-test
// files under a directory, and the longest functions. Message tables
// (internal/msg) are left out: they are data. Usage:
//
//	go run ./bench/funclen [-top 20] [-over 120] [dir]
//
// It exits 1 when a function is over -over lines (0: never).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type fn struct {
	name, file string
	lines      int
}

func main() {
	top := flag.Int("top", 20, "how many of the longest to print")
	over := flag.Int("over", 0, "exit 1 when a function is longer than this (0: never)")
	flag.Parse()
	root := "internal"
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	var fns []fn
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || filepath.ToSlash(path) == "internal/msg" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				name = recv(fd.Recv.List[0].Type) + "." + name
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			fns = append(fns, fn{name, path, n})
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "funclen:", err)
		os.Exit(2)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].lines > fns[j].lines })
	buckets := []int{40, 60, 80, 100, 120, 150, 200}
	fmt.Printf("%d functions under %s (tests and internal/msg left out)\n", len(fns), root)
	for _, b := range buckets {
		c := 0
		for _, f := range fns {
			if f.lines > b {
				c++
			}
		}
		fmt.Printf("  over %3d lines: %d\n", b, c)
	}
	fmt.Printf("the %d longest:\n", min(*top, len(fns)))
	for _, f := range fns[:min(*top, len(fns))] {
		fmt.Printf("  %4d  %-40s %s\n", f.lines, f.name, f.file)
	}
	if *over > 0 && len(fns) > 0 && fns[0].lines > *over {
		os.Exit(1)
	}
}

func recv(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return "(*" + recv(t.X) + ")"
	case *ast.IndexExpr:
		return recv(t.X)
	case *ast.IndexListExpr:
		return recv(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}
