"""Builds the cards of a ruleset's `deck:` section, checking every value against its attributes.

Cards come from three sources, in this order: the standard 52 (`standard: true`, narrowed by
`ranks:` and `suits:` for 40-, 32- or 24-card decks), every combination of `generate:` values,
and the `cards:` list. `values:` then gives every card more int attributes derived from one it
has (a rank order in which 2 is highest, the points of each rank), and `copies:` repeats the
whole deck (a shoe of six decks). `count:` on a card, or on the deck for generated cards (a number,
or `{of, map, default}` by one attribute: one 0 and two of every other number), repeats a card.
Ids are unique by construction: the repeats of one entry, across `count` and `copies`, are numbered
together (`W`, `W#2`, `W#3`, `W#4`); only two entries that give the same id can collide.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from interpreter.errors import Collector, did_you_mean
from interpreter.language import fields
from interpreter.language import types as T
from interpreter.limits import MAX_INT

STANDARD_RANKS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
                  11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_LABELS = {**STANDARD_RANKS, 10: "10"}
STANDARD_SUITS = {"clubs": ("C", "♣", "black"), "diamonds": ("D", "♦", "red"),
                  "hearts": ("H", "♥", "red"), "spades": ("S", "♠", "black")}
ATTRIBUTE_TYPES = {"int": T.INT, "str": T.STR, "bool": T.BOOL}
MAX_CARDS = 10_000   # a deck's size: several shoes of cards; more would make every move slow
_CARD_KEYS = ("id", "label", "count")


@dataclass
class CardSpec:
    id: str
    label: str
    attrs: dict
    where: tuple = ()    # the YAML path of the entry that made the card, for errors about it
    repeat: int = 0      # which of its entry's repeats (count, then copies) the card is, from 0
    count: int = 1       # its entry's count


class DeckBuilder:
    """One pass over a `deck:` mapping; errors go to the collector at their YAML positions."""

    def __init__(self, spec: dict, source, path: tuple, errors: Collector):
        self.spec = spec
        self.source = source
        self.path = path
        self.errors = errors
        self.attrs: dict[str, str] = {}
        self.size = 0            # cards made so far, against MAX_CARDS
        self.skipped = False     # a card left out for a reason already reported (the schema's or ours)
        self.templates: dict[str, fields.Parts | None] = {}   # 'id' and 'label' -> the parsed template

    def span(self, *keys, key: bool = False):
        return self.source.span(self.path + keys, key=key)

    def build(self) -> list[CardSpec]:
        cards: list[CardSpec] = []
        if self.spec.get("standard"):
            self.attrs.update(rank=T.INT, suit=T.STR, color=T.STR)
            cards += self.standard()
            self.size = len(cards)
        elif "ranks" in self.spec or "suits" in self.spec:
            self.errors.error("missing-key", "'ranks' and 'suits' narrow the standard deck: add 'standard: true'",
                              self.span("ranks" if "ranks" in self.spec else "suits", key=True))
        for name, tname in (self.spec.get("attributes") or {}).items():
            typ = ATTRIBUTE_TYPES.get(tname)
            if typ is None:
                self.errors.error("type", f"card attribute '{name}' must be int, str or bool, not '{tname}'",
                                  self.span("attributes", name))
                continue
            self.attrs[name] = typ
        for key in ("id", "label"):
            self.templates[key] = self.template(key)
        if "count" in self.spec and not self.spec.get("generate"):
            self.errors.error("missing-key", "the deck's 'count' says how many of each generated card; there is "
                              "no 'generate'", self.span("count", key=True),
                              "a card of 'cards' takes its own 'count'")
        cards += self.generated()
        for i, entry in enumerate(self.spec.get("cards") or []):
            if isinstance(entry, dict):
                cards += self.listed(entry, ("cards", i))
        cards = self.derived(cards)
        copies = self.spec.get("copies", 1)
        if isinstance(copies, int) and copies > 1 and len(cards) * copies > MAX_CARDS:
            self.errors.error("deck-size", f"a deck holds at most {MAX_CARDS} cards; {copies} copies of "
                              f"{len(cards)} make {len(cards) * copies}", self.span("copies"))
            self.skipped = True
        elif isinstance(copies, int) and copies > 1:
            cards = [_repeat(c, k) for k in range(copies) for c in cards]
        return [_numbered(c) for c in cards]

    def template(self, key: str) -> fields.Parts | None:
        """The deck's `id:` or `label:` template, checked against the card attributes (None when
        there is none, or after a reported error)."""
        text = self.spec.get(key)
        if not text:
            return None
        text = str(text)
        try:
            return fields.parse(text, self.attrs)
        except fields.FieldError as exc:
            line, column = fields.position(text, exc.offset)
            self.errors.error("template", f"deck {key} template: {exc.message}",
                              self.source.expression_span(self.path + (key,), line, column),
                              "a deck's templates may name the card attributes: " + fields.names(self.attrs))
            return None

    # -- sources of cards ------------------------------------------------------------------
    def standard(self) -> list[CardSpec]:
        ranks = self.subset("ranks", list(STANDARD_RANKS), "ranks of the standard deck are 2 to 14 (the ace)")
        suits = self.subset("suits", list(STANDARD_SUITS), "suits: " + ", ".join(STANDARD_SUITS))
        out = []
        for suit in (s for s in STANDARD_SUITS if s in suits):
            letter, symbol, color = STANDARD_SUITS[suit]
            for rank in (r for r in STANDARD_RANKS if r in ranks):
                out.append(CardSpec(STANDARD_RANKS[rank] + letter, RANK_LABELS[rank] + symbol,
                                    {"rank": rank, "suit": suit, "color": color}))
        return out

    def subset(self, key: str, allowed: list, hint: str) -> set:
        chosen = self.spec.get(key)
        if chosen is None:
            return set(allowed)
        kept = set()
        for i, value in enumerate(chosen if isinstance(chosen, list) else []):
            if value in allowed and not isinstance(value, bool):
                kept.add(value)
            else:
                self.errors.error("enum", f"the standard deck has no {key[:-1]} {value!r}", self.span(key, i),
                                  (did_you_mean(value, allowed) if isinstance(value, str) else None) or hint)
        return kept

    def generated(self) -> list[CardSpec]:
        """`generate: {attr: [values], ...}`: one card for every combination, first key outermost."""
        spec = self.spec.get("generate")
        if not isinstance(spec, dict) or not spec:
            return []
        names = list(spec)
        for name in names:
            if name not in self.attrs:
                self.errors.error("unknown-name", f"unknown card attribute '{name}'; declare it under "
                                  "'deck.attributes'", self.span("generate", name, key=True),
                                  did_you_mean(name, self.attrs))
                return []
        missing = [a for a in self.attrs if a not in names]
        if missing:
            self.errors.error("missing-key", f"'generate' gives no values for {', '.join(missing)}",
                              self.span("generate"))
            return []
        lists = [spec[n] if isinstance(spec[n], list) else [] for n in names]
        total = 1
        for values in lists:
            total *= len(values)
        if total > MAX_CARDS:
            self.errors.error("deck-size", f"a deck holds at most {MAX_CARDS} cards; 'generate' makes {total}",
                              self.span("generate"))
            self.skipped = True
            return []
        count_of = self.generated_count(names)
        if count_of is None:
            self.skipped = True
            return []
        out = []
        for combination in itertools.product(*lists):
            values = dict(zip(names, combination))
            out += self.listed({**values, "count": count_of(values)}, ("generate",), generated=True)
        return out

    def generated_count(self, names: list):
        """The deck's `count:` for generated cards, as a function of a card's values (None after
        an error): a number, or `{of, map, default}` as in `values:`, unmapped values taking
        `default` (else 1)."""
        rule = self.spec.get("count", 1)
        if not isinstance(rule, dict):
            return lambda values: rule
        source = rule.get("of")
        if not isinstance(source, str) or source not in names:
            self.errors.error("unknown-name", f"'of' names the generated attribute the count depends on; "
                              f"'generate' has no '{source}'", self.span("count", "of"),
                              did_you_mean(str(source), names))
            return None
        made = set(self.spec["generate"][source] if isinstance(self.spec["generate"][source], list) else [])
        table = {}
        for key, number in (rule.get("map") or {}).items():
            value = _as_attribute_value(key, self.attrs[source])
            if value not in made:
                self.errors.error("unknown-name", f"'count' maps {source} {key}, which 'generate' does not make",
                                  self.span("count", "map", key, key=True),
                                  did_you_mean(str(key), [str(v) for v in made]))
                return None
            table[value] = number
        default = rule.get("default", 1)
        return lambda values: table.get(values[source], default)

    def listed(self, entry: dict, where: tuple, *, generated: bool = False) -> list[CardSpec]:
        values = {k: v for k, v in entry.items() if k not in _CARD_KEYS}
        ok = True
        for key, value in values.items():
            if key not in self.attrs:
                self.errors.error("unknown-name", f"unknown card attribute '{key}'; declare it under "
                                  "'deck.attributes'", self.span(*where, key, key=True), did_you_mean(key, self.attrs))
                ok = False
            elif not has_type(value, self.attrs[key]):
                self.errors.error("type", f"card attribute '{key}' is {self.attrs[key]}, not {str(value)[:40]!r}",
                                  self.span(*(where if generated else where + (key,))))
                ok = False
            elif self.attrs[key] == T.INT and not -MAX_INT <= value <= MAX_INT:
                self.errors.error("type", f"card attribute '{key}' is {str(value)[:24]}, beyond ±10^18: "
                                  "the numbers of a game stay within 18 digits",
                                  self.span(*(where if generated else where + (key,))))
                ok = False
        missing = [a for a in self.attrs if a not in values]
        if missing:
            self.errors.error("missing-key", f"this card has no {', '.join(missing)}", self.span(*where))
            ok = False
        if not ok:
            self.skipped = True
            return []
        base_id = str(entry.get("id") or _fill(self.templates.get("id"), values) or
                      "-".join(str(v) for v in values.values()))
        label = str(entry.get("label") or _fill(self.templates.get("label"), values) or base_id)
        count = entry.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            self.skipped = True      # the schema said why
            return []
        if count > MAX_CARDS - self.size:
            self.errors.error("deck-size", f"a deck holds at most {MAX_CARDS} cards; this count of "
                              f"{str(count)[:20]} makes it {self.size + count}", self.span(*where, "count"))
            self.skipped = True
            return []
        self.size += count
        return [CardSpec(base_id, label, dict(values), self.path + where, k, count) for k in range(count)]

    def derived(self, cards: list[CardSpec]) -> list[CardSpec]:
        """`values: {name: {of: attr, order: [...]}}` or `{of: attr, map: {...}, default: n}`."""
        for name, rule in (self.spec.get("values") or {}).items():
            if not isinstance(rule, dict):
                continue
            if name in self.attrs:
                self.errors.error("duplicate", f"card attribute '{name}' already exists; give the derived "
                                  "value another name", self.span("values", name, key=True))
                continue
            source = rule.get("of")
            if source not in self.attrs:
                self.errors.error("unknown-name", f"'of' names the attribute a value is derived from; cards "
                                  f"have no '{source}'", self.span("values", name, "of"),
                                  did_you_mean(str(source), self.attrs))
                continue
            if ("order" in rule) == ("map" in rule):
                self.errors.error("missing-key", f"the value '{name}' needs 'order' (a list, low to high) or "
                                  "'map' (value -> number), not both", self.span("values", name))
                continue
            value_of = self.derivation(name, rule, source)
            if value_of is None:
                continue
            self.attrs[name] = T.INT
            for card in cards:
                card.attrs[name] = value_of(card.attrs[source])
        return cards

    def derivation(self, name: str, rule: dict, source: str):
        """The function from a source value to the derived number, or None after an error."""
        present = {c for c in self.present_values(source)}
        if "order" in rule:
            order = rule["order"] if isinstance(rule["order"], list) else []
            positions = {v: i + 1 for i, v in enumerate(order)}
            absent = sorted((v for v in present if v not in positions), key=str)
            if absent:
                self.errors.error("missing-key", f"the order of '{name}' leaves out {source} "
                                  f"{', '.join(map(str, absent))}", self.span("values", name, "order"))
                return None
            return positions.__getitem__
        mapping = rule["map"] if isinstance(rule["map"], dict) else {}
        # YAML keys are read as text; match them to the source attribute's values.
        table = {}
        for key, number in mapping.items():
            value = _as_attribute_value(key, self.attrs[source])
            if not isinstance(number, int) or isinstance(number, bool):
                self.errors.error("type", f"'{name}' maps to whole numbers, not {number!r}",
                                  self.span("values", name, "map", key))
                return None
            table[value] = number
        default = rule.get("default")
        if default is None and self.attrs[source] != T.INT:
            unmapped = sorted((v for v in present if v not in table), key=str)
            if unmapped:
                self.errors.error("missing-key", f"'{name}' has no number for {source} "
                                  f"{', '.join(map(str, unmapped))}: map them or give a 'default'",
                                  self.span("values", name, "map"))
                return None
        return lambda v: table.get(v, v if default is None else default)

    def present_values(self, attr: str) -> set:
        values = set()
        if self.spec.get("standard") and attr in ("rank", "suit"):
            values |= self.subset_quiet(attr)
        generate = self.spec.get("generate")
        if isinstance(generate, dict) and isinstance(generate.get(attr), list):
            values |= set(generate[attr])
        for entry in self.spec.get("cards") or []:
            if isinstance(entry, dict) and attr in entry:
                values.add(entry[attr])
        return values

    def subset_quiet(self, attr: str) -> set:
        allowed = list(STANDARD_RANKS) if attr == "rank" else list(STANDARD_SUITS)
        chosen = self.spec.get(attr + "s")
        return set(allowed) if not isinstance(chosen, list) else {v for v in chosen if v in allowed}


def _repeat(card: CardSpec, copy: int) -> CardSpec:
    return CardSpec(card.id, card.label, dict(card.attrs), card.where, copy * card.count + card.repeat, card.count)


def _numbered(card: CardSpec) -> CardSpec:
    """The card with its id numbered among its entry's repeats (`count` then `copies`): the first
    keeps the id, the n-th gets `#n`."""
    n = card.repeat
    return CardSpec(card.id if n == 0 else f"{card.id}#{n + 1}", card.label, card.attrs, card.where)


def _as_attribute_value(key, typ):
    if typ == T.INT and isinstance(key, str) and key.lstrip("-").isdigit():
        return int(key)
    return key


def has_type(value, typ) -> bool:
    """Whether a value written in YAML (a literal, or a list of them) has the type."""
    if typ == T.INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if typ == T.BOOL:
        return isinstance(value, bool)
    if typ == T.STR:
        return isinstance(value, str)
    if T.is_list(typ) and typ != T.ZONE:
        return isinstance(value, list) and all(has_type(v, typ[1]) for v in value)
    return False


def _fill(template: fields.Parts | None, values: dict) -> str | None:
    # (every card has every attribute the template may name: one without is reported and left out)
    return None if template is None else fields.fill(template, values)
