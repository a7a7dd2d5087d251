"""`--timeout`'s deadline reaches the run even when its signal lands where Python drops exceptions."""
import gc
import time
import weakref

import pytest

from interpreter.cli.deadline import Deadline, TimedOut


class _Thing:
    pass


def test_a_deadline_stops_the_run_after_its_seconds():
    started = time.monotonic()
    with pytest.raises(TimedOut):
        with Deadline(0.05) as clock:
            while time.monotonic() - started < 5:
                pass
    assert clock.expired and time.monotonic() - started < 5


def test_a_deadline_dropped_inside_a_collectors_callback_fires_again():
    # GIVEN a weakref callback that is running when the deadline passes (Python drops its exceptions)
    clock = Deadline(0.05)

    def busy_until_expired(_ref):
        while not clock.expired:
            pass

    thing = _Thing()
    watcher = weakref.ref(thing, busy_until_expired)
    started = time.monotonic()
    # WHEN the run goes on after the callback swallowed the first TimedOut
    with pytest.raises(TimedOut):
        with clock:
            del thing
            gc.collect()
            while time.monotonic() - started < 5:
                pass
    # THEN the deadline reached the run all the same, well before the loop ran out
    assert watcher() is None
    assert time.monotonic() - started < 5
