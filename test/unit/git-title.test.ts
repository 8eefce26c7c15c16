import assert from 'node:assert/strict';
import { branchToTitle } from '../../src/extension/git/title';

describe('git branch -> pull-request title', () => {
  const table: Array<[string, string]> = [
    ['feature/add-login-page', 'Add Login Page'],
    ['fix/null_pointer-crash', 'Null Pointer Crash'],
    ['feat/dark-mode', 'Dark Mode'],
    ['bugfix/off-by-one', 'Off By One'],
    ['hotfix/urgent_patch', 'Urgent Patch'],
    ['Feature/Mixed-Case', 'Mixed Case'],
    ['HOTFIX/x', 'X'],
    ['add-api-client', 'Add Api Client'],
    ['support-OAuth-API', 'Support OAuth API'],
    ['release/2.0-rc', 'Release/2.0 Rc'],
    // only one leading prefix is removed, and only at the start
    ['feature/fix/thing', 'Fix/thing'],
    ['my-feature/x', 'My Feature/x'],
    ['fix/double--sep__x', 'Double Sep X'],
    ['main', 'Main'],
  ];
  for (const [branch, title] of table) {
    it(`${branch} -> ${title}`, () => assert.equal(branchToTitle(branch), title));
  }
  it('a bare prefix gives an empty title (submit stays disabled)', () => {
    assert.equal(branchToTitle('feature/'), '');
  });
});
