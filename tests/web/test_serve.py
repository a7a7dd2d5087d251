"""`cardrules serve` as a person starts it: a busy port is one line and exit 1; a started server
says where to open it."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

import pytest

from tests.web.server_process import ROOT, free_port

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")


def serve(tmp_path, port: int, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", "serve", "--port", str(port),
                             "--db", str(tmp_path / "t.db")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path, **kwargs)


@pytest.mark.slow
def test_serve_on_a_busy_port_is_one_line_and_exit_1(tmp_path):
    """GIVEN a port another program listens on WHEN cardrules serve is started on it THEN it
    exits 1 with one line saying so (not an internal error, not the server's own logs)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = serve(tmp_path, port)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert err.strip().splitlines() == [f"cardrules: cannot listen on 127.0.0.1:{port}: the port "
                                        "is in use (another server? choose one with --port)"]
    assert out == ""


@pytest.mark.slow
def test_a_started_server_says_where_to_open_it_and_ctrl_c_stops_it(tmp_path):
    """GIVEN a free port WHEN cardrules serve starts THEN its first line of output is
    "open http://127.0.0.1:PORT/", and that address answers."""
    port = free_port()
    process = serve(tmp_path, port)
    try:
        line = process.stdout.readline()      # the server flushes it as soon as it listens
        assert line == f"open http://127.0.0.1:{port}/\n"
        import urllib.request
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=30) as answer:
            assert answer.status == 200
        # WHEN it is stopped with Ctrl-C THEN it shuts down and exits 130, as any interrupted command
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)
        assert process.returncode == 130
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=30)
