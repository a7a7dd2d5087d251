"""Agents rated against each other on one ruleset: a duplicate schedule of seatings and deals,
each agent's edge over the par of the seats it played, and OpenSkill ratings (Weng–Lin
Plackett–Luce, which rates games of any number of seats), with bootstrap intervals.

    setup = Setup("game.yaml", options=(("target", 1),), players=3)
    result = play_tournament(setup, entries=["random", "ismcts:25", "ismcts:200"], games=60, jobs=2)
    result.to_dict()        # standings: edge and rating with 95% intervals, games, wins, mean place

Games come in blocks that share one deal (one seed, `deal_seed`): every seating of the deal
(`schedule`), so every agent plays every seat of it and the luck of the cards cancels out. Each
block starts from another permutation of the agents. A game is ranked by the ruleset's own
result (winners first, then the score, the winners' way: `quality.places`) and scored by it
(`duplicate.deal_results`: by how much, not only who won, on one scale for the whole deal).

The ladder's verdicts read the **edge** (`interpreter.analysis.duplicate`): an agent's result
less the par of the seat and deal, averaged over deals, which uses each game's score and
compares agents on the same cards. The OpenSkill rating, updated game by game in schedule
order (so a tournament is the same on any number of workers), is reported beside it; its own
sigma is a posterior that shrinks slowly by design (it assumes skills drift), so the intervals
of both come from a bootstrap: the deals are resampled with replacement BOOTSTRAP times, and an
interval is the 2.5 and 97.5 percentiles. Two agents whose edge intervals do not overlap are
ranked apart by the games played; neighbours also get the interval of their edge difference
over the same resampled deals, which is paired and so narrower. The skill depth of a game is the edge gap from the ladder's
first agent to its last (docs/measures.md).
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field, replace
from typing import Callable

from interpreter.analysis.bundle import Bundle, bundle, unpack
from interpreter.analysis.duplicate import deal_edges, mean_edges
from interpreter.analysis.lineup import only_random
from interpreter.analysis.observe import FINISHED, play_observed
from interpreter.analysis.runner import LocalBackend, RayBackend, chunks
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


def block_size(agents: int, players: int) -> int:
    """Games per deal: every seating of it (see `schedule`)."""
    return math.comb(agents, players) * players if players < agents else agents


def schedule(agents: int, players: int, games: int) -> list[tuple[int, ...]]:
    """The agent in each seat of each game, in blocks of `block_size` games that share a deal.
    Within a block the seating rotates one seat at a time, so every agent plays every seat of the
    deal; with fewer seats than agents every group of `players` agents meets, in each of its
    rotations (heads-up: each pair plays the deal both ways round, so the cards cancel between
    them). Each block starts from another permutation of the agents (other neighbours)."""
    orders = list(itertools.permutations(range(agents))) if agents <= 6 else [tuple(range(agents))]
    size = block_size(agents, players)
    out = []
    for g in range(games):
        order = orders[(g // size) % len(orders)]
        within = g % size
        if players < agents:
            group = list(itertools.combinations(order, players))[within // players]
            out.append(tuple(group[(within + seat) % players] for seat in range(players)))
        else:
            out.append(tuple(order[(within + seat) % agents] for seat in range(players)))
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
    source: Bundle | None = None        # the ruleset's files, for workers that cannot read `path`


_loaded: dict = {}


def _ruleset(setup: Setup):
    key = setup.source.digest if setup.source is not None else (setup.path, setup.variants)
    if key not in _loaded:
        from interpreter.compile.ruleset import load_ruleset
        path, variants = unpack(setup.source) if setup.source is not None else (setup.path, list(setup.variants))
        _loaded[key] = load_ruleset(path, variants=variants)
    return _loaded[key]


def deal_seed(setup: Setup, index: int, agents: int) -> int:
    """The seed of game `index`: the same for every game of its block (see the module docstring)."""
    return game_seed(setup.root_seed, index // block_size(agents, setup.players))


def play_one(setup: Setup, index: int, lineup: tuple, seed: int) -> dict:
    """Game `index` with `lineup` in its seats: the places of its seats, or why it has none."""
    row = play_observed(_ruleset(setup), index=index, seed=seed, players=setup.players,
                        options=dict(setup.options), lineup=list(lineup), max_steps=setup.max_steps)
    if row.status != FINISHED:
        return {"index": index, "status": row.status, "error": row.error}
    sign = direction(row.scores, row.winners)
    return {"index": index, "status": FINISHED, "winners": row.winners, "scores": row.scores,
            "places": places(row.scores, set(row.winners) if row.winners else None, sign),
            "sign": sign, "seconds": row.seconds}


def play_games(setup: Setup, games: tuple) -> list[dict]:
    """One task: the games given as (index, lineup, seed), in order."""
    return [play_one(setup, index, lineup, seed) for index, lineup, seed in games]


@dataclass
class Standing:
    spec: str
    mu: float
    sigma: float
    games: int = 0
    seats: int = 0
    wins: int = 0
    place_total: int = 0
    low: float = float("-inf")           # the rating's bootstrap interval (see the module docstring)
    high: float = float("inf")
    edge: float = 0.0                    # the result over the par, and its bootstrap interval
    edge_low: float = float("-inf")
    edge_high: float = float("inf")

    def to_dict(self) -> dict:
        low, high = wilson_interval(self.wins, self.seats)
        return {"agent": self.spec, "edge": self.edge, "edge_low": self.edge_low, "edge_high": self.edge_high,
                "mu": self.mu, "sigma": self.sigma, "low": self.low, "high": self.high,
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
    gaps: list = field(default_factory=list)       # the skill depth (edge gap) in each bootstrap resample
    resampled: list = field(default_factory=list)  # per agent, its edge in each bootstrap resample
    deals: int = 0                                 # whole deals the edges are read from

    def ranked(self) -> list[Standing]:
        return sorted(self.standings, key=lambda s: (-s.edge, -s.mu))

    def separated(self) -> list[dict]:
        """Neighbours in the ranking: whether their 95% edge intervals do not overlap (`separated`,
        the ladder's verdict), the 95% interval of their edge difference over the same resampled
        deals (`gap_low`, `gap_high`: paired, so the luck they shared cancels), and whether their
        rating intervals do not overlap."""
        ranked = self.ranked()
        out = []
        for a, b in zip(ranked, ranked[1:]):
            i, j = self.standings.index(a), self.standings.index(b)
            paired = [x - y for x, y in zip(self.resampled[i], self.resampled[j])] if self.resampled else []
            low, high = _percentiles(paired) if paired else (float("-inf"), float("inf"))
            out.append({"above": a.spec, "below": b.spec, "gap": a.edge - b.edge, "separated": a.edge_low > b.edge_high,
                        "gap_low": low, "gap_high": high,
                        "rating_gap": a.mu - b.mu, "rating_separated": a.low > b.high})
        return out

    def skill_depth(self) -> dict:
        """The edge gap from the first agent (the ladder's weakest) to the last (its strongest),
        with its bootstrap 95% interval: negative when the ladder's order is upside down."""
        top, bottom = self.standings[-1], self.standings[0]
        low, high = _percentiles(self.gaps) if self.gaps else (float("-inf"), float("inf"))
        return {"strongest": top.spec, "weakest": bottom.spec, "gap": top.edge - bottom.edge, "low": low, "high": high,
                "rating_gap": top.mu - bottom.mu}

    def to_dict(self) -> dict:
        failed = [g for g in self.played if g["status"] != FINISHED]
        return {"kind": "tournament", "players": self.players, "games": self.games, "deals": self.deals,
                "finished": len(self.played) - len(failed), "failures": failed[:20],
                "edge": "result over the par of the seat and deal (0 to 1 a game), mean over deals",
                "rating": "OpenSkill Plackett-Luce",
                "intervals": f"95% bootstrap over the deals ({BOOTSTRAP} resamples)",
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


def tasks(setup: Setup, entries: list[str], seatings: list[tuple], workers: int) -> list[tuple]:
    """The schedule's games as (index, lineup, seed), in tasks: one game each when a seat searches
    (a game takes seconds, so a task's cost is nothing beside it, and progress and an interrupted
    run's results move game by game), else as many as the runner puts in a chunk."""
    calls = [(index, tuple(entries[a] for a in seating), deal_seed(setup, index, len(entries)))
             for index, seating in enumerate(seatings)]
    size = None if only_random(entries) else 1
    return [tuple(calls[start:stop]) for start, stop in chunks(len(calls), workers, size=size)]


def play_tournament(setup: Setup, *, entries: list[str], games: int, jobs: int = 1, backend=None,
                    progress: Callable[[int], None] | None = None) -> Tournament:
    """Play the schedule on `backend` (default: `jobs` local processes) and rate the agents. On
    Ctrl-C or a timeout the games played so far are rated and returned in TournamentInterrupted."""
    _model()          # no games are played for ratings that cannot be computed
    own = backend is None
    backend = LocalBackend(jobs) if own else backend
    if isinstance(backend, RayBackend) and setup.source is None:
        setup = replace(setup, source=bundle(setup.path, setup.variants))    # nodes need not share files
    seatings = schedule(len(entries), setup.players, games)
    results: dict[int, dict] = {}
    try:
        for _, played in backend.each(play_games, [(setup, batch) for batch in
                                                   tasks(setup, entries, seatings, backend.workers)]):
            for result in played:
                results[result["index"]] = result
            if progress:
                progress(len(played))
    except KeyboardInterrupt:
        raise TournamentInterrupted(_finish(entries, setup.players, seatings, results,
                                            seed=setup.root_seed)) from None
    finally:
        if own:
            backend.close()
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
    """Each standing's edge, and the intervals of edges, ratings and the skill depth from
    resampled deals (whole blocks of games)."""
    played, agents = tournament.played, len(tournament.entries)
    size = block_size(agents, tournament.players)
    deals = deal_edges(agents, seatings, played, size)
    tournament.deals = sum(deal is not None for deal in deals)
    for standing, edge in zip(tournament.standings, mean_edges(agents, deals)):
        standing.edge = edge
    if not played:
        return
    rng = random.Random(seed)
    mus: list[list[float]] = [[] for _ in range(agents)]
    edges: list[list[float]] = [[] for _ in range(agents)]
    blocks = [list(range(start, min(start + size, len(played)))) for start in range(0, len(played), size)]
    for _ in range(samples):
        chosen = sorted(rng.randrange(len(blocks)) for _ in blocks)      # schedule order, with repeats
        picked = [i for b in chosen for i in blocks[b]]
        standings = rate(tournament.entries, [seatings[i] for i in picked], [played[i] for i in picked])
        for values, standing in zip(mus, standings):
            values.append(standing.mu)
        resampled = mean_edges(agents, [deals[b] for b in chosen if b < len(deals)])
        for values, edge in zip(edges, resampled):
            values.append(edge)
        tournament.gaps.append(resampled[-1] - resampled[0])
    tournament.resampled = edges
    for standing, values, edge_values in zip(tournament.standings, mus, edges):
        standing.low, standing.high = _percentiles(values)
        standing.edge_low, standing.edge_high = _percentiles(edge_values)


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]


class TournamentInterrupted(KeyboardInterrupt):
    def __init__(self, tournament: Tournament):
        super().__init__()
        self.tournament = tournament
