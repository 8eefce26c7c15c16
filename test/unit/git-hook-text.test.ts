import assert from 'node:assert/strict';
import { HOOK_BEGIN, HOOK_END, hookBlock, withHookBlock, withoutHookBlock } from '../../src/extension/git/hook';
import { commitMessageFor } from '../../src/extension/git/push';
import { coAuthorTrailer, withTrailer } from '../../src/extension/git/trailer';

const me = { name: 'Work Bench', email: 'bot@example.com' };

describe('git co-author hook text', () => {
  it('a new hook is a sh script holding exactly one marked block', () => {
    const text = withHookBlock('', me);
    const lines = text.split('\n');
    assert.equal(lines[0], '#!/bin/sh');
    assert.equal(lines.filter((l) => l === HOOK_BEGIN).length, 1);
    assert.equal(lines.filter((l) => l === HOOK_END).length, 1);
    assert.ok(text.includes("workbench_trailer='Co-authored-by: Work Bench <bot@example.com>'"));
    assert.ok(text.includes('grep -qF -e "$workbench_trailer" "$1"'));
  });

  it('is idempotent and updates the block in place', () => {
    const once = withHookBlock('', me);
    assert.equal(withHookBlock(once, me), once);
    const other = withHookBlock(once, { name: 'Other', email: 'o@example.com' });
    assert.equal(other.split(HOOK_BEGIN).length, 2);
    assert.ok(other.includes('Co-authored-by: Other <o@example.com>'));
    assert.ok(!other.includes('Work Bench'));
  });

  it("goes right after the user's shebang (before an exit) and comes out leaving their text as it was", () => {
    const user = '#!/usr/bin/env bash\necho user-hook >> "$1"\nexit 0\n';
    const merged = withHookBlock(user, me);
    assert.ok(merged.startsWith(`#!/usr/bin/env bash\n${HOOK_BEGIN}\n`));
    assert.ok(merged.endsWith('echo user-hook >> "$1"\nexit 0\n'));
    assert.equal(withoutHookBlock(merged), user);
  });

  it('keeps CRLF line endings of an existing hook', () => {
    const user = '#!/bin/sh\r\necho hi\r\n';
    const merged = withHookBlock(user, me);
    assert.ok(merged.includes(`\r\n${HOOK_BEGIN}\r\n`));
    assert.equal(withoutHookBlock(merged), user);
  });

  it('a hook without shebang gets the block on top (git runs it with sh)', () => {
    const merged = withHookBlock('echo x\n', me);
    assert.ok(merged.startsWith(HOOK_BEGIN));
    assert.equal(withoutHookBlock(merged), 'echo x\n');
  });

  it('nothing but the shebang left -> empty (the file is deleted)', () => {
    assert.equal(withoutHookBlock(withHookBlock('', me)), '');
    assert.equal(withoutHookBlock('#!/bin/sh\n\n'), '');
  });

  it('refuses hooks in other languages and damaged markers', () => {
    assert.throws(() => withHookBlock('#!/usr/bin/env python3\nprint(1)\n', me), { code: 'HookNotShell' });
    assert.throws(() => withHookBlock(`#!/bin/sh\n${HOOK_BEGIN}\necho\n`, me), { code: 'HookMarkersDamaged' });
    assert.throws(() => withoutHookBlock(`#!/bin/sh\n${HOOK_END}\n${HOOK_BEGIN}\n`), { code: 'HookMarkersDamaged' });
  });

  it('quotes the trailer for sh, and refuses values that would break the line', () => {
    const block = hookBlock({ name: "O'Brien; rm -rf /", email: 'o@example.com' }).join('\n');
    assert.ok(block.includes(`workbench_trailer='Co-authored-by: O'\\''Brien; rm -rf / <o@example.com>'`));
    assert.throws(() => hookBlock({ name: 'a\nb', email: 'x@y' }), { code: 'InvalidCoAuthor' });
    assert.throws(() => hookBlock({ name: 'a', email: 'x <y>' }), { code: 'InvalidCoAuthor' });
    assert.throws(() => hookBlock({ name: ' ', email: 'x@y' }), { code: 'InvalidCoAuthor' });
  });
});

describe('git commit message', () => {
  it('default: "Agent work on <branch>", blank line, trailer', () => {
    assert.equal(commitMessageFor('feat/x', undefined, me), 'Agent work on feat/x\n\nCo-authored-by: Work Bench <bot@example.com>\n');
    assert.equal(commitMessageFor('feat/x', '   ', me), 'Agent work on feat/x\n\nCo-authored-by: Work Bench <bot@example.com>\n');
  });
  it('attribution off: no trailer', () => {
    assert.equal(commitMessageFor('main'), 'Agent work on main\n');
    assert.equal(commitMessageFor('main', 'Fix the parser\n\nDetails.'), 'Fix the parser\n\nDetails.\n');
  });
  it('a given message gets the trailer once', () => {
    assert.equal(commitMessageFor('main', 'Fix it', me), `Fix it\n\n${coAuthorTrailer(me)}\n`);
    const already = `Fix it\n\n${coAuthorTrailer(me)}\n`;
    assert.equal(withTrailer(already, me), already);
  });
});
