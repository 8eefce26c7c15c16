import assert from 'node:assert/strict';
import {
  githubRemote,
  hostKind,
  isValidRemoteUrl,
  parseRemoteUrl,
  pullRequestUrl,
  remoteWebUrl,
  safeRemoteUrl,
} from '../../src/extension/git/remote';

describe('git remote URL parsing', () => {
  // url -> [protocol, host, port, owner, repo, web URL]
  const table: Array<[string, string, string, number | undefined, string, string, string | undefined]> = [
    ['git@github.com:octo/hello.git', 'ssh', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['git@github.com:octo/hello', 'ssh', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['github.com:octo/hello.git', 'ssh', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['ssh://git@github.com/octo/hello.git', 'ssh', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['ssh://github.com/octo/hello', 'ssh', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['ssh://git@ssh.github.com:443/octo/hello.git', 'ssh', 'ssh.github.com', 443, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['ssh://git@gitlab.example.com:2222/group/sub/proj.git', 'ssh', 'gitlab.example.com', 2222, 'group/sub', 'proj', 'https://gitlab.example.com/group/sub/proj'],
    ['git+ssh://git@github.com/octo/hello.git', 'ssh', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['https://github.com/octo/hello.git', 'https', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['https://github.com/octo/hello', 'https', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['https://github.com/octo/hello/', 'https', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['https://github.com/octo/hello.git/', 'https', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['https://user:ghp_secret@github.com/octo/hello.git', 'https', 'github.com', undefined, 'octo', 'hello', 'https://github.com/octo/hello'],
    ['https://x-access-token@GitHub.com/Octo/Hello.git', 'https', 'github.com', undefined, 'Octo', 'Hello', 'https://github.com/Octo/Hello'],
    ['https://git.corp.example:8443/team/tool.git', 'https', 'git.corp.example', 8443, 'team', 'tool', 'https://git.corp.example:8443/team/tool'],
    ['http://127.0.0.1:3000/owner/repo.git', 'http', '127.0.0.1', 3000, 'owner', 'repo', 'http://127.0.0.1:3000/owner/repo'],
    ['https://gitlab.com/group/subgroup/deeper/proj.git', 'https', 'gitlab.com', undefined, 'group/subgroup/deeper', 'proj', 'https://gitlab.com/group/subgroup/deeper/proj'],
    ['git@gitlab.com:group/subgroup/proj.git', 'ssh', 'gitlab.com', undefined, 'group/subgroup', 'proj', 'https://gitlab.com/group/subgroup/proj'],
    ['git@bitbucket.org:team/repo.git', 'ssh', 'bitbucket.org', undefined, 'team', 'repo', 'https://bitbucket.org/team/repo'],
    ['https://jdoe@bitbucket.org/team/repo.git', 'https', 'bitbucket.org', undefined, 'team', 'repo', 'https://bitbucket.org/team/repo'],
    ['https://myorg@dev.azure.com/myorg/My%20Project/_git/my-repo', 'https', 'dev.azure.com', undefined, 'myorg/My%20Project/_git', 'my-repo', 'https://dev.azure.com/myorg/My%20Project/_git/my-repo'],
    ['git@ssh.dev.azure.com:v3/myorg/proj/my-repo', 'ssh', 'ssh.dev.azure.com', undefined, 'v3/myorg/proj', 'my-repo', 'https://dev.azure.com/myorg/proj/_git/my-repo'],
    ['https://myorg.visualstudio.com/DefaultCollection/proj/_git/my-repo', 'https', 'myorg.visualstudio.com', undefined, 'DefaultCollection/proj/_git', 'my-repo', 'https://myorg.visualstudio.com/DefaultCollection/proj/_git/my-repo'],
    ['git://example.org/pub/tool.git', 'git', 'example.org', undefined, 'pub', 'tool', 'https://example.org/pub/tool'],
    ['file:///srv/git/repo.git', 'file', '', undefined, 'srv/git', 'repo', undefined],
  ];
  for (const [url, protocol, host, port, owner, repo, web] of table) {
    it(`parses ${url}`, () => {
      const info = parseRemoteUrl(url);
      assert.ok(info, `${url} should parse`);
      assert.equal(info.protocol, protocol);
      assert.equal(info.host, host);
      assert.equal(info.port, port);
      assert.equal(info.owner, owner);
      assert.equal(info.repo, repo);
      assert.equal(remoteWebUrl(url), web);
    });
  }

  it('rejects what is not a remote URL', () => {
    for (const bad of ['', '   ', 'not a url', 'ftp://example.org/x/y', 'https://', 'C:\\repos\\x', 'https://github.com/']) {
      assert.equal(parseRemoteUrl(bad), undefined, JSON.stringify(bad));
    }
  });

  it('never keeps HTTPS credentials in the URL it returns', () => {
    for (const url of [
      'https://user:ghp_secret@github.com/octo/hello.git',
      'https://ghp_secret@github.com/octo/hello.git',
      'https://user:p@ss@w0rd@example.com/a/b.git',
      'http://oauth2:glpat-secret@127.0.0.1:8080/g/p.git',
    ]) {
      const info = parseRemoteUrl(url)!;
      assert.doesNotMatch(info.url, /secret|p@ss|w0rd|user|oauth2/, info.url);
      assert.doesNotMatch(safeRemoteUrl(url), /secret|p@ss|w0rd|oauth2/);
      assert.doesNotMatch(remoteWebUrl(url) ?? '', /secret|@/);
      assert.doesNotMatch(pullRequestUrl(url, 'a', 'main', { githubHosts: ['example.com', '127.0.0.1'] }) ?? '', /secret|w0rd|oauth2/);
    }
    assert.equal(safeRemoteUrl('https://u:tok@host.example/a/b.git'), 'https://host.example/a/b.git');
    // ssh login names are not secrets: they stay.
    assert.equal(safeRemoteUrl('git@github.com:octo/hello.git'), 'git@github.com:octo/hello.git');
    assert.equal(safeRemoteUrl('ssh://git:pw@host.example/a/b.git'), 'ssh://git@host.example/a/b.git');
  });
});

describe('git host kind', () => {
  const kind = (url: string, hosts = {}) => hostKind(parseRemoteUrl(url)!, hosts);
  it('recognizes the public platforms by host', () => {
    assert.equal(kind('git@github.com:o/r.git'), 'github');
    assert.equal(kind('https://gitlab.com/g/r'), 'gitlab');
    assert.equal(kind('https://gitlab.corp.example/g/r'), 'gitlab');
    assert.equal(kind('git@bitbucket.org:o/r.git'), 'bitbucket');
    assert.equal(kind('https://dev.azure.com/o/p/_git/r'), 'azure');
    assert.equal(kind('https://tfs.corp.example/tfs/Coll/Proj/_git/r'), 'azure');
    assert.equal(kind('https://git.corp.example/o/r.git'), 'unknown');
  });
  it('recognizes configured enterprise hosts, with or without scheme and port', () => {
    assert.equal(kind('git@git.corp.example:o/r.git', { githubHosts: ['git.corp.example'] }), 'github');
    assert.equal(kind('https://git.corp.example/o/r.git', { githubHosts: ['https://GIT.corp.example/'] }), 'github');
    assert.equal(kind('https://git.corp.example:8443/o/r.git', { githubHosts: ['git.corp.example:8443'] }), 'github');
    assert.equal(kind('https://code.corp.example/g/r.git', { gitlabHosts: ['code.corp.example'] }), 'gitlab');
    assert.equal(kind('https://bb.corp.example/o/r.git', { bitbucketHosts: ['bb.corp.example'] }), 'bitbucket');
  });
});

describe('git pull-request URLs', () => {
  it('GitHub: /compare/<base>...<head>?expand=1', () => {
    assert.equal(
      pullRequestUrl('git@github.com:octo/hello.git', 'feature/login', 'main'),
      'https://github.com/octo/hello/compare/main...feature/login?expand=1',
    );
    assert.equal(
      pullRequestUrl('https://user:tok@github.com/octo/hello.git', 'fix#1 ü', 'release/2.0'),
      'https://github.com/octo/hello/compare/release/2.0...fix%231%20%C3%BC?expand=1',
    );
  });
  it('GitHub Enterprise: the configured host, keeping an https port', () => {
    assert.equal(
      pullRequestUrl('https://ghe.corp.example:8443/team/tool.git', 'feat', 'dev', { githubHosts: ['ghe.corp.example'] }),
      'https://ghe.corp.example:8443/team/tool/compare/dev...feat?expand=1',
    );
  });
  it('GitLab: /-/merge_requests/new with source and target branch, subgroups kept', () => {
    assert.equal(
      pullRequestUrl('git@gitlab.com:group/sub/proj.git', 'feature/x&y', 'main'),
      'https://gitlab.com/group/sub/proj/-/merge_requests/new?merge_request%5Bsource_branch%5D=feature%2Fx%26y&merge_request%5Btarget_branch%5D=main',
    );
  });
  it('Bitbucket: /pull-requests/new?source=...&dest=...', () => {
    assert.equal(
      pullRequestUrl('https://jdoe@bitbucket.org/team/repo.git', 'feature/a b', 'main'),
      'https://bitbucket.org/team/repo/pull-requests/new?source=feature%2Fa%20b&dest=main',
    );
  });
  it('Azure DevOps: pullrequestcreate?sourceRef=...&targetRef=...', () => {
    assert.equal(
      pullRequestUrl('git@ssh.dev.azure.com:v3/myorg/proj/my-repo', 'users/me/x', 'main'),
      'https://dev.azure.com/myorg/proj/_git/my-repo/pullrequestcreate?sourceRef=users%2Fme%2Fx&targetRef=main',
    );
    assert.equal(
      pullRequestUrl('https://myorg@dev.azure.com/myorg/proj/_git/my-repo', 'b', 'main'),
      'https://dev.azure.com/myorg/proj/_git/my-repo/pullrequestcreate?sourceRef=b&targetRef=main',
    );
  });
  it('no URL for unknown hosts and local remotes', () => {
    assert.equal(pullRequestUrl('https://git.corp.example/o/r.git', 'a', 'main'), undefined);
    assert.equal(pullRequestUrl('file:///srv/r.git', 'a', 'main'), undefined);
    assert.equal(pullRequestUrl('/srv/r.git', 'a', 'main'), undefined);
  });
});

describe('git GitHub remote detection', () => {
  it('github.com -> api.github.com, owner and repo', () => {
    for (const url of ['git@github.com:octo/hello.git', 'https://tok@github.com/octo/hello', 'ssh://git@ssh.github.com:443/octo/hello.git']) {
      assert.deepEqual(githubRemote(url), {
        host: 'github.com',
        owner: 'octo',
        repo: 'hello',
        webUrl: 'https://github.com/octo/hello',
        apiBaseUrl: 'https://api.github.com',
      });
    }
  });
  it('a configured enterprise host -> https://<host>/api/v3', () => {
    assert.deepEqual(githubRemote('git@ghe.corp.example:team/tool.git', { githubHosts: ['ghe.corp.example'] }), {
      host: 'ghe.corp.example',
      owner: 'team',
      repo: 'tool',
      webUrl: 'https://ghe.corp.example/team/tool',
      apiBaseUrl: 'https://ghe.corp.example/api/v3',
    });
    assert.equal(
      githubRemote('http://127.0.0.1:3000/o/r.git', { githubHosts: ['127.0.0.1'] })?.apiBaseUrl,
      'http://127.0.0.1:3000/api/v3',
    );
  });
  it('not GitHub: other platforms, unconfigured hosts, paths that are not owner/repo', () => {
    assert.equal(githubRemote('git@gitlab.com:g/r.git'), undefined);
    assert.equal(githubRemote('git@ghe.corp.example:team/tool.git'), undefined);
    assert.equal(githubRemote('https://github.com/just-owner'), undefined);
    assert.equal(githubRemote('https://github.com/a/b/c'), undefined);
  });
});

describe('git remote URL validation (for git remote add)', () => {
  it('accepts the forms git speaks', () => {
    for (const ok of [
      'https://github.com/o/r.git',
      'http://127.0.0.1:8080/o/r.git',
      'git@github.com:o/r.git',
      'ssh://git@host.example:2222/o/r.git',
      'git://host.example/o/r.git',
      'file:///srv/r.git',
      '/srv/git/r.git',
    ]) {
      assert.equal(isValidRemoteUrl(ok), true, ok);
    }
  });
  it('rejects empty, spaced, option-like and unknown-scheme values', () => {
    for (const bad of ['', '  ', 'hello world', '-oProxyCommand=evil', 'ftp://host/o/r', 'https://', 'relative/path', 'https://h/o/r\nx']) {
      assert.equal(isValidRemoteUrl(bad), false, JSON.stringify(bad));
    }
  });
});
