"""Logs: a replay finds its ruleset from any folder, notices a changed ruleset, and says of any
edited or damaged log "this log is damaged at line N: ..." in one line, never an internal error.

The corpus below takes one real log and damages it in each way a file can be damaged or
tampered with; every case is paired with the exact message (for an illegal choice, the
message's start: the rest is the engine's list of legal choices)."""
from __future__ import annotations

import json
import random
import shutil

import pytest

from interpreter import Game
from interpreter.agents.basic import RandomAgent, play
from interpreter.logs import DamagedLog, LogError, replay, write_log
from interpreter.logs.write import digest_line
from tests.conftest import ruleset


@pytest.fixture(scope="module")
def original(tmp_path_factory) -> list[str]:
    """A whole game of three-player Hearts to 5 points, as its log's lines."""
    game = Game(ruleset("hearts"), 3, seed=4, options={"target": 5})
    play(game, RandomAgent(4))
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    write_log(game, path)
    return path.read_text().splitlines()


def first(lines: list[str], kind: str, after: int = 1) -> int:
    """The index of the first line of this event type at or after `after`."""
    return next(i for i, line in enumerate(lines) if i >= after and json.loads(line)["type"] == kind)


def edit(lines, index, change, *, reseal=False):
    record = json.loads(lines[index])
    change(record)
    out = list(lines)
    out[index] = json.dumps(record)
    return _reseal(out) if reseal else out


def _reseal(lines):
    """The lines with a digest recomputed: a forger who knows the format."""
    body = lines[:-1]
    return body + [digest_line(body)]


def _header(change):
    return lambda lines: edit(lines, 0, change, reseal=True)


def _set(key, value):
    return lambda record: record.__setitem__(key, value)


def _illegal_choice(lines):
    return edit(lines, first(lines, "decided"), _set("choice", "ZZ"), reseal=True)


CORPUS = [
    # (what was done, damage, expected message (a start, if it ends with '...'))
    ("players as a string", _header(_set("players", "3")),
     "this log is damaged at line 1: 'players' in the header must be a whole number, not a string (\"3\")"),
    ("a missing seed", _header(lambda h: h.pop("seed")),
     "this log is damaged at line 1: the header has no 'seed'"),
    ("a float seed", _header(_set("seed", 4.0)),
     "this log is damaged at line 1: 'seed' in the header must be a whole number, not a decimal number (4.0)"),
    ("a seed of true", _header(_set("seed", True)),
     "this log is damaged at line 1: 'seed' in the header must be a whole number, not true/false (true)"),
    ("no players", _header(_set("players", 0)),
     "this log is damaged at line 1: 'players' in the header must be at least 1, not 0"),
    ("a list as an option", _header(lambda h: h["options"].__setitem__("target", [5])),
     "this log is damaged at line 1: option 'target' in the header must be a word, a number or true/false, "
     "not a list"),
    ("an unknown option", _header(lambda h: h["options"].__setitem__("nosuch", 1)),
     "this log is damaged at line 1: the game it describes cannot start: unknown option 'nosuch' for Hearts"),
    ("numbers as a stacked deck", _header(_set("stacked", [[1, 2]])),
     "this log is damaged at line 1: a stacked deck in the header must be a list of card ids"),
    ("a ruleset digest that is not one", _header(lambda h: h["ruleset"].__setitem__("digest", "abc")),
     "this log is damaged at line 1: the ruleset's digest in the header is not a digest"),
    ("a ruleset without a name", _header(lambda h: h["ruleset"].pop("name")),
     "this log is damaged at line 1: the header's ruleset has no 'name'"),
    ("a view of seat 7", _header(_set("view", 7)),
     "this log is damaged at line 1: 'view' in the header names seat 7 of a 3-player game"),
    ("another seed, resealed", _header(_set("seed", 5)), "this log is damaged at line 2: the event differs ..."),
    ("an illegal logged choice", _illegal_choice, "this log is damaged at line {decided}: 'ZZ' is not a legal choice ..."),
    ("a decision without its choice",
     lambda lines: edit(lines, first(lines, "decided"), lambda e: e.pop("choice"), reseal=True),
     "this log is damaged at line {decided}: the decision has no 'choice'"),
    ("a decision by seat 9",
     lambda lines: edit(lines, first(lines, "decided"), _set("player", 9), reseal=True),
     "this log is damaged at line {decided}: a decision by seat 9 in a 3-player game"),
    ("a choice as a number",
     lambda lines: edit(lines, first(lines, "decided"), _set("choice", 3), reseal=True),
     "this log is damaged at line {decided}: 'choice' in the decision must be a string, not a whole number (3)"),
    ("an inserted JSON array line", lambda lines: lines[:5] + ["[1, 2, 3]"] + lines[5:],
     "this log is damaged at line 6: a list where a JSON object belongs"),
    ("a line that is not JSON", lambda lines: lines[:3] + ['{"type": "set", '] + lines[4:],
     "this log is damaged at line 4: not a JSON line (Expecting property name enclosed in double quotes)"),
    ("an event without a type", lambda lines: lines[:3] + ['{"card": "QS"}'] + lines[4:],
     "this log is damaged at line 4: an event without a type"),
    ("a moved card sent elsewhere, resealed",
     lambda lines: edit(lines, first(lines, "moved"), _set("to", "p0.taken"), reseal=True),
     "this log is damaged at line {moved}: the event differs ..."),
    ("a moved card sent elsewhere", lambda lines: edit(lines, first(lines, "moved"), _set("to", "p0.taken")),
     "this log is damaged at line {moved}: the event differs ..."),
    ("an event deleted", lambda lines: _reseal(lines[:9] + lines[10:]),
     "this log is damaged at line 10: the event differs ..."),
    ("the last events cut off, resealed", lambda lines: _reseal(lines[:-6] + lines[-1:]),
     "this log is damaged at line {cut}: the log stops 5 events before the game does"),
    ("an event added at the end", lambda lines: _reseal(lines[:-1] + [lines[-2], lines[-1]]),
     "this log is damaged at line {added}: an event the game does not produce"),
    ("cut short", lambda lines: lines[:100],
     "this log is damaged at line 101: the log ends without its digest line (cut short, or edited)"),
    ("a digest in the middle", lambda lines: lines[:4] + [lines[-1]] + lines[4:],
     "this log is damaged at line 5: a digest line before the end of the log"),
    ("an edited digest", lambda lines: lines[:-1] + [lines[-1].replace('"sha256": "', '"sha256": "0')[:-2] + '"}'],
     "this log is damaged at line {last}: the digest does not match the log's lines: it was edited after it "
     "was written"),
    ("a harmless-looking edit", lambda lines: edit(lines, first(lines, "started"), _set("ruleset", "Hearts ")),
     "this log is damaged at line 2: the event differs ..."),
    ("an option written differently but meaning the same",
     lambda lines: edit(lines, 0, lambda h: h["options"].update(target="5")),
     "this log is damaged at line {last}: the digest does not match ..."),
]


def _expected(template: str, lines: list[str]) -> str:
    return template.format(decided=first(lines, "decided") + 1, moved=first(lines, "moved") + 1,
                           cut=len(lines) - 5, added=len(lines), last=len(lines))


@pytest.mark.parametrize("what, damage, message", CORPUS, ids=[c[0] for c in CORPUS])
def test_a_damaged_log_is_reported_at_its_line(original, tmp_path, what, damage, message):
    log = tmp_path / "damaged.jsonl"
    log.write_text("\n".join(damage(original)) + "\n")
    with pytest.raises(LogError) as caught:
        replay(log)
    expected = _expected(message, original)
    said = str(caught.value)
    assert "\n" not in said
    if expected.endswith(" ..."):
        assert said.startswith(expected[:-4]), said
    else:
        assert said == expected


def test_logs_that_are_not_this_format_say_so(original, tmp_path):
    log = tmp_path / "x.jsonl"
    for text, message in [
        ("", f"{log} is empty: not a cardrules log"),
        ('{"type": "started"}\n', f"{log} is not a cardrules log (its first line is not a game header)"),
        ('{"type": "game", "ruleset": "rulesets/hearts.yaml", "players": 4, "seed": 7}\n',
         "this log is in log format 1 (written by an older cardrules); this cardrules reads formats 2 and 3: "
         "replay it with the cardrules that wrote it, or play the game again (format 1 logs have no \"format\" "
         "field and no digest line; a web table's log downloaded from an older server is one)"),
        (original[0].replace('"format": 3', '"format": 4') + "\n",
         "this log is in log format 4 (written by cardrules "),
        (original[0].replace('"format": 3', '"format": {"v": 3}') + "\n",
         'this log is in log format {"v": 3} (written by cardrules '),
    ]:
        log.write_text(text)
        with pytest.raises(LogError) as caught:
            replay(log)
        assert str(caught.value).startswith(message)
    log.write_bytes(b"\n".join(line.encode() for line in original[:3]) + b"\n\xff\xfe\n")
    with pytest.raises(DamagedLog, match="^this log is damaged at line 4: not UTF-8 text$"):
        replay(log)
    with pytest.raises(LogError, match="no such file"):
        replay(tmp_path / "missing.jsonl")


def test_a_format_2_log_still_replays(original, tmp_path):
    """GIVEN a log as format 2 wrote it (no player names in the header) WHEN it is replayed
    THEN it replays: format 3 only added to format 2."""
    header = json.loads(original[0])
    header["format"] = 2
    del header["names"]
    log = tmp_path / "old.jsonl"
    log.write_text("\n".join(_reseal([json.dumps(header)] + original[1:])) + "\n")
    assert replay(log).over


@pytest.mark.slow
def test_any_random_edit_of_a_line_is_caught(original, tmp_path):
    """Property: 100 seeded random edits (a character changed, a line dropped, doubled or swapped)
    each end in a LogError, never an internal error and never a replay that passes."""
    rng = random.Random(11)
    log = tmp_path / "edited.jsonl"
    for _ in range(100):
        lines = list(original)
        i = rng.randrange(len(lines))
        how = rng.choice(["char", "drop", "double", "swap"])
        if how == "char" and lines[i]:
            at = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:at] + rng.choice('0129azAZ:,"{}[] ') + lines[i][at + 1:]
        elif how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        if lines == original:
            continue
        log.write_text("\n".join(lines) + "\n")
        with pytest.raises(LogError):
            replay(log)


@pytest.mark.slow
def test_a_log_replays_from_any_folder_and_an_edited_ruleset_is_reported(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    rules = folder / "short.yaml"
    rules.write_text("version: 1\nname: Short Hearts\nextends: hearts\nset:\n  target: 5\n")
    from interpreter.compile.ruleset import load_ruleset
    game = Game(load_ruleset(rules), 3, seed=2)
    play(game, RandomAgent(2))
    log = tmp_path / "logs" / "short.jsonl"
    log.parent.mkdir()
    write_log(game, log)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert replay(log).result == game.result
    # moved with its ruleset beside it: found there
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.copy(log, moved / "short.jsonl")
    shutil.copy(rules, moved / "short.yaml")
    rules.rename(folder / "gone.yaml")
    assert replay(moved / "short.jsonl").result == game.result
    (moved / "short.yaml").write_text(rules.parent.joinpath("gone.yaml").read_text().replace("target: 5", "target: 6"))
    with pytest.raises(LogError) as caught:
        replay(moved / "short.jsonl")
    assert str(caught.value) == (f"the ruleset short ({moved / 'short.yaml'}) has changed since this log was "
                                 "written; a replay against it would not be the same game")
    (moved / "short.yaml").unlink()
    with pytest.raises(LogError, match="no longer exists"):
        replay(moved / "short.jsonl")
