// Runs mocha over the transpiled tests (out/test/<layer>/**/*.test.js) in this Node, and writes
// {passed, failed, pending, failures} to $MOCHA_SUMMARY so test/run.mjs can add up the runs and
// name what failed again at the end (CI keeps only the tail of a long log).
const { Mocha } = require('mocha');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const layers = (process.env.TEST_LAYERS || 'unit,integration').split(',');
const filter = process.argv[2];
function list(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isDirectory()) list(p, out);
    else if (p.endsWith('.test.js') && (!filter || p.includes(filter))) out.push(p);
  }
  return out;
}
const mocha = new Mocha({ reporter: 'spec', timeout: 30000, slow: 2000 });
for (const layer of layers) for (const f of list(path.join(root, 'out/test', layer))) mocha.addFile(f);
mocha.loadFilesAsync().then(() => {
  const failed = [];
  const runner = mocha.run((failures) => {
    const s = runner.stats || {};
    if (process.env.MOCHA_SUMMARY) {
      fs.writeFileSync(process.env.MOCHA_SUMMARY, JSON.stringify({ passed: s.passes || 0, failed: failures, pending: s.pending || 0, failures: failed }));
    }
    process.exitCode = failures ? 1 : 0;
  });
  runner.on('fail', (test, err) => {
    const where = (err && err.stack || '').split('\n').find((l) => l.includes('out/test/')) || '';
    failed.push(`${test.fullTitle()}: ${String(err && err.message || err).split('\n').filter((l) => l.trim()).slice(0, 4).join(' ').slice(0, 400)}${where ? `\n      ${where.trim()}` : ''}`);
  });
}, (e) => { console.error(e); process.exitCode = 1; });
