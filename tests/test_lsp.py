"""`cardrules lsp` as an editor meets it: a real LSP client talking to the server over stdio
(pytest-lsp), on the shipped rulesets, on files written in a test folder and on tests/broken/."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as L  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from interpreter.cli.main import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "broken"
HEARTS = ROOT / "rulesets" / "hearts.yaml"
MARIA = ROOT / "rulesets" / "black-maria.yaml"
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "interpreter.cli.main", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(L.InitializeParams(
        capabilities=L.ClientCapabilities(), root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def open_file(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    """Open a buffer and wait until the server has answered for it (a request after the
    notification is answered after the diagnostics it caused were sent)."""
    uri = path.as_uri()
    client.text_document_did_open(L.DidOpenTextDocumentParams(L.TextDocumentItem(
        uri, "yaml", version, path.read_text(encoding="utf-8") if text is None else text)))
    await client.text_document_document_symbol_async(L.DocumentSymbolParams(L.TextDocumentIdentifier(uri)))
    return uri


def close_file(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(L.DidCloseTextDocumentParams(L.TextDocumentIdentifier(uri)))


def position_of(text: str, needle: str, skip: int = 0, nth: int = 0) -> L.Position:
    """The position `skip` characters into the `nth` occurrence of `needle`."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    offset += skip
    line = text.count("\n", 0, offset)
    return L.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


def doc(uri: str) -> L.TextDocumentIdentifier:
    return L.TextDocumentIdentifier(uri)


# -- diagnostics ----------------------------------------------------------------------
def validate_json(paths: list[Path], capsys) -> dict[Path, set]:
    """What `cardrules validate --format json` says of each file: (file, line, column, message)."""
    capsys.readouterr()
    main(["validate", "--format", "json", *map(str, paths)])
    out = {}
    for entry in json.loads(capsys.readouterr().out)["files"]:
        out[Path(entry["file"]).resolve()] = {
            ((ROOT / d["file"]).resolve() if "file" in d else None, d.get("line"), d.get("column"),
             d["message"] + (f" ({d['hint']})" if d.get("hint") else ""), d["severity"])
            for d in entry["diagnostics"]}
    return out


@pytest.mark.slow
async def test_the_server_publishes_what_validate_reports_for_every_broken_file(client, capsys):
    """GIVEN every file of tests/broken/ (and its folders)
    WHEN each is opened in the editor
    THEN the server publishes exactly the diagnostics `cardrules validate` reports for it:
    the same files, lines, columns, messages with their hints, and severities."""
    files = sorted(p for p in BROKEN.rglob("*.yaml"))
    expected = validate_json(files, capsys)
    assert len(expected) == len(files) > 40
    for path in files:
        client.diagnostics.clear()
        uri = await open_file(client, path)
        got = set()
        for file_uri, items in client.diagnostics.items():
            file = Path(file_uri.removeprefix("file://"))
            for d in items:
                got.add((file, d.range.start.line + 1, d.range.start.character + 1, d.message,
                         "error" if d.severity == L.DiagnosticSeverity.Error else "warning"))
        want = {(f or path.resolve(), line or 1, column or 1, message, severity)
                for f, line, column, message, severity in expected[path.resolve()]}
        assert got == want, path.name
        assert got, f"{path.name} gave no diagnostic"
        close_file(client, uri)


async def test_a_change_is_checked_as_typed_and_a_fix_clears_it(client, tmp_path):
    """GIVEN a variant of Hearts, valid, opened in the editor
    WHEN a typo is typed into an expression string, then taken out again
    THEN the error is published at its exact column inside the string, with its hint,
    and the fix clears it; nothing is read from disk but the parent."""
    path = tmp_path / "short.yaml"
    text = ('version: 1\nname: Short\nextends: hearts\nset:\n  target: 20\n'
            'functions:\n  game_over: "players.any(p, p.score >= target)"\n')
    path.write_text(text)
    uri = await open_file(client, path)
    assert not client.diagnostics[uri]
    typo = text.replace("p.score >=", "p.scroe >=")
    client.text_document_did_change(L.DidChangeTextDocumentParams(
        L.VersionedTextDocumentIdentifier(version=2, uri=uri), [L.TextDocumentContentChangeWholeDocument(typo)]))
    await client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri)))
    [problem] = client.diagnostics[uri]
    assert problem.range.start == position_of(typo, "scroe")
    assert "scroe" in problem.message and "did you mean 'score'?" in problem.message
    actions = await client.text_document_code_action_async(L.CodeActionParams(
        doc(uri), problem.range, L.CodeActionContext([problem])))
    [fix] = actions
    [edit] = fix.edit.changes[uri]
    assert edit.new_text == "score" and edit.range == problem.range
    client.text_document_did_change(L.DidChangeTextDocumentParams(
        L.VersionedTextDocumentIdentifier(version=3, uri=uri), [L.TextDocumentContentChangeWholeDocument(text)]))
    await client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri)))
    assert not client.diagnostics[uri]
    close_file(client, uri)


async def test_an_open_parent_is_checked_through_its_child(client, tmp_path):
    """GIVEN a library file (checked in full only inside the rulesets that include it) and a
    ruleset that extends it, both open
    WHEN the library's buffer gains an error, unsaved
    THEN the ruleset is checked again with the buffer, and the error is published in the
    library's file at its place; fixing the buffer clears it."""
    parent, child = tmp_path / "base.yaml", tmp_path / "child.yaml"
    good = HEARTS.read_text(encoding="utf-8") + "library: true\n"
    parent.write_text(good)
    child.write_text("version: 1\nname: Child\nextends: base\n")
    parent_uri = await open_file(client, parent)
    child_uri = await open_file(client, child)
    assert not client.diagnostics[parent_uri] and not client.diagnostics[child_uri]
    broken = good.replace('"holder(lowest_club)"', '"holder(lowest_clubb)"')
    for version, text in ((2, broken), (3, good)):
        client.text_document_did_change(L.DidChangeTextDocumentParams(
            L.VersionedTextDocumentIdentifier(version=version, uri=parent_uri),
            [L.TextDocumentContentChangeWholeDocument(text)]))
        await client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(parent_uri)))
        if text is broken:
            [problem] = client.diagnostics[parent_uri]
            assert problem.range.start == position_of(broken, "lowest_clubb")
            assert "did you mean 'lowest_club'?" in problem.message
    assert not client.diagnostics[parent_uri]
    close_file(client, child_uri)
    close_file(client, parent_uri)


# -- completion, hover, definition, references -------------------------------------
async def complete(client, uri: str, position: L.Position) -> dict[str, L.CompletionItem]:
    found = await client.text_document_completion_async(L.CompletionParams(doc(uri), position))
    items = found.items if isinstance(found, L.CompletionList) else found
    return {item.label: item for item in items}


async def test_completion_offers_what_the_position_allows(client, tmp_path):
    """GIVEN a variant of Hearts that loaded, then half rewritten (not even valid YAML for now)
    WHEN completion is asked at a top-level key, inside an expression, after a dot, at a key of
    a choice, at a new step, at a choice kind, at an option value and at `extends:`
    THEN each offers the names that fit there, with their types (from the last good load) or
    signatures, the names coming from the last readable version of the buffer."""
    path = tmp_path / "mine.yaml"
    valid = ("version: 1\nname: Mine\nextends: hearts\nset:\n  moon: subtract\nfunctions:\n"
             "  worth:\n    params: {who: player}\n    value: \"who.score + penalty(card('QS'))\"\n")
    text = ("version: 1\nname: Mine\nextends: hearts\nset:\n  moon: \nfunctions:\n"
            "  worth:\n    params: {who: player}\n    value: \"who.sc + pen\"\n"
            "procedures:\n  deal:\n    - choose: \n      player: dealer\n      fr\n    - \n")
    path.write_text(valid)
    uri = await open_file(client, path)
    # a good load (a warning only), so the types of its names are known
    assert [d.code for d in client.diagnostics[uri]] == ["unused"]
    assert list(client.diagnostics[uri][0].tags) == [L.DiagnosticTag.Unnecessary]
    client.text_document_did_change(L.DidChangeTextDocumentParams(
        L.VersionedTextDocumentIdentifier(version=2, uri=uri), [L.TextDocumentContentChangeWholeDocument(text)]))
    top = await complete(client, uri, L.Position(text.count("\n", 0, text.index("functions:")), 0))
    assert {"zones", "options", "flow", "deck", "include"} <= set(top)
    assert not {"extends", "name", "set"} & set(top)       # (written already)
    assert "A" not in top and "rank" not in top
    names = await complete(client, uri, position_of(text, "pen", 3))
    assert {"penalty", "who", "target", "moon", "hand", "size", "move", "players"} <= set(names)
    assert names["penalty"].detail.endswith("-> int")       # a function's type, from the last good load
    assert names["size"].detail == "size(xs: list<T>) -> int"
    assert "hand_points" not in names                      # a player variable: after a dot only
    attributes = await complete(client, uri, position_of(text, "who.sc", 6))
    assert {"score", "hand_points", "hand", "taken", "seat", "rank", "suit", "filter", "any"} <= set(attributes)
    assert "target" not in attributes
    kinds = await complete(client, uri, position_of(text, "choose: ", 8))
    assert {"card", "cards", "player", "action"} <= set(kinds)
    choice_keys = await complete(client, uri, position_of(text, "      fr", 8))
    assert {"from", "where", "as", "prompt"} <= set(choice_keys)         # the keys of a choice,
    assert not {"player", "choose", "for_each", "while"} & set(choice_keys)   # not those written or of others
    steps = await complete(client, uri, position_of(text, "    - \n", 6))
    assert {"if", "for_each", "choose", "call", "phase", "while"} <= set(steps)
    moons = await complete(client, uri, position_of(text, "moon: ", 6))
    assert set(moons) == {"add_to_others", "subtract", "off"}
    settable = await complete(client, uri, position_of(text, "  moon: ", 2))
    assert {"target", "omnibus", "spot_hearts"} <= set(settable) and "moon" in settable
    assert settable["target"].detail == "option target: int = 100"
    close_file(client, uri)
    other = tmp_path / "other.yaml"
    other.write_text("version: 1\nname: Other\nextends: hea\n")
    other_uri = await open_file(client, other)
    parents = await complete(client, other_uri, L.Position(2, 12))
    assert {"hearts", "black-maria", "betting", "mine"} <= set(parents)
    close_file(client, other_uri)


async def test_hover_tells_types_places_and_documentation(client):
    """GIVEN Black Maria, which extends Hearts
    WHEN hovering a use of a function defined in Hearts, a builtin, an option and a key
    THEN the hover tells the function's type and where Hearts defines it, the builtin's
    signature and documentation from the registry, the option's description and default,
    and the key's description from the schema."""
    text = MARIA.read_text(encoding="utf-8")
    uri = await open_file(client, MARIA)
    hearts = HEARTS.read_text(encoding="utf-8")
    found = await client.text_document_hover_async(L.HoverParams(doc(uri), position_of(text, "moon_points", 1)))
    assert "function moon_points() -> int" in found.contents.value and "hearts.yaml:" in found.contents.value
    assert "The hand's penalty total" in found.contents.value
    hearts_uri = await open_file(client, HEARTS)
    builtin = await client.text_document_hover_async(L.HoverParams(doc(hearts_uri), position_of(hearts, "holder(", 1)))
    from interpreter.language.builtins import BUILTINS
    assert BUILTINS["holder"].signature in builtin.contents.value and BUILTINS["holder"].doc in builtin.contents.value
    option = await client.text_document_hover_async(L.HoverParams(
        doc(hearts_uri), position_of(hearts, "spot_hearts ?", 1)))
    assert "option spot_hearts: bool = false" in option.contents.value and "face value" in option.contents.value
    key = await client.text_document_hover_async(L.HoverParams(doc(hearts_uri), position_of(hearts, "type: str", 1)))
    assert key.contents.value.startswith("`type`: ")
    close_file(client, uri)
    close_file(client, hearts_uri)


async def test_definition_and_references_cross_extends(client):
    """GIVEN Black Maria, which extends Hearts and replaces its scoring procedure
    WHEN asking for the definition of a name Hearts defines, and for the references of an option
    THEN the definition is found in hearts.yaml, and the references of an option are its uses
    in both files."""
    text = MARIA.read_text(encoding="utf-8")
    hearts = HEARTS.read_text(encoding="utf-8")
    uri = await open_file(client, MARIA)
    [target] = await client.text_document_definition_async(L.DefinitionParams(
        doc(uri), position_of(text, "moon_points", 2)))
    assert target.uri == HEARTS.as_uri()
    assert target.range.start == position_of(hearts, "moon_points:", 0)
    hearts_uri = await open_file(client, HEARTS)
    found = await client.text_document_references_async(L.ReferenceParams(
        text_document=doc(hearts_uri), position=position_of(hearts, "  omnibus:", 2),
        context=L.ReferenceContext(include_declaration=True)))
    places = {(loc.uri, loc.range.start.line) for loc in found}
    assert (HEARTS.as_uri(), position_of(hearts, "  omnibus:").line) in places
    assert (HEARTS.as_uri(), position_of(hearts, "and omnibus").line) in places
    phase = await client.text_document_definition_async(L.DefinitionParams(
        doc(hearts_uri), position_of(hearts, "phases: [play]", 10)))
    assert [p.range.start for p in phase] == [position_of(hearts, "phase: play", 7)]
    close_file(client, uri)
    close_file(client, hearts_uri)


async def test_outline_lists_the_files_own_names(client):
    """GIVEN Hearts
    WHEN the outline is asked
    THEN it has its options, zones, functions, procedures and phases, with parameters under
    their functions."""
    uri = await open_file(client, HEARTS)
    found = await client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri)))
    sections = {s.name: {c.name: c for c in s.children} for s in found}
    assert {"options", "zones", "vars", "functions", "procedures", "phases"} <= set(sections)
    assert set(sections["options"]) == {"moon", "spot_hearts", "omnibus", "target"}
    assert set(sections["phases"]) == {"deal", "pass", "play", "score"}
    assert [c.name for c in sections["functions"]["follows"].children] == ["p", "c"]
    close_file(client, uri)


async def test_rename_changes_a_name_everywhere_it_is_used(client, tmp_path):
    """GIVEN a ruleset of one's own with a function used in expressions and a template
    WHEN the function is renamed from one of its uses
    THEN every use and the definition change, and nothing else; a shipped name is refused."""
    path = tmp_path / "own.yaml"
    text = HEARTS.read_text(encoding="utf-8")
    path.write_text(text)
    uri = await open_file(client, path)
    edit = await client.text_document_rename_async(L.RenameParams(
        doc(uri), position_of(text, "led_suit", 2, nth=1), "suit_led"))
    edits = edit.changes[uri]
    assert len(edits) == text.count("led_suit")
    renamed = _apply(text, edits)
    assert "led_suit" not in renamed and "{suit_led}" in renamed and "  suit_led: " in renamed
    from interpreter.compile.ruleset import check_ruleset
    path.write_text(renamed)
    assert check_ruleset(str(path))[0] is not None
    maria_uri = await open_file(client, MARIA)
    maria = MARIA.read_text(encoding="utf-8")
    with pytest.raises(Exception, match="shipped"):
        await client.text_document_prepare_rename_async(L.PrepareRenameParams(
            doc(maria_uri), position_of(maria, "moon_points", 2)))
    close_file(client, uri)
    close_file(client, maria_uri)


def _apply(text: str, edits: list[L.TextEdit]) -> str:
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        line = lines[edit.range.start.line]
        lines[edit.range.start.line] = line[:edit.range.start.character] + edit.new_text + \
            line[edit.range.end.character:]
    return "\n".join(lines)


async def test_semantic_tokens_mark_the_parts_of_expression_strings(client):
    """GIVEN Hearts
    WHEN the semantic tokens are asked
    THEN the names inside expression strings are told apart: a function, a parameter, a
    builtin, an option, a keyword, a string; prose keeps none."""
    text = HEARTS.read_text(encoding="utf-8")
    uri = await open_file(client, HEARTS)
    result = await client.text_document_semantic_tokens_full_async(L.SemanticTokensParams(doc(uri)))
    from interpreter.lsp.features import TOKEN_TYPES
    kinds, line, column = {}, 0, 0
    data = result.data
    for i in range(0, len(data), 5):
        line += data[i]
        column = data[i + 1] if data[i] else column + data[i + 1]
        kinds[(line, column)] = TOKEN_TYPES[data[i + 3]]
    def kind(needle, skip=0, nth=0):
        p = position_of(text, needle, skip, nth)
        return kinds.get((p.line, p.character))
    assert kind('"c.suit == led_suit or not', 1) == "parameter"
    assert kind("led_suit or not", 0) == "function"
    assert kind("or not can_follow", 0) == "keyword"
    assert kind("holder(lowest") == "function"
    assert kind("spot_hearts ? c.rank") == "variable"
    assert kind("'hearts' ? (spot") == "string"
    assert kind("Standard Hearts") is None
    close_file(client, uri)


async def test_a_broken_file_still_gets_every_answer(client):
    """GIVEN tests/broken/unclosed_paren.yaml (an expression that does not parse) and
    unknown_effect.yaml (a misspelt effect)
    WHEN completion, hover, definition, references, outline, semantic tokens and the quick fix
    are asked
    THEN each answers from what can be read: the half-written expression is highlighted, its
    names resolve, and the misspelt effect gets its fix."""
    path = BROKEN / "unclosed_paren.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_file(client, path)
    [problem] = client.diagnostics[uri]
    assert problem.range.start.line == 21
    names = await complete(client, uri, position_of(text, "p.score == 0", 2))
    assert {"score", "hand", "rank", "suit"} <= set(names) and "deck" not in names
    names = await complete(client, uri, position_of(text, "(c.rank", 1))
    assert {"deck", "trick", "players", "size"} <= set(names)
    found = await client.text_document_hover_async(L.HoverParams(doc(uri), position_of(text, "p.score == 0", 3)))
    assert "player variable score: int" in found.contents.value
    [target] = await client.text_document_definition_async(L.DefinitionParams(
        doc(uri), position_of(text, "p.score == 0", 3)))
    assert target.range.start == position_of(text, "score: 0")
    found = await client.text_document_references_async(L.ReferenceParams(
        text_document=doc(uri), position=position_of(text, "score: 0"),
        context=L.ReferenceContext(include_declaration=False)))
    assert [loc.range.start.line for loc in found] == [21, 23, 25]
    outline = await client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri)))
    assert {s.name for s in outline} == {"zones", "vars"}
    tokens = await client.text_document_semantic_tokens_full_async(L.SemanticTokensParams(doc(uri)))
    assert len(tokens.data) // 5 > 40
    close_file(client, uri)
    path = BROKEN / "unknown_effect.yaml"
    text = path.read_text(encoding="utf-8")
    uri = await open_file(client, path)
    [problem] = client.diagnostics[uri]
    [fix] = await client.text_document_code_action_async(L.CodeActionParams(
        doc(uri), problem.range, L.CodeActionContext([problem])))
    assert _apply(text, fix.edit.changes[uri]) == text.replace("mvoe(c", "move(c")
    close_file(client, uri)


async def test_a_document_that_is_not_a_file_stands_for_nothing(client, tmp_path):
    """GIVEN a ruleset open as a file, then the same path open from another scheme (an editor's
    view of an old version in a diff) with an error in it
    WHEN the file is saved, and checked again
    THEN the other document neither stands in for the file nor gets diagnostics."""
    path = tmp_path / "mine.yaml"
    path.write_text("version: 1\nname: Mine\nextends: hearts\n")
    uri = await open_file(client, path)
    old = "git" + uri.removeprefix("file")
    client.text_document_did_open(L.DidOpenTextDocumentParams(L.TextDocumentItem(
        old, "yaml", 1, "version: 1\nname: Mine\nextends: heartz\n")))
    client.text_document_did_save(L.DidSaveTextDocumentParams(doc(uri)))
    await client.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri)))
    assert not client.diagnostics[uri] and old not in client.diagnostics
    close_file(client, uri)
    close_file(client, old)


@pytest_lsp.fixture(loop_scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "interpreter.cli.main", "lsp"]))
async def patient(lsp_client: LanguageClient):
    """A server whose changes wait ten seconds to be checked (unless a request comes first)."""
    await lsp_client.initialize_session(L.InitializeParams(
        capabilities=L.ClientCapabilities(), root_uri=ROOT.as_uri(), initialization_options={"settle": 10}))
    yield
    await lsp_client.shutdown_session()


async def checks(client: LanguageClient) -> int:
    return (await client.workspace_execute_command_async(L.ExecuteCommandParams("cardrules.stats")))["checks"]


async def test_changes_that_arrive_together_are_checked_once(patient, tmp_path):
    """GIVEN an open ruleset, on a server whose changes wait to be checked
    WHEN five changes arrive, then a request
    THEN the ruleset is checked once, before the request is answered, on the last change."""
    path = tmp_path / "mine.yaml"
    path.write_text("version: 1\nname: Mine\nextends: hearts\n")
    uri = await open_file(patient, path)
    before = await checks(patient)
    for version, target in enumerate((21, 22, 23, 24, "x"), start=2):
        patient.text_document_did_change(L.DidChangeTextDocumentParams(
            L.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [L.TextDocumentContentChangeWholeDocument(f"version: 1\nname: Mine\nextends: hearts\nset:\n  target: {target}\n")]))
    await patient.text_document_document_symbol_async(L.DocumentSymbolParams(doc(uri)))
    assert await checks(patient) == before + 1
    [problem] = patient.diagnostics[uri]
    assert "target" in problem.message
    close_file(patient, uri)
