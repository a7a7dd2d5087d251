"""Helpers for the Hearts-family scenario tests (tests/test_hearts.py, tests/test_black_maria.py).

Why: both rulesets deal with `deal_all(deck, players_from(dealer.left) ...)`, one card at a time
starting left of a dealer drawn at random by seed (docs/rules.md D-03) who moves one seat left every
hand. To give each seat a chosen hand, a test needs the deck order for that dealer; these helpers
build it, and drive the passing and the play so that the tests read as rules.

How the stacked deck works: `Game(..., stacked=[order, ...])` hands the next order to each
shuffle(); the listed cards go on top (first listed = first dealt), the rest shuffled below.
An empty order leaves that hand's deal random.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from interpreter import Game
from tests.conftest import ruleset  # noqa: F401  (the shipped ruleset by name, loaded once per session)

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
PASS_PROMPT = "choose a card to pass"
PLAY_PROMPT = "play a card"
BIG_TARGET = {"target": 100_000}  # keeps a game going for as many hands as a test needs

Hands = Mapping[int, Sequence[str]]




def first_dealer(name: str, players: int, seed: int, options: dict | None = None) -> int:
    """The seat that deals the first hand of a game with this seed (drawn before any deal)."""
    return Game(ruleset(name), players=players, seed=seed, options=options).vars["dealer"].seat


def seed_with_dealer(name: str, players: int, dealer: int, options: dict | None = None) -> int:
    """The smallest seed whose first dealer is `dealer`, so a test can write hands by seat."""
    for seed in range(200):
        if first_dealer(name, players, seed, options) == dealer:
            return seed
    raise AssertionError(f"no seed below 200 makes seat {dealer} the first dealer")


def deck_ids(name: str, players: int, options: dict | None = None) -> list[str]:
    """The ids of the cards in play at this player count (after the ruleset's removals)."""
    game = Game(ruleset(name), players=players, seed=0, options=options)
    return [c.id for c in game.cards_in_play]


def stack_order(hands: Hands, dealer: int, players: int, deck: Sequence[str]) -> list[str]:
    """The deck order, top first, that deals seat s exactly `hands[s]` (in that order) when the
    deal starts left of `dealer`. Seats not listed, and short hands, are filled up with the
    remaining cards of `deck` in deck order (so a test lists every card that matters)."""
    per_seat, extra = divmod(len(deck), players)
    assert extra == 0, f"{len(deck)} cards do not deal evenly to {players} players"
    listed = [cid for seat_cards in hands.values() for cid in seat_cards]
    assert len(set(listed)) == len(listed), f"a card is listed twice: {listed}"
    unknown = sorted(set(listed) - set(deck))
    assert not unknown, f"not in this deck: {unknown}"
    spare = [cid for cid in deck if cid not in set(listed)]
    full: dict[int, list[str]] = {}
    for seat in range(players):
        cards = list(hands.get(seat, []))
        assert len(cards) <= per_seat, f"seat {seat} is given {len(cards)} cards, more than {per_seat}"
        while len(cards) < per_seat:
            cards.append(spare.pop(0))
        full[seat] = cards
    order = []
    for round_ in range(per_seat):
        for step in range(players):
            order.append(full[(dealer + 1 + step) % players][round_])
    return order


def new_game(name: str, players: int, hands: Hands | None = None, *, dealer: int = 0,
             hand: int = 0, options: dict | None = None, later: Sequence[Hands] = ()) -> Game:
    """A game in which, in hand number `hand` (0-based), seat `dealer` deals and each seat s is
    dealt `hands[s]`; `later` stacks the hands after that one (the dealer moving left each hand).
    The hands before `hand` are dealt at random and played out with the first legal choice
    (see `play_out_hand`). Returns the game at the first decision of hand `hand`."""
    options = dict(options or {})
    seed = seed_with_dealer(name, players, (dealer - hand) % players, options)
    deck = deck_ids(name, players, options)
    stacked: list[list[str]] = [[] for _ in range(hand)]
    for k, seat_hands in enumerate([hands or {}, *later]):
        stacked.append(stack_order(seat_hands, (dealer + k) % players, players, deck))
    game = Game(ruleset(name), players=players, seed=seed, options=options, stacked=stacked)
    for _ in range(hand):
        play_out_hand(game)
    assert game.vars["hand_number"] == hand and game.vars["dealer"].seat == dealer
    return game


def hand_of(game: Game, seat: int) -> list[str]:
    """The ids of the cards seat `seat` holds, in order."""
    return [c.id for c in game.cards_in(game.players[seat].zones["hand"])]


def taken_by(game: Game, seat: int) -> list[str]:
    """The ids of the cards seat `seat` has won in tricks this hand."""
    return [c.id for c in game.cards_in(game.players[seat].zones["taken"])]


def legal(game: Game) -> list[str]:
    """The ids of the current decision's legal choices."""
    return [c.id for c in game.decision.choices]


def pass_cards(game: Game, picks: Mapping[int, Sequence[str]] | None = None) -> dict[int, list[str]]:
    """Take the whole (simultaneous) passing round: seat s passes `picks[s]`; a seat not listed
    passes the last three cards of its hand. Returns what each seat passed."""
    picks = picks or {}
    passed: dict[int, list[str]] = {}
    while game.decision is not None and game.decision.prompt == PASS_PROMPT:
        seat = game.decision.player
        mine = passed.setdefault(seat, [])
        wanted = list(picks.get(seat, [])) or hand_of(game, seat)[-3:]
        card = wanted[len(mine)]
        game.apply(card)
        mine.append(card)
    return passed


def play(game: Game, *cards: str) -> None:
    """Play these cards in turn; each must be a legal choice of whoever is to play."""
    for card in cards:
        assert game.decision is not None and game.decision.prompt == PLAY_PROMPT, game.decision
        game.apply(card)


def play_out_hand(game: Game) -> None:
    """Finish the current hand (passing included) with the first legal choice at every decision."""
    number = game.vars["hand_number"]
    while not game.over and game.vars["hand_number"] == number:
        game.apply(game.decision.choices[0])


def hand_points(game: Game) -> list[int]:
    """Every seat's points for the last scored hand."""
    return [game.vars_of(p)["hand_points"] for p in game.players]


def scores(game: Game) -> list[int]:
    """Every seat's running total."""
    return [game.vars_of(p)["score"] for p in game.players]


def suit_cards(suit: str, ranks: str = "23456789TJQKA") -> list[str]:
    """Card ids of one suit letter ('C', 'D', 'H', 'S') for the given rank characters."""
    return [r + suit for r in ranks]


RANKS = "23456789TJQKA"


def rank_of(card_id: str) -> int:
    """2..14 (A high) from a standard id like 'TH'."""
    return RANKS.index(card_id[0]) + 2


def play_hand_at_random(game: Game, rng) -> list[list[str]]:
    """Play the current hand (passing included) with random legal choices to its end and return
    the cards each seat won, worked out HERE from the plays, not read from the engine: the highest
    card of the led suit takes the trick. Also checks that the trick's winner leads the next one."""
    players = len(game.players)
    won: list[list[str]] = [[] for _ in range(players)]
    number = game.vars["hand_number"]
    trick: list[tuple[int, str]] = []
    while not game.over and game.vars["hand_number"] == number:
        decision = game.decision
        card = decision.choices[rng.randrange(len(decision.choices))].id
        if decision.prompt == PLAY_PROMPT:
            trick.append((decision.player, card))
        game.apply(card)
        if len(trick) == players:
            led = trick[0][1][-1]
            winner = max((t for t in trick if t[1][-1] == led), key=lambda t: rank_of(t[1]))[0]
            won[winner] += [c for _, c in trick]
            trick = []
            if game.vars["hand_number"] == number and not game.over:
                assert game.decision.player == winner, "the trick's winner leads the next trick"
    assert not trick, "the hand ended in the middle of a trick"
    return won
