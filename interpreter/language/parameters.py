"""Procedure parameters with defaults, and the new defaults a variant sets (issue 28, item 7).

A parameter written `{type, default, description}` may be left out of a call's `with:`; a
ruleset that builds on this one gives it another default with `set: {procedure.parameter: value}`,
as it sets an option, so "deal 4 hole cards instead of 2" is one line. A default is a literal
of its type (a whole number, true/false or a text); every mistake is located.
"""
from __future__ import annotations

from interpreter.errors import Collector, did_you_mean
from interpreter.language import types as T


def parameter_defaults(loc, errors: Collector) -> dict:
    """The default of each parameter of the procedure at `loc` (a Located) that declares one,
    checked against its type."""
    params = loc.value.get("params") if isinstance(loc.value, dict) else None
    out = {}
    for pname, spec in (params or {}).items() if isinstance(params, dict) else ():
        if not isinstance(spec, dict) or "default" not in spec:
            continue
        typ = T.declared_type(spec.get("type")) if isinstance(spec.get("type"), str) else None
        if typ is None:
            continue      # (reported with the parameter's type)
        problem = value_problem(spec["default"], typ)
        if problem:
            errors.error("type", f"default of parameter '{pname}': {problem}",
                         loc.source.span(loc.path + ("params", pname, "default")))
        out[pname] = spec["default"]      # (even when wrong: a call that leaves it out is no second error)
    return out


def set_parameters(settings: dict, procedures: dict, errors: Collector) -> None:
    """Apply `set: {procedure.parameter: value}` (the merged `set:` entries, as Located) to the
    procedures' defaults; a key without a dot is an option's (options.py)."""
    for key, loc in settings.items():
        if "." not in key:
            continue
        name, _, pname = key.partition(".")
        proc = procedures.get(name)
        span = loc.source.span(loc.path, key=True)
        if proc is None:
            errors.error("unknown-name", f"'{key}': there is no procedure '{name}'", span,
                         did_you_mean(name, procedures) or
                         "'set:' gives options their values, and 'procedure.parameter' a new default")
            continue
        if pname not in proc.params:
            errors.error("unknown-name", f"'{key}': procedure '{name}' has no parameter '{pname}'", span,
                         did_you_mean(pname, proc.params) or
                         ("its parameters: " + ", ".join(proc.params) if proc.params
                          else f"procedure '{name}' has no parameters"))
            continue
        if pname not in proc.defaults:
            errors.error("unknown-name", f"'{key}': parameter '{pname}' of procedure '{name}' has no default "
                         "to replace", span,
                         f"declare it with one: 'params: {{{pname}: {{type: {T.show(proc.params[pname])}, "
                         "default: ...}}'")
            continue
        problem = value_problem(loc.value, proc.params[pname])
        if problem:
            errors.error("type", f"'{key}': {problem}", loc.span)
            continue
        proc.defaults[pname] = loc.value


def value_problem(value, typ) -> str | None:
    """What is wrong with a parameter's default (a number, true/false or a text), or None."""
    wanted = {T.INT: (int, "a whole number"), T.BOOL: (bool, "true or false"), T.STR: (str, "a text")}.get(typ)
    if wanted is None:
        return f"only int, bool and str parameters take a default, not {T.show(typ)}"
    kind, words = wanted
    if type(value) is not kind:
        looks = isinstance(value, str) and (value.strip().lstrip("-").isdigit() or value in ("true", "false"))
        quoted = " (write it without quotes)" if looks else ""
        return f"expected {words}, not {value!r}{quoted}"
    return None
