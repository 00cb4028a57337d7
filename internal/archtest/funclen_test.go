package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxFuncLines is the house rule: no production function over 120 lines
// (counted from `func` to its closing brace) outside the message catalog.
const maxFuncLines = 120

// longFuncs are the functions still over the cap, each with its length
// when listed and why it is not split yet. The list may only shrink: a
// function that grows past its listed length, or no longer exceeds the
// cap (or is gone), fails the test, so the list stays true.
var longFuncs = map[string]struct {
	lines int
	why   string
}{}

func TestNoLongFunctions(t *testing.T) {
	fset := token.NewFileSet()
	found := map[string]int{}
	for _, f := range goFiles(t) {
		if strings.HasPrefix(f, "msg/") {
			continue
		}
		file, err := parser.ParseFile(fset, filepath.Join("..", f), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n <= maxFuncLines {
				continue
			}
			found[f+":"+funcName(fn)] = n
		}
	}
	var names []string
	for k := range found {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		n := found[k]
		ex, ok := longFuncs[k]
		switch {
		case !ok:
			t.Errorf("%s is %d lines, over the cap of %d: split it", k, n, maxFuncLines)
		case n > ex.lines:
			t.Errorf("%s grew to %d lines (listed at %d, over the cap of %d): split it, do not grow it", k, n, ex.lines, maxFuncLines)
		}
	}
	for k, ex := range longFuncs {
		if _, ok := found[k]; !ok {
			t.Errorf("%s is no longer over %d lines: take it off longFuncs (%s)", k, maxFuncLines, ex.why)
		}
	}
}

// funcName is a function's name, with its receiver's type for a method
// (Server.handle).
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	if ix, ok := typ.(*ast.IndexExpr); ok {
		typ = ix.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}
