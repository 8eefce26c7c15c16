// Credentials never leave this module's callers: an HTTPS remote may carry `user:token@` and
// git, hosts and our own messages may echo the URL back.

/** Drops the userinfo (`user:password@`) of every `scheme://userinfo@host` URL in a text. */
export function redactText(text: string): string {
  // Greedy up to the last '@' before the path: an unencoded '@' inside a password must not
  // leave the rest of the password behind.
  return text
    // http(s)/ftp(s): any userinfo may be a token, so all of it goes.
    .replace(/\b((?:https?|ftps?):\/\/)[^\s/?#'"]*@/gi, '$1')
    // ssh: the login name (usually `git`) is not a secret and selects the account; a password is.
    .replace(/\b((?:ssh|git\+ssh|ssh\+git):\/\/[^\s/?#'":@]+):[^\s/?#'"]*@/gi, '$1@');
}
