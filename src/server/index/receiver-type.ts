// What a receiver expression (`a`, `this.a.b`, `f(x).g()`, `(x as T)`) is an instance of, worked
// out from the bindings the extractor recorded: declared types, initialisers (`=expr`), return
// types (`()`), fields of a known type, and untyped callback parameters (`@i.j callee`: the type
// the callee declares, as its binding `(i).j`, for parameter j of its callback argument i).
// Type names are resolved where they were written (the callee's file, not the caller's).
import type { GraphDb } from './graph-db';
import { ARGV_SEP } from './types';
import { baseType, paramList } from './arity';
import type { Hit, Resolver } from './resolve';
import { languageById, LanguageSpec } from './languages/table';
import { blankStrings, depthAt, matchingAngle, matchingClose, matchingOpen, splitTop, stripTypeArgs, typeArgsOf } from './brackets';

export interface Ctx { src: number; fileId: number; line?: number }
/** Where a reference is, without what else it carries (its kind, its call's arguments): the
 *  context its receiver or a name in its scope is typed in. */
export const plainCtx = (at: Ctx): Ctx => ({ src: at.src, fileId: at.fileId, line: at.line });
/** A project type's node (`array`: a collection of it; `targs`: its type arguments as written,
 *  `List<String>`, and where; `values`: what an element is where that is itself a collection, or
 *  a map's values, of which `id` is the type; `pairs`: a map, whose iteration gives key-value
 *  pairs; `second`: such a pair, whose `.second` is that; `atLeast`: a type parameter's bound,
 *  the type or a subtype of it; `wider`: what a smart-cast name was declared, whose members it
 *  has too); null: a type from outside the project
 *  (never guess its members); undefined: not known. */
export type TypeHit = (Hit & { array?: boolean; targs?: { list: string[]; ctx: Ctx }; values?: TypeHit; pairs?: boolean; second?: TypeHit; atLeast?: boolean; wider?: TypeHit; boxed?: TypeHit }) | null | undefined;

/** Class-like kinds, and the kinds whose members a dotted name reaches (the resolver's too). */
/** Kinds that have a signature of their own (parameters, a result). */
export const FUNCLIKE = new Set(['function', 'method', 'constructor']);
export const CLASSLIKE = new Set(['class', 'struct', 'interface', 'trait', 'enum']);
export const CONTAINERS = new Set(['class', 'struct', 'interface', 'enum', 'trait', 'module', 'namespace', 'file', 'type']);
/** What `new F()` can make where functions are constructors (ResolveRules.constructorFunctions):
 *  an instance of F, whose methods are F's `F.prototype.m = function` children (F may be a
 *  method: `NS.Widget = function`). */
const CONSTRUCTED = new Set([...CONTAINERS, 'function', 'method']);
const FUNCTIONS_CLASSES = new Set(['function', 'class']);
export const HOLDERS = new Set(['constant', 'variable']);
const NAMED_VALUES = new Set([...HOLDERS, 'field', 'enum_member']);
/** What a Rust tuple pattern (`Ast::Group(x)`, `Id(x)`) takes apart. */
const PAYLOAD_HOLDERS = new Set(['enum_member', 'struct']);
const CALLEES = new Set(['function', 'method', 'constructor', 'class', 'constant', 'variable', 'property', 'field']);
/** Types that a call names when nothing callable does: a conversion (Go's `readBuf(p)`,
 *  Solidity's `IERC20(token)`) or a struct built by its name (Rust's `Point(1, 2)`, Swift, C++). */
const CONVERTED = new Set(['struct', 'type', 'interface']);
const IDENT = /^[A-Za-z_$#][\w$]*$/;
/** What a cast's parentheses hold: a type name (dotted, type arguments, array brackets). */
const CAST_TYPE = /^[A-Za-z_$][\w$.]*\s*(?:<.*>)?(?:\s*\[\])*$/s;
const MAX_DEPTH = 16;

/** A box holding `held` (LanguageSpec.boxes). It has no id of its own: code that misses the box
 *  looks up nothing. */
function boxOf(held: TypeHit): TypeHit {
  return held ? { id: -1, how: held.how, boxed: held } : held;
}

/** Entries at which the caches start over: they are keyed by place, so a resolve of the Linux
 *  kernel's millions of `dev->x` receivers grew them by hundreds of MB; effect's stays far below. */
const CACHE_MAX = 200_000;

export class ReceiverTypes {
  private cache = new Map<string, TypeHit>(); // expression at a place
  private bound = new Map<string, TypeHit>(); // a binding's type text in its scope
  private depth = 0;
  private cutShort = 0; // lookups the depth limit stopped

  constructor(private readonly r: Resolver, private readonly db: GraphDb) {}

  of(expr: string, ctx: Ctx): TypeHit {
    // only between two top-level lookups: an entry being computed marks a cycle
    if (this.depth === 0 && this.cache.size + this.bound.size > CACHE_MAX) { this.cache.clear(); this.bound.clear(); }
    const key = `${ctx.src}\0${ctx.line}\0${expr}`;
    if (this.cache.has(key)) return this.cache.get(key);
    if (this.depth >= MAX_DEPTH) { this.cutShort++; return undefined; }
    this.cache.set(key, undefined); // a cycle (`a = a.next()`) reads "not known"
    this.depth++;
    const cut = this.cutShort;
    try {
      // `p->next` (C++, PHP) reads as `p.next`, `Shape::make()` (C++, Rust) as `Shape.make()`,
      // and a qualifier's type arguments go (`base_sink<Mutex>::formatter_`, a dependent base's
      // member, is base_sink's)
      const t = this.compute(blankStrings(expr.trim()).replace(/[!?]+$/, '').replace(/(?<=\w)<[^<>()]*>(?=::)/g, '').replace(/->|::/g, '.'), ctx);
      // an answer the depth limit cut short holds for this chain only: asked first, at less
      // depth, the same expression may be known
      if (this.cutShort === cut) this.cache.set(key, t);
      else this.cache.delete(key);
      return t;
    } finally {
      this.depth--;
    }
  }

  /** An argument's type as written, for choosing among overloads (ResolveRules.argumentTypes): a
   *  literal's, the declared type of a local, parameter or field (`byte[] b`), else the name of
   *  the project type the expression has; undefined where not known. */
  argumentType(expr: string, ctx: Ctx, literals: [RegExp, string][]): string | undefined {
    const literal = literals.find(([re]) => re.test(expr));
    if (literal) return literal[1];
    // an array made there (`new string[1] { "\\" }`, `new byte[n]`)
    const array = /^new\s+([A-Za-z_][\w.]*)\s*((?:\[[^\]]*\]\s*)+)/.exec(expr);
    if (array) return array[1] + '[]'.repeat((array[2].match(/\[/g) ?? []).length);
    const plain = (t: string | undefined) => t !== undefined && !t.startsWith('=') && !t.startsWith('%'); // (`%T`, a type parameter: not known)
    if (IDENT.test(expr)) {
      const t = this.inScope(expr, ctx)?.type.replace(/^~/, '');
      if (t !== undefined && !t.startsWith('=')) return plain(t) ? t : undefined;
    }
    // `a.b`, a field: its declared type (`byte[] protectedKey`, an interface's `int SO_TIMEOUT`)
    const dot = /^(.+)\.([A-Za-z_$][\w$]*)$/s.exec(expr);
    // (`SocketOptions.SO_TIMEOUT`: a class's static field)
    const obj: TypeHit = dot && !dot[1].endsWith('?') ? this.of(dot[1], ctx) ?? (IDENT.test(dot[1]) ? this.r.resolveName(dot[1], ctx, CLASSLIKE, null) : undefined) : undefined;
    const f = obj && !obj.array ? this.field(obj.id, dot![2]) : undefined;
    if (f && plain(f.type)) return f.type;
    // an interface's constant, its binding its own (`SocketOptions.SO_TIMEOUT`)
    const constant = dot && !f ? this.r.resolve({ src: ctx.src, fileId: ctx.fileId, name: dot[2], kind: 'value', receiver: dot[1], line: ctx.line }) : undefined;
    const ct = constant && constant.dst !== null && constant.resolution !== 'heuristic' ? this.db.binding(constant.dst, dot![2]) : undefined;
    if (plain(ct)) return ct;
    // `a.m(...)`, `f(...)`: the declared return type (`byte[] getBytes()`)
    const open = expr.endsWith(')') ? matchingOpen(expr, expr.length - 1) : -1;
    const target = open > 0 ? this.callee(expr.slice(0, open).trim(), ctx, splitTop(expr.slice(open + 1, -1))) : undefined;
    const ret = target && this.db.binding(target.id, '()');
    if (plain(ret) && ret !== 'this' && ret !== 'void') return ret;
    const hit = this.of(expr, ctx);
    return hit && !hit.array ? this.db.node(hit.id)?.name : undefined;
  }

  /** What a name is declared as in the scopes around `ctx`, innermost first: a binding of an
   *  enclosing function (read from the line it holds from: `typ := f.Type()` does not retype the
   *  `typ` that `f := typ.Field(i)` read above it), or where members are implicit a field of an
   *  enclosing class or one it inherits (Java's `embeddedCipher` of a superclass), or of the class
   *  of a C++ method defined out of line. Its type text, in the scope it was declared in. */
  inScope(name: string, ctx: Ctx): { type: string; scope: number; line?: number } | undefined {
    const rules = this.r.rules(ctx.fileId);
    for (let cur = this.db.node(ctx.src); cur && cur.kind !== 'file'; cur = cur.parent_id ? this.db.node(cur.parent_id) : undefined) {
      if (CLASSLIKE.has(cur.kind)) {
        // (Zig's `const Self = @This();` in a struct is a name in its scope, as a local is; a
        // field, which needs `self.`, is not)
        const c = cur;
        const decl = rules.valueTypes && !this.db.nodesNamedIn(name, c.file_id).some((n) => n.parent_id === c.id && n.kind === 'field') ? this.db.bindingRow(c.id, name, ctx.line) : undefined;
        if (decl !== undefined) return { type: decl.type, scope: cur.id, line: decl.start_line ?? ctx.line };
        if (!rules.implicitMembers) continue; // fields need this./self.
        // (what holds for some lines of a class, in a getter that is no symbol: a lambda's
        // parameter, a smart cast)
        const ranged = ctx.line === undefined ? undefined : this.db.bindingRow(c.id, name, ctx.line);
        if (ranged?.start_line != null) return { type: ranged.type, scope: cur.id, line: ranged.start_line };
        const f = this.field(cur.id, name);
        if (f) return f;
        continue;
      }
      const b = this.db.bindingRow(cur.id, name, ctx.line);
      if (b !== undefined) return { type: b.type, scope: cur.id, line: b.start_line ?? ctx.line };
      // (C++'s out-of-line method's class; a Kotlin extension function's receiver, `fun Job.x() {
      // children.forEach {} }`)
      const owner = rules.implicitMembers ? this.r.outOfLineClass(cur) ?? this.r.extensionOwner(cur) : undefined;
      const f = owner && this.field(owner.id, name);
      if (f) return f;
    }
    return undefined;
  }

  private compute(e: string, ctx: Ctx): TypeHit {
    const rules = this.r.rules(ctx.fileId);
    // what is awaited is what the awaited call gives (`await repo.find(id)`, Swift's `try await
    // f()`, Rust's `f().await`): a promise or task of T (ResolveRules.wrapperTypes) is a T
    const awaited = /^(?:try[?!]?\s+)?await\s+([^]+)$/.exec(e) ?? /^([^]+)\.await$/.exec(e);
    if (awaited) return this.compute(awaited[1].trim(), ctx);
    if (rules.tableTypes && e.includes(':')) e = e.replace(/:(?=[A-Za-z_]\w*\s*\()/g, '.'); // (Lua's `Stack:new()`)
    // Kotlin's `this@Outer`: the enclosing class of that name, or what the extension function
    // of that name extends (a lambda's label, `this@launch`, is not known)
    const label = rules.labeledThis ? /^this@([A-Za-z_]\w*)$/.exec(e) : null;
    if (label) {
      for (let cur = this.db.node(ctx.src); cur && cur.kind !== 'file'; cur = cur.parent_id ? this.db.node(cur.parent_id) : undefined) {
        if (cur.name !== label[1]) continue;
        const owner = CLASSLIKE.has(cur.kind) ? cur : this.r.extensionOwner(cur);
        return owner ? { id: owner.id, how: 'exact' } : undefined;
      }
      return undefined;
    }
    if (rules.thisType === e) {
      const cls = this.enclosing(ctx);
      const file = cls ? undefined : this.db.fileNodeId(ctx.fileId);
      return cls ?? (file === undefined ? undefined : { id: file, how: 'exact' });
    }
    const literal = rules.literalTypes?.find(([re]) => re.test(e));
    if (literal) return this.named(literal[1], ctx);
    // `(T) x`: a cast, where the language has them (ResolveRules.casts)
    if (rules.casts && e.startsWith('(')) {
      const close = matchingClose(e, 0);
      const type = e.slice(1, close).trim();
      if (close > 0 && close < e.length - 1 && CAST_TYPE.test(type) && /^\s*[\w$("'!]/.test(e.slice(close + 1))) return this.named(type, ctx);
    }
    if (e.endsWith('}') && rules.compositeLiterals) {
      // `zeroWriter{}.Write()`, `&T{...}`: a composite literal is its type
      const head = e.slice(0, matchingOpen(e, e.length - 1)).replace(/^&/, '').trim();
      return /^[A-Za-z_][\w.]*$/.test(head) ? this.named(head, ctx) : undefined;
    }
    // Kotlin's `if (c) A() else B()` (its condition's parentheses emptied, extract.ts
    // withoutArgs): the nearest supertype the branches share; `else null` is the other's
    const branches = /^if\s*\(\)\s*/.exec(e);
    if (branches) {
      const rest = e.slice(branches[0].length);
      let at = rest.indexOf(' else ');
      while (at >= 0 && depthAt(rest, at) !== 0) at = rest.indexOf(' else ', at + 1);
      if (at < 0) return undefined;
      const a = rest.slice(0, at).trim(), b = rest.slice(at + 6).trim();
      if (b === 'null' || a === 'null') return this.compute(b === 'null' ? a : b, ctx);
      return this.shared(this.compute(a, ctx), this.compute(b, ctx));
    }
    // `x as T`, TypeScript's `x as Foo[]`, Kotlin's `x as? T`, Swift's `x as! T`
    const cast = asCast(e);
    if (cast) return this.named(cast, ctx);
    if (e.endsWith(']')) {
      // `xs[i]`: an element of a collection; `xs[]` (a loop's binding): one it iterates over
      const open = matchingOpen(e, e.length - 1);
      if (open <= 0) return undefined;
      const el = this.elementOf(this.of(e.slice(0, open), ctx), open === e.length - 2);
      // (`context[Job]`, ResolveRules.classKeys: of a container declared one of those types, a
      // class or interface of the project, not a value)
      const key = el == null && rules.classKeys ? e.slice(open + 1, -1).trim() : '';
      if (!/^[A-Z]\w*$/.test(key) || this.inScope(key, ctx) || !this.keyedByClass(e.slice(0, open).trim(), rules.classKeys!, ctx)) return el;
      const cls = this.named(key, ctx);
      const kind = cls ? this.db.node(cls.id)?.kind : undefined;
      return kind === 'class' || kind === 'interface' ? cls : el;
    }
    // Kotlin's `x ?: y` is x where there is an x (`val p = context[Job] ?: return`)
    const elvis = e.indexOf(' ?: ');
    if (elvis > 0 && depthAt(e, elvis) === 0) return this.compute(e.slice(0, elvis).trim(), ctx);
    // a call with a trailing lambda (Kotlin's `queue.removeFirstIf { ... }`) gives what the call does
    if (e.endsWith('}') && this.spec(ctx)?.trailingLambda) {
      const open = matchingOpen(e, e.length - 1);
      const call = open > 0 ? e.slice(0, open).trimEnd() : '';
      // (the lambda is one more argument: `start(1) { }` takes two; a `()` stays any count, below)
      if (/[\w)>]$/.test(call)) return this.compute(!call.endsWith(')') ? `${call}()` : /\(\s*\)$/.test(call) ? call : `${call.slice(0, -1)}, {})`, ctx);
    }
    if (e.endsWith(')')) {
      const open = matchingOpen(e, e.length - 1);
      if (open === 0) {
        // `(x as T)` / `(x)` / Go's and C's `(*p)`
        const inner = e.slice(1, -1).trim().replace(/^[*&]+/, '');
        return this.compute(inner, ctx); // parentheses cost no depth (`(xs)[]` of a loop in a loop)
      }
      if (open < 0) return undefined;
      // Go's type assertion `x.(*T)`: a T
      if (e[open - 1] === '.' && e[open - 2] !== '?') return this.named(e.slice(open + 1, -1).replace(/^\s*\*/, ''), ctx);
      // (`(0, mod_1.f)(x)`, compiled CommonJS's unbound call, calls mod_1.f)
      const written = e.slice(0, open).replace(/\?\.$/, '').trim().replace(/^\(0,\s*([^]+)\)$/, '$1');
      const head = stripTypeArgs(written);
      // (`new Holder<Item>()`, `new ArrayList<Item>()`: with its type arguments)
      if (head.startsWith('new ')) return this.named(written.slice(4), ctx);
      const args = splitTop(e.slice(open + 1, -1));
      if (rules.allocators?.includes(head)) return this.named(args[0] ?? '', ctx);
      // (`f<T>(x)`: T as written)
      const targs = typeArgsOf(written);
      // a box (LanguageSpec.boxes: `atomic(Node())`, `atomic<Node?>(null)`) holds what it is given
      if (this.spec(ctx)?.boxes?.calls.includes(head)) {
        return boxOf(targs !== undefined ? this.named(targs.replace(/\?$/, ''), ctx) : args.length ? this.of(args[0], ctx) : undefined);
      }
      if (rules.castCalls?.includes(head)) return targs !== undefined ? this.named(targs, ctx) : undefined;
      const el = /^(.+?)\??\.([A-Za-z_$][\w$]*)$/s.exec(head);
      if (el && (rules.elementMembers.includes(el[2]) || rules.collectionMembers.includes(el[2]))) {
        const coll = this.of(el[1], ctx);
        if (coll?.array) return rules.elementMembers.includes(el[2]) ? this.elementOf(coll, !rules.valueMembers?.includes(el[2])) : coll;
      }
      // (with its own arguments where methods overload: `v1.subtract(vm1)`'s subtract takes one.
      // `()` may be a binding's call with its arguments dropped, extract.ts withoutArgs: any count)
      const target = this.callee(head, ctx, args.length ? args : undefined);
      // `x.clone()`, `cell.borrow_mut()`: what the receiver is (ResolveRules.sameTypeMembers); of
      // a type from outside (a `RefCell<String>`), outside too, so `.clear()` is never guessed
      if (!target) {
        // `Random()` where types are capitalized and the project declares nothing of the name: an
        // instance of a type from outside (Kotlin's `val random = Random()`: `random.nextInt()` is
        // never a project method guessed by name)
        // (not a local or parameter holding a function: `Make()` of `Make: () -> Widget`)
        if (rules.capitalizedTypes && targs === undefined && /^[A-Z][\w$]*$/.test(head) && !this.db.nodesNamed(head).length && !this.inScope(head, ctx)) return null;
        return el && rules.sameTypeMembers?.includes(el[2]) ? this.of(el[1], ctx) : undefined;
      }
      // `Foo()` instantiates in languages without `new`; `T(x)` converts to `T`
      const kind = this.db.node(target.id)?.kind ?? '';
      if (CLASSLIKE.has(kind) || CONVERTED.has(kind)) {
        // (`Heap<Task>()`: a Heap of Tasks)
        const hit = this.unaliased(target);
        return hit && targs !== undefined && CLASSLIKE.has(kind) ? { ...hit, targs: { list: splitTop(targs), ctx } } : hit;
      }
      const ret = withHow(this.returnType(target.id), target.how);
      if (ret) return ret;
      // a type parameter of the function's own, given by the call (`registry.get<Logger>('log')`)
      const given = targs !== undefined ? this.ownTypeArgument(target.id, targs) : undefined;
      if (given !== undefined || !el) return given === undefined ? ret : withHow(this.named(given, ctx), target.how);
      // a type parameter of the receiver's type, given by its type arguments (`get(i)` of a
      // `List<String>` is a String)
      // (null, a type from outside: `List<String>` in a project without String, never guessed)
      const arg = this.typeArgument(target.id, this.of(el[1], ctx));
      return arg === undefined ? ret : withHow(arg, target.how);
    }
    const m = /(?:^|(\??\.))([A-Za-z_$#@][\w$]*|\d+)$/.exec(e);
    if (!m) return undefined;
    const name = m[2];
    if (!m[1]) return m.index === 0 ? this.identifier(name, ctx) : undefined;
    const prefix = e.slice(0, m.index);
    // what a Rust tuple variant or tuple struct holds (`Ast::Group(ref x)`: `=(Ast.Group).0`)
    const held = name === '0' ? this.payload(prefix, ctx) : undefined;
    if (held !== undefined) return held;
    const obj = this.of(prefix, ctx);
    if (obj === undefined && IDENT.test(prefix)) return this.moduleVariable(prefix, name, ctx) ?? this.extensionProperty(prefix, name, obj, ctx);
    if (obj === null && IDENT.test(prefix)) {
      // a property of a parameter's inline object type (`options.differ`, extract.ts)
      const prop = this.inScope(`${prefix}.${name}`, ctx);
      if (prop) return this.typeText(prop.type, { src: prop.scope, fileId: this.db.node(prop.scope)!.file_id, line: prop.line });
    }
    if (!obj) return this.extensionProperty(prefix, name, obj, ctx) ?? obj;
    const file = this.db.node(obj.id);
    // a module's export (`utils.fs` of CommonJS's `const utils = require('./utils')`)
    if (file?.kind === 'file') return this.handedOn(file.file_id, name, obj.how) ?? this.holderType(this.r.exportOf(file.file_id, name, NAMED_VALUES));
    if (obj.second !== undefined) return name === (this.r.rules(ctx.fileId).pairValue ?? 'second') ? obj.second : undefined; // a pair
    if (obj.boxed !== undefined) return name === this.spec(ctx)?.boxes?.member ? obj.boxed : undefined; // a box
    const f = this.field(obj.id, name);
    if (!f) return this.extensionProperty(prefix, name, obj, ctx);
    // `E value` of a `Node<Repo>`: a Repo (of a supertype, as the heritage clause gives it)
    const scope = this.db.node(f.scope)!;
    const fctx = { src: f.scope, fileId: scope.file_id };
    if (!f.type.startsWith('%')) return withHow(this.typeText(f.type, fctx), obj.how);
    const owner = CLASSLIKE.has(scope.kind) ? scope.id : scope.parent_id;
    return withHow(this.paramType(f.type, (owner !== null ? this.asSupertype(obj, owner) : undefined) ?? obj, fctx), obj.how);
  }

  private identifier(name: string, ctx: Ctx): TypeHit {
    const rules = this.r.rules(ctx.fileId);
    if (rules.selfNames.includes(name)) {
      // a function's declared `this` (`function (this: T)`, or what its callee declares for it)
      for (let cur = this.db.node(ctx.src); cur && cur.kind !== 'file'; cur = cur.parent_id ? this.db.node(cur.parent_id) : undefined) {
        const t = ctx.line === undefined ? undefined : this.db.binding(cur.id, name, ctx.line);
        // (a Kotlin trailing lambda's `this` that its callee declares no receiver for: the code's own)
        const r = t === undefined ? undefined : this.typeText(t, { src: cur.id, fileId: cur.file_id, line: ctx.line });
        if (t !== undefined && (r !== undefined || !t.startsWith('@last.'))) return r;
      }
      return this.enclosing(ctx);
    }
    const declared = this.inScope(name, ctx);
    if (declared) {
      const at = { src: declared.scope, fileId: this.db.node(declared.scope)!.file_id };
      if (declared.type.startsWith('~')) return this.narrowed(name, declared, at, ctx);
      const t = this.typeText(declared.type, { ...at, line: declared.line });
      if (t !== undefined || !declared.type.startsWith('@') || name !== this.spec(ctx)?.implicitParam) return t;
      // (a lambda's implicit `it` its callee declares nothing for: an outer lambda's, Kotlin's
      // `xs.forEach { run { it.go() } }`)
      for (const r of this.db.bindingRows(declared.scope, name, ctx.line).slice(1)) {
        const u = this.typeText(r.type, { ...at, line: r.start_line ?? ctx.line });
        if (u !== undefined) return u;
      }
      return undefined;
    }
    if (name.startsWith('@')) {
      // Ruby's `@repo`: an instance variable of the enclosing class (set in `initialize`)
      const cls = this.enclosing(ctx);
      const f = cls && this.field(cls.id, name);
      return f ? this.fieldType(f) : undefined;
    }
    const fileNode = this.db.fileNodeId(ctx.fileId);
    const b = fileNode === undefined ? undefined : this.db.bindingRow(fileNode, name, ctx.line);
    if (b !== undefined) return this.typeText(b.type, { src: fileNode!, fileId: ctx.fileId, line: b.start_line ?? ctx.line });
    // a module-level constant or variable, here or imported; a statically imported field or enum constant
    const held = this.holderType(this.r.resolveName(name, ctx, NAMED_VALUES, null, true)?.id);
    // a function as the object it is, where functions are constructors and are given members
    // (`Foo.create = function`, `fn.setLayout = ...`): its members are its children; a class as
    // the constructor it is (`return Base;`: a mixin's superclass)
    if (held !== undefined || !rules.constructorFunctions) return held;
    return this.r.resolveName(name, ctx, FUNCTIONS_CLASSES, null, true);
  }

  /** A smart cast's name (`~T`, extract.ts; `at`: its scope): a T, and what it was declared (the
   *  binding beneath, or an outer scope's), whose members it has too: `wider`. Cast to a type from
   *  outside the project, it is what it was declared. */
  private narrowed(name: string, declared: { type: string; scope: number; line?: number }, at: Ctx, ctx: Ctx): TypeHit {
    const cast = this.typeText(declared.type, { ...at, line: declared.line });
    let wider: TypeHit;
    const under = this.db.bindingRows(declared.scope, name, ctx.line).find((r) => !r.type.startsWith('~'));
    if (under) wider = this.typeText(under.type, { ...at, line: under.start_line ?? ctx.line });
    else {
      const up = this.db.node(declared.scope)?.parent_id;
      const outer = up ? this.inScope(name, { ...ctx, src: up }) : undefined;
      wider = outer && !outer.type.startsWith('~') ? this.typeText(outer.type, { src: outer.scope, fileId: this.db.node(outer.scope)!.file_id, line: outer.line }) : undefined;
    }
    if (!cast) return wider ?? cast;
    return wider && !wider.array && wider.id !== cast.id ? { ...cast, wider } : cast;
  }

  /** The field 0 of a variant or struct the path names (its binding '0'), undefined where the
   *  path names no such thing. */
  private payload(prefix: string, ctx: Ctx): TypeHit {
    const path = prefix.replace(/^\((.*)\)$/, '$1');
    if (!/^[A-Za-z_][\w.]*$/.test(path)) return undefined;
    const dot = path.lastIndexOf('.');
    const v = dot < 0 ? this.r.resolveName(path, ctx, PAYLOAD_HOLDERS, null, true)?.id
      // (as a path, `hir::Class`: a module's type, where `hir.Class` would read as a value's field)
      : this.r.resolve({ src: ctx.src, fileId: ctx.fileId, name: path.slice(dot + 1), kind: 'value', receiver: path.slice(0, dot).replace(/\./g, '::'), line: ctx.line }).dst ?? undefined;
    const node = v === undefined ? undefined : this.db.node(v);
    if (!node || !PAYLOAD_HOLDERS.has(node.kind)) return undefined;
    const t = this.db.binding(node.id, '0');
    return t === undefined ? undefined : this.typeText(t, { src: node.id, fileId: node.file_id });
  }

  /** `ns.x`, a module's (Go package's, namespace import's) variable or constant. */
  private moduleVariable(ns: string, name: string, ctx: Ctx): TypeHit {
    const res = this.r.resolve({ src: ctx.src, fileId: ctx.fileId, name, kind: 'value', receiver: ns, line: ctx.line });
    if (res.dst === null) {
      const mod = this.r.moduleImported(ctx.fileId, ns);
      return mod === undefined ? undefined : this.handedOn(this.db.node(mod)!.file_id, name, 'import');
    }
    return res.resolution === 'heuristic' ? undefined : this.holderType(res.dst);
  }

  /** The module that module file `fileId` imports whole under `name` and hands on (`export * as
   *  fs from './fs'`, CommonJS's `exports.fs = require('./fs')`): `utils.fs` of `utils`. */
  private handedOn(fileId: number, name: string, how: Hit['how']): TypeHit {
    const sub = this.r.moduleImported(fileId, name);
    return sub === undefined ? undefined : { id: sub, how };
  }

  /** Whether `container` is declared one of `types` (a parameter, local or field; `this` in an
   *  extension of one): ResolveRules.classKeys. */
  private keyedByClass(container: string, types: string[], ctx: Ctx): boolean {
    const declared = container === 'this' ? this.r.extendedName(ctx.src) : this.argumentType(container, ctx, []);
    return declared !== undefined && types.includes(baseType(declared));
  }

  /** The file's language (its LanguageSpec). */
  private spec(ctx: Ctx): LanguageSpec | undefined {
    return languageById(this.db.filesById.get(ctx.fileId)?.language ?? '');
  }

  /** Kotlin's extension property in sight (`val CoroutineContext.delay: Delay`): what `x.delay`
   *  is, by x's type, or for a type from outside by the one x is declared (Resolver.extensionFunction). */
  private extensionProperty(prefix: string, name: string, obj: TypeHit, ctx: Ctx): TypeHit {
    if (!this.r.rules(ctx.fileId).extensionFunctions || obj?.array || obj?.boxed !== undefined) return undefined;
    const hit = this.r.extensionFunction({ src: ctx.src, fileId: ctx.fileId, line: ctx.line, name, kind: 'value', receiver: prefix }, obj?.id, obj === null, true);
    return hit ? withHow(this.holderType(hit.id), hit.how) : undefined;
  }

  /** A module-level constant's or variable's type: its binding under its own name, where it is
   *  declared (imported under another, `from django.apps import apps as django_apps`, too). */
  private holderType(id: number | undefined): TypeHit {
    const v = id === undefined ? undefined : this.db.node(id);
    // an enum constant is its enum; a field or property has its binding in its type (`StandardCharsets.UTF_8`)
    if (v?.kind === 'enum_member' && v.parent_id !== null) return { id: v.parent_id, how: 'exact' };
    if ((v?.kind === 'field' || v?.kind === 'property') && v.parent_id !== null) {
      const f = this.field(v.parent_id, v.name);
      return f && this.fieldType(f);
    }
    // CommonJS's `const m = require('./m')`, a constant that is the module m
    const mod = v && v.parent_id === null && HOLDERS.has(v.kind) ? this.r.moduleImported(v.file_id, v.name) : undefined;
    if (mod !== undefined) return { id: mod, how: 'import' };
    const t = v && HOLDERS.has(v.kind) ? this.db.binding(v.id, v.name) : undefined;
    return t === undefined ? undefined : this.typeText(t, { src: v!.id, fileId: v!.file_id });
  }

  /** The class the code at `ctx` is in (`this`, `self`, `Self`, `cls`). */
  private enclosing(ctx: Ctx): Hit | undefined {
    const cls = this.r.enclosingClass(ctx.src);
    return cls ? { id: cls.id, how: 'exact' } : undefined;
  }

  /** What a binding's type text names, read where the binding is (`=(x)`, `@last.this f`, `T`). */
  typeText(t: string, ctx: Ctx): TypeHit {
    if (t.startsWith('~')) t = t.slice(1); // (a smart cast's, read without the name's other rows)
    if (t.startsWith('=')) return this.of(t.slice(1), ctx);
    if (t.startsWith('%')) return this.paramType(t, undefined, ctx); // a type parameter: its bound, if any
    const key = `${ctx.src}\0${t}`;
    if (this.bound.has(key)) return this.bound.get(key);
    this.bound.set(key, undefined);
    const cut = this.cutShort;
    const r = this.declared(t, ctx);
    if (this.cutShort === cut) this.bound.set(key, r);
    else this.bound.delete(key);
    return r;
  }

  private declared(t: string, ctx: Ctx): TypeHit {
    // `typeof ns` (extract.ts, LanguageSpec.typeQuery): a module imported whole is that module
    const query = /^typeof ([A-Za-z_$][\w$.]*)$/.exec(t);
    if (query) {
      const mod = this.r.moduleImported(ctx.fileId, query[1]);
      return mod !== undefined ? { id: mod, how: 'import' } : this.of(query[1], ctx);
    }
    // `#code.j T` (extract.ts memberParam): parameter j of T's member code, as T declares it
    const slot = /^#([\w$]+)\.(\d+) (.+)$/s.exec(t);
    if (slot) {
      const arg = /^@(\d+) (.+)$/s.exec(slot[3]);
      const holder = arg ? this.parameterType(arg[2], Number(arg[1]), ctx) : this.named(slot[3], ctx);
      const f = holder && !holder.array ? this.field(holder.id, `${slot[1]}(${slot[2]})`) : undefined;
      return f && withHow(this.fieldType(f), holder!.how);
    }
    const cb = /^@(\d+|last)\.(\w+) (.+)$/s.exec(t);
    if (!cb) return this.named(t, ctx);
    // a box's own lambdas are given what it holds (LanguageSpec.boxes: `_cur.loop { cur -> }`)
    const boxLambda = cb[2] === '0' ? /^(.+)\.([A-Za-z_]\w*)$/s.exec(cb[3]) : null;
    if (boxLambda && this.spec(ctx)?.boxes?.lambdas.includes(boxLambda[2])) {
      const box = this.of(boxLambda[1], ctx);
      if (box?.boxed !== undefined) return box.boxed;
    }
    const target = this.callee(stripTypeArgs(cb[3].replace(/^new\s+/, '')), ctx);
    if (!target) return undefined;
    const node = this.db.node(target.id)!;
    const decls = CLASSLIKE.has(node.kind) ? this.db.constructorsOf(node.id) : this.overloads(target.id);
    for (const id of decls) {
      // (`@last`: a trailing lambda, for the callee's last parameter, its binding `(last).j`)
      const pt = this.db.binding(id, `(${cb[1]}).${cb[2]}`);
      // a type parameter (`(a: A) => B`) tells nothing: unknown, not foreign
      if (pt !== undefined) return withHow(pt.startsWith('%') ? undefined : this.named(pt, { src: id, fileId: this.db.node(id)!.file_id }) ?? undefined, target.how);
    }
    return undefined;
  }

  /** The declared type of parameter i of the function a call's callee names (`name: T`, as its
   *  signature writes it). */
  private parameterType(callee: string, i: number, ctx: Ctx): TypeHit {
    const target = this.callee(stripTypeArgs(callee), ctx);
    const fn = target && this.db.node(target.id);
    if (!fn || !FUNCLIKE.has(fn.kind)) return undefined;
    const p = paramList(this.db.signature(fn.id) ?? '', fn.name)?.[i];
    let colon = p?.indexOf(':') ?? -1;
    while (colon >= 0 && depthAt(p!, colon) !== 0) colon = p!.indexOf(':', colon + 1);
    return colon < 0 ? undefined : withHow(this.named(p!.slice(colon + 1).trim(), { src: fn.id, fileId: fn.file_id }), target!.how);
  }

  /** A type name where it was written; `ns.T` through the namespace (import) `ns`. */
  private named(type: string, ctx: Ctx): TypeHit {
    if (type.endsWith('[]')) {
      // (`T[][]`: a collection of collections, whose element is `T[]`)
      const el = this.named(type.slice(0, -2), ctx);
      return el && (el.array ? { id: el.id, how: el.how, array: true, values: el } : { ...el, array: true });
    }
    // (`std::shared_ptr<sink>`, a type argument as written, is `std.shared_ptr<sink>`; C++'s
    // `const MatcherDescriberInterface*` in `std::vector<const MatcherDescriberInterface*>` is
    // used as a MatcherDescriberInterface, `->` or `.`)
    type = type.trim().replace(/^(?:(?:const|volatile)\s+)+/, '').replace(/(?<=[\w>])[\s*&]+(?:const\s*)?$/, '').replace(/^::/, '').replace(/::/g, '.');
    // a container's iterator (`std.vector<TestProperty>.iterator`, extract.ts typeName) is used as
    // its element, as `v.begin()` is; a project type's is its nested type (`Tree<K>.iterator`)
    const iterator = /^(.+>)\.((?:const_)?(?:reverse_)?iterator)$/.exec(type);
    if (iterator) {
      const coll = this.named(iterator[1], ctx);
      if (coll?.array) return this.elementOf(coll, true);
      type = `${stripTypeArgs(iterator[1])}.${iterator[2]}`;
    }
    const path = /^[A-Za-z_$][\w$.]*/.exec(type)?.[0].split('.').filter(Boolean);
    if (!path?.length) return null; // a structural type (`{}`): nothing of ours
    const bare = path[path.length - 1];
    // Rust's `this: &mut Self` (and `this: this`): the type the declaration is in
    if (path.length === 1 && this.r.rules(ctx.fileId).selfNames.includes(bare)) return this.enclosing(ctx);
    let hit: Hit | undefined;
    if (path.length > 1) {
      const at = { src: ctx.src, fileId: ctx.fileId, name: bare, receiver: path.slice(0, -1).join('.'), line: ctx.line };
      let res = this.r.resolve({ ...at, kind: 'type' });
      // a constructor function an object holds (`new NS.Widget()` of `NS.Widget = function`),
      // never a guess (`NodeJS.Timeout` is no project class that happens to be named Timeout)
      if (res.dst === null && this.r.rules(ctx.fileId).constructorFunctions) {
        const made = this.r.resolve({ ...at, kind: 'new' });
        if (made.resolution !== 'heuristic') res = made;
      }
      if (res.dst !== null) hit = { id: res.dst, how: res.resolution };
      else if (path.length > 2) hit = this.r.resolveTypePath(path, ctx);
    }
    if (!hit && path.length > 1 && this.r.rules(ctx.fileId).importStyle === 'rust') return this.inModule(path, ctx);
    const kinds = this.r.rules(ctx.fileId).constructorFunctions ? CONSTRUCTED : CONTAINERS;
    // where types are values (ResolveRules.valueTypes: Zig's `const Self = @This();`, `const
    // Allocator = std.mem.Allocator;`), a name no type declares is what its value is; one whose
    // value is not known (`const Fe = Field(.{...})`) is no other file's type of the name
    if (!hit && path.length === 1 && this.r.rules(ctx.fileId).valueTypes) {
      hit = this.r.resolveName(bare, ctx, kinds, null);
      if (!hit) {
        const v = this.of(bare, ctx);
        if (v !== undefined) return v;
        if (this.inScope(bare, ctx) || this.r.resolveName(bare, ctx, HOLDERS, null)) return undefined;
      }
    }
    hit ??= this.r.resolveName(bare, ctx, kinds, kinds);
    if (!hit && path.length === 1 && this.r.rules(ctx.fileId).tableTypes) hit = this.r.resolveName(bare, ctx, HOLDERS, null);
    const open = type.indexOf('<', path.join('.').length);
    const list = open >= 0 && type.trim().endsWith('>') ? splitTop(type.slice(open + 1, type.lastIndexOf('>'))) : [];
    if (!hit) {
      const rules = this.r.rules(ctx.fileId);
      // `Box<Shape>` is used as a Shape, `Vec<Shape>` holds Shapes (ResolveRules.wrapperTypes)
      if (list.length && rules.wrapperTypes?.includes(bare)) return this.named(list[0], ctx);
      // a box (LanguageSpec.boxes: `StateFlow<Ui>`) holds one
      if (list.length && this.spec(ctx)?.boxes?.types.includes(bare)) return boxOf(this.named(list[0].replace(/\?$/, ''), ctx));
      if (list.length && rules.collectionTypes?.includes(bare)) {
        const el = this.named(list[0], ctx);
        return el ? { id: el.id, how: el.how, array: true } : el;
      }
      if (list.length > 1 && rules.mapTypes?.includes(bare)) {
        const v = this.named(list[1], ctx);
        return v ? { id: v.id, how: v.how, array: true, values: v, pairs: true } : v;
      }
      if (list.length === 2 && rules.pairTypes?.includes(bare)) {
        const v = this.named(list[1], ctx);
        return v ? { id: v.id, how: v.how, second: v } : v;
      }
      // Where names cross files unimported (PHP, C++), a type the project declares more than once
      // is one of ours, just not known which; elsewhere an unbound type name is from outside.
      return rules.bareNameHeuristic && this.db.nodesNamed(bare).some((n) => CLASSLIKE.has(n.kind)) ? undefined : null;
    }
    const t = this.unaliased(hit);
    return t && list.length ? { ...t, targs: { list, ctx } } : t;
  }

  /** Rust's `ast::parse::ParserBuilder` where the imports did not reach it: the type of that name
   *  in the module file the path names (src/ast/parse.rs), never another of the name (parser.rs
   *  has its own ParserBuilder); none there: from outside (`fmt::Formatter`). */
  private inModule(path: string[], ctx: Ctx): TypeHit {
    const mods = path.slice(0, -1).filter((s) => s !== 'crate' && s !== 'self' && s !== 'super').join('/');
    const under = this.db.nodesNamed(path[path.length - 1]).filter((n) => {
      if (!CONTAINERS.has(n.kind)) return false;
      const file = this.db.filesById.get(n.file_id)?.path.replace(/(\/mod)?\.rs$/, '') ?? '';
      return file === mods || file.endsWith(`/${mods}`);
    });
    return under.length === 1 ? { id: under[0].id, how: 'import' } : under.length ? undefined : null;
  }

  /** Of the type arguments a call gives function `id` (`A, B` of `f<A, B>()`), the one for the
   *  type parameter it returns (`get<T>(key): T`); undefined where it returns none of its own. */
  private ownTypeArgument(id: number, args: string): string | undefined {
    const ret = this.db.binding(id, '()');
    if (!ret?.startsWith('%')) return undefined;
    const colon = ret.indexOf(':');
    const i = this.typeParams(id).indexOf(ret.slice(1, colon > 0 ? colon : undefined));
    return i < 0 ? undefined : splitTop(args)[i];
  }

  /** What a method returns when it returns a type parameter of its receiver's type (`E get(int)`
   *  of `List<E>`): the receiver's type argument in that place, read where it was written. */
  private typeArgument(methodId: number, recv: TypeHit): TypeHit {
    const ret = recv ? this.db.binding(methodId, '()') : undefined;
    if (!ret?.startsWith('%')) return undefined;
    // (a method of a supertype: as the heritage clause gives its parameters)
    const owner = this.db.node(methodId)?.parent_id;
    return this.typeParameter(ret, (owner != null ? this.asSupertype(recv, owner) : undefined) ?? recv);
  }

  /** `recv` seen as its supertype `ownerId`, with the type arguments the heritage clauses on the
   *  way give it (`TryPollDesc<E> : RemoveFirstDesc<Send>`: a RemoveFirstDesc<Send>; `Sub<T> :
   *  Base<T>` passes the receiver's own on); undefined where they are not read (arguments read
   *  in two places). */
  private asSupertype(recv: TypeHit, ownerId: number): TypeHit {
    if (!recv || recv.id === ownerId) return undefined;
    const path = this.pathTo(recv.id, ownerId);
    if (!path.length) return undefined;
    let cur: NonNullable<TypeHit> = recv;
    for (const next of path) {
      const args = this.heritageArgs(cur.id, next);
      if (args === undefined) return undefined;
      if (args === null) { cur = { id: next, how: recv.how }; continue; } // (`Deep extends Holder`: none given)
      const params = this.typeParams(cur.id), own = { src: cur.id, fileId: this.db.node(cur.id)!.file_id };
      const list: string[] = [];
      let ctx: Ctx | undefined;
      for (const a of args) {
        const i = params.indexOf(a);
        const [text, at2] = i < 0 ? [a, own] : cur.targs && i < cur.targs.list.length ? [cur.targs.list[i], cur.targs.ctx] : [undefined, undefined];
        if (text === undefined || (ctx && ctx.src !== at2!.src)) return undefined;
        ctx = at2;
        list.push(text);
      }
      cur = { id: next, how: recv.how, targs: { list, ctx: ctx! } };
    }
    return cur;
  }

  /** The type arguments class `id`'s heritage clause gives supertype `sup`, as written: null where
   *  it gives none, undefined where they are not read (the signature cut short before the clause).
   *  The clause is `Sup<...>` outside any brackets (not `B<Int>` of a constructor parameter, nor
   *  `Supplier<Sup<X>>`). */
  private readonly heritage = new Map<string, string[] | null | undefined>();
  private heritageArgs(id: number, sup: number): string[] | null | undefined {
    const key = `${id}>${sup}`;
    if (this.heritage.has(key)) return this.heritage.get(key);
    const sig = this.db.signature(id) ?? '', name = this.db.node(sup)?.name ?? '';
    let args: string[] | null | undefined = sig.endsWith('…') ? undefined : null;
    let depth = 0;
    for (let i = 0; i < sig.length; i++) {
      const c = sig[i];
      if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
      else if ((c === ')' || c === ']' || c === '}' || (c === '>' && sig[i - 1] !== '-' && sig[i - 1] !== '=')) && depth > 0) depth--;
      else if (depth === 0 && sig.startsWith(name, i) && !/[\w$]/.test(sig[i - 1] ?? '') && /^\s*</.test(sig.slice(i + name.length))) {
        const open = sig.indexOf('<', i + name.length), close = matchingAngle(sig, open);
        args = close < 0 ? undefined : splitTop(sig.slice(open + 1, close));
        break;
      }
    }
    if (this.heritage.size >= CACHE_MAX) this.heritage.clear();
    this.heritage.set(key, args);
    return args;
  }

  /** The supertypes from `from` up to `to` (`to` last), nearest first. */
  private pathTo(from: number, to: number): number[] {
    const up = this.ancestors(from);
    const path: number[] = [];
    for (let c = to; up.has(c) && c !== from; c = up.get(c)!) path.unshift(c);
    return up.has(to) ? path : [];
  }

  /** `from` and its supertypes within ten levels, nearest first, each with the type it was
   *  reached from. */
  private ancestors(from: number): Map<number, number> {
    const up = new Map<number, number>([[from, from]]);
    for (let frontier = [from], d = 0; d < 10 && frontier.length; d++) {
      const next: number[] = [];
      for (const c of frontier) for (const s of this.db.supertypes(c)) if (!up.has(s)) { up.set(s, c); next.push(s); }
      frontier = next;
    }
    return up;
  }

  /** A type parameter's type (`%E`, or `%E:Bound` where it has a bound): the receiver's type
   *  argument in its place, else its first bound (`V: Visitor` has Visitor's members), else not
   *  known. */
  private paramType(t: string, recv: TypeHit, ctx: Ctx): TypeHit {
    const given = this.typeParameter(t, recv);
    if (given) return given;
    const colon = t.indexOf(':');
    // (a bound is what the type is at least: a subclass's `JobNode<JobSupport>` makes `job: J` a
    // JobSupport, which the supertype's arguments, not read here, would say)
    const bound = colon > 0 ? this.typeText(t.slice(colon + 1), ctx) : undefined;
    return bound ? { ...bound, atLeast: true } : bound;
  }

  /** A binding's type `%E` (a type parameter), as the receiver's type arguments give it. */
  private typeParameter(t: string, recv: TypeHit): TypeHit {
    if (!t.startsWith('%') || !recv?.targs) return undefined;
    const colon = t.indexOf(':');
    const i = this.typeParams(recv.id).indexOf(t.slice(1, colon > 0 ? colon : undefined));
    return i >= 0 && i < recv.targs.list.length ? this.named(recv.targs.list[i], recv.targs.ctx) : undefined;
  }

  /** A generic type's parameter names, from its signature (`interface Map<K, V>` -> K, V). */
  private readonly params = new Map<number, string[]>();
  private typeParams(id: number): string[] {
    let p = this.params.get(id);
    if (!p) {
      const n = this.db.node(id);
      const sig = n ? this.db.signature(id) ?? '' : '';
      const at = n ? sig.search(new RegExp(`\\b${n.name.replace(/[$]/g, '\\$')}\\s*<`)) : -1;
      // (or, before the name, a list of its own: Kotlin's `fun <T> make()`, Java's `<T> T make()`)
      const before = at < 0 && n ? /(?:^|\s)</.exec(sig.slice(0, Math.max(0, sig.search(new RegExp(`\\b${n.name.replace(/[$]/g, '\\$')}\\b`))))) : null;
      const open = at >= 0 ? sig.indexOf('<', at) : before ? before.index + before[0].length - 1 : -1;
      const close = open < 0 ? -1 : matchingAngle(sig, open);
      p = close < 0 ? [] : splitTop(sig.slice(open + 1, close)).map((x) => /^[A-Za-z_$][\w$]*/.exec(x)?.[0] ?? '');
      if (this.params.size >= CACHE_MAX) this.params.clear();
      this.params.set(id, p);
    }
    return p;
  }

  /** An alias of another type (`type E<T> = Executor<T>`, `using buffer = basic_buffer<char>`):
   *  that type. An alias defined twice in one scope, to two types, is the preprocessor's choice
   *  (spdlog's `using level_t = std::atomic<int>` or, under #if, `details::null_atomic_int`):
   *  never guessed at (null). */
  private unaliased(hit: Hit): TypeHit {
    const node = this.db.node(hit.id);
    const aliased = node?.kind === 'type' ? this.db.binding(hit.id, '()') : undefined;
    if (aliased === undefined) return hit;
    const twins = this.db.nodesNamedIn(node!.name, node!.file_id).filter((n) => n.id !== node!.id && n.kind === 'type' && n.parent_id === node!.parent_id);
    if (twins.some((n) => this.db.binding(n.id, '()') !== aliased)) return null;
    return withHow(this.typeText(aliased, { src: hit.id, fileId: node!.file_id }) ?? hit, hit.how);
  }

  /** What a call's head names (`f`, `a.m`): a bare name in scope, or a member through the full
   *  resolver. `args`, as written, choose among overloads; undefined: any count. Only they do:
   *  whatever else `ctx` carries (a reference's own arguments) is not this call's. */
  private callee(head: string, ctx: Ctx, args?: string[]): Hit | undefined {
    const call = { src: ctx.src, fileId: ctx.fileId, line: ctx.line, args: args?.length, argv: args?.join(ARGV_SEP) };
    if (IDENT.test(head)) {
      // Python's `cls(...)` in a classmethod: the class
      const self = this.r.rules(ctx.fileId).selfNames.includes(head) ? this.enclosing(ctx) : undefined;
      const hit = self ?? this.r.resolveName(head, call, CALLEES, null, true) ?? this.r.resolveName(head, call, CONVERTED, null, true);
      // a C/C++ prototype (`class UnitTestImpl* GetUnitTestImpl();`): its definition says what it returns
      return hit && { id: this.r.definitionFor(this.db.node(hit.id), ctx.fileId)?.id ?? hit.id, how: hit.how };
    }
    const m = /^(.+?)\??\.([A-Za-z_$#][\w$]*)$/s.exec(head);
    if (!m) return undefined;
    const res = this.r.resolve({ ...call, name: m[2], kind: 'call', receiver: m[1] });
    return res.dst === null ? undefined : { id: res.dst, how: res.resolution };
  }

  private returnType(fnId: number): TypeHit {
    for (const id of this.overloads(fnId)) {
      const t = this.db.binding(id, '()');
      if (t === 'this' || (t !== undefined && this.r.rules(this.db.node(id)?.file_id ?? -1).selfNames.includes(t))) {
        // `(): this`, `return this;`, Rust's `-> Self`: the class the method is a member of
        const owner = this.db.node(this.db.node(id)?.parent_id ?? -1);
        return owner && CLASSLIKE.has(owner.kind) ? { id: owner.id, how: 'exact' } : undefined;
      }
      if (t !== undefined) {
        const tctx = { src: id, fileId: this.db.node(id)!.file_id };
        return t.startsWith('%') ? this.paramType(t, undefined, tctx) : t.startsWith('=') ? this.typeText(t, tctx) : this.named(t, tctx);
      }
    }
    return undefined;
  }

  /** The nearest type two project types share (itself, or a supertype of both), as Kotlin infers
   *  an `if` expression's; undefined where either is not a project type or they share none. */
  private shared(a: TypeHit, b: TypeHit): TypeHit {
    if (!a || !b || a.array || b.array) return undefined;
    // (two boxes: a box of what their contents share; a box and no box: nothing)
    if (a.boxed !== undefined || b.boxed !== undefined) return a.boxed !== undefined && b.boxed !== undefined ? boxOf(this.shared(a.boxed, b.boxed)) ?? undefined : undefined;
    if (a.id === b.id) return a.how === 'heuristic' ? a : b;
    const ofB = this.ancestors(b.id);
    for (const id of this.ancestors(a.id).keys()) if (ofB.has(id)) return { id, how: a.how === 'heuristic' || b.how === 'heuristic' ? 'heuristic' : a.how };
    return undefined;
  }

  /** An element of a collection: of `T[]`, a T; of a type that says what it holds (Go's `type
   *  Nodes []Node`, its binding '[]'), that. `iterating`: as a loop or an iterator gives it (of a
   *  map, a key-value pair). */
  private elementOf(t: TypeHit, iterating = false): TypeHit {
    if (!t) return t === null ? null : undefined;
    if (t.values) return iterating && t.pairs ? { id: t.id, how: t.how, second: t.values } : t.values;
    if (t.array) return { id: t.id, how: t.how };
    const node = this.db.node(t.id);
    const items = node ? this.db.binding(t.id, '[]') : undefined;
    return items === undefined ? undefined : withHow(this.typeText(items, { src: t.id, fileId: node!.file_id }), t.how);
  }

  /** A declaration and the same-named ones beside it (overload signatures). */
  private overloads(id: number): number[] {
    const f = this.db.node(id);
    if (!f) return [];
    return [id, ...this.db.nodesNamedIn(f.name, f.file_id).filter((n) => n.id !== id && n.parent_id === f.parent_id).map((n) => n.id)];
  }

  /** What the object a function returns spreads in (`return { ...credLogger, parent }`): the
   *  types whose members it has too. */
  spreads(fnId: number): number[] {
    const fileId = this.db.node(fnId)?.file_id;
    if (fileId === undefined) return [];
    const out: number[] = [];
    for (const t of this.db.bindingTypes(fnId, '...')) {
      const hit = this.typeText(t, { src: fnId, fileId });
      if (hit && !hit.array && hit.id !== fnId) out.push(hit.id);
    }
    return out;
  }

  /** A field's type, read in the type that declares it. */
  private fieldType(f: { type: string; scope: number }): TypeHit {
    return this.typeText(f.type, { src: f.scope, fileId: this.db.node(f.scope)!.file_id });
  }

  /** A field's declared type on a type or its supertypes (constructor parameter properties too). */
  private field(typeId: number, name: string): { type: string; scope: number } | undefined {
    const seen = new Set<number>();
    let frontier = [typeId];
    for (let d = 0; d < 10 && frontier.length; d++) {
      const next: number[] = [];
      for (const c of frontier) {
        if (seen.has(c)) continue;
        seen.add(c);
        for (const scope of [c, ...this.db.constructorsOf(c)]) {
          const t = this.db.binding(scope, name);
          if (t !== undefined) return { type: t, scope };
        }
        // what another method assigns it (`.x`, see extract.ts)
        const t = this.db.binding(c, `.${name}`);
        if (t !== undefined) return { type: t, scope: c };
        next.push(...this.db.supertypes(c), ...this.spreads(c));
      }
      frontier = next;
    }
    return undefined;
  }
}

function withHow(t: TypeHit, how: Hit['how']): TypeHit {
  return t && how === 'heuristic' ? { ...t, how } : t;
}

/** The type of a cast at the top level of `e` (`x as T`, `x as? T?`, `x as! T`), if it is one. */
function asCast(e: string): string | undefined {
  let at = -1;
  for (const op of [' as ', ' as? ', ' as! ']) at = Math.max(at, e.lastIndexOf(op));
  if (at <= 0 || depthAt(e, at) !== 0) return undefined;
  // (what follows the name is named()'s to read: TypeScript's `x as Foo[]`, `x as Foo | undefined`)
  const type = e.slice(at).replace(/^ as[?!]? /, '').trim().replace(/\?$/, '');
  return /^[A-Za-z_$]/.test(type) ? type : undefined;
}
