"""The examples in docs/agents.md run as they are written, from a folder outside the checkout."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.findall(r"^```python\n(.*?)^```", (ROOT / "docs" / "agents.md").read_text(encoding="utf-8"), re.S | re.M)
NEEDS = {"pettingzoo": "pettingzoo", "gymnasium": "gymnasium", "pyspiel": "pyspiel"}


def test_the_doc_has_examples():
    assert len(BLOCKS) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_an_example_runs(index, monkeypatch, tmp_path):
    code = BLOCKS[index]
    for word, module in NEEDS.items():
        if word in code:
            pytest.importorskip(module)
    monkeypatch.chdir(tmp_path)     # shipped games by name, as a reader outside the checkout
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, f"docs/agents.md example {index + 1}", "exec"), {"__name__": "example"})  # noqa: S102 - the docs' own examples
