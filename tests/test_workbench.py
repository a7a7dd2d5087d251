"""The designer's workbench: measuring games, comparing variants, bad input, failed games, reports."""
from __future__ import annotations

import csv
import json

import pytest

from interpreter.analysis import runner
from interpreter.analysis.aggregate import Aggregate
from interpreter.analysis.lineup import make_lineup, take_decision
from interpreter.analysis.measures import NO_DIFFERENCE
from interpreter.analysis.observe import count_lead_changes, play_observed, rounds_and_leads, winning_margin
from interpreter.analysis.runner import LocalBackend, Rate, chunks, run
from interpreter.analysis.save import RowWriter
from interpreter.analysis.simulate import game_seed
from interpreter.analysis.workbench import WorkbenchError, configs, plan, play_all, report
from interpreter.cli.main import main
from interpreter.engine.game import Game
from interpreter.errors import GameError
from interpreter.compile.ruleset import load_ruleset

FAILS = "tests/rulesets/sometimes-fails.yaml"


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name,players", [("hearts", 4), ("texas-holdem", 3), ("black-swan", 4)])
def test_a_measured_game_is_the_game_an_unmeasured_one_would_be(load, name, players):
    # GIVEN a ruleset and seeds  WHEN a game is played measured and again plainly with the same agents
    ruleset = load(name)
    for seed in (11, 12):
        row = play_observed(ruleset, index=0, seed=seed, players=players, options={}, lineup=["random"] * players,
                            max_steps=2_000_000)
        game = Game(ruleset, players, seed=seed, record=False)
        agents = make_lineup(["random"] * players, game_seed=seed)
        while not game.over:
            take_decision(game, agents[game.decision.player])
        # THEN both end the same way after the same number of decisions
        assert row.status == "finished"
        assert (row.scores, row.winners, row.decisions) == (game.result["scores"], game.result["winners"],
                                                             game.result["decisions"])
        assert row.rounds >= 1 and row.round_phase is not None


def test_rounds_are_the_phase_that_repeats_at_the_shallowest_level_and_leads_are_read_there():
    a, b = frozenset([0]), frozenset([1])
    everyone = frozenset([0, 1])
    checkpoints = [("setup", 0, everyone), ("deal", 0, everyone), ("trick", 1, everyone), ("trick", 1, a),
                   ("deal", 0, a), ("trick", 1, a), ("deal", 0, b), ("trick", 1, b)]
    name, leads = rounds_and_leads(checkpoints)
    assert name == "deal" and leads == [everyone, a, b]
    assert count_lead_changes([everyone, a, a, everyone, b, a]) == 2     # a tie is nobody's lead


def test_winning_margin_reads_either_direction_of_scores():
    assert winning_margin([10, 30, 25], [1]) == 5          # highest wins
    assert winning_margin([10, 30, 25], [0]) == 15         # lowest wins
    assert winning_margin([30, 30, 10], [0, 1]) == 20      # shared win
    assert winning_margin([10, 30, 25], [2]) is None       # the winner is not decided by the score
    assert winning_margin([5, 5], [0, 1]) == 0


def test_a_variant_game_is_changed_when_its_play_differs_not_when_only_its_engine_steps_do():
    from interpreter.analysis.observe import GameRow, pairing

    def summary(result: dict) -> tuple:
        return result.get("changed"), result.get("winner_changed"), result.get("sum|score:0"), result.get("sum|win:1")
    base = GameRow(0, 1, 2, scores=[3, 1], winners=[0], branching={2: 5}, phases={"deal": 2}, steps=90)
    same = GameRow(0, 1, 2, scores=[3, 1], winners=[0], branching={2: 5}, phases={"deal": 2}, steps=99)
    assert summary(pairing(base, same)) == (0, 0, 0, 0)
    other_choices = GameRow(0, 1, 2, scores=[3, 1], winners=[0], branching={2: 4, 3: 1}, phases={"deal": 2})
    assert summary(pairing(base, other_choices)) == (1, 0, 0, 0)
    other_winner = GameRow(0, 1, 2, scores=[1, 3], winners=[1], branching={2: 5}, phases={"deal": 2})
    assert summary(pairing(base, other_winner)) == (1, 1, -2, 1)
    assert pairing(base, GameRow(0, 1, 2, status="error")) == {"unpaired": 1}


def test_aggregates_do_not_depend_on_workers_or_the_order_chunks_arrive():
    spec = plan(configs(FAILS), players=2, seed=4)[0]
    one = run(spec, 30, backend=LocalBackend(1))
    pool = LocalBackend(2)
    try:
        two = run(spec, 30, backend=pool)
    finally:
        pool.close()
    reverse = Aggregate(2)
    for start, stop in reversed(chunks(30, 3)):
        reverse.merge(runner.play_chunk((spec,), start, stop).aggregates[0])
    assert one.counts() == two.counts() == reverse.counts()
    assert one.games == 30 and one.crashed > 0           # failed games are counted, not lost


@pytest.mark.slow
def test_compare_finds_what_a_variant_changes_and_calls_a_change_of_nothing_noise(capsys, tmp_path):
    # GIVEN Black Maria to its target against: 3 deals, the default moon rule written out, and both
    code, out, err = cli(capsys, "compare", "rulesets/black-maria.yaml", "-n", "3", "--games", "12", "--seed", "2",
                         "--option", "deals=3", "--option", "moon_rule=false", "--format", "json",
                         "--html", str(tmp_path / "r.html"), "--no-progress")
    assert code == 0, err
    data = json.loads(out)
    by_variant = {c["variant"]: c for c in data["comparisons"]}
    assert [r["label"] for r in data["runs"]] == ["base", "deals=3", "moon_rule=false", "all options"]
    # THEN a change of nothing plays the very same games: no significant difference
    assert by_variant["moon_rule=false"]["verdict"] == NO_DIFFERENCE
    assert data["runs"][0]["counts"] == data["runs"][2]["counts"]
    assert by_variant["moon_rule=false"]["same_seeds"]["changed"]["count"] == 0
    assert by_variant["deals=3"]["same_seeds"]["changed"]["rate"] == 1.0
    # AND three deals instead of a target is found, in the length of the game
    assert "rounds per game" in by_variant["deals=3"]["significant"]
    assert by_variant["deals=3"]["verdict"] != NO_DIFFERENCE
    assert data["runs"][1]["summary"]["length"]["rounds"]["mean"] == 3
    assert data["runs"][1]["summary"]["length"]["round_phase"] == "deal"
    page = (tmp_path / "r.html").read_text()
    assert page.count("data:image/png;base64,") >= 5 and "http" not in page.replace("http-equiv", "")


def test_bad_options_and_variants_are_reported_before_any_game_runs(capsys, tmp_path, monkeypatch):
    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(runner, "play_observed", no_games)
    variant = tmp_path / "house.yaml"
    variant.write_text("set:\n  moon_rule: perhaps\n")
    code, out, err = cli(capsys, "compare", "rulesets/black-maria.yaml", str(variant), "--option", "moon_rule=banana",
                         "--option", "nosuch=1", "--html", "none")
    assert code == 1 and out == ""
    assert "house.yaml" in err and "unknown option 'nosuch'" in err and "banana" in err
    assert "no game was played" in err and "Traceback" not in err
    code, _, err = cli(capsys, "analyze", "rulesets/black-maria.yaml", "-n", "3", "--agents", "random,random")
    assert code == 1 and "names 2 agents for 3 seats" in err
    code, _, err = cli(capsys, "analyze", "rulesets/black-maria.yaml", "--agents", "cleverest")
    assert code == 1 and "unknown agent 'cleverest'" in err
    code, _, err = cli(capsys, "analyze", "rulesets/black-maria.yaml", "-n", "9")
    assert code == 1 and "not 9" in err
    with pytest.raises(WorkbenchError) as caught:
        plan(configs("rulesets/black-maria.yaml", base_options=["deals=4"]), players=3)
    assert "multiple of the number of players" in str(caught.value)


@pytest.mark.slow
def test_a_failing_game_is_reported_with_its_seed_and_decisions_and_the_run_goes_on(capsys, tmp_path):
    code, out, err = cli(capsys, "analyze", FAILS, "--games", "40", "--save", str(tmp_path), "--format", "json",
                         "--no-progress")
    assert code == 1
    summary = json.loads(out)["runs"][0]["summary"]
    failures = summary["failures"]
    assert summary["games"] == 40 and 0 < len(failures) < 40 and summary["finished"] == 40 - len(failures)
    first = failures[0]
    assert first["seed"] == game_seed(1, first["index"]) and first["decisions"][-1] == "AS"
    assert f"seed {first['seed']}" in err and "has no legal card to choose" in err
    # the seed and decisions play the failure again
    game = Game(load_ruleset(FAILS), 2, seed=first["seed"])
    with pytest.raises(GameError, match="no legal card"):
        for choice in first["decisions"]:
            game.apply(choice)
    log = tmp_path / f"failed-base-{first['index']}.jsonl"
    assert f"cardrules replay {log}" in err
    code, _, replay_err = cli(capsys, "replay", str(log))
    assert code == 1 and "no legal card" in replay_err
    rows = list(csv.DictReader((tmp_path / "base.csv").open())) if (tmp_path / "base.csv").exists() else None
    if rows is None:
        import pyarrow.parquet as pq
        rows = pq.read_table(tmp_path / "base.parquet").to_pylist()
    assert len(rows) == 40 and sum(r["status"] == "error" for r in rows) == len(failures)


def test_rows_are_written_as_csv_without_pyarrow(tmp_path):
    spec = plan(configs(FAILS), players=2, seed=9)[0]
    writer = RowWriter(tmp_path, "base", players=2, parquet=False)
    run(spec, 12, backend=LocalBackend(1), on_rows=writer.write)
    writer.close()
    rows = list(csv.DictReader((tmp_path / "base.csv").open()))
    assert [int(r["index"]) for r in rows] == list(range(12))
    assert {r["status"] for r in rows} <= {"finished", "error"} and "score_1" in rows[0]


@pytest.mark.slow
def test_analyze_prints_decision_statistics(capsys):
    code, out, err = cli(capsys, "analyze", "rulesets/captain-blackjack.yaml", "--games", "10", "--html", "none",
                         "-n", "3", "--agents", "first,random,random", "--no-progress")
    assert code == 0, err
    for words in ("Win rate by seat", "choices per decision", "forced (one legal choice)", "ms per decision",
                  "lead changes per game"):
        assert words in out
    assert "games/s" in err


def test_progress_line_gives_rate_and_time_left():
    now = [0.0]
    rate = Rate(100, clock=lambda: now[0])
    now[0] = 2.0
    rate.advance(20)
    assert rate.per_second == 10 and rate.eta_seconds == 8
    assert rate.line() == "20/100 games, 10.0 games/s, ETA 0:08"


def test_report_lines_up_every_configuration():
    specs = plan(configs(FAILS, option_variants=["deals=1"]), players=2, seed=3)
    aggregates, paired = play_all(specs, games=6, backend=LocalBackend(1))
    data = report(specs, aggregates, paired, games=6, backend_name="local")
    assert data["kind"] == "compare" and len(data["comparisons"]) == 1
    assert data["runs"][1]["option_values"]["deals"] == 1
    assert all(row["test"] for row in data["comparisons"][0]["rows"])
