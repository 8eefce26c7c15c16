// How many arguments a function, method or constructor takes, read from its signature text
// (`public ByteBuffer position(int newPosition)`): for languages whose methods overload by
// parameter count (LanguageSpec.overloads), so a call binds to the overload it can be.
import { matchingAngle, matchingClose, splitTop } from './brackets';

/** [least, most] arguments the declaration named `name` takes; undefined where the signature
 *  does not show its whole parameter list (cut short, or no `name(`). */
export function paramRange(signature: string, name: string): [number, number] | undefined {
  const at = openParen(signature, name);
  const close = at < 0 ? -1 : matchingClose(signature, at);
  return close < 0 ? undefined : range(splitTop(signature.slice(at + 1, close)));
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

/** Varargs (`int... xs`, C's `...`, C#'s `params`) take any number; a default value (`= 1`) may be left out. */
function range(params: string[]): [number, number] {
  if (params.length === 1 && params[0] === 'void') return [0, 0];
  let least = 0, most = 0;
  for (const p of params) {
    if (p.includes('...') || /^params\s/.test(p)) return [least, Infinity];
    most++;
    if (!/=/.test(p.replace(/[=!<>]=|=>/g, ''))) least = most;
  }
  return [least, most];
}
