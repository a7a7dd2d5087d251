"""The human agent: a person at a terminal, choosing through the same decision API as any bot.

Besides a choice, a person may type `help`, `quit` (the game stops; its log so far is kept),
`back` (out of a sub-choice: after "raise", before the amount), `table` (draw the table again)
or `list` (all the choices again). Long lists narrow as letters or cards are typed; a
combination can be built card by card; amounts take `min`, `max`, `all`, a variable's name
(its value) or Enter for the default (the least)."""
from __future__ import annotations

from typing import Callable

from interpreter.agents.turn import Turn
from interpreter.engine.decisions import DONE, describe_numbers
from interpreter.terminal.answers import card_key, read_choice, read_number
from interpreter.terminal.table import cards_text, draw_table

SHOWN_AT_ONCE = 40
HELP = """Type the number of a choice, its id or its name (cards in any order: qs+qh, 10d).
A few letters or cards narrow a long list; name cards one at a time to build a combination.
Amounts: a number, min, max, all, or the name of a value shown on the table; Enter takes the default.
Also: back (undo the first half of a two-part choice), table, list, help, quit (keeps the log)."""


class Quit(Exception):
    """The person asked to stop the game."""


class GoBack(Exception):
    """The person asked to undo their last choice (the first half of a two-part choice)."""


class HumanAgent:
    """Shows the seat's table and its legal choices, and asks until the answer is legal.
    `ask(prompt, words)` reads a line (words: completions) and `screen` shows output; both
    default to the terminal and can be replaced, e.g. by tests."""

    name = "human"
    # what it reads of a turn: the table, the story, and why a card named may not be played
    uses = ("view", "events", "reasons")

    def __init__(self, ask: Callable | None = None, say: Callable[[str], None] | None = None, *, screen=None,
                 you: bool = False):
        from interpreter.terminal.screen import Lines, Screen
        self.you = you        # one person at the screen: their row reads "(you)" (a marker, not a name)
        if screen is None:
            screen = Lines(_Said(say)) if say is not None else Screen()
        self.screen = screen
        if ask is None:
            from interpreter.terminal.line import LineReader
            reader = LineReader()
            ask = reader.read
        self._ask = ask

    def ask(self, prompt: str, words=()) -> str:
        try:
            return self._ask(prompt, words=words)
        except TypeError:            # a plain one-argument reader
            return self._ask(prompt)
        except EOFError:
            return "quit"

    def say(self, text: str) -> None:
        self.screen.say(text)

    def choose(self, turn: Turn):
        if turn.step == 1:     # a choice of several cards is asked one card at a time
            self.show_table(turn)
        pick = f" (pick {turn.step} of {turn.of})" if turn.of > 1 else ""
        if turn.kind == "card" and any(c.id == DONE for c in turn.choices):
            pick += ", Enter when done"
        if turn.kind == "number":
            return self._number(turn, pick)
        choices = list(turn.choices)
        if turn.kind == "card":      # in deck order, so a hand reads by suit and rank
            order = {spec.id: i for i, spec in enumerate(turn.rules.cards)}
            choices.sort(key=lambda c: order.get(c.id, 0))
        if len(choices) == 1:
            self.say(f"{turn.prompt}{pick}: only one choice, {choices[0].label}: taken")
            return choices[0]
        return self._pick(turn, choices, pick)

    def show_table(self, turn: Turn) -> None:
        self.screen.show(draw_table(turn.rules, turn.view, title=f"{turn.rules.name} · {turn.view.get('phase') or ''}",
                                    you=self.you))

    # -- choices from a list -----------------------------------------------------------------
    def _pick(self, turn: Turn, choices: list, pick: str):
        shown, picked, default = choices, (), None
        self._list(f"{turn.prompt}{pick}", shown, picked)
        words = [(c.id, f"{c.id}  {c.label}") for c in choices]
        while True:
            answer = self.ask("> ", words).strip()
            command = answer.lower()
            if not answer:
                if default is not None or len(shown) == 1:
                    return default or shown[0]
                done = next((c for c in choices if c.id == DONE and turn.kind == "card"), None)
                if done is not None:      # enough cards picked: Enter stops
                    return done
                continue
            if command in ("help", "?"):
                self.say(HELP)
                continue
            if command == "quit":
                raise Quit()
            if command == "back":
                if picked or shown is not choices:
                    shown, picked, default = choices, (), None
                    self._list(f"{turn.prompt}{pick}", shown, picked)
                    continue
                raise GoBack()
            if command == "table":
                self.show_table(turn)
                continue
            if command == "list":
                shown, picked, default = choices, (), None
                self._list(f"{turn.prompt}{pick}", shown, picked)
                continue
            reading = read_choice(answer, shown, picked=picked)
            if reading.chosen is not None:
                return reading.chosen
            if not reading.narrowed:
                reason = turn.reasons.get(card_key(answer))
                if reason:
                    self.say(f"{answer.strip()} may not be chosen now: {reason}")
                    continue
                self.say(f"no choice matches '{answer}': please answer with a number from 1 to {len(shown)}, "
                         "an id, or letters to narrow the list (help for more)")
                continue
            shown, picked, default = reading.narrowed, reading.picked, reading.default
            if len(shown) == 1:
                self.say(f"→ {shown[0].label}  (Enter takes it; back for the whole list)")
                continue
            names = {card_key(spec.id): spec.label for spec in turn.rules.cards}
            with_cards = " ".join(names.get(card, card) for card in picked)
            self._list(f"{len(shown)} choices" + (f" with {with_cards}" if picked else ""), shown, picked)
            self.say(f"Enter takes {default.label}; name another card to add it, or back" if default else
                     "name another card, a number from this list, or back")

    def _list(self, title: str, shown: list, picked: tuple) -> None:
        self.say(f"{title}:")
        entries = [(f"{i}. ", c) for i, c in enumerate(shown[:SHOWN_AT_ONCE], 1)]
        self.screen.show(_columns(entries))
        if len(shown) > SHOWN_AT_ONCE:
            self.say(f"  ... and {len(shown) - SHOWN_AT_ONCE} more: type letters or cards to narrow the list")

    # -- amounts -------------------------------------------------------------------------------
    def _number(self, turn: Turn, pick: str):
        numbers = turn.numbers            # a range, or a list when some numbers are left out
        least = min(numbers)
        if len(numbers) == 1:
            self.say(f"{turn.prompt}{pick}: only {least} is possible: taken")
            return str(least)
        view = turn.view
        own = next(p for p in view["players"] if p["seat"] == turn.seat)
        named = {k.lower(): v for k, v in {**view["vars"], **own["vars"]}.items()}
        useful = [k for k, v in named.items() if isinstance(v, int) and not isinstance(v, bool) and v in numbers
                  and k not in turn.rules.undisplayed]
        extra = f", or {', '.join(useful[:4])}" if useful else ""
        legal = describe_numbers(numbers)
        self.say(f"{turn.prompt}{pick}: a number ({legal}; min, max, all{extra}; Enter: {least})")
        words = [(w, w) for w in ["min", "max", "all", *useful]]
        while True:
            answer = self.ask("> ", words).strip()
            command = answer.lower()
            if not answer:
                return str(least)
            if command in ("help", "?"):
                self.say(HELP)
            elif command == "quit":
                raise Quit()
            elif command == "back":
                raise GoBack()
            elif command == "table":
                self.show_table(turn)
            else:
                value = read_number(answer, numbers, named=named)
                if value is not None:
                    return str(value)
                self.say(f"'{answer}' is not a legal amount here: {legal}, or min, max, all{extra}")


class _Said(list):
    """A list that passes each line it is given on to a `say` callable."""

    def __init__(self, say):
        super().__init__()
        self._say = say

    def extend(self, lines) -> None:
        for line in lines:
            self._say(line)

    def append(self, line) -> None:
        self._say(line)


def _columns(entries: list, width: int = 100):
    """Numbered choices laid out across lines, never splitting one; cards in colour."""
    from rich.text import Text
    lines, line, length = [], Text("  "), 2
    for number, choice in entries:
        piece = Text(number)
        piece.append_text(cards_text(choice.label.split()) if _looks_like_cards(choice.label) else Text(choice.label))
        if length > 2 and length + 3 + len(piece) > width:
            lines.append(line)
            line, length = Text("  "), 2
        if length > 2:
            line.append("   ")
            length += 3
        line.append_text(piece)
        length += len(piece)
    lines.append(line)
    return Text("\n").join(lines)


def _looks_like_cards(label: str) -> bool:
    return any(mark in label for mark in "♠♥♦♣")
