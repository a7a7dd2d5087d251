"""A Turn cannot reach the game: nothing an agent can walk to from it (attributes, slots,
closures, bound methods, functions' globals, whatever the garbage collector says it refers to)
is the live game or a piece of its state, and what it keeps for a search is only what its seat
knows: two games that differ only in cards the seat never saw give it the same turn."""
from __future__ import annotations

import gc
import random
import sys
import types

import pytest

from interpreter import Game
from interpreter.agents import ask, turn_of
from interpreter.agents.determinize import carry_identities
from interpreter.agents.ismcts import ISMCTSAgent
from interpreter.agents.knowledge import Knowledge
from interpreter.compile.ruleset import Ruleset
from interpreter.engine.state import card_visible
from tests.conftest import ruleset
from tests.test_clone import GAMES, advance

ATOMS = (str, int, float, bool, type(None), bytes, range, complex, types.CodeType)


def walk(root, *, stop: set[int], into_functions: bool = True, stop_at: tuple = (),
         own_code: bool = False) -> dict[int, object]:
    """Everything reachable from `root`, by id. Stops at modules, classes, the objects in
    `stop` (the compiled ruleset, immutable and public) and those of the types `stop_at`; with
    `into_functions`, goes through closures, defaults, globals and bound `__self__` too (with
    `own_code`, only of the package's own functions, not of the libraries')."""
    found: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in found:
            continue
        found[id(obj)] = obj
        if isinstance(obj, (types.ModuleType, type, *ATOMS, *stop_at)) or id(obj) in stop:
            continue
        if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)) and not into_functions:
            continue
        if own_code and callable(obj) and _library(getattr(obj, "__module__", None)):
            continue
        stack.extend(gc.get_referents(obj))
        if isinstance(obj, types.FunctionType):
            stack.extend([obj.__globals__, obj.__closure__, obj.__defaults__, obj.__kwdefaults__])
            stack.extend(cell.cell_contents for cell in obj.__closure__ or () if _filled(cell))
        if isinstance(obj, types.MethodType):
            stack.append(obj.__self__)
        if hasattr(obj, "__dict__") and not isinstance(obj, types.FunctionType):
            stack.append(vars(obj))
        for name in getattr(type(obj), "__slots__", ()):
            if isinstance(name, str) and hasattr(obj, name):
                stack.append(getattr(obj, name))
    return found


def _library(module) -> bool:
    """Whether code of this `__module__` is a library's (an imported module outside the package),
    not the package's own nor code generated from a ruleset."""
    return isinstance(module, str) and module in sys.modules and not module.startswith("interpreter")


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - reading an empty cell raises
    except ValueError:
        return False
    return True


def game_state(game: Game, shared: dict[int, object]) -> dict[int, object]:
    """The live game's own mutable objects: what it reaches through its data (not through code),
    less what every game `shared` with the ruleset and the modules (constants nobody changes)."""
    # the budget and the per-game limits are frozen dataclasses of numbers: shared, never changed
    constants = {id(game.budget), id(game._limits)}
    owned = walk(game, stop={id(game.rules), *constants}, into_functions=False)
    return {i: o for i, o in owned.items()
            if i not in shared and i not in constants
            and not isinstance(o, (*ATOMS, tuple, frozenset, types.ModuleType, type, types.FunctionType))}


def shared_by_every_game(rules) -> dict[int, object]:
    """The ruleset with its generated code and constants (some made when first used), and the
    package's module globals: not any one game's state. (The rulesets and games that modules keep,
    such as a workbench's loaded rulesets or a solver adapter's game tree, are not walked into,
    nor the libraries' functions: walking all that earlier tests left and imported would take
    minutes, and stopping early only makes the check stricter.)"""
    shared = walk(rules, stop=set(), own_code=True)
    globals_ = [vars(module) for name, module in list(sys.modules.items()) if name.startswith("interpreter")]
    shared.update(walk(globals_, stop={id(rules), *shared}, stop_at=(Ruleset, Game), own_code=True))
    return shared


def games_in_play(name: str):
    """Games of `name` at a few points: early, mid-hand, later."""
    for depth in (0, 7, 40):
        game = Game(ruleset(name), 4, seed=depth + 1)
        advance(game, depth, random.Random(depth))
        if not game.over:
            yield game


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_nothing_reachable_from_a_turn_is_the_game_or_its_state(name):
    """GIVEN a game of every shipped ruleset, at a few points of play
    WHEN a Turn is made for the deciding seat (with everything: view, events, knowledge)
    THEN walking everything reachable from it finds no Game and no object of the live game's
    state (cards, zones, players, lists, dicts), and a game rebuilt from its knowledge is a new
    one."""
    games = list(games_in_play(name))
    turns = [turn_of(game) for game in games]
    shared = shared_by_every_game(ruleset(name))
    for game, turn in zip(games, turns):
        reached = walk(turn, stop={id(game.rules)})
        assert not [o for o in reached.values() if isinstance(o, Game)]
        both = set(reached) & set(game_state(game, shared))
        assert not both, f"the turn reaches the game's {[reached[i] for i in both][:5]}"
        rebuilt = turn.knowledge.game()
        assert rebuilt is not game and rebuilt.view(turn.seat) == game.view(turn.seat)


@pytest.mark.slow
def test_the_walk_finds_the_game_where_there_is_one():
    """GIVEN an object holding the game only through a closure, one through a bound method, and
    one holding a list of the game's own (the cards of a hand)
    THEN the walk of the test finds it (so an empty result above means something)."""
    game = next(games_in_play("hearts"))
    hidden_in_closure = (lambda: game,)
    bound = game.view
    state = game_state(game, shared_by_every_game(game.rules))
    for holder in (hidden_in_closure, bound, {"k": [game.cards_in(game.players[0].zones["hand"])]}):
        reached = walk(holder, stop={id(game.rules)})
        assert [o for o in reached.values() if isinstance(o, Game)] or set(reached) & set(state)


def _counterfactual(game: Game, seat: int) -> Game | None:
    """A copy of `game` dealt differently where `seat` cannot tell: two cards it never saw, in
    two places it cannot see, trade identities (as if the deck had been shuffled so). None if
    there are no two such places."""
    other = game.clone()
    told = {e.get("card") for e in game.events_for(seat)}
    unseen = [c for c in other.cards_in_play if not card_visible(other, c, seat) and c.id not in told]
    first = unseen[0] if unseen else None
    second = next((c for c in unseen if other.zone_of(c) is not other.zone_of(first)), None)
    if second is None:
        return None
    carry_identities(other, [first, second], [second, first])
    return other


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_a_turn_keeps_only_what_its_seat_knows(name):
    """GIVEN a game at a few points, and a copy of it dealt differently where the deciding seat
    cannot tell (two cards it never saw trade places)
    WHEN a Turn is made in each
    THEN the seat's view and events are the same, the states frozen in their knowledge are the
    same bytes, and the same seed draws the same sample and searches the same way."""
    compared = 0
    for depth in (3, 12, 30):
        game = Game(ruleset(name), 4, seed=depth)
        advance(game, depth, random.Random(2))
        if game.over:
            continue
        seat = game.decision.player
        other = _counterfactual(game, seat)
        if other is None:
            continue
        assert other.view_all() != game.view_all()
        mine, theirs = turn_of(game), turn_of(other)
        assert mine.view == theirs.view and mine.events == theirs.events
        assert mine.knowledge._state == theirs.knowledge._state
        assert mine.sample(random.Random(3)).view_all() == theirs.sample(random.Random(3)).view_all()
        first, second = ISMCTSAgent(iterations=8, seed=1), ISMCTSAgent(iterations=8, seed=1)
        assert ask(first, game).id == ask(second, other).id
        assert _visits(first) == _visits(second)
        compared += 1
    assert compared >= 2


def _visits(agent: ISMCTSAgent) -> dict:
    """The search's visit counts at its root (none when a single legal choice needed no search)."""
    root = agent.last_root
    return {} if root is None else {a: n.visits for a, n in root.children.items()}


def test_a_turn_made_without_a_part_says_so():
    """GIVEN a Turn made for an agent that uses nothing but the choices
    WHEN the view, the events or a sample is read
    THEN each is a clear error naming what to declare."""
    from interpreter.agents.turn import TurnError
    game = next(games_in_play("hearts"))
    turn = turn_of(game, uses=())
    assert turn.choices and len(turn) == len(game.decision.options)
    for read in (lambda: turn.view, lambda: turn.events, lambda: turn.sample(random.Random(1))):
        with pytest.raises(TurnError, match="lists '(view|events|sample)' in its `uses`"):
            read()


def test_knowledge_rebuilds_only_the_game_s_own_classes():
    """GIVEN a Knowledge whose frozen state has been replaced by a pickle naming a class
    THEN rebuilding it refuses, rather than importing or running whatever the bytes name."""
    import pickle
    turn = turn_of(next(games_in_play("hearts")))
    forged = Knowledge(turn.seat, {}, pickle.dumps(types.SimpleNamespace(a=1)), ())
    with pytest.raises(pickle.UnpicklingError, match="names no class or function"):
        forged.game()
