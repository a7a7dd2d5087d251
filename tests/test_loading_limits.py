"""Files that are not what a ruleset should be are named and refused before they are read:
devices, pipes, symlink loops, files too large, text that is not UTF-8 (at its line:col)."""
from __future__ import annotations

import os

import pytest

from interpreter.compile.ruleset import check_ruleset
from tests.test_engine import HEADER


def errors(path) -> list[str]:
    ruleset, diagnostics = check_ruleset(path)
    assert ruleset is None
    return [f"{d.span}: {d.message}" if d.span else d.message for d in diagnostics if d.severity == "error"]


def test_a_device_is_not_read():
    assert errors("/dev/zero") == ["/dev/zero is not a regular file"]


def test_a_pipe_is_not_opened(tmp_path):
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    assert errors(fifo) == [f"{fifo} is not a regular file"]


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as out:
        out.truncate(3_000_000)           # sparse: no bytes written, and none read
    assert errors(big) == [f"{big} is larger than 2000000 bytes"]


def test_a_symlink_loop_is_a_message(tmp_path):
    os.symlink(tmp_path / "b.yaml", tmp_path / "a.yaml")
    os.symlink(tmp_path / "a.yaml", tmp_path / "b.yaml")
    assert errors(tmp_path / "a.yaml") == [
        f"cannot read {tmp_path / 'a.yaml'}: a symlink loop or an impossible file name"]
    main = tmp_path / "main.yaml"
    main.write_text(HEADER + "extends: a.yaml\nflow: []\n", encoding="utf-8")
    assert errors(main) == [f"{main}:10:10: cannot follow 'a.yaml': a symlink loop or an impossible file name"]


def test_text_that_is_not_utf8_is_located_at_its_line_and_column(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(HEADER.encode() + "description: Café à la carte\n".encode("latin-1"))
    assert errors(path) == [f"{path}:10:17: this file is not UTF-8 text: byte 0xe9 cannot start a character "
                            "here; save the file as UTF-8"]


@pytest.mark.parametrize("name", ["a" * 40_000, "rules\x00.yaml"])
def test_an_impossible_extends_name_is_a_message(tmp_path, name):
    path = tmp_path / "main.yaml"
    path.write_text(HEADER + f"extends: {name!r}\nflow: []\n".replace("\\x00", "\\0").replace("'", '"'),
                    encoding="utf-8")
    (message,) = errors(path)
    assert message.startswith(f"{path}:10:10: '") and message.endswith("' is not a usable file name")
