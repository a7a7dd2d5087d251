"""Checks a ruleset file's shape against `schemas/ruleset.schema.json`.

The schema is written in the keywords that draft-07 (what editors read) and 2020-12 (what
we validate with) share. Every violation becomes one message at the YAML position of the
offending value; steps are left to the flow compiler, which explains them better.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from interpreter.errors import Collector, did_you_mean
from interpreter.language.passed import digest, has_passed, mark_passed
from interpreter.shipped import schema_file

STEP_SECTIONS = ("flow", "procedures")


@lru_cache(maxsize=1)
def schema_text() -> str:
    return schema_file().read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def validator():
    from jsonschema import Draft202012Validator   # imported when first needed: start-up time
    return Draft202012Validator(json.loads(schema_text()))


def _in_steps(path: tuple) -> bool:
    """Steps (flow, procedures, trigger bodies) are checked, with better words, by the flow compiler."""
    if path and path[0] in STEP_SECTIONS:
        return True
    return len(path) >= 3 and path[0] in ("triggers", "abilities") and path[2] == "do"


def check_schema(source, errors: Collector) -> None:
    key = digest(_checker_text(), schema_text(), source.text)
    if has_passed(key):
        return
    before = len(errors.diagnostics)
    _check(source, errors)
    if len(errors.diagnostics) == before:
        mark_passed(key)


@lru_cache(maxsize=1)
def _checker_text() -> str:
    """This module's own text: a changed checker does not trust what an older one passed."""
    return Path(__file__).read_text(encoding="utf-8")


def _check(source, errors: Collector) -> None:
    from jsonschema.exceptions import best_match
    if isinstance(source.data, dict) and "version" not in source.data:
        errors.error("version", "the file has no 'version: 1' (every ruleset file starts with it, so "
                     "that a later format can tell it apart)", source.span(()))
    for error in validator().iter_errors(source.data):
        path = tuple(error.absolute_path)
        if _in_steps(path):
            continue
        if error.context:
            # Skip the branches of a wrong type ("a number, or a mapping"): a mapping's own
            # mistake (an unknown type name, say) says more than "must be a number".
            fitting = [e for e in error.context
                       if not (e.validator == "type" and e.absolute_path == error.absolute_path)]
            error = best_match(fitting or error.context) or error
            path = tuple(error.absolute_path)
        _report(source, error, path, errors)


def _report(source, error, path: tuple, errors: Collector) -> None:
    where = ".".join(str(p) for p in path) or "the file"
    kind = error.validator
    if kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        extras = [k for k in error.instance if k not in allowed] if isinstance(error.instance, dict) else []
        for key in extras:
            place = f"in '{where}'" if path else "at the top level"
            hint = did_you_mean(key, allowed) or (f"allowed: {', '.join(allowed)}" if allowed else None)
            errors.error("unknown-key", f"unknown key '{key}' {place}", source.span(path + (key,), key=True), hint)
        return
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        errors.error("missing-key", f"'{where}' needs '{missing}'", source.span(path))
        return
    if kind == "type":
        wanted = error.validator_value
        wanted = " or ".join(wanted) if isinstance(wanted, list) else wanted
        names = {"object": "a mapping", "array": "a list", "string": "a string", "integer": "a whole number",
                 "boolean": "true or false", "number": "a number"}
        wanted_words = " or ".join(names.get(w, w) for w in wanted.split(" or "))
        errors.error("type", f"'{where}' must be {wanted_words}, not {_kind(error.instance)}", source.span(path))
        return
    if kind == "enum" and path == ("version",):
        errors.error("version", f"this is format version {error.instance!r}; cardrules reads version 1",
                     source.span(path))
        return
    if kind == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        hint = did_you_mean(str(error.instance), [str(v) for v in error.validator_value])
        errors.error("enum", f"'{where}' must be one of: {allowed}; not {error.instance!r}", source.span(path), hint)
        return
    if kind == "pattern" and error.instance is not None:
        errors.error("name", f"'{error.instance}' is not a valid name (letters, digits and _, not starting "
                     "with a digit)", source.span(path, key=True))
        return
    errors.error("schema", f"'{where}': {error.message}", source.span(path))


def _kind(value) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string '{value}'" if len(value) < 30 else "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing (null)"
    return type(value).__name__
