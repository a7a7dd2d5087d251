"""A log of a game whose seed was committed to when it opened (a web table with people): the
header carries the commitment in every log; a full log reveals the seed and salt before its
digest; a seat's or a spectator's log stays seedless, reveals them only once the game is over,
and even then is checked, not re-run. Reading says what a log says of its commitment."""
from __future__ import annotations

import json

import pytest

from interpreter import Game
from interpreter.agents.basic import RandomAgent, play
from interpreter.cli.main import main
from interpreter.logs import PUBLIC, DamagedLog, LogError, check_view, log_text, read_sealed, replay
from interpreter.logs import commitment
from interpreter.logs.write import digest_line
from tests.conftest import ruleset

SALT = "5a" * 32


def hearts(*, finished: bool) -> Game:
    """Four-player Hearts to one point, played to its end or only its first few decisions."""
    game = Game(ruleset("hearts"), 4, seed=123456789, options={"target": 1})
    if finished:
        play(game, RandomAgent(3))
    else:
        for _ in range(5):
            game.apply(game.decision.choices[0].id)
    return game


def written(tmp_path, game: Game, **kwargs):
    path = tmp_path / "game.jsonl"
    path.write_text(log_text(game, salt=SALT, **kwargs))
    return path


@pytest.mark.parametrize("seat", [2, PUBLIC])
def test_a_view_of_a_game_still_playing_carries_the_commitment_and_nothing_of_the_seed(tmp_path, seat):
    """GIVEN a committed game not yet over
    WHEN seat 2's (or a spectator's) log is written
    THEN its header has the commitment, and neither the seed, the salt nor a reveal is anywhere
         in it; it reads back as a commitment not yet revealed, and is checked as a view."""
    game = hearts(finished=False)
    path = written(tmp_path, game, seat=seat)
    text = path.read_text()
    header = json.loads(text.splitlines()[0])
    assert header["commitment"] == commitment.record(game.seed, SALT)
    assert "seed" not in header and SALT not in text and str(game.seed) not in text
    assert all(json.loads(line)["type"] != "reveal" for line in text.splitlines())
    _, _, sealed = read_sealed(path)
    assert sealed is not None and not sealed.verified and "does not reveal" in sealed.message()
    assert check_view(path).header["view"] == seat


def test_a_view_of_a_finished_game_reveals_the_seed_but_is_not_re_run(tmp_path, capsys):
    """GIVEN a committed game that is over
    WHEN seat 2's log is written and given to `cardrules replay`
    THEN the header is still seedless, the line before the digest reveals a seed and salt that
         open the commitment, reading says it is verified, and the log is checked as a view (the
         reveal does not make it re-runnable: it holds only seat 2's events)."""
    game = hearts(finished=True)
    path = written(tmp_path, game, seat=2)
    lines = path.read_text().splitlines()
    assert "seed" not in json.loads(lines[0])
    assert json.loads(lines[-2]) == {"type": "reveal", "seed": game.seed, "salt": SALT}
    assert read_sealed(path)[2].verified
    with pytest.raises(LogError, match="shows only what seat 2 saw"):
        replay(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 2's view checked" in out and "commitment verified" in out


def test_a_surface_whose_game_stopped_otherwise_says_it_is_over(tmp_path):
    """GIVEN a committed game the engine has not finished (a web table that failed)
    WHEN a seat's log is written with over=True
    THEN it reveals the seed; with the default (the engine's word) it does not."""
    game = hearts(finished=False)
    assert json.loads(written(tmp_path, game, seat=1, over=True).read_text().splitlines()[-2])["type"] == "reveal"
    assert json.loads(written(tmp_path, game, seat=1).read_text().splitlines()[-2])["type"] != "reveal"


def test_a_view_whose_reveal_does_not_open_the_commitment_is_damaged(tmp_path):
    """GIVEN a finished game's seat log whose reveal was changed (another salt, digest line redone)
    WHEN it is read  THEN it is damaged at the reveal's line, saying the deal may have changed."""
    lines = written(tmp_path, hearts(finished=True), seat=0).read_text().splitlines()
    forged = json.loads(lines[-2])
    forged["salt"] = "0" * 64
    body = lines[:-2] + [json.dumps(forged)]
    path = tmp_path / "forged.jsonl"
    path.write_text("\n".join(body + [digest_line(body)]) + "\n")
    with pytest.raises(DamagedLog) as caught:
        read_sealed(path)
    assert caught.value.line == len(lines) - 1 and "do not open the header's commitment" in caught.value.reason


def test_a_full_log_always_reveals_and_replays_with_its_verification(tmp_path, capsys):
    """GIVEN a committed game not yet over (a full log carries the seed anyway)
    WHEN its full log is written and replayed
    THEN it reveals the seed, and `cardrules replay` re-runs it and says the commitment is verified."""
    game = hearts(finished=False)
    path = written(tmp_path, game)
    assert json.loads(path.read_text().splitlines()[-2])["type"] == "reveal"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "replay ok" in out and "commitment verified" in out
