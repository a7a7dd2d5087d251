"""The human agent: a person at a terminal, choosing through the same decision API as any bot."""
from __future__ import annotations

from typing import Callable

from interpreter.agents.turn import Turn
from interpreter.engine.game import Choice, describe_numbers
from interpreter.terminal.transcript import render_seat_view


class HumanAgent:
    """Shows the player's own view and the numbered legal choices, and asks again until the
    answer is legal (a number, or a choice's id or label). `ask` and `say` default to the
    terminal and can be replaced, e.g. by tests."""

    def __init__(self, ask: Callable[[str], str] | None = None, say: Callable[[str], None] | None = None):
        self.ask = ask or (lambda prompt: input(prompt))
        self.say = say or (lambda text: print(text))

    name = "human"

    def choose(self, turn: Turn) -> Choice | str:
        if turn.step == 1:     # a choice of several cards is asked one card at a time
            self.say("")
            self.say(render_seat_view(turn.rules, turn.view))
        pick = f" (pick {turn.step} of {turn.of})" if turn.of > 1 else ""
        choices = list(turn.choices) if turn.kind != "number" else []
        if turn.kind == "number":
            options = turn.numbers
            self.say(f"{turn.prompt}{pick}: a number ({describe_numbers(options)})")
        else:
            if turn.kind == "card":      # in deck order, so a hand reads by suit and rank
                order = {spec.id: i for i, spec in enumerate(turn.rules.cards)}
                choices.sort(key=lambda c: order[c.id])
            self.say(f"{turn.prompt}{pick}:")
            self.say(_columns([f"{i}. {choice.label}" for i, choice in enumerate(choices, 1)]))
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                raise SystemExit("\nno more input; the game is left unfinished") from None
            if not answer:
                continue
            if turn.kind == "number":
                options = turn.numbers
                if answer.lstrip("-").isdigit() and int(answer) in options:
                    return str(int(answer))
                self.say(f"'{answer}' is not a legal number here: {describe_numbers(options)}")
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            named = [c for c in choices if answer.lower() in (c.id.lower(), c.label.lower())]
            if named:
                return named[0]
            self.say(f"please answer with a number from 1 to {len(choices)}")


def _columns(entries: list[str], width: int = 100) -> str:
    """Numbered choices laid out across lines, never splitting one choice."""
    lines, line = [], ""
    for entry in entries:
        if line and len(line) + 3 + len(entry) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {entry}" if line else f"  {entry}"
    if line:
        lines.append(line)
    return "\n".join(lines)
