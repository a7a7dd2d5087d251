"""What the lobby shows of a ruleset, and a diagnostic as people read it: plain functions shared
by the catalog (server side) and the sandbox's jobs (in the child), so neither imports the other."""
from __future__ import annotations

from pathlib import Path

from interpreter.compile.ruleset import Ruleset
from interpreter.decisions import PAGE, explained
from interpreter.errors import Diagnostic


def describe(ruleset: Ruleset) -> dict:
    """What the lobby shows of a ruleset: its name, player range and options, and the numbered
    decisions of the rules page that those texts cite, each with its one-line meaning. An option
    no remaining rule reads (`extends:` or a variant replaced the rules that did) is `unread`."""
    options = []
    for name, spec in ruleset.options.items():
        options.append({"name": name, "type": spec.type, "default": ruleset.option_values.get(name),
                        "values": list(spec.values) if spec.values else None,
                        "min": spec.min, "max": spec.max, "description": spec.description,
                        "unread": name in ruleset.unread_options})
    cited = explained(ruleset.description, *(o["description"] for o in options))
    return {"name": ruleset.name, "description": ruleset.description, "min_players": ruleset.min_players,
            "max_players": ruleset.max_players, "options": options, "rules_page": PAGE,
            "decisions": [{"number": number, "meaning": meaning} for number, meaning in cited]}


def for_people(diagnostic: Diagnostic, folder: Path) -> dict:
    """A diagnostic as JSON, with the private folder taken out of file names."""
    data = diagnostic.to_json()
    if "file" in data:
        data["file"] = data["file"].replace(str(folder) + "/", "")
    data["message"] = data["message"].replace(str(folder) + "/", "")
    return data
