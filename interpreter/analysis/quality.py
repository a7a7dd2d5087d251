"""How a game feels to play, read from one game's rounds: drama, lead history, decisiveness.

Nothing here knows a game. At each round start the observer has read the ruleset's own
`result.winners` (who leads) and `result.score` (every seat's score); at the end, the result.
A seat's *standing* at a round start is its place then: 1 for the seats `result.winners` names
(or, when it cannot say, the best score), else one more than the seats with a better score,
"better" being the way the final scores ran (the winners' side). Its *final rank* is the same
place at the end. From those come, per game (docs/measures.md has definitions and sources):

- drama: whether the eventual winner trailed at some round start, the share of rounds it
  trailed, and how far behind it was then (its standing, scaled to 0..1 by the seats);
- decisiveness: how far into the game (0..1 of its rounds) the winner led for good;
- lead history: for each final rank, its standing at each tenth of the game (CardStock's
  average trend graphs, summed over games by the aggregate).
"""
from __future__ import annotations

from dataclasses import dataclass, field

TREND_BUCKETS = 10          # tenths of a game; bucket TREND_BUCKETS is the end
DIGITS = 4                  # per-game fractions are rounded so histograms merge exactly


@dataclass
class GameQuality:
    winner_trailed: bool | None = None
    trailing_share: float | None = None
    drama: float | None = None
    clear_at: float | None = None
    trend: dict = field(default_factory=dict)       # "rank|bucket" -> [sum of standings, count]


def direction(final_scores: list, winners: list) -> int:
    """+1 when a higher score is better (the winners' scores are above the others'), -1 when lower."""
    if not winners or len(winners) == len(final_scores):
        return 1
    won = sum(final_scores[s] for s in winners) / len(winners)
    rest = [final_scores[s] for s in range(len(final_scores)) if s not in winners]
    return -1 if won < sum(rest) / len(rest) else 1


def places(scores: list, leaders: set | None, sign: int) -> list[int]:
    """Each seat's place: 1 for a leader, else 1 + the number of seats ahead of it (leaders first,
    then by score in the direction `sign`); ties share a place."""
    if leaders is None:           # the ruleset cannot say who leads: the best score does
        best = max(sign * s for s in scores)
        leaders = {seat for seat, s in enumerate(scores) if sign * s == best}
    key = [(seat not in leaders, -sign * score) for seat, score in enumerate(scores)]
    return [1 + sum(other < mine for other in key) for mine in key]


def measure(rounds: list[tuple], *, final_scores: list, winners: list, players: int,
            one_side: bool | None = None) -> GameQuality:
    """The quality measures of one finished game.

    `rounds`: for each round start, (seats leading by `result.winners` or None, scores or None);
    a round whose scores could not be read leaves the game without these measures. Drama and
    decisiveness follow the winners when they are one side (`one_side`: one seat, or one team)."""
    quality = GameQuality()
    if players < 2 or not rounds or any(scores is None or len(scores) != players for _, scores in rounds):
        return quality
    sign = direction(final_scores, winners)
    standings = [places(list(scores), None if leaders is None else set(leaders), sign)
                 for leaders, scores in rounds]
    final = places(list(final_scores), set(winners) if winners else None, sign)
    count = len(standings)
    for seat in range(players):
        rank = final[seat]
        for i, places_now in enumerate(standings):
            _add(quality.trend, rank, i * TREND_BUCKETS // count, places_now[seat])
        _add(quality.trend, rank, TREND_BUCKETS, rank)
    if not winners or not (len(winners) == 1 if one_side is None else one_side):
        return quality
    winner, side = winners[0], set(winners)
    behind = [places_now[winner] - 1 for places_now in standings]
    trailing = [b for b in behind if b > 0]
    quality.winner_trailed = bool(trailing)
    quality.trailing_share = round(len(trailing) / count, DIGITS)
    quality.drama = round(sum(trailing) / len(trailing) / (players - 1), DIGITS) if trailing else 0.0
    alone = [{seat for seat, p in enumerate(places_now) if p == 1} == side for places_now in standings]
    clear = count
    while clear > 0 and alone[clear - 1]:
        clear -= 1
    quality.clear_at = round(clear / count, DIGITS)
    return quality


def _add(trend: dict, rank: int, bucket: int, standing: int) -> None:
    cell = trend.setdefault(f"{rank}|{bucket}", [0, 0])
    cell[0] += standing
    cell[1] += 1


def trend_lines(sums: dict, counts: dict, players: int) -> dict:
    """{final rank: [mean standing at each tenth of the game and at the end, None where no game had one]}."""
    lines = {}
    for rank in range(1, players + 1):
        line = []
        for bucket in range(TREND_BUCKETS + 1):
            key = f"{rank}|{bucket}"
            n = counts.get(key, 0)
            line.append(sums[key] / n if n else None)
        if any(v is not None for v in line):
            lines[str(rank)] = line
    return lines
