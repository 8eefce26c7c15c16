// The co-author trailer (SPEC part 2), shared by the default commit message and the hook so the
// two always write the same line and the hook's fixed-string grep finds ours.
import { GitError, GitErrorCodes } from './errors';

export interface CoAuthor {
  name: string;
  email: string;
}

/** Throws InvalidCoAuthor for a value that would break the trailer line or the hook script. */
export function validateCoAuthor(c: CoAuthor): CoAuthor {
  const name = (c.name ?? '').trim();
  const email = (c.email ?? '').trim();
  const bad = (s: string) => !s || /[\r\n\0<>]/.test(s);
  if (bad(name) || bad(email) || /\s/.test(email)) throw new GitError({ code: GitErrorCodes.InvalidCoAuthor });
  return { name, email };
}

/** `Co-authored-by: NAME <EMAIL>` */
export function coAuthorTrailer(c: CoAuthor): string {
  const { name, email } = validateCoAuthor(c);
  return `Co-authored-by: ${name} <${email}>`;
}

/** `message` plus a blank line and the trailer, unless the message already contains it. */
export function withTrailer(message: string, c: CoAuthor): string {
  const trailer = coAuthorTrailer(c);
  const body = message.replace(/\s+$/, '');
  // Same test as the hook's `grep -F`: present anywhere means present.
  if (body.includes(trailer)) return body + '\n';
  return `${body}\n\n${trailer}\n`;
}
