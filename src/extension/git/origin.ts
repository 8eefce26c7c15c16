// `git_add_remote`: adds `origin`, which every push needs. An existing origin is reported, never
// silently replaced.
import { GitError, GitErrorCodes } from './errors';
import { isValidRemoteUrl, remoteWebUrl, safeRemoteUrl, type HostOptions } from './remote';
import { originUrl } from './repo';
import { runGit, type GitOptions } from './run';

export interface AddOriginOptions extends GitOptions {
  url: string;
  hosts?: HostOptions;
}

export interface AddOriginResult {
  /** The URL added, without credentials. */
  remoteUrl: string;
  /** The repository's page in a browser, when the URL is on a web host. */
  webUrl?: string;
}

export async function addOrigin(opts: AddOriginOptions): Promise<AddOriginResult> {
  const url = (opts.url ?? '').trim();
  if (!isValidRemoteUrl(url)) throw new GitError({ code: GitErrorCodes.InvalidRemoteUrl });
  try {
    const existing = await originUrl(opts);
    throw new GitError({ code: GitErrorCodes.OriginExists, remoteUrl: existing.safe });
  } catch (err) {
    if (!(err instanceof GitError) || err.code !== GitErrorCodes.NoOrigin) throw err;
  }
  await runGit(['remote', 'add', 'origin', url], { ...opts, context: { remoteUrl: safeRemoteUrl(url) } });
  return { remoteUrl: safeRemoteUrl(url), webUrl: remoteWebUrl(url, opts.hosts) };
}
