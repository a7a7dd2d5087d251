"""Python source generated from a ruleset's checked expressions, compiled once with `compile()`.

The checker (`language/compiler.py`) walks each type-checked expression tree and emits Python
source for it; this package owns what that source may touch and how it becomes code. Only
source generated from the checked tree is compiled, never a ruleset's text: every literal is
emitted with `repr`, every identifier is the generator's own (a ruleset's names appear only as
quoted keys), and the compiled code sees nothing but the runtime helpers of `runtime.py`, the
constants the generator handed it (builtins from the registry, spans, function bodies) and a
handful of safe Python builtins; no imports, no other attributes. Failures inside it are
raised as GameErrors carrying the rule's file:line:col, and every loop counts against the
game's step limit.
"""
