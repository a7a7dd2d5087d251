"""The quick path of `runs` without wild cards when several cards of a family stand at one place
(combinations_quick.py): runs in any suits, where a hand holding two cards of a rank makes a
double run. The search (combinations_search.py) goes place by place, taking each card standing at
the next place in turn; this walk does the same on the same cards, without the search's classes
and bookkeeping, and gives None (for the search) where those matter: two interchangeable cards,
or a cap within reach."""
from __future__ import annotations

from interpreter.primitives.combinations_cards import _plain_numbers

MAX_SETS = 20_000         # the search's caps (combinations_search.py), read as this module's own
MAX_TRIES = 5 * MAX_SETS


class _Capped(Exception):
    """A cap is reached: the search finds the error."""


def stacked_runs(stacks: dict, twice: set, naturals: list, min_size: int, max_size: int) -> list | None:
    """The runs of `stacks` (family -> {place: the cards standing there, in first-seen order}),
    as the search finds them without wild cards: from each place in order and each card there,
    every run going on one place at a time with each card standing at the next place, a run
    listed before those that go on from it. A run holding a card that stands at two places (in
    `twice`, an ace low or high) may be found twice (from its two ends): it is kept once. None
    when two natural cards are interchangeable (the search compares them) or past a cap."""
    numbers = _plain_numbers(naturals)
    if numbers is None or len(set(numbers)) < len(numbers):
        return None
    sets: list = []
    seen: set = set()
    tries = 1                # as the search counts: one for the wild picks (none)...

    def walk(family: dict, chosen: list, place: int, compared: bool) -> None:
        """The runs of the cards chosen (standing up to `place` - 1) and every longer one."""
        nonlocal tries
        tries += 1           # ...one for each run begun...
        n = len(chosen)
        if n >= min_size:
            tries += 1       # ...and one for each run found, whether new or not
            if not compared:
                sets.append(chosen[:])
            else:
                key = frozenset(chosen)
                if key not in seen:
                    seen.add(key)
                    sets.append(chosen[:])
        if tries > MAX_TRIES or len(sets) > MAX_SETS:
            raise _Capped
        if n < max_size:
            for card in family.get(place, ()):
                if card in twice:
                    if card in chosen:     # at its other place, already in
                        continue
                    chosen.append(card)
                    walk(family, chosen, place + 1, True)
                else:
                    chosen.append(card)
                    walk(family, chosen, place + 1, compared)
                chosen.pop()

    try:
        for family in stacks.values():
            for start in sorted(family):
                for card in family[start]:
                    walk(family, [card], start + 1, card in twice)
    except _Capped:
        return None
    return sets
