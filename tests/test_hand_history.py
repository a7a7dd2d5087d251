"""`cardrules replay LOG --format hand-history`: a betting game's log written as PokerKit hand
histories (PHH), through the ruleset's declared `hand_history:` structure."""
from __future__ import annotations

import warnings

import pytest

from interpreter import Game, load_ruleset
from interpreter.agents.basic import RandomAgent, ask, play
from interpreter.cli.main import main
from interpreter.logs import write_log
from tests.poker_helpers import act, round_robin, ruleset

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import HandHistory  # noqa: E402

HOLES = [["AH", "AC"], ["KH", "KC"], ["QH", "QC"]]
BOARD = ["2D", "7S", "9H", "4S", "3D"]


def _export(capsys, log) -> tuple[int, str, str]:
    code = main(["replay", str(log), "--format", "hand-history"])
    out = capsys.readouterr()
    return code, out.out, out.err


def _one_hand(tmp_path, *, seat=None):
    """Three players, seat 0 on the button with the aces; seat 0 raises to 200, seat 1 folds,
    seat 2 calls; everyone checks to the showdown, where the aces win 450."""
    order = [1, 2, 0]
    game = Game(ruleset("texas-holdem"), players=3, seed=5, options={"hands": 1},
                stacked=[["AS", "2C", "3C"], round_robin([HOLES[s] for s in order]) + BOARD])
    act(game, 0, "raise", "100")
    act(game, 1, "fold")
    act(game, 2, "call")
    for _ in range(3):
        act(game, 2, "check")
        act(game, 0, "check")
    assert game.over
    log = tmp_path / "holdem.jsonl"
    write_log(game, log, seat=seat)
    return log


def test_a_stacked_hand_gives_its_actions_board_and_winnings(capsys, tmp_path):
    """GIVEN a one-hand Hold'em log with a stacked deal
    WHEN it is exported as a hand history
    THEN the seats start left of the button, the blinds are 50/100, and the actions, the board
    and the finishing stacks are those of the hand."""
    code, out, err = _export(capsys, _one_hand(tmp_path))
    assert code == 0, err
    [hand] = HandHistory.loads_all(out)
    assert hand.variant == "NT"
    assert hand.seats == [2, 3, 1] and hand.players == ["Player 1", "Player 2", "Player 0"]
    assert hand.blinds_or_straddles == [50, 100, 0] and hand.min_bet == 100
    assert hand.starting_stacks == [10000, 10000, 10000]
    assert hand.actions == [
        "d dh p1 KhKc", "d dh p2 QhQc", "d dh p3 AhAc",
        "p3 cbr 200", "p1 f", "p2 cc",
        "d db 2d7s9h", "p2 cc", "p3 cc", "d db 4s", "p2 cc", "p3 cc", "d db 3d", "p2 cc", "p3 cc",
        "p3 sm AhAc", "p2 sm QhQc"]
    assert hand.finishing_stacks == [9950, 9800, 10250]


@pytest.mark.slow
def test_every_hand_of_a_match_replays_in_pokerkit_to_the_logs_stacks(capsys, tmp_path):
    """GIVEN a 20-hand Hold'em match among four random players
    WHEN it is exported and each hand is played through PokerKit's own state
    THEN every hand parses, PokerKit pays every seat what the log says, and each hand starts
    where the last one ended."""
    game = Game(load_ruleset("texas-holdem"), players=4, seed=21, options={"hands": 20})
    play(game, RandomAgent(21))
    log = tmp_path / "match.jsonl"
    write_log(game, log)
    code, out, err = _export(capsys, log)
    assert code == 0, err
    assert len(list(HandHistory.loads_all(out))) == game.vars["hand_number"] >= 1
    _pokerkit_agrees(out, game)


def _pokerkit_agrees(text: str, game: Game) -> None:
    """Every hand of `text` played through PokerKit ends with the stacks the log says, each
    starts where the seat's last hand ended, and the last ones are the game's final chips."""
    stacks = {}
    for hand in HandHistory.loads_all(text):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for state in hand:  # noqa: B007 - the last state is the one read
                pass
        assert not state.status
        assert list(state.stacks) == hand.finishing_stacks, hand.hand
        for seat, start in zip(hand.seats, hand.starting_stacks):
            assert stacks.get(seat, start) == start
        stacks.update(zip(hand.seats, hand.finishing_stacks))
    assert stacks
    for seat, end in stacks.items():
        assert game.vars_of(game.players[seat - 1])["chips"] == end


@pytest.mark.slow
@pytest.mark.parametrize("fixture, options", [
    ("holdem-stacks", {"limit": "no_limit", "check_raise": True, "stacks": "random"}),
    ("holdem-antes", {}),
])
def test_side_pots_and_antes_replay_in_pokerkit_too(capsys, tmp_path, fixture, options):
    """GIVEN no-limit matches with uneven random stacks (all-ins make side pots), and matches
    whose forced bets are antes (`forced: antes`, `min_bet: ante`)
    WHEN they are exported
    THEN PokerKit pays every hand as the logs do."""
    for seed in range(3):
        game = Game(ruleset(fixture), players=3 + seed, seed=seed, options={**options, "hands": 8})
        play(game, RandomAgent(seed))
        log = tmp_path / f"{fixture}-{seed}.jsonl"
        write_log(game, log)
        code, out, err = _export(capsys, log)
        assert code == 0, err
        _pokerkit_agrees(out, game)


def test_a_seats_view_shows_only_what_that_seat_saw(capsys, tmp_path):
    """GIVEN the stacked hand as seat 2 saw it (seat 1 folded unseen; seat 0 showed down)
    WHEN it is exported
    THEN seat 2's own cards are named, seat 1's are unknown (????), seat 0's appear only when
    shown at the showdown, and the hand still ends with the same stacks."""
    code, out, err = _export(capsys, _one_hand(tmp_path, seat=2))
    assert code == 0, err
    [hand] = HandHistory.loads_all(out)
    assert hand.actions[:3] == ["d dh p1 ????", "d dh p2 QhQc", "d dh p3 ????"]
    assert "KhKc" not in out and "p3 sm AhAc" in hand.actions
    assert hand.finishing_stacks == [9950, 9800, 10250]


@pytest.mark.slow
def test_a_hand_the_log_stops_inside_is_left_out_and_said(capsys, tmp_path):
    """GIVEN the log of a match that stops inside its second hand (a download mid-game)
    WHEN it is exported
    THEN the first hand is written and a line on stderr says the second is left out."""
    game = Game(load_ruleset("texas-holdem"), players=3, seed=8, options={"hands": 5})
    agent = RandomAgent(8)
    while game.vars["hand_number"] < 1:
        game.apply(ask(agent, game))
    log = tmp_path / "unfinished.jsonl"
    write_log(game, log)
    code, out, err = _export(capsys, log)
    assert code == 0, err
    assert [hand.hand for hand in HandHistory.loads_all(out)] == [1]
    assert err.strip().endswith("hand 2 is not over where the log ends: it is left out")


@pytest.mark.slow
def test_a_game_without_betting_gets_one_line_and_exit_1(capsys, tmp_path):
    """GIVEN a Hearts log (no `hand_history:` declared)
    WHEN it is exported as a hand history
    THEN one line says the ruleset declares no betting structure, and the exit code is 1."""
    game = Game(load_ruleset("hearts"), players=4, seed=3)
    play(game, RandomAgent(3))
    log = tmp_path / "hearts.jsonl"
    write_log(game, log)
    code, out, err = _export(capsys, log)
    assert code == 1 and out == ""
    assert err.strip().endswith("Hearts declares no betting structure; hand histories are for betting games")
    assert len(err.strip().splitlines()) == 1


def test_show_and_a_hand_history_together_are_a_usage_error(capsys, tmp_path):
    """GIVEN --show (a transcript) and --format hand-history (the hands alone) together
    WHEN replay is asked for both
    THEN it says to choose one, with the usage exit code 2."""
    code = main(["replay", str(_one_hand(tmp_path)), "--format", "hand-history", "--show"])
    err = capsys.readouterr().err
    assert code == 2 and "choose one" in err


def test_the_declaration_names_what_exists(tmp_path):
    """GIVEN a Hold'em variant whose hand_history names a zone that does not exist
    WHEN it is loaded
    THEN the checker says which name, at its line."""
    from interpreter.errors import RulesetError
    variant = tmp_path / "wrong.yaml"
    variant.write_text("version: 1\nname: Wrong\nextends: texas-holdem\nhand_history:\n  variant: NT\n"
                       "  hand: deal\n  button: button\n  hole: hole_cards\n  board: board\n  chips: chips\n"
                       "  streets: [preflop]\n  actions: {fold: fold}\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(variant)
    message = str(caught.value)
    assert "hand_history.hole: there is no player zone 'hole_cards'" in message
    assert "wrong.yaml:8" in message
