"""Running many games and measuring them: simulation, the designer's workbench (compare and analyze
rulesets and variants with statistics), local and Ray backends, and the reports they produce."""
