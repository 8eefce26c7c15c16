// Call-graph quality against the TypeScript compiler. Ground truth: every call and `new`
// expression of the corpus, resolved by the type checker (the symbol at the callee's name,
// aliases followed; else the resolved signature's declaration) to a declaration inside the
// corpus, mapped to a codeindex node by file + name + line range. Our `calls`/`instantiates`
// edges are matched to call sites by file + line + name (an edge records the line and the name
// of the callee as written), then scored:
//   precision = edges to the compiler's target / edges at sites the compiler resolved
//               (sites it resolved outside the corpus, or to a parameter/local, count as wrong);
//   recall    = sites whose compiler target we have an edge to / sites resolved in the corpus.
// Sites the compiler cannot resolve either (any-typed receivers) are left out of both.
import { readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { canon, canonNode, EXAMPLES, loadGraph, scoreSites } from './score.mjs';

const require = createRequire(import.meta.url);

function listFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) listFiles(p, out);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** @returns the scores and the grouped errors for one indexed corpus. */
export async function scoreCalls(root, { top = 12, examples = EXAMPLES } = {}) {
  const ts = require('typescript');
  root = resolve(root);
  const graph = await loadGraph(root);
  const { nodesByFile, mapDecl } = graph;

  const files = listFiles(root);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true, checkJs: false, strict: true, noEmit: true, skipLibCheck: true, types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], jsx: ts.JsxEmit.Preserve,
    experimentalDecorators: true,
  });
  const checker = program.getTypeChecker();
  const relOf = (fileName) => {
    const abs = resolve(fileName);
    if (!abs.startsWith(root + sep)) return undefined;
    if (abs.endsWith('.d.ts') && !nodesByFile.has(relative(root, abs).split(sep).join('/'))) return undefined;
    return relative(root, abs).split(sep).join('/');
  };
  const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const declName = (d) => {
    if (ts.isConstructorDeclaration(d)) return 'constructor';
    const n = ts.getNameOfDeclaration(d);
    if (!n) return undefined;
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n)) return n.text;
    return undefined;
  };
  /** A declaration -> {node} (mapped), {external} (outside the corpus) or {nonNode} (param, local...). */
  const mapDeclaration = (d) => {
    let decl = d;
    // A function expression / arrow: the named thing it initialises.
    if ((ts.isArrowFunction(decl) || ts.isFunctionExpression(decl) || ts.isClassExpression(decl)) && !declName(decl) && decl.parent &&
      (ts.isVariableDeclaration(decl.parent) || ts.isPropertyAssignment(decl.parent) || ts.isPropertyDeclaration(decl.parent))) decl = decl.parent;
    const sf = decl.getSourceFile();
    const rel = relOf(sf.fileName);
    if (!rel) return { external: sf.fileName.includes('/typescript/lib/') ? 'lib' : 'outside' };
    const name = declName(decl);
    const nameNode = ts.getNameOfDeclaration(decl);
    const line = lineOf(sf, (nameNode ?? decl).getStart(sf));
    const n = name !== undefined ? mapDecl(rel, name, line) : undefined;
    if (n) return { node: n };
    return { nonNode: ts.SyntaxKind[decl.kind], at: `${rel}:${line}` };
  };
  // TypeScript's CommonJS re-export, `Object.defineProperty(exports, "X", { get: function () {
  // return mod_1.X; } })`: the checker's symbol for X is that call; what the getter returns is X
  const reexported = (d) => {
    if (!ts.isCallExpression(d) || d.getText().indexOf('defineProperty') < 0) return undefined;
    const obj = d.arguments[2];
    const get = obj && ts.isObjectLiteralExpression(obj) ? obj.properties.find((p) => p.name?.getText() === 'get') : undefined;
    const fn = get && ts.isPropertyAssignment(get) ? get.initializer : get;
    const ret = fn?.body && ts.isBlock(fn.body) ? fn.body.statements.find(ts.isReturnStatement)?.expression : undefined;
    return ret && checker.getSymbolAtLocation(ts.isPropertyAccessExpression(ret) ? ret.name : ret);
  };
  const symbolTarget = (sym, depth = 0) => {
    if (!sym) return undefined;
    if (sym.flags & ts.SymbolFlags.Alias) { try { sym = checker.getAliasedSymbol(sym); } catch { /* unknown */ } }
    const decls = sym.declarations ?? [];
    if (!decls.length) return undefined;
    const via = depth < 4 && decls.length === 1 ? reexported(decls[0]) : undefined;
    if (via) return symbolTarget(via, depth + 1);
    const ordered = sym.valueDeclaration ? [sym.valueDeclaration, ...decls.filter((d) => d !== sym.valueDeclaration)] : decls;
    let first;
    for (const d of ordered) {
      const m = mapDeclaration(d);
      if (m.node) return m;
      first ??= m;
    }
    return first;
  };

  const describeReceiver = (expr) => {
    while (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr) || ts.isAsExpression(expr)) expr = expr.expression;
    if (expr.kind === ts.SyntaxKind.ThisKeyword) return 'this';
    if (expr.kind === ts.SyntaxKind.SuperKeyword) return 'super';
    if (ts.isIdentifier(expr)) {
      let s = checker.getSymbolAtLocation(expr);
      if (!s) return 'unknown identifier';
      if (s.flags & ts.SymbolFlags.Alias) {
        const a = (() => { try { return checker.getAliasedSymbol(s); } catch { return undefined; } })();
        if (a && a.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) return 'namespace import';
        if (a && a.flags & ts.SymbolFlags.Class) return 'imported class (static)';
        return 'imported value';
      }
      if (s.flags & ts.SymbolFlags.Class) return 'class (static)';
      if (s.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) return 'namespace';
      const d = s.valueDeclaration;
      if (d && ts.isParameter(d)) return 'parameter';
      if (d && ts.isVariableDeclaration(d)) return 'variable';
      if (d && ts.isBindingElement(d)) return 'destructured variable';
      return 'identifier';
    }
    if (ts.isPropertyAccessExpression(expr)) return expr.expression.kind === ts.SyntaxKind.ThisKeyword ? 'this.field' : 'property chain';
    if (ts.isCallExpression(expr)) return 'call result';
    if (ts.isNewExpression(expr)) return 'new expression';
    if (ts.isElementAccessExpression(expr)) return 'element access';
    return 'expression';
  };
  const receiverType = (expr) => {
    try {
      const t = checker.getTypeAtLocation(expr);
      if (t.flags & ts.TypeFlags.Any) return 'any';
      if (t.isUnion()) return 'union';
      if (t.isIntersection()) return 'intersection';
      if (t.flags & ts.TypeFlags.TypeParameter) return 'type parameter';
      const s = t.getSymbol();
      if (!s) return 'anonymous type';
      if (s.flags & ts.SymbolFlags.Interface) return 'interface';
      if (s.flags & ts.SymbolFlags.Class) return 'class';
      if (s.flags & ts.SymbolFlags.TypeLiteral) return 'type literal';
      if (s.flags & (ts.SymbolFlags.ValueModule)) return 'module';
      return 'other type';
    } catch { return '?'; }
  };

  // Sites: key file:line:name -> {truth: [{uid, caller}], external, unknown, pattern, ...}
  const sites = new Map();
  const counts = { callExpressions: 0, newExpressions: 0, superCalls: 0, noName: 0, resolvedInCorpus: 0, resolvedExternal: 0, resolvedNonNode: 0, unresolvable: 0 };
  const nonNodeKinds = {};
  const callerOf = (node, rel, sf) => {
    for (let p = node.parent; p; p = p.parent) {
      if (ts.isFunctionDeclaration(p) || ts.isMethodDeclaration(p) || ts.isConstructorDeclaration(p) || ts.isGetAccessorDeclaration(p) ||
        ts.isSetAccessorDeclaration(p) || ts.isClassDeclaration(p) || ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) ||
        ts.isPropertyAssignment(p) || ts.isModuleDeclaration(p) || ts.isEnumDeclaration(p) || ts.isInterfaceDeclaration(p) ||
        ts.isTypeAliasDeclaration(p) || ts.isMethodSignature(p) || ts.isPropertySignature(p) || ts.isClassExpression(p) || ts.isFunctionExpression(p)) {
        const name = declName(p);
        if (name === undefined) continue;
        const nn = ts.getNameOfDeclaration(p);
        const n = mapDecl(rel, name, lineOf(sf, (nn ?? p).getStart(sf)));
        if (n) return canon(n.uid);
      }
    }
    return rel;
  };

  for (const sf of program.getSourceFiles()) {
    const rel = relOf(sf.fileName);
    if (!rel || sf.isDeclarationFile) continue;
    const visit = (node) => {
      const isCall = ts.isCallExpression(node), isNew = ts.isNewExpression(node);
      if (isCall || isNew) {
        if (isCall) counts.callExpressions++; else counts.newExpressions++;
        let callee = node.expression;
        // (`(0, mod_1.f)(x)`, compiled CommonJS's unbound call, calls mod_1.f)
        const unbound = (e) => ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.CommaToken && ts.isNumericLiteral(e.left);
        while (ts.isParenthesizedExpression(callee) || ts.isNonNullExpression(callee) || unbound(callee)) callee = unbound(callee) ? callee.right : callee.expression;
        if (callee.kind === ts.SyntaxKind.SuperKeyword) { counts.superCalls++; ts.forEachChild(node, visit); return; }
        let nameNode, recv;
        if (ts.isIdentifier(callee)) nameNode = callee;
        else if (ts.isPropertyAccessExpression(callee)) { nameNode = callee.name; recv = callee.expression; }
        if (!nameNode) { counts.noName++; ts.forEachChild(node, visit); return; }
        const name = nameNode.text;
        const line = lineOf(sf, nameNode.getStart(sf));
        let target = symbolTarget(checker.getSymbolAtLocation(nameNode));
        if (!target || (!target.node && isCall)) {
          // fall back on the signature (unions, intersections, calls of call signatures)
          const sig = (() => { try { return checker.getResolvedSignature(node); } catch { return undefined; } })();
          const d = sig?.declaration;
          if (d && !ts.isJSDocSignature(d)) {
            const m = mapDeclaration(d);
            if (m.node || !target) target = m;
          }
        }
        const key = `${rel}:${line}:${name}`;
        let site = sites.get(key);
        if (!site) {
          const receiver = recv ? describeReceiver(recv) : 'bare identifier';
          const rtype = recv ? receiverType(recv) : '';
          site = { key, file: rel, line, name, truth: [], external: 0, unknown: 0, isNew, receiver, rtype, code: node.getText(sf).split('\n')[0].slice(0, 90) };
          sites.set(key, site);
        }
        if (target?.node) {
          counts.resolvedInCorpus++;
          site.truth.push({ uid: canonNode(target.node), kind: target.node.kind, caller: callerOf(node, rel, sf) });
        } else if (target?.external) { counts.resolvedExternal++; site.external++; site.externalWhat = target.external; }
        else if (target?.nonNode) { counts.resolvedNonNode++; site.external++; site.externalWhat = `a ${target.nonNode}`; nonNodeKinds[target.nonNode] = (nonNodeKinds[target.nonNode] ?? 0) + 1; }
        else { counts.unresolvable++; site.unknown++; }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const scores = scoreSites(graph, sites, { top, examples });
  graph.db.close();
  return { files: files.length, sites: counts, nonNodeTargets: nonNodeKinds, ...scores };
}
