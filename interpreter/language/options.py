"""Options: typed settings chosen before a game, from the ruleset, a variant or the command line."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from interpreter.errors import Span


@dataclass
class OptionSpec:
    name: str
    type: str
    default: Any
    description: str = ""
    values: list | None = None
    min: int | None = None
    max: int | None = None
    span: Span | None = None


def coerce_option(spec: OptionSpec, raw, *, text: bool = True) -> tuple[Any, str | None]:
    """Turn a value (or, with `text`, command-line text) into the option's type; (value, problem).
    Values written in YAML (`default`, `set`) are not text: `default: "5"` for an int is a mistake."""
    value = raw
    if not text and isinstance(raw, str) and spec.type in ("int", "bool"):
        wanted = "a whole number" if spec.type == "int" else "true or false"
        return None, f"expected {wanted}, not the text '{raw}' (write it without quotes)"
    if spec.type == "bool":
        if isinstance(raw, str):
            lowered = raw.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
            else:
                return None, f"expected true or false, not '{raw}'"
        if not isinstance(value, bool):
            return None, f"expected true or false, not {value!r}"
    elif spec.type == "int":
        if isinstance(raw, str):
            try:
                value = int(raw.strip())
            except ValueError:
                return None, f"expected a whole number, not '{raw}'"
        if isinstance(value, bool) or not isinstance(value, int):
            return None, f"expected a whole number, not {str(value)[:40]!r}"
        if not -10 ** 18 <= value <= 10 ** 18:
            return None, "a number beyond ±10^18: the numbers of a game stay within 18 digits"
        if spec.min is not None and value < spec.min:
            return None, f"{value} is below the minimum {spec.min}"
        if spec.max is not None and value > spec.max:
            return None, f"{value} is above the maximum {spec.max}"
    else:
        if isinstance(value, bool):   # YAML 1.1 reads `off` as false: take the author's word
            value = "off" if value is False else "on"
        if not isinstance(value, str):
            value = str(value)
    if spec.values is not None and value not in spec.values:
        return None, f"'{value}' is not one of: {', '.join(map(str, spec.values))}"
    return value, None


