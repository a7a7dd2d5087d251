"""Per-game rows on disk for people who want their own analysis, and replayable logs of failed games.

Rows are written as they arrive: Parquet when pyarrow is installed, CSV otherwise. A failed
game is played again from its seed with its recorded decisions and written as a game log that
`cardrules replay` re-runs, so the failure can be seen again step by step.
"""
from __future__ import annotations

import csv
from pathlib import Path

from interpreter.engine.game import Game
from interpreter.logs import write_log
from interpreter.analysis.observe import GameRow

COLUMNS = ["index", "seed", "players", "status", "scores", "winners", "draw", "margin", "decisions",
           "forced", "steps", "rounds", "lead_changes", "led_before_last", "first_player",
           "first_player_won", "seconds", "error"]


def _safe(label: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in label) or "run"


class RowWriter:
    """Streams the rows of one run to DIR/<label>.parquet (or .csv without pyarrow)."""

    def __init__(self, folder, label: str, *, players: int, parquet: bool | None = None):
        self.columns = COLUMNS + [f"score_{seat}" for seat in range(players)]
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        if parquet is None:
            try:
                import pyarrow  # noqa: F401
                parquet = True
            except ImportError:
                parquet = False
        self.parquet = parquet
        self.path = folder / f"{_safe(label)}.{'parquet' if parquet else 'csv'}"
        self._writer = None
        self._file = None

    def write(self, rows: list[GameRow]) -> None:
        if not rows:
            return
        records = [{column: row.flat().get(column) for column in self.columns} for row in rows]
        if self.parquet:
            self._write_parquet(records)
        else:
            if self._writer is None:
                self._file = open(self.path, "w", newline="", encoding="utf-8")
                self._writer = csv.DictWriter(self._file, fieldnames=self.columns)
                self._writer.writeheader()
            self._writer.writerows(records)

    def _write_parquet(self, records: list[dict]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        if self._writer is None:
            types = {"status": pa.string(), "scores": pa.string(), "winners": pa.string(), "error": pa.string(),
                     "draw": pa.bool_(), "led_before_last": pa.bool_(), "first_player_won": pa.bool_(),
                     "seconds": pa.float64(), "margin": pa.float64()}
            self.schema = pa.schema([(c, types.get(c, pa.float64() if c.startswith("score_") else pa.int64()))
                                     for c in self.columns])
            self._writer = pq.ParquetWriter(str(self.path), self.schema)
        self._writer.write_table(pa.Table.from_pylist(records, schema=self.schema))

    def close(self) -> None:
        if self._writer is not None:
            if self.parquet:
                self._writer.close()
            else:
                self._file.close()
            self._writer = None


def write_failure_log(ruleset, failure: dict, *, options: dict, path) -> bool:
    """Play a failed game again (same seed, its recorded decisions) and write its log up to the
    failure; False when the game cannot even be set up."""
    try:
        game = Game(ruleset, failure["players"], seed=failure["seed"], options=options)
    except Exception:
        return False
    try:
        for choice in failure["decisions"]:
            game.apply(choice)
    except Exception:
        pass          # the failure itself: the log ends where it happened
    write_log(game, path)
    return True
