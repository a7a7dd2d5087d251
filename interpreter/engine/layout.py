"""The layout of a game: its players, teams and zones, which never change while it runs.

What names the seats, teams and zones of a game depends only on the ruleset, the players'
names and which team each seat plays for (worked out from the options and the player count
at set-up). So a layout is made once for each of these and shared by every game that has
them, and by every copy of such a game (`layout_for`); what changes in a game (the cards of
each zone, each player's and team's variables) is kept by the game, in flat sequences by
zone number, seat and team index (see state.py).
"""
from __future__ import annotations

from interpreter.engine.state import HIDDEN, NO_VARS, NOBODY, OTHERS, PUBLIC, Player, Team, Zone

# how many layouts a ruleset keeps (games given names of their own each make one; past this
# many, a new one is made for each such game and not kept)
MAX_KEPT = 64
_SHARED: dict = {}


def shared(value):
    """One copy of an immutable value that every game uses (zone keys, sets of seats)."""
    return _SHARED.setdefault(value, value)


class Layout:
    """The players, teams and zones of the games of one ruleset with these seats and teams."""
    __slots__ = ("players", "teams", "zones", "zone_table", "viewers", "first_zone", "no_player_vars",
                 "no_team_vars")

    def __init__(self, ruleset, names: tuple, assignment: tuple | None):
        players = self.players = [Player(seat, name) for seat, name in enumerate(names)]
        if assignment is None:       # each player a team of one
            teams = self.teams = [Team(p.seat, p.name) for p in players]
        else:
            team_names = ruleset.teams["names"]
            teams = self.teams = [Team(i, team_names[i] if i < len(team_names) else f"Team {i}")
                                  for i in range(ruleset.teams["count"])]
        for p in players:
            team = teams[p.seat if assignment is None else assignment[p.seat]]
            p.team = team
            team.members.append(p)
        self.zones: dict[str, Zone] = {}
        table: list = []

        def add(zones: dict, name: str, key: str, owner, visibility: str) -> Zone:
            zone = zones[name] = Zone(name, key, owner, visibility, len(table))
            table.append(zone)
            return zone
        first = None
        for spec in ruleset.zones:
            if spec.owner == "game":
                zone = add(self.zones, spec.name, spec.name, None, spec.visibility)
                first = first or zone
        for p in players:
            for spec in ruleset.zones:
                if spec.owner == "player":
                    add(p.zones, spec.name, shared(f"p{p.seat}.{spec.name}"), p, spec.visibility)
        team_zones = [spec for spec in ruleset.zones if spec.owner == "team"]
        for t in teams:
            if team_zones:
                for spec in team_zones:
                    add(t.zones, spec.name, shared(f"t{t.index}.{spec.name}"), t, spec.visibility)
            else:
                t.zones = NO_VARS        # (a read-only empty mapping, shared)
        self.first_zone = first
        table.append(None)                 # card_zone -1 (in no zone) reads None
        self.zone_table = table
        viewers = {zone.key: self._seats_seeing(zone) for zone in table if zone is not None}
        self.viewers = _SHARED.setdefault(("viewers", *viewers.items()), viewers)
        # the variables of players and teams of a ruleset that declares none: read-only, shared
        self.no_player_vars = (NO_VARS,) * len(players)
        self.no_team_vars = (NO_VARS,) * len(teams)

    def _seats_seeing(self, zone: Zone):
        """The seats that see the faces of the cards of `zone` (None: everyone)."""
        if zone.visibility == PUBLIC:
            return None
        if zone.visibility == HIDDEN:
            return NOBODY
        if isinstance(zone.owner, Player):
            seats = shared(frozenset([zone.owner.seat]))
        else:
            seats = shared(frozenset(m.seat for m in zone.owner.members))
        if zone.visibility == OTHERS:       # everyone but the owner (cards held facing out)
            seats = shared(frozenset(p.seat for p in self.players) - seats)
        return seats


def layout_for(ruleset, names: tuple, assignment: tuple | None) -> Layout:
    """The layout of `ruleset`'s games with players named `names` and team `assignment[seat]`
    for each seat (None: each player a team of one): made once, shared by every such game."""
    kept = ruleset.__dict__.setdefault("_layouts", {})
    key = (names, assignment)
    layout = kept.get(key)
    if layout is None:
        layout = Layout(ruleset, names, assignment)
        if len(kept) < MAX_KEPT:
            kept[key] = layout
    return layout
