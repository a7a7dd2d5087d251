"""Modules the package ships generated: the expression parser's tables (`parser_tables.py`) and
the schema's fast validator (`schema_validator.py`), so that a first load builds neither.

GIVEN the grammar and the schema as they are THEN the shipped modules are what the generators
write for them now, and what they hold parses and validates as freshly made ones do. GIVEN a
grammar or schema they were not made from (or another library version) THEN they are not used:
the parser is built and the validator generated, as before there were shipped ones.

    .venv/bin/python tests/test_generated_modules.py --write    # after changing the grammar or schema
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lark import Lark

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.cache import store  # noqa: E402
from interpreter.language import expressions, schema  # noqa: E402
from interpreter.shipped import grammar_file  # noqa: E402

LANGUAGE = ROOT / "interpreter" / "language"
EXPRESSIONS = ["a + 1", "p.hand.filter(c, c.suit == s).count() > 0 and not over", "x ? 1 : 2",
               "[1, 2, 3].sum() * -4 % 5", "f(p, 'text') in names"]
STATEMENTS = ["x += 2; y -= 1", "move(c, pile)", "p.score = p.taken.sum(c, points(c))"]


def write() -> None:
    grammar = grammar_file().read_text(encoding="utf-8")
    (LANGUAGE / "parser_tables.py").write_text(expressions.parser_tables_text(grammar), encoding="utf-8")
    (LANGUAGE / "schema_validator.py").write_text(schema.schema_validator_text(), encoding="utf-8")


def test_the_shipped_parser_tables_are_those_of_the_grammar():
    """THEN parser_tables.py was made from today's grammar by the installed Lark (else run this
    file with --write). (Lark's tables list states in an order that changes from run to run,
    so they are compared by what they parse, below, not by their text.)"""
    from lark import __version__

    from interpreter.language import parser_tables
    grammar = grammar_file().read_text(encoding="utf-8")
    assert (parser_tables.GRAMMAR_DIGEST, parser_tables.LARK_VERSION) == (store.digest(grammar), __version__), \
        "the grammar changed: run `.venv/bin/python tests/test_generated_modules.py --write`"


@pytest.mark.slow
def test_the_shipped_validator_is_that_of_the_schema():
    """THEN schema_validator.py is exactly what fastjsonschema generates for today's schema."""
    assert (LANGUAGE / "schema_validator.py").read_text(encoding="utf-8") == schema.schema_validator_text(), \
        "the schema changed: run `.venv/bin/python tests/test_generated_modules.py --write`"


def test_the_shipped_parser_is_used_and_parses_as_a_built_one():
    """GIVEN today's grammar THEN the parser is the one read from the shipped tables, and it
    gives the trees (positions included) and the errors a parser built from the grammar gives."""
    grammar = grammar_file().read_text(encoding="utf-8")
    shipped = expressions.shipped_parser(grammar)
    assert shipped is not None
    built = Lark(grammar, **expressions.PARSER_OPTIONS)
    for start, texts in (("expression", EXPRESSIONS), ("statements", STATEMENTS)):
        for text in texts:
            ours, theirs = shipped.parse(text, start=start), built.parse(text, start=start)
            assert ours == theirs
            assert [(t.line, t.column, t.end_column) for t in ours.scan_values(lambda v: True)] == \
                   [(t.line, t.column, t.end_column) for t in theirs.scan_values(lambda v: True)]
            assert (ours.meta.line, ours.meta.column) == (theirs.meta.line, theirs.meta.column)
    for broken in ("a +", "(1, ", "x ==== 2"):
        with pytest.raises(Exception) as ours_error:
            shipped.parse(broken, start="expression")
        with pytest.raises(Exception) as theirs_error:
            built.parse(broken, start="expression")
        assert described(ours_error.value) == described(theirs_error.value)


def described(error) -> tuple:
    """A parse error as what it says: its kind, where, and what was expected (in any order)."""
    expected = getattr(error, "expected", None) or getattr(error, "allowed", None) or ()
    return type(error), getattr(error, "line", None), getattr(error, "column", None), sorted(expected)


def test_tables_of_another_grammar_or_lark_are_not_used(monkeypatch):
    """GIVEN tables made from another grammar, or by another Lark THEN they are not used."""
    from interpreter.language import parser_tables
    grammar = grammar_file().read_text(encoding="utf-8")
    assert expressions.shipped_parser(grammar + "\n// changed\n") is None
    monkeypatch.setattr(parser_tables, "LARK_VERSION", "0.0.1")
    assert expressions.shipped_parser(grammar) is None


def test_without_usable_tables_the_parser_is_built(monkeypatch, tmp_path):
    """GIVEN shipped tables of another grammar WHEN the parser is asked for THEN it is built from
    the grammar (and parses)."""
    from interpreter.language import parser_tables
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(parser_tables, "GRAMMAR_DIGEST", "0" * 64)
    built: list = []
    real = expressions.Lark

    class Counting(real):       # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs):
            built.append(args)
            super().__init__(*args, **kwargs)
    monkeypatch.setattr(expressions, "Lark", Counting)
    expressions.parser.cache_clear()
    try:
        assert expressions.parser().parse("a + 1", start="expression")
    finally:
        expressions.parser.cache_clear()
    assert len(built) == 1


def test_the_shipped_validator_is_used_and_judges_as_a_generated_one():
    """GIVEN today's schema THEN the validator is the shipped one, and it passes and fails the
    same files as one generated now."""
    from fastjsonschema import JsonSchemaException

    from interpreter.language import schema_validator
    assert schema.shipped_validator() is schema_validator.validate
    namespace: dict = {}
    exec(compile(schema.validator_source(), "<fresh>", "exec"), namespace)  # noqa: S102 - generated from our schema
    good = {"version": 1, "name": "x", "players": {"min": 2}, "deck": {"standard": True}, "flow": []}
    for data in (good, {**good, "players": "four"}, {**good, "version": 2}, {**good, "unknown": 1}):
        verdicts = []
        for validate in (schema_validator.validate, namespace["validate"]):
            try:
                validate(data)
                verdicts.append(True)
            except JsonSchemaException:
                verdicts.append(False)
        assert verdicts[0] == verdicts[1]


def test_a_validator_of_another_schema_or_generator_is_not_used(monkeypatch):
    """GIVEN a shipped validator of another schema, or of another fastjsonschema THEN it is not
    used, and the validator is generated (it still fails a broken file)."""
    from interpreter.language import schema_validator
    monkeypatch.setattr(schema_validator, "SCHEMA_DIGEST", "0" * 64)
    assert schema.shipped_validator() is None
    monkeypatch.undo()
    monkeypatch.setattr(schema_validator, "GENERATOR_VERSION", "0.0")
    assert schema.shipped_validator() is None
    monkeypatch.setenv("CARDRULES_NO_CACHE", "1")
    schema.fast_validator.cache_clear()
    try:
        assert schema.fast_validator() is not schema_validator.validate
        assert not schema.passes({"version": 1, "players": "four"})
    finally:
        schema.fast_validator.cache_clear()


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()
