"""Playing many games on a backend: in this process, a local process pool, or Ray tasks.

Games are played in chunks of seeds; a chunk plays each seed under every configuration (the
base and its variants) and comes back as one `Aggregate` per configuration (plus the rows when
they are to be saved) and, per variant, how its games compare with the base's on the same
seeds. Chunks are merged as they finish, in whatever order.
Game i of a run always has seed `game_seed(root, i)`, and aggregates hold only counts, so every
backend and every number of workers gives the same aggregate for the same seeds. Ray tasks get
the rulesets as source (`interpreter.analysis.bundle`): the nodes of a cluster share no files.
A task lost with its node is run again by Ray elsewhere; its chunk is counted once either way.
"""
from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator

from interpreter.analysis.aggregate import Aggregate
from interpreter.analysis.bundle import Bundle, bundle, restore_names, unpack
from interpreter.analysis.lineup import only_random
from interpreter.analysis.observe import pairing, play_observed
from interpreter.analysis.simulate import game_seed
from interpreter.engine.game import DEFAULT_MAX_STEPS
from interpreter.compile.ruleset import load_ruleset


@dataclass(frozen=True)
class RunSpec:
    """One configuration to play: a ruleset file (with variant files and options), seats, agents."""
    label: str
    path: str
    variants: tuple = ()
    options: dict = field(default_factory=dict)
    players: int = 2
    lineup: tuple = ("random",)
    root_seed: int = 1
    max_steps: int = DEFAULT_MAX_STEPS        # per decision
    max_decisions: int | None = None          # per game (None: the ruleset's limits, else the default)
    source: Bundle | None = None              # the ruleset's files, for workers that cannot read `path`


_rulesets: dict = {}       # per process: (path, variants) or a bundle's digest -> loaded ruleset


def _ruleset(spec: RunSpec):
    if spec.source is not None:
        key = spec.source.digest
        if key not in _rulesets:
            path, variants = unpack(spec.source)
            _rulesets[key] = load_ruleset(path, variants=variants)
        return _rulesets[key]
    key = (spec.path, spec.variants)
    if key not in _rulesets:
        _rulesets[key] = load_ruleset(spec.path, variants=list(spec.variants))
    return _rulesets[key]


def with_source(specs: tuple) -> tuple:
    """The specs with their rulesets' files attached, for workers on other machines."""
    bundles: dict = {}
    out = []
    for spec in specs:
        key = (spec.path, spec.variants)
        if key not in bundles:
            bundles[key] = bundle(spec.path, spec.variants)
        out.append(replace(spec, source=bundles[key]))
    return tuple(out)


@dataclass
class Chunk:
    """What one task sends back for games start..stop-1 of every configuration."""
    games: int
    aggregates: list                 # one Aggregate per configuration
    rows: list                       # one list of GameRows per configuration (empty unless kept)
    paired: list                     # per variant: Counter of `pairing` against the base


def play_chunk(specs: tuple, start: int, stop: int, keep_rows: bool = False) -> Chunk:
    """Play seeds start..stop-1 under every configuration in `specs` (the first is the base)."""
    rulesets = [_ruleset(spec) for spec in specs]
    chunk = Chunk(stop - start, [Aggregate(spec.players) for spec in specs], [[] for _ in specs],
                  [Counter() for _ in specs[1:]])
    for index in range(start, stop):
        played = [play_observed(ruleset, index=index, seed=game_seed(spec.root_seed, index), players=spec.players,
                                options=spec.options, lineup=list(spec.lineup), max_steps=spec.max_steps,
                                max_decisions=spec.max_decisions)
                  for spec, ruleset in zip(specs, rulesets)]
        for spec, row in zip(specs, played):
            if spec.source is not None and row.error:
                row.error = restore_names(spec.source, row.error)
        for aggregate, kept, row in zip(chunk.aggregates, chunk.rows, played):
            aggregate.add(row)
            if keep_rows:
                kept.append(row)
        for counter, row in zip(chunk.paired, played[1:]):
            counter.update(pairing(played[0], row))
    return chunk


def chunks(games: int, workers: int, *, size: int | None = None) -> list[tuple[int, int]]:
    """Index ranges small enough to spread over the workers, big enough to keep overhead small."""
    size = size or max(1, min(50, games // (max(1, workers) * 8) or 1))
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def chunk_size(specs: tuple, games: int, workers: int) -> int | None:
    """One game per task when a seat searches: such a game takes far longer than a task costs,
    and progress (and what an interrupted run keeps) then moves game by game."""
    return None if all(only_random(spec.lineup) for spec in specs) else 1


Progress = Callable[[int], None]     # called with the number of games just finished


class LocalBackend:
    """This process (jobs=1) or a pool of `jobs` worker processes on this machine."""
    name = "local"

    def __init__(self, jobs: int = 1):
        self.jobs = max(1, jobs)
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self.jobs

    def run(self, specs: tuple, games: int, *, keep_rows: bool = False) -> Iterator[Chunk]:
        ranges = chunks(games, self.jobs, size=chunk_size(specs, games, self.jobs))
        for _, chunk in self.each(play_chunk, [(specs, start, stop, keep_rows) for start, stop in ranges]):
            yield chunk

    def each(self, function: Callable, calls: list[tuple]) -> Iterator[tuple[int, object]]:
        """`function(*args)` for every `args` of `calls`, as each finishes: (its position, its result).
        In this process they come in order; on workers, in the order they finish."""
        if self.jobs == 1:
            for position, args in enumerate(calls):
                yield position, function(*args)
            return
        if self._pool is None:
            from interpreter.analysis.simulate import ignore_interrupts
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=ignore_interrupts)
        pending = {self._pool.submit(function, *args): position for position, args in enumerate(calls)}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class RayBackend:
    """Chunks of games as Ray tasks: a local Ray with `workers` CPUs, or the cluster at `address`."""
    name = "ray"

    def __init__(self, *, workers: int = 2, address: str | None = None):
        try:
            import ray
        except ImportError:
            raise RuntimeError("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
        self.ray = ray
        self.started_here = not ray.is_initialized()
        if self.started_here:
            import logging
            settings = dict(logging_level=logging.WARNING, log_to_driver=False)
            if address:
                ray.init(address=address, **settings)
            else:
                ray.init(num_cpus=max(1, workers), include_dashboard=False, **settings)
        self.chunk: int | None = None          # games per task, when set (benchmarks); else chunk_size
        self._tasks: dict = {}                 # function -> its Ray task
        self.workers = max(1, int(ray.cluster_resources().get("CPU", workers)))

    def run(self, specs: tuple, games: int, *, keep_rows: bool = False) -> Iterator[Chunk]:
        specs_ref = self.ray.put(with_source(specs))      # a cluster's nodes need not see this machine's files
        ranges = chunks(games, self.workers, size=self.chunk or chunk_size(specs, games, self.workers))
        for _, chunk in self.each(play_chunk, [(specs_ref, start, stop, keep_rows) for start, stop in ranges]):
            yield chunk

    def each(self, function: Callable, calls: list[tuple]) -> Iterator[tuple[int, object]]:
        """`function(*args)` as a Ray task for every `args` of `calls`, as each finishes: (its
        position, its result). A task lost with its node is run again elsewhere (up to 5 times)."""
        ray = self.ray
        if function not in self._tasks:
            self._tasks[function] = ray.remote(max_retries=5)(function)
        task = self._tasks[function]
        refs = {task.remote(*args): position for position, args in enumerate(calls)}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield refs[done[0]], ray.get(done[0])

    def close(self) -> None:
        if self.started_here and self.ray.is_initialized():
            self.ray.shutdown()


def make_backend(name: str, *, jobs: int = 1, address: str | None = None):
    if name == "ray":
        return RayBackend(workers=jobs, address=address)
    if name == "local":
        return LocalBackend(jobs)
    raise ValueError(f"unknown backend '{name}': use local or ray")


def run_together(specs: list[RunSpec], games: int, *, backend, progress: Progress | None = None,
                 on_rows: Callable[[int, list], None] | None = None) -> tuple[list[Aggregate], list[Counter]]:
    """Play `games` seeds under every configuration on `backend`, merging chunks as they come
    in: an aggregate per configuration, and per variant its pairing with the base.
    `on_rows(i, rows)` receives configuration i's rows; `progress(n)` the games just played."""
    specs = tuple(specs)
    totals = [Aggregate(spec.players) for spec in specs]
    paired = [Counter() for _ in specs[1:]]
    played = 0
    try:
        for chunk in backend.run(specs, games, keep_rows=on_rows is not None):
            for total, aggregate in zip(totals, chunk.aggregates):
                total.merge(aggregate)
            for total, counter in zip(paired, chunk.paired):
                total.update(counter)
            if on_rows is not None:
                for i, rows in enumerate(chunk.rows):
                    on_rows(i, rows)
            played += chunk.games
            if progress is not None:
                progress(chunk.games * len(specs))
    except KeyboardInterrupt:
        raise RunInterrupted(totals, paired, played) from None
    return totals, paired


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: the aggregates of the `games` seeds every configuration finished."""

    def __init__(self, aggregates: list[Aggregate], paired: list[Counter], games: int):
        super().__init__()
        self.aggregates, self.paired, self.games = aggregates, paired, games


def run(spec: RunSpec, games: int, *, backend, progress: Progress | None = None,
        on_rows: Callable[[list], None] | None = None) -> Aggregate:
    """Play `games` games of one configuration."""
    rows = None if on_rows is None else (lambda _, kept: on_rows(kept))
    return run_together([spec], games, backend=backend, progress=progress, on_rows=rows)[0][0]


class Rate:
    """Games done, games per second and the time left, for a progress line."""

    def __init__(self, total: int, *, clock=time.perf_counter):
        self.total, self.done, self.clock = total, 0, clock
        self.started = clock()

    def advance(self, games: int) -> None:
        self.done += games

    @property
    def per_second(self) -> float:
        elapsed = self.clock() - self.started
        return self.done / elapsed if elapsed > 0 else 0.0

    @property
    def eta_seconds(self) -> float | None:
        rate = self.per_second
        return (self.total - self.done) / rate if rate > 0 else None

    def line(self) -> str:
        eta = self.eta_seconds
        left = "?" if eta is None else f"{int(eta) // 60}:{int(eta) % 60:02d}"
        return f"{self.done}/{self.total} games, {self.per_second:.1f} games/s, ETA {left}"
