"""The editor set-up: `cardrules schema`, and the configuration in editors/ for VS Code, Neovim
and Helix, which must start the command that exists, as docs/editors.md shows it."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from interpreter.cli.main import COMMANDS, main

ROOT = Path(__file__).resolve().parents[1]
EDITORS = ROOT / "editors"
GUIDE = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")


def fenced(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", GUIDE, re.S)


def test_schema_prints_the_schema_the_checker_uses(capsys):
    """GIVEN `cardrules schema` and `cardrules schema --path`
    THEN the first prints the very schema files are checked against, and the second names
    the file it is read from."""
    from interpreter.language.schema import schema_text
    from interpreter.shipped import schema_file
    assert main(["schema"]) == 0
    printed = capsys.readouterr().out
    assert printed == schema_text() and json.loads(printed)["$id"].endswith("ruleset.schema.json")
    assert main(["schema", "--path"]) == 0
    named = Path(capsys.readouterr().out.strip())
    assert named == schema_file() and named.read_text(encoding="utf-8") == printed


def test_the_vscode_extension_starts_cardrules_lsp():
    """GIVEN editors/vscode
    THEN its package.json is valid JSON whose entry point exists, its settings start
    `cardrules lsp` by default, it depends on vscode-languageclient, and the entry point reads
    those settings (and is valid JavaScript, where node is installed)."""
    package = json.loads((EDITORS / "vscode" / "package.json").read_text(encoding="utf-8"))
    entry = EDITORS / "vscode" / package["main"]
    assert entry.is_file()
    settings = package["contributes"]["configuration"]["properties"]
    assert settings["cardrules.command"]["default"] == "cardrules"
    assert settings["cardrules.args"]["default"] == ["lsp"] and "lsp" in COMMANDS
    assert "vscode-languageclient" in package["dependencies"]
    assert "onLanguage:yaml" in package["activationEvents"]
    code = entry.read_text(encoding="utf-8")
    for needle in ('require("vscode-languageclient/node")', 'config.get("command"', 'config.get("args"',
                   'config.get("files"', "TransportKind.stdio", "function activate", "function deactivate"):
        assert needle in code, needle
    if shutil.which("node"):
        checked = subprocess.run(["node", "--check", str(entry)], capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0, checked.stderr


def test_the_neovim_snippet_starts_cardrules_lsp_and_is_the_one_documented():
    lua = (EDITORS / "neovim" / "cardrules.lua").read_text(encoding="utf-8")
    assert "vim.lsp.start(" in lua and 'cmd = { "cardrules", "lsp" }' in lua and 'pattern = "yaml"' in lua
    code = "\n".join(line for line in lua.splitlines() if not line.startswith("--")) .strip()
    assert code in [block.strip() for block in fenced("lua")]
    assert lua.count("(") == lua.count(")") and lua.count("{") == lua.count("}")


def test_the_helix_config_parses_and_starts_cardrules_lsp():
    tomllib = pytest.importorskip("tomllib")
    text = (EDITORS / "helix" / "languages.toml").read_text(encoding="utf-8")
    config = tomllib.loads(text)
    assert config["language-server"]["cardrules"] == {"command": "cardrules", "args": ["lsp"]}
    [yaml] = [lang for lang in config["language"] if lang["name"] == "yaml"]
    assert "cardrules" in yaml["language-servers"]
    [documented] = fenced("toml")
    assert tomllib.loads(documented) == config


def test_the_lsp_command_says_what_to_install_when_pygls_is_missing(monkeypatch, capsys):
    """GIVEN an installation without the 'lsp' extra WHEN `cardrules lsp` starts
    THEN it exits 1 with one line that says which extra to install."""
    import builtins
    real_import = builtins.__import__

    def no_pygls(name, *args, **kwargs):
        if name.startswith(("pygls", "interpreter.lsp.server")):
            raise ImportError(f"No module named '{name}'", name=name)
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_pygls)
    assert main(["lsp"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("cardrules: the language server needs the 'lsp' extra")
    assert "pip install 'cardrules[lsp]'" in err and len(err.splitlines()) == 1
