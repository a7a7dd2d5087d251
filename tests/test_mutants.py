"""Mutation fuzzing of the shipped rulesets (see tests/mutants.py): every mutant is rejected with
located errors, or plays, or stops with a located runtime error. A few hundred mutants here;
CARDRULES_MUTANTS=N tries N per ruleset (benchmarks/fuzz.py prints the figures)."""
from __future__ import annotations

import os

import pytest

from tests.mutants import SHIPPED, run_mutant

PER_RULESET = int(os.environ.get("CARDRULES_MUTANTS", "30"))


@pytest.mark.slow
@pytest.mark.parametrize("source", SHIPPED, ids=lambda p: p.stem)
def test_every_mutant_is_rejected_with_a_position_or_plays_or_stops_with_one(source, tmp_path):
    kinds = set()
    for seed in range(PER_RULESET):
        outcome, what = run_mutant(source, seed, tmp_path)
        assert outcome.kind != "failed", f"{what}: {outcome.detail}"
        kinds.add(outcome.kind)
    assert "rejected" in kinds       # the fuzzer makes real mistakes...
    if PER_RULESET >= 30:
        assert kinds & {"played", "stopped"}   # ...and some mutants still load and play
