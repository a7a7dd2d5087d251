"""Game logs and replay, as the engine's callers have always imported them; they live in
`interpreter.logs` (ReplayMismatch is its LogError)."""
from interpreter.logs import DamagedLog, LogError, read_log, replay, write_log

ReplayMismatch = LogError

__all__ = ["DamagedLog", "LogError", "ReplayMismatch", "read_log", "replay", "write_log"]
