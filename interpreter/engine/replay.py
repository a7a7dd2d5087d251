"""Game logs and replay, as the engine's callers have always imported them; they live in
`interpreter.logs` (ReplayMismatch is its LogError). `replay_records` re-runs a log already
read (a header and its events) against a ruleset, for callers that keep logs of their own."""
from __future__ import annotations

import json

from interpreter.logs import DamagedLog, LogError, read_log, replay, write_log
from interpreter.logs.replay import same_event

ReplayMismatch = LogError

__all__ = ["DamagedLog", "LogError", "ReplayMismatch", "read_log", "replay", "replay_records", "write_log"]


def replay_records(ruleset, header: dict, events: list[dict]):
    """Re-run a log already read (header and events) with its ruleset; ReplayMismatch at the
    first event the engine does not reproduce."""
    from interpreter.engine.claims import decision_for
    from interpreter.engine.game import Game
    try:
        game = Game(ruleset, header["players"], seed=header["seed"], options=header.get("options") or {},
                    stacked=header.get("stacked") or None, names=header.get("names"))
    except (KeyError, TypeError) as exc:
        raise ReplayMismatch(f"the header lacks a valid {exc}") from None
    decisions = [e for e in events if e.get("type") == "decided"]
    for number, event in enumerate(decisions):
        if game.over:
            raise ReplayMismatch(f"the game ended before logged decision {number + 1}")
        seat = event.get("player")
        if not isinstance(seat, int) or decision_for(game, seat) is None:    # (a claim: any claimant)
            raise ReplayMismatch(f"decision {number + 1}: the log has seat {seat} deciding, "
                                 f"the engine asks seat {game.decision.player}")
        try:
            game.apply(event.get("choice"), seat=seat)
        except ValueError as exc:
            raise ReplayMismatch(f"decision {number + 1}: {exc}") from None
    produced = game.events
    for i, (want, got) in enumerate(zip(events, produced)):
        if not same_event(want, got):
            raise ReplayMismatch(f"event {i + 1} differs:\n  log:    {json.dumps(want)}\n  engine: {json.dumps(got)}")
    if len(events) != len(produced):
        raise ReplayMismatch(f"the log has {len(events)} events, the engine produced {len(produced)}")
    return game
