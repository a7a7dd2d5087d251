"""Adapter that drives OpenSpiel's ``hearts`` game with our card ids.

Why: OpenSpiel (pyspiel) ships an independent C++ Hearts implementation. Driving
it move-for-move alongside our interpreter gives a differential check of legal
move sets and hand scores. This module only translates; all rule decisions and
the final points come from OpenSpiel itself.

How OpenSpiel models one hand (verified against open_spiel 2.0.2
``games/hearts/hearts.{h,cc}`` and by behaviour):

* One OpenSpiel episode is ONE hand. There is no match to 100; the caller
  chooses the pass direction per hand (our cycle left, right, across, none).
* Chance node 1 picks the pass direction: action 0 = no pass, 1 = left,
  2 = across, 3 = right (note: a different order than our cycle).
  The parameter ``pass_cards`` must be True for 1..3 to be legal.
* Chance nodes 2..53 deal the 52 cards round-robin: the k-th deal action gives
  card ``action`` to seat ``k % 4``. The adapter interleaves ``hands`` so each
  seat ends up with exactly the requested cards.
* Seats: 0..3 = N, E, S, W; play goes seat -> seat + 1 (clockwise).
  A passer's cards go to ``(seat + direction) % 4``, so "left" = seat + 1
  (our convention), "right" = seat - 1, "across" = seat + 2.
* Card action = rank_index * 4 + suit_index with ranks '2'..'A' and suits
  C, D, H, S; OpenSpiel's own card strings are exactly our ids ('2C', 'QS').
* Returns: ``26 - points`` per seat ("subtracting the in-game points from an
  upper bound" so that RL maximises). A moon (all 26 to one seat) is applied
  inside OpenSpiel as "add_to_others": shooter -26, others +26, i.e. returns
  26 for the shooter and 0 for the others. ``points()`` inverts this
  (``26 - return``) and cross-checks it against ``HeartsState.points(p)``.

Parameters chosen (``OPENSPIEL_PARAMS``), each checked in the source:

* ``pass_cards=True``            - all four pass directions are available.
* ``no_pts_on_first_trick=True`` - no heart / QS on trick 1 if avoidable.
* ``can_lead_any_club=False``    - the 2C must open trick 1.
* ``jd_bonus=False``             - no -10 for the jack of diamonds.
* ``avoid_all_tricks_bonus=False`` - no -5 for taking no tricks.
* ``must_break_hearts=True``     - hearts may not be led until broken.
* ``qs_breaks_hearts=False``     - OpenSpiel's DEFAULT IS TRUE; our rules say
  the QS does not break hearts, so this must be set explicitly.
* ``can_lead_hearts_instead_of_qs=False`` - see quirk 4.

Quirks / edge cases of OpenSpiel's rules (all consistent with our rules
unless stated; the adapter tests pin them down):

1. Passing is sequential, not simultaneous: seat 0 chooses 3 cards one at a
   time, then seat 1, 2, 3 (during passing ``current_player`` is 0,0,0,1,...,3
   regardless of direction). Passed cards are delivered only after seat 3's
   third card, so nobody sees received cards early - equivalent to
   simultaneous passing. Any held card may be passed.
2. Legal play is decided in this order: follow the led suit if able; else on
   trick 1 any non-heart non-QS card; else (when leading) any non-heart unless
   hearts are broken; else any card.
3. Trick 1, void in clubs, holding only hearts and the QS: every card is
   legal, the QS included (some house rules force a heart instead; ours and
   OpenSpiel's do not). A heart discarded on trick 1 breaks hearts.
4. Leading while hearts are unbroken with only hearts + QS in hand: the QS
   is the ONLY legal lead (with ``can_lead_hearts_instead_of_qs=True`` hearts
   would be allowed instead). This matches "unless the leader holds only
   hearts". Holding only hearts: any heart may be led, and that breaks hearts.
5. Hearts become broken when any heart is played (led or discarded). With
   ``qs_breaks_hearts=False`` the QS never does.
6. Moon detection: every trick with non-zero points was won by the same
   seat - identical to "took all 26" when ``jd_bonus`` is off.
7. ``apply_action`` does NOT validate legality (an out-of-range action was
   silently accepted in a probe, undefined behaviour in C++), so the adapter
   checks every move itself.
8. At the end ``current_player()`` is -4 (kTerminalPlayerId); chance nodes are
   -1. The adapter reports -1 once the hand is over.
"""

from __future__ import annotations

import pyspiel

RANKS = "23456789TJQKA"
SUITS = "CDHS"  # OpenSpiel suit order: clubs 0, diamonds 1, hearts 2, spades 3

# Our card id <-> OpenSpiel action (rank_index * 4 + suit_index).
CARD_TO_ACTION: dict[str, int] = {
    r + s: ri * 4 + si for ri, r in enumerate(RANKS) for si, s in enumerate(SUITS)
}
ACTION_TO_CARD: dict[int, str] = {a: c for c, a in CARD_TO_ACTION.items()}

# Our pass direction name -> OpenSpiel's first chance action (PassDir enum).
PASS_DIRECTION_ACTION: dict[str, int] = {"none": 0, "left": 1, "across": 2, "right": 3}

# OpenSpiel game parameters matching our standard-Hearts rules (see docstring).
OPENSPIEL_PARAMS: dict[str, bool] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": False,
    "can_lead_hearts_instead_of_qs": False,
}

NUM_PLAYERS = 4
CARDS_PER_HAND = 13
CARDS_PER_PASS = 3
TOTAL_POINTS = 26  # OpenSpiel's kTotalPositivePoints; returns = 26 - points

_GAME: pyspiel.Game | None = None


def openspiel_game() -> pyspiel.Game:
    """The shared pyspiel hearts game, loaded once with ``OPENSPIEL_PARAMS``."""
    global _GAME
    if _GAME is None:
        _GAME = pyspiel.load_game("hearts", OPENSPIEL_PARAMS)
    return _GAME


class OpenSpielHearts:
    """One hand of OpenSpiel's hearts from a given deal and pass direction, speaking our card ids."""

    def __init__(self, hands: list[list[str]], pass_direction: str):
        """Deal ``hands[seat]`` (13 card ids each) and fix the pass direction.

        ``pass_direction`` is one of 'left', 'right', 'across', 'none'.
        """
        if pass_direction not in PASS_DIRECTION_ACTION:
            raise ValueError(f"unknown pass direction {pass_direction!r}")
        if len(hands) != NUM_PLAYERS or any(len(h) != CARDS_PER_HAND for h in hands):
            raise ValueError("need 4 hands of 13 cards")
        all_cards = [c for h in hands for c in h]
        if sorted(all_cards) != sorted(CARD_TO_ACTION):
            raise ValueError("hands must be a partition of the 52-card deck")

        self.pass_direction = pass_direction
        self._state = openspiel_game().new_initial_state()
        self._state.apply_action(PASS_DIRECTION_ACTION[pass_direction])
        # Deal round-robin: OpenSpiel gives the k-th dealt card to seat k % 4.
        for k in range(NUM_PLAYERS * CARDS_PER_HAND):
            self._state.apply_action(CARD_TO_ACTION[hands[k % NUM_PLAYERS][k // NUM_PLAYERS]])
        # Passes still to make (OpenSpiel itself does not expose its phase cheaply).
        self._passes_left = 0 if pass_direction == "none" else NUM_PLAYERS * CARDS_PER_PASS

    # -- queries -------------------------------------------------------------

    def current_player(self) -> int:
        """Seat to act (0..3), or -1 once the hand is over."""
        if self._state.is_terminal():
            return -1
        return self._state.current_player()

    def phase(self) -> str:
        """'pass' while cards are being passed, then 'play', then 'over'."""
        if self._state.is_terminal():
            return "over"
        return "pass" if self._passes_left else "play"

    def legal(self) -> set[str]:
        """Legal card ids for the current player, as decided by OpenSpiel.

        While passing: the cards that may be chosen as the next passed card.
        """
        if self._state.is_terminal():
            return set()
        return {ACTION_TO_CARD[a] for a in self._state.legal_actions()}

    # -- moves ---------------------------------------------------------------

    def apply(self, card: str) -> None:
        """Play, or pass, one card for the current player (3 single-card passes each)."""
        if card not in self.legal():  # OpenSpiel would accept illegal actions silently
            raise ValueError(
                f"{card!r} is not legal for seat {self.current_player()} "
                f"in phase {self.phase()!r}: {sorted(self.legal())}"
            )
        self._state.apply_action(CARD_TO_ACTION[card])
        if self._passes_left:
            self._passes_left -= 1

    # -- outcome -------------------------------------------------------------

    def points(self) -> list[int]:
        """The hand's points per seat (hearts 1, QS 13, moon add_to_others).

        Taken from OpenSpiel's returns by inverting its ``return = 26 - points``
        transform, and cross-checked against ``HeartsState.points(seat)``.
        """
        if not self._state.is_terminal():
            raise RuntimeError("the hand is not over yet")
        pts = [TOTAL_POINTS - round(r) for r in self._state.returns()]
        internal = [self._state.points(p) for p in range(NUM_PLAYERS)]
        if pts != internal:  # both are OpenSpiel's numbers; they must agree
            raise AssertionError(f"returns-derived {pts} != HeartsState.points {internal}")
        return pts

    # -- extra read-only views, handy for differential traces ----------------

    def hand(self, seat: int) -> set[str]:
        """Cards ``seat`` currently holds, per OpenSpiel (passed cards arrive after all passing)."""
        return set(self._state.to_struct().hands[seat])

    def tricks(self) -> list[list[tuple[int, str]]]:
        """Tricks so far as [(seat, card), ...] in play order, per OpenSpiel."""
        seat_of = {d: i for i, d in enumerate("NESW")}
        return [[(seat_of[d], c) for d, c in t] for t in self._state.to_struct().tricks]

    def hearts_broken(self) -> bool:
        """OpenSpiel's hearts-broken flag."""
        return self._state.hearts_broken()

    def __str__(self) -> str:
        return str(self._state)
