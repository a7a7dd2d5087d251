"""The Ray backend gives the aggregates the local process pool gives, for the same seeds."""
from __future__ import annotations

import pytest

from interpreter.analysis.runner import LocalBackend, RayBackend, run, run_together
from interpreter.analysis.workbench import configs, plan

ray = pytest.importorskip("ray", reason="the Ray backend is an extra: pip install 'cardrules[ray]'")


@pytest.mark.slow
def test_ray_and_the_local_pool_give_identical_aggregates():
    # GIVEN a ruleset whose games sometimes fail, and Black Maria against a variant, on the same seeds
    fails = plan(configs("tests/rulesets/sometimes-fails.yaml"), players=2, seed=6)[0]
    compared = plan(configs("rulesets/black-maria.yaml", option_variants=["deals=3"]), players=3, seed=6)
    pool = LocalBackend(2)
    try:
        local = run(fails, 24, backend=pool), run_together(compared, 16, backend=pool)
    finally:
        pool.close()
    # WHEN the same runs go to a local Ray with two CPUs
    backend = RayBackend(workers=2)
    try:
        assert backend.workers == 2
        done = []
        remote = run(fails, 24, backend=backend, progress=done.append), \
            run_together(compared, 16, backend=backend, progress=done.append)
    finally:
        backend.close()
    # THEN every count and histogram is the same, failures and the pairing with the base included
    assert remote[0].counts() == local[0].counts()
    assert [a.counts() for a in remote[1][0]] == [a.counts() for a in local[1][0]]
    assert remote[1][1] == local[1][1]
    assert sum(done) == 24 + 2 * 16 and len(done) > 2      # chunks streamed in as they finished
    assert local[0].crashed > 0 and local[1][1][0]["changed"] == 16


@pytest.mark.slow
def test_a_tournament_on_ray_rates_as_the_local_one_does():
    # GIVEN a short tournament WHEN it is played in this process and as Ray tasks (the ruleset sent as source)
    from interpreter.analysis.tournament import Setup, play_tournament
    setup = Setup("tests/rulesets/comeback.yaml", players=2, root_seed=3)
    local = play_tournament(setup, entries=["random", "first"], games=8).to_dict()
    backend = RayBackend(workers=2)
    try:
        remote = play_tournament(setup, entries=["random", "first"], games=8, backend=backend).to_dict()
    finally:
        backend.close()
    # THEN every edge, rating and interval is the same
    assert remote == local and local["finished"] == 8
