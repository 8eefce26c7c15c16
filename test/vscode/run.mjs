// `npm run test:vscode`: the mocha suite in test/vscode/suite runs INSIDE a real VS Code extension
// host (code-server's), driven by headless Chromium (playwright-core); then the packaged .vsix
// is installed into a fresh code-server and one of its commands is run from the palette.
// Installs what it needs into .cache/ (Node 24, code-server, apt packages when missing), sandboxes
// code-server (HOME/XDG in a temp dir, own process group), and ends with
// "vscode: N passed, N failed" (exit 1 on any failure). Screenshots: test-output/vscode/.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { cpSync, existsSync, realpathSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeSandbox, makeWorkspace } from './fixtures.mjs';

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
    s.on('error', rej);
  });
}

const root = dirname(dirname(dirname(new URL(import.meta.url).pathname)));
const cache = join(root, '.cache');
const shots = join(root, 'test-output', 'vscode');
const CODE_SERVER_VERSION = '4.139.1';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const log = (...a) => console.log('[test:vscode]', ...a);
const t0 = Date.now();

// ---------------------------------------------------------------- prerequisites (cached)
function ensureApt() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync('/usr/include/gssapi.h') && !existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev');
  if (!missing.length) return;
  if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(', ')}: run \`sudo apt-get install -y ${missing.join(' ')}\``);
  log(`apt-get install ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
  }
}

function ensureNode24() {
  return execFileSync('bash', [join(root, 'scripts/node24.sh')], { cwd: root, encoding: 'utf8' }).trim();
}

function ensureCodeServer(node24) {
  const dir = join(cache, 'code-server');
  const entry = join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const marker = join(dir, `.installed-${CODE_SERVER_VERSION}`);
  if (existsSync(entry) && existsSync(marker)) return entry;
  log(`installing code-server@${CODE_SERVER_VERSION} into ${dir} (about 100 s, once)`);
  mkdirSync(dir, { recursive: true });
  const nodeDir = dirname(dirname(node24));
  // npm itself must run on Node 24: code-server's postinstall refuses any other `node`, and under
  // `npm run` the outer npm's variables would point lifecycle scripts back at this Node 20.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_|^NODE$/i.test(k)));
  const npmCli = realpathSync(execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  const r = spawnSync(node24, [npmCli, 'install', '--no-audit', '--no-fund', '--prefix', dir, `code-server@${CODE_SERVER_VERSION}`], {
    stdio: 'inherit',
    env: { ...env, PATH: `${dirname(node24)}:${process.env.PATH}`, npm_config_nodedir: nodeDir },
  });
  if (r.status !== 0 || !existsSync(entry)) throw new Error('code-server install failed');
  writeFileSync(marker, new Date().toISOString() + '\n');
  return entry;
}

function build() {
  const r = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--vscode-tests'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

function packageVsix(out) {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'package-vsix.mjs'), '--no-build', '--out', out], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8',
  });
  if (r.status !== 0 || !existsSync(out)) throw new Error(`npm run package failed:\n${r.stdout}\n${r.stderr}`);
  return out;
}

// ---------------------------------------------------------------- code-server
async function startCodeServer(node24, entry, sb, extra = []) {
  const port = await freePort();
  const args = [
    entry, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check',
    '--disable-workspace-trust', '--disable-getting-started-override', '--user-data-dir', join(sb.tmp, 'data'),
    '--extensions-dir', join(sb.tmp, 'extensions'), '--vscode-option', 'enable-smoke-test-driver',
    '--vscode-option', 'reconnection-grace-time=5', ...extra,
  ];
  const env = { ...sb.env, PATH: `${dirname(node24)}:${process.env.PATH}`, CODEINDEX_TEST_ROOT: sb.tmp };
  // detached: setsid() -> its own session and process group, killed as a group below.
  const child = spawn(node24, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const stop = () => {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
    return new Promise((res) => {
      const t = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } res(); }, 3000);
      if (child.exitCode !== null) { clearTimeout(t); res(); return; }
      child.once('exit', () => { clearTimeout(t); setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } res(); }, 300); });
    });
  };
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) break;
    } catch { /* not yet */ }
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`code-server did not start:\n${out.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, stop, output: () => out };
}

async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-dev-shm-usage'],
  });
}

// ---------------------------------------------------------------- UI driver (requests from the suite)
/** Performs the steps the suite asked for (ipc/request-N.json) and answers in ipc/response-N.json. */
async function serveRequests(page, ipc, stopped) {
  const seen = new Set();
  while (!stopped.value) {
    for (const f of readdirSync(ipc)) {
      const m = /^request-(\d+)\.json$/.exec(f);
      if (!m || seen.has(f)) continue;
      seen.add(f);
      const req = JSON.parse(readFileSync(join(ipc, f), 'utf8'));
      const res = await runSteps(page, req.steps).catch((e) => ({ ok: false, error: String(e?.stack || e) }));
      writeFileSync(join(ipc, `response-${m[1]}.json.tmp`), JSON.stringify(res));
      renameSync(join(ipc, `response-${m[1]}.json.tmp`), join(ipc, `response-${m[1]}.json`));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runSteps(page, steps) {
  const texts = {};
  const found = {};
  for (const s of steps) {
    if (s.key) await page.keyboard.press(s.key);
    else if (s.type !== undefined) await page.keyboard.type(s.type, { delay: 15 });
    else if (s.fill !== undefined) {
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(s.fill, { delay: 15 });
    } else if (s.sleep) await page.waitForTimeout(s.sleep);
    else if (s.waitFor) {
      const loc = s.text ? page.locator(s.waitFor, { hasText: s.text }).first() : page.locator(s.waitFor).first();
      try {
        await loc.waitFor({ state: 'visible', timeout: s.timeout ?? 15000 });
        found[s.as ?? s.waitFor] = true;
      } catch {
        found[s.as ?? s.waitFor] = false;
      }
    } else if (s.read) {
      texts[s.as ?? s.read] = await page.locator(s.read).allInnerTexts().catch(() => []);
    } else if (s.shot) {
      await page.screenshot({ path: join(shots, `${s.shot}.png`) });
    } else if (s.frame) {
      // A webview: nested iframes; the one whose document has the selector s.frame.
      const until = Date.now() + (s.timeout ?? 20000);
      let frame;
      while (!frame && Date.now() < until) {
        for (const f of page.frames()) {
          if (await f.$(s.frame).catch(() => null)) { frame = f; break; }
        }
        if (!frame) await page.waitForTimeout(200);
      }
      if (!frame) { found[s.as ?? s.frame] = false; continue; }
      found[s.as ?? s.frame] = true;
      for (const fs of s.steps) {
        const loc = frame.locator(fs.sel).first();
        if (fs.fill !== undefined) await loc.fill(fs.fill);
        else if (fs.click) await loc.click();
        else if (fs.press) await loc.press(fs.press);
        else if (fs.visible) {
          try { await loc.waitFor({ state: 'visible', timeout: fs.timeout ?? 20000 }); found[fs.as ?? fs.sel] = true; } catch { found[fs.as ?? fs.sel] = false; }
        } else if (fs.text) texts[fs.as ?? fs.sel] = [await loc.innerText().catch(() => '')];
      }
    }
  }
  return { ok: true, texts, found };
}

// ---------------------------------------------------------------- phase 1: the suite in the host
async function runSuite(node24, entry, browser) {
  const sb = makeSandbox();
  const { wsFile } = makeWorkspace(sb.tmp);
  const cs = await startCodeServer(node24, entry, sb);
  const ipc = join(sb.tmp, 'ipc');
  const summaryFile = join(ipc, 'summary.json');
  const logFile = join(ipc, 'mocha.log');
  const stopped = { value: false };
  let printed = 0;
  const printLog = () => {
    if (!existsSync(logFile)) return;
    const text = readFileSync(logFile, 'utf8');
    if (text.length > printed) process.stdout.write(text.slice(printed));
    printed = text.length;
  };
  const ticker = setInterval(printLog, 500);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    const base = `vscode-remote://127.0.0.1:${cs.port}`;
    const payload = [
      ['extensionDevelopmentPath', `${base}${root}`],
      ['extensionTestsPath', `${base}${join(root, '.cache', 'vscode-suite', 'suite.js')}`],
    ];
    let exitCode;
    const exited = new Promise((res) => {
      page.exposeFunction('codeAutomationExit', (code) => { exitCode = code; res(code); });
    });
    page.on('pageerror', (e) => { if (process.env.CODEINDEX_VSCODE_VERBOSE) log('pageerror', e.message); });
    const consoleLines = [];
    page.on('console', (m) => {
      consoleLines.push(m.text());
      if (consoleLines.length > 300) consoleLines.shift();
      if (process.env.CODEINDEX_VSCODE_VERBOSE) log('console', m.text());
    });
    await page.goto(`http://127.0.0.1:${cs.port}/?workspace=${encodeURIComponent(wsFile)}&payload=${encodeURIComponent(JSON.stringify(payload))}`, { waitUntil: 'commit', timeout: 120_000 });
    const driver = serveRequests(page, ipc, stopped);
    const timeout = new Promise((res) => setTimeout(() => res('timeout'), 8 * 60_000));
    const r = await Promise.race([exited, timeout]);
    stopped.value = true;
    await driver;
    if (r === 'timeout') {
      await page.screenshot({ path: join(shots, 'timeout.png') }).catch(() => undefined);
      log('the suite did not finish within 8 minutes');
    }
    printLog();
    let summary = { passed: 0, failed: 1 };
    try { summary = JSON.parse(readFileSync(summaryFile, 'utf8')); } catch {
      log(`the suite wrote no summary (exit ${exitCode}); code-server said:\n${cs.output().slice(-1500)}`);
      log(`the workbench said:\n${consoleLines.filter((l) => /error|fail|cannot/i.test(l)).slice(-30).join('\n')}`);
    }
    if (exitCode !== undefined && exitCode !== 0 && !summary.failed) summary.failed = 1;
    return summary;
  } finally {
    clearInterval(ticker);
    stopped.value = true;
    await page.close().catch(() => undefined);
    await cs.stop();
    rmSync(sb.tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- phase 2: the packaged .vsix
async function runVsix(node24, entry, browser, vsix) {
  const results = [];
  const sb = makeSandbox();
  const check = async (name, fn) => {
    try {
      await fn();
      results.push(true);
      console.log(`  ✔ vsix: ${name}`);
    } catch (e) {
      results.push(false);
      console.log(`  ✗ vsix: ${name}\n    ${String(e?.stack || e).split('\n').slice(0, 4).join('\n    ')}`);
    }
  };
  const project = join(sb.tmp, 'ws', 'proj');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'main.ts'), 'export function greet(name: string) { return `hi ${name}`; }\n');
  writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { other: { command: 'x', args: [] } } }, null, 2));
  let cs;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    console.log('\n  packaged extension');
    await check('the .vsix holds only dist/, media/, README, LICENSE, CHANGELOG and the manifest', () => {
      const list = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n').filter(Boolean);
      const bad = list.filter((f) => !/^(\[Content_Types\]\.xml|extension\.vsixmanifest|extension\/(package\.json|readme\.md|changelog\.md|license\.txt|LICENSE(\.txt)?|README\.md|CHANGELOG\.md|dist\/.*|media\/.*))$/i.test(f));
      if (bad.length) throw new Error(`unexpected files in the .vsix: ${bad.slice(0, 10).join(', ')}`);
      for (const need of ['extension/dist/extension.js', 'extension/dist/server-entry.js', 'extension/dist/sql-wasm.wasm', 'extension/package.json']) {
        if (!list.includes(need)) throw new Error(`${need} is missing from the .vsix`);
      }
      if (!list.some((f) => /^extension\/changelog\.md$/i.test(f))) throw new Error('CHANGELOG.md is missing from the .vsix');
    });
    await check('code-server --install-extension installs it', () => {
      const r = spawnSync(node24, [entry, '--user-data-dir', join(sb.tmp, 'data'), '--extensions-dir', join(sb.tmp, 'extensions'), '--install-extension', vsix], {
        env: sb.env, encoding: 'utf8', timeout: 120_000,
      });
      if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stdout}\n${r.stderr}`);
      const dirs = readdirSync(join(sb.tmp, 'extensions')).filter((d) => d.startsWith('codeindex.codeindex-'));
      if (dirs.length !== 1) throw new Error(`installed: ${readdirSync(join(sb.tmp, 'extensions')).join(', ')}`);
    });
    const [installed] = readdirSync(join(sb.tmp, 'extensions')).filter((d) => d.startsWith('codeindex.codeindex-'));
    await check('Write Agent MCP Config from the palette writes .mcp.json pointing into the installed extension', async () => {
      cs = await startCodeServer(node24, entry, sb);
      await page.goto(`http://127.0.0.1:${cs.port}/?folder=${encodeURIComponent(project)}`, { waitUntil: 'commit', timeout: 120_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 180_000 });
      await page.locator('.statusbar-item', { hasText: 'codeindex' }).first().waitFor({ timeout: 180_000 });
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 15_000 });
      await page.keyboard.type('Codeindex: Write Agent MCP Config', { delay: 15 });
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Write Agent MCP Config' }).first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: join(shots, 'vsix-palette.png') });
      await page.keyboard.press('Enter');
      const want = join(sb.tmp, 'extensions', installed, 'dist', 'server-entry.js');
      const until = Date.now() + 20_000;
      let cfg;
      for (;;) {
        cfg = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8'));
        if (cfg.mcpServers.codeindex || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await page.keyboard.press('F1');
      await page.keyboard.type('Notifications: Show Notifications', { delay: 15 });
      await page.keyboard.press('Enter');
      await page.locator('.notifications-center', { hasText: 'Wrote the codeindex MCP server' }).first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(shots, 'vsix-notification.png') });
      const e = cfg.mcpServers.codeindex;
      if (!e) throw new Error(`.mcp.json has no codeindex entry: ${JSON.stringify(cfg)}`);
      if (e.command !== 'node' || e.args[0] !== want || e.args[1] !== '--path' || e.args[2] !== project) throw new Error(`entry: ${JSON.stringify(e)}`);
      if (!cfg.mcpServers.other) throw new Error('the other server was dropped');
      if (!existsSync(want)) throw new Error(`${want} does not exist`);
    });
  } finally {
    await page.close().catch(() => undefined);
    await cs?.stop();
    rmSync(sb.tmp, { recursive: true, force: true });
  }
  return { passed: results.filter(Boolean).length, failed: results.filter((x) => !x).length };
}

// ---------------------------------------------------------------- main
let passed = 0, failed = 0;
let browser;
try {
  ensureApt();
  const node24 = ensureNode24();
  const entry = ensureCodeServer(node24);
  log(`prerequisites ready (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  build();
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
  const phases = (process.env.CODEINDEX_VSCODE_PHASES || 'suite,vsix').split(',');
  if (phases.includes('suite')) {
    const s = await runSuite(node24, entry, browser);
    passed += s.passed; failed += s.failed;
  }
  if (phases.includes('vsix')) {
    const vsixDir = mkdtempSync(join(tmpdir(), 'codeindex-vsix-'));
    try {
      const vsix = packageVsix(join(vsixDir, 'codeindex.vsix'));
      const s = await runVsix(node24, entry, browser, vsix);
      passed += s.passed; failed += s.failed;
    } finally {
      rmSync(vsixDir, { recursive: true, force: true });
    }
  }
} catch (e) {
  console.error(e?.stack || e);
  failed += 1;
} finally {
  await browser?.close().catch(() => undefined);
}
log(`screenshots in ${shots}; ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`vscode: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
