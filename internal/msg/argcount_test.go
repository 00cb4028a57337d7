package msg

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// verbArgs is how many arguments a format string consumes: its verbs
// (%% excluded), widths and precisions given by '*', and explicit
// argument indexes ("%[2]s"), as fmt reads them.
func verbArgs(f string) int {
	arg, most := 0, 0
	use := func() {
		arg++
		most = max(most, arg)
	}
	index := func(i int) int { // at '[': set arg, return the index after ']'
		j := strings.IndexByte(f[i:], ']')
		if j < 0 {
			return i
		}
		if n, err := strconv.Atoi(f[i+1 : i+j]); err == nil && n > 0 {
			arg = n - 1
		}
		return i + j + 1
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		for i < len(f) && strings.IndexByte("+-# 0", f[i]) >= 0 {
			i++
		}
		if i < len(f) && f[i] == '[' {
			i = index(i)
		}
		if i < len(f) && f[i] == '*' {
			use()
			i++
		}
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		if i < len(f) && f[i] == '.' {
			i++
			if i < len(f) && f[i] == '[' {
				i = index(i)
			}
			if i < len(f) && f[i] == '*' {
				use()
				i++
			}
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
			}
		}
		if i < len(f) && f[i] == '[' {
			i = index(i)
		}
		if i >= len(f) || f[i] == '%' {
			continue
		}
		use()
	}
	return most
}

func TestVerbArgs(t *testing.T) {
	for f, want := range map[string]int{
		"none": 0, "100%%": 0, "%s and %d": 2, "%[2]s %[1]s": 2, "%*d": 2, "%.*f": 2, "%-8s|%6.2f": 2, "%q{을/를}": 1,
		"SLO %q: %s is a floor; write it the way a bigger size helps: %s>%s": 4,
	} {
		if got := verbArgs(f); got != want {
			t.Errorf("verbArgs(%q) = %d; want %d", f, got, want)
		}
	}
}

// formatters are the functions that format a catalog entry with the
// arguments after its key: T itself and the wrappers around it. A function
// that takes a key to format later (parseNoArgs) is not one.
var formatters = map[string]bool{
	"T": true, "T_": true, "NewFieldError": true, "fieldErr": true, "parseErr": true,
	"Note": true, "Progressf": true, "refuse": true, "add": true,
}

func calleeName(e ast.Expr) string {
	switch fn := e.(type) {
	case *ast.Ident:
		return fn.Name
	case *ast.SelectorExpr:
		return fn.Sel.Name
	}
	return ""
}

// callSite is a place the source formats a catalog entry with a known
// number of arguments.
type callSite struct {
	key, where string
	args       int
}

// catalogCalls finds, in every non-test Go file of the module, the calls
// that pass a catalog key followed by its format arguments (msg.T(l, KEY,
// a...), model.NewFieldError(field, KEY, a...), usagef-style wrappers) and
// the literals that carry a key with its arguments (MergeError{Key: KEY,
// Args: []any{...}}). A call that spreads a slice (args...) is skipped: its
// count is not known here.
func catalogCalls(t *testing.T) []callSite {
	t.Helper()
	var sites []callSite
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	keyOf := func(e ast.Expr) (string, bool) {
		bl, ok := e.(*ast.BasicLit)
		if !ok || bl.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(bl.Value)
		if err != nil || !Has(s) {
			return "", false
		}
		return s, true
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if x.Ellipsis.IsValid() || !formatters[calleeName(x.Fun)] {
					return true
				}
				for i, a := range x.Args {
					if k, ok := keyOf(a); ok {
						sites = append(sites, callSite{k, fset.Position(a.Pos()).String(), len(x.Args) - i - 1})
						break
					}
				}
			case *ast.CompositeLit:
				key, args, hasArgs := "", 0, false
				for _, e := range x.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					id, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					switch id.Name {
					case "Key":
						key, _ = keyOf(kv.Value)
					case "Args":
						if cl, ok := kv.Value.(*ast.CompositeLit); ok {
							args, hasArgs = len(cl.Elts), true
						} else {
							hasArgs = false
							key = "" // built elsewhere: not known here
						}
					}
				}
				if key != "" && hasArgs {
					sites = append(sites, callSite{key, fset.Position(x.Pos()).String(), args})
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatalf("scan the source: %v", err)
	}
	return sites
}

// Issue 19, fault 9: plan --slo 'p99>200ms' printed "200ms<%!s(MISSING)"
// because the entry had four verbs and its call passed three. Every
// catalog entry is formatted, in both languages, with as many arguments as
// each of its call sites passes; and its two languages take the same
// number (go vet's printf check cannot see through the catalog's key).
func TestCatalogArgumentCounts(t *testing.T) {
	sites := catalogCalls(t)
	if len(sites) < 300 {
		t.Fatalf("the scan found %d call sites: it did not read the source", len(sites))
	}
	var bad []string
	checked := map[string]bool{}
	for _, s := range sites {
		// Without arguments T prints the text as it is (a "%" in it is
		// a percent sign): nothing is formatted, nothing can be missing.
		if s.args == 0 {
			continue
		}
		e := catalog[s.key]
		if ko, en := verbArgs(e.KO), verbArgs(e.EN); ko != en && !checked[s.key] {
			bad = append(bad, s.key+": Korean takes "+strconv.Itoa(ko)+" arguments, English "+strconv.Itoa(en))
		}
		checked[s.key] = true
		want := verbArgs(e.EN)
		if s.args != want {
			bad = append(bad, s.where+": "+s.key+" is given "+strconv.Itoa(s.args)+" arguments; its text takes "+strconv.Itoa(want))
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}
