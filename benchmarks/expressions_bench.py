"""Compiled expressions against a naive tree walk, for a few typical conditions.

Why: every expression is compiled once, when the ruleset loads, into Python generated from its
checked tree (interpreter/compile/compiler.py). The alternative is to walk the Lark tree on every evaluation,
resolving names and dispatching on node kinds each time. This benchmark measures what
compiling buys on conditions from the Hearts ruleset, evaluated against a mid-hand state.

The naive evaluator below walks the same tree (`interpreter.language.expressions.parse`) with the same
semantics and the same builtins; it calls a ruleset function by walking the function's body
(the compiled version also remembers function values until the state changes: that memo is
part of what compiling buys, and `led_suit` below shows it). Both must agree on every value.

Run: ``python benchmarks/expressions_bench.py [--seconds S]``. Numbers are the best of five
runs; they vary by machine, the ratio much less.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter import Game, load_ruleset  # noqa: E402
from interpreter.agents.basic import RandomAgent  # noqa: E402
from interpreter.agents.turn import turn_of  # noqa: E402
from interpreter.language.builtins import BUILTINS  # noqa: E402
from interpreter.language.expressions import parse  # noqa: E402
from interpreter.engine.state import Card, Player, Team, Zone  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

CONDITIONS = [
    # (description, expression); p is the player to move, c a card in their hand
    ("all cards of a hand", "p.hand.all(x, x.suit != 'hearts')"),
    ("penalty card test", "c.suit == 'hearts' or c == card('QS')"),
    ("game over test", "players.any(p, p.score >= 100)"),
    ("follow suit (function)", "c.suit == led_suit or p.hand.all(x, x.suit != led_suit)"),
    ("arithmetic", "(p.score + 13) % 26 * 2 - size(p.hand) > 10"),
]


class NaiveEvaluator:
    """Evaluates an expression by walking its parse tree each time (no compilation)."""

    def __init__(self, game: Game):
        self.g = game
        self.rules = game.rules
        self.functions = game.rules.symbols.functions

    def run(self, text: str, env: dict):
        return self.eval(parse(text).children[0], env)

    def eval(self, node, env):
        return getattr(self, "n_" + node.data)(node, env)

    # -- atoms
    def n_int(self, node, env):
        return int(node.children[0])

    def n_string(self, node, env):
        return str(node.children[0])[1:-1]

    def n_true(self, node, env):
        return True

    def n_false(self, node, env):
        return False

    def n_list(self, node, env):
        return [self.eval(c, env) for c in (node.children[0].children if node.children else [])]

    def n_name(self, node, env):
        name = str(node.children[0])
        g = self.g
        if name in env:
            return env[name]
        if name == "players":
            return g.players
        if name == "num_players":
            return len(g.players)
        if name == "all_cards":
            return g.cards_in_play
        if name in g.options:
            return g.options[name]
        if name in g.vars:
            return g.vars[name]
        if name in g.zones:
            return g.zones[name]
        if name in self.functions:
            return self.call_function(name, [])
        raise NameError(name)

    # -- access
    def n_attr(self, node, env):
        obj = self.eval(node.children[0], env)
        attr = str(node.children[1])
        if isinstance(obj, Card):
            values = self.g.vars_of(obj)
            if attr in values:
                return values[attr]
            if attr in obj.attrs:
                return obj.attrs[attr]
            if attr == "face_up":
                return self.g.is_face_up(obj)
            return getattr(obj, attr)
        if isinstance(obj, Player):
            values = self.g.vars_of(obj)
            if attr in values:
                return values[attr]
            if attr in obj.zones:
                return obj.zones[attr]
            n = len(self.g.players)
            if attr == "left":
                return self.g.players[(obj.seat + 1) % n]
            if attr == "right":
                return self.g.players[(obj.seat - 1) % n]
            return getattr(obj, attr)
        if isinstance(obj, Team):
            values = self.g.vars_of(obj)
            return values[attr] if attr in values else obj.zones.get(attr) or getattr(obj, attr)
        raise AttributeError(attr)

    def _items(self, value):
        return self.g.cards_in(value) if isinstance(value, Zone) else value

    def n_index(self, node, env):
        items = self._items(self.eval(node.children[0], env))
        return items[self.eval(node.children[1], env)]

    # -- operators
    def n_neg(self, node, env):
        return -self.eval(node.children[0], env)

    def n_not_(self, node, env):
        return not self.eval(node.children[0], env)

    def n_and_(self, node, env):
        return self.eval(node.children[0], env) and self.eval(node.children[1], env)

    def n_or_(self, node, env):
        return self.eval(node.children[0], env) or self.eval(node.children[1], env)

    def n_cond(self, node, env):
        test, a, b = node.children
        return self.eval(a, env) if self.eval(test, env) else self.eval(b, env)

    def n_compare(self, node, env):
        left, op, right = node.children
        a, b = self.eval(left, env), self.eval(right, env)
        op = str(op)
        if op == "==":
            return a is b if isinstance(a, (Card, Player, Team, Zone)) else a == b
        if op == "!=":
            return a is not b if isinstance(a, (Card, Player, Team, Zone)) else a != b
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]

    def n_in_(self, node, env):
        x = self.eval(node.children[0], env)
        return any(item is x or item == x for item in self._items(self.eval(node.children[1], env)))

    def n_not_in(self, node, env):
        return not self.n_in_(node, env)

    def n_add(self, node, env):
        a, b = self.eval(node.children[0], env), self.eval(node.children[1], env)
        if isinstance(a, (list, Zone)):
            return list(self._items(a)) + list(self._items(b))
        return a + b

    def n_sub(self, node, env):
        return self.eval(node.children[0], env) - self.eval(node.children[1], env)

    def n_mul(self, node, env):
        return self.eval(node.children[0], env) * self.eval(node.children[1], env)

    def n_div(self, node, env):
        return self.eval(node.children[0], env) // self.eval(node.children[1], env)

    def n_mod(self, node, env):
        return self.eval(node.children[0], env) % self.eval(node.children[1], env)

    # -- calls
    def n_call(self, node, env):
        name = str(node.children[0])
        args = [self.eval(a, env) for a in (node.children[1].children if len(node.children) > 1 else [])]
        return self.call(name, args)

    def n_method(self, node, env):
        obj_node, name = node.children[0], str(node.children[1])
        args = node.children[2].children if len(node.children) > 2 else []
        if name in MACROS and args and getattr(args[0], "data", None) == "name":
            var = str(args[0].children[0])
            items = self._items(self.eval(obj_node, env))
            return MACROS[name](self, items, var, args[1], env)
        return self.call(name, [self.eval(obj_node, env)] + [self.eval(a, env) for a in args])

    def call(self, name: str, args: list):
        if name in self.functions:
            return self.call_function(name, args)
        return BUILTINS[name].fn(self.g, *args)

    def call_function(self, name: str, args: list):
        func = self.functions[name]
        return self.run(func.text, {p: a for (p, _), a in zip(func.params, args)})

    def each(self, items, var, body, env):
        """(item, body value) for each item, with the item bound to `var`."""
        e = dict(env)
        for x in items:
            e[var] = x
            yield x, self.eval(body, e)




def _first_by(pairs, better):
    best = None
    for x, key in pairs:
        if best is None or better(key, best[1]):
            best = (x, key)
    if best is None:
        raise ValueError("empty list")
    return best


MACROS = {
    "all": lambda ev, xs, v, b, env: all(val for _, val in ev.each(xs, v, b, env)),
    "any": lambda ev, xs, v, b, env: any(val for _, val in ev.each(xs, v, b, env)),
    "filter": lambda ev, xs, v, b, env: [x for x, val in ev.each(xs, v, b, env) if val],
    "map": lambda ev, xs, v, b, env: [val for _, val in ev.each(xs, v, b, env)],
    "count": lambda ev, xs, v, b, env: sum(1 for _, val in ev.each(xs, v, b, env) if val),
    "sum": lambda ev, xs, v, b, env: sum(val for _, val in ev.each(xs, v, b, env)),
    "max": lambda ev, xs, v, b, env: _first_by(ev.each(xs, v, b, env), lambda a, k: a > k)[1],
    "min": lambda ev, xs, v, b, env: _first_by(ev.each(xs, v, b, env), lambda a, k: a < k)[1],
    "max_by": lambda ev, xs, v, b, env: _first_by(ev.each(xs, v, b, env), lambda a, k: a > k)[0],
    "min_by": lambda ev, xs, v, b, env: _first_by(ev.each(xs, v, b, env), lambda a, k: a < k)[0],
    "sort_by": lambda ev, xs, v, b, env: [x for x, _ in sorted(ev.each(xs, v, b, env), key=lambda p: p[1])],
}


def mid_hand_state(seed: int) -> tuple[Game, dict]:
    """A 4-player Hearts game in the middle of a trick: the player to move, one of their cards."""
    # evaluations are timed by the million with no decision in between: a budget to match
    game = Game(load_ruleset(ROOT / "rulesets" / "hearts.yaml"), players=4, seed=seed, max_steps=10**15)
    agent = RandomAgent(seed)
    while True:
        decision = game.decision
        trick = game.cards_in(game.zones["trick"])
        if decision.kind == "card" and trick and game.decisions_taken > 30:
            player = game.players[decision.player]
            for i, p in enumerate(game.players):
                game.vars_of(p)["score"] = 40 * i      # somebody near the target, nobody over it
            return game, {"p": player, "c": game.cards_in(player.zones["hand"])[-1]}
        game.apply(agent.choose(turn_of(game)))


def best_time(fn, seconds: float) -> float:
    """Seconds per call: the best of five runs of a loop calibrated to `seconds`."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed > seconds / 5:
            break
        n *= 2
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - start) / n)
    return min(runs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    random.seed(args.seed)
    game, env = mid_hand_state(args.seed)
    naive = NaiveEvaluator(game)
    scope = {"p": "player", "c": "card"}
    print(f"state: seat {env['p'].seat} to play {env['c'].label} to a trick of "
          f"{len(game.cards_in(game.zones['trick']))}, {len(game.cards_in(env['p'].zones['hand']))} cards in hand")
    print(f"{'condition':<26} {'value':>6} {'compiled µs':>12} {'tree walk µs':>13} {'ratio':>7}")
    for label, text in CONDITIONS:
        compiled, _ = game.rules.compile(text, scope=scope)
        expected = compiled(game, env)
        assert naive.run(text, env) == expected, f"the evaluators disagree on {text}"
        fast = best_time(lambda: compiled(game, env), args.seconds)
        slow = best_time(lambda: naive.run(text, env), args.seconds)
        print(f"{label:<26} {str(expected):>6} {fast * 1e6:12.2f} {slow * 1e6:13.2f} {slow / fast:6.1f}x")
        print(f"    {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
