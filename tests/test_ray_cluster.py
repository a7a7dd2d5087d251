"""compare on a real Ray cluster: a head and a worker node started as processes of their own,
the same aggregates as the local backend, a worker node killed mid-run, rulesets sent as source."""
from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time

import pytest

from interpreter.analysis.bundle import bundle, unpack
from interpreter.analysis.runner import LocalBackend, RunSpec, play_chunk, run_together
from interpreter.analysis.workbench import configs, plan

ray = pytest.importorskip("ray", reason="the Ray backend is an extra: pip install 'cardrules[ray]'")

GAMES = 400
COMPARE = ["compare", "rulesets/black-maria.yaml", "-o", "deals=3", "-n", "3", "-g", str(GAMES), "--seed", "5",
           "--backend", "ray", "--format", "json", "--html", "none"]


def test_a_ruleset_reaches_a_worker_as_source_not_as_a_path(tmp_path):
    # GIVEN a ruleset that extends another, and a variant file, in a folder of their own
    folder = tmp_path / "games"
    shutil.copytree("rulesets", folder / "rulesets")
    (folder / "faster.yaml").write_text("version: 1\nset:\n  deals: 3\n")
    sent = bundle(str(folder / "rulesets/black-maria.yaml"), [str(folder / "faster.yaml")])
    assert sent.main == "rulesets/black-maria.yaml" and sent.variants == ("faster.yaml",)
    assert {rel for rel, _ in sent.files} >= {"rulesets/black-maria.yaml", "rulesets/hearts.yaml", "faster.yaml"}
    # WHEN the folder is gone (as on another machine) and a worker plays from the bundle
    shutil.rmtree(folder)
    spec = RunSpec("base", str(folder / "rulesets/black-maria.yaml"), (str(folder / "faster.yaml"),),
                   players=3, lineup=("random",) * 3,
                   source=sent)
    chunk = play_chunk((spec,), 0, 3)
    # THEN the games are played, under the variant
    assert chunk.aggregates[0].finished == 3 and chunk.aggregates[0].rounds == {3: 3}
    # AND a bundle cannot write outside its folder
    evil = type(sent)((("../outside.yaml", "x"),), "../outside.yaml")
    with pytest.raises(ValueError, match="outside its folder"):
        unpack(evil)


def local_counts() -> tuple[list, list]:
    specs = plan(configs("rulesets/black-maria.yaml", option_variants=["deals=3"]), players=3, seed=5)
    aggregates, paired = run_together(specs, GAMES, backend=LocalBackend(1))
    return [a.counts() for a in aggregates], paired


def compare_on(cluster, *, kill=None) -> tuple[int, dict, str]:
    process = subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", *COMPARE, "--address", cluster.address],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cluster.env)
    seen = ""
    if kill is not None:
        seen = process.stderr.readline()        # the first progress line: games are running on both nodes
        kill.kill(signal.SIGKILL)
    out, err = process.communicate(timeout=240)
    return process.returncode, json.loads(out) if out.strip() else {}, seen + err


@pytest.mark.slow
def test_compare_on_a_ray_cluster_matches_local_and_survives_losing_a_worker_node():
    """GIVEN a Ray head and a worker node, each a process of its own on this machine
    WHEN compare runs there with --address, and again while the worker node is killed mid-run
    THEN both runs give exactly the local backend's aggregates and pairing."""
    from tests.ray_cluster import Cluster
    local, paired = local_counts()
    started = time.monotonic()
    with Cluster() as cluster:
        worker = cluster.add_worker()
        cluster.wait_for_cpus(2)
        code, data, err = compare_on(cluster)
        assert code == 0, err
        assert "2 workers" in data["backend"]
        assert [run["counts"] for run in data["runs"]] == local
        assert data["comparisons"][0]["same_seeds"]["paired"] == GAMES
        code, again, err = compare_on(cluster, kill=worker)
        assert code == 0, err
        assert worker.process.poll() is not None             # the worker node is gone
        assert [run["counts"] for run in again["runs"]] == local
        assert again["comparisons"][0]["same_seeds"] == data["comparisons"][0]["same_seeds"]
    assert time.monotonic() - started < 240                  # generous: it does not hang
    assert paired[0]["paired"] == GAMES
