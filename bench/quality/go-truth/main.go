// Ground truth for Go call edges: every call expression of the packages under a source root
// (GOOS/GOARCH of this machine, cgo faked), type-checked with go/types against the source of its
// imports, printed as one JSON object per line: where the callee's name is written, and what the
// type checker says it names (a function or method's declaration, a builtin, a conversion's type,
// or a variable holding a function value).
//
// With -docs it prints the doc comments of functions, methods and types instead (search queries).
//
//	go run main.go <src root> [-docs]
package main

import (
	"encoding/json"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

type site struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Name   string `json:"name"`
	What   string `json:"what"` // func | method | builtin | conversion | variable | unsafe | unknown
	TFile  string `json:"tfile,omitempty"`
	TLine  int    `json:"tline,omitempty"`
	TName  string `json:"tname,omitempty"`
	Recv   string `json:"recv"`   // bare | package | method value | interface method | field | expression
	Caller string `json:"caller"` // enclosing func "Name" or "Recv.Name", "" at package level
	CLine  int    `json:"cline,omitempty"`
	Code   string `json:"code"`
}

func main() {
	root, _ := filepath.Abs(os.Args[1])
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	out := json.NewEncoder(os.Stdout)
	_, err := os.Stat(filepath.Join(root, "unsafe", "unsafe.go"))
	unsafeDoc := err == nil
	root, _ = filepath.EvalSymlinks(root)
	real := map[string]string{} // the importer reads GOROOT/src through its own path (a symlink on Debian)
	rel := func(p token.Pos) (string, int) {
		pos := fset.Position(p)
		dir := filepath.Dir(pos.Filename)
		if _, ok := real[dir]; !ok {
			real[dir], _ = filepath.EvalSymlinks(dir)
		}
		r, err := filepath.Rel(root, filepath.Join(real[dir], filepath.Base(pos.Filename)))
		if err != nil || strings.HasPrefix(r, "..") {
			return "", pos.Line
		}
		return filepath.ToSlash(r), pos.Line
	}
	docs := len(os.Args) > 2 && os.Args[2] == "-docs"
	filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if n := d.Name(); n == "testdata" || (strings.HasPrefix(n, ".") && dir != root) {
			return filepath.SkipDir
		}
		pkg, err := build.Default.ImportDir(dir, 0)
		if err != nil && pkg == nil {
			return nil
		}
		names := append(append([]string{}, pkg.GoFiles...), pkg.CgoFiles...)
		if len(names) == 0 {
			return nil
		}
		var files []*ast.File
		for _, n := range names {
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
			if err == nil {
				files = append(files, f)
			}
		}
		if docs {
			printDocs(files, rel, out)
			return nil
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp.(types.ImporterFrom), FakeImportC: true, Error: func(error) {}}
		conf.Check(pkg.ImportPath, fset, files, info)
		for _, f := range files {
			src, _ := os.ReadFile(fset.Position(f.Pos()).Filename)
			// the caller: the enclosing function, or the package-level name a value initialises
			// (codeindex's node for `var x = f()`), else the file
			type scope struct {
				node   ast.Node
				caller string
				cline  int
			}
			var scopes []scope
			for _, decl := range f.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					_, line := rel(d.Name.Pos())
					scopes = append(scopes, scope{d, d.Name.Name, line})
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						vs, ok := spec.(*ast.ValueSpec)
						if !ok || len(vs.Names) == 0 {
							scopes = append(scopes, scope{spec, "", 0})
							continue
						}
						for i, v := range vs.Values {
							name := vs.Names[len(vs.Names)-1]
							if i < len(vs.Names) {
								name = vs.Names[i]
							}
							_, line := rel(name.Pos())
							scopes = append(scopes, scope{v, name.Name, line})
						}
					}
				}
			}
			for _, sc := range scopes {
				caller, cline := sc.caller, sc.cline
				ast.Inspect(sc.node, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					fun := call.Fun
					for p, ok := fun.(*ast.ParenExpr); ok; p, ok = fun.(*ast.ParenExpr) {
						fun = p.X
					}
					if ix, ok := fun.(*ast.IndexExpr); ok {
						fun = ix.X
					}
					if ix, ok := fun.(*ast.IndexListExpr); ok {
						fun = ix.X
					}
					var id *ast.Ident
					recv := "bare"
					switch x := fun.(type) {
					case *ast.Ident:
						id = x
					case *ast.SelectorExpr:
						id = x.Sel
						if sel, ok := info.Selections[x]; ok {
							if sel.Kind() == types.FieldVal {
								recv = "field"
							} else if types.IsInterface(sel.Recv()) {
								recv = "interface method"
							} else {
								recv = "method value"
							}
						} else if pid, ok := x.X.(*ast.Ident); ok {
							if _, ok := info.Uses[pid].(*types.PkgName); ok {
								recv = "package"
							} else {
								recv = "expression"
							}
						} else {
							recv = "expression"
						}
					default:
						return true
					}
					s := site{Name: id.Name, Recv: recv, Caller: caller, CLine: cline}
					s.File, s.Line = rel(id.Pos())
					a, b := fset.Position(call.Pos()).Offset, fset.Position(call.End()).Offset
					code := string(src[a:b])
					if i := strings.IndexByte(code, '\n'); i >= 0 {
						code = code[:i]
					}
					if len(code) > 90 {
						code = code[:90]
					}
					s.Code = code
					obj := info.Uses[id]
					if obj != nil && obj.Pkg() == types.Unsafe && unsafeDoc {
						// go/types builds package unsafe in; the tree declares it, for its docs, in unsafe/unsafe.go
						s.What, s.TFile, s.TName = "unsafe", "unsafe/unsafe.go", obj.Name()
						out.Encode(s)
						return true
					}
					switch o := obj.(type) {
					case *types.Func:
						s.What = "func"
						if sig, ok := o.Type().(*types.Signature); ok && sig.Recv() != nil {
							s.What = "method"
						}
						s.TFile, s.TLine = rel(o.Pos())
						s.TName = o.Name()
					case *types.Builtin:
						s.What = "builtin"
					case *types.TypeName:
						s.What = "conversion"
						s.TFile, s.TLine = rel(o.Pos())
						s.TName = o.Name()
					case *types.Var:
						s.What = "variable"
						s.TFile, s.TLine = rel(o.Pos())
						s.TName = o.Name()
					default:
						s.What = "unknown"
					}
					out.Encode(s)
					return true
				})
			}
		}
		return nil
	})
}

type doc struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

// printDocs prints each documented function, method and type: where its name is, and its doc.
func printDocs(files []*ast.File, rel func(token.Pos) (string, int), out *json.Encoder) {
	emit := func(name *ast.Ident, g *ast.CommentGroup) {
		if g == nil {
			return
		}
		d := doc{Name: name.Name, Doc: g.Text()}
		d.File, d.Line = rel(name.Pos())
		out.Encode(d)
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch x := decl.(type) {
			case *ast.FuncDecl:
				emit(x.Name, x.Doc)
			case *ast.GenDecl:
				for _, spec := range x.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						if ts.Doc != nil {
							emit(ts.Name, ts.Doc)
						} else if len(x.Specs) == 1 {
							emit(ts.Name, x.Doc)
						}
					}
				}
			}
		}
	}
}
