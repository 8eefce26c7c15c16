// VS Code entry point: wires the parts and owns their lifetimes.
import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
