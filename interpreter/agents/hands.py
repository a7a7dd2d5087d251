"""Where the current hand ends, so that a search in a long match looks no further than that.

A match of many hands repeats the same phases: deal, play, score, deal again. The phase that
opens a hand is read from the phases the searching seat saw start (its own event stream, so
it uses nothing the seat may not know): among the phases at the outermost level, the first
that started again after other phases (a phase repeated back to back, like three betting
rounds, is one hand's rounds); before any has (the first hand), the first phase the game
started. A sample armed with `stop_at_phase` stops as that phase starts again,
before anything of the next hand happens, and is scored as it stands.

A ruleset whose first phase happens once (drawing for the dealer) gets no stop in its first
hand: its playouts run to the end of the game, as without a horizon.
"""
from __future__ import annotations


class HandOver(Exception):
    """Raised in a sample when the phase that opens the next hand starts."""


def hand_opening_phase(events) -> str | None:
    """The phase that opens each hand, from a seat's events (None if no phase has started)."""
    outermost: list[str] = []
    depth = 0
    for event in events:
        kind = event.get("type")
        if kind == "phase_started":
            if depth == 0:
                outermost.append(event.get("phase"))
            depth += 1
        elif kind == "phase_ended":
            depth = max(depth - 1, 0)
    if not outermost:
        return None
    seen: set[str] = set()
    again: set[str] = set()
    for before, name in zip([None] + outermost, outermost):
        if name in seen and name != before:       # a run of the same phase is one hand's rounds
            again.add(name)
        seen.add(name)
    return next((name for name in outermost if name in again), outermost[0])


def stop_at_phase(game, phase: str) -> None:
    """Make `game` (a sample of one's own) raise HandOver when `phase` next starts. The game
    cannot go on after that; its state is the end of the hand."""
    enter = game.enter_phase

    def enter_phase(name: str) -> None:
        if name == phase:
            raise HandOver(phase)
        enter(name)
    game.enter_phase = enter_phase
