// One status bar item with the index state of the folder in view (the active editor's folder,
// else the first one): indexing N/M, N symbols, stale, error, or not indexed. Click: status.
import * as vscode from 'vscode';

export type IndexState =
  | { kind: 'none' }
  | { kind: 'indexing'; done?: number; total?: number }
  | { kind: 'ready'; symbols: number; files?: number }
  | { kind: 'stale'; symbols: number }
  | { kind: 'error'; message: string };

export class StatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly states = new Map<string, IndexState>();
  private readonly subs: vscode.Disposable[] = [];

  constructor() {
    this.item = vscode.window.createStatusBarItem('codeindex.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'codeindex';
    this.item.command = 'codeindex.showIndexStatus';
    this.subs.push(vscode.window.onDidChangeActiveTextEditor(() => this.render()));
    this.render();
  }

  set(folder: string, state: IndexState): void {
    this.states.set(folder, state);
    this.render();
  }

  get(folder: string): IndexState | undefined {
    return this.states.get(folder);
  }

  /** The folder the item describes. */
  currentFolder(): string | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const f = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
    return f?.uri.fsPath;
  }

  render(): void {
    const folder = this.currentFolder();
    const s = (folder && this.states.get(folder)) || { kind: 'none' as const };
    const where = folder ? ` (${folder})` : '';
    switch (s.kind) {
      case 'indexing':
        this.item.text = `$(sync~spin) codeindex: indexing${s.total ? ` ${s.done}/${s.total}` : '...'}`;
        this.item.tooltip = `Building the code index${where}`;
        break;
      case 'ready':
        this.item.text = `$(database) codeindex: ${s.symbols} symbols`;
        this.item.tooltip = `Index up to date${s.files !== undefined ? `: ${s.files} files` : ''}${where}. Click for the index status.`;
        break;
      case 'stale':
        this.item.text = `$(warning) codeindex: stale (${s.symbols} symbols)`;
        this.item.tooltip = `Files changed since the last index${where}. Run "Codeindex: Index Project" to update it.`;
        break;
      case 'error':
        this.item.text = '$(error) codeindex: error';
        this.item.tooltip = `${s.message}${where}`;
        break;
      default:
        this.item.text = '$(circle-slash) codeindex: not indexed';
        this.item.tooltip = `No index yet${where}. Run "Codeindex: Index Project".`;
    }
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    this.item.dispose();
  }
}
