// The built dist/server-entry.js as a user runs it: a single file, no node_modules needed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(__dirname, '../../..');
const entry = join(repo, 'dist/server-entry.js');

describe('dist/server-entry.js', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'ci-bin-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints --version from a copy of dist/ in a folder with no node_modules', () => {
    cpSync(join(repo, 'dist'), join(dir, 'dist'), { recursive: true });
    const r = spawnSync(process.execPath, [join(dir, 'dist/server-entry.js'), '--version'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version);
  });

  it('starts with a shebang so npm can link it as the codeindex command', () => {
    assert.match(readFileSync(entry, 'utf8').split('\n')[0], /^#!\/usr\/bin\/env node$/);
  });

  it('exits 2 with one line on stderr for a bad --path, and nothing on stdout', () => {
    const r = spawnSync(process.execPath, [entry, '--path', join(dir, 'nope')], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /does not exist; pass the project folder with --path <dir>/);
  });

  it('--help lists the commands', () => {
    const r = spawnSync(process.execPath, [entry, '--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    for (const s of ['--init', 'index', 'query', 'CODEINDEX_NO_DAEMON']) assert.ok(r.stdout.includes(s), s);
  });

  it('DEBUG=codeindex:* logs to stderr only, never to stdout', () => {
    const r = spawnSync(process.execPath, [entry, '--version'], { encoding: 'utf8', env: { ...process.env, DEBUG: 'codeindex:*' } });
    assert.match(r.stderr, /codeindex:entry command version/);
    assert.equal(r.stdout.trim().split('\n').length, 1);
  });
});
