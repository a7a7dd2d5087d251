"""Python source generated from a ruleset's checked tree, compiled once with `compile()`.

The checker (`language/compiler.py`) walks each type-checked expression tree and emits Python
source for it; the flow compiler (`engine/flow.py`, `engine/choices.py`) writes every step list
as one function with that source in place, laid out by `writer.py`: plain steps as nested
Python, a list that may ask for a decision as a machine of numbered blocks that returns the
Decision and resumes after it. This package owns what that source may touch and how it becomes
code. Only source generated from the checked tree is compiled, never a ruleset's text: every
literal is emitted with `repr` (or handed over as a constant), every identifier is the
generator's own (a ruleset's names appear only as quoted keys), and the compiled code sees
nothing but the runtime helpers of `runtime.py` and `flow_runtime.py`, the constants the
generator handed it (builtins from the registry, spans, function bodies) and a handful of safe
Python builtins; no imports, no other attributes. Failures inside it are raised as GameErrors
carrying the rule's file:line:col, each generated line of a step list maps back to its rule
(`unit.line_span`), and every loop counts against the game's step limit.
"""
