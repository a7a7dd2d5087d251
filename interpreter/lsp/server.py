"""The language server: pygls wiring of `checking` and `features`.

Every open buffer stands in for its file, in the checks of every ruleset that extends or
includes it too. A ruleset is checked when it is opened, changed or saved; its diagnostics are
published for it and for each file it extends or includes that holds one. Names, types and
places are read on demand, once per version of a buffer.
"""
from __future__ import annotations

from pathlib import Path

from lsprotocol import types as L
from pygls.exceptions import JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from interpreter import __version__
from interpreter.lsp import features, index as index_module
from interpreter.lsp.checking import Checker, by_file
from interpreter.lsp.features import RenameRefused


def path_of(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri).resolve()


class RulesetServer(LanguageServer):
    """The server, and what it keeps between requests: the last good load of each ruleset (for
    types), the names of each (per version of the buffers), and which files each check read
    and published diagnostics for."""

    def __init__(self):
        super().__init__("cardrules", __version__)
        self.checker = Checker()
        self.rulesets: dict[Path, object] = {}       # the last good load of each file: types
        self.published: dict[Path, set[Path]] = {}   # files each check published diagnostics for
        self.indexes: dict[Path, tuple[tuple, index_module.Index]] = {}
        self.reads: dict[Path, set[Path]] = {}        # the files each checked file's last check read
        self.readable: dict[Path, index_module.Index] = {}   # the last index of a readable buffer

    # -- buffers ------------------------------------------------------------------
    def texts(self) -> dict[Path, str]:
        """The open buffers of files (an editor's other documents, a diff's old side say, are not files)."""
        return {path_of(uri): doc.source for uri, doc in self.workspace.text_documents.items()
                if uri.startswith("file:")}

    def lines_of(self, path: Path) -> list[str]:
        text = self.texts().get(path)
        if text is None:
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = ""
        return text.splitlines()

    def index(self, path: Path, *, current: bool = False) -> index_module.Index:
        """The names of the ruleset at `path`. While its buffer is not readable YAML (half
        typed), those of its last readable version, unless `current` (places must be exact)."""
        texts = self.texts()
        stamp = tuple(sorted((str(p), hash(t)) for p, t in texts.items()))
        kept = self.indexes.get(path)
        if kept is None or kept[0] != stamp:
            kept = (stamp, index_module.build(path, texts))
            self.indexes[path] = kept
        built = kept[1]
        if path in built.files:
            self.readable[path] = built
        return built if current else self.readable.get(path, built)

    # -- diagnostics --------------------------------------------------------------
    def check(self, path: Path) -> None:
        ruleset, diagnostics = self.checker.check(path, self.texts())
        if ruleset is not None:
            self.rulesets[path] = ruleset
            self.reads[path] = {index_module.display_path(s) for s in ruleset.sources}
        found = by_file(diagnostics, top=path, lines_of=self.lines_of)
        self.reads[path] = self.reads.get(path, set()) | set(found)
        for stale in self.published.get(path, set()) - set(found):
            found[stale] = []
        for file, items in found.items():
            self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(file.as_uri(), items))
        self.published[path] = {f for f, items in found.items() if items}


server = RulesetServer()


@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: RulesetServer, params: L.DidOpenTextDocumentParams) -> None:
    if params.text_document.uri.startswith("file:"):
        ls.check(path_of(params.text_document.uri))


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: RulesetServer, params: L.DidChangeTextDocumentParams) -> None:
    if not params.text_document.uri.startswith("file:"):
        return
    changed = path_of(params.text_document.uri)
    ls.check(changed)
    open_files = set(ls.texts())
    for other, read in list(ls.reads.items()):   # open rulesets that extend or include it
        if other != changed and other in open_files and changed in read:
            ls.check(other)


@server.feature(L.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: RulesetServer, params: L.DidSaveTextDocumentParams) -> None:
    if params.text_document.uri.startswith("file:"):
        ls.check(path_of(params.text_document.uri))


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RulesetServer, params: L.DidCloseTextDocumentParams) -> None:
    path = path_of(params.text_document.uri)
    for file in ls.published.pop(path, set()) | {path}:
        ls.text_document_publish_diagnostics(L.PublishDiagnosticsParams(file.as_uri(), []))
    ls.indexes.pop(path, None)
    ls.readable.pop(path, None)
    ls.reads.pop(path, None)


def _at(ls: RulesetServer, params) -> tuple[index_module.Index, index_module.Cursor]:
    path = path_of(params.text_document.uri)
    return ls.index(path), index_module.Cursor(path, params.position.line, params.position.character)


@server.feature(L.TEXT_DOCUMENT_COMPLETION, L.CompletionOptions(trigger_characters=[".", " ", ":"]))
def completion(ls: RulesetServer, params: L.CompletionParams) -> L.CompletionList:
    index, cursor = _at(ls, params)
    items = features.completion(index, cursor, lines=ls.lines_of(cursor.file), ruleset=ls.rulesets.get(cursor.file))
    return L.CompletionList(is_incomplete=False, items=items)


@server.feature(L.TEXT_DOCUMENT_HOVER)
def hover(ls: RulesetServer, params: L.HoverParams) -> L.Hover | None:
    index, cursor = _at(ls, params)
    return features.hover(index, cursor, ruleset=ls.rulesets.get(cursor.file))


@server.feature(L.TEXT_DOCUMENT_DEFINITION)
def definition(ls: RulesetServer, params: L.DefinitionParams) -> list[L.Location]:
    return features.definition(*_at(ls, params))


@server.feature(L.TEXT_DOCUMENT_REFERENCES)
def references(ls: RulesetServer, params: L.ReferenceParams) -> list[L.Location]:
    return features.references(*_at(ls, params), declaration=params.context.include_declaration)


@server.feature(L.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: RulesetServer, params: L.DocumentSymbolParams) -> list[L.DocumentSymbol]:
    path = path_of(params.text_document.uri)
    return features.symbols(ls.index(path, current=True), path)


@server.feature(L.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: RulesetServer, params: L.PrepareRenameParams) -> L.Range:
    try:
        return features.prepare_rename(*_at(ls, params))
    except RenameRefused as exc:
        raise JsonRpcInvalidRequest(str(exc)) from None


@server.feature(L.TEXT_DOCUMENT_RENAME)
def rename(ls: RulesetServer, params: L.RenameParams) -> L.WorkspaceEdit:
    try:
        return features.rename(*_at(ls, params), new_name=params.new_name)
    except RenameRefused as exc:
        raise JsonRpcInvalidRequest(str(exc)) from None


@server.feature(L.TEXT_DOCUMENT_CODE_ACTION,
                L.CodeActionOptions(code_action_kinds=[L.CodeActionKind.QuickFix]))
def code_action(ls: RulesetServer, params: L.CodeActionParams) -> list[L.CodeAction]:
    path = path_of(params.text_document.uri)
    return features.code_actions(params.text_document.uri, params.context.diagnostics, lines=ls.lines_of(path))


@server.feature(L.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                L.SemanticTokensLegend(token_types=features.TOKEN_TYPES, token_modifiers=features.TOKEN_MODIFIERS))
def semantic_tokens(ls: RulesetServer, params: L.SemanticTokensParams) -> L.SemanticTokens:
    path = path_of(params.text_document.uri)
    return L.SemanticTokens(data=features.semantic_tokens(ls.index(path, current=True), path))


def serve() -> None:
    """Answer an editor on stdin and stdout until it exits."""
    server.start_io()
