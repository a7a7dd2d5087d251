"""Differential test: Hanabi (rulesets/hanabi.yaml) against OpenSpiel's hanabi, which wraps the
Hanabi Learning Environment (HLE), the reference implementation of the full game.

Why: the same deals and the same moves must give, at every move, the same player, legal moves
mapped one to one, the same tokens, stacks, deck size, discards, hands and hints as every seat
sees them, and the same final score; docs/rules.md §11 takes its rules from the HLE's source.

How: ours is driven directly (an engine game whose draws follow a planned deal, `DealPlan`);
OpenSpiel's chance nodes deal the same planned cards. Random moves end most games on the last
fuse; "careful" moves (a playable card when there is one, else a discard or a hint) run the
deck out and build high stacks.
"""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed: nothing to compare against")

_OURS: dict = {}
# -- Hanabi: OpenSpiel wraps the Hanabi Learning Environment (HLE). A chance outcome is a card
# identity (colour x 5 + rank - 1, as likely as its copies left); a move's id is the HLE's:
# discards, plays, colour hints by target and colour, rank hints by target and rank.

HANABI_COLORS = "RYGWB"


class DealPlan:
    """A random source for our Hanabi that draws the cards OpenSpiel's chance nodes deal: each
    draw takes a card of the next planned identity, noting how many of each were left."""

    def __init__(self, plan: list[str]):
        self.plan, self.offered = list(plan), []

    def choice(self, items):
        left: dict[str, int] = {}
        for card in items:
            left[card.label] = left.get(card.label, 0) + 1
        self.offered.append(left)
        wanted = self.plan.pop(0)
        return next(c for c in items if c.label == wanted)


def hanabi_uid(move: tuple, players: int) -> int:
    """The HLE's id of one of our moves (kind, card or target offset, colour index or rank)."""
    kind, at, what = move
    hand = 5 if players <= 3 else 4
    if kind == "discard":
        return at - 1
    if kind == "play":
        return hand + at - 1
    if kind == "color":
        return 2 * hand + (at - 1) * 5 + what
    return 2 * hand + (players - 1) * 5 + (at - 1) * 5 + what - 1


def hanabi_seen(observation: str, players: int) -> dict:
    """What an HLE observation string says: tokens, stacks, deck, discards, and every hand by
    offset from the observer as (card or XX, told colour and rank as 'XX', 'R3'...)."""
    lines = observation.split("\n")
    hands, at = [[]], lines.index("Hands:") + 1
    while not lines[at].startswith("Deck size"):
        if lines[at] == "-----":
            hands.append([])
        elif lines[at] != "Cur player":
            card, knowledge = lines[at].split(" || ")
            hands[-1].append((card, knowledge.split("|")[0]))
        at += 1
    return {"fuses": int(lines[0].split(": ")[1]), "hints": int(lines[1].split(": ")[1]),
            "stacks": [int(x[1]) for x in lines[2].split(": ")[1].split()],
            "deck": int(lines[at].split(": ")[1]), "discards": lines[at + 1].split(":")[1].split(),
            "hands": hands}


def hanabi_ours(game, observer: int) -> dict:
    """The same, from our game as the observer's view has it."""
    players = len(game.players)
    view = game.view(observer)
    cards = {c.id: c for c in game.all_cards}
    hands = []
    for offset in range(players):
        p = game.players[(observer + offset) % players]
        shown = view["players"][p.seat]["zones"]["hand"]
        told = zip(game.vars_of(p)["told_colors"], game.vars_of(p)["told_ranks"])
        hands.append([(cards[cid].label if cid else "XX", (k or "X") + (str(r) if r else "X"))
                      for cid, (k, r) in zip(shown, told)])
    stacks = [sum(1 for c in game.cards_in(game.zones["fireworks"]) if c.attrs["color"] == k) for k in HANABI_COLORS]
    return {"fuses": game.vars["fuses"], "hints": game.vars["hints"], "stacks": stacks,
            "deck": len(game.cards_in(game.zones["deck"])), "discards": [c.label for c in game.cards_in(game.zones["discards"])],
            "hands": hands}


def play_hanabi(players: int, rng: random.Random, *, careful: float = 0.0) -> tuple[int, int]:
    """One game of both with random moves (with probability `careful` a move that knows the
    cards: a playable card, else a discard or a hint); the decisions compared and the score."""
    from interpreter import load_ruleset
    from interpreter.rl.chance import DrawnGame
    theirs = pyspiel.load_game("hanabi", {"players": players}).new_initial_state()
    plan = [f"{k}{r}" for k in HANABI_COLORS for r, n in ((1, 3), (2, 2), (3, 2), (4, 2), (5, 1)) for _ in range(n)]
    rng.shuffle(plan)
    draws = DealPlan(plan)
    if "hanabi" not in _OURS:
        _OURS["hanabi"] = load_ruleset("hanabi")
    ours = DrawnGame(_OURS["hanabi"], players, draws=draws)
    dealt, chances, decisions = 0, [], 0
    where = lambda: f"hanabi, {players} players, history {theirs.history()}"  # noqa: E731
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            chances.append({f"{HANABI_COLORS[a // 5]}{a % 5 + 1}": p for a, p in theirs.chance_outcomes()})
            card = plan[dealt]
            theirs.apply_action(HANABI_COLORS.index(card[0]) * 5 + int(card[1]) - 1)
            dealt += 1
            continue
        assert not ours.over and ours.decision.player == theirs.current_player(), f"{where()}: whose turn"
        for seat in range(players):
            assert hanabi_ours(ours, seat) == hanabi_seen(theirs.observation_string(seat), players), \
                f"{where()}: seat {seat} sees {hanabi_ours(ours, seat)}\nOpenSpiel:\n{theirs.observation_string(seat)}"
        legal = {hanabi_uid(m, players): m for m in ours.decision.options}
        assert sorted(legal) == theirs.legal_actions(), f"{where()}: legal {sorted(legal)} vs {theirs.legal_actions()}"
        pick = rng.choice(sorted(legal))
        if rng.random() < careful:
            hand = ours.cards_in(ours.players[ours.decision.player].zones["hand"])
            good = [m for m in legal.values() if m[0] == "play" and hanabi_playable(ours, hand[m[1] - 1])]
            safe = good or [m for m in legal.values() if m[0] != "play"]
            pick = hanabi_uid(rng.choice(safe), players)
        ours.apply_value(legal[pick])
        theirs.apply_action(pick)
        decisions += 1
    assert ours.over, f"{where()}: OpenSpiel's game is over, ours is not"
    assert len(draws.offered) == len(chances)
    for left, outcomes in zip(draws.offered, chances):
        total = sum(left.values())
        assert {k: n / total for k, n in left.items()} == pytest.approx(outcomes), f"{where()}: deck {left}"
    score = ours.scores()[0]
    assert [score] * players == pytest.approx(theirs.returns()), f"{where()}: score {score} vs {theirs.returns()}"
    return decisions, score, ours.vars["fuses"], len(ours.cards_in(ours.zones["fireworks"]))


def hanabi_playable(game, card) -> bool:
    stack = sum(1 for c in game.cards_in(game.zones["fireworks"]) if c.attrs["color"] == card.attrs["color"])
    return stack == card.attrs["rank"] - 1


@pytest.mark.slow
@pytest.mark.parametrize("players, games, careful", [(2, 1000, 0.0), (2, 100, 0.9), (3, 100, 0.9), (5, 50, 0.5)])
def test_hanabi_random_games(players, games, careful):
    """GIVEN Hanabi with the Hanabi Learning Environment's full-game defaults
    WHEN the same deals and moves are played in ours and OpenSpiel's, the moves random or (to
    reach the empty deck and high stacks) mostly careful
    THEN at every move the same player acts, the legal moves map one to one, every seat sees
    the same tokens, stacks, deck size, discards, hands and hints (what was told, D-34), the
    deals draw from the same
    cards alike, and the final score is OpenSpiel's return (0 once the last fuse burns)."""
    rng = random.Random(players * 10 + int(careful * 10))
    results = [play_hanabi(players, rng, careful=careful) for _ in range(games)]
    assert sum(r[0] for r in results) > games * 3
    if careful > 0.8:       # careful games run the deck out and build stacks
        assert max(r[1] for r in results) >= 15
    else:                   # the last fuse burns with cards on the stacks: the score is 0 in both
        assert any(r[2] == 0 and r[3] > 0 and r[1] == 0 for r in results)
