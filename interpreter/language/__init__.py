"""The language front end: reading YAML with positions (source), the JSON Schema pass (schema),
the expression grammar (expressions), types, the checker and compiler of expressions, the
builtin and effect registries, and the loader that turns files into a checked `Ruleset`."""
