"""The engine: one game's state (state), the decision API and events (game, decisions,
events; `Game` is put together from a base per job: construction, driving, moves, runtime,
views), the frames a running flow is kept in (frames), the work budget (budget), shuffling,
copies of a game (clone) and taking back half a two-part choice (back). It runs the code the
compile stage (`interpreter.compile`) generated and knows nothing of how it was written; logs
that replay a game exactly are `interpreter.logs`."""
