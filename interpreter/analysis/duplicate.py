"""Duplicate scoring of a tournament: each agent's result set against the par of the seat and the
deal it played, as duplicate card tournaments score a deal.

A game's **result** for a seat is in [0, 1]: where its score falls between the lowest and the
highest score of any seat in any game of the same deal (1 the best, turned round when the winners
are those with the lower scores), so it counts by how much a seat won or lost, not only whether,
and a chip or a point is worth the same in every game of the deal; when every score of the deal is
the same, 1 for a winner and 0 for the others. (Placed within each game instead, two seats
heads-up would only ever score 1 or 0: winning a small pot would count as much as a large one,
and folding a poor hand would count as much as losing everything with it. Half a point for
winning on top of the score was tried: in a one-hand trick game it doubled the deals needed to
tell two search players apart, the winner of a single hand being a lumpy signal;
docs/measures.md.) The **par** of a seat of a deal is the mean result of
every game of that deal's block at that seat: every agent sat there equally often, so the
cards' luck is in the par. An agent's **edge** in a deal is the mean, over the seats it
held, of its result less the par; its edge in the tournament is the mean over deals. Edges sum
to zero over the agents of a deal (each sat every seat equally often), and a deal is the unit a
bootstrap resamples.
"""
from __future__ import annotations

from interpreter.analysis.observe import FINISHED


def deal_results(games: list[dict]) -> list[list[float]]:
    """Each seat's result in [0, 1] in each of the finished games of one deal, given their
    "scores", "winners" and "sign" (-1 when lower scores are better); see the module docstring."""
    low = min(min(game["scores"]) for game in games)
    high = max(max(game["scores"]) for game in games)
    if high == low:
        return [[float(seat in game["winners"]) for seat in range(len(game["scores"]))] for game in games]
    span = high - low
    return [[((score - low) if game["sign"] > 0 else (high - score)) / span for score in game["scores"]]
            for game in games]


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
        results = deal_results([played[g] for g in games])
        par = [sum(result[seat] for result in results) / size for seat in range(seats)]
        held: list[list[float]] = [[] for _ in range(agents)]
        for g, result in zip(games, results):
            for seat, agent in enumerate(seatings[g]):
                held[agent].append(result[seat] - par[seat])
        out.append([sum(h) / len(h) if h else None for h in held])
    return out


def mean_edges(agents: int, deals: list) -> list[float]:
    """Each agent's edge over the deals given (0 for an agent that played none)."""
    means = []
    for agent in range(agents):
        values = [deal[agent] for deal in deals if deal is not None and deal[agent] is not None]
        means.append(sum(values) / len(values) if values else 0.0)
    return means
