// Brackets in source text as written (type names, receivers, signatures): where one closes, and
// a list's top-level parts. `->` is no angle bracket.

/** The text with each string or character literal's contents blanked (same length), so that the
 *  brackets in `parser("]").parse()` or `f('(')` are not counted. */
export function blankStrings(s: string): string {
  if (!s.includes('"') && !s.includes("'") && !s.includes('`')) return s;
  return s.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, (m) => m[0] + '_'.repeat(m.length - 2) + m[m.length - 1]);
}

/** Index of the bracket opening the one that closes at `close`, -1 if unbalanced. */
export function matchingOpen(s: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const c = s[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') { if (--depth === 0) return i; }
  }
  return -1;
}

/** Index of the `>` closing the `<` at `open`, -1 if unbalanced. */
export function matchingAngle(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '<') depth++;
    else if (s[i] === '>' && s[i - 1] !== '-' && --depth === 0) return i;
  }
  return -1;
}

/** `A, Map<B, C>, D` -> its top-level parts, trimmed. */
export function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++;
    else if ((c === '>' && s[i - 1] !== '-') || c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) { out.push(s.slice(start, i).trim()); start = i + 1; }
  }
  const last = s.slice(start).trim();
  if (last) out.push(last);
  return out;
}

/** Index of the bracket closing the one that opens at `open`, -1 if unbalanced. */
export function matchingClose(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') { if (--depth === 0) return i; }
  }
  return -1;
}

/** How many brackets are open at position `at` of `s`. */
export function depthAt(s: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    const c = s[i];
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth--;
  }
  return depth;
}

/** `f<T, U>` -> `f`. */
export function stripTypeArgs(head: string): string {
  const open = typeArgsOpen(head);
  return open < 0 ? head : head.slice(0, open).trim();
}

/** `f<T, U>` -> `T, U`: the type arguments a name ends with, undefined where it ends with none. */
export function typeArgsOf(head: string): string | undefined {
  const open = typeArgsOpen(head);
  return open < 0 ? undefined : head.slice(open + 1, -1);
}

/** Index of the `<` opening the type arguments `head` ends with, -1 if none. */
function typeArgsOpen(head: string): number {
  if (!head.endsWith('>')) return -1;
  let depth = 0;
  for (let i = head.length - 1; i >= 0; i--) {
    if (head[i] === '>') depth++;
    else if (head[i] === '<' && --depth === 0) return i;
  }
  return -1;
}
