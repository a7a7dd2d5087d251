"""The running flow as frames: plain data that says where a game is, so a game can be copied.

Every step list that may ask for a decision (the flow, a procedure that asks, an ability) is
compiled to one generated Python function `code(g, frame)`, laid out as numbered blocks (see
`compile/writer.py`): it runs from the frame's position until a decision (it returns the
Decision, its position saved) or its end (it takes its frame off the stack). A step that calls
a procedure that asks pushes that procedure's frame and returns None, and `run` goes on with
the frame on top. Where the flow is (the position in each code), which names are bound, which
loop turn a `for_each` is on and what a choice has picked so far live in the stack of `Frame`s
and their `data` stacks: lists, dicts and game objects, never Python generators. So a running
game can be copied exactly (see `clone.py`).
"""
from __future__ import annotations


class Frame:
    """One running code: its generated function, the position of its next block, its
    environment of bound names, and a stack of what its running steps keep (saved
    environments, loop turns, cards picked so far, the phase to return to)."""
    __slots__ = ("code", "pc", "env", "data")

    def __init__(self, code, env: dict, pc: int = 0, data: list | None = None):
        self.code = code
        self.pc = pc
        self.env = env
        self.data = [] if data is None else data


class _Marker:
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


NONE = _Marker("NONE")  # a choice that found no legal option and runs `if_none` instead


_new = object.__new__


def new_frame(code, env: dict) -> Frame:
    """A frame at the start of `code`: `Frame(code, env)` made without a call of __init__ through
    the type, which costs more (a procedure that asks makes one at every call)."""
    frame = _new(Frame)
    frame.code = code
    frame.pc = 0
    frame.env = env
    frame.data = []
    return frame


def run(g, stack: list):
    """Run the frame on top until one asks for a decision (its Decision is returned) or the
    flow ends (None). A decision's answer is in `g._sent` when its code resumes."""
    while stack:
        frame = stack[-1]
        request = frame.code(g, frame)
        if request is not None:
            return request
    return None


# the two stages of a simultaneous step's state (see compile/flow_runtime.py): its players are
# choosing, or their choices are revealed and each one's `then` runs
class _Stage(str):
    """A marker no ruleset value can be (identity is what counts)."""


CHOOSING, RESULTS = _Stage("choosing"), _Stage("results")


def unrevealed_choices(stack: list) -> list[list]:
    """The choices made in a simultaneous step that is still going round, which the other
    players have not seen: [env, value, seat, kind, options] each (the value may be replaced)."""
    found = []
    for frame in stack:
        for entry in frame.data:
            if type(entry) is list and entry and entry[0] is CHOOSING:
                found.extend(entry[3])
    return found
