"""The example rulesets written with the stretched language, played on stacked decks: Big Two (a
climbing game, 2 high, ♦ < ♣ < ♥ < ♠) and Rummy (a melding game: sets, runs, lay-offs). Each is
also validated with random games, and a random game of each replays event by event."""
from __future__ import annotations

import random
import re

import pytest

from interpreter import Game, load_ruleset
from interpreter.agents.basic import play_random
from interpreter.analysis.simulate import Outcome, listing_warnings
from interpreter.cli.main import main
from interpreter.logs import replay, write_log
from tests.conftest import ROOT, ruleset

BIG_TWO = ROOT / "examples" / "big-two.yaml"
RUMMY = ROOT / "examples" / "rummy.yaml"


def dealt(*hands: str, then: str = "") -> list[list[str]]:
    """A stacked order for `deal(..., n)` (one card at a time, seat by seat) giving these hands,
    followed by the cards in `then` (the next cards of the pile)."""
    rows = [h.split() for h in hands]
    order = [row[i] for i in range(len(rows[0])) for row in rows]
    return [order + then.split()]


@pytest.fixture(scope="module")
def big_two():
    return ruleset(BIG_TWO)


@pytest.fixture(scope="module")
def rummy():
    return ruleset(RUMMY)


# -- Big Two ---------------------------------------------------------------------------------
P0 = "3D 3S 4C 5H 6D 7S 8C 9H TD JS QC KH AD"
P1 = "4D 4H 5C 5S 6H 7D 8D 9S TS JC QH KS 2S"


def test_big_two_the_lowest_card_opens_and_every_first_play_holds_it(big_two):
    """GIVEN p0 holds 3♦, the lowest card dealt WHEN the game starts THEN p0 decides, every legal
    play holds the 3♦ (single, pair, straight), and passing is not one of them."""
    game = Game(big_two, 2, seed=1, stacked=dealt(P0, P1))
    d = game.decision
    assert d.player == 0
    ids = [c.id for c in d.choices]
    assert "3D" in ids and "3D+3S" in ids and "3D+4C+5H+6D+7S" in ids
    assert all("3D" in i.split("+") for i in ids) and "none" not in ids
    assert dict((c.id, c.label) for c in d.choices)["3D+3S"] == "3♦ 3♠"


def test_big_two_the_two_of_spades_is_unbeatable_and_then_its_player_leads_anew(big_two):
    """GIVEN p0 leads 3♦ WHEN p1 plays the 2♠ THEN p0 can only pass; after the pass p1 leads
    anything (no pass offered) and the beaten cards are gone from the table."""
    game = Game(big_two, 2, seed=1, stacked=dealt(P0, P1))
    game.apply("3D")
    singles = [c.id for c in game.decision.choices if "+" not in c.id]
    assert "2S" in singles and "4D" in singles and "none" in singles
    game.apply("2S")
    assert [(c.id, c.label) for c in game.decision.choices] == [("none", "pass")]
    game.apply("none")
    d = game.decision
    assert d.player == 1 and "none" not in [c.id for c in d.choices]
    assert any(c.id == "KS" for c in d.choices)          # any single leads now
    assert [c.id for c in game.cards_in(game.zones["played"])] == ["3D", "2S"] and not game.cards_in(game.zones["table"])


def test_big_two_suits_break_ties_and_the_two_ranks_highest(big_two):
    """GIVEN the game's strength function WHEN cards are compared THEN 2 beats the ace, ♠ beats ♥
    at one rank, a flush beats a straight, a full house a flush, and J-Q-K-A-2 tops 10-J-Q-K-A."""
    game = Game(big_two, 2, seed=1)

    def holds(text: str) -> bool:
        fn, _ = big_two.compile(text)
        return fn(game, {})

    assert holds("strength([card('2D')]) > strength([card('AS')])")
    assert holds("strength([card('9S')]) > strength([card('9H')])")
    assert holds("strength([card('5S'), card('5C')]) > strength([card('5H'), card('5D')])")
    flush = "[card('3C'), card('8C'), card('5C'), card('6C'), card('TC')]"
    straight = "[card('9D'), card('TS'), card('JC'), card('QH'), card('KD')]"
    full_house = "[card('3C'), card('3H'), card('3S'), card('4C'), card('4D')]"
    assert holds(f"strength({flush}) > strength({straight})")
    assert holds(f"strength({full_house}) > strength({flush})")
    assert holds("strength([card('JC'), card('QH'), card('KD'), card('AS'), card('2D')]) > "
                 "strength([card('TS'), card('JC'), card('QH'), card('KD'), card('AS')])")


def test_big_two_a_random_game_ends_with_the_player_who_shed_every_card(big_two):
    game = Game(big_two, 3, seed=11)
    play_random(game, random.Random(11))
    (winner,) = game.result["winners"]
    assert not game.cards_in(game.players[winner].zones["hand"])
    assert game.result["scores"] == [-len(game.cards_in(p.zones["hand"])) for p in game.players]


# -- Rummy -----------------------------------------------------------------------------------
def test_rummy_melds_are_offered_and_laying_everything_down_goes_out(rummy):
    """GIVEN p0 holds three 7s and 4-5-6♥ and the upcard is 3♥ WHEN p0 takes it, lays the set and
    the run 3-4-5-6♥ and discards the K♠ THEN p0 is out and scores p1's 45 points in hand."""
    game = Game(rummy, 2, seed=1, stacked=dealt("7C 7D 7H 4H 5H 6H KS", "2C 3D 9S TS JD QC AH", then="3H"))
    game.apply("discard")
    melds = [c.id for c in game.decision.choices]
    assert {"7C+7D+7H", "3H+4H+5H", "3H+4H+5H+6H", "4H+5H+6H", "none"} <= set(melds)
    assert dict((c.id, c.label) for c in game.decision.choices)["none"] == "no more melds"
    game.apply("7C+7D+7H")
    game.apply("3H+4H+5H+6H")
    game.apply("none")
    assert [c.id for c in game.decision.choices] == ["go_on"]      # nothing to lay off
    game.apply("go_on")
    game.apply("KS")
    assert game.over and game.result["winners"] == [0]
    assert game.result["scores"] == [45, -45]
    assert [[c.id for c in m] for m in game.vars["melds"]] == [["7C", "7D", "7H"], ["3H", "4H", "5H", "6H"]]


def test_rummy_a_card_is_laid_off_on_another_players_run_by_a_tuple_choice(rummy):
    """GIVEN p0 has laid 7-7-7 and 4-5-6♥ WHEN p1 holds the 3♥ THEN p1 may lay it off on the second
    meld (choice id '3H,1'), and the table's melds keep their grouping with the run extended."""
    stacked = dealt("7C 7D 7H 4H 5H 6H KS", "2C 3H 9S TS JD QC AH", then="8S 2D 9D")
    game = Game(rummy, 2, seed=1, stacked=stacked)
    for choice in ("stock", "7C+7D+7H", "4H+5H+6H", "none", "go_on", "KS", "stock", "none"):
        game.apply(choice)
    assert [c.id for c in game.decision.choices] == ["lay_off", "go_on"]
    game.apply("lay_off")
    assert [(c.id, c.label) for c in game.decision.choices] == [("3H,1", "3♥ on meld 2")]
    game.apply("3H,1")
    assert [[c.id for c in m] for m in game.vars["melds"]] == [["7C", "7D", "7H"], ["4H", "5H", "6H", "3H"]]
    assert game.zone_of(game.cards_by_id["3H"]).key == "melded"


def test_rummy_points_come_from_the_deck_value_map(rummy):
    """GIVEN `values: points` maps pictures to 10 and the ace to 1 WHEN read THEN other ranks keep their number."""
    game = Game(rummy, 2, seed=1)
    points = {c.id: c.attrs["points"] for c in game.all_cards}
    assert (points["KS"], points["QH"], points["JD"], points["AC"], points["7D"], points["TC"]) == (10, 10, 10, 1, 7, 10)


# -- both: validate --simulate, replay -------------------------------------------------------
@pytest.mark.parametrize("path", [BIG_TWO, RUMMY], ids=["big-two", "rummy"])
def test_validate_simulate_passes_the_example_with_no_error_and_no_warning(path, capsys, monkeypatch):
    """GIVEN the example WHEN `cardrules validate --simulate 3` plays random games at every player
    count THEN it exits 0 and reports no error and no warning (no expensive choice either)."""
    monkeypatch.chdir(ROOT)
    code = main(["validate", "--simulate", "3", str(path.relative_to(ROOT))])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip() == f"{path.relative_to(ROOT)}: ok (0 errors, 0 warnings, 3 random games per player count)"


def test_an_expensive_listing_is_reported_at_its_choose_step(tmp_path):
    """GIVEN a choice listed by filtering every 5-card subset of a 13-card hand WHEN random games run
    THEN the warning names the choose step's line, the work and the game that showed it."""
    path = tmp_path / "costly.yaml"
    path.write_text(BIG_TWO.read_text(encoding="utf-8").replace(
        'from: "plays(turn) + [[]]"', 'from: "subsets(turn.hand, 1, 7) + [[]]"'), encoding="utf-8")
    game = Game(load_ruleset(path), 2, seed=9)        # the first decision: 5,812 candidates
    outcome = Outcome(0, 9, 2, listings=game.listing_costs())
    (warning,) = listing_warnings([outcome])
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "- choose: value" in text)
    assert (warning.code, warning.severity, warning.span.line) == ("expensive-choice", "warning", line)
    match = re.match(r"listing this choice's options looked at ([\d,]+) items in one decision "
                     r"\(random game at 2 players, seed 9\)", warning.message)
    assert match and int(match.group(1).replace(",", "")) >= 5_812     # the candidates, at least


@pytest.mark.parametrize("path", [BIG_TWO, RUMMY], ids=["big-two", "rummy"])
def test_a_random_game_of_the_example_replays(path, tmp_path):
    game = Game(load_ruleset(path), 2, seed=5)
    play_random(game, random.Random(5))
    log = tmp_path / "game.jsonl"
    write_log(game, log)
    assert replay(log).events == game.events
