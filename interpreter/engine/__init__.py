"""The engine: one game's state (state), the decision API and events (game, decisions,
events), the compiled flow (flow and choices write each step list as generated Python; steps),
the frames a running flow is kept in (frames), shuffling, copies of a game (clone), and logs that replay a
game exactly (replay)."""
