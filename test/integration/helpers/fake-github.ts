// A small GitHub over node:http on 127.0.0.1 for the pull-request tests: it answers
// `POST /repos/{owner}/{repo}/pulls` and `GET /repos/{owner}/{repo}/pulls?head=` the way GitHub
// does (201 + html_url; 401 Bad credentials; 404 Not Found; 422 Validation Failed with
// errors[]), records every request with its headers and body, and can be told the next answers
// (403 scope / rate limit / SSO, any 422). Anything outside the API prefix can be forwarded to a
// git smart-HTTP server, so one host serves both `git push` and the API (like GitHub Enterprise).
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, without the API prefix. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakePull {
  number: number;
  html_url: string;
  title: string;
  body: string;
  head: { ref: string; label: string };
  base: { ref: string };
  draft: boolean;
  state: 'open';
}

export interface FakeGitHubOptions {
  /** Tokens GitHub accepts (as `Bearer <t>` or `token <t>`). */
  tokens: string[];
  /** Repositories that exist, `owner/repo`. */
  repos: string[];
  /** `''` answers at the root like api.github.com; `/api/v3` like GitHub Enterprise. */
  prefix?: string;
  /** The branches of a repository: head and base are checked against them (422) when given. */
  branches?: (owner: string, repo: string) => Promise<string[]> | string[];
  /** Where non-API requests go (a git smart-HTTP server's base URL). */
  gitBackend?: string;
  /** The web host for html_url; default this server's own URL. */
  webBase?: string;
}

export interface FakeGitHub {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  /** base + prefix: what the client's apiBaseUrl is. */
  apiUrl: string;
  requests: RecordedRequest[];
  pulls: FakePull[];
  /** Answers the next POST .../pulls with these, in order, instead of the normal behaviour. */
  queue: FakeResponse[];
  close(): Promise<void>;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-github-media-type': 'github.v3; format=json',
  'x-ratelimit-limit': '5000',
  'x-ratelimit-remaining': '4999',
  'x-ratelimit-reset': '1900000000',
};

const DOCS = 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request';

export function validationFailed(errors: unknown[]): FakeResponse {
  return { status: 422, body: { message: 'Validation Failed', errors, documentation_url: DOCS, status: '422' } };
}

export async function startFakeGitHub(opts: FakeGitHubOptions): Promise<FakeGitHub> {
  const prefix = opts.prefix ?? '';
  const requests: RecordedRequest[] = [];
  const pulls: FakePull[] = [];
  const queue: FakeResponse[] = [];
  let webBase = opts.webBase ?? '';

  const send = (res: http.ServerResponse, r: FakeResponse) => {
    const body = r.body === undefined ? '' : JSON.stringify(r.body);
    res.writeHead(r.status, { ...JSON_HEADERS, ...r.headers });
    res.end(body);
  };

  const authorized = (req: http.IncomingMessage) => {
    const m = /^(?:Bearer|token) (.+)$/.exec(String(req.headers.authorization ?? ''));
    return !!m && opts.tokens.includes(m[1]);
  };

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: string) {
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const url = new URL(path, 'http://x');
    const m = /^\/repos\/([^/]+)\/([^/]+)\/pulls$/.exec(url.pathname);
    if (!m) return send(res, { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' } });
    const [owner, repo] = [decodeURIComponent(m[1]), decodeURIComponent(m[2])];
    if (req.method === 'POST' && queue.length) return send(res, queue.shift()!);
    if (!authorized(req)) {
      return send(res, { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' } });
    }
    if (!opts.repos.includes(`${owner}/${repo}`)) {
      return send(res, { status: 404, body: { message: 'Not Found', documentation_url: DOCS, status: '404' } });
    }
    if (req.method === 'GET') {
      const head = url.searchParams.get('head');
      const state = url.searchParams.get('state') ?? 'open';
      const list = pulls.filter((p) => (!head || p.head.label === head) && (state === 'all' || p.state === state));
      return send(res, { status: 200, body: list });
    }
    if (req.method !== 'POST') return send(res, { status: 404, body: { message: 'Not Found' } });
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body);
    } catch {
      return send(res, { status: 400, body: { message: 'Problems parsing JSON' } });
    }
    const head = String(input.head ?? '');
    const base = String(input.base ?? '');
    if (!input.title) return send(res, validationFailed([{ resource: 'PullRequest', code: 'missing_field', field: 'title' }]));
    if (opts.branches) {
      const branches = await opts.branches(owner, repo);
      if (!branches.includes(base)) return send(res, validationFailed([{ resource: 'PullRequest', field: 'base', code: 'invalid' }]));
      if (!branches.includes(head)) return send(res, validationFailed([{ resource: 'PullRequest', field: 'head', code: 'invalid' }]));
    }
    const label = head.includes(':') ? head : `${owner}:${head}`;
    if (pulls.some((p) => p.head.label === label && p.base.ref === base)) {
      return send(res, validationFailed([{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${label}.` }]));
    }
    const number = pulls.length + 1;
    const pull: FakePull = {
      number,
      html_url: `${webBase}/${owner}/${repo}/pull/${number}`,
      title: String(input.title),
      body: String(input.body ?? ''),
      head: { ref: head, label },
      base: { ref: base },
      draft: input.draft === true,
      state: 'open',
    };
    pulls.push(pull);
    return send(res, { status: 201, headers: { location: `${webBase}${prefix}/repos/${owner}/${repo}/pulls/${number}` }, body: pull });
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    if (!opts.gitBackend) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found\n');
      return;
    }
    const target = new URL(req.url ?? '/', opts.gitBackend);
    const out = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    out.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (b: Buffer) => chunks.push(b));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      if (url === prefix || url.startsWith(`${prefix}/repos/`)) {
        api(req, res, url.slice(prefix.length), body.toString('utf8')).catch(() => send(res, { status: 500, body: { message: 'fake failed' } }));
      } else {
        forward(req, res, body);
      }
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  if (!webBase) webBase = base;
  return {
    base,
    port,
    apiUrl: base + prefix,
    requests,
    pulls,
    queue,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
