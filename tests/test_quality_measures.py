"""Quality measures (drama, decisiveness, lead history, balance, duration, branching) on games
built so that their values are known, and in the reports of analyze and compare."""
from __future__ import annotations

import json

import pytest

from interpreter.analysis.measures import summarize
from interpreter.analysis.quality import measure, places
from interpreter.analysis.render_text import render
from interpreter.analysis.runner import LocalBackend, run, run_together
from interpreter.analysis.stats import chi_square_sf, chi_square_uniform
from interpreter.analysis.workbench import configs, plan, report
from interpreter.cli.main import main

COMEBACK = "tests/rulesets/comeback.yaml"
SEAT_ZERO = "tests/rulesets/seat-zero-wins.yaml"


def played(path: str, *, players: int, games: int, options=(), seed: int = 3):
    spec = plan(configs(path, base_options=options), players=players, seed=seed)[0]
    return run(spec, games, backend=LocalBackend(1))


def test_a_winner_who_trailed_all_the_way_is_all_drama_and_clear_only_at_the_end():
    # GIVEN a game where seat 0 leads from the second round on and seat 1 wins in the last one
    agg = played(COMEBACK, players=2, games=6, options=["rounds=5"])
    q = summarize(agg)["quality"]
    # THEN every winner trailed, for 4 of the 5 round starts (the first is a tie), as far as it could be
    assert q["winner_trailed"]["rate"] == 1.0 and q["winner_trailed"]["of"] == 6
    assert q["trailing_share"]["mean"] == pytest.approx(0.8)
    assert q["drama"]["mean"] == pytest.approx(1.0)
    # AND the winner was clear only at the end
    assert q["clear_at"]["mean"] == pytest.approx(1.0)
    # AND the lead history: final rank 1 stood first at the start, second through the game, first at the end
    assert q["trend"]["1"][0] == 1 and q["trend"]["1"][4] == 2 and q["trend"]["1"][10] == 1
    assert q["trend"]["2"][4] == 1 and q["trend"]["2"][10] == 2
    # AND every decision was forced: one legal choice, 2 per round
    assert q["forced"]["rate"] == 1.0 and q["branching"]["mean"] == 1.0
    assert q["decisions"]["mean"] == 10 and q["rounds"]["mean"] == 5


def test_drama_scales_with_how_far_behind_the_winner_was():
    # GIVEN four seats where seat 1 wins late, and seats 2 and 3 never score
    agg = played(COMEBACK, players=4, games=2, options=["rounds=3"])
    q = summarize(agg)["quality"]
    # THEN while it trailed the winner was tied second of four, behind seat 0 alone: (2 - 1) / 3
    assert q["drama"]["mean"] == pytest.approx(1 / 3, abs=1e-4)
    assert q["trailing_share"]["mean"] == pytest.approx(2 / 3, abs=1e-4)


def test_a_seat_that_always_wins_is_found_unfair():
    # GIVEN a game seat 0 wins every time, whoever plays
    agg = played(SEAT_ZERO, players=3, games=30)
    balance = summarize(agg)["balance"]["seats"]
    # THEN the chi-square test against equal shares rejects, and after Holm every seat is off its
    # fair share of a third: seat 0 above it, seats 1 and 2 below
    assert balance["p"] < 1e-6 and balance["df"] == 2
    assert [each["unfair"] for each in balance["each"]] == [True, True, True]
    assert balance["each"][0]["rate"] == 1.0 and balance["spread"] == 1.0
    # AND the winner never trailed: the ruleset names it the leader from the first round on
    q = summarize(agg)["quality"]
    assert q["winner_trailed"]["rate"] == 0.0 and q["drama"]["mean"] == 0.0
    assert q["clear_at"]["mean"] == 0.0


def test_teams_are_tested_against_their_fair_share():
    # GIVEN four seats in two teams, seat 0's team winning every game
    agg = played(SEAT_ZERO, players=4, games=20)
    teams = summarize(agg)["balance"]["teams"]
    # THEN team 0 wins all, and the test over two teams rejects fairness
    assert [each["rate"] for each in teams["each"]] == [1.0, 0.0]
    assert teams["p"] < 1e-4 and teams["df"] == 1


def test_a_fair_game_is_not_called_unfair():
    # GIVEN wins spread evenly over four seats
    statistic, df, p = chi_square_uniform([25, 24, 26, 25])
    # THEN nothing is rejected; and the chi-square tail matches known quantiles
    assert df == 3 and p > 0.9
    assert chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05)
    assert chi_square_sf(7.814727903251178, 3) == pytest.approx(0.05)
    assert chi_square_sf(30.0, 3) == pytest.approx(1.38e-6, rel=1e-2)


def test_standing_follows_the_rulesets_leaders_then_the_scores_in_the_winning_direction():
    # GIVEN scores where lower is better (the winners ended lowest) and the ruleset naming seat 2
    assert places([5, 9, 3, 9], {2}, -1) == [2, 3, 1, 3]
    # AND when the ruleset cannot say who leads, the best score does
    assert places([5, 9, 3, 9], None, 1) == [3, 1, 4, 1]
    # WHEN a winner led from the third round of four
    q = measure([({0, 1}, (0, 0)), ({1}, (0, 1)), ({0}, (2, 1)), ({0}, (3, 1))],
                final_scores=[4, 1], winners=[0], players=2)
    # THEN it trailed one round of four, and it was clear half-way through
    assert (q.winner_trailed, q.trailing_share, q.drama, q.clear_at) == (True, 0.25, 1.0, 0.5)


def test_compare_tests_the_quality_measures_paired_and_reports_them(capsys):
    # GIVEN the comeback game against a variant with more rounds, on the same seeds
    specs = plan(configs(COMEBACK, option_variants=["rounds=3"]), players=2, seed=1)
    aggregates, paired = run_together(specs, 8, backend=LocalBackend(1))
    data = report(specs, aggregates, paired, games=8, backend_name="local")
    rows = {r["measure"]: r for r in data["comparisons"][0]["rows"]}
    # THEN drama and decisiveness are among the variant's tests, paired seed by seed
    assert rows["winner clear at (share of game)"]["test"] == "paired z-test"
    assert rows["share of rounds the winner trailed"]["delta"] == pytest.approx(2 / 3 - 0.8, abs=1e-4)
    assert "winner trailed" in rows and "drama" in rows
    # AND the terminal report shows the quality table and the lead history
    text = render(data, width=160)
    assert "How the game plays" in text and "Lead history, rounds=3" in text
    assert "seat balance (chi-square)" in text


@pytest.mark.slow     # the HTML report: matplotlib takes seconds to start
def test_analyze_json_holds_the_quality_measures_of_a_shipped_game(capsys, tmp_path):
    # GIVEN a shipped game WHEN analyze writes JSON and an HTML report
    page = tmp_path / "report.html"
    code = main(["analyze", "hearts", "--games", "4", "-n", "4", "--format", "json", "--html", str(page)])
    data = json.loads(capsys.readouterr().out)
    summary = data["runs"][0]["summary"]
    # THEN every measure is there with its interval
    assert code == 0
    assert summary["quality"]["drama"]["n"] == 4 and "low" in summary["quality"]["drama"]
    assert set(summary["quality"]["trend"]) <= {"1", "2", "3", "4"} and summary["quality"]["trend"]
    assert summary["balance"]["seats"]["df"] == 3
    if page.exists():       # matplotlib is an extra
        assert "Lead history" in page.read_text()


SHIPPED = sorted(p.stem for p in __import__("pathlib").Path("rulesets").glob("*.yaml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_ruleset_gets_every_measure_with_its_interval(name):
    # GIVEN a shipped ruleset WHEN a few of its games are analyzed
    spec = plan(configs(f"rulesets/{name}.yaml"), players=None, seed=2)[0]
    agg = run(spec, 4, backend=LocalBackend(1))
    summary = summarize(agg)
    q = summary["quality"]
    # THEN drama, decisiveness, duration and branching each come with an interval, the lead
    # history has a line per final rank, and seats are tested against the fair share
    assert agg.finished == 4
    for key in ("decisions", "rounds", "branching"):
        assert q[key]["n"] > 0 and q[key]["low"] <= q[key]["mean"] <= q[key]["high"]
    # (drama needs one winning seat or team: a cooperative game, where all win or none, has none)
    assert q["drama"]["n"] == q["winner_trailed"]["of"] <= 4 - summary["draws"]["count"]
    assert (q["drama"]["n"] > 0) == bool(agg.sole_wins)
    if agg.sole_wins:
        assert q["clear_at"]["low"] <= q["clear_at"]["mean"] <= q["clear_at"]["high"]
        assert q["trend"] and all(len(line) == 11 for line in q["trend"].values())
    assert 0.0 <= summary["balance"]["seats"]["p"] <= 1.0
    assert render(report([spec], [agg], [], games=4, backend_name="local"))
