"""Reinforcement-learning environments for any ruleset: integer actions and array observations
derived from the ruleset (`encoding`), a PettingZoo AEC environment (`pettingzoo_env`), a
Gymnasium single-agent wrapper (`gymnasium_env`) and an OpenSpiel Python game (`openspiel_game`).

The encodings need numpy; each environment needs its library (`pip install cardrules[rl]`), and
is imported from its own module so that the others work without it.
"""
from interpreter.rl.encoding import ActionEncoding, ObservationEncoding, terminal_rewards

__all__ = ["ActionEncoding", "ObservationEncoding", "terminal_rewards"]
