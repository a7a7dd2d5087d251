"""Turns events and views into lines a person reads at a terminal.

Variables of players and teams are told when they change: a run of `set` events (one statement,
or a few in a row) becomes one "now has" line, written before the next line read or at the end
of the lines asked for, so a value set between phases shows at once and the last one is told.
A variable whose `display` says `tell: phase_end` is told when the phase it changed in ends
(or the game does) instead.
"""
from __future__ import annotations

from interpreter.engine.decisions import DONE
from interpreter.engine.game import Game


class Transcript:
    """Follows a game's events (as one seat sees them) and renders the new ones as text. `you`
    is the seat of the one person at the screen: its name reads "Player 0 (you)" here only, the
    game and its log keep the seat's own name."""

    def __init__(self, game: Game, seat: int | None = None, *, you: int | None = None):
        self.game = game
        self.seat = seat
        self.you = you
        self.position = 0
        self.last_vars: dict = {(p.seat, k): v for p in game.players for k, v in game.vars_of(p).items()
                                if k not in game.rules.undisplayed}
        self.last_vars.update({(("team", t.index), k): v for t in game.teams for k, v in game.vars_of(t).items()
                               if k not in game.rules.undisplayed})
        self.current: dict = dict(self.last_vars)   # player variables as of the last event read
        self.phases: list[str] = []                 # the phases the game is in, innermost last
        self.told_in: dict = {}                     # variable key -> the phase it changed in

    def follow(self, game: Game) -> None:
        """Go on with `game` (the same game played again up to a point) from its present events."""
        self.game = game
        events = game.events_all() if self.seat is None else game.events_for(self.seat)
        self.position = len(events)
        self.phases = []          # the phases that game is in, from its events
        for event in events:
            if event["type"] == "phase_started":
                self.phases.append(event["phase"])
            elif event["type"] == "phase_ended" and self.phases:
                self.phases.pop()

    def name(self, seat) -> str:
        if seat is None:
            return "?"
        return self.game.players[seat].name + (" (you)" if seat == self.you else "")

    def card(self, card_id) -> str:
        return self.game.cards_by_id[card_id].label if card_id in self.game.cards_by_id else "a hidden card"

    def zone(self, key: str | None) -> str:
        """'p2.hand' -> "Player 2's hand"; a game zone by its name."""
        if not key:
            return ""
        owner, _, name = key.partition(".")
        if name and owner[:1] == "p" and owner[1:].isdigit():
            return f"{self.name(int(owner[1:]))}'s {name}"
        if name and owner[:1] == "t" and owner[1:].isdigit() and int(owner[1:]) < len(self.game.teams):
            return f"{self.game.teams[int(owner[1:])].name}'s {name}"
        return key

    def new_lines(self) -> list[str]:
        game = self.game
        events = game.events_all(self.position) if self.seat is None else game.events_for(self.seat, self.position)
        lines = []
        for event in events:
            line = self.render(event)
            if line:
                changed = self.changed_vars()
                lines.extend([changed, line] if changed else [line])
        changed = self.changed_vars()
        if changed:
            lines.append(changed)
        self.position += len(events)
        return lines

    def render(self, event: dict) -> str | None:
        """One event as a sentence with a verb, or None for the events people need not read."""
        kind = event["type"]
        if kind == "set":
            self._track(event)
            return None
        if kind == "started":
            opts = ", ".join(f"{k}={v}" for k, v in event["options"].items())
            seed = f", seed {event['seed']}" if event.get("seed") is not None else ""
            return f"{event['ruleset']} begins: {event['players']} players{seed}" + (f" ({opts})" if opts else "")
        if kind == "phase_started":
            self.phases.append(event["phase"])
            return f"-- {event['phase']} begins --"
        if kind == "phase_ended":
            told = self.changed_vars(held=True)
            if self.phases:
                self.phases.pop()
            return told
        if kind == "decided":
            return f"{self.name(event['player'])} {event.get('label') or 'chooses'} {self.choice_text(event)}"
        if kind == "announced":
            return f"* {event['text']}"
        if kind in ("shown", "turned") and event.get("card"):
            verb = "shows" if kind == "shown" else ("turns up" if event.get("face_up") else "turns down")
            return f"{self.zone(event.get('zone'))} {verb} {self.card(event['card'])}"
        if kind == "claimed":
            return self.claim_text(event)
        if kind == "choices_revealed":
            return "; ".join(f"{self.name(c['player'])} reveals {self.choice_text(c)}" for c in event["choices"])
        if kind == "ended":
            told = self.changed_vars(held=True)
            winners = [self.name(s) for s in event["winners"]]
            won = f"{' and '.join(winners)} win{'s' * (len(winners) == 1)}" if winners else "nobody wins"
            label = self.game.rules.score_label
            scores = ", ".join(f"{self.name(s)} ends with {v} {label}" for s, v in enumerate(event["scores"]))
            return (f"{told}\n" if told else "") + f"== game over: {won} ==\n{scores}"
        return None

    def claim_text(self, event: dict) -> str:
        """A claim resolved: who won it, with what, and why (or that nobody claimed)."""
        if event.get("player") is None:
            return "nobody claims"
        why = _CLAIM_REASONS.get(event.get("reason"), event.get("reason"))
        return f"{self.name(event['player'])} wins the claim: {self.choice_text(event)} ({why})"

    def choice_text(self, event: dict) -> str:
        """A decision's choice as people read it: a card's label, cards' labels, a player's name."""
        choice = str(event.get("choice"))
        if event.get("text"):             # the label the ruleset gave the option
            return str(event["text"])
        if event.get("kind") == "card":
            return choice if choice == DONE and choice not in self.game.cards_by_id else self.card(choice)
        if choice and all(part in self.game.cards_by_id for part in choice.split("+")):
            return " ".join(self.card(part) for part in choice.split("+"))
        if event.get("kind") == "player" and choice[1:].isdigit():
            return self.name(int(choice[1:]))
        return choice.replace("_", " ")

    def _track(self, event: dict) -> None:
        """Remember the shown variables of players and teams (and the phase each changed in),
        to say what changed."""
        owner, _, name = event["var"].partition(".")
        value = event["value"]
        if not name or name in self.game.rules.undisplayed or isinstance(value, bool) or \
                not isinstance(value, (int, str)) or not owner[1:].isdigit():
            return
        if owner[0] == "p":
            key = (int(owner[1:]), name)
        elif owner[0] == "t":
            key = (("team", int(owner[1:])), name)
        else:
            return
        self.current[key] = value
        self.told_in[key] = self.phases[-1] if self.phases else None

    def changed_vars(self, *, held: bool = False) -> str | None:
        """Variables of players and teams changed since they were last told (numbers and words),
        as the ruleset says people see them in the phase each changed in: with `held`, those told
        when a phase ends (a phase or the game is ending), else the others."""
        parts: dict = {}
        display = self.game.rules.display
        for key, value in self.current.items():
            if (key[1] in display.held) != held:
                continue
            if self.last_vars.get(key) != value:
                self.last_vars[key] = value
                who, name = key
                if display.shown(name, self.told_in.get(key)):
                    parts.setdefault(who, []).append(f"{display.label(name)} {self.value(value)}")
        if not parts:
            return None
        return "   " + "; ".join(f"{self.owner_name(who)} now has {', '.join(v)}"
                                 for who, v in sorted(parts.items(), key=lambda item: str(item[0])))

    def owner_name(self, who) -> str:
        if isinstance(who, tuple):
            index = who[1]
            return self.game.teams[index].name if index < len(self.game.teams) else f"team {index}"
        return self.name(who)

    def value(self, value) -> str:
        if isinstance(value, str) and value[:1] == "p" and value[1:].isdigit() and int(value[1:]) < len(self.game.players):
            return self.name(int(value[1:]))
        return str(value)


_CLAIM_REASONS = {"first": "the first to claim", "priority": "the best claim",
                  "order": "first in turn among equal claims", "draw": "drawn among the claims",
                  "only": "the only claim"}
