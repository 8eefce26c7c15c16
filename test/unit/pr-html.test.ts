// The webview page's template and policy, the token scrubber, and the rule that only panel.ts
// of src/extension/pr imports `vscode`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newNonce, renderFormHtml } from '../../src/extension/pr/html';
import { PullRequestError, scrub } from '../../src/extension/pr/github';

const ROOT = join(__dirname, '..', '..', '..');
const template = () => readFileSync(join(ROOT, 'media', 'pr-form.html'), 'utf8');

describe('pr: webview page template and policy', () => {
  const params = { cspSource: 'https://webview.test', nonce: 'N0nce123', styleUri: 'https://webview.test/pr-form.css', scriptUri: 'https://webview.test/pr-form.js' };

  it('fills every placeholder, leaving none behind', () => {
    const html = renderFormHtml(template(), params);
    assert.ok(!/\{\{\w+\}\}/.test(html));
    assert.match(html, /<script nonce="N0nce123" src="https:\/\/webview\.test\/pr-form\.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="https:\/\/webview\.test\/pr-form\.css">/);
  });

  it('a strict CSP: nothing by default, scripts only with the nonce, no inline code, no network', () => {
    const html = renderFormHtml(template(), params);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-N0nce123';/);
    assert.match(csp, /style-src https:\/\/webview\.test;/);
    assert.match(csp, /connect-src 'none'/);
    assert.ok(!/unsafe-inline|unsafe-eval/.test(csp));
    // No inline handlers or style attributes a strict CSP would refuse anyway.
    assert.ok(!/\son[a-z]+=/.test(html));
    assert.ok(!/\sstyle=/.test(html));
    assert.equal((html.match(/<script/g) ?? []).length, 1);
  });

  it('every input has a label', () => {
    const html = template();
    const ids = [...html.matchAll(/<(?:input|textarea)[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(ids.sort(), ['body', 'base', 'draft', 'head', 'title', 'token'].sort());
    for (const id of ids) assert.match(html, new RegExp(`<label for="${id}"`), `no label for #${id}`);
  });

  it('escapes values and refuses a template without a placeholder', () => {
    const html = renderFormHtml(template(), { ...params, styleUri: 'https://x/a"b<c>.css' });
    assert.ok(html.includes('href="https://x/a&quot;b&lt;c&gt;.css"'));
    assert.throws(() => renderFormHtml('<html>{{nonce}}</html>', params), /lacks the \{\{cspSource\}\} placeholder/);
  });

  it('a nonce is fresh each time and fits a CSP source', () => {
    const a = newNonce();
    const b = newNonce();
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9]{20,}$/);
  });

  it('the page stores the token under exactly workbench-github-token', () => {
    const js = readFileSync(join(ROOT, 'media', 'pr-form.js'), 'utf8');
    assert.match(js, /var TOKEN_KEY = 'workbench-github-token';/);
  });

  it('only panel.ts of src/extension/pr imports vscode', () => {
    const dir = join(ROOT, 'src', 'extension', 'pr');
    const importers = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from 'vscode'|require\('vscode'\)/.test(readFileSync(join(dir, f), 'utf8')));
    assert.deepEqual(importers, ['panel.ts']);
  });
});

describe('pr: token scrubbing', () => {
  it('removes the token, Bearer values and GitHub token formats from a text', () => {
    const t = 'abcd1234secretvalue';
    assert.equal(scrub(`x ${t} y ${t}`, t), 'x [token] y [token]');
    assert.equal(scrub('Authorization: Bearer someOpaqueValue123', ''), 'Authorization: Bearer [token]');
    assert.equal(scrub('leaked ghp_0123456789abcdefghijABCDEFGHIJ here', 'other-token'), 'leaked [token] here');
    assert.equal(scrub('github_pat_11ABCDEFG0123456789_abcdefghijklmnop end', ''), '[token] end');
    assert.equal(scrub('token permissions are fine', ''), 'token permissions are fine');
  });

  it('an error carries plain data for the webview, nothing else', () => {
    const e = new PullRequestError({ kind: 'not-found', status: 404, message: 'm', details: ['Not Found'] });
    assert.deepEqual(e.toInfo(), { kind: 'not-found', message: 'm', status: 404, details: ['Not Found'] });
  });
});
