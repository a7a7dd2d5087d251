"""Turns events and views into lines a person reads at a terminal."""
from __future__ import annotations

from interpreter.engine.game import Game


class Transcript:
    """Follows a game's events (as one seat sees them) and renders the new ones as text."""

    def __init__(self, game: Game, seat: int | None = None):
        self.game = game
        self.seat = seat
        self.position = 0
        self.last_vars: dict = {(p.seat, k): v for p in game.players for k, v in p.vars.items()
                                if k not in game.rules.undisplayed}
        self.current: dict = dict(self.last_vars)   # player variables as of the last event read

    def name(self, seat) -> str:
        return self.game.players[seat].name if seat is not None else "?"

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
                lines.append(line)
        self.position += len(events)
        return lines

    def render(self, event: dict) -> str | None:
        kind = event["type"]
        if kind == "set":
            owner, _, name = event["var"].partition(".")
            if name and owner.startswith("p") and owner[1:].isdigit():
                value = event["value"]
                if isinstance(value, (int, str)) and not isinstance(value, bool) and \
                        name not in self.game.rules.undisplayed:
                    self.current[(int(owner[1:]), name)] = value
            return None
        if kind == "started":
            opts = ", ".join(f"{k}={v}" for k, v in event["options"].items())
            seed = f", seed {event['seed']}" if event.get("seed") is not None else ""
            return f"{event['ruleset']}: {event['players']} players{seed}" + (f" ({opts})" if opts else "")
        if kind == "phase_started":
            return f"-- {event['phase']} --"
        if kind == "phase_ended":
            return self.changed_vars()
        if kind == "decided":
            decision_label = event["choice"]
            if event["kind"] == "card":
                decision_label = self.card(event["choice"])
            elif event["kind"] == "value" and all(part in self.game.cards_by_id
                                                  for part in decision_label.split("+")):
                decision_label = " ".join(self.card(part) for part in decision_label.split("+"))
            elif event["kind"] == "player":
                decision_label = self.name(int(event["choice"][1:]))
            verb = event.get("label")
            return f"{self.name(event['player'])} {verb} {decision_label}" if verb else \
                f"{self.name(event['player'])}: {decision_label}"
        if kind == "announced":
            return f"* {event['text']}"
        if kind in ("shown", "turned") and event.get("card"):
            verb = "shows" if kind == "shown" else ("turns up" if event.get("face_up") else "turns down")
            return f"{self.zone(event.get('zone'))} {verb} {self.card(event['card'])}"
        if kind == "choices_revealed":
            return "revealed: " + ", ".join(f"{self.name(c['player'])} {c['choice']}" for c in event["choices"])
        if kind == "ended":
            winners = ", ".join(self.name(s) for s in event["winners"]) or "nobody"
            scores = "  ".join(f"{self.name(s)}: {v}" for s, v in enumerate(event["scores"]))
            return f"== game over: {winners} won ==\n{scores}"
        return None

    def changed_vars(self) -> str | None:
        """Player variables changed since the last phase ended (numbers and words only)."""
        parts: dict = {}
        for key, value in self.current.items():
            if self.last_vars.get(key) != value:
                self.last_vars[key] = value
                seat, name = key
                parts.setdefault(seat, []).append(f"{name} {value}")
        if not parts:
            return None
        return "   " + "; ".join(f"{self.name(seat)}: {', '.join(v)}" for seat, v in sorted(parts.items()))


def render_view(game: Game, seat: int) -> str:
    """The table as `seat` sees it now (see `render_seat_view`)."""
    return render_seat_view(game.rules, game.view(seat))


def render_seat_view(rules, view: dict) -> str:
    """A seat's view as text: public zones, own zones (in deck order), others' zone sizes,
    and the variables, with players by name. Needs only the ruleset and the view."""
    seat = view["seat"]
    specs = {spec.id: (i, spec.label) for i, spec in enumerate(rules.cards)}
    names = [p["name"] for p in view["players"]]

    def cards(ids: list, *, sort: bool = False) -> str:
        known = [i for i in ids if i]
        if sort:
            known.sort(key=lambda i: specs[i][0])
        hidden = len(ids) - len(known)
        text = " ".join(specs[i][1] for i in known)
        return text + (f" +{hidden} hidden" if hidden and known else f"{hidden} hidden" if hidden else "")

    def value(v) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, str) and v[:1] == "p" and v[1:].isdigit() and int(v[1:]) < len(names):
            return names[int(v[1:])]
        return str(v)

    lines = []
    for name, ids in view["zones"].items():
        if ids and any(ids):
            lines.append(f"  {name}: {cards(ids)}")
    shown = lambda k, v: not isinstance(v, list) and k not in rules.undisplayed  # noqa: E731
    game_vars = ", ".join(f"{k} {value(v)}" for k, v in view["vars"].items() if shown(k, v))
    if game_vars:
        lines.append(f"  ({game_vars})")
    for p in view["players"]:
        pvars = ", ".join(f"{k} {value(v)}" for k, v in p["vars"].items() if shown(k, v))
        lines.append(f"  {p['name']}: {pvars}")
        for name, ids in p["zones"].items():
            if ids:
                lines.append(f"      {name}: {cards(ids, sort=p['seat'] == seat)}")
    return "\n".join(lines)
