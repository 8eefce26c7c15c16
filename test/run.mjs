// `npm test`: builds and typechecks, then runs the unit and integration suites twice: on this machine's Node
// (node:sqlite if it has it, else sql.js) and on a real Node 24 from the registry forced to the
// other backend, so both storage backends are exercised. Ends with "N passed, N failed".
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const filter = process.argv[2] || '';
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

if (run(process.execPath, ['esbuild.mjs', '--tests']).status !== 0) process.exit(1);
// esbuild only strips types: the whole suite also typechecks src/, test/ and bench/ (a test that
// no longer typechecked once landed unnoticed)
let typeErrors = 0;
if (!filter) {
  console.log('\n=== typecheck (tsc --noEmit) ===');
  typeErrors = run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.', '--noEmit']).status === 0 ? 0 : 1;
}

const node24 = execFileSync('bash', [join(root, 'scripts/node24.sh')], { cwd: root, encoding: 'utf8' }).trim();
const runs = [
  { label: `node ${process.version} + sql.js`, node: process.execPath, backend: 'sqljs' },
  { label: 'node 24 + node:sqlite', node: node24, backend: 'node-sqlite' },
];
const tmp = mkdtempSync(join(tmpdir(), 'codeindex-test-'));
let passed = 0, failed = 0, pending = 0;
const failures = [];
for (const r of runs) {
  console.log(`\n=== ${r.label} ===`);
  const summary = join(tmp, `${r.backend}.json`);
  const res = run(r.node, ['--no-warnings', join(root, 'test/mocha-run.cjs'), filter], {
    CODEINDEX_DB_BACKEND: r.backend, MOCHA_SUMMARY: summary, CODEINDEX_NODE24: node24,
  });
  try {
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    passed += s.passed; failed += s.failed; pending += s.pending;
    for (const f of s.failures || []) failures.push(`[${r.label}] ${f}`);
  } catch {
    console.log(`(${r.label}: mocha ended without a summary, exit ${res.status})`);
    failed += 1;
  }
}
rmSync(tmp, { recursive: true, force: true });
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (typeErrors) console.log('\n(typecheck failed: see tsc\'s errors above)');
failed += typeErrors;
console.log(`\ntests: ${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
process.exit(failed ? 1 : 0);
