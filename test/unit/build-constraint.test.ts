// Go build constraints: which files a build for one platform compiles.
import assert from 'node:assert/strict';
import { builtFor, satisfies, targetOf } from '../../src/server/index/build-constraint';

describe('Go build constraints', () => {
  const linux = { os: 'linux', arch: 'amd64' };
  const windows = { os: 'windows', arch: 'arm64' };

  it('evaluates //go:build expressions: tags, !, &&, || and parentheses', () => {
    assert.equal(satisfies('linux && amd64', linux), true);
    assert.equal(satisfies('linux && !amd64', linux), false);
    assert.equal(satisfies('windows || (unix && !386)', linux), true);
    assert.equal(satisfies('unix', windows), false);
    assert.equal(satisfies('!go1.8', linux), false, 'release tags are all set');
    assert.equal(satisfies('gc && cgo', linux), true);
    assert.equal(satisfies('purego || ignore', linux), false, 'tags a build does not set are false');
    assert.equal(satisfies('386 || amd64 || arm64', windows), true);
  });

  it('counts an unreadable expression as built', () => {
    assert.equal(satisfies('linux &&', linux), true);
    assert.equal(satisfies('(linux', linux), true);
    assert.equal(satisfies('', linux), true);
  });

  it('reads a file name\'s _GOOS, _GOARCH and _GOOS_GOARCH suffixes, before _test', () => {
    assert.equal(builtFor('x/fd_windows.go', undefined, windows), true);
    assert.equal(builtFor('x/fd_windows.go', undefined, linux), false);
    assert.equal(builtFor('x/asm_linux_amd64.go', undefined, linux), true);
    assert.equal(builtFor('x/asm_linux_arm64_test.go', undefined, linux), false);
    assert.equal(builtFor('x/fd_unix.go', undefined, windows), true, '_unix is no GOOS');
    assert.equal(builtFor('x/linux.go', undefined, windows), true, 'a whole name is no suffix');
    assert.equal(builtFor('x/fd_linux.go', '//go:build !amd64', linux), false, 'the suffix and the line both hold');
    assert.equal(builtFor('x/fd_linux.go', undefined, { os: 'android', arch: 'arm64' }), true, 'android builds linux files');
  });

  it('compiles _test.go files in a test build only', () => {
    assert.equal(builtFor('x/util_test.go', undefined, linux), false);
    assert.equal(builtFor('x/util_test.go', undefined, targetOf('x/a_test.go', linux)), true);
    assert.equal(builtFor('x/util.go', undefined, targetOf('x/a_test.go', linux)), true);
  });

  it('takes the platform of a file from its suffixes, the rest from the base', () => {
    assert.deepEqual(targetOf('a/b_windows.go', linux), { os: 'windows', arch: 'amd64', test: false });
    assert.deepEqual(targetOf('a/b_arm64_test.go', linux), { os: 'linux', arch: 'arm64', test: true });
    assert.deepEqual(targetOf('a/b.go', windows), { ...windows, test: false });
  });
});
