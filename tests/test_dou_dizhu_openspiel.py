"""Differential test: Dou Dizhu (rulesets/dou-dizhu.yaml) against OpenSpiel's dou_dizhu.

Why: OpenSpiel's dou_dizhu is the reference implementation researchers use. The same deals and
the same moves must give, at every decision, the same player, the same legal moves mapped one
to one (every combination shape: singles, pairs, trios with or without a single or a pair, runs
of singles, pairs and triples, planes with singles or pairs, bombs, the rocket), the same public
information and, at the end, the same returns; docs/rules.md §12 takes its rules from
OpenSpiel's source.

How: ours is driven directly (an engine game whose draws follow a planned deal, `DealPlan`);
OpenSpiel's chance nodes deal the same cards: first the place in the deal of the card dealt face
up, then the 51 cards one at a time to seats 0, 1, 2, 0, ... A card's OpenSpiel index is its suit
times 13 plus its rank from the 3 (the jokers 52 and 53). Moves map by OpenSpiel's own names for
them ("Bid 2", "Pass", "33344", "333444-57" for a plane with its side cards).
"""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (pyspiel) is not installed: nothing to compare against")

RANKS = "3456789TJQKA2"
SUITS = "SHDC"                    # any order: OpenSpiel's suits never matter, only its ranks
NAMES = [*RANKS, "(BWJ)", "(CJ)"]  # OpenSpiel's name of each rank, by our power - 1
_OURS: dict = {}


def card_id(index: int) -> str:
    """Our card id of OpenSpiel's card index."""
    if index >= 52:
        return ("BJ", "RJ")[index - 52]
    return RANKS[index % 13] + SUITS[index // 13]


class DealPlan:
    """A random source for our game that draws what OpenSpiel's chance nodes are given: the
    face-up place, then planned cards; it notes how many items each draw was among."""

    def __init__(self, up: int, cards: list[int]):
        self.plan: list = [up] + [card_id(i) for i in cards]
        self.offered: list = []

    def choice(self, items):
        items = list(items)
        wanted = self.plan.pop(0)
        self.offered.append(sorted(x if isinstance(x, int) else x.id for x in items))
        return wanted if isinstance(wanted, int) else next(c for c in items if c.id == wanted)

    def copy(self) -> "DealPlan":
        copy = DealPlan.__new__(DealPlan)
        copy.plan, copy.offered = list(self.plan), list(self.offered)
        return copy


def ranks(cards) -> list[str]:
    return [NAMES[c.attrs["power"] - 1] for c in cards]


def move_name(option) -> str:
    """OpenSpiel's name of one of our moves."""
    if isinstance(option, str):
        return "Pass" if option == "pass" else "Bid " + option[-1]
    cards, kind = option
    if kind == "pass":
        return "Pass"
    if kind.startswith("plane+"):
        main = len(cards) // (4 if kind == "plane+singles" else 5) * 3
        side = sorted(cards[main:], key=lambda c: c.attrs["power"])
        return "".join(ranks(cards[:main])) + "-" + "".join(ranks(side))
    return "".join(ranks(sorted(cards, key=lambda c: c.attrs["power"])))


def hand_text(cards) -> str:
    return "".join(ranks(sorted(cards, key=lambda c: c.attrs["power"])))


def seen_theirs(state, seat: int) -> dict:
    """What OpenSpiel's observation string tells a seat."""
    text = state.observation_string(seat)
    hand, played, rest = text.split("\n", 2)
    start = int(rest.split("start player: ")[1].split("My")[0])
    from_landlord = int(rest.split("My position from Dizhu: ")[1])
    return {"hand": hand[len("My hand "):], "played": played[len("Played cards "):],
            "start": start, "from_landlord": from_landlord}


def seen_ours(game, seat: int, *, landlord_known: bool) -> dict:
    """The same from our game, read from what the seat's view shows."""
    view = game.view(seat)
    cards = {c.id: c for c in game.all_cards}
    mine = [cards[i] for i in view["players"][seat]["zones"]["hand"]]
    for other in range(3):
        if other != seat:
            assert not any(view["players"][other]["zones"]["hand"]), f"seat {seat} sees seat {other}'s hand"
    played = [cards[i] for zone in ("table", "played") for i in view["zones"][zone]]
    landlord = game.vars["landlord"].seat if landlord_known else -1
    return {"hand": hand_text(mine), "played": hand_text(played),
            "start": game.vars["first_bidder"].seat, "from_landlord": (seat - landlord + 3) % 3}


def load_ours():
    from interpreter import load_ruleset
    if "ruleset" not in _OURS:
        _OURS["ruleset"] = load_ruleset("dou-dizhu")
    return _OURS["ruleset"]


def play(rng: random.Random, *, up: int | None = None, deal: list[int] | None = None,
         script: list[str] = (), farmers_pass: bool = False) -> tuple[int, list[float], object]:
    """One game of both: the planned (else random) deal, the scripted moves by name, then random
    ones (with `farmers_pass`, the farmers pass whenever they may). Returns the decisions
    compared, the returns and our game."""
    from interpreter.rl.chance import DrawnGame
    theirs = pyspiel.load_game("dou_dizhu").new_initial_state()
    up = rng.randrange(51) if up is None else up
    if deal is None:
        deal = list(range(54))
        rng.shuffle(deal)
    draws = DealPlan(up, deal[:51])
    ours = DrawnGame(load_ours(), 3, draws=draws)
    where = lambda: f"dou_dizhu, OpenSpiel history {theirs.history()}"  # noqa: E731
    chances = [sorted(a for a, _ in theirs.chance_outcomes())]
    theirs.apply_action(up)
    for index in deal[:51]:
        chances.append(sorted(a - 51 for a, _ in theirs.chance_outcomes()))
        theirs.apply_action(51 + index)
    assert draws.offered[0] == chances[0], f"{where()}: the face-up place is drawn among {draws.offered[0]}"
    for offered, outcomes in zip(draws.offered[1:], chances[1:]):
        assert offered == sorted(card_id(i) for i in outcomes), f"{where()}: dealt from {offered}"
    script, decisions = list(script), 0
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert not ours.over and ours.decision.player == seat, f"{where()}: whose turn"
        names = {theirs.action_to_string(seat, a): a for a in theirs.legal_actions()}
        legal = {move_name(o): o for o in ours.decision.options}
        assert len(legal) == len(ours.decision.options), f"{where()}: two of our moves share a name"
        assert sorted(legal) == sorted(names), \
            f"{where()}: ours only {sorted(set(legal) - set(names))}, theirs only {sorted(set(names) - set(legal))}"
        known = ours.vars["bid"] > 0 and not ours.vars["bidding"]
        # what the seat to move sees (every seat is compared in turn; all three cost a third of the time)
        mine, seen = seen_ours(ours, seat, landlord_known=known), seen_theirs(theirs, seat)
        if not known:
            del mine["from_landlord"], seen["from_landlord"]
        assert mine == seen, f"{where()}: seat {seat} sees {mine}, OpenSpiel {seen}"
        name = script.pop(0) if script else rng.choice(sorted(names))
        if farmers_pass and known and seat != ours.vars["landlord"].seat and "Pass" in names:
            name = "Pass"
        ours.apply_value(legal[name])
        theirs.apply_action(names[name])
        decisions += 1
    assert ours.over, f"{where()}: OpenSpiel's game is over, ours is not"
    assert [float(s) for s in ours.scores()] == theirs.returns(), f"{where()}: {ours.scores()} vs {theirs.returns()}"
    return decisions, theirs.returns(), ours


def test_one_random_game_agrees():
    """GIVEN one random deal and random moves WHEN both games play them THEN every decision has the
    same player, legal moves, public information, and the game ends with the same returns."""
    decisions, _, _ = play(random.Random(7))
    assert decisions > 0


@pytest.mark.slow
def test_random_games_agree():
    """GIVEN 1,000 random deals and random moves WHEN both games play them THEN no decision differs,
    and the games cover void deals, won and lost landlords and bombs. Among the rules compared:
    no run starts at a value held four times (D-42), a player who passed may bid again and a
    plane's single side cards repeat a value up to three times, never both jokers (D-45), and
    no seat sees another's hand or the cards left over (D-41)."""
    rng = random.Random(2026)
    decisions, outcomes = 0, set()
    for _ in range(1000):
        n, returns, ours = play(rng)
        decisions += n
        landlord = ours.vars["landlord"].seat if any(returns) else None
        outcomes.add("void" if landlord is None else "landlord won" if returns[landlord] > 0 else "farmers won")
        if ours.vars["bombs"]:
            outcomes.add("bomb")
    assert decisions > 40_000
    assert {"void", "landlord won", "farmers won", "bomb"} <= outcomes


def fixed_deal(first: list[str], rest_seed: int) -> list[int]:
    """A deal giving seat 0 the cards named (OpenSpiel names: '3', 'T', '(BWJ)'...), the rest shuffled."""
    wanted: list[int] = []
    for name in first:
        rank = NAMES.index(name)
        index = 52 + rank - 13 if rank >= 13 else next(s * 13 + rank for s in range(4) if s * 13 + rank not in wanted)
        wanted.append(index)
    rest = [i for i in range(54) if i not in wanted]
    random.Random(rest_seed).shuffle(rest)
    deal: list[int] = []
    for k in range(51):
        deal.append(wanted.pop(0) if k % 3 == 0 and wanted else rest.pop())
    return deal + rest


@pytest.mark.parametrize("seed", range(5))
def test_bomb_and_rocket_double_the_stake(seed):
    """GIVEN seat 0 holding four 3s and both jokers, dealt the face-up card, WHEN it bids 3, leads
    the bomb and then the rocket, the others passing, THEN both games agree at every decision (a
    bomb may answer the rocket, D-44) and the landlord's stake is 3 doubled by each bomb (and
    again for a spring, D-43) in the returns."""
    deal = fixed_deal(["3", "3", "3", "3", "(BWJ)", "(CJ)"], seed)
    _, returns, ours = play(random.Random(seed), up=0, deal=deal,
                            script=["Bid 3", "3333", "Pass", "Pass", "(BWJ)(CJ)", "Pass", "Pass"])
    bombs = ours.vars["bombs"]      # the two scripted, and any the random moves after them play
    assert bombs >= 2
    assert abs(returns[0]) in (2 * 3 * 2 ** bombs, 2 * 3 * 2 ** (bombs + 1))
    assert sum(returns) == 0


def test_rocket_beats_a_bomb():
    """GIVEN seat 0 holding four 3s and seat 1 both jokers WHEN seat 0 bids 3 and leads the bomb
    THEN seat 1 may answer with the rocket in both games, and after two passes leads."""
    deal = fixed_deal(["3", "3", "3", "3"], 11)
    jokers = [deal.index(52), deal.index(53)]
    seat1 = [k for k in range(1, 51, 3) if deal[k] < 52][:2]
    for j, k in zip(jokers, seat1):
        deal[j], deal[k] = deal[k], deal[j]
    _, _, ours = play(random.Random(1), up=0, deal=deal, script=["Bid 3", "3333", "(BWJ)(CJ)", "Pass", "Pass"])
    assert ours.vars["bombs"] >= 2


def test_no_four_with_two_side_cards():
    """GIVEN seat 0 holding four 3s, dealt the face-up card, WHEN it bids 3 and leads THEN neither
    game offers four of a kind with side cards (D-40), only the bomb, and the legal leads agree
    with OpenSpiel's."""
    from interpreter.rl.chance import DrawnGame
    deal = fixed_deal(["3", "3", "3", "3"], 5)
    ours = DrawnGame(load_ours(), 3, draws=DealPlan(0, deal[:51]))
    ours.apply_value("bid_3")
    fours = [(cards, kind) for cards, kind in ours.decision.options
             if len(cards) > 4 and any(sum(c.attrs["power"] == x.attrs["power"] for x in cards) == 4 for c in cards)]
    assert ("bomb" in {kind for _, kind in ours.decision.options}) and not fours
    play(random.Random(5), up=0, deal=deal, script=["Bid 3"])


@pytest.mark.parametrize("seed", range(3))
def test_a_spring_doubles_the_stake(seed):
    """GIVEN a random deal, seat 0 dealt the face-up card WHEN it bids 3 and plays out its cards
    while the farmers always pass THEN both games agree at every decision and the stake is 3
    doubled by each bomb and once more for the spring (D-43): the landlord wins 2 x 3 x 2^(bombs + 1)."""
    _, returns, ours = play(random.Random(seed), up=0, script=["Bid 3"], farmers_pass=True)
    assert returns[0] == 2 * 3 * 2 ** (ours.vars["bombs"] + 1)
