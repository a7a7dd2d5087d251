"""The compile stage: Python source generated from a ruleset's checked tree, compiled once with
`compile()`, and the runtime contracts that source calls.

It sits between the language (reading, schema, parsing, types, the builtin and effect
registries) and the engine (state, decisions, events, frames), and is the only part of the
package that writes or compiles code. `ruleset.py` runs a load from files to a `Ruleset` (the
sections that declare names checked by `declarations.py`); `load_cache.py` keeps what a load
parsed and compiled for the next one, and `snapshot.py` the whole `Ruleset` it made.

The expression compiler (`compiler.py`) checks each expression tree and emits Python source
for it in one walk split by job: `analysis.py` resolves names (`names.py`) and checks types and
calls (`call_checks.py`) against the `Symbols` of `symbols.py`, and hands each node to
`emitter.py`, which writes its code and applies the optimisations (with the collection macros
of `macros.py`, the call strategies of `calls.py` and the text templates of `templates.py`).
The flow compiler (`flow.py`, with the compilers of choices, claims and loops it holds,
`choices.py`, `claim_steps.py` and `loop_steps.py`, which share its `step_context.StepContext`;
`steps.py`) writes every step list as one function with that source in place, laid out by
`writer.py`: plain steps as nested
Python, a list that may ask for a decision as a machine of numbered blocks that returns the
Decision and resumes after it. This package owns what that source may touch and how it becomes
code. Only source generated from the checked tree is compiled, never a ruleset's text: every
literal is emitted with `repr` (or handed over as a constant), every identifier is the
generator's own (a ruleset's names appear only as quoted keys), and the compiled code sees
nothing but the runtime helpers of `runtime.py` and `flow_runtime.py`, the constants the
generator handed it (builtins from the registry, spans, function bodies) and a handful of safe
Python builtins; no imports, no other attributes. Failures inside it are raised as GameErrors
carrying the rule's file:line:col, each generated line of a step list maps back to its rule
(`errors.line_span`), and every loop counts against the game's step limit.
"""
