"""One live table: a Game, its seats (people and bots), and the streams its clients follow.

Every move, a person's or a bot's, goes through `take`: it checks that the move is for this
table's current decision and legal, applies it through the engine's decision API, and writes it
to the store before anyone hears of it. Nothing here awaits: one call is one atomic step. While
bots move in a thread (`busy`), the game is theirs: people's moves are refused and joins wait.
"""
from __future__ import annotations

import time

from interpreter.engine.back import can_go_back, without_last_decision
from interpreter.engine.budget import Budget
from interpreter.engine.claims import PASS, decision_for, open_claim
from interpreter.engine.game import Game
from interpreter.errors import GameError
from interpreter.compile.ruleset import Ruleset
from interpreter.logs import commitment, write
from interpreter.web.bots import Bot, make_bot
from interpreter.web.frames import SPECTATOR, Stream, state_frame
from interpreter.web.store import Store, TableRecord


# A decision's work runs on the server's event loop: a quarter of the engine's default time.
WEB_BUDGET = Budget(seconds=5.0)


class MoveRefused(Exception):
    """A move that was not taken; `code` is stable, the message is for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class LiveTable:
    """A table loaded in memory; re-created from its record and decision list after a restart."""

    def __init__(self, record: TableRecord, ruleset: Ruleset, *, store: Store, filename: str,
                 game: Game | None = None, max_decisions: int | None = None,
                 decisions: list[tuple[int, str]] | None = None):
        self.record = record
        self.id = record.id
        self.ruleset = ruleset
        self.store = store
        self.filename = filename
        self.error: str | None = None
        self.max_decisions = max_decisions
        self.game = game if game is not None else new_game(ruleset, record)
        if decisions is None:
            decisions = store.decisions(record.id)
        for seat, choice in decisions:
            # a stored decision was legal when taken, for its seat (a claim's answers came in
            # the order stored): the game is deterministic
            self.game.apply(choice, seat=seat)
        self.bots: dict[int, Bot] = {
            s.seat: make_bot(s.agent or "random", seed=_bot_seed(record.seed, s.seat, self.game.decisions_taken))
            for s in record.seats if s.kind == "bot"}
        self.streams: dict[int | None, Stream] = {}
        self.clients: dict[int, set] = {}          # seat (or SPECTATOR) -> connections
        self.last_active = time.monotonic()
        self.bot_task = None                       # the task moving bots off the event loop
        self.busy = False                          # bots are moving in a thread: the game is theirs
        self.waiting: list = []                    # (seat, connection) that joined while busy
        self.claim_timer = None                    # (where the window opened, its timer, its deadline)

    # -- moves ------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.over or self.error is not None

    def bot_to_move(self) -> bool:
        return not self.over and self.game.decision.player in self.bots

    def seated(self) -> bool:
        """Whether a person is connected to one of the seats (spectators do not count)."""
        return any(connections for seat, connections in self.clients.items() if seat is not None)

    def _check_turn(self, seat: int, decision_no, what: str) -> None:
        """MoveRefused unless `seat` is one deciding, at decision number `decision_no`."""
        game = self.game
        if self.busy:
            raise MoveRefused("not-your-turn", "the bots are moving; wait for the table's next state")
        if self.over:
            raise MoveRefused("over", "the game is over")
        window = open_claim(game)
        if window is not None and seat in window.seats and decision_no == window.opened_at(game):
            # a claimant may answer before the seat asked: the first answer to arrive is first
            if what == "move" or game.decision.player == seat:
                return
        if not isinstance(decision_no, int) or isinstance(decision_no, bool) or decision_no != game.decisions_taken:
            if _claimed_since(game, decision_no):
                raise MoveRefused("stale", "too late: that claim was already resolved")
            raise MoveRefused("stale", f"that {what} was for decision {decision_no}; the table is at decision "
                                       f"{game.decisions_taken}")
        if game.decision.player != seat:
            raise MoveRefused("not-your-turn", "it is not your decision")

    def take(self, seat: int, decision_no, choice_id) -> None:
        """Apply `seat`'s choice for decision number `decision_no`; MoveRefused if it is not one."""
        game = self.game
        self._check_turn(seat, decision_no, "move")
        if not isinstance(choice_id, str):
            raise MoveRefused("illegal", "a choice is given by its id, a string")
        try:
            choice = decision_for(game, seat).choice(choice_id)
        except ValueError as exc:
            raise MoveRefused("illegal", str(exc)) from None
        self._apply(seat, choice.id)

    def go_back(self, seat: int, decision_no) -> None:
        """Undo `seat`'s last decision while it decides the second part of a two-part choice,
        under the engine's rule (interpreter.engine.back); MoveRefused if it may not. The game is
        replayed without it and the stored decision list drops it; every stream is rebuilt from
        the replayed game, so each client is sent its stream again from the start."""
        game = self.game
        self._check_turn(seat, decision_no, "back")
        if not can_go_back(game, seat):
            raise MoveRefused("no-back", "there is nothing to go back to: back undoes the first part of a "
                                         "two-part choice, before anyone else acts or a card comes to light")
        try:
            again = without_last_decision(game, budget=WEB_BUDGET)
        except GameError as exc:
            raise MoveRefused("no-back", f"the game could not be replayed: {exc.message}") from None
        self.store.drop_decision(self.id, game.decisions_taken - 1)
        self.game = again
        self.streams = {}
        self.last_active = time.monotonic()

    def step_bot(self) -> bool:
        """Let the bot whose decision it is move once; False if no bot is to move."""
        if not self.bot_to_move():
            return False
        seat = self.game.decision.player
        self._apply(seat, self.bots[seat].choose(self.game))
        return True

    def bot_answer(self, seat: int, decision_no: int, choice_id: str) -> bool:
        """Apply a choice a bot worked out away from the table, if its decision is still open."""
        if self.over or self.game.decisions_taken != decision_no or self.game.decision.player != seat:
            return False
        self._apply(seat, choice_id)
        return True

    def pass_claim(self, opened_at: int) -> int:
        """The claim window opened at decision `opened_at` has run out of time: every seat that
        has not answered passes (in the order the game asks them). How many passed."""
        passed = 0
        while not self.over and not self.busy:
            window = open_claim(self.game)
            if window is None or window.opened_at(self.game) != opened_at:
                break
            self._apply(window.seats[0], PASS)
            passed += 1
        return passed

    def run_bots(self, *, limit: int = 10_000, quick_only: bool = False, seconds: float | None = None) -> int:
        """Let bots move until a person is to move (or, with `quick_only`, a bot that thinks), at
        most `limit` moves and, with `seconds`, about that long."""
        moved = 0
        deadline = None if seconds is None else time.monotonic() + seconds
        while moved < limit and self.bot_to_move():
            if quick_only and not self.bots[self.game.decision.player].quick:
                break
            if deadline is not None and moved and time.monotonic() > deadline:
                break
            self.step_bot()
            moved += 1
        return moved

    def _apply(self, seat: int, choice_id: str) -> None:
        n = self.game.decisions_taken
        if self.max_decisions is not None and n >= self.max_decisions:
            self.fail(f"the game did not end within {self.max_decisions} decisions: its rules may never end it")
            return
        try:
            self.game.apply(choice_id, seat=seat)
        except GameError as exc:   # the ruleset failed at run time (or ran past its budget): the table stops
            self.fail(exc.message)
            return
        self.store.add_decision(self.id, n, seat, choice_id)
        self.last_active = time.monotonic()
        if self.game.over:
            self.store.finish_table(self.id, status="over", result=self.game.result)

    def fail(self, message: str) -> None:
        """Stop the table: its game cannot go on. Clients are shown `message`."""
        self.error = message
        self.store.finish_table(self.id, status="failed", result={"error": message})

    # -- what clients see ---------------------------------------------------------
    def stream(self, seat: int | None) -> Stream:
        stream = self.streams.get(seat)
        if stream is None:
            # a spectator's stream is a seat no player has: the public view, never the full one
            stream = self.streams[seat] = Stream(self.game, SPECTATOR if seat is None else seat)
            stream.update()
        return stream

    def full_frame(self, seat: int | None) -> dict:
        stream = self.stream(seat)
        stream.update()
        return self._frame(seat, stream.full())

    def update_frame(self, seat: int | None) -> dict:
        return self._frame(seat, self.stream(seat).update())

    def _frame(self, seat, changes: dict) -> dict:
        frame = state_frame(self.game, SPECTATOR if seat is None else seat, changes)
        frame["table"] = self.id
        claim = (frame.get("decision") or {}).get("claim")
        timer = self.claim_timer
        if claim is not None and timer is not None and timer[0] == frame["decision"]["no"]:   # this window's
            claim["seconds_left"] = round(max(0.0, timer[2] - time.monotonic()), 1)
        if self.error:
            frame["error"] = self.error
        if self.over and self.record.salt is not None:
            frame["reveal"] = self.reveal()
        return frame

    def commitment(self) -> dict | None:
        """The commitment to the seed published when the table opened (None: the seed was given)."""
        return commitment.record(self.record.seed, self.record.salt) if self.record.salt is not None else None

    def reveal(self) -> dict | None:
        """The seed and salt that open the commitment: told only once the game is over."""
        if not self.over or self.record.salt is None:
            return None
        return write.reveal(self.record.seed, self.record.salt)

    def info(self, seat: int | None) -> dict:
        """The table's public description: game, seats (kind and name), status."""
        return {"table": self.id, "ruleset": self.ruleset.name, "players": self.record.players,
                "options": self.game.options, "seat": seat,
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent}
                          for s in self.record.seats],
                "undisplayed": sorted(self.ruleset.undisplayed), "score_label": self.ruleset.score_label,
                "display_labels": dict(self.ruleset.display.labels),
                "display_phases": {name: sorted(phases) for name, phases in self.ruleset.display.phases.items()},
                "status": "failed" if self.error else ("over" if self.game.over else "playing"),
                "commitment": self.commitment(), "reveal": self.reveal()}

    def log_lines(self, seat: int | None) -> str:
        """The game's log in the one format every surface writes (interpreter.logs): all of it
        (seat None), or only what `seat` (or SPECTATOR) saw. An uploaded ruleset is named by its
        file name: the server's copy of it is at a path of its own. A table whose seed was
        committed to carries the commitment, and the reveal once the table is over (a seat's
        log too: the seed is public then)."""
        from interpreter.logs import PUBLIC, log_text
        view = PUBLIC if seat == SPECTATOR else seat
        return log_text(self.game, seat=view, ruleset_file=self.filename, salt=self.record.salt, over=self.over)


def _claimed_since(game: Game, decision_no) -> bool:
    """Whether a claim was resolved after decision `decision_no` (a move that lost a race)."""
    if not isinstance(decision_no, int) or isinstance(decision_no, bool) or decision_no >= game.decisions_taken:
        return False
    seen = 0
    for event in game._log.events:
        if event["type"] == "decided":
            seen += 1
        elif event["type"] == "claimed" and seen > decision_no:
            return True
    return False


def new_game(ruleset: Ruleset, record: TableRecord) -> Game:
    """The game of a table, as it was dealt when the table opened."""
    return Game(ruleset, record.players, seed=record.seed, options=record.options,
                names=[s.name for s in record.seats], budget=WEB_BUDGET)


def table_header(game: Game) -> dict:
    """A log header that re-creates the game exactly: seats' names appear in its events."""
    return {**game.header(), "names": [p.name for p in game.players]}


def _bot_seed(table_seed: int, seat: int, decisions: int) -> int:
    """Bots of a resumed table start from a seed of their own, fixed by where the table resumed."""
    return (table_seed * 1_000_003 + seat * 7_919 + decisions) % (2 ** 63)
