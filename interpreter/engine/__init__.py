"""The engine: one game's state (state), the compiled flow of steps and decisions (flow, choices,
steps), the decision API and events (game), and logs that replay a game exactly (replay)."""
