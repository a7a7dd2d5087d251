"""Agents rated against each other on one ruleset: a schedule of seatings and seeds, and ratings
with intervals from OpenSkill (Weng–Lin Plackett–Luce, which rates games of any number of seats).

    entries = ["random", "ismcts:25", "ismcts:200"]
    result = play_tournament(ruleset, entries=entries, players=3, games=60, seed=1, jobs=2)
    result.table()          # rating, 95% interval, games, wins, mean final place per agent

Games are played in blocks of as many games as there are agents, duplicate style: the games of a
block share one seed (the same deal, `game_seed(seed, block)`) and the seating rotates one seat
at a time, so that every agent plays every seat of that deal and the luck of the cards cancels
out. Each block starts from another permutation of the agents. With more seats than agents an
agent holds several seats of a game. A game's result is a ranking of its seats by the ruleset's own result
(the winners first, then the score, the winners' way: `quality.places`). Ratings are updated game
by game in schedule order, whatever order the games finished in, so a tournament is the same on
any number of workers.

Each rating comes with two spreads. OpenSkill's own sigma is its posterior uncertainty, which
shrinks slowly by design (it assumes skills drift). The 95% interval reported is a bootstrap:
the blocks of games are resampled with replacement BOOTSTRAP times, each resample rated in order,
and the interval is the 2.5 and 97.5 percentiles of each agent's rating; two agents whose
intervals do not overlap are ranked apart by the games played. The skill depth of a game is the
gap between the ratings of the strongest and the weakest agent of a ladder (docs/measures.md).
"""
from __future__ import annotations

import itertools
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from interpreter.analysis.observe import FINISHED, play_observed
from interpreter.analysis.quality import direction, places
from interpreter.analysis.simulate import game_seed
from interpreter.analysis.stats import wilson_interval
from interpreter.engine.game import DEFAULT_MAX_STEPS

LADDER = ("random", "ismcts:25", "ismcts:200")
BOOTSTRAP = 200


def _model():
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RuntimeError("ratings need OpenSkill: pip install 'cardrules[tournament]'") from None
    return PlackettLuce()


def schedule(agents: int, players: int, games: int) -> list[tuple[int, ...]]:
    """The agent in each seat of each game: within a block of `agents` games (one deal) the seating
    rotates one seat at a time (every agent in every seat), and each block starts from another
    permutation of the agents (other neighbours)."""
    orders = list(itertools.permutations(range(agents))) if agents <= 6 else [tuple(range(agents))]
    out = []
    for g in range(games):
        order = orders[(g // agents) % len(orders)]
        out.append(tuple(order[(g + seat) % agents] for seat in range(players)))
    return out


@dataclass(frozen=True)
class Setup:
    """What every game of a tournament shares; `source` is the ruleset's text when it comes from
    memory rather than a file that every worker can read."""
    path: str
    variants: tuple = ()
    options: tuple = ()
    players: int = 2
    root_seed: int = 1
    max_steps: int = DEFAULT_MAX_STEPS


_loaded: dict = {}


def _ruleset(setup: Setup):
    key = (setup.path, setup.variants)
    if key not in _loaded:
        from interpreter.compile.ruleset import load_ruleset
        _loaded[key] = load_ruleset(setup.path, variants=list(setup.variants))
    return _loaded[key]


def deal_seed(setup: Setup, index: int, agents: int) -> int:
    """The seed of game `index`: the same for every game of its block (see the module docstring)."""
    return game_seed(setup.root_seed, index // agents)


def play_one(setup: Setup, index: int, lineup: tuple, seed: int) -> dict:
    """Game `index` with `lineup` in its seats: the places of its seats, or why it has none."""
    row = play_observed(_ruleset(setup), index=index, seed=seed, players=setup.players,
                        options=dict(setup.options), lineup=list(lineup), max_steps=setup.max_steps)
    if row.status != FINISHED:
        return {"index": index, "status": row.status, "error": row.error}
    sign = direction(row.scores, row.winners)
    return {"index": index, "status": FINISHED, "winners": row.winners, "scores": row.scores,
            "places": places(row.scores, set(row.winners) if row.winners else None, sign),
            "seconds": row.seconds}


@dataclass
class Standing:
    spec: str
    mu: float
    sigma: float
    games: int = 0
    seats: int = 0
    wins: int = 0
    place_total: int = 0
    low: float = float("-inf")           # the bootstrap interval (see the module docstring)
    high: float = float("inf")

    def to_dict(self) -> dict:
        low, high = wilson_interval(self.wins, self.seats)
        return {"agent": self.spec, "mu": self.mu, "sigma": self.sigma, "low": self.low, "high": self.high,
                "games": self.games, "seats": self.seats,
                "win_rate": {"count": self.wins, "of": self.seats, "rate": self.wins / self.seats if self.seats else 0.0,
                             "low": low, "high": high},
                "mean_place": self.place_total / self.seats if self.seats else None}


@dataclass
class Tournament:
    entries: list
    players: int
    games: int
    played: list = field(default_factory=list)     # one result per game, in schedule order
    standings: list = field(default_factory=list)

    def ranked(self) -> list[Standing]:
        return sorted(self.standings, key=lambda s: -s.mu)

    def separated(self) -> list[dict]:
        """Neighbours in the ranking, and whether their 95% intervals do not overlap."""
        ranked = self.ranked()
        return [{"above": a.spec, "below": b.spec, "gap": a.mu - b.mu, "separated": a.low > b.high}
                for a, b in zip(ranked, ranked[1:])]

    gaps: list = field(default_factory=list)       # the skill depth in each bootstrap resample

    def skill_depth(self) -> dict:
        """The rating gap from the first agent (the ladder's weakest) to the last (its strongest),
        with its bootstrap 95% interval: negative when the ladder's order is upside down."""
        top, bottom = self.standings[-1], self.standings[0]
        low, high = _percentiles(self.gaps) if self.gaps else (float("-inf"), float("inf"))
        return {"strongest": top.spec, "weakest": bottom.spec, "gap": top.mu - bottom.mu, "low": low, "high": high}

    def to_dict(self) -> dict:
        failed = [g for g in self.played if g["status"] != FINISHED]
        return {"kind": "tournament", "players": self.players, "games": self.games,
                "finished": len(self.played) - len(failed), "failures": failed[:20],
                "rating": f"OpenSkill Plackett-Luce; 95% bootstrap interval over {BOOTSTRAP} resamples of the games",
                "standings": [s.to_dict() for s in self.ranked()], "neighbours": self.separated(),
                "skill_depth": self.skill_depth()}


def rate(entries: list[str], seatings: list[tuple], results: list[dict]) -> list[Standing]:
    """OpenSkill ratings from the games in schedule order. An agent that holds several seats of a
    game moves by the mean of what each of its seats would have moved it."""
    model = _model()
    ratings = [model.rating(name=spec) for spec in entries]
    standings = [Standing(spec, r.mu, r.sigma) for spec, r in zip(entries, ratings)]
    for seating, result in zip(seatings, results):
        if result["status"] != FINISHED:
            continue
        teams = model.rate([[ratings[a]] for a in seating], ranks=list(result["places"]))
        moved: dict[int, list] = {}
        for agent, (new,) in zip(seating, teams):
            moved.setdefault(agent, []).append(new)
        for agent, news in moved.items():
            ratings[agent] = model.rating(mu=sum(n.mu for n in news) / len(news),
                                          sigma=sum(n.sigma for n in news) / len(news), name=entries[agent])
            standings[agent].games += 1
        for seat, agent in enumerate(seating):
            standings[agent].seats += 1
            standings[agent].wins += seat in result["winners"]
            standings[agent].place_total += result["places"][seat]
    for standing, r in zip(standings, ratings):
        standing.mu, standing.sigma = r.mu, r.sigma
    return standings


def play_tournament(setup: Setup, *, entries: list[str], games: int, jobs: int = 1,
                    progress: Callable[[int], None] | None = None) -> Tournament:
    """Play the schedule (on `jobs` processes) and rate the agents. On Ctrl-C the games played
    so far are rated and returned in TournamentInterrupted."""
    _model()          # no games are played for ratings that cannot be computed
    seatings = schedule(len(entries), setup.players, games)
    lineups = [tuple(entries[a] for a in seating) for seating in seatings]
    results: dict[int, dict] = {}
    try:
        if jobs <= 1:
            for index, lineup in enumerate(lineups):
                results[index] = play_one(setup, index, lineup, deal_seed(setup, index, len(entries)))
                if progress:
                    progress(1)
        else:
            from interpreter.analysis.simulate import ignore_interrupts
            with ProcessPoolExecutor(max_workers=jobs, initializer=ignore_interrupts) as pool:
                futures = {pool.submit(play_one, setup, index, lineup, deal_seed(setup, index, len(entries))): index
                           for index, lineup in enumerate(lineups)}
                try:
                    from concurrent.futures import as_completed
                    for future in as_completed(futures):
                        results[futures[future]] = future.result()
                        if progress:
                            progress(1)
                except KeyboardInterrupt:
                    pool.shutdown(cancel_futures=True)
                    raise
    except KeyboardInterrupt:
        raise TournamentInterrupted(_finish(entries, setup.players, seatings, results,
                                            seed=setup.root_seed)) from None
    return _finish(entries, setup.players, seatings, results, seed=setup.root_seed)


def _finish(entries: list, players: int, seatings: list, results: dict, *, seed: int = 0) -> Tournament:
    """The tournament of the games played: the longest run of the schedule with every game done,
    so that the ratings are those the same games give on any number of workers."""
    done = 0
    while done in results:
        done += 1
    played = [results[i] for i in range(done)]
    tournament = Tournament(list(entries), players, done, played, rate(entries, seatings[:done], played))
    bootstrap(tournament, seatings[:done], seed=seed)
    return tournament


def bootstrap(tournament: Tournament, seatings: list, *, seed: int, samples: int = BOOTSTRAP) -> None:
    """Set each standing's interval, and the skill depth's, from ratings of resampled games."""
    played = tournament.played
    if not played:
        return
    rng = random.Random(seed)
    mus: list[list[float]] = [[] for _ in tournament.entries]
    top, bottom = len(tournament.entries) - 1, 0
    size = len(tournament.entries)              # a block of games shares a deal: resampled whole
    blocks = [list(range(start, min(start + size, len(played)))) for start in range(0, len(played), size)]
    for _ in range(samples):
        chosen = sorted(rng.randrange(len(blocks)) for _ in blocks)      # schedule order, with repeats
        picked = [i for b in chosen for i in blocks[b]]
        standings = rate(tournament.entries, [seatings[i] for i in picked], [played[i] for i in picked])
        for values, standing in zip(mus, standings):
            values.append(standing.mu)
        tournament.gaps.append(standings[top].mu - standings[bottom].mu)
    for standing, values in zip(tournament.standings, mus):
        standing.low, standing.high = _percentiles(values)


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]


class TournamentInterrupted(KeyboardInterrupt):
    def __init__(self, tournament: Tournament):
        super().__init__()
        self.tournament = tournament
