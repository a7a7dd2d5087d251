"""Random games that run far longer than the others at the same player count (issue 28, item 9).

A rule under which random players may keep drawing instead of playing makes some games hoard
cards for tens of thousands of decisions, each at a normal cost: a simulation then looks hung.
After the games, the longest one at each player count is named with its seed when it took many
times the usual number of decisions, with the largest hand it left, so a designer sees why.
"""
from __future__ import annotations

from statistics import median

LONG_FACTOR = 10        # decisions: this many times the median of the games at the same player count
LONG_MARGIN = 500       # and at least this many more (a game of 3 decisions against 30 is no news)
BIG_HAND_FACTOR = 3     # a hand this many times the usual largest one is called out
MIN_GAMES = 5           # fewer games than this say nothing about what is usual


def largest_hand(game) -> tuple[int, str]:
    """The most cards one player's zone holds now, and which ('Player 1's hand')."""
    best, where = 0, ""
    for player in game.players:
        for name, zone in player.zones.items():
            held = len(game.cards_in(zone))
            if held > best:
                best, where = held, f"{player.name}'s {name}"
    return best, where


def long_game_warnings(outcomes: list) -> list:
    """A warning per player count whose longest game took LONG_FACTOR times the median
    decisions (and LONG_MARGIN more), with its seed, how many such games there were, and the
    largest hand it left when that is far above the usual."""
    from interpreter.errors import Diagnostic
    by_count: dict[int, list] = {}
    for outcome in outcomes:
        by_count.setdefault(outcome.players, []).append(outcome)
    warnings = []
    for players, games in sorted(by_count.items()):
        if len(games) < MIN_GAMES:
            continue
        usual = median(o.decisions for o in games)
        bound = max(usual * LONG_FACTOR, usual + LONG_MARGIN)
        long = [o for o in games if o.decisions > bound]
        if not long:
            continue
        worst = max(long, key=lambda o: o.decisions)
        usual_hand = median(o.largest_hand for o in games)
        hand = ""
        if worst.largest_hand > max(usual_hand * BIG_HAND_FACTOR, usual_hand + 5):
            hand = (f"; a hand grew to {worst.largest_hand} cards ({worst.largest_hand_zone}; {usual_hand:g} "
                    "in the median game): random players may be hoarding cards under a draw rule")
        others = f" ({len(long)} of {len(games)} games ran that long)" if len(long) > 1 else ""
        warnings.append(Diagnostic(
            "long-game", f"random game {worst.index} at {players} players (seed {worst.seed}) took {worst.decisions:,} "
            f"decisions, {worst.decisions / max(usual, 1):,.0f} times the usual {usual:g}{others}{hand}",
            None, "if a player can put off ending the game for ever, bound it in the rules (a draw limit, "
            "a round count) or with 'limits: {decisions: N}'", "warning"))
    return warnings
