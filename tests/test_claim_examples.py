"""The three examples of claim windows, played on stacked decks: Slap (a race: the first slap of
a jack takes the middle), Pung (a priority claim of a discard: a win before a set before a run)
and Doubt (a challenge any other player may raise against a card put down face down). Each
replays event by event, and simulations resolve its claims the same way from the same seed."""
from __future__ import annotations

import random

import pytest

from interpreter import Game, load_ruleset
from interpreter.agents.basic import play_random
from interpreter.analysis.simulate import simulate
from interpreter.engine.claims import open_claim
from interpreter.logs import replay, write_log
from tests.conftest import ROOT
from tests.test_new_examples import dealt

SLAP = ROOT / "examples" / "slap.yaml"
PUNG = ROOT / "examples" / "pung.yaml"
DOUBT = ROOT / "examples" / "doubt.yaml"


@pytest.fixture(scope="module")
def slap():
    return load_ruleset(SLAP)


@pytest.fixture(scope="module")
def pung():
    return load_ruleset(PUNG)


@pytest.fixture(scope="module")
def doubt():
    return load_ruleset(DOUBT)


def claimed(game: Game) -> list[dict]:
    return [e for e in game.events if e["type"] == "claimed"]


def ids(game: Game, zone) -> list[str]:
    return [c.id for c in game.cards_in(zone)]


# -- Slap: a race ------------------------------------------------------------------------------
def moves(game: Game, since: int = 0) -> list[tuple]:
    return [(e["card"], e["from"], e["to"]) for e in game.events[since:] if e["type"] == "moved"]


def test_slap_the_first_to_slap_a_jack_takes_the_middle_under_their_pile(slap):
    """GIVEN p0 turns the 5♥ and p1 the J♣ WHEN p1 slaps before p0, whoever the game asked
    first THEN p1 takes both cards under its pile, and the event says p1 was first."""
    game = Game(slap, 2, seed=3, stacked=[["5H", "JC"]])
    assert ids(game, game.zones["middle"]) == ["JC", "5H"] and set(open_claim(game).seats) == {0, 1}
    since = len(game.events)
    game.apply("slap", seat=1)
    assert moves(game, since)[:2] == [("JC", "middle", "p1.pile"), ("5H", "middle", "p1.pile")]
    assert claimed(game)[0] | {"answers": None} == {"type": "claimed", "player": 1, "choice": "slap", "text": "Slap",
                                                    "reason": "first", "answers": None}


def test_slap_a_card_that_is_no_jack_opens_no_window(slap):
    """GIVEN p0 turns the 5♥, p1 the 6♣, p0 the 7♦ WHEN the game starts THEN nobody is asked
    until p1 turns the J♠."""
    game = Game(slap, 2, seed=3, stacked=[["5H", "6C", "7D", "JS"]])
    assert open_claim(game).seats and ids(game, game.zones["middle"]) == ["JS", "7D", "6C", "5H"]


def test_slap_when_nobody_slaps_the_middle_stays(slap):
    """GIVEN a jack turned WHEN both pass THEN the middle keeps its cards and p0 turns next."""
    game = Game(slap, 2, seed=3, stacked=[["5H", "JC", "8S"]])
    since = len(game.events)
    game.apply("pass")
    game.apply("pass")
    assert claimed(game)[0]["player"] is None
    assert moves(game, since)[0] == ("8S", "p0.pile", "middle")


# -- Pung: a priority claim --------------------------------------------------------------------
HANDS = ("7H 2C 3D 4S", "6H 8H KC KD", "7C 7D QS QC")


def test_pung_a_set_beats_a_run_claimed_first_and_its_claimant_discards_next(pung):
    """GIVEN p0 discards the 7♥, p1 (next) holds 6♥ 8♥ and p2 holds 7♣ 7♦ WHEN p1 claims the
    run first and p2 the set THEN p2 wins by priority, lays the set and discards without drawing."""
    game = Game(pung, 3, seed=1, stacked=dealt(*HANDS, then="9S"))
    game.apply("7H")
    assert open_claim(game).seats == (1, 2)
    assert [c.id for c in game.decision.choices] == ["run", "pass"]
    game.apply("run")
    assert game.decision.player == 2 and not claimed(game)       # every claimant answers first
    game.apply("set")
    event = claimed(game)[0]
    assert (event["player"], event["choice"], event["reason"]) == (2, "set", "priority")
    assert sorted(ids(game, game.players[2].zones["melds"])) == ["7C", "7D", "7H"]
    assert game.decision.player == 2 and sorted(c.id for c in game.decision.choices) == ["QC", "QS"]


def test_pung_a_run_alone_is_taken_by_the_next_player(pung):
    """GIVEN the same deal WHEN p2 passes and p1 claims the run THEN p1 lays 6♥ 7♥ 8♥."""
    game = Game(pung, 3, seed=1, stacked=dealt(*HANDS, then="9S"))
    game.apply("7H")
    game.apply("pass", seat=2)
    game.apply("run")
    assert ids(game, game.players[1].zones["melds"]) == ["6H", "7H", "8H"] and claimed(game)[0]["reason"] == "only"
    assert game.vars_of(game.players[1])["melded"] == 1 and game.decision.player == 1


def test_pung_a_win_beats_a_set(pung):
    """GIVEN p2 holds three 7s WHEN p1 claims a run and p2 the win THEN p2 wins the game."""
    game = Game(pung, 3, seed=1, stacked=dealt("7H 2C 3D 4S", "6H 8H KC KD", "7C 7D 7S QC", then="9S"))
    game.apply("7H")
    assert [c.id for c in game.decision.choices] == ["run", "pass"]
    game.apply("run")
    assert [c.id for c in game.decision.choices] == ["win", "set", "pass"]
    game.apply("win")
    assert game.over and game.result["winners"] == [2]


def test_pung_claims_stay_hidden_until_the_window_closes(pung):
    """GIVEN the same deal WHEN p1 claims the run THEN p2 does not see it until the claim is
    resolved, when the `claimed` event shows both answers to all."""
    game = Game(pung, 3, seed=1, stacked=dealt(*HANDS, then="9S"))
    game.apply("7H")
    game.apply("run")
    assert not [e for e in game.events_for(2) if e["type"] == "decided" and e["player"] == 1]
    game.apply("pass")
    shown = [e for e in game.events_for(2) if e["type"] == "claimed"]
    assert shown[0]["answers"] == [{"player": 1, "choice": "run"}, {"player": 2, "choice": "pass"}]


def test_pung_in_random_games_no_seat_ever_sees_another_claimants_own_answer(pung):
    """GIVEN random games of Pung at four WHEN each seat's event stream is read THEN it holds the
    claim answers of that seat alone; the others' reach it only in the `claimed` events."""
    for seed in range(3):
        game = Game(pung, 4, seed=seed)
        play_random(game, random.Random(seed))
        assert claimed(game)
        for seat in range(4):
            stream = game.events_for(seat)
            assert all(e["player"] == seat for e in stream if e["type"] == "decided" and e.get("label") == "claims")
            assert [e for e in stream if e["type"] == "claimed"] == claimed(game)


# -- Doubt: a challenge ------------------------------------------------------------------------
def test_doubt_a_true_claim_challenged_gives_the_pile_to_the_challenger(doubt):
    """GIVEN p0 holds the 2♥ and 2 is called WHEN p0 puts it down and p1 challenges THEN the
    card is shown and p1 takes the pile."""
    game = Game(doubt, 2, seed=1, stacked=[["2H", "3C", "9S", "4C"]])
    game.apply("2H")
    game.apply("challenge")
    assert "2H" in ids(game, game.players[1].zones["hand"]) and not game.cards_in(game.zones["pile"])
    assert any(e["type"] == "shown" and e["card"] == "2H" for e in game.events_for(1))


def test_doubt_a_bluff_challenged_goes_back_to_the_bluffer(doubt):
    """GIVEN 2 is called WHEN p0 puts down the 9♠ and p1 challenges THEN p0 takes the pile back."""
    game = Game(doubt, 2, seed=1, stacked=[["2H", "3C", "9S", "4C"]])
    game.apply("9S")
    game.apply("challenge")
    assert "9S" in ids(game, game.players[0].zones["hand"]) and not game.cards_in(game.zones["pile"])


def test_doubt_an_unchallenged_card_stays_hidden_from_the_others(doubt):
    """GIVEN p0 puts down the 9♠ as a 2 WHEN nobody challenges THEN no other seat ever sees
    which card it was: not in its view, not in its events."""
    game = Game(doubt, 3, seed=1, stacked=[["2H", "3C", "4C", "9S"]])
    game.apply("9S")
    game.apply("pass")
    game.apply("pass")
    for seat in (1, 2):
        assert game.view(seat)["zones"]["pile"] == [None]
        assert not any("9S" in str(e) for e in game.events_for(seat))


def test_doubt_the_first_of_the_others_to_challenge_is_the_challenger(doubt):
    """GIVEN three players WHEN p2 challenges before p1 (asked first) THEN p2 is the challenger,
    and p1, never asked, saw p2's public answer."""
    game = Game(doubt, 3, seed=1, stacked=[["2H", "3C", "4C", "9S"]])
    game.apply("2H")
    assert open_claim(game).seats == (1, 2)
    game.apply("challenge", seat=2)
    assert "2H" in ids(game, game.players[2].zones["hand"]) and claimed(game)[0]["player"] == 2


# -- all three: replays and simulations -----------------------------------------------------------
@pytest.mark.parametrize("path", [SLAP, PUNG, DOUBT], ids=lambda p: p.stem)
def test_a_game_with_claims_answered_out_of_turn_replays_event_by_event(path, tmp_path):
    """GIVEN a game where claimants answer in a random order (as at a web table) WHEN its log
    is replayed THEN every event comes again, the claims won by the same seats."""
    rules = load_ruleset(path)
    game = Game(rules, 3, seed=4)
    rng = random.Random(9)
    while not game.over:
        window = open_claim(game)
        seat = rng.choice(window.seats) if window else game.decision.player
        game.apply(rng.choice([c.id for c in game.decision.choices] if seat == game.decision.player
                              else ["pass", *(c for c in _claims(game, seat))]), seat=seat)
    assert claimed(game)
    log = tmp_path / "game.jsonl"
    write_log(game, log)
    assert replay(log).events == game.events


def _claims(game, seat) -> list[str]:
    from interpreter.engine.claims import decision_for
    return [c.id for c in decision_for(game, seat).choices if c.id != "pass"]


@pytest.mark.parametrize("path", [SLAP, PUNG, DOUBT], ids=lambda p: p.stem)
def test_simulations_resolve_claims_the_same_way_from_the_same_seed(path):
    """GIVEN random players WHEN the same games are simulated twice from one seed THEN each
    game's log is the same, claims and all; and random games play to the end."""
    rules = load_ruleset(path)
    logs = [simulate(rules, games=2, seed=21, players=3, options={}, log_index=1)[1].log for _ in range(2)]
    assert logs[0] == logs[1] and '"claimed"' in logs[0]
    for seed in range(3):
        assert play_random(Game(rules, 4, seed=seed), random.Random(seed))["winners"]


def test_pung_the_transcript_says_who_won_the_claim_with_what_and_why(pung):
    """GIVEN p2's set beats p1's run WHEN p0 reads the transcript THEN one line says p2 won the
    claim with the set's label, as the best claim."""
    from interpreter.terminal.transcript import Transcript
    game = Game(pung, 3, seed=1, stacked=dealt(*HANDS, then="9S"))
    for choice in ("7H", "run", "set"):
        game.apply(choice)
    transcript = Transcript(game, 0)
    lines = [line for line in map(transcript.render, game.events_for(0)) if line]
    assert "Player 2 wins the claim: A set of three (the best claim)" in lines


@pytest.mark.parametrize("path", [SLAP, PUNG, DOUBT], ids=lambda p: p.stem)
def test_validate_simulate_passes_the_example_with_no_error_and_no_warning(path, capsys, monkeypatch):
    """GIVEN the example WHEN `cardrules validate --simulate 3` plays random games at every player
    count THEN it exits 0 and reports no error and no warning."""
    from interpreter.cli.main import main
    monkeypatch.chdir(ROOT)
    code = main(["validate", "--simulate", "3", str(path.relative_to(ROOT))])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip() == f"{path.relative_to(ROOT)}: ok (0 errors, 0 warnings, 3 random games per player count)"


@pytest.mark.parametrize("path", [SLAP, PUNG, DOUBT], ids=lambda p: p.stem)
def test_the_search_player_plays_through_claims(path):
    """GIVEN the search player and two random bots WHEN a short game is played THEN it ends, the
    search player having answered claims like any other decision, the same from the same seeds."""
    from interpreter.agents.basic import play
    from interpreter.agents.specs import make_agents
    rules = load_ruleset(path)
    options = {} if path == PUNG else {"turns": 12}
    runs = []
    for _ in range(2):
        game = Game(rules, 3, seed=2, options=options)
        play(game, make_agents("ismcts:20,random,random", players=3, seed=4))
        runs.append(game.events)
    assert runs[0] == runs[1] and runs[0][-1]["type"] == "ended"
