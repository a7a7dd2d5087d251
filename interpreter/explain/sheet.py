"""Builds the rules sheet of a checked ruleset: what a person needs to play it, in words.

Sections, in the order a player reads them: players and teams, the options and their values,
the cards, the zones and who sees them, what is kept, how to play (the flow as numbered steps),
procedures used in several places, abilities, what happens by itself (triggers), the end and
the scoring, the terms the steps use (the ruleset's functions), and the decisions of the rules
page that the files cite (in descriptions or comments).
"""
from __future__ import annotations

from collections import Counter

from interpreter.decisions import PAGE, explained
from interpreter.explain.document import Item, Items, Paragraph, Section, Sheet, Table
from interpreter.explain.phrases import UNKNOWN, Names, Phraser, code, words
from interpreter.explain.source import Checked, read
from interpreter.explain.steps import StepWriter, sentence

_OWNERS = {"game": "the game (one)", "player": "each player", "team": "each team"}
_SEES = {"public": "everyone", "owner": "its owner only", "hidden": "nobody"}
_TRIGGER_EVENTS = {"moved": "a card moves", "phase_started": "a phase starts", "phase_ended": "a phase ends"}


def explain(path, *, options: dict | None = None, variants=()) -> Sheet:
    """The rules sheet of the ruleset at `path` (a file or a shipped game's name) with `options`;
    raises RulesetError with every problem of an invalid ruleset or option."""
    return build(read(path, options=options, variants=variants))


def _value(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _plain(text) -> str:
    return " ".join(str(text or "").split())


def names_of(checked: Checked) -> Names:
    rules, merged = checked.ruleset, checked.merged
    labels = dict(rules.display.labels)
    variables = {name: labels.get(name, words(name)) for scope in rules.vars.values() for name in scope}
    functions, descriptions = {}, {}
    for name, loc in merged["functions"].items():
        value = loc.value
        if isinstance(value, dict):
            functions[name] = (list((value.get("params") or {}).keys()), value.get("value"))
            if value.get("description"):
                descriptions[name] = _plain(value["description"])
        else:
            functions[name] = ([], value)
    return Names(options=dict(checked.values), zones={z.name for z in rules.zones}, variables=variables,
                 functions=functions, descriptions=descriptions, cards={c.id: c.label for c in rules.cards})


def build(checked: Checked) -> Sheet:
    rules, merged = checked.ruleset, checked.merged
    phraser = Phraser(names_of(checked))
    procedures = {name: _proc_steps(loc.value) for name, loc in merged["procedures"].items()}
    calls = Counter(_calls(merged))
    writer = StepWriter(phraser, procedures, inline={n for n in procedures if calls[n] == 1})
    sheet = Sheet(title=rules.name, intro=[_plain(rules.description)] if rules.description else [])
    sheet.sections.append(_players(rules, merged, phraser))
    if rules.options:
        sheet.sections.append(_options(rules, checked.values))
    sheet.sections.append(_cards(rules, merged, phraser))
    sheet.sections.append(_zones(rules))
    kept = _kept(rules, merged)
    if kept:
        sheet.sections.append(kept)
    sheet.sections.append(Section("flow", "How to play", [Items(writer.steps(merged["flow"].value), numbered=True)]))
    shared = [n for n in procedures if calls[n] != 1 and calls[n] > 0]
    if shared:
        items = [Item(f"“{words(n)}”" + _params(merged["procedures"][n].value) + ":", writer.steps(procedures[n]))
                 for n in shared]
        sheet.sections.append(Section("procedures", "Procedures (steps used in several places)",
                                      [Items(items, numbered=True)]))
    if merged["abilities"]:
        sheet.sections.append(_abilities(merged, phraser, writer))
    if merged["triggers"]:
        sheet.sections.append(_triggers(merged, phraser, writer))
    sheet.sections.append(_end(rules, merged, phraser))
    terms = _terms(merged, phraser)
    if terms:
        sheet.sections.append(terms)
    sheet.notes = explained(*checked.texts)
    sheet.notes_title = f"Decisions cited (numbered in the rules page, {PAGE})"
    return sheet


def _proc_steps(value):
    return value.get("do") if isinstance(value, dict) and "do" in value else value


def _params(value) -> str:
    params = value.get("params") if isinstance(value, dict) else None
    return f" (given {', '.join(params)})" if params else ""


def _calls(merged: dict):
    """The name of every procedure each `call:` step names, wherever it stands."""
    stack = [merged["flow"].value] + [loc.value for section in ("procedures", "triggers", "abilities")
                                      for loc in merged[section].values()]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("call"), str):
                yield item["call"]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _players(rules, merged, phraser: Phraser) -> Section:
    if rules.min_players == rules.max_players:
        count = f"For {rules.min_players} players."
    else:
        count = f"For {rules.min_players} to {rules.max_players} players."
    blocks = [Paragraph(count)]
    teams = merged.get("teams")
    if teams is not None and isinstance(teams.value, dict):
        spec = teams.value
        when = phraser.condition(spec.get("when", True))
        n = spec.get("count", 2)
        text = f"The players form {n} teams"
        if when.value is not True:
            text += f" when {when.text}"
        text += f": a player p is on team number {phraser.expression(spec.get('of', 0)).text}"
        if spec.get("names"):
            text += " (" + ", ".join(map(str, spec["names"])) + ")"
        blocks.append(Paragraph(sentence(text) + " Otherwise every player plays alone."))
    else:
        blocks.append(Paragraph("Every player plays alone."))
    return Section("players", "Players", blocks)


def _options(rules, values: dict) -> Section:
    rows = []
    for name, spec in rules.options.items():
        allowed = spec.type
        if spec.values:
            allowed = "one of " + ", ".join(map(_value, spec.values))
        elif spec.min is not None or spec.max is not None:
            allowed += f" from {spec.min if spec.min is not None else '…'} to {spec.max if spec.max is not None else '…'}"
        rows.append([code(name), _value(values.get(name, spec.default)), _value(spec.default), allowed,
                     _plain(spec.description)])
    return Section("options", "Options", [
        Paragraph("Chosen before the game (cardrules: --option NAME=VALUE). This sheet is written for the values shown."),
        Table(["Option", "Value", "Default", "Allowed", "What it does"], rows)])


def _cards(rules, merged, phraser: Phraser) -> Section:
    deck = merged["deck"].value if isinstance(merged["deck"].value, dict) else {}
    cards = rules.cards
    first = "A standard deck" if deck.get("standard") else "A deck"
    blocks = [Paragraph(f"{first} of {len(cards)} cards.")]
    attrs = rules.symbols.card_values if rules.symbols else {}
    rows = []
    for attr, seen in attrs.items():
        shown = sorted(set(seen), key=lambda v: (str(type(v)), v))
        listed = ", ".join(map(_value, shown[:16])) + (", …" if len(shown) > 16 else "")
        rows.append([attr, listed])
    if rows:
        blocks.append(Table(["Each card has a", "one of"], rows))
    removals = []
    for entry in deck.get("remove") or []:
        if not isinstance(entry, dict):
            continue
        when = phraser.condition(entry.get("when", True))
        labels = ", ".join(phraser.names.cards.get(c, str(c)) for c in entry.get("cards") or [])
        if when.value is False:
            continue
        removals.append(Item(sentence(f"{'Always' if when.value is True else 'When ' + when.text}, "
                                      f"take out {labels}")))
    if removals:
        blocks.append(Paragraph("Before the game:"))
        blocks.append(Items(removals))
    return Section("cards", "Cards", blocks)


def _zones(rules) -> Section:
    rows = [[code(z.name), _OWNERS.get(z.owner, z.owner),
             "nobody" if z.owner == "game" and z.visibility == "owner" else _SEES.get(z.visibility, z.visibility),
             _plain(z.description)] for z in rules.zones]
    return Section("zones", "Zones (where cards lie)", [Table(["Zone", "One for", "Who sees the cards", "What it is"], rows)])


def _kept(rules, merged) -> Section | None:
    rows = []
    scopes = {"game": "the game", "player": "each player", "team": "each team", "card": "each card"}
    labels = rules.display.labels
    for scope, table in merged["vars"].items():
        for name, loc in table.items():
            about = loc.value.get("description", "") if isinstance(loc.value, dict) else ""
            rows.append([labels.get(name, words(name)), scopes.get(scope, scope), _plain(about)])
    if not rows:
        return None
    return Section("vars", "What is kept", [Table(["Name", "One for", "What it is"], rows)])


def _abilities(merged, phraser: Phraser, writer: StepWriter) -> Section:
    items = []
    for name, loc in merged["abilities"].items():
        spec = loc.value if isinstance(loc.value, dict) else {}
        head = f"{code(name)}"
        if isinstance(spec.get("label"), str):
            head += f" (“{spec['label']}”)"
        if spec.get("description"):
            head += f": {_plain(spec['description'])}"
        children = []
        if "when" in spec:
            children.append(Item(sentence(f"a player p may use it only if {phraser.condition(spec['when']).text}")))
        children.append(Item("It does:", writer.steps(spec.get("do"))))
        items.append(Item(head, children))
    return Section("abilities", "Abilities", [Items(items)])


def _triggers(merged, phraser: Phraser, writer: StepWriter) -> Section:
    items = []
    for name, loc in merged["triggers"].items():
        spec = loc.value if isinstance(loc.value, dict) else {}
        event = _TRIGGER_EVENTS.get(spec.get("on"), str(spec.get("on")))
        if spec.get("to"):
            event += f" to {code(str(spec['to']))}"
        if "where" in spec:
            event += f" and {phraser.condition(spec['where']).text}"
        items.append(Item(f"Whenever {event} ({words(name)}):", writer.steps(spec.get("do"))))
    return Section("triggers", "What happens by itself", [Items(items)])


def _end(rules, merged, phraser: Phraser) -> Section:
    blocks = [Paragraph("The game ends when the steps above are done, or when a step says it ends.")]
    result = merged.get("result")
    spec = result.value if result is not None and isinstance(result.value, dict) else {}
    if "score" in spec:
        blocks.append(Paragraph(sentence(f"Each player p scores {phraser.expression(spec['score']).text}"
                                         f" ({rules.score_label})")))
    if "winners" in spec:
        blocks.append(Paragraph(sentence(f"The winners are {phraser.expression(spec['winners']).text}")))
    elif "score" not in spec:
        blocks.append(Paragraph("The steps name the winners."))
    for loc in merged["constraints"]:
        if isinstance(loc.value, dict) and "check" in loc.value:
            blocks.append(Paragraph(sentence(f"A game may start only if {phraser.condition(loc.value['check']).text}")))
    return Section("end", "End of the game and scoring", blocks)


def _terms(merged, phraser: Phraser) -> Section | None:
    rows = []
    for name, loc in merged["functions"].items():
        if phraser.constant(name) is not UNKNOWN:
            continue                  # folded into every place that reads it
        value = loc.value
        params = list((value.get("params") or {}).keys()) if isinstance(value, dict) else []
        body = value.get("value") if isinstance(value, dict) else value
        about = _plain(value.get("description")) if isinstance(value, dict) else ""
        term = words(name) + (f" ({', '.join(params)})" if params else "")
        rows.append([term, about, phraser.expression(body).text])
    if not rows:
        return None
    return Section("terms", "Terms used above", [Table(["Term", "Meaning", "Worked out as"], rows)])

