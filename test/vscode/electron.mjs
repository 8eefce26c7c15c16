// The same in-host suite on desktop VS Code through @vscode/test-electron, for machines that can
// download VS Code (this one cannot: use `npm run test:vscode`, which runs it in code-server).
// The browser-driven UI tests are left out here (they need run.mjs's Chromium driver).
//   node test/vscode/electron.mjs [vscode version, default stable]
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeSandbox, makeWorkspace } from './fixtures.mjs';

const root = dirname(dirname(dirname(new URL(import.meta.url).pathname)));
if (spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--vscode-tests'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const { runTests } = await import('@vscode/test-electron');
const sb = makeSandbox();
const { wsFile } = makeWorkspace(sb.tmp);
let code = 0;
try {
  await runTests({
    version: process.argv[2] || 'stable',
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, '.cache', 'vscode-suite', 'suite.js'),
    launchArgs: [wsFile, '--disable-extensions', '--user-data-dir', join(sb.tmp, 'data'), '--extensions-dir', join(sb.tmp, 'extensions')],
    extensionTestsEnv: { ...sb.env, CODEINDEX_TEST_ROOT: sb.tmp, CODEINDEX_NO_BROWSER: '1' },
  });
} catch (e) {
  console.error(e?.message || e);
  code = 1;
} finally {
  rmSync(sb.tmp, { recursive: true, force: true });
}
process.exit(code);
