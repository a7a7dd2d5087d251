"""Replaying a full log: find its ruleset (from any folder), check it is the same ruleset, re-create
the game, apply each logged decision, and check that the engine produces every logged event.
A seat's or a spectator's log cannot be re-run; `check_view` checks what can be checked of it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from interpreter.logs.errors import DamagedLog, GameStopped, LogError
from interpreter.logs.read import check_digest, log_lines, read_log
from interpreter.logs.write import PUBLIC


def find_ruleset(record: dict, log: Path) -> Path:
    """The ruleset a log names: a shipped game by name; a file by its full path, or beside the log."""
    from interpreter.shipped import find_game
    if record["shipped"]:
        found = find_game(record["name"])
        if found is None:
            raise LogError(f"this log is of the shipped game '{record['name']}', which this cardrules "
                           "does not ship")
        return found
    file = Path(record["file"])
    for candidate in (file, log.resolve().parent / file.name):
        if candidate.is_file():
            return candidate
    raise LogError(f"this log's ruleset {file} no longer exists (nor does {file.name} beside the log); "
                   "put the ruleset back, or beside the log")


def _variant(name: str, log: Path) -> str:
    """A variant file of the log, by its full path or beside the log."""
    file = Path(name)
    for candidate in (file, log.resolve().parent / file.name):
        if candidate.is_file():
            return str(candidate)
    raise LogError(f"this log's variant {file} no longer exists (nor does {file.name} beside the log)")


def _one_line(exc: Exception) -> str:
    diagnostics = getattr(exc, "diagnostics", None)
    return "; ".join(d.message for d in diagnostics) if diagnostics else str(exc)


def same_event(logged: dict, produced: dict) -> bool:
    """Whether the game produced the logged event. A decision's `text` (the option as the
    decision showed it) is how it reads, not what happened: a log written before decisions
    carried it matches without it; one that carries it must carry the same."""
    if logged == produced:
        return True
    if "text" in logged or not isinstance(produced, dict):
        return False
    bare = {k: v for k, v in produced.items() if k != "text"}
    if produced.get("type") == "choices_revealed" and isinstance(produced.get("choices"), list):
        if any("text" in c for c in logged.get("choices") or [] if isinstance(c, dict)):
            return False
        bare["choices"] = [{k: v for k, v in c.items() if k != "text"} for c in produced["choices"]]
    return logged == bare


def _compare(produced: list, logged: list, start: int) -> int:
    """Check the events produced since `start` against the log's; how far both agree."""
    end = min(len(produced), len(logged))
    for (line, want), got in zip(logged[start:end], produced[start:end]):
        if not same_event(want, got):
            raise DamagedLog(line, f"the event differs from the game's: the log has {json.dumps(want)[:200]}, "
                                   f"the game {json.dumps(got)[:200]}")
    return end


def ruleset_of(header: dict, path: Path):
    """The log's ruleset, found from the header and checked to be the same text."""
    from interpreter.compile.ruleset import load_ruleset
    record = header["ruleset"]
    ruleset = load_ruleset(find_ruleset(record, path), variants=[_variant(v, path) for v in header["variants"]])
    if ruleset.digest != record["digest"]:
        raise LogError(f"the ruleset {record['name']} ({ruleset.path}) has changed since this log was written; "
                       "a replay against it would not be the same game")
    return ruleset


def replay_events(ruleset, header: dict, events: list[tuple[int, dict]]):
    """Re-create the game of a full log's header, apply each logged decision, and check that the
    engine produces every logged event; the Game, or a LogError at the first line that differs."""
    from interpreter.engine.claims import decision_for
    from interpreter.engine.game import Game
    from interpreter.errors import GameError, RulesetError
    try:
        game = Game(ruleset, header["players"], seed=header["seed"], options=header["options"],
                    stacked=header["stacked"] or None, names=header.get("names"))
    except (GameError, RulesetError) as exc:
        raise DamagedLog(1, f"the game it describes cannot start: {_one_line(exc)}") from None
    checked = _compare(game.events, events, 0)
    for line, event in events:
        if event["type"] != "decided":
            continue
        if game.over:
            raise DamagedLog(line, "a decision after the end of the game")
        asked = decision_for(game, event["player"])     # (in a claim window, any claimant)
        if asked is None:
            raise DamagedLog(line, f"seat {event['player']} decides here, but the game asks seat "
                                   f"{game.decision.player}")
        try:
            choice = asked.choice(event["choice"])
        except ValueError as exc:
            raise DamagedLog(line, str(exc)) from None
        try:
            game.apply(choice.id, seat=asked.player)
        except GameError as exc:      # the game's own failure, at the logged decision
            raise GameStopped(line, str(exc)) from None
        checked = _compare(game.events, events, checked)
    if len(events) > len(game.events):
        raise DamagedLog(events[len(game.events)][0], "an event the game does not produce")
    if len(events) < len(game.events):
        end = events[-1][0] + 1 if events else 2
        raise DamagedLog(end, f"the log stops {len(game.events) - len(events)} events before the game does")
    return game


def seen_by(header: dict) -> str | None:
    """Who a log shows the game as: None for a full log, "seat N" or "a spectator" otherwise."""
    view = header.get("view")
    if view is None:
        return None
    return "a spectator" if view in (PUBLIC, -1) else f"seat {view}"


def replay(path):
    """Re-run a full log; the replayed Game, or a LogError (one line) saying what is wrong."""
    path = Path(path)
    header, events = read_log(path, digest=False)
    if "view" in header:
        check_digest(log_lines(path))
        raise LogError(f"this log shows only what {seen_by(header)} saw; only a full log can be replayed "
                       "(check_view reads it)")
    game = replay_events(ruleset_of(header, path), header, events)
    check_digest(log_lines(path))
    return game


@dataclass
class ViewLog:
    """A seat's (or a spectator's) log, checked as far as it can be: it is whole (its digest),
    of the same ruleset, every line has the shape cardrules writes, and every decision is by a
    seat of the game. It cannot be re-run: it holds neither the seed nor the others' hidden
    choices."""
    header: dict
    events: list[dict]
    ruleset: object
    who: str

    @property
    def decisions(self) -> int:
        return sum(1 for e in self.events if e["type"] == "decided")

    def stand_in_transcript(self):
        """A Transcript that renders this log's events: its game is a stand-in (for names, card
        labels and starting values only: no card of it is shown)."""
        from interpreter.engine.game import Game
        from interpreter.errors import GameError
        from interpreter.terminal.transcript import Transcript
        header = self.header
        try:
            stand_in = Game(self.ruleset, header["players"], seed=0, options=header["options"],
                            names=header.get("names"), record=False)
        except GameError as exc:
            raise DamagedLog(1, f"the game it describes cannot start: {_one_line(exc)}") from None
        view = header["view"]
        return Transcript(stand_in, None if view in (PUBLIC, -1) else view)

    def transcript(self) -> list[str]:
        """The lines that seat read."""
        transcript = self.stand_in_transcript()
        return [line for line in map(transcript.render, self.events) if line]


def check_view(path) -> ViewLog:
    """Check a seat's or a spectator's log (see ViewLog); a full log is for `replay`."""
    path = Path(path)
    header, events = read_log(path)
    if "view" not in header:
        raise LogError("this is a full log: replay it")
    return ViewLog(header, [e for _, e in events], ruleset_of(header, path), seen_by(header))
