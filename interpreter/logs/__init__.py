"""Game logs: writing them (write), reading and checking them line by line (read), and
replaying them (replay). Every surface writes and reads logs here: the terminal (`play --log`),
`simulate --log`, the web table's downloads and the workbench's failure logs; `cardrules
replay` and the web replay viewer read any of them.

A log is JSONL: a header, the game's events, and a last line holding a digest of every line
before it. Anything wrong with a log is a LogError, one line fit to print (never a Python
repr); damage is a DamagedLog that names the line.

The header (format 3):
  type "game", format 3, cardrules (the version that wrote it),
  ruleset {name, title, shipped, file, digest}: a shipped game by name, another by its full
      path (or found beside the log); the digest of its text notices a changed ruleset,
  variants (full paths), players, names (each seat's name: data the events quote, never a
      display marker such as "(you)", which only the terminal adds), options,
  seed and stacked (full logs only),
  view (only in a log of what one seat saw: the seat's number, or "public" for a spectator),
  commitment (optional) {sha256, scheme}: the game's seed was committed to when it opened (a web
      table with people; commitment.py says how it is computed).
A log with a commitment has a `{"type": "reveal", "seed", "salt"}` line just before the digest:
always in a full log, in a view log once the game is over (the seed is public then; the view
is still not re-run). Reading checks that the reveal opens the commitment (`read_sealed` says
so); a full log that commits and never reveals is damaged.
A full log re-runs (`replay`): every event must be the one the engine produces. A view log
leaves out the seed and any stacked deck (either would tell that seat every hidden card) and
holds only that seat's events, so it cannot be re-run: `check_view` checks that it is whole,
of the same ruleset and well formed, and renders what that seat read. A reader ignores header
fields it does not know, so a surface may add its own.

Formats: 3 added `names`, `view` "public" and seedless view logs to format 2, which is still
read. Format 1 (no `format` field, no digest line) is refused with a message saying so.
"""
from interpreter.logs.errors import FORMAT, DamagedLog, LogError
from interpreter.logs.read import read_log, read_log_text, read_sealed, read_sealed_text
from interpreter.logs.replay import ViewLog, check_view, replay, replay_events
from interpreter.logs.write import PUBLIC, log_text, write_log

__all__ = ["FORMAT", "PUBLIC", "DamagedLog", "LogError", "ViewLog", "check_view", "log_text", "read_log",
           "read_log_text", "read_sealed", "read_sealed_text", "replay", "replay_events", "write_log"]
