"""Differential test: seeded random games of every shipped ruleset, compared event by event
with games recorded by an earlier version of the interpreter.

GIVEN a ruleset, a player count, a seed and a seeded random player, WHEN the game is played
to its end, THEN its whole event stream (every move, variable, decision and result) has the
digest recorded in `fixtures/event_digests.json`. A change of the engine that alters any game
of any ruleset fails here, naming the ruleset, seat count and seed to replay.

By default a sample of each ruleset's recorded games is played; `CARDRULES_DIFFERENTIAL=all`
plays all of them. Each ruleset's games were recorded for one text of its files: when the
rules themselves change, its games are skipped (saying so) until they are recorded again with
`python tests/test_differential.py --record`, as after an intended change of the event stream;
`--record NAME...` records only those rulesets (a new one, say) and keeps the others' games.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "event_digests.json"
GAMES_PER_RULESET = 300
SAMPLE = 12                 # games per ruleset in an ordinary run


def play(ruleset, players: int, seed: int) -> list[dict]:
    """One game with a random player seeded by `seed`; half the decisions go through choice ids."""
    from interpreter import Game
    rng = random.Random(seed)
    game = Game(ruleset, players, seed=seed)
    while not game.over:
        decision = game.decision
        if rng.random() < 0.5:
            options = decision.options
            game.apply_value(options[rng.randrange(len(options))])
        else:
            choices = decision.choices
            game.apply(choices[rng.randrange(len(choices))].id)
    return game.events


def digest(events: list[dict]) -> str:
    text = json.dumps(events, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def cases(ruleset) -> list[tuple[int, int]]:
    """(players, seed) for each recorded game: every seat count the ruleset allows, in turn."""
    counts = list(range(ruleset.min_players, min(ruleset.max_players, 6) + 1))
    return [(counts[i % len(counts)], 1000 + i) for i in range(GAMES_PER_RULESET)]


def rules_digest(ruleset) -> str:
    """The text of every file the ruleset is made of: games are comparable only for the same rules."""
    texts = [Path(source).read_text(encoding="utf-8") for source in ruleset.sources]
    return hashlib.sha256("\0".join(texts).encode("utf-8")).hexdigest()[:16]


def record(names: list[str] | None = None) -> None:
    """Record the games of every shipped ruleset, or only of `names` (the others keep theirs)."""
    from interpreter import load_ruleset
    out = _recorded() if names and FIXTURE.exists() else {}
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        if names and path.stem not in names:
            continue
        ruleset = load_ruleset(path)
        out[path.stem] = {"rules": rules_digest(ruleset),
                          "games": {f"{players}/{seed}": digest(play(ruleset, players, seed))
                                    for players, seed in cases(ruleset)}}
    FIXTURE.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n", encoding="utf-8")


def _recorded() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


RECORDED = _recorded() if FIXTURE.exists() else {}


SHIPPED = sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_games_match_recorded_event_streams(name, load):
    ruleset = load(name)
    if name not in RECORDED:
        pytest.skip(f"no games of {name} are recorded yet: python tests/test_differential.py --record")
    if rules_digest(ruleset) != RECORDED[name]["rules"]:
        pytest.skip(f"{name}'s rules changed since its games were recorded: record them again with "
                    "python tests/test_differential.py --record")
    games = sorted(RECORDED[name]["games"].items(), key=lambda kv: int(kv[0].split("/")[1]))
    if os.environ.get("CARDRULES_DIFFERENTIAL") != "all":
        games = games[:SAMPLE]
    mismatches = []
    for key, expected in games:
        players, seed = map(int, key.split("/"))
        if digest(play(ruleset, players, seed)) != expected:
            mismatches.append(key)
    assert not mismatches, f"{name}: games (players/seed) whose events changed: {', '.join(mismatches[:20])}"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--record"]:
        sys.path.insert(0, str(ROOT))
        record(sys.argv[2:])
    else:
        print("usage: python tests/test_differential.py --record [NAME...]")
