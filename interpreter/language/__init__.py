"""The language front end: reading YAML with positions (source), the JSON Schema pass (schema),
the expression grammar (expressions), types, the builtin and effect registries, the deck,
options and display sections, and the loader that reads and merges a ruleset's files. Checking
names and types and generating code from them is the compile stage's (`interpreter.compile`)."""
