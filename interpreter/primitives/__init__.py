"""General primitives any ruleset can use through builtins: poker-style hand ranking (handrank,
ranking) and sets and runs with wild cards (combinations: the builtins, with combinations_cards,
combinations_search and combinations_quick behind them)."""
