// Fills media/pr-form.html's placeholders. Shared by the panel and the browser tests, so the
// page under test carries the same Content-Security-Policy as the one VS Code shows.
import { randomBytes } from 'node:crypto';

export interface FormHtmlParams {
  /** `webview.cspSource`: the origin the stylesheet and script are loaded from. */
  cspSource: string;
  /** A fresh random value per render; only `<script nonce=...>` tags with it run. */
  nonce: string;
  styleUri: string;
  scriptUri: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64').replace(/[+/=]/g, '');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Replaces `{{cspSource}}`, `{{nonce}}`, `{{styleUri}}`, `{{scriptUri}}`; refuses a template missing one. */
export function renderFormHtml(template: string, params: FormHtmlParams): string {
  const values: Record<string, string> = {
    cspSource: params.cspSource,
    nonce: params.nonce,
    styleUri: params.styleUri,
    scriptUri: params.scriptUri,
  };
  for (const key of Object.keys(values)) {
    if (!template.includes(`{{${key}}}`)) throw new Error(`pr-form.html lacks the {{${key}}} placeholder`);
  }
  return template.replace(/\{\{(cspSource|nonce|styleUri|scriptUri)\}\}/g, (_m, key: string) => attr(values[key]));
}
