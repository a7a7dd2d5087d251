"""Agents that take decisions through the decision API: random, first-legal and scripted (basic)."""
