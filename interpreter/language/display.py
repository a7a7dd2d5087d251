"""How a variable is shown to people: the `display:` of a variable in `vars:`.

`display: false` keeps bookkeeping (counters, flags) out of the tables and transcripts people
read; a mapping says more: `label:` the words people read instead of the identifier
(`trumps_broken` -> "trumps broken"), `phases:` the phases in which the value means something
(a hand's points only while it is scored), `tell: phase_end` when a transcript tells a change
(once, when the phase it changed in ends, rather than after each step that changes it: chips
that move with every bet). Views for programs always hold every variable; this
is presentation only, read by the terminal and the web table from the Ruleset.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from interpreter.errors import Collector, did_you_mean


@dataclass(frozen=True)
class Display:
    hidden: frozenset = frozenset()               # never shown to people
    labels: dict = field(default_factory=dict)    # name -> the words people read
    phases: dict = field(default_factory=dict)    # name -> the phases it is shown in
    held: frozenset = frozenset()                 # told when their phase ends, not at each change

    def shown(self, name: str, phase: str | None) -> bool:
        """Whether people see the variable `name` while the game is in `phase`."""
        if name in self.hidden:
            return False
        during = self.phases.get(name)
        return during is None or phase in during

    def label(self, name: str) -> str:
        """The words people read for the variable `name`: its label, else its name with spaces."""
        return self.labels.get(name) or name.replace("_", " ")


def read_display(vars_section: dict, phase_names: set[str], errors: Collector) -> Display:
    """The Display of every variable of a ruleset's `vars:` ({scope: {name: Located}}); a
    phase that no `phase:` step of the ruleset names is a located error."""
    hidden, labels, phases, held = set(), {}, {}, set()
    for entries in vars_section.values():
        for name, loc in entries.items():
            spec = loc.value.get("display") if isinstance(loc.value, dict) else None
            if spec is False:
                hidden.add(name)
            elif isinstance(spec, dict):
                if spec.get("label"):
                    labels[name] = str(spec["label"])
                if spec.get("tell") == "phase_end":
                    held.add(name)
                if "phases" in spec:
                    wanted = [str(p) for p in spec["phases"] or []]
                    for i, phase in enumerate(wanted):
                        if phase not in phase_names:
                            errors.error("unknown-name", f"no phase is named '{phase}'",
                                         loc.source.span(loc.path + ("display", "phases", i)),
                                         did_you_mean(phase, sorted(phase_names))
                                         or "phases: " + (", ".join(sorted(phase_names)) or "none"))
                    phases[name] = frozenset(wanted)
    return Display(frozenset(hidden), labels, phases, frozenset(held))
