"""What one client address may hold at once, so that a stranger cannot fill the server.

Per address: tables opened within the last hour, websockets open now, and uploads being
checked now. The address is the connection's peer as the ASGI server reports it (behind a
proxy, uvicorn's --forwarded-allow-ips decides whether X-Forwarded-For is believed).
"""
from __future__ import annotations

import time
from collections import defaultdict, deque

HOUR = 3600.0


class Refused(Exception):
    """Over a per-address limit: answered with 429 and this message."""


class PerAddress:
    def __init__(self, *, tables_per_hour: int = 30, sockets: int = 32, checks: int = 2):
        self.tables_per_hour = tables_per_hour
        self.sockets = sockets
        self.checks = checks
        self._opened: dict[str, deque] = defaultdict(deque)   # times this address opened a table
        self._open_sockets: dict[str, int] = defaultdict(int)
        self._checking: dict[str, int] = defaultdict(int)

    def open_table(self, address: str) -> None:
        """Count a table opened by `address`; Refused past the hourly limit."""
        now = time.monotonic()
        times = self._opened[address]
        while times and now - times[0] > HOUR:
            times.popleft()
        if len(times) >= self.tables_per_hour:
            wait = int(HOUR - (now - times[0])) + 1
            raise Refused(f"this address opened {self.tables_per_hour} tables within the last hour, the most "
                          f"it may; try again in {wait // 60 + 1} minutes")
        times.append(now)

    def socket_opened(self, address: str) -> None:
        if self._open_sockets[address] >= self.sockets:
            raise Refused(f"this address has {self.sockets} connections open, the most it may; close some "
                          "tabs and try again")
        self._open_sockets[address] += 1

    def socket_closed(self, address: str) -> None:
        self._release(self._open_sockets, address)

    def check_started(self, address: str) -> None:
        if self._checking[address] >= self.checks:
            raise Refused(f"this address has {self.checks} rulesets being checked already; wait for their answers")
        self._checking[address] += 1

    def check_done(self, address: str) -> None:
        self._release(self._checking, address)

    def sweep(self) -> None:
        """Forget addresses with nothing counted (so the maps do not grow with every visitor)."""
        now = time.monotonic()
        for address in [a for a, t in self._opened.items() if not t or now - t[-1] > HOUR]:
            del self._opened[address]

    @staticmethod
    def _release(counts: dict, address: str) -> None:
        counts[address] -= 1
        if counts[address] <= 0:
            del counts[address]
