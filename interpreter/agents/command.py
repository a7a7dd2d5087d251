"""Bots nobody has to trust: a program run as a separate process, talking JSON lines.

`CommandAgent("python mybot.py", seconds=5)` (spec `cmd:python mybot.py`, or `cmd:0.5s:python
mybot.py` for half a second per decision) starts the program at its first decision and, for
every decision of its seat, writes one line to its stdin: a JSON object with the seat's view,
the events of its stream it has not been sent yet and the legal choices. The program answers
with one line on its stdout: the id of its choice (`QS`, `fold`, `250`), or `{"id": "QS"}`, or
`{"index": 3}` (a position in `choices`, or in the numbers for an amount). The protocol is
documented with an example bot in docs/agents.md.

The program gets nothing but what `Turn` gives an agent (so nothing another seat may not
see), and cannot touch the game: it is another process. Separation of processes protects the
game, not the machine: the program runs as the user who started it, with the command's own
arguments (no shell); to confine it, give a command that does (a container, another user).

A program that does not answer in time (the first answer may also take STARTUP seconds more,
to start), exits, or answers something that is not a legal choice ends the game with a
`BotError` (a GameError naming the bot, the seat and what went wrong), and is stopped: a
comparison is not decided by silent forfeits. `simulate` and `compare` report such a game as
failed, with its seed, and go on with the others.
"""
from __future__ import annotations

import json
import os
import re
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref

from interpreter.agents.turn import Turn
from interpreter.engine.decisions import Choice
from interpreter.errors import GameError

SECONDS = 5.0               # per decision, unless the spec says otherwise
STARTUP = 10.0              # more for the first answer: the program starts
MAX_ANSWER = 64 * 1024      # bytes in one answer line
STDERR_TAIL = 2_000         # characters of the program's stderr kept for an error message
_TIMED = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)s:(.*)$", re.S)


class BotError(GameError):
    """An out-of-process bot failed: it did not answer in time, exited, or answered an illegal choice."""

    def __init__(self, message: str):
        super().__init__(message, code="bot")


def parse_command_spec(arg: str | None) -> tuple[list[str], float]:
    """The argv and the seconds per decision of a `cmd:` spec's argument (`python bot.py`,
    `0.5s:python bot.py`). ValueError with a one-line message when there is no command."""
    seconds = SECONDS
    text = arg or ""
    timed = _TIMED.match(text)
    if timed:
        seconds, text = float(timed.group(1)), timed.group(2)
        if not 0 < seconds < float("inf"):
            raise ValueError("give a positive number of seconds per decision, e.g. cmd:2s:python mybot.py")
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise ValueError(f"cannot read the command '{text}': {exc}") from None
    if not argv:
        raise ValueError("give the command that runs the bot, e.g. cmd:python mybot.py or cmd:2s:./mybot")
    return argv, seconds


class CommandAgent:
    """An agent played by a program in another process (see the module's docstring)."""
    uses = frozenset(["view", "events"])

    def __init__(self, command: str | list[str], *, seconds: float = SECONDS, seed: int | None = None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.seconds = seconds
        self.seed = seed
        self.name = "cmd:" + shlex.join(self.argv)
        self._process: _Process | None = None
        self._sent: dict[int, int] = {}      # seat -> how many of its events the program was sent

    def choose(self, turn: Turn) -> Choice | str:
        first = self._process is None
        who = self._who(turn)
        if first:
            self._process = _Process(self.argv, seed=self.seed, who=who)
        allowed = self.seconds + (STARTUP if first else 0)
        deadline = time.monotonic() + allowed
        try:
            self._process.send(self._message(turn), deadline, who=who, allowed=allowed)
            line = self._process.receive(deadline, who=who, allowed=allowed)
        except BotError:
            self.close()
            raise
        return self._choice(turn, line)

    def close(self) -> None:
        """Stop the program (it is stopped anyway when the agent is dropped). The next decision
        starts it again and sends it its seat's whole event stream."""
        if self._process is not None:
            self._process.stop()
            self._process = None
        self._sent.clear()

    def _who(self, turn: Turn) -> str:
        return f"bot '{shlex.join(self.argv)}' at seat {turn.seat}"

    def events_since(self, seat: int) -> int:
        """How many of the seat's events the program has been sent (its turns hold only the rest)."""
        return self._sent.get(seat, 0)

    def _message(self, turn: Turn) -> bytes:
        events = turn.events
        self._sent[turn.seat] = turn.events_from + len(events)
        message = {"type": "decide", "seat": turn.seat, "players": turn.players, "ruleset": turn.rules.name,
                   "options": turn.options, "kind": turn.kind, "prompt": turn.prompt, "step": turn.step,
                   "of": turn.of, "view": turn.view, "events_from": turn.events_from, "events": list(events)}
        numbers = turn.numbers
        if numbers is not None:
            message["numbers"] = ({"min": numbers.start, "max": numbers.stop - 1} if isinstance(numbers, range)
                                  else {"values": list(numbers)})
        else:
            message["choices"] = [{"id": c.id, "label": c.label} for c in turn.choices]
        return (json.dumps(message, ensure_ascii=True, default=str) + "\n").encode("ascii")

    def _choice(self, turn: Turn, line: bytes) -> Choice | str:
        text = line.decode("utf-8", errors="replace").strip()
        answer: object = text
        if text.startswith("{"):
            try:
                answer = json.loads(text)
            except ValueError:
                answer = None
            if isinstance(answer, dict) and isinstance(answer.get("id"), (str, int)) \
                    and not isinstance(answer.get("id"), bool):
                answer = str(answer["id"])
            elif isinstance(answer, dict) and type(answer.get("index")) is int:
                answer = self._by_index(turn, answer["index"], text)
            else:
                self.close()
                raise BotError(f"{self._who(turn)} answered {_shown(text)}: an answer is a choice id, "
                               '{"id": ...} or {"index": ...}')
        if not self._legal(turn, answer):
            self.close()
            raise BotError(f"{self._who(turn)} answered {_shown(text)}, which is not a legal choice for "
                           f"'{turn.prompt}'; {_legal(turn)}")
        return answer

    def _by_index(self, turn: Turn, index: int, text: str) -> str:
        options = turn.numbers if turn.numbers is not None else [c.id for c in turn.choices]
        if not 0 <= index < len(options):
            self.close()
            raise BotError(f"{self._who(turn)} answered {_shown(text)}; there are {len(options)} choices "
                           f"(index 0 to {len(options) - 1})")
        return str(options[index])

    @staticmethod
    def _legal(turn: Turn, answer: str) -> bool:
        if turn.numbers is not None:
            try:
                return int(answer) in turn.numbers
            except ValueError:
                return False
        return any(c.id == answer for c in turn.choices)


def _shown(text: str) -> str:
    return repr(text[:60] + ("…" if len(text) > 60 else ""))


def _legal(turn: Turn) -> str:
    if turn.numbers is not None:
        numbers = turn.numbers
        if isinstance(numbers, range):
            return f"legal: a number from {numbers.start} to {numbers.stop - 1}"
        return "legal: " + ", ".join(map(str, list(numbers)[:40]))
    ids = [c.id for c in turn.choices]
    return "legal: " + ", ".join(ids[:40]) + (f" and {len(ids) - 40} more" if len(ids) > 40 else "")


class _Process:
    """The running program: lines in, lines out, each within a deadline. Its stderr is drained
    by a thread (so a chatty program cannot block) and its last lines kept for error messages."""

    def __init__(self, argv: list[str], *, seed: int | None, who: str):
        env = dict(os.environ)
        if seed is not None:
            env["CARDRULES_BOT_SEED"] = str(seed)
        try:
            self.popen = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, bufsize=0, env=env, close_fds=True,
                                          start_new_session=True)
        except OSError as exc:
            raise BotError(f"{who} cannot start: {exc.strerror or exc}") from None
        self._stop = weakref.finalize(self, _kill, self.popen)
        os.set_blocking(self.popen.stdin.fileno(), False)
        os.set_blocking(self.popen.stdout.fileno(), False)
        self.buffer = b""
        self.tail = [""]        # the end of its stderr (a list the thread fills: it holds no `self`)
        self._reader = threading.Thread(target=_drain, args=(self.popen.stderr, self.tail), daemon=True)
        self._reader.start()

    def send(self, data: bytes, deadline: float, *, who: str, allowed: float) -> None:
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(self.popen.stdin, selectors.EVENT_WRITE)
            while view:
                if not selector.select(self._left(deadline)):
                    self._late(who, allowed)
                try:
                    written = os.write(self.popen.stdin.fileno(), view)
                except BlockingIOError:
                    continue
                except (BrokenPipeError, OSError):
                    self._died(who)
                view = view[written:]

    def receive(self, deadline: float, *, who: str, allowed: float) -> bytes:
        with selectors.DefaultSelector() as selector:
            selector.register(self.popen.stdout, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                if len(self.buffer) > MAX_ANSWER:
                    raise BotError(f"{who} wrote more than {MAX_ANSWER} bytes without ending its answer's line")
                if not selector.select(self._left(deadline)):
                    self._late(who, allowed)
                try:
                    chunk = os.read(self.popen.stdout.fileno(), 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    self._died(who)
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def stop(self) -> None:
        self._stop()

    def _left(self, deadline: float) -> float:
        return max(0.0, deadline - time.monotonic())

    def _late(self, who: str, allowed: float):
        self.stop()
        raise BotError(f"{who} did not answer within {allowed:g} seconds; it was stopped")

    def _died(self, who: str):
        try:
            code = self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        self._reader.join(timeout=1)
        self.stop()
        last = self.tail[0].strip().splitlines()[-1:]
        said = f": {last[0].strip()[:200]}" if last else ""
        how = f"exited with code {code}" if code is not None else "closed its output"
        raise BotError(f"{who} {how} before answering{said}")


def _drain(stream, tail: list) -> None:
    try:
        for chunk in iter(lambda: stream.read(4096), b""):
            tail[0] = (tail[0] + chunk.decode("utf-8", errors="replace"))[-STDERR_TAIL:]
    except (OSError, ValueError):
        pass


def _kill(popen: subprocess.Popen) -> None:
    """Stop the program and whatever it started (its own process group), and reap it."""
    if popen.poll() is None:
        try:
            os.killpg(popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            popen.kill()
        try:
            popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    for stream in (popen.stdin, popen.stdout):
        try:
            stream.close()
        except OSError:
            pass
