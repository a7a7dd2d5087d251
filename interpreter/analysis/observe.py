"""One game played and measured: what a designer asks of a game, read from any ruleset.

Nothing here knows a game. Length is counted in decisions, engine steps and phases (a ruleset
whose flow has a `deal` or `trick` phase gets those counted by name). A *round* is the phase
that repeats at the shallowest nesting level (the most frequent there, the first on a tie), and
who leads is the ruleset's own `result.winners` evaluated as each phase starts, with every seat's
`result.score`: from those checkpoints come the lead changes, whether the winner already led when
the last round began, and the measures of `interpreter.analysis.quality` (drama, decisiveness,
lead history).
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from interpreter.engine.game import Game
from interpreter.errors import GameError, GameLimitError
from interpreter.analysis.lineup import answer, apply_answer, make_lineup, needs_events, take_decision
from interpreter.analysis.quality import DIGITS, GameQuality, measure

FINISHED, STEP_LIMIT, CRASHED = "finished", "step-limit", "error"
SCALED = ("trailing_share", "drama", "clear_at")     # paired as integers, in units of 1 / SCALE
SCALE = 10 ** DIGITS


@dataclass
class GameRow:
    """The measures of one game; `status` says whether it finished, was stopped by a bound of its
    budget (`step-limit`: per decision or per game) or failed."""
    index: int
    seed: int
    players: int
    status: str = FINISHED
    scores: list = field(default_factory=list)
    winners: list = field(default_factory=list)
    winning_teams: list = field(default_factory=list)
    teams: int = 0
    draw: bool = False
    margin: int | float | None = None
    decisions: int = 0
    forced: int = 0
    steps: int = 0
    rounds: int = 0
    round_phase: str | None = None
    phases: dict = field(default_factory=dict)
    lead_changes: int | None = None
    led_before_last: bool | None = None
    first_player: int | None = None
    first_player_won: bool | None = None
    branching: dict = field(default_factory=dict)     # number of legal options -> decisions
    quality: GameQuality = field(default_factory=GameQuality)
    agent_seconds: float = 0.0
    seconds: float = 0.0
    error: str | None = None
    path: list = field(default_factory=list)           # decision ids that reproduce a failure

    def flat(self) -> dict:
        """One row for a table (CSV or Parquet): lists joined, per-phase counts as columns."""
        row = {"index": self.index, "seed": self.seed, "players": self.players, "status": self.status,
               "scores": " ".join(map(str, self.scores)), "winners": " ".join(map(str, self.winners)),
               "draw": self.draw, "margin": self.margin, "decisions": self.decisions, "forced": self.forced,
               "steps": self.steps, "rounds": self.rounds, "lead_changes": self.lead_changes,
               "led_before_last": self.led_before_last, "first_player": self.first_player,
               "first_player_won": self.first_player_won, "seconds": round(self.seconds, 6),
               "error": self.error}
        for seat, score in enumerate(self.scores):
            row[f"score_{seat}"] = score
        return row


class ObservedGame(Game):
    """A Game that notes each phase start, who leads then and the scores; it plays exactly as a Game does."""

    def __init__(self, *args, **kwargs):
        self.phase_depth = 0
        self.checkpoints: list[tuple[str, int, frozenset | None]] = []
        self.standing: list[tuple[frozenset | None, tuple | None]] = []   # per checkpoint: seats leading, scores
        super().__init__(*args, **kwargs)

    def enter_phase(self, name: str) -> None:
        winners = self.winners_now()
        teams = None if winners is None else frozenset(p.team.index for p in winners)
        seats = None if winners is None else frozenset(p.seat for p in winners)
        self.checkpoints.append((name, self.phase_depth, teams))
        self.standing.append((seats, self.current_scores()))
        self.phase_depth += 1
        super().enter_phase(name)

    def leave_phase(self, name: str, outer: str | None) -> None:
        super().leave_phase(name, outer)
        self.phase_depth -= 1

    def winners_now(self) -> list | None:
        """The players the ruleset's `result.winners` names right now (None if it cannot say)."""
        winners = self.rules.result_winners
        if winners is None:
            return None
        try:
            return list(winners(self, {}))
        except Exception:      # some rulesets can only name winners once the game is over
            return None

    def leading(self) -> frozenset | None:
        """The teams the ruleset's `result.winners` names right now (None if it cannot say)."""
        winners = self.winners_now()
        return None if winners is None else frozenset(p.team.index for p in winners)

    def current_scores(self) -> tuple | None:
        try:
            return tuple(self.scores())
        except Exception:      # a score that needs the end (a value set only then)
            return None


def play_observed(ruleset, *, index: int, seed: int, players: int, options: dict, lineup: list[str],
                  max_steps: int, max_decisions: int | None = None) -> GameRow:
    """Play game `index` with `seed`; every failure becomes a row, never an exception."""
    row = GameRow(index, seed, players)
    started = time.perf_counter()
    branching: Counter = Counter()
    game = None
    try:
        agents = make_lineup(lineup, game_seed=seed)
        game = ObservedGame(ruleset, players, seed=seed, options=options, record=needs_events(lineup),
                            max_steps=max_steps, max_decisions=max_decisions)
        clock = time.perf_counter
        while not game.over:
            decision = game.decision
            if row.first_player is None:
                row.first_player = decision.player
            width = len(decision)
            branching[width] += 1
            before = clock()
            reply = answer(game, agents[decision.player])
            row.agent_seconds += clock() - before
            apply_answer(game, reply)
    except GameLimitError as exc:     # a bound of the budget stopped it: no need to replay it
        row.status = STEP_LIMIT
        row.error = str(exc)
    except GameError as exc:
        row.status = CRASHED
        row.error = str(exc)
    except Exception as exc:   # a bug in the engine or an agent: still one row, the run goes on
        row.status = CRASHED
        row.error = f"{type(exc).__name__}: {exc}"
    row.seconds = time.perf_counter() - started
    row.branching = dict(branching)
    row.decisions = sum(branching.values())
    row.forced = branching.get(1, 0)
    if game is not None:
        row.steps = game.steps
        row.phases = dict(Counter(name for name, _, _ in game.checkpoints))
    if row.status == FINISHED:
        _measure_result(row, game)
    elif row.status == CRASHED:
        row.path = reproduce_path(ruleset, seed=seed, players=players, options=options, lineup=lineup,
                                  max_steps=max_steps, max_decisions=max_decisions)
    return row


def _measure_result(row: GameRow, game: ObservedGame) -> None:
    result = game.result
    row.scores, row.winners, row.winning_teams = result["scores"], result["winners"], result["winning_teams"]
    row.teams = len(game.teams)
    row.draw = len(row.winning_teams) > 1
    row.margin = winning_margin(row.scores, row.winners)
    if row.first_player is not None:
        row.first_player_won = row.first_player in row.winners
    round_phase, leads = rounds_and_leads(game.checkpoints)
    row.round_phase = round_phase
    row.rounds = len(leads)
    if round_phase is not None:
        where = round_of(game.checkpoints)
        at_rounds = [standing for (name, depth, _), standing in zip(game.checkpoints, game.standing)
                     if (name, depth) == where]
        row.quality = measure(at_rounds, final_scores=row.scores, winners=row.winners, players=row.players,
                              one_side=len(row.winning_teams) == 1 if row.winning_teams else None)
    final = frozenset(row.winning_teams)
    if leads and all(lead is not None for lead in leads):
        sequence = leads[1:] + [final]            # who led after each round, the last one is the result
        row.lead_changes = count_lead_changes(sequence)
        if len(sequence) >= 2 and len(final) == 1:
            row.led_before_last = sequence[-2] == final


def rounds_and_leads(checkpoints: list) -> tuple[str | None, list]:
    """The round phase and who led as each round began (see the module docstring)."""
    if not checkpoints:
        return None, []
    name, depth = round_of(checkpoints)
    return name, [lead for n, d, lead in checkpoints if n == name and d == depth]


def round_of(checkpoints: list) -> tuple[str, int]:
    """(name, depth) of the round phase among non-empty checkpoints."""
    by_depth: dict[int, Counter] = {}
    first_seen: dict[str, int] = {}
    for position, (name, depth, _) in enumerate(checkpoints):
        by_depth.setdefault(depth, Counter())[name] += 1
        first_seen.setdefault(name, position)
    repeating = [d for d in sorted(by_depth) if max(by_depth[d].values()) > 1]
    depth = repeating[0] if repeating else min(by_depth)
    counts = by_depth[depth]
    return min(counts, key=lambda n: (-counts[n], first_seen[n])), depth


def count_lead_changes(leads: list) -> int:
    """How often the sole leader changes; a tie is nobody's lead and changes nothing."""
    changes, current = 0, None
    for lead in leads:
        if len(lead) != 1:
            continue
        if current is not None and lead != current:
            changes += 1
        current = lead
    return changes


def winning_margin(scores: list, winners: list):
    """How far the winners' scores are from the best other score, whichever way scores win;
    None when the winners are not the ones with the highest or the lowest scores."""
    if not winners or not scores:
        return None
    won = [scores[s] for s in winners]
    others = [scores[s] for s in range(len(scores)) if s not in winners]
    if not others:
        return 0
    if min(won) > max(others):
        return min(won) - max(others)
    if max(won) < min(others):
        return min(others) - max(won)
    if len(set(won)) == 1 and won[0] in others:      # a tie for the best score: no margin at all
        return 0
    return None


def paired_values(row: GameRow) -> dict:
    """The numbers of one finished game that a variant's game of the same seed is set against."""
    values = {f"win:{seat}": int(seat in row.winners) for seat in range(row.players)}
    values.update({f"score:{seat}": score for seat, score in enumerate(row.scores)})
    values.update({f"phase:{name}": times for name, times in row.phases.items()})
    values.update(draw=int(row.draw), decisions=row.decisions, rounds=row.rounds)
    if row.first_player_won is not None:
        values["first_won"] = int(row.first_player_won)
    if row.margin is not None:
        values["margin"] = row.margin
    if row.lead_changes is not None:
        values["lead_changes"] = row.lead_changes
        values["lead_changed"] = int(row.lead_changes > 0)
    if row.led_before_last is not None:
        values["led_before_last"] = int(row.led_before_last)
    quality = row.quality
    if quality.winner_trailed is not None:     # shares in whole units of SCALED, so that sums merge exactly
        values.update(winner_trailed=int(quality.winner_trailed),
                      **{key: round(getattr(quality, key) * SCALE) for key in SCALED})
    return values


def pairing(base: GameRow, variant: GameRow) -> dict:
    """How a variant's game compares with the base's game of the same seed and agents: whether
    it played out differently at all (scores, winners, the number of choices at each decision,
    phases), whether someone else won, and for each measure both games have, the count, sum
    and sum of squares of the differences (variant minus base), for a paired test."""
    if base.status != FINISHED or variant.status != FINISHED:
        return {"unpaired": 1}
    # Engine steps are left out: a rule that is checked and does nothing still takes steps.
    same = (base.scores, base.winners, base.branching, base.phases) == \
        (variant.scores, variant.winners, variant.branching, variant.phases)
    out = {"paired": 1, "changed": int(not same), "winner_changed": int(base.winners != variant.winners)}
    mine, theirs = paired_values(base), paired_values(variant)
    for key in mine.keys() & theirs.keys():
        d = theirs[key] - mine[key]
        out[f"n|{key}"], out[f"sum|{key}"], out[f"sq|{key}"] = 1, d, d * d
    return out


def reproduce_path(ruleset, *, seed: int, players: int, options: dict, lineup: list[str],
                   max_steps: int, max_decisions: int | None = None) -> list[str]:
    """Play a failed game again, recording, and return the ids of its decisions until it failed."""
    game = None
    try:
        agents = make_lineup(lineup, game_seed=seed)
        game = Game(ruleset, players, seed=seed, options=options, record=True, max_steps=max_steps,
                    max_decisions=max_decisions)
        while not game.over:
            take_decision(game, agents[game.decision.player])
    except Exception:
        pass
    if game is None:
        return []
    return [e["choice"] for e in game.events if e["type"] == "decided"]
