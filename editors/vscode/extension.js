// Starts `cardrules lsp` for the YAML files that `cardrules.files` matches (see docs/editors.md).
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("cardrules");
  const serverOptions = {
    command: config.get("command", "cardrules"),
    args: config.get("args", ["lsp"]),
    transport: TransportKind.stdio,
  };
  const clientOptions = {
    documentSelector: [{ scheme: "file", language: "yaml", pattern: config.get("files", "**/*.{yaml,yml}") }],
  };
  client = new LanguageClient("cardrules", "cardrules", serverOptions, clientOptions);
  client.start();
  context.subscriptions.push(client);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
