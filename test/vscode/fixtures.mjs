// The sandbox both launchers give the suite: HOME/XDG in a temp dir (with a git identity), user
// settings, and a two-folder workspace: app (the shop fixture under git, with a bare origin over
// file://) and other (a small folder without git).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = dirname(dirname(dirname(new URL(import.meta.url).pathname)));
const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'] });
let gitEnv = process.env;

export function makeSandbox() {
  const tmp = mkdtempSync(join(tmpdir(), 'codeindex-vscode-'));
  const home = join(tmp, 'home');
  for (const d of ['home', 'data/User', 'extensions', 'xdg/config', 'xdg/data', 'xdg/cache', 'xdg/state', 'ipc', 'ws', 'remotes']) {
    mkdirSync(join(tmp, d), { recursive: true });
  }
  writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n');
  writeFileSync(join(tmp, 'data', 'User', 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    'git.enabled': false,
    'chat.disableAIFeatures': true,
  }, null, 2));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(tmp, 'xdg/config'),
    XDG_DATA_HOME: join(tmp, 'xdg/data'),
    XDG_CACHE_HOME: join(tmp, 'xdg/cache'),
    XDG_STATE_HOME: join(tmp, 'xdg/state'),
    GIT_CONFIG_NOSYSTEM: '1',
  };
  gitEnv = env;
  return { tmp, env };
}

/** app: the shop fixture under git with a bare origin (file://); other: a small non-git folder. */
export function makeWorkspace(tmp) {
  const app = join(tmp, 'ws', 'app');
  cpSync(join(root, 'test', 'fixtures', 'projects', 'shop'), app, { recursive: true });
  rmSync(join(app, '.codeindex'), { recursive: true, force: true });
  git(app, 'init', '-q', '-b', 'main');
  git(app, 'add', '-A');
  git(app, 'commit', '-q', '-m', 'initial');
  const bare = join(tmp, 'remotes', 'app.git');
  git(tmp, 'init', '-q', '--bare', '-b', 'main', bare);
  git(app, 'remote', 'add', 'origin', `file://${bare}`);
  git(app, 'push', '-q', '-u', 'origin', 'main');
  const other = join(tmp, 'ws', 'other');
  mkdirSync(other);
  writeFileSync(join(other, 'util.py'), 'def helper(x):\n    return x * 2\n\n\ndef main():\n    print(helper(21))\n');
  const wsFile = join(tmp, 'ws', 'codeindex-test.code-workspace');
  writeFileSync(wsFile, JSON.stringify({ folders: [{ path: 'app' }, { path: 'other' }], settings: {} }, null, 2));
  return { app, other, wsFile };
}

