// The git workflows the palette commands call; plain Node, no `vscode`.
export * from './errors';
export * from './run';
export * from './remote';
export * from './trailer';
export * from './push';
export * from './branch';
export * from './origin';
export * from './hook';
export * from './title';
export * from './gitignore';
export { redactText } from './redact';
export { currentBranch, headCommit } from './repo';
