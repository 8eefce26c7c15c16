// The built dist/server-entry.js as a user runs it: a single file, no node_modules needed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chooseBackend } from '../../src/server/store/open';

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

  it('--init: a bad codeindex.json exits 1 with the cause, a good one indexes', () => {
    const project = join(dir, 'proj');
    mkdirSync(project);
    writeFileSync(join(project, 'a.ts'), 'export function a() { return b(); }\nexport function b() { return 1; }\n');
    writeFileSync(join(project, 'codeindex.json'), '{ "exclude": "vendor" }');
    const bad = spawnSync(process.execPath, [entry, '--init', '--path', project], { encoding: 'utf8' });
    assert.equal(bad.status, 1, bad.stderr);
    assert.equal(bad.stdout, '');
    assert.match(bad.stderr, /codeindex\.json/);
    assert.doesNotMatch(bad.stderr, /at .*\.js:\d+/); // a message, not a stack
    writeFileSync(join(project, 'codeindex.json'), '{ "exclude": ["vendor/"] }');
    const good = spawnSync(process.execPath, [entry, '--init', '--path', project], { encoding: 'utf8' });
    assert.equal(good.status, 0, good.stderr);
    assert.match(good.stderr, /indexed 1 files \(1 parsed, 0 removed\), 2 symbols, 1 edges/);
  });

  it('--init of 1,000 files runs on its own thread on node:sqlite (in place on sql.js) and builds the whole graph', function () {
    this.timeout(60_000);
    const project = join(dir, 'many');
    mkdirSync(project);
    const n = 1000;
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? `import { f${i + 1} } from './f${i + 1}';\nexport function f${i}() { return f${i + 1}(); }\n` : `export function f${i}() { return 0; }\n`;
      writeFileSync(join(project, `f${i}.ts`), next);
    }
    const r = spawnSync(process.execPath, [entry, '--init', '--path', project], { encoding: 'utf8', env: { ...process.env, DEBUG: 'codeindex:index' } });
    assert.equal(r.status, 0, r.stderr);
    const threaded = /a full sync of many files: on a worker thread/.test(r.stderr);
    assert.equal(threaded, chooseBackend() === 'node-sqlite', r.stderr.slice(-2000));
    // each file: one function; 999 imports and 999 calls between them
    assert.match(r.stderr, /indexed 1000 files \(1000 parsed, 0 removed\), 1000 symbols, 1998 edges/);
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
