"""The language server: pygls wiring of `checking` and `features`.

Every open buffer stands in for its file, in the checks of every ruleset that extends or
includes it too. A ruleset is checked when it is opened, changed (changes that arrive together, at
once) or saved; its diagnostics are published for it and for each file it extends or includes
that holds one. Names, types and
places are read on demand, once per version of a buffer.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as L
from pygls.exceptions import JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from interpreter import __version__
from interpreter.lsp import features, index as index_module
from interpreter.lsp.checking import Checker, by_file
from interpreter.lsp.features import RenameRefused

# Changes are checked this long after they arrive, so that the keys typed while the last check
# ran are checked at once; a request checks what is pending first, so it answers on the latest.
SETTLE = 0.02      # seconds


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
        self.pending: set[Path] = set()               # changed files not checked yet
        self.timer: asyncio.TimerHandle | None = None
        self.settle = SETTLE
        self.checks = 0                               # checks made (the client may ask: see `stats`)

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
    def changed(self, path: Path) -> None:
        """Check the file soon, with any other change that arrives meanwhile."""
        self.pending.add(path)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:          # (no loop: a server driven synchronously)
            self.flush()
            return
        if self.timer is None:
            self.timer = loop.call_later(self.settle, self.flush)

    def flush(self) -> None:
        """Check the changed files, and the open rulesets that extend or include them."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        changed, self.pending = self.pending, set()
        if not changed:
            return
        open_files = set(self.texts())
        for path in changed & open_files:
            self.check(path)
        for other, read in list(self.reads.items()):
            if other in open_files and other not in changed and read & changed:
                self.check(other)

    def check(self, path: Path) -> None:
        self.checks += 1
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


@server.feature(L.INITIALIZE)
def initialize(ls: RulesetServer, params: L.InitializeParams) -> None:
    """`initializationOptions: {"settle": seconds}` sets how long changes wait to be checked."""
    options = params.initialization_options
    if isinstance(options, dict) and isinstance(options.get("settle"), (int, float)):
        ls.settle = min(max(float(options["settle"]), 0.0), 60.0)


@server.command("cardrules.stats")
def stats(ls: RulesetServer, *args) -> dict:
    """How many checks the server has made: for tests and tools that watch its work."""
    return {"checks": ls.checks}


@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: RulesetServer, params: L.DidOpenTextDocumentParams) -> None:
    if params.text_document.uri.startswith("file:"):
        ls.flush()
        ls.check(path_of(params.text_document.uri))


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: RulesetServer, params: L.DidChangeTextDocumentParams) -> None:
    if params.text_document.uri.startswith("file:"):
        ls.changed(path_of(params.text_document.uri))


@server.feature(L.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: RulesetServer, params: L.DidSaveTextDocumentParams) -> None:
    if params.text_document.uri.startswith("file:"):
        ls.changed(path_of(params.text_document.uri))
        ls.flush()


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RulesetServer, params: L.DidCloseTextDocumentParams) -> None:
    path = path_of(params.text_document.uri)
    ls.pending.discard(path)
    for file in ls.published.pop(path, set()) | {path}:
        ls.text_document_publish_diagnostics(L.PublishDiagnosticsParams(file.as_uri(), []))
    ls.indexes.pop(path, None)
    ls.readable.pop(path, None)
    ls.reads.pop(path, None)


def _at(ls: RulesetServer, params) -> tuple[index_module.Index, index_module.Cursor]:
    ls.flush()
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
    ls.flush()
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
    ls.flush()
    path = path_of(params.text_document.uri)
    return features.code_actions(params.text_document.uri, params.context.diagnostics, lines=ls.lines_of(path))


@server.feature(L.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                L.SemanticTokensLegend(token_types=features.TOKEN_TYPES, token_modifiers=features.TOKEN_MODIFIERS))
def semantic_tokens(ls: RulesetServer, params: L.SemanticTokensParams) -> L.SemanticTokens:
    ls.flush()
    path = path_of(params.text_document.uri)
    return L.SemanticTokens(data=features.semantic_tokens(ls.index(path, current=True), path))


def serve() -> None:
    """Answer an editor on stdin and stdout until it exits."""
    server.start_io()
