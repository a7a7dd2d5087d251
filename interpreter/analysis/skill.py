"""Skill depth of a ruleset and its variants: does a variant widen or narrow the gap between
strong and weak agents? Each configuration plays the same tournament (a ladder of agents, the same
schedule and deals); its skill depth is the rating gap from the weakest to the strongest agent,
and a variant's change is the difference of the two gaps with a bootstrap interval (the two
tournaments' resampled gaps, set against each other)."""
from __future__ import annotations

from interpreter.analysis.runner import RunSpec
from interpreter.analysis.tournament import Setup, Tournament, _percentiles, play_tournament


def setup_of(spec: RunSpec) -> Setup:
    return Setup(spec.path, spec.variants, tuple(spec.options.items()), spec.players, spec.root_seed, spec.max_steps)


def skill_runs(specs: list[RunSpec], *, ladder: list[str], games: int, jobs: int = 1, progress=None) -> list[Tournament]:
    return [play_tournament(setup_of(spec), entries=ladder, games=games, jobs=jobs, progress=progress)
            for spec in specs]


def skill_report(specs: list[RunSpec], tournaments: list[Tournament]) -> dict:
    """Each configuration's skill depth and standings; each variant's change of depth."""
    base = tournaments[0]
    runs = [{"label": spec.label, **t.skill_depth(), "standings": [s.to_dict() for s in t.ranked()]}
            for spec, t in zip(specs, tournaments)]
    changes = []
    for spec, t in zip(specs[1:], tournaments[1:]):
        mine, theirs = t.skill_depth(), base.skill_depth()
        deltas = [v - b for v, b in zip(t.gaps, base.gaps)]
        low, high = _percentiles(deltas) if deltas else (float("-inf"), float("inf"))
        verdict = "widens the gap" if low > 0 else "narrows the gap" if high < 0 else "no clear change"
        changes.append({"variant": spec.label, "delta": mine["gap"] - theirs["gap"], "low": low, "high": high,
                        "verdict": verdict})
    return {"ladder": list(base.entries), "games": base.games, "runs": runs, "changes": changes}
