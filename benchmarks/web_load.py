"""Server load: 100 tables of bots plus 50 people's websocket clients on one server.

Why: a move at a table must feel instant while the server carries many tables. The server runs
in its own process on a loopback port (as `cardrules serve` runs it); this process opens
`--bot-tables` Hearts tables of four random bots that play on by themselves (a pause of
`--bot-delay` seconds between bot moves, as people watching would have them) and `--clients`
websocket clients, each the one person at a Hearts table with three random bots. Every client
sends a random legal move when its seat has a decision (after a pause, `--think` seconds on
average, as a person takes; 0 for a flood) and times the round trip until the
frame showing its move arrives; the bots' answers up to the person's next decision are in that
frame, so a round trip is one person's move plus the bots' moves after it.

Reference, in the same run: the same kind of step (a person's choice and the bots' answers up to
the next person's decision) applied directly to a `Game` in this process, with no server, no
store, no network. Memory per table: the server's resident memory after opening every table,
less before, divided by the tables opened.

Run: ``python benchmarks/web_load.py [--bot-tables 100] [--clients 50] [--seconds 20]``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents import RandomAgent, ask  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def start_server(db: Path, port: int, log) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", "serve", "--host", "127.0.0.1",
                                "--port", str(port), "--db", str(db), "--max-tables", "1000"],
                               stdout=log, stderr=log, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                return process
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def pick(decision: dict, rng: random.Random) -> str:
    if decision["kind"] == "number":
        return str(rng.choice([decision["min"], decision["max"]]))
    return rng.choice(decision["choices"])["id"]


async def person(url: str, table: dict, seconds: float, rng: random.Random, latencies: list, think: float) -> int:
    import websockets
    moves = 0
    async with websockets.connect(url.replace("http", "ws") + "/ws", max_size=None) as ws:
        await ws.send(json.dumps({"type": "join", "table": table["table"], "token": table["seats"][0]["token"]}))
        state = None
        while state is None:
            frame = json.loads(await ws.recv())
            state = frame if frame["type"] == "state" else None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not state["over"]:
            decision = state["decision"]
            if decision is None:      # the bots are still to move (a paced start): wait for them
                state = json.loads(await ws.recv())
                continue
            await asyncio.sleep(rng.uniform(0, 2 * think))    # a person takes a moment to choose
            started = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "table": table["table"], "decision": decision["no"],
                                      "choice": pick(decision, rng)}))
            while True:
                frame = json.loads(await ws.recv())
                if frame["type"] == "state" and frame["decisions"] > decision["no"]:
                    break
                if frame["type"] == "error":
                    raise RuntimeError(frame["message"])
            latencies.append(time.perf_counter() - started)
            state = frame
            moves += 1
    return moves


def reference(steps: int, seed: int) -> list[float]:
    """The same step in-process: the person's choice and the bots' answers, applied to a Game."""
    ruleset = load_ruleset(ROOT / "rulesets" / "hearts.yaml")
    rng = random.Random(seed)
    bots = [RandomAgent(seed + s) for s in range(4)]
    times: list[float] = []
    game = Game(ruleset, 4, seed=seed)
    seen = 0     # the person's events already read: like the server, read only the new ones
    while len(times) < steps:
        if game.over:
            game = Game(ruleset, 4, seed=rng.randrange(10 ** 6))
            seen = 0
        while not game.over and game.decision.player != 0:
            game.apply(ask(bots[game.decision.player], game))
        if game.over:
            continue
        started = time.perf_counter()
        choices = game.decision.choices
        game.apply(choices[rng.randrange(len(choices))])
        while not game.over and game.decision.player != 0:
            game.apply(ask(bots[game.decision.player], game))
        if not game.over:
            game.view(0)   # what the server computes for the person's frame
            seen += len(game.events_for(0, seen))
        times.append(time.perf_counter() - started)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-tables", type=int, default=100)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot-delay", type=float, default=1.0, help="pause between bot moves at bot tables")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a person's mean pause before a move (0: move the moment a decision arrives)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        log = open(Path(folder) / "server.log", "wb")
        server = start_server(Path(folder) / "tables.db", port, log)
        try:
            post(url + "/api/tables", {"game": "hearts", "players": 4, "seats": [{"kind": "bot"}] * 4,
                                       "bot_delay": 0})    # warm up: the ruleset compiled once
            before = rss_kib(server.pid)
            for i in range(args.bot_tables):
                post(url + "/api/tables", {"game": "hearts", "players": 4, "seed": i, "bot_delay": args.bot_delay,
                                           "seats": [{"kind": "bot"}] * 4})
            people = [post(url + "/api/tables", {"game": "hearts", "players": 4, "seed": 10_000 + i, "bot_delay": 0,
                                                 "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3})
                      for i in range(args.clients)]
            after = rss_kib(server.pid)
            latencies: list[float] = []
            started = time.monotonic()

            async def run_all():
                return await asyncio.gather(*(person(url, t, args.seconds, random.Random(rng.random()), latencies,
                                                     args.think)
                                              for t in people))
            moves = sum(asyncio.run(run_all()))
            elapsed = time.monotonic() - started
            with urllib.request.urlopen(url + "/health") as response:
                health = json.loads(response.read())
            peak = rss_kib(server.pid)
        finally:
            server.terminate()
            server.wait(10)
            log.close()
    ref = reference(2000, args.seed)
    tables = args.bot_tables + args.clients
    median, p99 = statistics.median(latencies), percentile(latencies, 0.99)
    ref_median, ref_p99 = statistics.median(ref), percentile(ref, 0.99)
    print(f"server: {tables} tables ({args.bot_tables} of bots moving every {args.bot_delay:g} s, "
          f"{args.clients} with a person on a websocket, thinking {args.think:g} s on average), {elapsed:.1f} s")
    print(f"  person's moves: {moves} ({moves / elapsed:.0f}/s); all moves on the server: {health['moves']}")
    print(f"  round trip of a move (with the bots' answers): median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    handled = health["move_handling_ms"]
    print(f"  of which the server's own work (its /health): median {handled['median']:.1f} ms, "
          f"p99 {handled['p99']:.1f} ms over the last {handled['count']} moves")
    print(f"  reference, the same step on a Game in-process: median {ref_median * 1000:.2f} ms, "
          f"p99 {ref_p99 * 1000:.2f} ms")
    print(f"  ratio server/reference: median {median / ref_median:.1f}x, p99 {p99 / ref_p99:.1f}x")
    print(f"  memory: {(after - before) / tables:.0f} KiB per table ({before / 1024:.0f} MiB before the tables, "
          f"{after / 1024:.0f} MiB after opening them, {peak / 1024:.0f} MiB at the end)")
    print(f"  target p99 < 50 ms: {'met' if p99 < 0.050 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
