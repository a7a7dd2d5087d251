"""Every random draw of a game as an explicit chance event, for exact algorithms.

An engine game draws from its random generator inside the flow (a shuffle, `random(xs)`,
`random_int(a, b)`) and runs on to the next decision. Exact algorithms (CFR, expectimax,
exploitability) need each draw as a node with its outcomes and their probabilities instead.
`DrawnGame` is a Game whose random source is a `Draws` list: it replays the draws recorded so
far and, at the first one it does not hold, stops the game with `NeedDraw`, which names the
draw's outcomes (all equally likely). The caller picks an outcome, appends it, and replays the
game from the start with one more draw: the flow cannot be paused inside a statement, but
replaying the same ruleset, draws and decisions gives the same game (the engine's contract).

A shuffle of n items is n - 1 successive draws: the item for the first place among all n,
then the next place among those left, and so on; a draw with one outcome is no event.
"""
from __future__ import annotations

from interpreter.engine.game import Game


class NeedDraw(BaseException):
    """The game reached a draw not recorded yet. `options` are its outcomes, outcome k being
    `options[k]`, each of probability 1/len(options).

    A BaseException: it must unwind through every `except Exception` of the engine, which
    would otherwise report it as an error of the ruleset."""

    def __init__(self, options: list):
        super().__init__(f"a draw among {len(options)} outcomes")
        self.options = options


class Draws:
    """A random source that gives recorded outcomes, in order, then raises `NeedDraw`.
    Only the methods the engine draws with exist; another would not be an exact draw."""
    __slots__ = ("outcomes", "at")

    def __init__(self, outcomes: list[int]):
        self.outcomes = outcomes
        self.at = 0

    def copy(self) -> "Draws":
        out = Draws(self.outcomes)
        out.at = self.at
        return out

    def _draw(self, options: list) -> int:
        if len(options) == 1:
            return 0
        at = self.at
        if at < len(self.outcomes):
            self.at = at + 1
            return self.outcomes[at]
        raise NeedDraw(list(options))

    def choice(self, items):
        return items[self._draw(items)]

    def randrange(self, n: int) -> int:
        return self._draw(range(n))

    def randint(self, low: int, high: int) -> int:
        return low + self._draw(range(high - low + 1))

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1):
            k = self._draw(items[i:])
            items[i], items[i + k] = items[i + k], items[i]


class DrawnGame(Game):
    """A Game whose random draws come from `draws` (see the module's docstring)."""

    def __init__(self, ruleset, players: int, *, draws: Draws, options: dict | None = None):
        self.__dict__["draws"] = draws      # before the flow starts: it may draw at once
        super().__init__(ruleset, players, seed=0, options=options)

    @property
    def rng(self) -> Draws:
        return self.__dict__["draws"]

    @rng.setter
    def rng(self, source) -> None:
        # Game.__init__ seeds a generator: the draws stay the only source
        self._rng, self._rng_shared = None, None

    def clone(self, *, record: bool | None = None) -> "DrawnGame":
        copy = super().clone(record=record)
        copy.__dict__["draws"] = self.__dict__["draws"].copy()
        return copy
