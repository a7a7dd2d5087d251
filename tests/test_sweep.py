"""compare --sweep: one option through a range of values, every measure against the value."""
from __future__ import annotations

import json

import pytest

from interpreter.analysis.sweep import sweep_configs, sweep_values
from interpreter.analysis.workbench import WorkbenchError
from interpreter.cli.main import main


def test_a_sweep_is_a_range_a_stepped_range_or_a_list():
    assert sweep_values("rounds=2..4") == ("rounds", ["2", "3", "4"])
    assert sweep_values("target=50..100:25") == ("target", ["50", "75", "100"])
    assert sweep_values("moon=off, subtract") == ("moon", ["off", "subtract"])
    for bad in ("rounds=4..2", "rounds=a..b", "rounds=3", "rounds", "rounds=1..1000"):
        with pytest.raises(WorkbenchError):
            sweep_values(bad)
    # AND the first value is the base, every configuration sets the option (over a --base-option of it)
    chosen = sweep_configs("x.yaml", "rounds=2..3", base_options=["rounds=9", "other=1"])
    assert [c.label for c in chosen] == ["rounds=2 (base)", "rounds=3"]
    assert chosen[1].options == (("other", "1"), ("rounds", "3"))


def test_compare_sweep_reports_each_measure_at_each_value(capsys):
    # GIVEN the comeback game, whose winner trails every round but the first
    code = main(["compare", "tests/rulesets/comeback.yaml", "--sweep", "rounds=2..4", "-n", "2", "-g", "3",
                 "--format", "json", "--html", "none"])
    data = json.loads(capsys.readouterr().out)
    # THEN every value was played and each measure is given at each value, with its interval
    assert code == 0
    sweep = data["sweep"]
    assert sweep["option"] == "rounds" and sweep["values"] == ["2", "3", "4"]
    trailing = sweep["measures"]["winner trailed"]
    assert [p["mean"] for p in trailing] == [1.0, 1.0, 1.0]
    rounds = sweep["measures"]["rounds per game"]
    assert [p["mean"] for p in rounds] == [2, 3, 4]
    assert [p["mean"] for p in sweep["measures"]["winner clear at (share of game)"]] == [1.0, 1.0, 1.0]


@pytest.mark.slow
def test_the_html_report_of_a_sweep_plots_it(tmp_path):
    pytest.importorskip("matplotlib")
    page = tmp_path / "sweep.html"
    code = main(["compare", "tests/rulesets/comeback.yaml", "--sweep", "rounds=2..3", "-n", "2", "-g", "2",
                 "--html", str(page)])
    # THEN the page has the sweep's plot and its table
    assert code == 0 and "Sweep of rounds" in page.read_text()
    assert page.read_text().count("data:image/png") >= 6


def test_a_sweep_with_variants_is_a_usage_error(capsys):
    assert main(["compare", "tests/rulesets/comeback.yaml", "--sweep", "rounds=2..3", "-o", "rounds=5"]) == 2
    assert main(["compare", "tests/rulesets/comeback.yaml", "--sweep", "rounds=3"]) == 2
    assert "at least two values" in capsys.readouterr().err
