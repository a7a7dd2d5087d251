"""A checked ruleset together with the sections it was built from, as written.

The compiled `Ruleset` keeps generated code, not the expression strings a sheet rewrites in
words; so the files are merged again, with the loader's own `extends`/`include`/`remove`/`set`
rules, once the checker has passed them (nothing is read that the checker did not accept).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from interpreter.errors import Collector, RulesetError
from interpreter.language.loader import LIBRARY, Reader, layers, merge
from interpreter.compile.ruleset import Ruleset, check_ruleset
from interpreter.shipped import locate_ruleset


@dataclass
class Checked:
    ruleset: Ruleset
    values: dict          # option values for this sheet
    merged: dict          # section -> Located (named sections: name -> Located)
    texts: list[str]      # the text of every file, parents first (comments cite decisions)


def read(path, *, options: dict | None = None, variants=()) -> Checked:
    """Check the ruleset at `path` (a file or a shipped game's name) with `options` (values or
    command-line text) and `variants`; raises RulesetError with every problem found."""
    ruleset, diagnostics = check_ruleset(path, variants=list(variants))
    if ruleset is None:
        raise RulesetError(diagnostics)
    values = ruleset.resolve_options(options or {})
    file = locate_ruleset(path)
    files = [file, *(Path(v) for v in variants)]
    errors = Collector()
    reader = Reader(errors, [f.resolve().parent for f in files] + [LIBRARY])
    in_order = layers(reader, file, str(file), None, []) or []
    for variant in variants:
        for layer in layers(reader, Path(variant), str(variant), None, []) or []:
            if all(layer is not seen for seen in in_order):
                in_order.append(layer)
    merged = merge(in_order, errors)
    return Checked(ruleset, values, merged, [layer.text for layer in in_order])
