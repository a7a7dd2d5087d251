"""Streaming aggregation of game rows: counts and histograms, merged in any order, same result.

An `Aggregate` keeps integers only (counts, and histograms value -> games), so two aggregates
built from the same games in different orders, or on different machines, are equal. Times are
kept apart (`timing`): they are measurements of the machine, not of the game.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from interpreter.analysis.observe import CRASHED, FINISHED, STEP_LIMIT, GameRow

KEPT_FAILURES = 20          # failures kept in full (seed, message, decisions); the rest are counted


@dataclass
class Aggregate:
    players: int
    games: int = 0
    finished: int = 0
    step_limit: int = 0
    crashed: int = 0
    draws: int = 0
    no_winner: int = 0
    seat_wins: Counter = field(default_factory=Counter)        # seat -> games it won (shared wins count)
    sole_wins: Counter = field(default_factory=Counter)        # seat -> games it won alone (or its team did)
    scores: dict = field(default_factory=dict)                 # seat -> Counter(score -> games)
    margins: Counter = field(default_factory=Counter)
    no_margin: int = 0
    decisions: Counter = field(default_factory=Counter)
    steps: Counter = field(default_factory=Counter)
    rounds: Counter = field(default_factory=Counter)
    round_phases: Counter = field(default_factory=Counter)
    phases: dict = field(default_factory=dict)                 # phase -> Counter(times per game -> games)
    lead_changes: Counter = field(default_factory=Counter)
    led_before_last: Counter = field(default_factory=Counter)  # True/False -> games
    first_player: Counter = field(default_factory=Counter)     # seat that took the first decision -> games
    first_player_won: Counter = field(default_factory=Counter)
    branching: Counter = field(default_factory=Counter)        # legal options -> decisions
    team_wins: Counter = field(default_factory=Counter)        # team -> games it won
    team_games: Counter = field(default_factory=Counter)       # number of teams -> games played with them
    winner_trailed: Counter = field(default_factory=Counter)   # True/False -> games (quality.py)
    trailing_share: Counter = field(default_factory=Counter)   # share of rounds the winner trailed -> games
    drama: Counter = field(default_factory=Counter)
    clear_at: Counter = field(default_factory=Counter)         # share of the game before the winner led for good
    trend_sum: Counter = field(default_factory=Counter)        # "final rank|tenth" -> sum of standings
    trend_n: Counter = field(default_factory=Counter)          # "final rank|tenth" -> standings counted
    failures: list = field(default_factory=list)               # the first KEPT_FAILURES failed games
    timing: dict = field(default_factory=lambda: {"seconds": 0.0, "agent_seconds": 0.0})

    def add(self, row: GameRow) -> None:
        self.games += 1
        self.timing["seconds"] += row.seconds
        self.timing["agent_seconds"] += row.agent_seconds
        self.branching.update(row.branching)
        if row.status != FINISHED:
            if row.status == STEP_LIMIT:
                self.step_limit += 1
            else:
                self.crashed += 1
            self.failures.append(failure_report(row))
            self.failures = sorted(self.failures, key=lambda f: f["index"])[:KEPT_FAILURES]
            return
        self.finished += 1
        self.draws += row.draw
        self.no_winner += not row.winners
        for seat in row.winners:
            self.seat_wins[seat] += 1
            if len(row.winning_teams) == 1:
                self.sole_wins[seat] += 1
        for seat, score in enumerate(row.scores):
            self.scores.setdefault(seat, Counter())[score] += 1
        if row.margin is None:
            self.no_margin += 1
        else:
            self.margins[row.margin] += 1
        self.decisions[row.decisions] += 1
        self.steps[row.steps] += 1
        self.rounds[row.rounds] += 1
        if row.round_phase is not None:
            self.round_phases[row.round_phase] += 1
        for name, times in row.phases.items():
            self.phases.setdefault(name, Counter())[times] += 1
        if row.lead_changes is not None:
            self.lead_changes[row.lead_changes] += 1
        if row.led_before_last is not None:
            self.led_before_last[row.led_before_last] += 1
        if row.first_player is not None:
            self.first_player[row.first_player] += 1
            self.first_player_won[bool(row.first_player_won)] += 1
        if row.teams:
            self.team_games[row.teams] += 1
            self.team_wins.update(row.winning_teams)
        self._add_quality(row.quality)

    def _add_quality(self, quality) -> None:
        if quality.winner_trailed is not None:
            self.winner_trailed[quality.winner_trailed] += 1
            self.trailing_share[quality.trailing_share] += 1
            self.drama[quality.drama] += 1
            self.clear_at[quality.clear_at] += 1
        for key, (total, n) in quality.trend.items():
            self.trend_sum[key] += total
            self.trend_n[key] += n

    def merge(self, other: "Aggregate") -> None:
        for name in ("games", "finished", "step_limit", "crashed", "draws", "no_winner", "no_margin"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("seat_wins", "sole_wins", "margins", "decisions", "steps", "rounds", "round_phases",
                     "lead_changes", "led_before_last", "first_player", "first_player_won", "branching",
                     "team_wins", "team_games", "winner_trailed", "trailing_share", "drama", "clear_at",
                     "trend_sum", "trend_n"):
            getattr(self, name).update(getattr(other, name))
        for name in ("scores", "phases"):
            mine = getattr(self, name)
            for key, histogram in getattr(other, name).items():
                mine.setdefault(key, Counter()).update(histogram)
        self.failures = sorted(self.failures + other.failures, key=lambda f: f["index"])[:KEPT_FAILURES]
        for key, value in other.timing.items():
            self.timing[key] += value

    def counts(self) -> dict:
        """Everything that depends only on the games played (not on timing), as plain data."""
        def plain(histogram):
            return {_key(k): v for k, v in sorted(histogram.items(), key=lambda kv: _sort_key(kv[0]))}
        return {
            "players": self.players, "games": self.games, "finished": self.finished,
            "step_limit": self.step_limit, "crashed": self.crashed, "draws": self.draws,
            "no_winner": self.no_winner, "seat_wins": plain(self.seat_wins), "sole_wins": plain(self.sole_wins),
            "scores": {str(seat): plain(h) for seat, h in sorted(self.scores.items())},
            "margins": plain(self.margins), "no_margin": self.no_margin,
            "decisions": plain(self.decisions), "steps": plain(self.steps), "rounds": plain(self.rounds),
            "round_phases": plain(self.round_phases),
            "phases": {name: plain(h) for name, h in sorted(self.phases.items())},
            "lead_changes": plain(self.lead_changes), "led_before_last": plain(self.led_before_last),
            "first_player": plain(self.first_player), "first_player_won": plain(self.first_player_won),
            "branching": plain(self.branching),
            "team_wins": plain(self.team_wins), "team_games": plain(self.team_games),
            "winner_trailed": plain(self.winner_trailed), "trailing_share": plain(self.trailing_share),
            "drama": plain(self.drama), "clear_at": plain(self.clear_at),
            "trend_sum": dict(sorted(self.trend_sum.items())), "trend_n": dict(sorted(self.trend_n.items())),
            "failures": self.failures,
        }


def _key(value):
    return str(value).lower() if isinstance(value, bool) else str(value)


def _sort_key(value):
    return (0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value))


def failure_report(row: GameRow) -> dict:
    """What someone needs to play a failed game again: its index, seed, message and decisions."""
    return {"index": row.index, "seed": row.seed, "players": row.players, "status": row.status,
            "error": row.error, "decisions": list(row.path) if row.status == CRASHED else []}
