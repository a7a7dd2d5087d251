"""What one load takes from the load cache and what it makes, for one kind of entry (parse
trees, compiled code). While a load is under way a lookup answers from what the cache had
and notes every value the load used, so that the cache can store them when the load is done.
"""
from __future__ import annotations

from typing import Any, Callable

Load = tuple[dict[Any, Any], dict[Any, Any]]   # (values known beforehand, values used)


class Recording:
    """The loads under way (innermost last), each (values known beforehand, values used)."""

    def __init__(self) -> None:
        self._loads: list[Load] = []

    @property
    def active(self) -> bool:
        return bool(self._loads)

    def start(self, primed: dict[Any, Any]) -> Load:
        """Until `stop`, answer from `primed` where it can, and note every value used."""
        load: Load = (primed, {})
        self._loads.append(load)
        return load

    def stop(self, load: Load) -> dict[Any, Any]:
        """Stop a `start`; returns the values used meanwhile."""
        for i, other in enumerate(self._loads):
            if other is load:
                del self._loads[i]
                break
        return load[1]

    def get(self, key: object, make: Callable[[], Any]) -> Any:
        """The value for `key`: the known one, or `make()` when there is none; noted as used.
        A load inside another (a language server's, which keeps what its last check used)
        takes what the outer one knows too, and the outer one notes what the inner used."""
        value = None
        for primed, _ in reversed(self._loads):
            value = primed.get(key)
            if value is not None:
                break
        if value is None:
            value = make()
        for _, used in self._loads:
            used[key] = value
        return value
