"""The workbench's statistics, checked on synthetic data whose answers are known."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.analysis.aggregate import Aggregate
from interpreter.analysis.measures import NO_DIFFERENCE, differences, summarize
from interpreter.analysis.observe import GameRow
from interpreter.analysis.stats import (
    binomial_test_normal, bootstrap_means, histogram_quantile, holm, paired, two_proportions, welch, wilson_interval)


def test_wilson_interval_of_a_fair_coin_matches_the_textbook_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 20)            # no successes: the interval still has width
    assert low == 0 and high == pytest.approx(0.1611, abs=1e-4)


def test_wilson_intervals_cover_a_fair_coin_about_95_times_in_100():
    rng = random.Random(11)
    covered = 0
    for _ in range(1000):
        heads = sum(rng.random() < 0.5 for _ in range(60))
        low, high = wilson_interval(heads, 60)
        covered += low <= 0.5 <= high
    assert 930 <= covered <= 975


def test_two_fair_coins_are_not_told_apart_and_a_biased_one_is():
    rng = random.Random(3)
    flips = lambda p, n: sum(rng.random() < p for _ in range(n))  # noqa: E731
    same = two_proportions(flips(0.5, 2000), 2000, flips(0.5, 2000), 2000)
    assert not same.significant and same.low < 0 < same.high
    biased = two_proportions(flips(0.5, 2000), 2000, flips(0.6, 2000), 2000)
    assert biased.significant and biased.low < 0.1 < biased.high and biased.low > 0
    assert biased.test == "two-proportion z-test"


def test_a_seat_that_wins_more_than_its_share_is_flagged_and_a_fair_seat_is_not():
    assert binomial_test_normal(400, 1000, 0.25) < 1e-6          # 40% where 25% is fair
    assert binomial_test_normal(252, 1000, 0.25) > 0.5


def _rows(win_chances: list[float], games: int, seed: int) -> list[GameRow]:
    """Synthetic games: one winner per game drawn with the given chances, scores around 50."""
    rng = random.Random(seed)
    seats = list(range(len(win_chances)))
    rows = []
    for index in range(games):
        winner = rng.choices(seats, weights=win_chances)[0]
        scores = [rng.randint(0, 40) for _ in seats]
        scores[winner] = 50 + rng.randint(0, 10)
        rows.append(GameRow(index, index, len(seats), scores=scores, winners=[winner], winning_teams=[winner],
                            margin=scores[winner] - max(s for i, s in enumerate(scores) if i != winner),
                            decisions=100 + rng.randint(0, 20), rounds=5, lead_changes=rng.randint(0, 3),
                            first_player=0, first_player_won=winner == 0, branching={3: 80, 1: 20}))
    return rows


def _aggregate(rows: list[GameRow]) -> Aggregate:
    agg = Aggregate(rows[0].players)
    for row in rows:
        agg.add(row)
    return agg


def test_summary_of_a_biased_seat_gives_its_rate_inside_the_interval():
    summary = summarize(_aggregate(_rows([0.4, 0.2, 0.2, 0.2], 1500, seed=5)))
    seat0, seat1 = summary["seats"][0], summary["seats"][1]
    assert seat0["low"] < 0.4 < seat0["high"] and seat0["p_fair"] < 1e-6
    assert seat1["low"] < 0.2 < seat1["high"]
    assert summary["fair_share"] == pytest.approx(0.25)
    assert summary["first_player"]["p_fair"] < 1e-6           # seat 0 always moves first here
    assert summary["decisions"]["forced"]["rate"] == pytest.approx(0.2)


def test_the_same_game_twice_is_no_significant_difference_and_a_biased_variant_is_found():
    base = _aggregate(_rows([0.25] * 4, 800, seed=1))
    again = _aggregate(_rows([0.25] * 4, 800, seed=2))          # same game, other luck
    assert differences(base, again)["verdict"] == NO_DIFFERENCE
    biased = _aggregate(_rows([0.45, 0.2, 0.2, 0.15], 800, seed=3))
    found = differences(base, biased)
    assert found["verdict"] != NO_DIFFERENCE
    assert "seat 0 win rate" in found["significant"]
    assert "decisions per game" not in found["significant"]    # unchanged measures stay noise


def test_bootstrap_finds_a_shift_of_the_mean_and_covers_it():
    rng = random.Random(8)
    a = Counter(round(rng.gauss(10, 3)) for _ in range(600))
    b = Counter(round(rng.gauss(11, 3)) for _ in range(600))
    c = Counter(round(rng.gauss(10, 3)) for _ in range(600))
    shifted = bootstrap_means(a, b, seed=1)
    assert shifted.significant and shifted.low < 1 < shifted.high
    assert shifted.test == "bootstrap (percentile)"
    assert not bootstrap_means(a, c, seed=1).significant
    assert bootstrap_means(a, a, seed=1).p > 0.9
    w = welch(a, b)                 # the normal-theory interval agrees with the bootstrap
    assert w.low == pytest.approx(shifted.low, abs=0.15) and w.high == pytest.approx(shifted.high, abs=0.15)


def test_holm_keeps_only_what_survives_the_step_down():
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    assert holm([0.2, 0.5]) == [False, False]


def test_histogram_quantiles():
    h = {1: 5, 2: 3, 10: 2}
    assert histogram_quantile(h, 0.5) == 1 and histogram_quantile(h, 0.6) == 2 and histogram_quantile(h, 0.9) == 10


def test_paired_differences_give_the_textbook_interval():
    diffs = [1, 2, 3, 2, 2]                      # mean 2, sample sd sqrt(0.5)
    d = paired(len(diffs), sum(diffs), sum(x * x for x in diffs), base=10, variant=12)
    assert d.delta == 2 and d.high - d.delta == pytest.approx(1.959964 * (0.5 / 5) ** 0.5)
    assert d.significant and d.test == "paired z-test"
    assert paired(4, 0, 0, base=1, variant=1).p == 1.0


@pytest.mark.slow
def test_a_change_that_touches_few_games_is_found_by_pairing_the_seeds():
    import copy
    from interpreter.analysis.observe import pairing
    base_rows = _rows([0.25] * 4, 1000, seed=4)
    variant_rows = copy.deepcopy(base_rows)
    for row in variant_rows[::25]:              # one game in 25 lasts 15 decisions longer
        row.decisions += 15
        row.branching = {3: 95, 1: 20}
    pairs = Counter()
    for a, b in zip(base_rows, variant_rows):
        pairs.update(pairing(a, b))
    base, variant = _aggregate(base_rows), _aggregate(variant_rows)
    alone = {r["measure"]: r for r in differences(base, variant)["rows"]}
    together = {r["measure"]: r for r in differences(base, variant, pairs=pairs)["rows"]}
    assert not alone["decisions per game"]["significant"]             # lost in the noise run against run
    found = together["decisions per game"]
    assert found["significant"] and found["test"] == "paired z-test" and found["delta"] == pytest.approx(0.6)
    assert not together["seat 0 win rate"]["significant"] and together["seat 0 win rate"]["delta"] == 0
    assert pairs["changed"] == 40 and pairs["winner_changed"] == 0
