"""The wheel as a user meets it: built from the repository, installed into a fresh virtualenv, and
run from an empty folder far from the checkout (no grammar/, schemas/ or rulesets/ nearby).

Offline and quick: the wheel is built without build isolation, installed without its
dependencies, and the fresh environment borrows them from the test's own environment through a
path file (which makes that folder importable without running its own path hooks, so the
checkout's editable install does not leak in)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "interpreter", "grammar", "schemas", "rulesets",
           "docs/rules.md")


# Nothing of the checkout on the path: what runs must come from the wheel.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CARDRULES_DEBUG")}


def run(*argv, cwd, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env or CLEAN_ENV, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin/ folder of a fresh virtualenv with the wheel installed."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "src"
    source.mkdir()
    for name in SOURCES:       # a clean copy, so building leaves nothing in the checkout
        item = ROOT / name
        if item.is_dir():
            shutil.copytree(item, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(item, source / name)
    built = run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                "--no-index", source, "-w", base / "dist", cwd=base)
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next((base / "dist").glob("cardrules-*.whl"))
    venv = base / "venv"
    made = run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=base)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    done = run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index",
               wheel, cwd=base)
    assert done.returncode == 0, done.stdout + done.stderr
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=base).stdout.strip()
    Path(site, "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv / "bin"


@pytest.mark.slow
def test_the_installed_command_works_from_an_empty_folder(installed, tmp_path):
    env = dict(CLEAN_ENV, NO_COLOR="1")
    here = tmp_path / "elsewhere"
    here.mkdir()

    def cardrules(*argv) -> str:
        result = run(installed / "cardrules", *argv, cwd=here, env=env)
        assert result.returncode == 0, f"cardrules {' '.join(argv)}:\n{result.stdout}{result.stderr}"
        return result.stdout

    where = run(installed / "python", "-c", "import interpreter; print(interpreter.__file__)", cwd=here, env=env)
    assert str(installed.parent) in where.stdout      # the wheel's copy, not the checkout's
    assert "cardrules 0." in cardrules("--version")
    assert "hearts" in cardrules("list") and "texas-holdem" in cardrules("list")
    assert ": ok (0 errors" in cardrules("validate", "hearts", "black-maria")
    (here / "short.yaml").write_text("version: 1\nname: Short Hearts\nextends: hearts\nset:\n  target: 20\n")
    assert "short.yaml: ok" in cardrules("validate", "short.yaml")
    described = cardrules("info", "hearts")
    assert "Hearts: 3 to 6 players" in described
    assert "  D-05  spot_hearts: 2–10 at face value" in described      # the rules page ships too
    assert "Hearts" in run(installed / "python", "-c", "from interpreter import load_ruleset; "
                           "print(load_ruleset('hearts').name)", cwd=here, env=env).stdout
    assert '"winners"' in cardrules("play", "hearts", "--seed", "3", "-q", "--log", "game.jsonl")
    assert "mean decisions per game" in cardrules("simulate", "texas-holdem", "-g", "3", "--no-progress")
    assert "replay ok" in cardrules("replay", "game.jsonl")
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.move(here / "game.jsonl", moved / "game.jsonl")
    result = run(installed / "cardrules", "replay", moved / "game.jsonl", cwd=tmp_path, env=env)
    assert result.returncode == 0 and "replay ok" in result.stdout, result.stderr


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def test_the_installed_schema_and_language_server_serve_editors(installed, tmp_path):
    """GIVEN the installed wheel, run far from the checkout
    WHEN an editor asks for the schema, and starts the language server
    THEN `cardrules schema --path` names the wheel's own copy of the schema, `cardrules schema`
    prints it, and `cardrules lsp` answers `initialize` with its capabilities."""
    env = dict(CLEAN_ENV, NO_COLOR="1")
    path = run(installed / "cardrules", "schema", "--path", cwd=tmp_path, env=env)
    assert path.returncode == 0, path.stderr
    schema = Path(path.stdout.strip())
    assert str(installed.parent) in str(schema) and schema.is_file()
    printed = run(installed / "cardrules", "schema", cwd=tmp_path, env=env)
    assert json.loads(printed.stdout) == json.loads(schema.read_text(encoding="utf-8"))
    pytest.importorskip("pygls")
    requests = _message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"processId": None, "rootUri": None, "capabilities": {}}}) + \
        _message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + \
        _message({"jsonrpc": "2.0", "method": "exit"})
    served = subprocess.run([str(installed / "cardrules"), "lsp"], input=requests, cwd=tmp_path, env=env,
                            capture_output=True, timeout=120)
    body = served.stdout.split(b"\r\n\r\n", 1)[1]
    answer = json.JSONDecoder().raw_decode(body.decode())[0]
    assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "cardrules"
    capabilities = answer["result"]["capabilities"]
    for feature in ("completionProvider", "hoverProvider", "definitionProvider", "referencesProvider",
                    "renameProvider", "documentSymbolProvider", "codeActionProvider", "semanticTokensProvider"):
        assert capabilities.get(feature), feature
