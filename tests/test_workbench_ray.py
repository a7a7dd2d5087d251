"""The Ray backend gives the aggregates the local process pool gives, for the same seeds."""
from __future__ import annotations

import pytest

from interpreter.analysis.runner import LocalBackend, RayBackend, run
from interpreter.analysis.workbench import configs, plan

ray = pytest.importorskip("ray", reason="the Ray backend is an extra: pip install 'cardrules[ray]'")


def test_ray_and_the_local_pool_give_identical_aggregates():
    # GIVEN a ruleset whose games sometimes fail and a variant of Black Maria, on the same seeds
    specs = plan(configs("tests/rulesets/sometimes-fails.yaml"), players=2, seed=6)
    specs += plan(configs("rulesets/black-maria.yaml", base_options=["deals=3"]), players=3, seed=6)
    pool = LocalBackend(2)
    try:
        local = [run(spec, 24, backend=pool) for spec in specs]
    finally:
        pool.close()
    # WHEN the same runs go to a local Ray with two CPUs
    backend = RayBackend(workers=2)
    try:
        assert backend.workers == 2
        done = []
        remote = [run(spec, 24, backend=backend, progress=done.append) for spec in specs]
    finally:
        backend.close()
    # THEN every count and histogram is the same, failures included
    assert [a.counts() for a in remote] == [a.counts() for a in local]
    assert sum(done) == 48 and len(done) > 2          # chunks streamed in as they finished
    assert local[0].crashed > 0 and local[1].finished == 24
