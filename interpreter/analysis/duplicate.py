"""Duplicate scoring of a tournament: each agent's result set against the par of the seat and the
deal it played, as duplicate card tournaments score a deal.

A game's **result** for a seat is in [0, 1]: where its score falls between the game's lowest and
highest (1 the best, turned round when the winners are those with the lower scores), so it
counts by how much a seat won or lost, not only whether, and reads the same in any ruleset
whatever its points are worth; when every seat has the same score, 1 for a winner and 0 for
the others. (Half a point for winning on top of the score was tried: in a one-hand trick game
it doubled the deals needed to tell two search players apart, the winner of a single hand
being a lumpy signal; docs/measures.md.) The **par** of a seat of a deal is the mean result of
every game of that deal's block at that seat: every agent sat there equally often, so the
cards' luck is in the par. An agent's **edge** in a deal is the mean, over the seats it
held, of its result less the par; its edge in the tournament is the mean over deals. Edges sum
to zero over the agents of a deal (each sat every seat equally often), and a deal is the unit a
bootstrap resamples.
"""
from __future__ import annotations

from interpreter.analysis.observe import FINISHED


def results(scores: list, winners: list, sign: int) -> list[float]:
    """Each seat's result in [0, 1] (see the module docstring); `sign` -1 when lower scores are better."""
    low, high = min(scores), max(scores)
    if high == low:
        return [float(seat in winners) for seat in range(len(scores))]
    return [((score - low) if sign > 0 else (high - score)) / (high - low) for score in scores]


def deal_edges(agents: int, seatings: list, played: list, size: int) -> list[list[float | None] | None]:
    """For each whole block of `size` games (one deal), each agent's edge in it (None for an
    agent that had no seat). A block with a game that did not finish is None: its pars would
    weigh the agents unevenly."""
    out: list[list[float | None] | None] = []
    for start in range(0, len(played) - size + 1, size):
        games = range(start, start + size)
        if any(played[g]["status"] != FINISHED for g in games):
            out.append(None)
            continue
        seats = len(seatings[start])
        par = [sum(played[g]["results"][seat] for g in games) / size for seat in range(seats)]
        held: list[list[float]] = [[] for _ in range(agents)]
        for g in games:
            for seat, agent in enumerate(seatings[g]):
                held[agent].append(played[g]["results"][seat] - par[seat])
        out.append([sum(h) / len(h) if h else None for h in held])
    return out


def mean_edges(agents: int, deals: list) -> list[float]:
    """Each agent's edge over the deals given (0 for an agent that played none)."""
    means = []
    for agent in range(agents):
        values = [deal[agent] for deal in deals if deal is not None and deal[agent] is not None]
        means.append(sum(values) / len(values) if values else 0.0)
    return means
