"""Captain Blackjack (docs/rules.md §6, seed 002): the source's worked example, every ability, the
decisions D-02 and D-21..D-24, views, and random playouts.

Scenarios stack the deck: `deal(hands, pile)` lists each seat's two cards (face-up card first)
and the cards on top of the draw pile, and the deck is dealt from the starting player, one card
at a time, exactly as the ruleset deals it.
"""
from __future__ import annotations

import random

import pytest

from interpreter import Game
from tests.conftest import ruleset

NAMES = ["Junho", "Jihee", "Hyunsoo", "Seonju", "Sangwoo"]
JUNHO, JIHEE, HYUNSOO, SEONJU, SANGWOO = range(5)
DECK_SIZE, COINS = 29, 24


def rules():
    return ruleset("captain-blackjack")


# -- helpers -----------------------------------------------------------------------------------
def deal(hands, pile=(), *, starter=0, seed=1, names=None, set_up=True, options=None) -> Game:
    """A game whose first round deals `hands` [(face-up id, face-down id) per seat] with `pile` on
    top of the draw pile; each player then lays their first card face up (unless set_up=False)."""
    n = len(hands)
    order = [(starter + i) % n for i in range(n)]
    stacked = [hands[s][0] for s in order] + [hands[s][1] for s in order] + list(pile)
    g = Game(rules(), n, seed=seed, stacked=[stacked], names=names,
             options={"first_player": starter, **(options or {})})
    if set_up:
        for s in order:
            act(g, s, hands[s][0])
    return g


def act(g: Game, seat: int, *choices) -> None:
    """`seat` takes each of `choices` in turn (asserting it is that player's decision each time)."""
    for choice in choices:
        assert g.decision is not None, f"the game is over; {g.players[seat].name} cannot {choice}"
        assert g.decision.player == seat, (f"expected {g.players[seat].name} to decide, not "
                                           f"{g.players[g.decision.player].name} ({g.decision.prompt})")
        g.apply(str(choice))


def ids(game: Game, zone) -> list[str]:
    return [c.id for c in game.cards_in(zone)]


def total(g: Game, seat: int) -> int:
    p = g.players[seat]
    return sum(c.attrs["number"] for c in g.cards_in(p.zones["up"]) + g.cards_in(p.zones["down"]))


def coins(g: Game) -> list[int]:
    return [g.vars_of(p)["coins"] for p in g.players]


def actions(g: Game) -> set[str]:
    assert g.decision.kind == "action"
    return set(g.decision.options)


def give(g: Game, seat: int, n: int) -> None:
    """GIVEN setup: the player already holds n coins, taken from the bank."""
    p = g.players[seat]
    g.set_var("bank", g.vars["bank"] - (n - g.vars_of(p)["coins"]))
    g.set_owner_var(p, "coins", n)


def draw_until_empty(g: Game) -> None:
    """Everyone draws, turn after turn, until the draw pile runs out and the next player is forced
    to knock (the discards are then already shuffled into a new pile)."""
    while not g.vars["knocked"]:
        act(g, g.decision.player, "draw")


def shown(g: Game, seat: int) -> list[str]:
    return [e["card"] for e in g.events_for(seat) if e["type"] == "shown"]


# -- the source's worked example ---------------------------------------------------------------
# The example has three captain 6s (Junho's and Seonju's face up, Sangwoo's face down) but the
# deck has two; Sangwoo's never-used face-down card is a gunner 6 here: same number, so every
# total, coin and turn of the example is unchanged.
EXAMPLE_HANDS = [("captain-6", "gunner-6"),        # Junho
                 ("pirate-5", "black-spot"),       # Jihee
                 ("navigator-7", "princess-8"),    # Hyunsoo
                 ("captain-6#2", "navigator-7#2"), # Seonju
                 ("princess-8#2", "gunner-6#2")]   # Sangwoo
EXAMPLE_PILE = ["gunner-8", "pirate-1", "pirate-3", "gunner-8#2"]


def example_game() -> Game:
    return deal(EXAMPLE_HANDS, EXAMPLE_PILE, starter=JUNHO, names=NAMES)


def test_worked_example_replays_turn_by_turn():
    """GIVEN the source's five players (Junho starts, being the most pirate-like) and their cards
    WHEN they play the example's turns THEN every total and coin is the source's, and the next
    round starts with Jihee, left of Junho."""
    g = example_game()
    junho, jihee, hyunsoo, seonju, sangwoo = g.players
    assert [total(g, s) for s in range(5)] == [12, 5, 15, 13, 14]

    # Junho uses his face-down gunner: draws gunner 8 and pirate 1, keeps the gunner 8.
    act(g, JUNHO, "gunner", "gunner-8")
    assert ids(g, junho.zones["up"]) == ["captain-6", "gunner-8"]
    assert ids(g, junho.zones["down"]) == ["gunner-6"]            # used face down, still face down
    assert ids(g, g.zones["discard"]) == ["pirate-1"]
    assert total(g, JUNHO) == 20

    # Jihee's pirate names 6 for Junho's face-down card: right. A coin, Junho is out, she knocks
    # on her first turn.
    act(g, JIHEE, "pirate", f"p{JUNHO}", "6")
    assert coins(g) == [0, 1, 0, 0, 0] and g.vars["bank"] == 23
    assert g.vars_of(junho)["out"] is True
    assert g.vars["knocked"] is True and g.vars["knocker"] is jihee
    assert total(g, JIHEE) == 5

    # Hyunsoo's navigator swaps Seonju's and Jihee's face-down cards.
    assert g.decision.player == HYUNSOO and "knock" not in actions(g)       # D-21
    act(g, HYUNSOO, "navigator", f"p{SEONJU}", f"p{JIHEE}")
    assert ids(g, seonju.zones["down"]) == ["black-spot"]
    assert ids(g, jihee.zones["down"]) == ["navigator-7#2"]
    assert total(g, HYUNSOO) == 15

    # Seonju's captain discards Hyunsoo's navigator 7; the pile's pirate 3 replaces it.
    act(g, SEONJU, "captain", f"p{HYUNSOO}", "navigator-7")
    assert ids(g, hyunsoo.zones["up"]) == ["pirate-3"]
    assert total(g, HYUNSOO) == 11 and total(g, SEONJU) == 6

    # Sangwoo draws a gunner 8: 22.
    act(g, SANGWOO, "draw")
    assert ids(g, sangwoo.zones["up"]) == ["princess-8#2", "gunner-8#2"]
    assert total(g, SANGWOO) == 22

    # The totals the round ends with (the last attack moves no card): Seonju 6 (black spot,
    # captain 6), Hyunsoo 11 (princess 8, pirate 3), Jihee 12 (navigator 7, pirate 5), Sangwoo 22.
    assert [total(g, s) for s in (SEONJU, HYUNSOO, JIHEE, SANGWOO)] == [6, 11, 12, 22]

    # Junho is out, so Jihee, who knocked, has the last turn: her pirate names 5 for Hyunsoo,
    # whose face-down princess is shown; the attack fails and Jihee's coin goes to Hyunsoo.
    assert g.decision.player == JIHEE
    act(g, JIHEE, "pirate", f"p{HYUNSOO}", "5")
    assert "princess-8" in shown(g, JUNHO)
    assert g.vars_of(hyunsoo)["out"] is False

    # The round is over; everyone still in it turns their cards up and the totals are announced.
    said = [e["text"] for e in g.events_for(JUNHO) if e["type"] == "announced"]
    for name, points in (("Seonju", 6), ("Hyunsoo", 11), ("Jihee", 12), ("Sangwoo", 22)):
        assert any(t.startswith(f"Total: {name} {points} ") for t in said), name
    assert not any(t.startswith("Total: Junho") for t in said)
    # Seonju's black spot with the lowest total: 1 coin. Jihee, the knocker, wins alone: 2 coins.
    assert coins(g) == [0, 2, 1, 1, 0]
    assert g.vars["bank"] == 20
    assert not g.over
    # The second round: Jihee, left of Junho, starts; everyone (Junho too) is dealt in again.
    assert g.vars["starter"] is jihee
    assert g.decision.player == JIHEE and g.decision.kind == "card"
    assert all(len(g.cards_in(p.zones["hand"])) == 2 and g.vars_of(p)["out"] is False for p in g.players)


def test_worked_example_views_navigator_swap():
    """GIVEN the example after Jihee's knock WHEN Hyunsoo's navigator swaps Seonju's and Jihee's
    face-down cards THEN each sees their new card, nobody else does (Hyunsoo included), and only
    the two of them see the swapped cards in their events."""
    g = example_game()
    act(g, JUNHO, "gunner", "gunner-8")
    act(g, JIHEE, "pirate", f"p{JUNHO}", "6")
    before = {s: len(g.events_for(s)) for s in range(5)}
    act(g, HYUNSOO, "navigator", f"p{SEONJU}", f"p{JIHEE}")
    for seat in range(5):
        view = g.view(seat)["players"]
        assert view[JIHEE]["zones"]["down"] == (["navigator-7#2"] if seat == JIHEE else [None])
        assert view[SEONJU]["zones"]["down"] == (["black-spot"] if seat == SEONJU else [None])
        moved = [e["card"] for e in g.events_for(seat)[before[seat]:] if e["type"] == "moved"]
        if seat in (JIHEE, SEONJU):
            assert sorted(moved) == ["black-spot", "navigator-7#2"]
        else:
            assert moved == [None, None]


def test_worked_example_princess_shown_to_the_table():
    """GIVEN the example's last turn WHEN Jihee's pirate attacks Hyunsoo THEN the princess, unseen
    by anyone but Hyunsoo until then, appears in every player's events (Junho's too)."""
    g = example_game()
    act(g, JUNHO, "gunner", "gunner-8")
    act(g, JIHEE, "pirate", f"p{JUNHO}", "6")
    act(g, HYUNSOO, "navigator", f"p{SEONJU}", f"p{JIHEE}")
    act(g, SEONJU, "captain", f"p{HYUNSOO}", "navigator-7")
    act(g, SANGWOO, "draw")
    # Before the last pirate nobody but Hyunsoo has seen the princess.
    assert all(shown(g, s) == [] for s in range(5))
    assert all(g.view(s)["players"][HYUNSOO]["zones"]["down"] == [None] for s in range(5) if s != HYUNSOO)
    act(g, JIHEE, "pirate", f"p{HYUNSOO}", "5")
    assert all(shown(g, s) == ["princess-8"] for s in range(5))


def test_princess_shown_stays_face_down_in_views():
    """GIVEN a face-down princess WHEN a pirate attacks her holder (mid-round) THEN all players see
    her in their events, and their views still show the card as hidden; only the holder sees it."""
    g = deal([("pirate-5", "captain-2"), ("captain-4", "princess-8"), ("navigator-3", "pirate-1")],
             ["gunner-4"])
    act(g, 0, "pirate", "p1", "3")
    assert all(shown(g, s) == ["princess-8"] for s in range(3))
    assert g.is_face_up(g.cards_in(g.players[1].zones["down"])[0]) is False
    assert g.view(0)["players"][1]["zones"]["down"] == [None]
    assert g.view(2)["players"][1]["zones"]["down"] == [None]
    assert g.view(1)["players"][1]["zones"]["down"] == ["princess-8"]


def test_views_own_face_down_card_only():
    """GIVEN a dealt round THEN each player sees their own face-down card and every face-up card,
    and nobody else's face-down card; the draw pile is hidden from everyone."""
    g = deal([("captain-2", "gunner-4"), ("pirate-1", "king-5"), ("navigator-3", "black-spot")])
    for seat in range(3):
        view = g.view(seat)
        for p in range(3):
            down = view["players"][p]["zones"]["down"]
            assert down == ([g.cards_in(g.players[p].zones["down"])[0].id] if p == seat else [None])
            assert view["players"][p]["zones"]["up"] == ids(g, g.players[p].zones["up"])
        assert set(view["zones"]["pile"]) == {None}


def test_setup_face_up_choice_is_simultaneous():
    """GIVEN the deal WHEN players choose their face-up card THEN each chooses from their own two
    cards, nobody sees another's choice until everyone has chosen, then one is up, one down."""
    g = deal([("captain-2", "gunner-4"), ("pirate-1", "king-5")], set_up=False)
    assert g.decision.player == 0 and sorted(g.decision.options, key=lambda c: c.id) == \
        sorted(g.cards_in(g.players[0].zones["hand"]), key=lambda c: c.id)
    act(g, 0, "gunner-4")
    assert g.cards_in(g.players[0].zones["up"]) == []              # nothing happens before all chose
    assert not any(e["type"] == "decided" for e in g.events_for(1))
    act(g, 1, "pirate-1")
    assert ids(g, g.players[0].zones["up"]) == ["gunner-4"] and ids(g, g.players[0].zones["down"]) == ["captain-2"]
    assert ids(g, g.players[1].zones["up"]) == ["pirate-1"] and ids(g, g.players[1].zones["down"]) == ["king-5"]
    assert len(g.cards_in(g.zones["pile"])) == DECK_SIZE - 4


# -- the four actions ------------------------------------------------------------------------------
def test_draw_lays_the_top_card_face_up():
    """GIVEN a pile topped by a king WHEN the player draws THEN the king lies face up in front of them."""
    g = deal([("captain-2", "gunner-4"), ("pirate-1", "navigator-3")], ["king-5"])
    act(g, 0, "draw")
    assert ids(g, g.players[0].zones["up"]) == ["captain-2", "king-5"]
    assert g.view(1)["players"][0]["zones"]["up"] == ["captain-2", "king-5"]


def test_only_abilities_of_cards_held_are_offered():
    """GIVEN a captain face up and a pirate face down WHEN it is the player's first turn THEN the
    actions are draw, captain, pirate and pass: no other ability, and no knock on a first turn."""
    g = deal([("captain-2", "pirate-1"), ("king-5", "princess-8")])
    assert actions(g) == {"draw", "captain", "pirate", "pass"}


def test_knock_not_on_first_turn_then_final_turns():
    """GIVEN three players WHEN the second player knocks on their second turn THEN everyone still
    in the round, the knocker last, takes one final turn, starting left of the knocker."""
    g = deal([("captain-2", "gunner-4"), ("pirate-1", "navigator-3"), ("king-5", "navigator-5")])
    assert "knock" not in actions(g)
    act(g, 0, "pass")
    assert "knock" not in actions(g)
    act(g, 1, "pass")
    act(g, 2, "pass")
    assert "knock" in actions(g)
    act(g, 0, "pass")
    act(g, 1, "knock")
    assert g.vars["knocker"] is g.players[1]
    act(g, 2, "pass")
    act(g, 0, "pass")
    act(g, 1, "pass")                       # the knocker's final turn ends the round
    assert g.decision.kind == "card"        # dealing the next round
    assert g.vars["starter"] is g.players[1]


def test_d21_second_knock_has_no_effect():
    """D-21: GIVEN a knock WHEN a pirate eliminates a player during the final turns THEN that
    knock changes nothing: the first knocker stays the knocker and the final turns go on."""
    g = deal([("captain-2", "gunner-4"), ("pirate-5", "navigator-3"), ("king-5", "captain-6")])
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 0, "knock")
    assert "knock" not in actions(g)        # knocking again is not offered in the final turns
    act(g, 1, "pirate", "p2", "6")          # right: the pirate's knock has no effect
    assert g.vars_of(g.players[2])["out"] is True
    assert g.vars["knocker"] is g.players[0]
    act(g, 0, "pass")                       # player 2 is out; the knocker's final turn
    assert g.decision.kind == "card"        # the round ended
    # p1: the pirate's coin, and 1 for winning the round (8 against the knocker's 6)
    assert coins(g) == [0, 2, 0]
    assert g.vars["round_number"] == 1


def test_forced_knock_on_empty_pile_reshuffles_and_acts():
    """GIVEN the pile runs out (one card in the discards) WHEN the next player's turn starts THEN
    they must knock, the discards become the new pile, they still take an action, and then every
    player takes a final turn, the forced knocker included."""
    g = deal([("gunner-4", "captain-2"), ("pirate-1", "navigator-3")], ["gunner-8", "pirate-3"])
    act(g, 0, "gunner", "gunner-8")         # pirate 3 goes to the discards
    assert ids(g, g.zones["discard"]) == ["pirate-3"]
    draw_until_empty(g)
    forced = g.decision.player
    assert g.vars["knocked"] is True and g.vars["knocker"] is g.players[forced]
    assert ids(g, g.zones["pile"]) == ["pirate-3"] and g.cards_in(g.zones["discard"]) == []
    assert "knock" not in actions(g)
    act(g, forced, "draw")                  # the forced knocker's action
    other = 1 - forced
    assert "draw" not in actions(g)         # the pile is empty again and so are the discards
    act(g, other, "pass")
    act(g, forced, "pass")                  # the forced knocker's final turn
    assert g.vars["round_number"] == 1


def test_d22_captain_no_replacement_on_empty_pile():
    """D-22: GIVEN an empty pile and empty discards WHEN a captain discards a face-up card THEN
    nothing replaces it; the forced knock's reshuffle then brings it back for the next player."""
    g = deal([("pirate-1", "navigator-3"), ("captain-2", "gunner-4")])
    draw_until_empty(g)                     # 25 draws: p0 draws last, so p1 is forced to knock
    assert g.decision.player == 1 and g.vars["knocker"] is g.players[1]
    assert g.cards_in(g.zones["pile"]) == []
    up_before = ids(g, g.players[0].zones["up"])
    act(g, 1, "captain", "p0", "pirate-1")
    assert ids(g, g.players[0].zones["up"]) == [c for c in up_before if c != "pirate-1"]
    # p0's final turn: the pile was empty, the knock has no effect (D-21), and the discards (the
    # captain's pirate 1) were shuffled into a new pile
    assert g.decision.player == 0 and ids(g, g.zones["pile"]) == ["pirate-1"]
    assert g.cards_in(g.zones["discard"]) == []
    assert g.vars["knocker"] is g.players[1]
    act(g, 0, "draw")
    act(g, 1, "pass")
    assert g.vars["round_number"] == 1


# -- abilities ------------------------------------------------------------------------------------
def test_captain_discards_any_face_up_card_but_a_princess():
    """GIVEN face-up cards including a princess WHEN a captain is used THEN any face-up card (the
    captain itself included) may be discarded, never a princess, and no face-down card; a player
    with only a princess face up is not a target."""
    g = deal([("captain-2", "gunner-4"), ("princess-8", "navigator-3"), ("king-5", "captain-4")],
             ["princess-8#2", "gunner-8"])
    act(g, 0, "captain")
    assert {p.seat for p in g.decision.options} == {0, 2}
    act(g, 0, "p0")
    assert [c.id for c in g.decision.options] == ["captain-2"]
    act(g, 0, "captain-2")                  # the captain discards itself
    assert ids(g, g.players[0].zones["up"]) == ["princess-8#2"]   # replaced from the pile, face up
    act(g, 1, "draw")                       # gunner 8 next to the princess
    act(g, 2, "captain", "p1")              # p2's face-down captain
    assert [c.id for c in g.decision.options] == ["gunner-8"]
    act(g, 2, "gunner-8")
    # p0's captain is gone and only a princess lies face up there: no captain action any more
    assert g.decision.player == 0 and "captain" not in actions(g)


def test_captain_from_face_down_keeps_it_secret():
    """GIVEN a captain face down WHEN it is used THEN it stays face down and unseen by others,
    and the owner of the discarded card gets the top of the pile face up."""
    g = deal([("gunner-4", "captain-2"), ("navigator-5", "pirate-1")], ["king-5"])
    act(g, 0, "captain", "p1", "navigator-5")
    assert ids(g, g.players[1].zones["up"]) == ["king-5"]
    assert g.view(1)["players"][0]["zones"]["down"] == [None]
    assert not any(e.get("card") == "captain-2" for e in g.events_for(1) if e["type"] in ("shown", "turned"))


def test_gunner_keeps_one_discards_the_other():
    """GIVEN a gunner WHEN it is used THEN two cards are drawn, the chosen one lies face up in
    front of the player and the other goes face up to the discards."""
    g = deal([("gunner-4", "captain-2"), ("navigator-5", "pirate-1")], ["king-5", "pirate-3"])
    act(g, 0, "gunner")
    assert sorted(c.id for c in g.decision.options) == ["king-5", "pirate-3"]
    act(g, 0, "pirate-3")
    assert ids(g, g.players[0].zones["up"]) == ["gunner-4", "pirate-3"]
    assert ids(g, g.zones["discard"]) == ["king-5"]
    assert g.view(1)["zones"]["discard"] == ["king-5"]
    assert g.cards_in(g.players[0].zones["hand"]) == []


def test_navigator_may_swap_with_yourself():
    """GIVEN a navigator WHEN its holder swaps their own face-down card with another player's
    THEN the two cards change places and each owner sees only their new card."""
    g = deal([("navigator-5", "king-5"), ("captain-2", "princess-8"), ("pirate-1", "gunner-4")])
    act(g, 0, "navigator")
    assert {p.seat for p in g.decision.options} == {0, 1, 2}
    act(g, 0, "p0")
    assert {p.seat for p in g.decision.options} == {1, 2}      # two different players
    act(g, 0, "p2")
    assert ids(g, g.players[0].zones["down"]) == ["gunner-4"]
    assert ids(g, g.players[2].zones["down"]) == ["king-5"]
    assert g.view(0)["players"][0]["zones"]["down"] == ["gunner-4"]
    assert g.view(0)["players"][2]["zones"]["down"] == [None]
    assert g.view(1)["players"][0]["zones"]["down"] == [None]


def test_pirate_right_guess_eliminates_and_knocks_on_first_turn():
    """GIVEN a pirate on the first turn WHEN it names the number of another player's face-down
    card THEN the attacker takes a coin, the target is out of the round (skipped and not scored),
    and the attacker knocks even on a first turn."""
    g = deal([("pirate-5", "captain-2"), ("gunner-6", "gunner-8"), ("navigator-3", "pirate-1")])
    act(g, 0, "pirate")
    assert {p.seat for p in g.decision.options} == {1, 2}      # another player
    act(g, 0, "p1")
    assert g.decision.kind == "number" and list(g.decision.options) == list(range(0, 9))
    act(g, 0, "8")
    assert g.vars_of(g.players[1])["out"] is True and coins(g) == [1, 0, 0]
    assert g.vars["knocker"] is g.players[0]
    act(g, 2, "pass")                       # player 1 is skipped
    act(g, 0, "pass")
    # Player 1 (14) would have won; out of the round they score nothing. Player 0 (7) wins alone
    # as the knocker: 2 more coins.
    assert coins(g) == [3, 0, 0]


def test_eliminated_player_is_no_target():
    """GIVEN an eliminated player WHEN another ability chooses players THEN they are not offered."""
    g = deal([("pirate-5", "captain-2"), ("gunner-6", "gunner-8"), ("navigator-3", "captain-4")])
    act(g, 0, "pirate", "p1", "8")
    act(g, 2, "navigator")
    assert {p.seat for p in g.decision.options} == {0, 2}


def test_d23_wrong_guess_does_nothing():
    """D-23: GIVEN a pirate WHEN the guess is wrong THEN no coin, no elimination, no knock."""
    g = deal([("pirate-5", "captain-2"), ("gunner-6", "gunner-8")])
    act(g, 0, "pirate", "p1", "6")
    assert coins(g) == [0, 0] and g.vars["bank"] == COINS
    assert g.vars_of(g.players[1])["out"] is False and g.vars["knocked"] is False
    assert "knock" not in actions(g)        # player 1's first turn


def test_princess_blocks_a_right_guess_and_takes_a_coin():
    """GIVEN a face-down princess and an attacker with a coin WHEN the pirate names 8 (right)
    THEN it has no effect: no elimination, no coin from the bank, no knock; the princess is
    shown, stays face down, and the attacker's coin goes to her holder."""
    g = deal([("pirate-5", "captain-2"), ("captain-4", "princess-8")])
    give(g, 0, 1)
    act(g, 0, "pirate", "p1", "8")
    assert coins(g) == [0, 1] and g.vars["bank"] == COINS - 1
    assert g.vars_of(g.players[1])["out"] is False and g.vars["knocked"] is False
    assert shown(g, 0) == ["princess-8"] and shown(g, 1) == ["princess-8"]
    assert g.is_face_up(g.cards_in(g.players[1].zones["down"])[0]) is False


def test_princess_attacker_without_coin_gives_nothing():
    """GIVEN an attacker with no coin WHEN they attack a princess holder THEN nothing changes hands."""
    g = deal([("pirate-5", "captain-2"), ("captain-4", "princess-8")])
    act(g, 0, "pirate", "p1", "3")
    assert coins(g) == [0, 0] and g.vars["bank"] == COINS


def test_face_up_princess_protects_without_showing_anything():
    """GIVEN a princess face up WHEN a pirate names the holder's face-down number THEN the attack
    fails and nothing is shown (her immunity is already in sight)."""
    g = deal([("pirate-5", "captain-2"), ("princess-8", "captain-4")])
    give(g, 0, 2)
    act(g, 0, "pirate", "p1", "4")
    assert g.vars_of(g.players[1])["out"] is False and coins(g) == [1, 1]
    assert shown(g, 0) == []


def test_black_spot_holder_eliminated_takes_a_coin():
    """GIVEN the black spot face down WHEN a pirate eliminates its holder THEN the holder takes a
    coin too; out of the round, they are not scored at its end."""
    g = deal([("pirate-5", "captain-2"), ("captain-4", "black-spot")])
    act(g, 0, "pirate", "p1", "0")
    assert coins(g) == [1, 1]
    act(g, 0, "pass")                       # p1 is out: the knocker's final turn
    assert coins(g) == [3, 1]               # p0 alone in the round, knocker, wins: 2


def test_black_spot_lowest_alone_takes_a_coin_and_cannot_win():
    """GIVEN the black spot with the highest total of 21 or less WHEN the round ends THEN its
    holder cannot win: the next-highest total wins; it is not the lowest either: no coin."""
    g = deal([("black-spot", "gunner-8"), ("captain-4", "pirate-5"), ("navigator-3", "pirate-1")],
             ["gunner-8#2"])
    act(g, 0, "draw")                       # 16 with the black spot
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 0, "knock")
    for s in (1, 2, 0):
        act(g, s, "pass")
    assert coins(g) == [0, 1, 0]            # p1's 9 wins; p2's 4 is lowest but has no black spot


def test_black_spot_lowest_alone_coin():
    """GIVEN the black spot and the lowest total alone WHEN the round ends THEN its holder takes a
    coin, and the next total wins the round."""
    g = deal([("black-spot", "pirate-1"), ("captain-2", "captain-2#2"), ("navigator-5", "pirate-3")])
    for s in (0, 1, 2):
        act(g, s, "pass")
    act(g, 0, "knock")
    for s in (1, 2, 0):
        act(g, s, "pass")
    assert coins(g) == [1, 0, 1]            # p0 black spot (1); p2's 8 beats p1's 4


def test_black_spot_shared_lowest_takes_nothing():
    """GIVEN the black spot's holder ties for the lowest total WHEN the round ends THEN no coin."""
    g = deal([("black-spot", "captain-4"), ("captain-2", "captain-2#2")])
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 0, "knock")
    act(g, 1, "pass")
    act(g, 0, "pass")
    assert coins(g) == [0, 1]               # both 4; p0 cannot win, p1 wins alone (not knocker)


def test_over_21_cannot_win_and_equal_winners_take_one_each():
    """GIVEN totals 22, 12 and 12 WHEN the round ends THEN 22 cannot win and the two 12s take a
    coin each, the knocker among them taking 1, not 2."""
    g = deal([("gunner-8", "gunner-6"), ("pirate-5", "navigator-7"), ("captain-6", "captain-6#2")],
             ["gunner-8#2"])
    act(g, 0, "draw")                       # 22
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 0, "pass")
    act(g, 1, "knock")
    for s in (2, 0, 1):
        act(g, s, "pass")
    assert coins(g) == [0, 1, 1]


def test_knocker_winning_alone_takes_two():
    """GIVEN the knocker has the best total alone WHEN the round ends THEN they take 2 coins."""
    g = deal([("captain-6", "gunner-8"), ("pirate-1", "navigator-3")])
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 0, "knock")
    act(g, 1, "pass")
    act(g, 0, "pass")
    assert coins(g) == [2, 0] and g.vars["bank"] == COINS - 2


def test_d24_empty_bank_pays_nothing():
    """D-24: GIVEN a bank with one coin WHEN the knocker wins alone (2 due) THEN they take the one
    coin; with an empty bank a right pirate guess takes nothing."""
    g = deal([("captain-6", "gunner-8"), ("pirate-1", "navigator-3")])
    give(g, 1, 23)                          # the bank keeps 1
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 0, "knock")
    act(g, 1, "pass")
    act(g, 0, "pass")
    assert coins(g) == [1, 23] and g.vars["bank"] == 0
    assert sum(coins(g)) + g.vars["bank"] == COINS


def test_d24_empty_bank_pirate_gets_nothing():
    """D-24: GIVEN an empty bank WHEN a pirate guesses right THEN the target is still out, no coin."""
    g = deal([("pirate-5", "captain-2"), ("captain-4", "black-spot"), ("king-5", "gunner-4")])
    give(g, 2, COINS)                       # the bank is empty
    assert g.vars["bank"] == 0
    act(g, 0, "pirate", "p1", "0")
    assert g.vars_of(g.players[1])["out"] is True
    assert coins(g) == [0, 0, COINS] and g.vars["bank"] == 0


def test_king_with_21_wins_the_game_at_once():
    """GIVEN a king holder at exactly 21, nobody else at 21 WHEN the round ends THEN they win the
    whole game, whatever the coins."""
    g = deal([("king-5", "gunner-8"), ("pirate-1", "captain-2")], ["gunner-8#2"])
    give(g, 1, 3)
    act(g, 0, "draw")                       # 21
    act(g, 1, "pass")
    act(g, 0, "knock")
    act(g, 1, "pass")
    act(g, 0, "pass")
    assert g.over and g.result["winners"] == [0]


def test_king_with_21_tied_at_21_is_no_instant_win():
    """GIVEN a king holder at 21 and another player at 21 WHEN the round ends THEN no instant win:
    both win the round, a coin each (the knocker is not alone)."""
    g = deal([("king-5", "gunner-8"), ("princess-8", "princess-8#2")], ["gunner-8#2", "navigator-5"])
    act(g, 0, "draw")
    act(g, 1, "draw")
    act(g, 0, "knock")
    act(g, 1, "pass")
    act(g, 0, "pass")
    assert not g.over and coins(g) == [1, 1]


# -- the game's end ------------------------------------------------------------------------------
def finish_round(g: Game, knocker: int) -> None:
    """Everyone passes until `knocker` may knock, who knocks; then the final turns pass."""
    while not (g.decision.player == knocker and "knock" in actions(g)):
        act(g, g.decision.player, "pass")
    act(g, knocker, "knock")
    while g.decision is not None and g.decision.kind == "action":
        act(g, g.decision.player, "pass")


def test_first_to_four_coins_wins():
    """GIVEN a player with 3 coins WHEN they win a round THEN they have 4, the most: game over."""
    g = deal([("captain-6", "gunner-8"), ("pirate-1", "navigator-3")])
    give(g, 0, 3)
    give(g, 1, 3)
    finish_round(g, knocker=1)
    assert g.over and g.result["winners"] == [0] and g.result["scores"] == [4, 3]


def test_tie_at_the_top_plays_another_round():
    """GIVEN a round ends with two players sharing the most coins (4 each) THEN everyone plays
    another round, until one player alone has the most at a round's end."""
    g = Game(rules(), 2, seed=3, options={"first_player": 0},
             stacked=[["captain-6", "pirate-1", "gunner-8", "navigator-3"],
                      ["captain-6", "pirate-1", "gunner-8", "navigator-3"]])   # round 2: p1 first
    act(g, 0, "captain-6")
    act(g, 1, "pirate-1")
    give(g, 0, 3)
    give(g, 1, 4)
    finish_round(g, knocker=1)              # p0's 14 wins: 4 and 4
    assert not g.over and coins(g) == [4, 4]
    assert g.vars["starter"] is g.players[1]
    act(g, 1, "captain-6")                  # round 2, p1 starts and now holds 14
    act(g, 0, "pirate-1")
    finish_round(g, knocker=0)
    assert g.over and g.result["winners"] == [1] and coins(g) == [4, 5]


def test_gap_empty_bank_with_tied_leaders_shares_the_win():
    """gap (not in docs/rules.md): GIVEN the bank is empty and the most coins are shared at a round's
    end THEN no further round can break the tie from the bank: the leaders share the win."""
    g = deal([("captain-6", "gunner-8"), ("captain-2", "pirate-1"), ("navigator-3", "pirate-3")])
    give(g, 0, 10)
    give(g, 1, 10)
    give(g, 2, 4)
    assert g.vars["bank"] == 0
    finish_round(g, knocker=2)
    assert g.over and g.result["winners"] == [0, 1]


@pytest.mark.slow
def test_d02_first_starter_is_random_and_reproducible():
    """D-02: the first round's starting player is drawn with the seeded generator: the same seed
    gives the same starter, and different seeds reach every seat."""
    starters = set()
    for seed in range(40):
        a = Game(rules(), 4, seed=seed)
        b = Game(rules(), 4, seed=seed)
        assert a.vars["starter"] is a.players[b.vars["starter"].seat]
        starters.add(a.vars["starter"].seat)
    assert starters == {0, 1, 2, 3}


def test_first_player_option_must_be_a_seat():
    """GIVEN first_player beyond the table WHEN a game starts THEN a clear error."""
    from interpreter.errors import GameError
    with pytest.raises(GameError, match="first_player"):
        Game(rules(), 3, seed=1, options={"first_player": 4})


# -- random playouts ------------------------------------------------------------------------------
def king_at_21(g: Game, p) -> bool:
    cards = g.cards_in(p.zones["up"]) + g.cards_in(p.zones["down"])
    return any(c.attrs["character"] == "king" for c in cards) and sum(c.attrs["number"] for c in cards) == 21


PLAYOUTS = {2: 220, 3: 220, 4: 200, 5: 180, 6: 180}   # 1,000 games
DECISION_CAP = 5_000


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(PLAYOUTS))
def test_random_games_conserve_cards_and_coins_and_end(players):
    """GIVEN random legal decisions at 2-6 players WHEN whole games are played THEN after every
    decision all 29 cards are in some zone, the bank and the players hold 24 coins between them,
    every player still in a round has one face-down card; and every game ends with winners who
    have the most coins (or a king's instant win)."""
    r = rules()
    rng = random.Random(f"captain-blackjack/{players}")
    for _ in range(PLAYOUTS[players]):
        seed = rng.randrange(10**9)
        g = Game(r, players, seed=seed, record=False)
        zones = list(g.zones.values()) + [z for p in g.players for z in p.zones.values()]
        taken = 0
        while not g.over:
            assert sum(len(g.cards_in(z)) for z in zones) == DECK_SIZE, seed
            assert g.vars["bank"] + sum(g.vars_of(p)["coins"] for p in g.players) == COINS, seed
            assert g.vars["bank"] >= 0 and all(g.vars_of(p)["coins"] >= 0 for p in g.players), seed
            if g.phase == "turns":
                assert all(len(g.cards_in(p.zones["down"])) == 1 for p in g.players), seed
            options = g.decision.options
            g.apply_value(options[rng.randrange(len(options))])
            taken += 1
            assert taken < DECISION_CAP, f"seed {seed}: no end after {DECISION_CAP} decisions"
        assert sum(len(g.cards_in(z)) for z in zones) == DECK_SIZE
        assert g.vars["bank"] + sum(g.vars_of(p)["coins"] for p in g.players) == COINS
        winners = [g.players[s] for s in g.result["winners"]]
        most = max(g.vars_of(p)["coins"] for p in g.players)
        if len(winners) == 1 and king_at_21(g, winners[0]):
            continue                                               # a king's instant win
        assert most >= 4, seed
        assert winners == [p for p in g.players if g.vars_of(p)["coins"] == most], seed
        assert len(winners) == 1 or g.vars["bank"] == 0, seed     # a shared win: gap decision


def test_random_games_are_deterministic():
    """GIVEN the same seed and the same decisions THEN the same game, event by event."""
    r = rules()
    for players in (2, 4, 6):
        runs = []
        for _ in range(2):
            g = Game(r, players, seed=99)
            rng = random.Random(5)
            while not g.over:
                options = g.decision.options
                g.apply_value(options[rng.randrange(len(options))])
            runs.append((g.result, g.events))
        assert runs[0] == runs[1]
