// The mocha suite run INSIDE a real VS Code extension host (code-server here via test/vscode/run.mjs,
// desktop VS Code via test/vscode/electron.mjs). `run()` is what extensionTestsPath loads.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { ipcDir } from './helpers';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 90_000, slow: 5000, reporter: function Silent() { /* lines below */ } as unknown as string });
  // The test files are bundled into this file; they register their describe() blocks when
  // required after mocha's globals exist.
  mocha.suite.emit('pre-require', globalThis, 'suite', mocha);
  require('./extension.test');
  require('./commands.test');
  require('./mcp.test');
  // The UI tests need run.mjs's browser driver; the desktop launcher has none.
  if (process.env.CODEINDEX_NO_BROWSER !== '1') require('./ui.test');

  const dir = ipcDir();
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'mocha.log');
  const out = (line: string) => {
    console.log(line);
    appendFileSync(logFile, line + '\n');
  };
  return new Promise((resolve, reject) => {
    let passed = 0, failed = 0;
    const runner = mocha.run((failures) => {
      writeFileSync(join(dir, 'summary.json'), JSON.stringify({ passed, failed, pending: runner.stats?.pending ?? 0 }));
      out(`  ${passed} passing, ${failed} failing`);
      if (failures) reject(new Error(`${failures} tests failed.`));
      else resolve();
    });
    let depth = 0;
    runner.on('suite', (s) => { if (s.title) out(`${'  '.repeat(++depth)}${s.title}`); });
    runner.on('suite end', (s) => { if (s.title) depth--; });
    runner.on('pass', (t) => { passed++; out(`${'  '.repeat(depth + 1)}✔ ${t.title} (${t.duration} ms)`); });
    runner.on('fail', (t, err) => {
      failed++;
      out(`${'  '.repeat(depth + 1)}✗ ${t.title}\n${String((err as Error)?.stack ?? err).split('\n').slice(0, 8).map((l) => '        ' + l).join('\n')}`);
    });
  });
}
