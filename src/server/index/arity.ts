// How many arguments a function, method or constructor takes, and of what types, read from its
// signature text (`public ByteBuffer position(int newPosition)`): for languages whose methods
// overload by parameter count or type (LanguageSpec.overloads), so a call binds to the overload
// it can be.
import { matchingAngle, matchingClose, splitTop } from './brackets';
import type { ArgumentTypes } from './languages/rules';

/** [least, most] arguments the declaration named `name` takes; undefined where the signature
 *  does not show its whole parameter list (cut short, or no `name(`). */
export function paramRange(signature: string, name: string): [number, number] | undefined {
  const params = paramList(signature, name);
  return params && range(params);
}

/** The declared type of each parameter of the declaration named `name` (`byte[]`, `int`,
 *  `List<T>`; `...` for a varargs one, which takes any type and count): for languages whose
 *  methods overload by parameter type (Java). Undefined where the signature does not show its
 *  whole parameter list. */
export function paramTypes(signature: string, name: string): string[] | undefined {
  return paramList(signature, name)?.map((p) => {
    // `final @Nullable Map<K, V> m`, `byte b[]` (the dimensions after the name); C#'s `[In] ref
    // byte[] b`, `params object[] args`, `string s = null`
    const cs = withoutAnnotations(p).replace(/\s*=[\s\S]*$/, '');
    if (p.includes('...') || /^params\s/.test(cs)) return '...';
    const bare = cs.replace(/^\s*(?:(?:ref|out|in|this|scoped)\s+)+/, '').replace(/\bfinal\s/g, ' ').trim();
    const m = /^(.*?)\s*\b[\w$]+\s*((?:\[\s*\])*)$/s.exec(bare);
    return m && m[1] ? m[1].replace(/\s+/g, ' ') + m[2].replace(/\s/g, '') : '';
  });
}

/** Whether two declarations of a function named `name` (a prototype and a definition) list the
 *  same parameter types: `(unsigned char c, ::std::ostream* os)` and `(unsigned char,
 *  std::ostream*)` do, `(const T& value, ::std::ostream* os)` does not. A parameter's name, its
 *  default value and a leading `::` do not count. Undefined where either list is not all there. */
export function sameParameters(a: string, b: string, name: string): boolean | undefined {
  const pa = paramList(a, name), pb = paramList(b, name);
  if (!pa || !pb) return undefined;
  if (pa.length !== pb.length) return false;
  return pa.every((p, i) => sameParameter(p, pb[i]));
}

function sameParameter(a: string, b: string): boolean {
  const x = bareParameter(a), y = bareParameter(b);
  return x === y || unnamed(x) === y || x === unnamed(y) || unnamed(x) === unnamed(y);
}

/** A parameter's text without its default value, spacing and leading `::`s. */
const bareParameter = (p: string) => p.replace(/\s*=[\s\S]*$/, '').replace(/(^|[^\w])::/g, '$1').replace(/\s+/g, ' ').replace(/ ?([*&,<>]) ?/g, '$1').trim();
/** The type alone, where the parameter ends with a name after its type (`char* s` -> `char*`,
 *  `unsigned n` -> `unsigned`; `unsigned char` and `struct foo` name no parameter). */
const unnamed = (p: string) => {
  const m = /^(.*[\w*&>\]])\s*\b([A-Za-z_]\w*)((?:\[\w*\])*)$/.exec(p);
  return m && /[\w>]/.test(m[1]) && !BUILTIN_TYPE.test(m[2]) && !/(^|\s)(?:const|volatile|struct|enum|class|union|typename)$/.test(m[1]) ? m[1].trim() + m[3] : p;
};
const BUILTIN_TYPE = /^(?:char|char8_t|char16_t|char32_t|wchar_t|short|int|long|float|double|bool|void|signed|unsigned|auto)$/;

/** The parameters after the name, as written; undefined where the list is not all there. */
export function paramList(signature: string, name: string): string[] | undefined {
  const at = openParen(signature, name);
  const close = at < 0 ? -1 : matchingClose(signature, at);
  return close < 0 ? undefined : splitTop(signature.slice(at + 1, close));
}

/** Where the parameter list after the name opens (type arguments between them skipped). */
function openParen(sig: string, name: string): number {
  let from = 0;
  for (;;) {
    const i = sig.indexOf(name, from);
    if (i < 0) return -1;
    from = i + name.length;
    if (i > 0 && /[\w$]/.test(sig[i - 1])) continue;
    let j = from;
    while (sig[j] === ' ') j++;
    if (sig[j] === '<') {
      j = matchingAngle(sig, j) + 1;
      if (j === 0) continue; // unbalanced: not this occurrence
      while (sig[j] === ' ') j++;
    }
    if (sig[j] === '(') return j;
  }
}

/** A parameter without its annotations (`@Nullable`, `@Size(max = 10)`) and C#'s attributes
 *  before it (`[In]`, `[MarshalAs(..., SizeParamIndex = 1)]`). */
function withoutAnnotations(p: string): string {
  return p.replace(/@[\w.]+(?:\([^()]*\))?/g, ' ').replace(/^\s*(?:\[[^\]]*\]\s*)+/, '');
}

/** Varargs (`int... xs`, C's `...`, C#'s `params`) take any number; a default value (`= 1`) may be left out. */
function range(params: string[]): [number, number] {
  if (params.length === 1 && params[0] === 'void') return [0, 0];
  // (least: those without a default, wherever they are: Kotlin's `show(msg, duration = 0, onDone)`
  // takes `show("x") { }`, by name or as a trailing lambda; elsewhere defaults come last anyway)
  let least = 0, most = 0;
  for (const p of params) {
    if (p.includes('...') || /^(?:params|vararg)\s/.test(p.trim())) return [least, Infinity];
    most++;
    // (an annotation's or attribute's `=` is no default: `@Size(max = 10) String n`)
    if (!/=/.test(withoutAnnotations(p).replace(/[=!<>]=|=>/g, ''))) least++;
  }
  return [least, most];
}

/** Whether an argument of type `arg` can be passed for a parameter declared `param` (both as
 *  written; undefined: not known, which fits), with boxing and unboxing where `boxing`. Only what
 *  clearly cannot is ruled out: reference types fit one another, as subtyping is not checked. */
export function fits(t: ArgumentTypes, arg: string | undefined, param: string, boxing = true): boolean {
  if (!arg || !param || param === '...') return true;
  const a = typeName(arg, t.aliases), p = typeName(param, t.aliases);
  // a type variable (`T`, `E2`; C#'s `TKey`) takes anything
  const typeVariable = t.typeVariable ?? /^[A-Z]\d?$/;
  if (typeVariable.test(p.base) || typeVariable.test(a.base)) return true;
  const primitive = (x: { base: string; dims: number }) => x.dims === 0 && x.base in t.widening;
  if (a.base === 'null') return !primitive(p) || p.nullable;
  if (a.dims > 0) {
    if (p.dims === 0) return t.takesArrays.includes(p.base);
    if (p.dims !== a.dims) return p.base === 'Object' && p.dims < a.dims;
    return !(a.base in t.widening || p.base in t.widening) || a.base === p.base;
  }
  if (p.dims > 0) return false;
  if (primitive(a)) {
    if (primitive(p)) return a.base === p.base || t.widening[a.base].includes(p.base);
    return boxing && (t.boxes[a.base] === p.base || t.takesPrimitives.includes(p.base));
  }
  if (primitive(p)) {
    // unboxing, then widening (an Integer for a `long`)
    const unboxed = boxing ? Object.keys(t.boxes).find((k) => t.boxes[k] === a.base) : undefined;
    return unboxed !== undefined && (unboxed === p.base || t.widening[unboxed].includes(p.base));
  }
  // nothing extends a final type: its parameter takes only its own (a `Stream` is no `string`)
  return a.base === p.base || !t.final.includes(p.base);
}

/** Whether an argument of type `arg` is of the very type a parameter declares (an argument's
 *  type not known: yes; a type variable or varargs, which take anything: no, unless the argument
 *  is that variable; an integer literal is an `int`). */
export function sameType(t: ArgumentTypes, arg: string | undefined, param: string): boolean {
  if (!arg) return true;
  if (!param || param === '...') return false;
  const a = typeName(arg, t.aliases), p = typeName(param, t.aliases);
  return (a.base === p.base || (a.base === 'int#' && p.base === 'int')) && a.dims === p.dims;
}

/** A type's name as written, without type arguments, qualifier or `?` (by its alias's). */
export function baseType(s: string, aliases?: Record<string, string>): string {
  return typeName(s, aliases).base;
}

/** A type as written, without type arguments or qualifier: its name (by its alias's, C#'s
 *  `Int32` as `int`), array dimensions, and whether it is nullable (C#'s `int?`). */
function typeName(s: string, aliases?: Record<string, string>): { base: string; dims: number; nullable: boolean } {
  let depth = 0, bare = '';
  for (const c of s) {
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (depth === 0) bare += c;
  }
  const dims = (bare.match(/\[/g) ?? []).length;
  let base = bare.replace(/\[[\s,]*\]/g, '').trim();
  const nullable = base.endsWith('?');
  if (nullable) base = base.slice(0, -1).trim();
  base = base.slice(base.lastIndexOf('.') + 1);
  return { base: aliases?.[base] ?? base, dims, nullable };
}

/** Kotlin: a function type's class, as the compiler names it: `(A, B) -> R` is a Function2, and
 *  the receiver of `R.(A) -> T` is a parameter too (`suspend` and `?` aside: `(suspend
 *  Scope.() -> T)?` is a Function1); undefined for any other type. */
export function functionTypeName(t: string): string | undefined {
  let s = t.trim();
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(/\?$/, '').trim().replace(/^suspend\s+/, '');
    if (s.startsWith('(') && matchingClose(s, 0) === s.length - 1) s = s.slice(1, -1).trim();
  }
  // the parameter list: the first `(` outside a receiver's type arguments, followed by `->`
  let angle = 0, open = -1;
  for (let i = 0; i < s.length && open < 0; i++) {
    if (s[i] === '<') angle++;
    else if (s[i] === '>') angle--;
    else if (s[i] === '(' && angle === 0) open = i;
  }
  const close = open < 0 ? -1 : matchingClose(s, open);
  if (close < 0 || !/^\s*->/.test(s.slice(close + 1))) return undefined;
  const receiver = s.slice(0, open).trim();
  if (receiver && !receiver.endsWith('.')) return undefined;
  return `Function${splitTop(s.slice(open + 1, close)).length + (receiver ? 1 : 0)}`;
}
