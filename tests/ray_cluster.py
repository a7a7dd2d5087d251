"""A Ray cluster on this machine for tests: a head node and worker nodes, each started by
`ray start --block` as a process of its own, in a session of its own, on free ports and under a
private temp folder, with a token of its own (Ray's token authentication), so that it cannot
collide with another Ray; a driver joins it with `cluster.env`. Each node is ended through its
own process group, never with `ray stop` (which would end every Ray on the machine)."""
from __future__ import annotations

import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAY = str(Path(sys.executable).with_name("ray"))


# every port handed out here, so that no two components (nor a range of worker ports) get the
# same one before the first has bound it
_TAKEN: set[int] = set()
WORKER_PORTS = 41


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("", 0))
        ports = [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()
    _TAKEN.update(ports)
    return ports


def free_range(size: int) -> int:
    """The first of `size` consecutive free ports none of which was handed out before, below the
    kernel's range of ports given on request (where Ray's own random ports come from)."""
    rng = random.Random()
    for _ in range(500):
        low = rng.randrange(20000, 32000 - size)
        ports = range(low, low + size)
        if _TAKEN.isdisjoint(ports) and all(_bindable(port) for port in ports):
            _TAKEN.update(ports)
            return low
    raise RuntimeError(f"no {size} consecutive free ports")


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("", port))
        except OSError:
            return False
    return True


class Node:
    def __init__(self, args: list[str], log: Path, env: dict):
        self.log = log
        self.process = subprocess.Popen([RAY, "start", "--block", *args], stdout=log.open("w"),
                                        stderr=subprocess.STDOUT, start_new_session=True, env=env)

    def kill(self, sig=signal.SIGKILL) -> None:
        try:
            os.killpg(self.process.pid, sig)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def node_ports() -> list[str]:
    (manager, objects, agent, agent_grpc, metrics, runtime) = free_ports(6)
    low = free_range(WORKER_PORTS)
    return ["--node-manager-port", str(manager), "--object-manager-port", str(objects),
            "--dashboard-agent-listen-port", str(agent),
            "--dashboard-agent-grpc-port", str(agent_grpc), "--metrics-export-port", str(metrics),
            "--runtime-env-agent-port", str(runtime), "--min-worker-port", str(low),
            "--max-worker-port", str(low + WORKER_PORTS - 1)]


class Cluster:
    """`with Cluster() as c:` a head with one CPU; `c.add_worker()` a worker node with one CPU."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="crt-"))     # short: Ray's socket paths are limited
        self.port = free_ports(1)[0]
        from ray.util import get_node_ip_address
        self.ip = get_node_ip_address()             # where Ray binds; 127.0.0.1 is not enough for it
        self.address = f"{self.ip}:{self.port}"
        self.nodes: list[Node] = []
        token = self.folder / "auth_token"           # the cluster's own token: nodes and drivers present it
        token.write_text(secrets.token_hex(32))
        token.chmod(0o600)
        self.env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", RAY_AUTH_MODE="token",
                        RAY_AUTH_TOKEN_PATH=str(token))

    def __enter__(self) -> "Cluster":
        self.nodes.append(Node(["--head", "--port", str(self.port), "--num-cpus", "1", "--include-dashboard",
                                "false", "--disable-usage-stats", "--temp-dir", str(self.folder / "ray"),
                                *node_ports()], self.folder / "head.log", self.env))
        try:
            self.wait_for_cpus(1)
        except BaseException:
            self.__exit__()
            raise
        return self

    def add_worker(self) -> Node:
        node = Node(["--address", self.address, "--num-cpus", "1", *node_ports()],
                    self.folder / f"worker{len(self.nodes)}.log", self.env)
        self.nodes.append(node)
        return node

    def cpus(self) -> float:
        probe = ("import ray, logging; ray.init(address=%r, logging_level=logging.ERROR, log_to_driver=False); "
                 "print(ray.cluster_resources().get('CPU', 0))" % self.address)
        try:
            out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                                 env=self.env)
        except subprocess.TimeoutExpired:
            return 0.0
        try:
            return float(out.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            return 0.0

    def wait_for_cpus(self, cpus: int, *, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and all(n.process.poll() is None for n in self.nodes):
            if self.cpus() >= cpus:
                return
            time.sleep(1)
        logs = "\n".join(n.log.read_text()[-2000:] for n in self.nodes if n.log.exists())
        raise RuntimeError(f"the Ray cluster did not reach {cpus} CPUs:\n{logs}")

    def __exit__(self, *exc) -> None:
        for node in reversed(self.nodes):
            node.kill(signal.SIGKILL)         # the whole group at once: raylet, store, workers
        shutil.rmtree(self.folder, ignore_errors=True)
