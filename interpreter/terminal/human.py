"""The human agent: a person at a terminal, choosing through the same decision API as any bot."""
from __future__ import annotations

from typing import Callable

from interpreter.engine.game import Choice, Decision, Game, describe_numbers
from interpreter.terminal.transcript import render_view


class HumanAgent:
    """Shows the player's own view and the numbered legal choices, and asks again until the
    answer is legal (a number, or a choice's id or label). `ask` and `say` default to the
    terminal and can be replaced, e.g. by tests."""

    def __init__(self, ask: Callable[[str], str] | None = None, say: Callable[[str], None] | None = None):
        self.ask = ask or (lambda prompt: input(prompt))
        self.say = say or (lambda text: print(text))

    def choose(self, game: Game, decision: Decision) -> Choice:
        if decision.step == 1:     # a choice of several cards is asked one card at a time
            self.say("")
            self.say(render_view(game, decision.player))
        pick = f" (pick {decision.step} of {decision.of})" if decision.of > 1 else ""
        choices = list(decision.choices) if decision.kind != "number" else []
        if decision.kind == "number":
            options = decision.options
            self.say(f"{decision.prompt}{pick}: a number ({describe_numbers(options)})")
        else:
            if decision.kind == "card":      # in deck order, so a hand reads by suit and rank
                choices.sort(key=lambda c: c.value.index)
            self.say(f"{decision.prompt}{pick}:")
            self.say(_columns([f"{i}. {choice.label}" for i, choice in enumerate(choices, 1)]))
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                raise SystemExit("\nno more input; the game is left unfinished") from None
            if not answer:
                continue
            if decision.kind == "number":
                try:
                    return decision.choice(answer)
                except ValueError as exc:
                    self.say(str(exc))
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
