// Length-preserving fix-ups of a file's text before its grammar parses it, for constructs the
// grammar gets wrong. Every offset and line stays where it was, so the tree's positions hold for
// the original text, which is what the extractor reads. A language names its rules in the table.
//
// Why: the TypeScript grammar misses TS 4.7 variance annotations (`interface X<in out A>`) and
// the automatic semicolon before a call signature (`(a: A): B` or `<A>(a: A): B` on the line
// after another member). On effect's sources, 185 of 360 files parsed with errors (5,834 ERROR
// nodes); with both rules 1 does, and the parse takes ~25% less time (error recovery is slow).
// The C grammar knows no compiler annotation macros (`static void __init f(void)`, `void __iomem
// *p`) and no type as a macro's argument (`container_of(p, struct foo, list)`): of 1,523 Linux
// kernel .c files, 1,037 parsed with errors (7,231 ERROR nodes), and symbols next to them were lost.

import { matchingClose } from '../brackets';
export type PreparseRule = 'ts-variance' | 'ts-call-signatures' | 'ts-escaped-backticks' | 'c-annotations' | 'c-attribute-macros' | 'c-initializer-macros' | 'c-statement-macros' | 'c-type-arguments' | 'c-case-ranges' | 'c-iterator-macros' | 'cpp-export-macros' | 'cpp-annotation-macros' | 'swift-newer-syntax' | 'kotlin-newer-syntax' | 'kotlin-top-level-annotations' | 'solidity-mapping-names' | 'objc-macro-methods';

const RULES: Record<PreparseRule, (source: string) => string> = {
  // `<in out K, out V>` -> `<       K,     V>`: the modifiers are blanked. After `<` or `,` a
  // bare `in` / `out` followed by a name is nothing else in valid code.
  'ts-variance': (s) => s.replace(/([<,]\s*)((?:in|out)\s+(?:out\s+)?)(?=[A-Za-z_$])/g, (_m, before: string, mods: string) => before + ' '.repeat(mods.length)),
  'ts-call-signatures': callSignatureBreaks,
  // An escaped backtick ends a template literal type in the grammar (effect's Schema.ts lost its
  // last 1,500 lines to it). It is blanked with its backslash, escaped backslashes before it kept:
  // inside a string, a comment or a regex two spaces change no structure.
  'ts-escaped-backticks': (s) => s.replace(/(?<!\\)((?:\\\\)*)\\`/g, (_m, even: string) => even + '  '),
  'c-annotations': cAnnotations,
  'c-attribute-macros': attributeMacros,
  'c-statement-macros': statementMacros,
  // `static const char *names[] SPDLOG_LEVEL_NAMES;`: a macro that expands to the initializer
  // (the grammar lost the namespace's closing brace after it) is blanked
  'c-initializer-macros': (s) => s.replace(/\[\][ \t]*[A-Z][A-Z0-9_]*(?=[ \t]*;)/g, (m) => m.replace(/[A-Z0-9_]/g, ' ')),
  // `container_of(p, struct foo, list)`, `DEFINE_PER_CPU(struct foo, bar)`: a tagged type where an
  // expression goes (after `,`, or opening a call's arguments) loses its keyword and reads as a
  // name. Casts, compound literals and `sizeof (struct foo)` are left as they are.
  // The context is a lookbehind, so the scan is driven by the keyword: trying `name(` at every
  // word was 5x slower (~0.8 s of each worker on 12.7k kernel files).
  'c-type-arguments': (s) => s.replace(/(?<=(?:(,)|\b([A-Za-z_]\w*)\s*\()\s*)(?:struct|union|enum)(?=\s+[A-Za-z_]\w*\s*[,)])/g,
    (kw, comma: string | undefined, call: string | undefined) => (comma || !TYPE_OPERATORS.test(call!) ? ' '.repeat(kw.length) : kw)),
  // GNU ranges `case 'a' ... 'z':` and `[0 ... 7] = x`: `...` between two operands becomes ` - `.
  'c-iterator-macros': iteratorMacros,
  'c-case-ranges': (s) => s.replace(/([\w)'\]][ \t]+)\.\.\.(?=[ \t]+[\w('])/g, (_m, before: string) => before + ' - '),
  // A library's export or inline macro: `class SPDLOG_API logger {`, `class FMT_API format_error :`
  // (the class was lost, or named after the macro), and one opening a declaration's line
  // (`SPDLOG_INLINE void logger::flush()`, whose macro became a scope of the name; GoogleTest's
  // `GTEST_NO_INLINE_ GTEST_NO_TAIL_CALL_ std::string` with the name on the next line, `GTEST_API_
  // extern ThreadLocal<Sequence*> g_gmock_implicit_sequence;`). Upper-case names with an
  // underscore, before a class's name or at a line's start before a type, are blanked.
  'cpp-export-macros': (s) => s
    .replace(/(?<=\b(?:class|struct|union)[ \t]+)[A-Z][A-Z0-9]*_[A-Z0-9_]*(?=[ \t]+[A-Za-z_]\w*[ \t\r\n]*(?:final\b|[:{;]))/g, (m) => ' '.repeat(m.length))
    .replace(/^([ \t]*)([A-Z][A-Z0-9]*_[A-Z0-9_]*(?:[ \t]+[A-Z][A-Z0-9]*_[A-Z0-9_]*)*)(?=\s+(?:[A-Za-z_][\w:<>,* \t&]*[\s*&]+~?[A-Za-z_][\w:]*(?:<[\w, ]*>::~?[A-Za-z_]\w*)?[ \t]*\(|class\b|struct\b|extern\b|(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)(?:<[\w, ]*>)?::~?\3[ \t]*\())/gm, (_m, ind: string, mac: string) => ind + ' '.repeat(mac.length))
    // `const handlers &h = {}`: an empty braced default argument, which the grammar does not
    // know, reads as `= 0`
    .replace(/(?<==[ \t]*)\{\}(?=[ \t]*[,)])/g, '0 ')
    // a macro that declares at a namespace's top level, given a type (`GMOCK_DEFINE_DEFAULT_ACTION_
    // FOR_RETURN_TYPE_(unsigned char, '\0');`): the grammar read it as a function that held the
    // rest of the namespace. At a line's start, with a type among its arguments, it is blanked.
    .replace(/^[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*\(([^()\n]*)\)[ \t]*;/gm, (m, args: string) => (args.split(',').some((a) => TYPE_ARGUMENT.test(a)) ? ' '.repeat(m.length) : m)),
  'cpp-annotation-macros': annotationMacros,
  'swift-newer-syntax': swiftNewerSyntax,
  // Kotlin 1.4's `fun interface` (a SAM interface: the grammar lost it and the file's rest) is read
  // as an interface, and 1.8's `0..<n` as `0.. n`. expo-modules-core's 257 Kotlin files: 19 parsed
  // with errors (26 ERROR nodes).
  'kotlin-newer-syntax': (s) => s.replace(/\bfun(?=[ \t]+interface\b)/g, '   ').replace(/(?<=\w|\))\.\.<(?=[\s\w(])/g, '.. '),
  // A line of annotations alone at the top level (`@Suppress("LeakingThis")` then
  // `@InternalCoroutinesApi` above `public actual open class LockFreeLinkedListNode {`) may read as
  // an annotated expression, a script's statement: the class and its 600 lines became a lambda's
  // statements in kotlinx.coroutines. The line is blanked (table.ts misparsed: where that happened).
  'kotlin-top-level-annotations': (s) => (s.includes('\n@') ? s.replace(TOP_ANNOTATIONS, (m) => ' '.repeat(m.length)) : s),
  'objc-macro-methods': objcMacroMethods,
  // Solidity 0.8.18's named mapping types (`mapping(address owner => uint256 balance)`), which the
  // grammar cannot read, lose their names (blanked). OpenZeppelin Contracts 5.0's 143 files: 26
  // parsed with errors (49 ERROR nodes).
  'solidity-mapping-names': (s) => !s.includes('mapping') ? s : s
    .replace(/(\bmapping\s*\(\s*[\w.]+\s+)([A-Za-z_$][\w$]*)(?=\s*=>)/g, (_m, head: string, name: string) => head + ' '.repeat(name.length))
    .replace(/(=>\s*[\w.]+(?:\[\d*\])*\s+)([A-Za-z_$][\w$]*)(?=\s*\))/g, (_m, head: string, name: string) => head + ' '.repeat(name.length)),
};

/** What the Swift grammar (tree-sitter-swift 0.7.1) cannot read: a compilation directive's line
 *  (`#if os(iOS)` / `#elseif` / `#else` / `#endif` in a class body lost the class's other
 *  members; both branches are read, as C's `#if` alternatives are), `#selector(A.b(_:c:))`,
 *  `#keyPath(...)` and `#available(iOS 17, *)` (read as a call of `_selector` and the like, their
 *  arguments, which are no expressions, blanked), another `#name(...)` (a freestanding macro, read
 *  as a call of `_name` with its arguments), and Swift 5.9-6 modifiers (`nonisolated(unsafe)`,
 *  `sending`, `repeat each`). On expo-modules-core's 185 Swift files, 49 parsed with errors (259
 *  ERROR nodes). */
function swiftNewerSyntax(s: string): string {
  if (!s.includes('#') && !/\b(?:nonisolated|sending|each)\b/.test(s)) return s;
  let t = s;
  for (const m of s.matchAll(/#(?:selector|keyPath|available|unavailable)\(/g)) {
    const open = m.index + m[0].length - 1;
    const end = closeParen(s, open);
    if (end > 0) t = t.slice(0, open + 1) + s.slice(open + 1, end - 1).replace(/[^\n]/g, ' ') + t.slice(end - 1);
  }
  return t
    .replace(/^[ \t]*#(?:if|elseif|else|endif)\b[^\n]*/gm, (m) => ' '.repeat(m.length))
    .replace(/#(?=[A-Za-z_]\w*\()/g, '_')
    .replace(/(?<=\bnonisolated)\(unsafe\)/g, '        ')
    .replace(/\brepeat[ \t]+each[ \t]+(?=[A-Z])/g, (m) => ' '.repeat(m.length))
    .replace(/(?<=[<,(][ \t]*)each[ \t]+(?=[A-Z])/g, (m) => ' '.repeat(m.length))
    .replace(/\bsending[ \t]+(?=[@A-Z(\[])/g, (m) => ' '.repeat(m.length));
}

/** A macro's argument that is a type, or empty (cpp-export-macros). */
const TYPE_ARGUMENT = /^\s*(?:(?:(?:unsigned|signed|const|volatile|struct|class|enum|union)\s+)+\w+(?:\s+(?:long|int|short|char|double))*|void|bool|char|short|int|long|float|double|wchar_t|char8_t|char16_t|char32_t|size_t)?\s*$/;

const TYPE_OPERATORS = /^(?:sizeof|typeof|__typeof__|__typeof|_Alignof|alignof|__alignof__|offsetof|__builtin_offsetof|va_arg|__builtin_va_arg)\b/;

/** Compiler and kernel annotations (attributes behind macros) the grammar cannot know; the ones
 *  in ANNOTATION_CALLS take an argument list, blanked with them. */
const ANNOTATIONS = new Set(('__init __exit __initdata __initconst __exitdata __initrodata __devinit __devexit __devinitdata ' +
  '__meminit __meminitdata __cpuinit __net_init __net_exit __init_or_module __initdata_or_module __iomem __user __kernel ' +
  '__force __rcu __percpu __bitwise __must_check __maybe_unused __always_unused __always_inline __noinline ' +
  '__noinline_for_stack __noreturn __cold __hot __pure __weak __packed __read_mostly __ro_after_init __visible __kprobes ' +
  'notrace noinstr asmlinkage __sched __ref __refdata __latent_entropy __randomize_layout __no_randomize_layout ' +
  '__cacheline_aligned __cacheline_aligned_in_smp ____cacheline_aligned ____cacheline_aligned_in_smp __nocast __safe ' +
  '__attribute_const__ __malloc __used __deprecated __noclone __naked __bpf_kfunc __ksym __kconfig __nonstring ' +
  '__irq_entry __lockfunc __flatten __noretpoline __no_kcsan __no_sanitize_address __tracepoint_string __private ' +
  '__fastcall __stdcall __cdecl __must_hold __acquires __releases __printf __scanf __section __aligned __free ' +
  '__counted_by __cleanup __alloc_size noinline').split(' '));
const ANNOTATION_CALLS = new Set(['__must_hold', '__acquires', '__releases', '__printf', '__scanf', '__section', '__aligned', '__free', '__counted_by', '__cleanup', '__alloc_size']);

/** GNU-style attribute macros (`ATTRIBUTE_UNUSED`, `ATTRIBUTE_PRINTF (1, 2)`, glib's
 *  `G_GNUC_MALLOC`, `X_NORETURN`, spdlog's `SPDLOG_NOEXCEPT` and `SPDLOG_INLINE`) where a declaration has them: after a parameter's or field's
 *  name, after a prototype's `)`, opening a declaration's line or between its type and name. The
 *  grammar read `(bfd *abfd ATTRIBUTE_UNUSED)` as an expression and lost the function: on GNU
 *  binutils' programs and libiberty, 251 of 523 C files parsed with errors. An enum constant
 *  of such a name (`XML_ATTRIBUTE_DECL,`, `case ...:`, `return ...;`) is left alone.
 *  The scan is driven by the words (one regex with lookarounds tried at every offset cost as
 *  much as the other C rules together on the kernel). */
const ATTRIBUTE_ENDS = 'NORETURN|UNUSED|NOINLINE|PRINTF(?:_\\d)?|MALLOC|NONNULL|SENTINEL|DEPRECATED|NODISCARD|NOEXCEPT|INLINE';
const ATTRIBUTE_WORD = new RegExp(`ATTRIBUTE|GNUC|${ATTRIBUTE_ENDS}`, 'g');
// GoogleTest's end with `_` (`GTEST_ATTRIBUTE_PRINTF_(2, 3)`)
const ATTRIBUTE_NAME = new RegExp(`^_?(?:[A-Z][A-Z0-9]*_)*(?:(?:ATTRIBUTE|GNUC)(?:_[A-Z0-9]+)*|${ATTRIBUTE_ENDS})_?$`);
const NOT_BEFORE = /\b(?:return|case|goto|sizeof|else|do)$/;
const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function attributeMacros(s: string): string {
  const spans: [number, number][] = [];
  ATTRIBUTE_WORD.lastIndex = 0;
  for (let m; (m = ATTRIBUTE_WORD.exec(s));) {
    let a = m.index, b = a + m[0].length;
    while (a > 0 && isWord(s.charCodeAt(a - 1))) a--;
    while (b < s.length && isWord(s.charCodeAt(b))) b++;
    ATTRIBUTE_WORD.lastIndex = b;
    if (!ATTRIBUTE_NAME.test(s.slice(a, b)) || preprocessorLine(s, a)) continue;
    // before it: a name (not a keyword that takes a value), `)` or `*`, or the line's start
    let i = a, newline = false;
    while (i > 0 && isBlank(s.charCodeAt(i - 1))) { if (s.charCodeAt(--i) === 10) newline = true; }
    const before = i > 0 ? s.charCodeAt(i - 1) : 10;
    const lineStart = i === 0 || (newline && !(before === 41 || before === 42 || isWord(before)));
    if (!(lineStart || before === 41 || before === 42 || (isWord(before) && !NOT_BEFORE.test(s.slice(Math.max(0, i - 8), i))))) continue;
    // after it (and its arguments, if any): a name (what it opens a line of: `ATTRIBUTE_NORETURN
    // static void`, where an enum's constant is followed by `,` or `=`), or `,` `;` `{` `)` `=`
    // and a constructor's `:` (after a name or a parameter list)
    let end = b, j = b;
    while (s[j] === ' ' || s[j] === '\t') j++;
    if (s[j] === '(') {
      const close = s.indexOf(')', j);
      const inner = close < 0 ? '' : s.slice(j + 1, close);
      if (close < 0 || /[()\n]/.test(inner)) continue;
      end = j = close + 1;
    }
    while (j < s.length && isBlank(s.charCodeAt(j))) j++;
    const next = s.charCodeAt(j);
    const name = isWord(next) && !(next >= 48 && next <= 57);
    if (!(name || (!lineStart && (next === 44 || next === 59 || next === 123 || next === 41 || next === 61 || next === 58)))) continue;
    spans.push([a, end]);
  }
  return blankSpans(s, spans);
}

/** `s` with each [from, to) of `spans` (in order, apart) blanked, line breaks kept. */
function blankSpans(s: string, spans: [number, number][]): string {
  if (!spans.length) return s;
  const parts: string[] = [];
  let done = 0; // s before this offset is in parts
  for (const [from, to] of spans) {
    parts.push(s.slice(done, from), s.slice(from, to).replace(/[^\n]/g, ' '));
    done = to;
  }
  parts.push(s.slice(done));
  return parts.join('');
}

/** `SPDLOG_TRY {` and `} SPDLOG_LOGGER_CATCH(loc) }`: inside a body, a macro standing for a
 *  statement's keyword, alone on an indented line, is blanked (the grammar lost the namespace
 *  around the function): after a statement's `;` or a block's `}` and before a `{` or `}`, or
 *  after a `{` and before another. A top-level one (`SYSCALL_DEFINE3(...)` opening a kernel
 *  function) is at a line's start, and an enum's or initializer's last item follows a `,`: both
 *  stay. */
const STATEMENT_MACRO = /^([ \t]+)([A-Z][A-Z0-9]*_[A-Z0-9_]*(?:[ \t]*\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\))?)(?=[ \t]*\r?\n\s*([{}]))/gm;
function statementMacros(s: string): string {
  return s.replace(STATEMENT_MACRO, (m, ind: string, mac: string, next: string, at: number) => {
    let i = at;
    while (i > 0 && isBlank(s.charCodeAt(i - 1))) i--;
    const before = s[i - 1];
    return before === ';' || before === '}' || (before === '{' && next === '{') ? ind + ' '.repeat(mac.length) : m;
  });
}

/** A C++ library's annotation macros where a function's declarator ends, after its parameter
 *  list and qualifiers: GoogleTest's `bool is_retired() const GTEST_EXCLUSIVE_LOCK_REQUIRED_(mu) {`
 *  and `void Init(const char* r) GTEST_LOCK_EXCLUDED_(mu);`, Abseil's `ABSL_MUST_USE_RESULT`.
 *  The grammar read the macro as a field or a second declarator and lost the function around it
 *  (gmock-spec-builders.h: 56 errors). An upper-case name with an underscore (and its arguments)
 *  is blanked when a parameter list's `)` comes before it (the `(` after a name that is no
 *  keyword and no macro) and the declaration goes on after it (`{` `;` `=` `:` or a qualifier).
 *  Also a class's variable-like attribute: `class X { ... } GTEST_ATTRIBUTE_UNUSED_;`. */
const MACRO_WORD = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\b/g;
const QUALIFIER_BEFORE = /(?:\b(?:const|volatile|override|final|noexcept)|&&?)\s*$/;
const NOT_A_FUNCTION = /^(?:if|while|for|switch|catch|return|sizeof|alignof|decltype|typeof|noexcept|throw|new|delete|defined|__attribute__|static_assert)$/;
const GOES_ON = /^\s*(?:[{;=:]|->|override\b|final\b|const\b|noexcept\b|[A-Z][A-Z0-9]*_[A-Z0-9_]*\b)/;
function annotationMacros(s: string): string {
  const spans: [number, number][] = [];
  MACRO_WORD.lastIndex = 0;
  for (let m; (m = MACRO_WORD.exec(s));) {
    const a = m.index;
    let end = a + m[0].length;
    let j = end;
    while (s[j] === ' ' || s[j] === '\t') j++;
    if (s[j] === '(') { end = closeParen(s, j); if (end < 0) continue; }
    // before it: qualifiers, then `)` (or the macro just blanked before it)
    let i = a;
    while (i > 0 && isBlank(s.charCodeAt(i - 1))) i--;
    for (let q; (q = QUALIFIER_BEFORE.exec(s.slice(Math.max(0, i - 12), i)));) { i -= q[0].length; while (i > 0 && isBlank(s.charCodeAt(i - 1))) i--; }
    const prev = spans[spans.length - 1];
    const chained = prev && prev[1] === i;
    if (!chained && !(s[i - 1] === ')' && parameterListBefore(s, i - 1)) && !(s[i - 1] === '}' && /ATTRIBUTE|UNUSED/.test(m[0]) && /^\s*;/.test(s.slice(end, end + 8)))) continue;
    if (!GOES_ON.test(s.slice(end, end + 40)) || preprocessorLine(s, a)) continue;
    spans.push([a, end]);
    MACRO_WORD.lastIndex = end;
  }
  return blankSpans(s, spans);
}

/** Whether the `)` at `close` ends a parameter list: its `(` (within a few lines) follows a name
 *  (`f`, `A::f`, `~A`, `operator==`) that is no keyword and no macro's. */
function parameterListBefore(s: string, close: number): boolean {
  let depth = 0, lines = 0, k = close;
  for (; k >= 0; k--) {
    const c = s[k];
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) break;
    else if (c === '\n' && ++lines > 8) return false;
    else if (c === ';' || c === '{' || c === '}') return false;
  }
  if (k < 0) return false;
  while (k > 0 && (s[k - 1] === ' ' || s[k - 1] === '\t')) k--;
  const name = /(?:operator\s*\S{1,3}|~?[A-Za-z_]\w*)$/.exec(s.slice(Math.max(0, k - 40), k))?.[0];
  return !!name && !NOT_A_FUNCTION.test(name) && !/^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(name);
}

/** Blanks ANNOTATIONS outside preprocessor lines (`#define __init ...` keeps its name). */
function cAnnotations(s: string): string {
  const spans: [number, number][] = [];
  const re = /\b(?:__\w+|notrace|noinstr|noinline|asmlinkage)\b/g;
  for (let m; (m = re.exec(s));) {
    if (!ANNOTATIONS.has(m[0]) || preprocessorLine(s, m.index)) continue;
    let end = m.index + m[0].length;
    if (ANNOTATION_CALLS.has(m[0])) {
      let j = end;
      while (s[j] === ' ' || s[j] === '\t') j++;
      if (s[j] === '(') end = closeParen(s, j);
      if (end < 0) continue;
    }
    spans.push([m.index, end]);
    re.lastIndex = end;
  }
  return blankSpans(s, spans);
}

/** `list_for_each_entry(pos, head, list)` or `for_each_cpu(cpu)` opening a statement, with its
 *  body after it: the name becomes `while` (its arguments are a valid condition), so the body
 *  parses as a loop's (as a call, it swallowed the next statement into errors). The call to the
 *  iterator macro itself is not recorded. */
function iteratorMacros(s: string): string {
  if (!s.includes('each')) return s;
  return s.replace(/^([ \t]+)(\w*for_?each\w*)(?=[ \t]*\()/gm, (m, indent: string, name: string, off: number) => {
    const end = closeParen(s, s.indexOf('(', off + m.length));
    return end > 0 && /^[ \t]*(?:\{|\/[/*]|\r?\n)/.test(s.slice(end, end + 3)) ? indent + 'while' + ' '.repeat(name.length - 5) : m;
  });
}

/** Whether the line holding offset i starts (after indentation) with `#`. */
function preprocessorLine(s: string, i: number): boolean {
  let k = s.lastIndexOf('\n', i - 1) + 1;
  while (s[k] === ' ' || s[k] === '\t') k++;
  return s[k] === '#';
}

/** The offset after the `)` matching the `(` at `open`, or -1 (none within 4 lines). */
function closeParen(s: string, open: number): number {
  let depth = 0, lines = 0;
  for (let j = open; j < s.length; j++) {
    const c = s[j];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
    else if (c === '\n' && ++lines > 4) return -1;
  }
  return -1;
}

const ANNOTATION = String.raw`@(?!file:)[A-Za-z_][\w.]*(?:\((?:[^()\n]|\([^()\n]*\))*\))?`;
const TOP_ANNOTATIONS = new RegExp(String.raw`^${ANNOTATION}(?:[ \t]+${ANNOTATION})*[ \t]*$`, 'gm');

/** The text to hand the parser: `source` itself when the language has no rules. */
export function preparse(rules: readonly PreparseRule[] | undefined, source: string): string {
  if (!rules) return source;
  for (const r of rules) source = RULES[r](source);
  return source;
}

const STARTS_SIGNATURE = /^[ \t]+(?:\(|<(?:[\w$]|\s*$))/;
/** A member ends with a name, `)`, `]`, `}` or a type's closing `>` (not `=>`, `>=` or the
 *  operator), alone on its line when a long type argument list closes there. */
const ENDS_MEMBER = /(?:[\w$)\]}]|[^\s=>]>+|^\s*>+)$/;
/** Words after which a line goes on: a type or an expression follows. */
const CONTINUES = /(?:^|[^\w$.])(?:extends|keyof|typeof|infer|in|of|is|as|satisfies|new|await|yield|else|do|case|return|delete|throw|instanceof|readonly|unique|asserts|export|default|const|let|var)$/;

/** Puts a `;` in place of the first indentation character of a line that opens a call signature
 *  (`(`, `<T`, or a lone `<` of a multi-line type parameter list) when the code line before it
 *  (comments skipped) ended a member. Misjudged lines fall on strings, comments or JSX text, where
 *  a `;` changes no structure. */
function callSignatureBreaks(s: string): string {
  const lines = s.split('\n');
  let prev = ''; // the end of the last code line, comments cut off
  let inComment = false;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    let code = lines[i];
    if (inComment) {
      const end = code.indexOf('*/');
      if (end < 0) continue;
      inComment = false;
      code = code.slice(end + 2);
    } else if (STARTS_SIGNATURE.test(code) && ENDS_MEMBER.test(prev) && !CONTINUES.test(prev)) {
      lines[i] = ';' + code.slice(1);
      changed = true;
    }
    // drop comments: `/* ... */` runs, then `//` to the end of the line (a URL in a string is cut
    // too, which only ever stops a fix-up)
    code = code.replace(/\/\*.*?\*\//g, ' ');
    const open = code.indexOf('/*');
    if (open >= 0) { inComment = true; code = code.slice(0, open); }
    const line = code.indexOf('//');
    if (line >= 0) code = code.slice(0, line);
    code = code.trimEnd();
    if (code) prev = code;
  }
  return changed ? lines.join('\n') : s;
}

/** A macro call alone at column 0 of an Objective-C file (React Native's `RCT_EXPORT_METHOD(add :
 *  (NSString *)name) {`, `RCT_CUSTOM_VIEW_PROPERTY(overflow, T, V) {`, `RCT_EXPORT_VIEW_PROPERTY(x,
 *  T)`), whose implementation the grammar read as errors around it. Followed by a body, it is read
 *  as a method: `-(void)` and its argument where that is a selector (`add : (NSString *)name`,
 *  over several lines too), else `-(void)` and its first name, which stays where it is written.
 *  Without a body (`RCT_NOT_IMPLEMENTED(-(id)init)` too, and with its `;`: `RCT_EXPORT_MODULE();`)
 *  it is blanked, line breaks kept. react-native 0.76's 95 `.m` files: 38 parsed with errors (590
 *  ERROR nodes). */
function objcMacroMethods(s: string): string {
  if (!/^[A-Z][A-Z0-9_]+\(/m.test(s)) return s;
  let out = '';
  let from = 0;
  // braces open before a match (strings and comments skipped): only a macro at depth 0, in no
  // function's body, is read
  let depth = 0, scanned = 0;
  const advance = (to: number) => {
    for (let i = scanned; i < to; i++) {
      const c = s[i];
      if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
      else if (c === '"' || c === "'") { for (i++; i < to && s[i] !== c && s[i] !== '\n'; i++) if (s[i] === '\\') i++; }
      else if (c === '/' && s[i + 1] === '/') { while (i < to && s[i] !== '\n') i++; }
      else if (c === '/' && s[i + 1] === '*') { const e = s.indexOf('*/', i + 2); i = e < 0 ? to : e + 1; }
    }
    scanned = Math.max(scanned, to);
  };
  for (const m of s.matchAll(/^([A-Z][A-Z0-9_]+)\(/gm)) {
    if (m.index < from) continue;
    advance(m.index);
    if (depth > 0) continue;
    const open = m.index + m[1].length;
    const close = matchingClose(s, open);
    if (close < 0) break;
    const after = s.slice(close + 1, close + 200);
    const end = /^[ \t]*;?[ \t]*(?:\/\/[^\n]*)?(?=\r?\n|$)/.exec(after);
    const body = /^\s*\{/.test(end ? after.slice(end[0].length) : after);
    if (!end && !body) continue; // not alone on its line(s): an expression or a declaration's part
    const inner = s.slice(open + 1, close);
    const blank = (a: number, b: number) => s.slice(a, b).replace(/[^\n]/g, ' ');
    if (!body || /^\s*[-+]\s*\(/.test(inner)) {
      // (with its `;`: `RCT_EXPORT_MODULE();`)
      const semi = end && end[0].includes(';') ? close + 1 + end[0].indexOf(';') : close;
      out += s.slice(from, m.index) + blank(m.index, semi + 1);
      from = semi + 1;
      advance(from);
      continue;
    }
    // (the method's name stays where it is written: the extractor reads names from the file)
    const head = m[1].length + 1;
    if (head < 7) continue;
    let text: string;
    if (/^\s*[A-Za-z_]\w*\s*(?::|$)/.test(inner)) text = '-(void)' + blank(m.index + 7, open + 1) + inner + ' ';
    else {
      const first = /[A-Za-z_]\w*/.exec(inner);
      if (!first) continue;
      const at = open + 1 + first.index;
      text = '-(void)' + blank(m.index + 7, at) + first[0] + blank(at + first[0].length, close + 1);
    }
    out += s.slice(from, m.index) + text;
    from = close + 1;
    advance(from);
  }
  return out + s.slice(from);
}
