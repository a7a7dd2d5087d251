"""What a person types, understood against the legal choices: a number from the list, an id or a
label in any case, cards in any order (`QH+QS` = `qs qh`, `10D` = `TD`), a few letters that
narrow a long list, and amounts as `min`, `max`, `all` or the name of a variable holding one."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_SEPARATORS = re.compile(r"[+,\s]+")


def card_key(token: str) -> str:
    """One card's id as typed, in the form ids are compared in: upper case, `10` as `T`."""
    return token.strip().upper().replace("10", "T")


def cards_of(choice_id: str) -> tuple[str, ...]:
    """A choice id's cards, sorted: 'QS+QH' -> ('QH', 'QS'); a single id is one 'card'."""
    return tuple(sorted(card_key(part) for part in choice_id.split("+") if part))


@dataclass
class Reading:
    """How an answer reads against a list of choices."""
    chosen: object = None                      # the one choice meant, if any
    narrowed: list = field(default_factory=list)   # the choices it could mean, when several
    picked: tuple = ()                         # cards named so far, when building a combination
    default: object = None                     # what Enter takes (the choice of exactly those cards)


def read_choice(answer: str, shown: list, *, picked: tuple = ()) -> Reading:
    """`shown` are the choices in the order the person sees them (numbered from 1)."""
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(shown) and not picked:
        return Reading(chosen=shown[int(text) - 1])
    lowered = text.lower()
    labels = {card_key(label): card for choice in shown for card, label in _card_labels(choice)}
    tokens = [labels.get(card_key(t), card_key(t)) for t in _SEPARATORS.split(text) if t]
    wanted = tuple(sorted(picked + tuple(tokens)))
    if tokens:
        exact = [c for c in shown if cards_of(c.id) == wanted]
        containing = [c for c in shown if _contains(cards_of(c.id), wanted)]
        if len(exact) == 1 and len(containing) == 1:
            return Reading(chosen=exact[0])
        if containing:         # the exact one first: Enter takes it
            return Reading(narrowed=exact + [c for c in containing if c not in exact], picked=wanted,
                           default=exact[0] if exact else None)
    for choice in shown:
        if not picked and lowered in (choice.id.lower(), choice.label.lower()):
            return Reading(chosen=choice)
    # a few letters: any choice whose id or label holds them
    matching = [c for c in shown if lowered and (lowered in c.id.lower() or lowered in c.label.lower())]
    return Reading(narrowed=matching)


def _card_labels(choice) -> list[tuple[str, str]]:
    """(card id, its label) for each card of a combination whose label lists them in order."""
    ids = [p for p in choice.id.split("+") if p]
    labels = choice.label.split()
    return list(zip(ids, labels)) if len(ids) == len(labels) else []


def _contains(have: tuple, want: tuple) -> bool:
    rest = list(have)
    for card in want:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def read_number(answer: str, numbers, *, named: dict) -> int | None:
    """A legal number: digits, `min`, `max`, `all` (the most), or a variable's name (`pot`) whose
    value is legal; None when the answer is none of these."""
    text = answer.strip().lower()
    if text.lstrip("-").isdigit():
        value = int(text)
    elif text == "min":
        value = min(numbers)
    elif text in ("max", "all"):
        value = max(numbers)
    elif text in named and isinstance(named[text], int) and not isinstance(named[text], bool):
        value = named[text]
    else:
        return None
    return value if value in numbers else None
