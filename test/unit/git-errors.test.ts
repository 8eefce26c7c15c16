import assert from 'node:assert/strict';
import { classify, GitError, GitErrorCodes, userSentence, type GitErrorCode } from '../../src/extension/git/errors';
import { redactText } from '../../src/extension/git/redact';

describe('git error classification', () => {
  // Real stderr of git 2.3x and of the big hosts (LC_ALL=C).
  const table: Array<[string, GitErrorCode]> = [
    ["fatal: 'origin' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.", 'NoOrigin'],
    ["error: No such remote 'origin'", 'NoOrigin'],
    ['error: src refspec main does not match any\nerror: failed to push some refs to \'origin\'', 'NoCommits'],
    ["fatal: your current branch 'main' does not have any commits yet", 'NoCommits'],
    ['fatal: ref HEAD is not a symbolic ref', 'DetachedHead'],
    ["To github.com:o/r.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'github.com:o/r.git'\nhint: Updates were rejected because the remote contains work that you do", 'PushRejected'],
    [' ! [rejected]        main -> main (non-fast-forward)\nhint: Updates were rejected because the tip of your current branch is behind', 'PushRejected'],
    ['!\trefs/heads/x:refs/heads/x\t[rejected] (stale info)\nDone', 'RemoteBranchExists'],
    ['remote: error: GH013: Repository rule violations found for refs/heads/main.\nremote: - Push cannot contain secrets\n ! [remote rejected] main -> main (push declined due to repository rule violations)', 'RemoteRejected'],
    ["remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/o/r.git/'", 'AuthenticationFailed'],
    ["fatal: could not read Username for 'https://github.com': terminal prompts disabled", 'AuthenticationFailed'],
    ['git@github.com: Permission denied (publickey).\r\nfatal: Could not read from remote repository.', 'PermissionDenied'],
    ["remote: Permission to o/r.git denied to someone.\nfatal: unable to access 'https://github.com/o/r.git/': The requested URL returned error: 403", 'PermissionDenied'],
    ['Host key verification failed.\r\nfatal: Could not read from remote repository.', 'HostKeyVerificationFailed'],
    ['ERROR: Repository not found.\nfatal: Could not read from remote repository.', 'RepositoryNotFound'],
    ["fatal: '/tmp/nope.git' does not appear to be a git repository", 'RepositoryNotFound'],
    ["fatal: unable to access 'https://github.com/o/r.git/': Could not resolve host: github.com", 'RemoteUnreachable'],
    ["fatal: unable to access 'http://127.0.0.1:9/r.git/': Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server", 'RemoteUnreachable'],
    ['ssh: connect to host github.com port 22: Network is unreachable\r\nfatal: Could not read from remote repository.', 'RemoteUnreachable'],
    ["fatal: a branch named 'feat' already exists", 'BranchExists'],
    ["fatal: 'a b' is not a valid branch name", 'InvalidBranchName'],
    ['error: remote origin already exists.', 'OriginExists'],
    ["fatal: Unable to create '/r/.git/index.lock': File exists.\n\nAnother git process seems to be running", 'RepositoryLocked'],
    ['*** Please tell me who you are.\n\nRun\n\n  git config --global user.email', 'IdentityUnknown'],
    ['fatal: not a git repository (or any of the parent directories): .git', 'NotARepository'],
    ['something nobody has seen before', 'Unknown'],
  ];
  for (const [stderr, code] of table) {
    it(`${code} <- ${stderr.split('\n')[0].slice(0, 60)}`, () => assert.equal(classify(stderr), code));
  }

  it('every code has a sentence that names a next step', () => {
    for (const code of Object.values(GitErrorCodes)) {
      const s = userSentence(code, { branch: 'feat', remoteUrl: 'https://h.example/o/r.git', timeoutMs: 1500, command: 'git push' });
      assert.ok(s.length > 30, code);
      assert.match(s, /then|Choose|Check|Enter|Use|Set|Fix|Install|Open|run|See|Add|Wait|Sign/, `${code}: ${s}`);
    }
  });

  it("the no-origin sentence contains git's own words", () => {
    assert.match(userSentence('NoOrigin'), /No remote named 'origin'/);
  });

  it('keeps the raw remote: lines and git error lines under the sentence', () => {
    const err = new GitError({
      code: 'RemoteRejected',
      stderr:
        'remote: error: GH013: Repository rule violations found for refs/heads/main.\nremote: \nremote: - GITHUB PUSH PROTECTION\nremote:   Push cannot contain secrets\nTo https://github.com/o/r.git\n ! [remote rejected] main -> main (push declined)\nerror: failed to push some refs to \'https://github.com/o/r.git\'\n',
    });
    assert.deepEqual(err.remoteLines, [
      'remote: error: GH013: Repository rule violations found for refs/heads/main.',
      'remote: - GITHUB PUSH PROTECTION',
      'remote:   Push cannot contain secrets',
    ]);
    assert.match(err.message, /^The remote refused the push/);
    assert.match(err.message, /remote:   Push cannot contain secrets/);
    assert.match(err.message, /! \[remote rejected\] main -> main/);
  });

  it('a note (what a rollback did) joins the sentence', () => {
    const err = new GitError({ code: 'Timeout', timeoutMs: 2000, command: 'git push' }).withNote('Switched back.');
    assert.match(err.message, /^`git push` timed out after 2 s: .* Switched back\.$/);
  });

  it('never carries credentials from a URL in stderr, command or context', () => {
    const err = new GitError({
      code: 'AuthenticationFailed',
      command: 'git push https://me:hunter2@h.example/o/r.git',
      remoteUrl: 'https://me:hunter2@h.example/o/r.git',
      stderr: "remote: see https://tok3n@h.example/help\nfatal: Authentication failed for 'https://me:hunter2@h.example/o/r.git/'",
    });
    assert.doesNotMatch(`${err.message}\n${err.stderr}\n${err.command}`, /hunter2|tok3n|me:/);
    assert.match(err.message, /Authentication failed/);
  });
});

describe('git redaction', () => {
  it('drops userinfo of http(s) URLs, and the password of ssh URLs', () => {
    assert.equal(redactText("to 'https://u:p@h.example/x'"), "to 'https://h.example/x'");
    assert.equal(redactText('http://tok@127.0.0.1:80/x and https://a:b@c@d.example/y'), 'http://127.0.0.1:80/x and https://d.example/y');
    assert.equal(redactText('ssh://git:pw@h.example/x'), 'ssh://git@h.example/x');
    assert.equal(redactText('ssh://git@h.example/x git@h.example:o/r'), 'ssh://git@h.example/x git@h.example:o/r');
    assert.equal(redactText('mail me@h.example, see https://h.example/a@b'), 'mail me@h.example, see https://h.example/a@b');
  });
});
