"""The reinforcement-learning environments pass their libraries' own checks on every shipped
ruleset: PettingZoo's api_test, Gymnasium's check_env and OpenSpiel's random simulation test."""
from __future__ import annotations

import json
import random

import pytest

np = pytest.importorskip("numpy")

from interpreter import Game  # noqa: E402
from interpreter.rl.encoding import LISTED, NUMBER_BINS, ActionEncoding, ObservationEncoding  # noqa: E402
from tests.conftest import ruleset  # noqa: E402

# one deal (or hand, or round) per game, so that every check reaches the end of a game
SHORT = {
    "hearts": {"target": 1}, "black-maria": {"target": 1}, "black-swan": {"team_target": 1, "solo_target": 1},
    "captain-blackjack": {"coins_to_win": 1}, "texas-holdem": {"hands": 1}, "seven-poker": {"hands": 1},
    "black-card": {"hands": 1}, "kuhn-poker": {}, "leduc-poker": {},
    "goofspiel": {"num_cards": 4}, "hanabi": {}, "bridge": {}, "skat": {}, "dou-dizhu": {},
}
TABLE = {"skat": 3, "dou-dizhu": 3}      # the table size of a game not played by four (default 4)


@pytest.mark.parametrize("name", sorted(SHORT))
def test_pettingzoo_api_test(name):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    from interpreter.rl.pettingzoo_env import CardGameEnv
    with pytest.warns(UserWarning):      # api_test's advice to use flat Box observations
        api_test(CardGameEnv(ruleset(name), TABLE.get(name, 4), options=SHORT[name]), num_cycles=400)


@pytest.mark.filterwarnings("ignore:.*Box observation space:UserWarning")   # unbounded scores and chips
@pytest.mark.parametrize("name", sorted(SHORT))
def test_gymnasium_check_env(name):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from interpreter.rl.gymnasium_env import CardGameSingleEnv
    env = CardGameSingleEnv(ruleset(name), TABLE.get(name, 4), seat=1, options=SHORT[name])
    check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, done, _, info = env.step(action)
        steps += 1
    assert "result" in info and -1.0 <= reward <= 1.0 and steps > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SHORT))
def test_openspiel_random_simulation(name):
    pyspiel = pytest.importorskip("pyspiel")
    from interpreter.rl import openspiel_game  # noqa: F401  (registers the game)
    game = pyspiel.load_game("cardrules", {"ruleset": f"rulesets/{name}.yaml", "players": TABLE.get(name, 4),
                                           "options": json.dumps(SHORT[name])})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
def test_every_legal_choice_has_its_own_action_and_the_mask_marks_them():
    """GIVEN random games of every ruleset
    THEN at every decision the legal choices map to distinct integers of the action space (the
    first LISTED of a long list of values), card and action choices to their fixed blocks."""
    for name, options in SHORT.items():
        rules = ruleset(name)
        encoding = ActionEncoding(rules, TABLE.get(name, 4))
        game, rng = Game(rules, TABLE.get(name, 4), seed=2, options=options, record=False), random.Random(2)
        while not game.over:
            legal = encoding.legal(game)
            decision = game.decision
            n = len(decision.options)
            expected = min(n, NUMBER_BINS) if decision.kind == "number" else n
            if decision.kind == "value":
                expected = min(n, LISTED)
            assert len(legal) == expected, (name, decision)
            assert all(0 <= a < encoding.size for a in legal)
            if decision.kind == "card":
                assert {encoding.card_ids[a] for a in legal} == {c.id for c in decision.options}
            if decision.kind == "action":
                assert {encoding.action_names[a - encoding.actions_at] for a in legal} == set(decision.options)
            mask = encoding.mask(legal)
            assert mask.sum() == len(legal)
            actions = sorted(legal)
            game.apply_value(legal[actions[rng.randrange(len(actions))]])


def test_an_observation_shows_own_cards_and_not_others():
    rules = ruleset("hearts")
    game = Game(rules, 4, seed=1)
    encoding = ObservationEncoding(rules, 4)
    cards = len(rules.cards)
    for seat in range(4):
        vector = encoding.encode(game, seat)
        assert vector.dtype == np.float32 and vector.shape == (encoding.size,)
        for owner, index, name in encoding.zones:
            if owner == "player" and name == "hand":
                at = 4 + 5 + encoding.zones.index((owner, index, name)) * (cards + 1)
                shown = vector[at:at + cards].sum()
                hidden = vector[at + cards]
                assert (shown, hidden) == ((13, 0) if index == seat else (0, 13))


def test_an_openspiel_state_copy_plays_on_as_the_original():
    """GIVEN an OpenSpiel state some actions in, copied (OpenSpiel's algorithms copy states all
    the time) WHEN both take the same actions THEN they have the same history and returns, and
    the copy's actions do not touch the original."""
    pyspiel = pytest.importorskip("pyspiel")
    from interpreter.rl import openspiel_game  # noqa: F401  (registers the game)
    game = pyspiel.load_game("cardrules", {"ruleset": "rulesets/hearts.yaml", "players": 4,
                                           "options": '{"target": 1}'})
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy.history() == state.history() and str(copy) == str(state)
    before = str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) == before and len(state.history()) == 20
    state.apply_action(state.legal_actions()[0])
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.is_terminal() and copy.history() == state.history() and copy.returns() == state.returns()


def test_a_claim_window_is_acted_in_by_each_claimant_with_pass_in_its_mask():
    """GIVEN Pung, where a discard may be claimed WHEN its PettingZoo environment reaches a claim
    THEN the agent to act is the claimant the game asks, its mask marks exactly its claims and
    `pass` (a fixed action of its own), and api_test passes on the game."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    from interpreter import load_ruleset
    from interpreter.engine.claims import open_claim
    from interpreter.rl.pettingzoo_env import CardGameEnv
    from tests.conftest import ROOT
    rules = load_ruleset(ROOT / "examples" / "pung.yaml")
    env = CardGameEnv(rules, 3)
    env.reset(seed=4)
    encoding, seen = env.actions, 0
    for agent in env.agent_iter(max_iter=2000):
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        window = open_claim(env.game)
        mask = observation["action_mask"]
        if window is not None:
            seen += 1
            assert agent == f"player_{env.game.decision.player}" and env.game.decision.player in window.seats
            marked = {encoding.action_names[a - encoding.actions_at] for a in np.flatnonzero(mask)}
            assert marked == set(env.game.decision.options) and "pass" in marked
        env.step(int(random.Random(seen).choice(np.flatnonzero(mask))))
    assert seen
    with pytest.warns(UserWarning):
        api_test(CardGameEnv(rules, 3), num_cycles=300)


def test_both_environments_render_the_seats_table_as_text():
    """GIVEN the PettingZoo and Gymnasium environments of Hearts made with render_mode='ansi'
    WHEN each is reset and rendered THEN each gives the table as plain text, the rendering seat's
    own hand in it, and no other seat's."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from interpreter.rl.gymnasium_env import CardGameSingleEnv
    from interpreter.rl.pettingzoo_env import CardGameEnv
    single = CardGameSingleEnv(ruleset("hearts"), 4, seat=1, options=SHORT["hearts"], render_mode="ansi")
    single.reset(seed=3)
    several = CardGameEnv(ruleset("hearts"), 4, options=SHORT["hearts"], render_mode="ansi")
    several.reset(seed=3)
    for env, seat in ((single, 1), (several, several.game.decision.player)):
        text = env.render()
        assert isinstance(text, str) and f"seat {seat}" in text
        own = [c.label for c in env.game.cards_in(env.game.players[seat].zones["hand"])]
        other = [c.label for c in env.game.cards_in(env.game.players[(seat + 1) % 4].zones["hand"])]
        assert all(label in text for label in own[:3])
        assert not all(label in text for label in other)
