// Length-preserving fix-ups of a file's text before its grammar parses it, for constructs the
// grammar gets wrong. Every offset and line stays where it was, so the tree's positions hold for
// the original text, which is what the extractor reads. A language names its rules in the table.
//
// Why: the TypeScript grammar misses TS 4.7 variance annotations (`interface X<in out A>`) and
// the automatic semicolon before a call signature (`(a: A): B` or `<A>(a: A): B` on the line
// after another member). On effect's sources, 185 of 360 files parsed with errors (5,834 ERROR
// nodes); with both rules 1 does, and the parse takes ~25% less time (error recovery is slow).

export type PreparseRule = 'ts-variance' | 'ts-call-signatures' | 'ts-escaped-backticks';

const RULES: Record<PreparseRule, (source: string) => string> = {
  // `<in out K, out V>` -> `<       K,     V>`: the modifiers are blanked. After `<` or `,` a
  // bare `in` / `out` followed by a name is nothing else in valid code.
  'ts-variance': (s) => s.replace(/([<,]\s*)((?:in|out)\s+(?:out\s+)?)(?=[A-Za-z_$])/g, (_m, before: string, mods: string) => before + ' '.repeat(mods.length)),
  'ts-call-signatures': callSignatureBreaks,
  // An escaped backtick ends a template literal type in the grammar (effect's Schema.ts lost its
  // last 1,500 lines to it). It is blanked with its backslash, escaped backslashes before it kept:
  // inside a string, a comment or a regex two spaces change no structure.
  'ts-escaped-backticks': (s) => s.replace(/(?<!\\)((?:\\\\)*)\\`/g, (_m, even: string) => even + '  '),
};

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
