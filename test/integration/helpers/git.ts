// Real git for tests: temp repos, bare remotes, a smart-HTTP remote (git http-backend behind
// node:http on 127.0.0.1, optionally answering 401), a port that accepts and never answers, and
// a closed port. Nothing here touches the user's git config: every command gets an empty global
// config and no system config. Sync helpers are for local work only; the HTTP servers live in
// this process, so anything talking to them must be async (see runGit).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp root per suite with an empty "global" git config inside it. */
export class GitSandbox {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  private n = 0;

  constructor() {
    this.root = mkdtempSync(join(tmpdir(), 'codeindex-git-'));
    const globalConfig = join(this.root, 'global.gitconfig');
    writeFileSync(globalConfig, '');
    this.env = {
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: globalConfig,
      // Inherited values would point git at the caller's repository.
      GIT_DIR: undefined,
      GIT_WORK_TREE: undefined,
      GIT_INDEX_FILE: undefined,
    };
  }

  /** A fresh empty directory under the sandbox. */
  dir(name = 'd'): string {
    const d = join(this.root, `${name}-${++this.n}`);
    mkdirSync(d, { recursive: true });
    return d;
  }

  /** Runs git synchronously (local work only) and returns trimmed stdout; throws on failure. */
  git(cwd: string, args: string[], input?: string): string {
    return execFileSync('git', args, {
      cwd,
      input,
      encoding: 'utf8',
      env: { ...process.env, ...this.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 20_000,
    }).replace(/\n$/, '');
  }

  /** A commit's message exactly as stored (`git cat-file commit`, after the headers). */
  message(cwd: string, ref = 'HEAD'): string {
    const raw = execFileSync('git', ['cat-file', 'commit', ref], { cwd, encoding: 'utf8', env: { ...process.env, ...this.env } });
    return raw.slice(raw.indexOf('\n\n') + 2);
  }

  /** Exit code of a git command (for the yes/no ones). */
  gitStatus(cwd: string, args: string[]): number {
    try {
      this.git(cwd, args);
      return 0;
    } catch (err) {
      return (err as { status?: number }).status ?? -1;
    }
  }

  /** A work tree on `main` with a local identity and, unless `empty`, one commit. */
  repo(opts: { empty?: boolean; name?: string } = {}): string {
    const d = this.dir(opts.name ?? 'repo');
    this.git(d, ['init', '-q', '-b', 'main']);
    this.configure(d);
    if (!opts.empty) {
      writeFileSync(join(d, 'README.md'), '# test\n');
      this.git(d, ['add', 'README.md']);
      this.git(d, ['commit', '-q', '-m', 'initial']);
    }
    return d;
  }

  /** Local identity and no signing, in that repository only. */
  configure(d: string): void {
    this.git(d, ['config', 'user.name', 'Test User']);
    this.git(d, ['config', 'user.email', 'test@example.com']);
    this.git(d, ['config', 'commit.gpgsign', 'false']);
  }

  /** A bare repository whose HEAD names `main`, at `<parent>/<rel>` (e.g. `owner/repo.git`). */
  bare(rel = 'remote.git', parent = this.dir('bare')): { path: string; url: string; parent: string } {
    const path = join(parent, rel);
    mkdirSync(path, { recursive: true });
    this.git(path, ['init', '-q', '--bare', '-b', 'main']);
    return { path, url: `file://${path}`, parent };
  }

  /** A repo with one commit, `origin` = a new bare remote, `main` pushed and tracked. */
  repoWithRemote(): { work: string; remote: { path: string; url: string } } {
    const remote = this.bare();
    const work = this.repo();
    this.git(work, ['remote', 'add', 'origin', remote.url]);
    this.git(work, ['push', '-q', '-u', 'origin', 'main']);
    return { work, remote };
  }

  /** Another clone of `url` with its own identity (the "someone else" who pushes first). */
  clone(url: string): string {
    const d = this.dir('clone');
    this.git(this.root, ['clone', '-q', url, d]);
    this.configure(d);
    return d;
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export interface TestServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Requests seen, as `METHOD path?query`. */
  requests: string[];
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

function closer(server: net.Server, sockets: Set<net.Socket>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function track(server: net.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return sockets;
}

/**
 * Smart HTTP over `git http-backend` (CGI) for the bare repositories under `projectRoot`.
 * With `auth`, requests without those Basic credentials get 401 + WWW-Authenticate, as real
 * hosts answer; with `alwaysUnauthorized`, every request does.
 */
export async function startGitHttpServer(opts: {
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  auth?: { user: string; password: string };
  alwaysUnauthorized?: boolean;
}): Promise<TestServer> {
  const requests: string[] = [];
  const expected = opts.auth ? 'Basic ' + Buffer.from(`${opts.auth.user}:${opts.auth.password}`).toString('base64') : undefined;
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (opts.alwaysUnauthorized || (expected && req.headers.authorization !== expected)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"', 'Content-Type': 'text/plain' });
      res.end('Unauthorized\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body: Buffer[] = [];
    req.on('data', (b: Buffer) => body.push(b));
    req.on('end', () => {
      const cgi = spawn('git', ['http-backend'], {
        env: {
          ...process.env,
          ...opts.env,
          GIT_PROJECT_ROOT: opts.projectRoot,
          GIT_HTTP_EXPORT_ALL: '1',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.replace(/^\?/, ''),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          CONTENT_LENGTH: String(Buffer.concat(body).length),
          HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
          GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
          // receive-pack (push) is enabled for an authenticated user.
          REMOTE_USER: opts.auth?.user ?? 'anonymous',
          REMOTE_ADDR: '127.0.0.1',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      cgi.stdout.on('data', (b: Buffer) => out.push(b));
      cgi.stderr.resume();
      cgi.stdin.on('error', () => undefined);
      cgi.stdin.end(Buffer.concat(body));
      cgi.on('close', () => {
        const all = Buffer.concat(out);
        const sep = all.indexOf('\r\n\r\n');
        const head = sep < 0 ? '' : all.subarray(0, sep).toString('latin1');
        const rest = sep < 0 ? all : all.subarray(sep + 4);
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of head.split('\r\n')) {
          const i = line.indexOf(':');
          if (i < 0) continue;
          const k = line.slice(0, i).trim();
          const v = line.slice(i + 1).trim();
          if (k.toLowerCase() === 'status') status = parseInt(v, 10);
          else headers[k] = v;
        }
        res.writeHead(status, headers);
        res.end(rest);
      });
    });
  });
  const sockets = track(server);
  const port = await listen(server);
  return { port, base: `http://127.0.0.1:${port}`, requests, close: closer(server, sockets) };
}

/** A loopback port that accepts connections and never says a word (a network that hangs). */
export async function startSilentServer(): Promise<TestServer> {
  const server = net.createServer(() => undefined);
  const sockets = track(server);
  const port = await listen(server);
  return { port, base: `http://127.0.0.1:${port}`, requests: [], close: closer(server, sockets) };
}

/** A loopback port nothing listens on (connections are refused at once). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Writes an executable script. */
export function writeScript(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o755 });
}
