"""docs/language.md stays true to the code: it names every builtin, macro, effect, step kind,
choice kind, section, event and error code the interpreter knows; its builtin and effect
reference is the registries' own text; every ruleset it shows validates with no error and no
warning; every excerpt it quotes from a shipped file is still in that file; and the JSON
Schema keeps to the keywords that draft-07 (editors) and 2020-12 (our validator) share.

When a builtin or effect is added or changed, regenerate the reference section with

    .venv/bin/python tests/test_docs.py --write

YAML blocks in the doc, by their first line:
    # ruleset: NAME          a complete ruleset; written to NAME.yaml in one scratch folder
                            (so a later block can `extends: NAME`), then validated
    # from PATH             an excerpt of PATH in the repo: its lines appear there in order
                            (a line `# ...` stands for lines left out)
    anything else           a fragment: it must at least be valid YAML
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:                      # run as a script: `python tests/test_docs.py`
    sys.path.insert(0, str(ROOT))

from interpreter.language.builtins import BUILTINS          # noqa: E402
from interpreter.compile.macros import MACRO_DOCS, MACROS  # noqa: E402
from interpreter.language.effects import EFFECTS            # noqa: E402
from interpreter.compile.choices import ACTION_KEYS, CHOICE_KINDS  # noqa: E402
from interpreter.compile.flow import STEP_KEYS  # noqa: E402
from interpreter.errors import Collector           # noqa: E402
from interpreter.compile.ruleset import EVENTS, check_ruleset  # noqa: E402
from interpreter.language.source import read_source          # noqa: E402

DOC = ROOT / "docs" / "language.md"
TUTORIAL = ROOT / "docs" / "tutorial.md"
SCHEMA = ROOT / "schemas" / "ruleset.schema.json"
BEGIN, END = "<!-- registry:begin -->", "<!-- registry:end -->"
BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.S | re.M)


# -- the generated reference ------------------------------------------------------------
def _one_line(text: str) -> str:
    return " ".join(text.split())


def _module_title(module: str) -> str:
    """A heading for the builtins registered by one module: its docstring's first sentence."""
    if module == "interpreter.language.builtins":
        return "General"
    doc = _one_line(sys.modules[module].__doc__ or module)
    first = re.split(r"(?<=[.:])\s", doc, maxsplit=1)[0].rstrip(".:")
    return f"{first} (`{module.replace('.', '/')}.py`)"


def registry_markdown() -> str:
    """The builtin, macro and effect reference, from the registries (what `cardrules functions` prints)."""
    out = ["### Builtin functions", "",
           "Generated from the registry (`interpreter/language/builtins.py` and the modules it imports). "
           "The functions that draw at random may be used only in statement strings.", ""]
    groups: dict[str, list] = {}
    for b in sorted(BUILTINS.values(), key=lambda b: b.name):
        groups.setdefault(b.fn.__module__, []).append(b)
    order = sorted(groups, key=lambda m: (m != "interpreter.language.builtins", m))
    for module in order:
        out += [f"#### {_module_title(module)}", ""]
        for b in groups[module]:
            tag = " *Effects only.*" if not b.pure and "effects only" not in b.doc.lower() else ""
            out.append(f"- `{b.signature}`: {_one_line(b.doc)}{tag}")
        out.append("")
    out += ["### Collection macros", "",
            "Written as methods with a name for each item: `xs.NAME(x, expression)`; `xs` is a list "
            "or a zone.", ""]
    for doc in MACRO_DOCS.values():
        usage, _, meaning = doc.partition(": ")
        out.append(f"- `{usage}`: {meaning}")
    out += ["", "### Effect verbs", "", "Generated from the registry (`interpreter/language/effects.py`).", ""]
    for e in sorted(EFFECTS.values(), key=lambda e: e.name):
        out.append(f"- `{e.signature}`: {_one_line(e.doc)}")
    return "\n".join(out) + "\n"


def write_registry_section() -> None:
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{BEGIN}\n{registry_markdown()}{END}{tail}", encoding="utf-8")


# -- helpers ------------------------------------------------------------------------------
def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def yaml_blocks(text: str | None = None) -> list[str]:
    return [m.group(1) for m in BLOCK.finditer(doc_text() if text is None else text)]


def ruleset_blocks(text: str | None = None) -> list[tuple[str, str]]:
    out = []
    for block in yaml_blocks(text):
        first = block.split("\n", 1)[0]
        match = re.fullmatch(r"# ruleset: ([a-z0-9-]+)", first.strip())
        if match:
            out.append((match.group(1), block))
    return out


def excerpt_blocks() -> list[tuple[str, str]]:
    out = []
    for block in yaml_blocks():
        first = block.split("\n", 1)[0]
        match = re.fullmatch(r"# from (\S+)", first.strip())
        if match:
            out.append((match.group(1), block))
    return out


# -- the reference names everything --------------------------------------------------------
def test_registry_section_is_generated_from_the_registries():
    """GIVEN the registries WHEN the doc's reference section is compared with them THEN it is theirs."""
    text = doc_text()
    assert BEGIN in text and END in text, "docs/language.md lost its registry markers"
    section = text.split(BEGIN, 1)[1].split(END, 1)[0].lstrip("\n")
    assert section == registry_markdown(), (
        "the builtin/effect reference in docs/language.md is out of date: "
        "run `.venv/bin/python tests/test_docs.py --write`")


def test_every_builtin_macro_and_effect_is_mentioned():
    text = doc_text()
    missing = [f"{b.name}()" for b in BUILTINS.values() if f"`{b.signature}`" not in text]
    missing += [f".{m}()" for m in sorted(MACROS) if f"xs.{m}(" not in text]
    missing += [f"{e.name}()" for e in EFFECTS.values() if f"`{e.signature}`" not in text]
    assert not missing, f"docs/language.md does not describe: {', '.join(missing)}"


def test_every_step_kind_choice_kind_and_step_key_is_described():
    text = doc_text()
    missing = [kind for kind in STEP_KEYS if f"`{kind}:`" not in text and f"`{kind}`" not in text]
    missing += [f"choose: {kind}" for kind in CHOICE_KINDS if f"choose: {kind}" not in text]
    keys = set().union(*STEP_KEYS.values()) | ACTION_KEYS
    missing += [f"key {key}" for key in sorted(keys) if f"`{key}`" not in text and f"`{key}:" not in text]
    assert not missing, f"docs/language.md does not describe: {', '.join(missing)}"


def test_every_schema_section_and_its_keys_are_described():
    """Every top-level property of the schema, and every key of a section, appears in the doc."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    text = doc_text()
    missing = [name for name in schema["properties"] if f"`{name}`" not in text and f"`{name}:" not in text]
    for section, sub in schema["properties"].items():
        for key in _keys_of(sub):
            if f"`{key}`" not in text and f"`{key}:" not in text:
                missing.append(f"{section}.{key}")
    assert not missing, f"docs/language.md does not describe: {', '.join(missing)}"


def _keys_of(sub: dict, depth: int = 0) -> list[str]:
    """The keys a section's entries may hold, at any depth (steps, behind $ref, excluded)."""
    if not isinstance(sub, dict) or depth > 4:
        return []
    keys = []
    for name, inner in sub.get("properties", {}).items():
        keys.append(name)
        keys += _keys_of(inner, depth + 1)
    for key in ("additionalProperties", "items"):
        keys += _keys_of(sub.get(key), depth + 1)
    for option in sub.get("anyOf", []):
        keys += _keys_of(option, depth + 1)
    return keys


def test_every_event_and_its_fields_are_described():
    text = doc_text()
    missing = [f"{event}" for event in EVENTS if f"`{event}`" not in text]
    missing += [f"{event}.{name}" for event, fields in EVENTS.items() for name in fields if f"`{name}`" not in text]
    assert not missing, f"docs/language.md does not describe the trigger events: {', '.join(missing)}"


def test_every_error_code_is_described():
    """Each diagnostic code the loader can report (errors.error("code", ...)) has a row in the doc."""
    codes = set()
    for path in (ROOT / "interpreter").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r"\.(?:error|warning)\(\s*\"([a-z-]+)\"", source))
        codes |= set(re.findall(r"code=\"([a-z-]+)\"", source))
    text = doc_text()
    missing = sorted(code for code in codes if f"`{code}`" not in text)
    assert not missing, f"docs/language.md does not list the error codes: {', '.join(missing)}"


# -- the examples are real ---------------------------------------------------------------------
def test_every_yaml_fragment_is_yaml():
    """Fragments and rulesets parse; excerpts (`# from`) may skip lines and are checked against their file."""
    for block in yaml_blocks():
        if not block.startswith("# from "):
            yaml.safe_load(block)


def test_the_doc_shows_complete_rulesets():
    names = [name for name, _ in ruleset_blocks()]
    assert len(names) >= 3, "the doc should hold complete, validated rulesets"
    assert len(set(names)) == len(names), f"two ruleset blocks share a name: {names}"


def test_every_ruleset_block_validates_without_warnings(tmp_path):
    """GIVEN each `# ruleset: NAME` block saved as NAME.yaml WHEN validated THEN no error, no warning."""
    blocks = ruleset_blocks()
    for name, block in blocks:                     # all first: a block may extend an earlier one
        (tmp_path / f"{name}.yaml").write_text(block, encoding="utf-8")
    problems = []
    for name, _ in blocks:
        ruleset, diagnostics = check_ruleset(tmp_path / f"{name}.yaml")
        problems += [f"{name}: {d.span}: {d.severity}: {d.message}" for d in diagnostics]
        if ruleset is None and not diagnostics:
            problems.append(f"{name}: did not load")
    assert not problems, "\n".join(problems)


def test_every_ruleset_block_of_the_tutorial_validates_without_warnings(tmp_path):
    """GIVEN docs/tutorial.md's `# ruleset: NAME` blocks saved as NAME.yaml
    WHEN validated THEN no error, no warning (the reader copies them as they are)."""
    blocks = ruleset_blocks(TUTORIAL.read_text(encoding="utf-8"))
    assert blocks, "the tutorial should hold the variant it writes"
    for name, block in blocks:
        (tmp_path / f"{name}.yaml").write_text(block, encoding="utf-8")
    for name, _ in blocks:
        ruleset, diagnostics = check_ruleset(tmp_path / f"{name}.yaml")
        assert ruleset is not None and not diagnostics, [d.message for d in diagnostics]


def test_every_excerpt_is_still_in_its_file():
    """An excerpt (`# from PATH`) quotes lines of PATH in order; `# ...` marks lines left out."""
    excerpts = excerpt_blocks()
    assert excerpts, "the appendix should quote the shipped rulesets"
    for path, block in excerpts:
        source = ROOT / path
        assert source.exists(), f"docs/language.md quotes {path}, which does not exist"
        lines = [line.rstrip() for line in source.read_text(encoding="utf-8").splitlines()]
        position = 0
        for wanted in block.split("\n")[1:]:
            wanted = wanted.rstrip()
            if not wanted or wanted.strip() == "# ...":
                continue
            try:
                position = lines.index(wanted, position) + 1
            except ValueError:
                pytest.fail(f"docs/language.md quotes a line that is no longer in {path} "
                            f"(or not in this order): {wanted.strip()!r}")


# -- the schema speaks both drafts --------------------------------------------------------------
# Keywords with the same meaning in draft-07 and 2020-12 (`definitions` only as the root's
# container for $ref targets; 2020-12 resolves `#/definitions/...` as a plain JSON pointer).
SHARED = {"$schema", "$id", "$ref", "$comment", "title", "description", "default", "examples",
          "readOnly", "writeOnly", "type", "enum", "const", "multipleOf", "maximum",
          "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
          "format", "items", "maxItems", "minItems", "uniqueItems", "contains", "maxProperties",
          "minProperties", "required", "properties", "patternProperties", "additionalProperties",
          "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not"}
ANNOTATIONS = {"description", "title", "$comment", "examples", "default"}
SCHEMA_MAPS = ("properties", "patternProperties")
SUBSCHEMAS = ("additionalProperties", "items", "propertyNames", "contains", "not", "if", "then", "else")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf")


def _walk(node: dict, path: str, problems: list[str], schema: dict) -> None:
    if not isinstance(node, dict):
        problems.append(f"{path}: a schema must be an object")
        return
    for key in node:
        if key not in SHARED and not (key == "definitions" and path == "#"):
            problems.append(f"{path}: '{key}' is not a keyword that draft-07 and 2020-12 share")
    if "$ref" in node:
        ref = node["$ref"]
        siblings = set(node) - {"$ref"} - ANNOTATIONS
        if siblings:   # draft-07 ignores a $ref's siblings, 2020-12 applies them
            problems.append(f"{path}: $ref beside {sorted(siblings)} means different things in the two drafts")
        target = schema
        for part in ref.lstrip("#/").split("/") if ref.startswith("#/") else [None]:
            target = target.get(part) if isinstance(target, dict) and part is not None else None
        if target is None:
            problems.append(f"{path}: $ref {ref!r} does not resolve inside the schema")
    if "items" in node and not isinstance(node["items"], dict):
        problems.append(f"{path}: 'items' as a list is a tuple in draft-07 and an error in 2020-12")
    for key in SCHEMA_MAPS:
        for name, sub in node.get(key, {}).items():
            _walk(sub, f"{path}/{key}/{name}", problems, schema)
    for key in SUBSCHEMAS:
        if isinstance(node.get(key), dict):
            _walk(node[key], f"{path}/{key}", problems, schema)
    for key in SCHEMA_LISTS:
        for i, sub in enumerate(node.get(key, [])):
            _walk(sub, f"{path}/{key}/{i}", problems, schema)
    if path == "#":
        for name, sub in node.get("definitions", {}).items():
            _walk(sub, f"#/definitions/{name}", problems, schema)


def test_schema_is_valid_draft7_and_2020_12():
    from jsonschema import Draft7Validator, Draft202012Validator
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    Draft202012Validator.check_schema(schema)


def test_schema_uses_only_keywords_both_drafts_share():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    problems: list[str] = []
    _walk(schema, "#", problems, schema)
    assert not problems, "\n".join(problems)


def test_schema_walk_catches_draft_specific_keywords():
    """The walk itself can fail: $defs, dependentRequired, prefixItems, a tuple `items`, $ref siblings."""
    bad = {"$defs": {}, "type": "object", "properties": {
        "a": {"dependentRequired": {}}, "b": {"prefixItems": [{}]}, "c": {"items": [{}]},
        "d": {"$ref": "#/definitions/x", "type": "string"}, "e": {"unevaluatedProperties": False}}}
    problems: list[str] = []
    _walk(bad, "#", problems, bad)
    text = "\n".join(problems)
    for word in ("$defs", "dependentRequired", "prefixItems", "tuple", "beside", "does not resolve",
                 "unevaluatedProperties"):
        assert word in text, f"the schema walk missed {word}"


@pytest.mark.slow
def test_both_drafts_validate_the_shipped_rulesets_alike():
    """A ruleset file is valid for draft-07 exactly when it is for 2020-12 (what editors and we check)."""
    from jsonschema import Draft7Validator, Draft202012Validator
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    d7, d2020 = Draft7Validator(schema), Draft202012Validator(schema)
    files = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))
    assert files
    for path in files:
        source = read_source(str(path), path.read_text(encoding="utf-8"), Collector())
        data = json.loads(json.dumps(source.data, default=str))
        assert [e.message for e in d7.iter_errors(data)] == [e.message for e in d2020.iter_errors(data)] == [], path


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_registry_section()
        print(f"rewrote the registry section of {DOC.relative_to(ROOT)}")
    else:
        print(registry_markdown())


def test_no_text_file_holds_a_merge_conflict_marker():
    """A README or module with `<<<<<<<`, `=======` or `>>>>>>>` lines is a merge left half done."""
    marker = re.compile(r"^(<{7} |={7}$|>{7} )", re.M)
    found = []
    for folder in ("interpreter", "tests", "docs", "rulesets", "examples", "benchmarks", "grammar", "schemas"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md", ".yaml", ".lark", ".json", ".js", ".css", ".html") and path.is_file():
                if marker.search(path.read_text(encoding="utf-8", errors="replace")):
                    found.append(str(path.relative_to(ROOT)))
    for name in ("README.md", "pyproject.toml", "setup.py"):
        if marker.search((ROOT / name).read_text(encoding="utf-8")):
            found.append(name)
    assert found == []
