"""A search player for any ruleset: single-observer information-set MCTS (Cowling, Powley and
Whitehouse, 2012).

Each iteration draws one full game state consistent with what the searching seat knows
(`Turn.sample`), walks down one shared tree with the actions legal in that sample (UCB over
each node's availability count, as ISUCT does), adds one node, plays the rest of the game at
random, and backs up every seat's reward. The answer is the most visited legal choice.

- Actions are choice ids, so cards, players, values and actions are all the same to the tree.
  A choice of several cards is asked one card at a time, so the tree holds one card per level.
- A number decision can span thousands of values; the tree and the playouts consider five of
  them (the least, the greatest and three between), which is enough to tell a small bet from
  an all-in.
- Simultaneous decisions are searched in the order the flow asks them; the choices of other
  seats that the searching seat has not seen yet are drawn afresh in every sample.
- A playout's end is valued by the score each seat reached, not only by who won: a node's value
  for its seat is the seat's mean score through it, placed between the lowest and the highest
  score that seat reached anywhere in this search (turned round when the winners are those with
  the lower scores, as the search's playouts show), so a chip or a point counts the same in every
  playout, and folding a poor hand early is worth more than losing everything with it; the share
  of wins stands in while a seat's score has not varied. (Placed within each playout instead, a
  seat heads-up only ever scored 1 or 0, and the search never folded: docs/measures.md.)
  `horizon` stops a playout after that many decisions, or with `horizon="hand"` where the
  current hand ends (`interpreter.agents.hands`), and values the state reached as if the game
  ended there.
- An iteration budget stops early once the most visited choice leads the next by more than the
  iterations left: nothing could overtake it, so the answer is the same for less work.
- A sample deals unseen cards (with their variables) anew. Should a ruleset still refuse to
  play on from one (a state its own flow could not have reached), that iteration is dropped
  and counted in `dropped` rather than ending the search; the shipped rulesets drop none.
"""
from __future__ import annotations

import math
import random
import time

from interpreter.agents.hands import HandOver, hand_opening_phase, stop_at_phase
from interpreter.agents.turn import Turn
from interpreter.engine.decisions import choice_id
from interpreter.engine.state import Card
from interpreter.errors import GameError

EXPLORATION = 0.7
HAND = "hand"       # the horizon that ends playouts with the current hand
NUMBER_SPREAD = 5


class Node:
    __slots__ = ("player", "children", "visits", "avail", "reward", "wins")

    def __init__(self, player: int | None):
        self.player = player          # the seat whose move led here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0             # summed score of `player` at the playouts' ends through this node
        self.wins = 0                 # how many of those playouts `player` ended among the winners


class Outcomes:
    """What one search has seen at its playouts' ends, to read a node's summed scores as a value
    in [0, 1]: the mean score of the node's seat placed between the lowest and the highest score
    that seat reached in this search, the winners' way round, so a chip or a point is worth the
    same in every playout however the others did; the share of wins while the seat's score has
    not varied."""
    __slots__ = ("low", "high", "votes")

    def __init__(self):
        self.low: list[float] = []
        self.high: list[float] = []
        self.votes = 0                # > 0: the winners had the higher scores; < 0: the lower

    def add(self, scores: list, winners: set) -> None:
        low, high = self.low, self.high
        if not low:
            low[:], high[:] = scores, scores
        for seat, score in enumerate(scores):
            if score < low[seat]:
                low[seat] = score
            elif score > high[seat]:
                high[seat] = score
        self.votes += winners_way(scores, winners)

    def scale(self, seat: int) -> tuple[float, float, bool]:
        """How to read a node of `seat`: (lowest score, span, turned round); a span of 0 means
        its score has not varied (read its share of wins), as before any playout has ended."""
        if not self.low:
            return 0.0, 0.0, False
        low = self.low[seat]
        return low, self.high[seat] - low, self.votes < 0

    def value(self, node: Node) -> float:
        """A visited node's value for the seat whose move led to it, in [0, 1] (see the class)."""
        low, span, turned = self.scale(node.player)
        if span <= 0:
            return node.wins / node.visits
        place = (node.reward / node.visits - low) / span
        return 1.0 - place if turned else place


class ISMCTSAgent:
    """Searches `iterations` samples (or for `seconds`) before each decision; with an iteration
    budget it stops as soon as the answer is settled (`settle`, see `_settled`), which changes no
    answer and saves the rest of the budget where one choice stands out."""
    name = "ismcts"
    uses = frozenset(["events", "sample"])

    def __init__(self, *, iterations: int | None = None, seconds: float | None = None, seed: int | None = None,
                 horizon: int | str | None = None, exploration: float = EXPLORATION, settle: bool = True):
        if iterations is None and seconds is None:
            iterations = 200
        if isinstance(horizon, str) and horizon != HAND:
            raise ValueError(f"horizon is a number of decisions or '{HAND}', not {horizon!r}")
        self.iterations, self.seconds, self.horizon = iterations, seconds, horizon
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.settle = settle          # stop an iteration budget early once its answer cannot change
        self.last_root: Node | None = None
        self.seen = Outcomes()        # the current search's playout ends
        self.dropped = 0
        self.searched = 0             # iterations run, over every decision

    def choose(self, turn: Turn):
        if len(turn) == 1:
            return _only(turn)
        root = Node(None)
        self.seen = Outcomes()
        hand_phase = hand_opening_phase(turn.events) if self.horizon == HAND else None
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        draw = turn.knowledge.sampler()      # the seat's knowledge, rebuilt once per decision
        legal = {c.id for c in turn.choices} if turn.numbers is None else {str(n) for n in turn.numbers}
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if self.settle and self.iterations is not None and _settled(root, legal, self.iterations - done):
                break
            try:
                self._iterate(root, draw, hand_phase)
            except GameError:
                self.dropped += 1
            done += 1
        self.last_root, self.searched = root, self.searched + done
        # the most visited; of as many, the better valued (a summed score may count either way)
        ranked = sorted(((child.visits, self.seen.value(child) if child.visits else 0.0, action)
                         for action, child in root.children.items() if action in legal), reverse=True)
        return ranked[0][2] if ranked else _only(turn)

    def _iterate(self, root: Node, draw, hand_phase: str | None) -> None:
        game = draw(self.rng)
        if hand_phase is not None:
            stop_at_phase(game, hand_phase)
        path = [root]
        try:
            self._descend(root, game, path)
            self._playout(game)
        except HandOver:            # the hand ended on the way: score it as it stands
            pass
        scores, winners = outcome(game)
        self.seen.add(scores, winners)
        for n in path:
            n.visits += 1
            player = n.player
            if player is not None:
                n.reward += scores[player]
                n.wins += player in winners

    def _descend(self, root: Node, game, path: list) -> None:
        """Selection and expansion: down the tree, adding one node, applying the moves to `game`."""
        node = root
        # selection: down the tree while every legal action here has been tried
        while not game.over:
            actions = legal_actions(game)
            children, untried = node.children, []
            for a in actions:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            player = game.decision.player
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = children[action] = Node(player)
                child.avail = 1
                path.append(child)          # before the move: a move may end the hand
                game.apply_index(actions[action])
                break
            action = self._select(node, actions, player)
            node = children[action]
            path.append(node)
            game.apply_index(actions[action])

    def _select(self, node: Node, actions: dict, player: int) -> str:
        best, best_value = None, -math.inf
        c = self.exploration
        # (`Outcomes.value` written out: this loop runs for every node of every iteration)
        low, span, turned = self.seen.scale(player)     # (every child here is a move of `player`)
        for action in actions:
            child = node.children[action]
            visits = child.visits
            if not visits:              # added by an iteration that was dropped: try it first
                return action
            if span > 0:
                value = (child.reward / visits - low) / span
                if turned:
                    value = 1.0 - value
            else:
                value = child.wins / visits
            value += c * math.sqrt(math.log(child.avail) / visits)
            if value > best_value:
                best, best_value = action, value
        return best

    def _playout(self, game) -> None:
        rng, steps = self.rng, 0
        limit = self.horizon if isinstance(self.horizon, int) else None
        if limit is None and type(rng) is random.Random:
            # to the end: the engine's playout loop, with the same draws (`randrange(n)` is
            # `_randbelow(n)` after checks a count of options always passes)
            below = rng._randbelow

            def a_number(n: int) -> int:
                at = _spread_positions(True, n)
                return at[below(len(at))]
            game.play_out(below, numbers=a_number)
            return
        while not game.over:
            if limit is not None and steps >= limit:
                break
            decision = game.decision
            n = len(decision)
            # taken by position, the playout path; a number among a few across its range
            at = _spread_positions(decision.kind == "number", n)
            game.apply_index(at[rng.randrange(len(at))])
            steps += 1


def _settled(root: Node, legal: set, remaining: int) -> bool:
    """Whether the most visited legal choice leads by more than the iterations left: every
    iteration adds one visit to one choice at the root, so none can catch it up, and the answer
    is the one the whole budget would give (only the random draws it would have used differ)."""
    first = second = 0
    for action in legal:
        child = root.children.get(action)
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


def _only(turn: Turn):
    return str(turn.numbers[0]) if turn.numbers is not None else turn.choices[0]


def spread(decision):
    """The options a search considers: all of them, or for a number a few across its range."""
    options = decision.options
    at = _spread_positions(decision.kind == "number", len(options))
    return options if type(at) is range else [options[i] for i in at]


def legal_actions(game) -> dict:
    """The actions of the current decision, by id, with the position of each among the legal
    values, to be taken by `apply_index` (of options sharing an id, the last)."""
    options = game.legal_values()
    if game.decision.kind != "number":       # every option; a card's id is the card's own
        return {(option.id if type(option) is Card else choice_id(option)): at for at, option in enumerate(options)}
    return {choice_id(options[at]): at for at in _spread_positions(True, len(options))}


def _spread_positions(number: bool, n: int):
    """The positions of the options a search considers among `n` (see `spread`)."""
    if not number or n <= NUMBER_SPREAD:
        return range(n)
    last = n - 1
    return sorted({0, last, last // 4, last // 2, 3 * last // 4})


def outcome(game) -> tuple[list, set]:
    """Every seat's score and the seats among the winners, for the state reached (the end, or
    where a playout stopped)."""
    winners = game.winners if game.over else _winners_now(game)
    return game.scores(), {p.seat for p in winners or []}


def winners_way(scores: list, winners: set) -> int:
    """1 when the winners' mean score is above the others', -1 when below, 0 when it cannot tell
    (no winner, every seat a winner, or the same means)."""
    n = len(scores)
    if not winners or len(winners) >= n:
        return 0
    won = sum(scores[s] for s in winners) / len(winners)
    lost = sum(scores[s] for s in range(n) if s not in winners) / (n - len(winners))
    return (won > lost) - (won < lost)


def rewards(game) -> list[float]:
    """Every seat's reward in [0, 1] for one game's end, as learners are paid (`rl.encoding`): half
    for being among the winners, half for the score's place between the lowest and the highest."""
    scores = game.scores()
    winners = game.winners if game.over else _winners_now(game)
    seats = {p.seat for p in winners or []}
    low, high = min(scores), max(scores)
    direction = -1 if winners_way(scores, seats) < 0 else 1
    span = (high - low) or 1
    out = []
    for seat, score in enumerate(scores):
        place = (score - low) / span if direction > 0 else (high - score) / span
        out.append(0.5 * (seat in seats) + 0.5 * place)
    return out


def _winners_now(game):
    rule = game.rules.result_winners
    if rule is None:
        return []
    try:
        return list(rule(game, {}))
    except Exception:       # a winners rule may need the end (an empty list, a missing value)
        return []
