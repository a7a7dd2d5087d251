"""Running many games and summarising them: simulation with seeds that do not depend on workers."""
