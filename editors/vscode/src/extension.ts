// The TDL extension: starts template-lsp (path in `tdl.server.path`) for .tdl files through
// vscode-languageclient, and shows the server's `tdl/preview` HTML in a webview.
import * as path from 'path';
import * as vscode from 'vscode';
import {
  Executable,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** The answer of the custom request `tdl/preview`. */
interface PreviewResult {
  name: string;
  html: string;
}

function serverExecutable(): Executable {
  const config = vscode.workspace.getConfiguration('tdl');
  let command = config.get<string>('server.path', 'template-lsp') || 'template-lsp';
  // A relative path is taken from the first workspace folder (e.g. .build/release/template-lsp).
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder && command.includes('/') && !path.isAbsolute(command)) {
    command = path.join(folder.uri.fsPath, command);
  }
  const args = config.get<string[]>('server.args', ['--stdio']);
  return { command, args };
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const executable = serverExecutable();
  const serverOptions: ServerOptions = { run: executable, debug: executable };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'tdl' },
      { scheme: 'untitled', language: 'tdl' },
    ],
    synchronize: {
      // Imports: the server re-checks importers when another .tdl file changes on disk.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.tdl'),
    },
    outputChannelName: 'TDL Language Server',
  };
  // The id `tdl` makes the client read the trace level from `tdl.trace.server`.
  client = new LanguageClient('tdl', 'TDL Language Server', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `TDL: could not start ${executable.command} (${message}). Build it with ` +
        '`swift build -c release` and set `tdl.server.path` to .build/release/template-lsp.',
    );
  }
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

/** One webview that follows the active TDL editor and refreshes as the text changes. */
class PreviewPanel {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private position = new vscode.Position(0, 0);
  private timer: NodeJS.Timeout | undefined;

  show(editor: vscode.TextEditor): void {
    this.document = editor.document;
    this.position = editor.selection.active;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('tdlPreview', 'TDL Preview', {
        viewColumn: vscode.ViewColumn.Beside,
        preserveFocus: true,
      }, {
        enableScripts: false,
        localResourceRoots: vscode.workspace.workspaceFolders?.map((f) => f.uri) ?? [],
      });
      this.panel.onDidDispose(() => { this.panel = undefined; });
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    void this.refresh();
  }

  /** Called on edits and cursor moves: refreshes at most every 300 ms. */
  follow(document: vscode.TextDocument, position?: vscode.Position): void {
    if (!this.panel || document !== this.document) {
      return;
    }
    if (position) {
      this.position = position;
    }
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => void this.refresh(), 300);
  }

  private async refresh(): Promise<void> {
    const panel = this.panel;
    const document = this.document;
    if (!panel || !document || !client) {
      return;
    }
    try {
      const result = await client.sendRequest<PreviewResult | null>('tdl/preview', {
        textDocument: { uri: document.uri.toString() },
        position: { line: this.position.line, character: this.position.character },
      });
      if (!result) {
        panel.webview.html = '<p>Nothing to preview: this file has no template or annotation set.</p>';
        return;
      }
      panel.title = `Preview ${result.name}`;
      // Relative image paths in the export are relative to the .tdl file.
      const base = panel.webview.asWebviewUri(vscode.Uri.file(path.dirname(document.uri.fsPath)));
      panel.webview.html = result.html.replace(/<head>/i, `<head><base href="${base.toString()}/">`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      panel.webview.html = `<p>Preview failed: ${message.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</p>`;
    }
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const preview = new PreviewPanel();
  context.subscriptions.push(
    vscode.commands.registerCommand('tdl.preview', () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== 'tdl') {
        void vscode.window.showInformationMessage('TDL: open a .tdl file to preview it.');
        return;
      }
      preview.show(editor);
    }),
    vscode.commands.registerCommand('tdl.restartServer', async () => {
      await stopClient();
      await startClient(context);
    }),
    vscode.workspace.onDidChangeTextDocument((event) => preview.follow(event.document)),
    vscode.window.onDidChangeTextEditorSelection((event) =>
      preview.follow(event.textEditor.document, event.selections[0]?.active)),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('tdl.server')) {
        await stopClient();
        await startClient(context);
      }
    }),
  );
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
