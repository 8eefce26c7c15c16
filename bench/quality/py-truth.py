# Ground truth for Python call edges: every call expression (`f(...)`, `a.b(...)`) of a sample of
# the corpus's files (every Nth of the sorted list), with what Jedi's goto (imports followed) says
# the callee's name is: a definition's file, line, name and type (or, where Jedi answers from its
# bundled stubs, the corpus file and qualified name the stub stands for), or nothing. One JSON
# object per line, like go-truth/main.go's.
# With -docs it prints the docstrings of functions, methods and classes instead (search queries).
#   python3 py-truth.py <root> [every | -docs]
import ast
import json
import os
import sys

import jedi

root = os.path.realpath(sys.argv[1])
docs = len(sys.argv) > 2 and sys.argv[2] == '-docs'
every = int(sys.argv[2]) if len(sys.argv) > 2 and not docs else 1
project = jedi.Project(root, added_sys_path=[os.path.dirname(root)])

files = []
for d, dirs, names in os.walk(root):
    dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
    files += [os.path.join(d, n) for n in sorted(names) if n.endswith('.py')]
files = files[::every]


def from_stub(full_name):
    """Jedi answers with its bundled stubs (django-stubs' .pyi) where it has them: the corpus file
    and the qualified name the stub's full name stands for."""
    parts = (full_name or '').split('.')
    if parts[0] != os.path.basename(root):
        return None
    for k in range(len(parts) - 1, 0, -1):
        base = os.path.join(root, *parts[1:k])
        for cand in (base + '.py', os.path.join(base, '__init__.py')):
            if os.path.isfile(cand):
                return os.path.relpath(cand, root), '.'.join(parts[k:])
    return None


def rel(path):
    p = os.path.realpath(str(path))
    return os.path.relpath(p, root) if p.startswith(root + os.sep) else None


class Sites(ast.NodeVisitor):
    # The caller is the innermost def or class, or the module- or class-level name a call's value
    # is assigned to (`x = f()`: codeindex's node for `x`), as TypeScript's truth does; a
    # decorator is called where its function is defined.
    def __init__(self, script, path, lines):
        self.script, self.path, self.lines, self.caller, self.in_def = script, path, lines, ('', 0), False

    def scoped(self, node):
        for d in node.decorator_list:
            self.visit(d)
        outer, outer_def = self.caller, self.in_def
        self.caller, self.in_def = (node.name, node.lineno), not isinstance(node, ast.ClassDef)
        for field in ('args', 'returns', 'bases', 'keywords', 'body'):
            v = getattr(node, field, None)
            for child in (v if isinstance(v, list) else [v] if v else []):
                self.visit(child)
        self.caller, self.in_def = outer, outer_def

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = scoped

    def assigned(self, node):
        targets = getattr(node, 'targets', None) or [getattr(node, 'target', None)]
        if self.in_def or len(targets) != 1 or not isinstance(targets[0], ast.Name) or node.value is None:
            self.generic_visit(node)
            return
        outer = self.caller
        self.caller = (targets[0].id, node.lineno)
        self.visit(node.value)
        self.caller = outer

    visit_Assign = visit_AnnAssign = assigned

    def visit_Call(self, node):
        f = node.func
        if isinstance(f, ast.Name):
            name, line, col, recv = f.id, f.lineno, f.col_offset, 'bare'
        elif isinstance(f, ast.Attribute):
            name, line, col = f.attr, f.end_lineno, f.end_col_offset - len(f.attr)
            v = f.value
            recv = 'self' if isinstance(v, ast.Name) and v.id in ('self', 'cls') else 'name' if isinstance(v, ast.Name) else 'self.attr' if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == 'self' else 'expression'
        else:
            self.generic_visit(node)
            return
        site = {'file': self.path, 'line': line, 'name': name, 'recv': recv, 'caller': self.caller[0], 'cline': self.caller[1],
                'code': self.lines[node.lineno - 1].strip()[:90], 'what': 'unknown'}
        try:
            defs = self.script.goto(line, col, follow_imports=True)
        except Exception:
            defs = []
        if defs:
            d = defs[0]
            site['what'] = d.type
            site['tname'] = d.name
            t = rel(d.module_path) if d.module_path else None
            stub = str(d.module_path).endswith('.pyi') and from_stub(d.full_name)
            if t and d.line:
                site['tfile'], site['tline'] = t, d.line
            elif stub:
                site['tfile'], site['tqual'] = stub
            else:
                site['what'] = 'external ' + d.type
        print(json.dumps(site))
        self.generic_visit(node)


for path in files:
    try:
        src = open(path, encoding='utf-8').read()
        tree = ast.parse(src)
    except (SyntaxError, UnicodeDecodeError, ValueError):
        continue
    if docs:
        # -docs: each documented function, method and class (search queries), no Jedi
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and ast.get_docstring(node):
                print(json.dumps({'file': os.path.relpath(path, root), 'line': node.lineno, 'name': node.name, 'doc': ast.get_docstring(node)}))
        continue
    script = jedi.Script(code=src, path=path, project=project)
    Sites(script, os.path.relpath(path, root), src.split('\n')).visit(tree)
