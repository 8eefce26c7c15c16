// What a build for this machine compiles. Go: which of a package's files, by file-name suffixes
// (`_linux.go`, `_windows_arm64.go`) and the `//go:build` line. A package often declares one
// function in several files, one per platform or Go version (`compare_native.go` /
// `compare_generic.go`); a call binds to the declaration built for its own file's platform, else
// for this machine's, as gopls does. C and C++: which `#include`s, by the platform macros their
// `#if`s test (otherPlatformOnly, at the end).
import type { Node } from 'web-tree-sitter';

const GO_OS = ['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd', 'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos'];
const GO_ARCH = ['386', 'amd64', 'arm', 'arm64', 'loong64', 'mips', 'mipsle', 'mips64', 'mips64le', 'ppc64', 'ppc64le', 'riscv64', 's390x', 'wasm'];
const UNIX = new Set(['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'linux', 'netbsd', 'openbsd', 'solaris']);
/** Tags every ordinary build has: the compiler and cgo (release tags `go1.N` are all true). */
const ALWAYS = new Set(['gc', 'cgo']);

/** A build: its platform, and whether it is `go test`'s (which adds the `_test.go` files). */
export interface Target { os: string; arch: string; test?: boolean }

const HOST_OS: Record<string, string> = { win32: 'windows', darwin: 'darwin', linux: 'linux', freebsd: 'freebsd', openbsd: 'openbsd', netbsd: 'netbsd', aix: 'aix', sunos: 'solaris', android: 'android' };
const HOST_ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', mips: 'mips', mipsel: 'mipsle' };

/** The build a file is compiled in: its name's suffixes, the rest from `base` (this machine); a
 *  test build for a `_test.go` file. */
export function targetOf(path: string, base: Target = { os: HOST_OS[process.platform] ?? 'linux', arch: HOST_ARCH[process.arch] ?? 'amd64' }): Target {
  const { os, arch } = suffixes(path);
  return { os: os ?? base.os, arch: arch ?? base.arch, test: testFile(path) };
}

export function testFile(path: string): boolean {
  return path.endsWith('_test.go');
}

/** Whether a build for `t` compiles the file: test files only in a test build, its name's
 *  suffixes and its `//go:build` line. */
export function builtFor(path: string, constraint: string | undefined, t: Target): boolean {
  if (!t.test && testFile(path)) return false;
  const { os, arch } = suffixes(path);
  if ((os && !osMatches(os, t.os)) || (arch && arch !== t.arch)) return false;
  return constraint === undefined || satisfies(constraint.replace(/^\/\/go:build\s*/, ''), t);
}

/** A file name's platform suffix: `windows`, `linux_amd64`, or ''. */
export function platformSuffix(path: string): string {
  const { os, arch } = suffixes(path);
  return [os, arch].filter(Boolean).join('_');
}

/** `_GOOS`, `_GOARCH` or `_GOOS_GOARCH` at the end of the name (before `_test`). */
function suffixes(path: string): { os?: string; arch?: string } {
  const parts = path.replace(/^.*\//, '').replace(/(_test)?\.[^.]+$/, '').split('_').slice(1);
  const last = parts[parts.length - 1], prev = parts[parts.length - 2];
  if (last !== undefined && GO_ARCH.includes(last)) return { arch: last, os: prev !== undefined && GO_OS.includes(prev) ? prev : undefined };
  return { os: last !== undefined && GO_OS.includes(last) ? last : undefined };
}

/** `android` builds `linux` files, `ios` `darwin`'s, `illumos` `solaris`'s. */
function osMatches(tag: string, os: string): boolean {
  return tag === os || (tag === 'linux' && os === 'android') || (tag === 'darwin' && os === 'ios') || (tag === 'solaris' && os === 'illumos');
}

function tagTrue(tag: string, t: Target): boolean {
  if (tag === t.arch || osMatches(tag, t.os) || ALWAYS.has(tag) || /^go1\.\d+$/.test(tag)) return true;
  return tag === 'unix' && UNIX.has(t.os);
}

/** Evaluates a build expression (`linux && (amd64 || arm64) && !purego`); an unreadable one
 *  counts as built. */
export function satisfies(expr: string, t: Target): boolean {
  const tokens = expr.match(/&&|\|\||[!()]|[\w.]+/g) ?? [];
  let i = 0;
  const or = (): boolean => {
    let v = and();
    while (tokens[i] === '||') { i++; v = and() || v; }
    return v;
  };
  const and = (): boolean => {
    let v = not();
    while (tokens[i] === '&&') { i++; v = not() && v; }
    return v;
  };
  const not = (): boolean => {
    const tok = tokens[i++];
    if (tok === '!') return !not();
    if (tok === '(') { const v = or(); if (tokens[i++] !== ')') throw new Error('unbalanced'); return v; }
    if (tok === undefined || !/^[\w.]+$/.test(tok)) throw new Error(`unexpected ${tok}`);
    return tagTrue(tok, t);
  };
  try {
    const v = or();
    return i === tokens.length ? v : true;
  } catch {
    return true;
  }
}

/** C and C++: the compilers' platform macros, by system. A build for this machine leaves the
 *  other systems' undefined, so an `#include` under `#ifdef _WIN32` (or in the `#else` of
 *  `#ifndef _WIN32`) is not compiled here: spdlog's tcp_sink.h includes tcp_client-windows.h
 *  there and tcp_client.h in its `#else`, both declaring `class tcp_client`. */
const C_PLATFORM_MACROS: Record<string, string[]> = {
  windows: ['_WIN32', '_WIN64', 'WIN32', '_WINDOWS', '_MSC_VER', '__MINGW32__', '__MINGW64__', '__CYGWIN__'],
  darwin: ['__APPLE__', '__MACH__'],
  linux: ['__linux__', '__linux', 'linux', '__gnu_linux__'],
  freebsd: ['__FreeBSD__'], openbsd: ['__OpenBSD__'], netbsd: ['__NetBSD__'], solaris: ['__sun'],
};

/** The platform macros this machine's compiler leaves undefined (C_PLATFORM_MACROS). */
function foreignPlatformMacros(os: string = HOST_OS[process.platform] ?? 'linux'): Set<string> {
  const out = new Set<string>();
  for (const [sys, names] of Object.entries(C_PLATFORM_MACROS)) if (sys !== os) for (const n of names) out.add(n);
  // Android is Linux, and BSD's `unix` macros are not listed
  if (os === 'android') for (const n of C_PLATFORM_MACROS.linux) out.delete(n);
  return out;
}

const FOREIGN = foreignPlatformMacros();

/** Whether a C/C++ directive is compiled only for another system: in the body of `#ifdef M`,
 *  `#if defined(M) || defined(N)` (or `#if M`) of such macros, or in the `#else` of `#ifndef M`
 *  or `#if !defined(M)`. */
export function otherPlatformOnly(node: Node, source: string): boolean {
  for (let child = node, p = node.parent; p; child = p, p = p.parent) {
    const t = p.type;
    if (t !== 'preproc_ifdef' && t !== 'preproc_if' && t !== 'preproc_elif') continue;
    const alt = p.childForFieldName('alternative');
    const inElse = !!alt && alt.id === child.id;
    if (inElse && alt.type === 'preproc_elif') continue; // its own condition decides
    let negated: boolean, foreign: boolean;
    if (t === 'preproc_ifdef') {
      negated = p.firstChild?.type === '#ifndef';
      const name = p.childForFieldName('name');
      foreign = !!name && FOREIGN.has(textOf(source, name));
    } else {
      const cond = textOf(source, p.childForFieldName('condition') ?? p).replace(/\s+/g, '');
      const not = /^!\(?(?:defined\(?\w+\)?)\)?$/.exec(cond) ? cond.slice(1) : undefined;
      const terms = (not ?? cond).split('||').map((x) => /^\(?(?:defined)?\(?(\w+)\)?\)?$/.exec(x)?.[1]);
      negated = not !== undefined;
      foreign = terms.every((x) => x !== undefined && FOREIGN.has(x));
    }
    if (foreign && negated === inElse) return true;
  }
  return false;
}

const textOf = (source: string, n: Node) => source.slice(n.startIndex, n.endIndex);
