// The `codeindex.*` settings, read once per command (so a change applies to the next command).
import * as vscode from 'vscode';
import type { AgentHost } from './agents/config';
import type { CoAuthor, HostOptions } from './git';

export interface ExtensionSettings {
  /** Co-author trailer/hook identity (empty strings when unset). */
  coAuthor: CoAuthor;
  /** Append the co-author trailer to Push's commits. */
  attribution: boolean;
  /** Base branch of pull requests ('' = origin's default branch). */
  defaultBaseBranch: string;
  /** GitHub API base URL ('' = derived from the remote: api.github.com or https://<host>/api/v3). */
  githubApiUrl: string;
  /** Enterprise hosts (GitHub, GitLab) recognized in remote URLs. */
  hosts: HostOptions;
  /** Agent hosts whose MCP config files are written. */
  agentHosts: AgentHost[];
  /** Index a folder without .codeindex/ when the window opens. */
  autoIndex: boolean;
  /** Offer the server to VS Code's own agent through the MCP API. */
  registerMcpProvider: boolean;
}

export function readSettings(scope?: vscode.ConfigurationScope): ExtensionSettings {
  const c = vscode.workspace.getConfiguration('codeindex', scope);
  return {
    coAuthor: { name: c.get<string>('coAuthor.name', '').trim(), email: c.get<string>('coAuthor.email', '').trim() },
    attribution: c.get<boolean>('attribution.enabled', true),
    defaultBaseBranch: c.get<string>('defaultBaseBranch', '').trim(),
    githubApiUrl: c.get<string>('github.apiUrl', '').trim(),
    hosts: {
      githubHosts: c.get<string[]>('github.enterpriseHosts', []),
      gitlabHosts: c.get<string[]>('gitlab.hosts', []),
    },
    agentHosts: c.get<AgentHost[]>('agents.hosts', ['claude']),
    autoIndex: c.get<boolean>('autoIndex', true),
    registerMcpProvider: c.get<boolean>('mcp.registerWithVSCode', true),
  };
}

/** The co-author for Push, when attribution is on and both fields are set. */
export function coAuthorFor(s: ExtensionSettings): CoAuthor | undefined {
  return s.attribution && s.coAuthor.name && s.coAuthor.email ? s.coAuthor : undefined;
}
