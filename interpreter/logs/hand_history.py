"""A betting game's log written as poker hand histories: PokerKit's hand-history format (PHH,
TOML), one history per hand, all of a match in one `.phhs` text.

Nothing here knows a game: the ruleset declares its betting structure in `hand_history:`
(docs/language.md) — the phase that begins a hand, the button, the zones of the hole cards
and the board, the chips variable, the streets and which actions mean fold, check, call, bet,
raise and all-in. The hands are read from the log's events as replayed (a full log) or as
one seat saw them (a view log: the others' hole cards are `??` unless shown at showdown).

Every history is played through PokerKit's own state as it is written, so what comes out is
a history PokerKit reads back: a hand it cannot follow is a LogError, never a bad file. Its
writer also adds the checks PokerKit asks of a player nobody could answer (our betting skips
those turns: they decide nothing).
"""
from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field

from interpreter.logs.errors import LogError

_RAISES = ("bet", "raise")


class _Unfinished(Exception):
    """The hand is not over where the log ends."""


@dataclass
class _Action:
    seat: int                  # (a board action: its street's number)
    kind: str                  # fold, check, call, bet, raise, all_in, board, show
    to: int = 0                # a bet's or raise's total this street
    facing: int = 0            # the most another player had put in this street, when it was made
    cards: list = field(default_factory=list)


@dataclass
class _Hand:
    start: dict                # seat -> chips at the hand's start
    button: int
    forced: list = field(default_factory=list)          # (seat, amount), in the order paid
    holes: dict = field(default_factory=dict)           # seat -> [card id or None]
    actions: list = field(default_factory=list)
    end: dict = field(default_factory=dict)
    street: str | None = None
    street_in: dict = field(default_factory=dict)


def no_structure(ruleset) -> str:
    return f"{ruleset.name} declares no betting structure; hand histories are for betting games"


def _hands(events: list[dict], declared: dict, chips: dict) -> list[_Hand]:
    """Split the events into hands and collect what a hand history says of each."""
    kinds = {name: kind for kind, name in declared["actions"].items()}
    chips_var = re.compile(rf"p(\d+)\.{re.escape(declared['chips'])}$")
    hole = re.compile(rf"p(\d+)\.{re.escape(declared['hole'])}$")
    hands: list[_Hand] = []
    hand: _Hand | None = None
    button = None
    last: _Action | None = None          # the action whose chips are being paid
    street = 0                           # the streets begun in this hand (a board action's "seat")
    for event in events:
        kind = event["type"]
        if kind == "set":
            if event["var"] == declared["button"] and isinstance(event["value"], str):
                button = int(event["value"][1:])
            elif (match := chips_var.match(event["var"])) is not None:
                seat = int(match.group(1))
                paid, chips[seat] = chips[seat] - event["value"], event["value"]
                if hand is not None and paid > 0:
                    if hand.street is None:
                        hand.forced.append((seat, paid))
                    hand.street_in[seat] = hand.street_in.get(seat, 0) + paid
                    if last is not None and last.seat == seat:
                        last.to = hand.street_in[seat]
        elif kind == "phase_started" and event["phase"] == declared["hand"]:
            if hand is not None:
                hand.end = dict(chips)
            hand = _Hand(start=dict(chips), button=button)
            hands.append(hand)
            last, street = None, 0
        elif hand is None:
            continue
        elif kind == "phase_started" and event["phase"] in declared["streets"]:
            if hand.street is not None or declared.get("forced") == "antes":
                hand.street_in = {}          # blinds count as the first street's bets; antes do not
            hand.street, last = event["phase"], None
            street += 1
        elif kind == "moved" and (match := hole.match(event["to"])) and event["from"] != event["to"]:
            hand.holes.setdefault(int(match.group(1)), []).extend([event["card"]] * event.get("count", 1))
        elif kind == "moved" and event["to"] == declared["board"] and event["from"] != event["to"]:
            cards = [event["card"]] * event.get("count", 1)
            if hand.actions and hand.actions[-1].kind == "board" and hand.actions[-1].seat == street:
                hand.actions[-1].cards.extend(cards)
            else:
                hand.actions.append(_Action(street, "board", cards=cards))   # one per street
        elif kind == "shown" and event.get("card") and (match := hole.match(event.get("zone") or "")):
            seat = int(match.group(1))
            shows = [a for a in hand.actions if a.kind == "show" and a.seat == seat]
            if shows:
                shows[0].cards.append(event["card"])
            else:
                hand.actions.append(_Action(seat, "show", cards=[event["card"]]))
        elif kind == "decided" and event.get("kind") == "action" and event["choice"] in kinds:
            seat = event["player"]
            facing = max((v for s, v in hand.street_in.items() if s != seat), default=0)
            last = _Action(seat, kinds[event["choice"]], to=hand.street_in.get(seat, 0), facing=facing)
            hand.actions.append(last)
    if hand is not None:
        hand.end = dict(chips)
    return hands


def _card(card: str | None) -> str:
    """A card id as PHH writes it (rank, then the suit in lower case); an unseen card is ??."""
    return "??" if card is None else card[:-1] + card[-1].lower()


def _history(hand: _Hand, number: int, *, declared: dict, names: list[str], min_bet: int | None):
    """One hand as a PokerKit HandHistory, played through PokerKit's state as it is built."""
    from pokerkit import HandHistory
    seats = sorted(hand.holes, key=lambda s: (s - hand.button - 1) % len(hand.start))
    index = {seat: i + 1 for i, seat in enumerate(seats)}
    forced = [amount for _, amount in hand.forced]
    blinds = forced if declared.get("forced", "blinds") == "blinds" else []
    antes = [dict(hand.forced).get(seat, 0) for seat in seats] if not blinds else [0] * len(seats)
    actions = [f"d dh p{index[s]} " + "".join(map(_card, hand.holes[s])) for s in seats]
    for action in hand.actions:
        who = f"p{index.get(action.seat)}"
        if action.kind == "board":
            actions.append("d db " + "".join(map(_card, action.cards)))
        elif action.kind == "show":
            actions.append(f"{who} sm " + "".join(map(_card, action.cards)))
        elif action.kind == "fold":
            actions.append(f"{who} f")
        elif action.kind in _RAISES or (action.kind == "all_in" and action.to > action.facing):
            actions.append(f"{who} cbr {action.to}")
        else:
            actions.append(f"{who} cc")
    blinds = (blinds + [0] * len(seats))[:len(seats)]
    history = HandHistory(
        variant=declared["variant"], antes=antes, blinds_or_straddles=blinds,
        min_bet=min_bet if min_bet is not None else max(blinds + [1]),
        starting_stacks=[hand.start[s] for s in seats], actions=actions)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for state in history:  # noqa: B007 - the last state is the one read
                pass
            if state.status:
                raise _Unfinished
            game = history.create_game()
    except (ValueError, KeyError, IndexError) as exc:
        raise LogError(f"hand {number} cannot be written as a hand history: {exc}") from None
    # Written again from the state: it holds the checks PokerKit asks and our betting skips.
    return HandHistory.from_game_state(
        game, state, hand=number, seats=[s + 1 for s in seats], players=[names[s] for s in seats],
        finishing_stacks=[hand.end[s] for s in seats])


def _stand_in(ruleset, header: dict):
    """A game of the log's ruleset, options and names (for names and starting values only)."""
    from interpreter.engine.game import Game
    from interpreter.errors import GameError
    try:
        return Game(ruleset, header["players"], seed=0, options=header["options"], names=header.get("names"),
                    record=False)
    except GameError as exc:
        raise LogError(f"the game this log describes cannot start: {exc}") from None


def _initial(game, name: str) -> int:
    """A player variable's starting value (the stand-in has already played to its first
    decision, so its value now may differ)."""
    try:
        return game.initial_value(name, scope="player")
    except KeyError:
        return 0


def hand_histories(ruleset, header: dict, events: list[dict]) -> tuple[str, str | None]:
    """The hands of a log as PHH text (`[1]`, `[2]`, ... one table per hand), and a note when the
    log stops inside a hand (a game not over: that hand is left out); a LogError (one line)
    when the ruleset declares no betting structure or a hand cannot be written."""
    declared = ruleset.hand_history
    if declared is None:
        raise LogError(no_structure(ruleset))
    try:
        from pokerkit import HandHistory
    except ImportError:
        raise LogError("hand histories are written with PokerKit, which is not installed "
                       "(pip install pokerkit)") from None
    stand_in = _stand_in(ruleset, header)
    start = _initial(stand_in, declared["chips"])
    chips = {p.seat: start for p in stand_in.players}
    names = [p.name for p in stand_in.players]
    min_bet = stand_in.options[declared["min_bet"]] if "min_bet" in declared else None
    hands = [hand for hand in _hands(events, declared, chips) if hand.holes]
    histories, note = [], None
    for number, hand in enumerate(hands, start=1):
        try:
            histories.append(_history(hand, number, declared=declared, names=names, min_bet=min_bet))
        except _Unfinished:
            if number < len(hands):
                raise LogError(f"hand {number} cannot be written as a hand history: it never ends") from None
            note = f"hand {number} is not over where the log ends: it is left out"
    return (HandHistory.dumps_all(histories) + "\n" if histories else ""), note
