// Remote URLs: what host and repository a remote points at, its browser URL, and the
// "open a pull request" URL of each hosting platform. Pure functions; nothing here runs git.
// Userinfo (credentials) of a remote is never kept in anything returned.

export type HostKind = 'github' | 'gitlab' | 'bitbucket' | 'azure' | 'unknown';

/** Hosts that are not recognizable by name (enterprise installations). */
export interface HostOptions {
  /** GitHub Enterprise hosts, e.g. `github.corp.example` (a scheme, port or path is ignored). */
  githubHosts?: string[];
  gitlabHosts?: string[];
  bitbucketHosts?: string[];
}

export interface RemoteInfo {
  /** `https`, `http`, `ssh`, `git` or `file`. */
  protocol: string;
  /** Lower-case host name without port ('' for a local path). */
  host: string;
  /** The port written in the URL, if any. */
  port?: number;
  /** Repository path on the host: no leading '/', no trailing '/' or '.git' (`group/sub/repo`). */
  path: string;
  /** Everything before the repository name (a GitLab group path may have several segments). */
  owner: string;
  /** The repository name. */
  repo: string;
  /** The remote URL as given, minus any credentials. */
  url: string;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Parses any remote URL git accepts (except local paths, which have no host). */
export function parseRemoteUrl(input: string): RemoteInfo | undefined {
  const raw = input.trim();
  if (!raw || /\s/.test(raw)) return undefined;
  const scheme = SCHEME.exec(raw);
  if (scheme) return parseSchemeUrl(raw, scheme[1].toLowerCase());
  return parseScpLike(raw);
}

function parseSchemeUrl(raw: string, scheme: string): RemoteInfo | undefined {
  const protocol = scheme === 'git+ssh' || scheme === 'ssh+git' ? 'ssh' : scheme;
  if (!['https', 'http', 'ssh', 'git', 'file'].includes(protocol)) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  // Non-http schemes keep IPv6 brackets and case in `hostname`.
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (protocol !== 'file' && !host) return undefined;
  const path = trimRepoPath(u.pathname);
  const port = u.port ? Number(u.port) : undefined;
  const safe = redactUserinfo(protocol, raw);
  if (protocol === 'file') return { protocol, host: '', path, ...split(path), url: safe };
  if (!path) return undefined;
  return { protocol, host, port, path, ...split(path), url: safe };
}

/** `[user@]host:path`, git's scp-like syntax (a colon before the first slash). */
function parseScpLike(raw: string): RemoteInfo | undefined {
  const m = /^(?:([^@/\\]+)@)?(\[[^\]]+\]|[^:/\\]+):(.+)$/.exec(raw);
  if (!m) return undefined;
  const host = m[2].replace(/^\[|\]$/g, '').toLowerCase();
  // `C:\repo` or `C:/repo` is a Windows path, not host C.
  if (/^[a-z]$/i.test(host) && /^[\\/]/.test(m[3])) return undefined;
  const path = trimRepoPath(m[3]);
  if (!path) return undefined;
  return { protocol: 'ssh', host, path, ...split(path), url: raw };
}

function trimRepoPath(p: string): string {
  return p.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.git$/i, '').replace(/\/+$/, '');
}

function split(path: string): { owner: string; repo: string } {
  const i = path.lastIndexOf('/');
  return i < 0 ? { owner: '', repo: path } : { owner: path.slice(0, i), repo: path.slice(i + 1) };
}

function redactUserinfo(protocol: string, raw: string): string {
  if (protocol === 'http' || protocol === 'https') return raw.replace(/^([a-z]+:\/\/)[^/?#]*@/i, '$1');
  // ssh/git: a login name selects the account and is not secret; a password is.
  return raw.replace(/^([a-z+]+:\/\/[^/?#:@]+):[^/?#]*@/i, '$1@');
}

/** The remote URL with credentials removed; a URL that does not parse is returned redacted. */
export function safeRemoteUrl(url: string): string {
  const info = parseRemoteUrl(url);
  if (info) return info.url;
  return url.trim().replace(/^((?:https?|ftps?):\/\/)[^/?#]*@/i, '$1');
}

function hostList(list: string[] | undefined): string[] {
  return (list ?? []).map((h) =>
    h.trim().toLowerCase().replace(SCHEME, '').replace(/^[^@/]*@/, '').replace(/\/.*$/, ''),
  );
}

function matches(info: RemoteInfo, list: string[] | undefined): boolean {
  const hosts = hostList(list);
  return hosts.includes(info.host) || (info.port !== undefined && hosts.includes(`${info.host}:${info.port}`));
}

const GITHUB_COM = new Set(['github.com', 'www.github.com', 'ssh.github.com']);

/** Which platform hosts a remote (by well-known host names and the configured hosts). */
export function hostKind(info: RemoteInfo, hosts: HostOptions = {}): HostKind {
  if (!info.host) return 'unknown';
  if (GITHUB_COM.has(info.host) || matches(info, hosts.githubHosts)) return 'github';
  if (info.host === 'dev.azure.com' || info.host === 'ssh.dev.azure.com' || info.host.endsWith('.visualstudio.com') || /(^|\/)_git\//.test(info.path)) {
    return 'azure';
  }
  // Self-hosted GitLab usually lives at gitlab.<company>; the guess only affects a browser link.
  if (info.host === 'gitlab.com' || /^gitlab\./.test(info.host) || matches(info, hosts.gitlabHosts)) return 'gitlab';
  if (info.host === 'bitbucket.org' || matches(info, hosts.bitbucketHosts)) return 'bitbucket';
  return 'unknown';
}

/** The repository's page in a browser (https, or http for an http remote); undefined for local paths. */
export function webUrl(info: RemoteInfo, hosts: HostOptions = {}): string | undefined {
  if (!info.host) return undefined;
  const kind = hostKind(info, hosts);
  if (kind === 'azure') return azureWebUrl(info);
  const host = GITHUB_COM.has(info.host) ? 'github.com' : bracket(info.host);
  // An ssh or git port is not the web server's port; an http(s) port is.
  if (info.protocol === 'http' || info.protocol === 'https') {
    return `${info.protocol}://${host}${info.port ? `:${info.port}` : ''}/${info.path}`;
  }
  return `https://${host}/${info.path}`;
}

function bracket(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function azureWebUrl(info: RemoteInfo): string {
  const segs = info.path.split('/');
  if (info.host === 'ssh.dev.azure.com' || info.host === 'vs-ssh.visualstudio.com') {
    // ssh: v3/<org>/<project>/<repo>
    const [, org, project, repo] = segs;
    if (info.host === 'vs-ssh.visualstudio.com') return `https://${org}.visualstudio.com/${project}/_git/${repo}`;
    return `https://dev.azure.com/${org}/${project}/_git/${repo}`;
  }
  const scheme = info.protocol === 'http' ? 'http' : 'https';
  return `${scheme}://${bracket(info.host)}${info.protocol.startsWith('http') && info.port ? `:${info.port}` : ''}/${info.path}`;
}

/** Encodes a branch for a URL path, keeping its '/' separators readable. */
function encPath(branch: string): string {
  return branch.split('/').map(encodeURIComponent).join('/');
}

const enc = encodeURIComponent;

/**
 * The platform's "new pull request" page for `head` into `base`, or undefined when the host is
 * not a known platform (the caller then opens `webUrl`).
 */
export function pullRequestUrl(remoteUrl: string, head: string, base: string, hosts: HostOptions = {}): string | undefined {
  const info = parseRemoteUrl(remoteUrl);
  if (!info) return undefined;
  const web = webUrl(info, hosts);
  if (!web) return undefined;
  switch (hostKind(info, hosts)) {
    case 'github':
      return `${web}/compare/${encPath(base)}...${encPath(head)}?expand=1`;
    case 'gitlab':
      // Brackets percent-encoded, as GitLab itself prints this link after a push.
      return `${web}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${enc(head)}&merge_request%5Btarget_branch%5D=${enc(base)}`;
    case 'bitbucket':
      return `${web}/pull-requests/new?source=${enc(head)}&dest=${enc(base)}`;
    case 'azure':
      return `${web}/pullrequestcreate?sourceRef=${enc(head)}&targetRef=${enc(base)}`;
    default:
      return undefined;
  }
}

/** The browser URL of a remote, or undefined for a local path or an unparsable URL. */
export function remoteWebUrl(remoteUrl: string, hosts: HostOptions = {}): string | undefined {
  const info = parseRemoteUrl(remoteUrl);
  return info ? webUrl(info, hosts) : undefined;
}

export interface GitHubRemote {
  host: string;
  owner: string;
  repo: string;
  /** `https://github.com/owner/repo` */
  webUrl: string;
  /** `https://api.github.com`, or `https://<host>/api/v3` for GitHub Enterprise. */
  apiBaseUrl: string;
}

/**
 * Whether a remote is on GitHub (github.com or one of `hosts.githubHosts`), with what the
 * pull-request call needs. undefined for any other host: the token is never sent elsewhere.
 */
export function githubRemote(remoteUrl: string, hosts: HostOptions = {}): GitHubRemote | undefined {
  const info = parseRemoteUrl(remoteUrl);
  if (!info || hostKind(info, hosts) !== 'github') return undefined;
  const segs = info.path.split('/');
  if (segs.length !== 2 || !segs[0] || !segs[1]) return undefined;
  const web = webUrl(info, hosts)!;
  if (GITHUB_COM.has(info.host)) {
    return { host: 'github.com', owner: segs[0], repo: segs[1], webUrl: web, apiBaseUrl: 'https://api.github.com' };
  }
  const origin = web.slice(0, web.length - info.path.length - 1);
  return { host: info.host, owner: segs[0], repo: segs[1], webUrl: web, apiBaseUrl: `${origin}/api/v3` };
}

/**
 * Whether `url` can be given to `git remote add`: a URL of a scheme git speaks, the scp-like
 * `user@host:path`, or an absolute local path.
 */
export function isValidRemoteUrl(url: string): boolean {
  const raw = url.trim();
  if (!raw || /[\s\0]/.test(raw) || raw.startsWith('-')) return false;
  if (SCHEME.test(raw)) return parseRemoteUrl(raw) !== undefined;
  if (raw.startsWith('/') || /^[a-z]:[\\/]/i.test(raw) || raw.startsWith('\\\\')) return true;
  return parseScpLike(raw) !== undefined;
}
