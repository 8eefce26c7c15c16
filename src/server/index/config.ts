// codeindex.json at the project root: what to leave out of the index. Shareable through git.
//   { "exclude": ["generated/**", "*.min.js"],   // gitignore syntax, on top of .gitignore
//     "maxFileSize": 1048576,                     // bytes; larger files are skipped
//     "languages": ["typescript", "python"] }     // only these (default: every known language)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ProjectConfig {
  exclude: string[];
  maxFileSize: number;
  languages?: string[];
}

export const CONFIG_FILE = 'codeindex.json';
export const DEFAULT_MAX_FILE_SIZE = 1024 * 1024;

export class ConfigError extends Error {}

export function loadConfig(root: string): ProjectConfig {
  const path = join(root, CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { exclude: [], maxFileSize: DEFAULT_MAX_FILE_SIZE };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${path} is not valid JSON (${(e as Error).message}); fix it or delete it`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${path} must hold a JSON object such as {"exclude": ["dist/**"]}`);
  const o = raw as Record<string, unknown>;
  const strings = (k: string): string[] | undefined => {
    const v = o[k];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new ConfigError(`${path}: "${k}" must be an array of strings`);
    return v as string[];
  };
  const max = o.maxFileSize;
  if (max !== undefined && (typeof max !== 'number' || !(max > 0))) throw new ConfigError(`${path}: "maxFileSize" must be a positive number of bytes`);
  return { exclude: strings('exclude') ?? [], maxFileSize: (max as number | undefined) ?? DEFAULT_MAX_FILE_SIZE, languages: strings('languages') };
}
