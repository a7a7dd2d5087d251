"""Many games, in parallel, with a summary that depends only on the seed: random players by
default (the fast path), or the agents an agent spec list names (`ismcts:200,random,random,random`).

Game i of a run uses seed (root seed, i), whatever the number of worker processes, and
results are gathered in game order, so `--jobs 1` and `--jobs 2` print the same summary.
"""
from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from interpreter.agents.basic import play
from interpreter.analysis.long_games import largest_hand
from interpreter.agents.specs import make_agents
from interpreter.errors import GameError
from interpreter.engine.game import Game
from interpreter.compile.ruleset import load_ruleset

_worker_ruleset = None


def game_seed(root: int, index: int) -> int:
    """A seed for game `index` that does not depend on how games are split among workers."""
    return (root * 1_000_003 + index) % (2 ** 63)


@dataclass
class Outcome:
    index: int
    seed: int
    players: int
    scores: list | None = None
    winners: list | None = None
    winning_teams: list | None = None
    decisions: int = 0
    error: str | None = None
    path: list = field(default_factory=list)   # the decision ids that reproduce a failure
    listings: dict = field(default_factory=dict)   # choose step's span -> most items one listing looked at
    largest_hand: int = 0                      # the most cards one player's zone held (sampled, and at the end)
    largest_hand_zone: str = ""                # which ("Player 1's hand")
    log: str | None = None                     # the game's log (interpreter.logs), when it was asked for


EXPENSIVE_LISTING = 5_000   # items looked at to list one decision's options: worth a warning


def listing_warnings(outcomes: list[Outcome]) -> list:
    """A warning for each choice whose options took more than EXPENSIVE_LISTING items to list,
    at the choose step's position, with the game that showed it."""
    from interpreter.errors import Diagnostic
    worst: dict = {}
    for outcome in outcomes:
        for span, work in outcome.listings.items():
            if work > EXPENSIVE_LISTING and work > worst.get(span, (0,))[0]:
                worst[span] = (work, outcome)
    return [Diagnostic("expensive-choice", f"listing this choice's options looked at {work:,} items in one "
                       f"decision (random game at {o.players} players, seed {o.seed}); every decision here "
                       "pays that", span,
                       "build the candidates with groups(), runs() or product() rather than filtering "
                       "subsets(), or narrow 'from:' before 'where:'", "warning")
            for span, (work, o) in sorted(worst.items(), key=lambda item: (str(item[0].file), item[0].line))]


def ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is for the parent, which stops the run and reports what finished."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def only_random(agents: str | None) -> bool:
    return agents is None or all(p.strip().lower() == "random" for p in agents.split(","))


def play_one(ruleset, *, index: int, root_seed: int, players: int, options: dict,
             keep_path: bool = False, agents: str | None = None, budget=None, keep_log: bool = False) -> Outcome:
    """Play one game; `budget` is what `Game(budget=...)` takes. A game that fails, or is
    stopped by its budget (one that never ends), is an Outcome with its error and decisions;
    `keep_log` keeps its log (Outcome.log)."""
    seed = game_seed(root_seed, index)
    keep_path = keep_path or keep_log
    outcome = Outcome(index, seed, players)
    game = None
    try:
        if only_random(agents):
            # announcements are computed all the same: a mistake in one is a mistake to report
            game = Game(ruleset, players, seed=seed, options=options, record=keep_path, budget=budget,
                        announce=True)
            _play_random_watching_hands(game, random.Random(seed ^ 0x5EED), outcome)
        else:      # agents that may read their seat's events need the game to record them
            game = Game(ruleset, players, seed=seed, options=options, record=True, budget=budget)
            play(game, make_agents(agents, players=players, seed=seed, commands=True))
        result = game.result
        outcome.scores, outcome.winners = result["scores"], result["winners"]
        outcome.winning_teams, outcome.decisions = result["winning_teams"], result["decisions"]
        outcome.listings = game.listing_costs()
    except GameError as exc:      # (a game that never ends too: stopped by its budget, it is one failure)
        outcome.error = str(exc)
        if game is not None:
            outcome.decisions = game.decisions_taken
        if game is not None and keep_path:
            outcome.path = [e["choice"] for e in game.events if e["type"] == "decided"]
    if game is not None:
        _note_hand(game, outcome)
    if keep_log and game is not None:
        from interpreter.logs import log_text
        outcome.log = log_text(game)
    return outcome


HAND_SAMPLE = 64     # decisions between two looks at the players' zones (a look costs one pass over them)


def _play_random_watching_hands(game, rng: random.Random, outcome: Outcome) -> None:
    """`play_random` (the same decisions from the same rng), looking at the largest hand every
    HAND_SAMPLE decisions: a game that runs long because hands grow says so (long_games.py)."""
    taken = 0
    while not game.over:
        game.apply_index(rng.randrange(len(game.decision)))
        taken += 1
        if taken % HAND_SAMPLE == 0:
            _note_hand(game, outcome)


def _note_hand(game, outcome: Outcome) -> None:
    size, where = largest_hand(game)
    if size > outcome.largest_hand:
        outcome.largest_hand, outcome.largest_hand_zone = size, where


def _init_worker(path: str, variants: list) -> None:
    global _worker_ruleset
    ignore_interrupts()
    _worker_ruleset = load_ruleset(path, variants=variants)


def _run_chunk(args) -> list[Outcome]:
    indexes, root_seed, players, options, keep_path, agents, budget, log_index = args
    return [play_one(_worker_ruleset, index=i, root_seed=root_seed, players=players, options=options,
                     keep_path=keep_path, agents=agents, budget=budget, keep_log=i == log_index) for i in indexes]


def simulate(ruleset, *, games: int, seed: int, players: int, options: dict, jobs: int = 1,
             keep_path: bool = False, progress=None, agents: str | None = None,
             budget=None, log_index: int | None = None) -> list[Outcome]:
    """Play `games` games (random players, or `agents` specs); `progress(done, total)` is
    called as chunks finish. Game `log_index` keeps its log (Outcome.log)."""
    if agents is not None:
        make_agents(agents, players=players, seed=0, commands=True)     # a bad spec fails here, once
    chunk = max(1, min(50, games // (jobs * 4) or 1))
    batches = [list(range(i, min(i + chunk, games))) for i in range(0, games, chunk)]
    outcomes: list[Outcome] = []
    if jobs <= 1:
        try:
            for batch in batches:
                for i in batch:
                    outcomes.append(play_one(ruleset, index=i, root_seed=seed, players=players, options=options,
                                             keep_path=keep_path, agents=agents, budget=budget,
                                             keep_log=i == log_index))
                if progress:
                    progress(len(outcomes), games)
        except KeyboardInterrupt:
            raise SimulationInterrupted(outcomes) from None
        return outcomes
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker,
                               initargs=(ruleset.path, list(ruleset.variants)))
    interrupted = False
    try:
        for result in pool.map(_run_chunk, [(b, seed, players, options, keep_path, agents, budget, log_index)
                                            for b in batches]):
            outcomes.extend(result)
            if progress:
                progress(len(outcomes), games)
    except KeyboardInterrupt:
        interrupted = True
        raise SimulationInterrupted(outcomes) from None
    finally:       # on Ctrl-C the workers' queued games are dropped, not waited for
        pool.shutdown(wait=not interrupted, cancel_futures=interrupted)
    return outcomes


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during a simulation: the games finished so far (`outcomes`), for a partial summary."""

    def __init__(self, outcomes: list[Outcome]):
        super().__init__()
        self.outcomes = outcomes


def summarize(outcomes: list[Outcome], players: int, team_names: list[str] | None = None,
              label: str = "score") -> str:
    """A table: wins per seat, mean/min/max score (or chips, coins: `label`), mean decisions."""
    done = [o for o in outcomes if o.error is None]
    lines = [f"games: {len(outcomes)}  finished: {len(done)}  failed: {len(outcomes) - len(done)}"]
    if not done:
        return "\n".join(lines)
    lines.append(f"{'seat':>4} {'wins':>7} {'win %':>6} {'mean ' + label:>11} {'min':>7} {'max':>7}")
    for seat in range(players):
        wins = sum(1 for o in done if seat in o.winners)
        scores = [o.scores[seat] for o in done]
        lines.append(f"{seat:>4} {wins:>7} {100 * wins / len(done):>6.1f} {sum(scores) / len(scores):>11.2f} "
                     f"{min(scores):>7} {max(scores):>7}")
    if team_names:
        for index, name in enumerate(team_names):
            wins = sum(1 for o in done if index in (o.winning_teams or []))
            lines.append(f"team {name}: {wins} wins ({100 * wins / len(done):.1f}%)")
    mean_decisions = sum(o.decisions for o in done) / len(done)
    lines.append(f"mean decisions per game: {mean_decisions:.1f}")
    return "\n".join(lines)
