// Splitting identifiers and queries into lower-case words, the way nodes_fts.words is filled:
// camelCase, PascalCase, snake_case, kebab-case, digits and dots all separate words.

/** `parseHTTPResponse_v2` -> ['parse', 'http', 'response', 'v2']. */
export function splitWords(text: string): string[] {
  // ASCII (nearly every identifier) in one pass over char codes: the search name table splits every
  // name of the index; the regular expressions below cost ~10x more.
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return splitWordsUnicode(text);
    if (!isAlnum(c)) {
      if (start >= 0) out.push(text.slice(start, i).toLowerCase());
      start = -1;
    } else if (start < 0) {
      start = i;
    } else {
      const p = text.charCodeAt(i - 1);
      if (isUpper(c) && (isLower(p) || isDigit(p) || (isUpper(p) && isLower(text.charCodeAt(i + 1))))) {
        out.push(text.slice(start, i).toLowerCase());
        start = i;
      }
    }
  }
  if (start >= 0) out.push(text.slice(start).toLowerCase());
  return out;
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isUpper(c) || isLower(c) || isDigit(c);

/** The same rules for any script: camelCase breaks need cased letters (\p{Ll}, \p{Lu}). */
export function splitWordsUnicode(text: string): string[] {
  const out: string[] = [];
  for (const chunk of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!chunk) continue;
    const parts = chunk
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replace(/(\p{N})(\p{Lu})/gu, '$1 $2') // 'v2Parser' -> 'v2 Parser'; 'utf8' stays whole
      .split(' ');
    for (const p of parts) if (p) out.push(p.toLowerCase());
  }
  return out;
}

const STOP = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'get', 'how', 'i',
  'in', 'into', 'is', 'it', 'its', 'me', 'of', 'on', 'or', 'show', 'that', 'the', 'this', 'to', 'what',
  'when', 'where', 'which', 'who', 'why', 'with', 'work', 'works', 'code', 'find', 'there', 'we', 'our', 'all',
]);

/**
 * A query as the FTS index tokenizes text: lower case, split at anything but letters and digits
 * (`ConfigError` stays one word). Stop words and single letters go when `dropStop` and something
 * else is left.
 */
export function textTokens(query: string, dropStop: boolean): string[] {
  const all = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const kept = dropStop ? all.filter((w) => w.length > 1 && !STOP.has(w)) : all;
  return kept.length ? kept : all;
}

/** The words of a task or question worth looking up: identifiers kept whole too, stop words dropped. */
export function queryTerms(query: string): { identifiers: string[]; words: string[] } {
  const identifiers: string[] = [];
  for (const m of query.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)*/gu)) {
    const id = m[0];
    // An identifier-looking token: mixed case, underscore, or dotted; plain words go to `words`.
    if (/[a-z][A-Z]|_|\.|^[A-Z][a-z]+[A-Z]/.test(id)) identifiers.push(id);
  }
  const words: string[] = [];
  const seen = new Set<string>();
  for (const w of splitWords(query)) {
    if (w.length < 2 || STOP.has(w) || seen.has(w)) continue;
    seen.add(w);
    words.push(w);
  }
  return { identifiers, words };
}

/**
 * A crude English stem for matching question words against identifier words: plurals, -ed,
 * -ing, doubled final consonants ('formatted' -> 'format', 'indices' -> 'indic', 'parsing' -> 'pars').
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w !== word && w.length > 3 && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/**
 * Damerau-free Levenshtein distance with an upper bound: returns max+1 as soon as it is exceeded.
 * Only the diagonal band |i - j| <= max can stay within the bound, so only it is computed.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (prevRow.length <= n) { prevRow = new Int32Array(2 * n + 2); curRow = new Int32Array(2 * n + 2); }
  let prev = prevRow, cur = curRow;
  const big = max + 1;
  for (let j = 0; j <= n; j++) prev[j] = j <= max ? j : big;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max), to = Math.min(n, i + max);
    cur[from - 1] = from === 1 ? (i <= max ? i : big) : big;
    let rowMin = cur[from - 1];
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const sub = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1, ins = cur[j - 1] + 1;
      const v = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
      cur[j] = v > big ? big : v;
      if (v < rowMin) rowMin = v;
    }
    if (to < n) cur[to + 1] = big;
    if (rowMin > max) return big;
    const swap = prev; prev = cur; cur = swap;
  }
  return Math.min(prev[n], big);
}
let prevRow = new Int32Array(64);
let curRow = new Int32Array(64);

/** Typo budget for a word of this length: none under 4 characters, 1 up to 7, then 2. */
export function typoBudget(len: number): number {
  return len < 4 ? 0 : len <= 7 ? 1 : 2;
}

/** An FTS4 MATCH expression: every term must match (prefix match when `prefix`), column optional. */
export function ftsExpr(terms: string[], opts: { column?: string; prefix?: boolean; any?: boolean } = {}): string {
  const clean = terms.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean);
  const parts = clean.map((t) => `${opts.column ? `${opts.column}:` : ''}${t}${opts.prefix ? '*' : ''}`);
  return parts.join(opts.any ? ' OR ' : ' ');
}

/** An input echoed in a message, quoted; cut after 80 characters (a pasted file comes back as
 *  its first line's worth, not whole). */
export function quoted(s: string): string {
  return s.length > 80 ? `'${s.slice(0, 77)}...' (${s.length} characters)` : `'${s}'`;
}
