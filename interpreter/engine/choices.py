"""Compiles `choose:` steps: the decisions players make, enumerated from the ruleset.

A choice lists its legal options (cards, players, values, numbers or actions) from `from:`
and `where:`, asks with a Decision, and binds the answer to its `as` name for `then:`. Several
cards are picked one at a time; actions carry their own steps.

A compiled choice is an `Ask`: `begin(g, env)` lists the options and returns the first
Decision with the state the choice keeps while it waits (or NONE when there is no legal option
and the step has `if_none`); `answer(g, env, state, value)` takes an answer and returns the
next Decision (another card to pick) or None with the chosen value. The state is plain data
(a list of game objects), so a waiting choice can be copied with its game.
"""
from __future__ import annotations

from interpreter.language import types as T
from interpreter.language.builtins import MAX_RANGE
from interpreter.errors import GameError, did_you_mean
from typing import Callable, NamedTuple

from interpreter.engine.decisions import Decision
from interpreter.engine.steps import NONE, ListingSite, Step, run_plain
from interpreter.language.templates import compile_template, render

CHOICE_KINDS = ("card", "cards", "player", "value", "number", "action")
ACTION_KEYS = {"if", "label", "do"}
MAX_NUMBER_RANGE = 2 ** 62   # a number choice's range must have a length Python can count


class Ask(NamedTuple):
    begin: Callable
    answer: Callable


def answer_one(g, env, state, value):
    """A choice of one thing is answered by its first answer."""
    return None, value


class ChoiceCompiler:
    """The part of the flow compiler that turns `choose:` mappings into decisions."""

    def choice(self, raw, where, scope, span, *, private: bool):
        """Compile a 'choose' mapping into (Ask, then-steps, bound name)."""
        kind = raw.get("choose")
        if kind not in CHOICE_KINDS:
            self.errors.error("unknown-name", f"unknown kind of choice '{kind}'",
                              where.source.span(where.path + ("choose",)),
                              did_you_mean(str(kind), CHOICE_KINDS) or "one of: " + ", ".join(CHOICE_KINDS))
            return None
        bind = raw.get("as", "choice")
        if not isinstance(bind, str) or not bind.isidentifier():
            self.errors.error("type", "'as' names the chosen value, e.g. 'as: c'",
                              where.source.span(where.path + ("as",)))
            return None
        clash = self.c.clash(bind)
        if clash:
            self.errors.error("name", f"'{bind}' is already {clash}; pick another name for the chosen value",
                              where.source.span(where.path + ("as",)))
            return None
        if "player" not in raw:
            self.errors.error("missing-key", "a 'choose' step needs 'player:' (who decides)", span)
            return None
        who, _ = self.c.expression(raw["player"], self.sub(where, "player"), scope=scope, expect=T.PLAYER)
        if who is not None and isinstance(raw["player"], str) and raw["player"].strip() in scope:
            who = raw["player"].strip()     # a name bound by the steps around: read from env, not called
        prompt = compile_template(self.c, raw.get("prompt") or f"choose a {kind}", self.sub(where, "prompt"),
                                  scope=scope)
        verb = raw.get("label")
        if verb is not None:
            verb = compile_template(self.c, verb, self.sub(where, "label"), scope=scope)
        if_none = True if "if_none" in raw else None   # compiled and run by the caller
        allowed = {"card", "cards", "player", "value"}
        for key, kinds in (("from", allowed), ("where", allowed | {"number"}), ("count", {"cards"}),
                           ("min", {"number"}), ("max", {"number"}), ("actions", {"action"}),
                           ("labels", {"card", "player", "value", "number"})):
            if key in raw and kind not in kinds:
                hint = {"labels": "give each action its own 'label'" if kind == "action" else None}.get(key)
                self.errors.error("unknown-key", f"'{key}' does not apply to 'choose: {kind}'",
                                  where.source.span(where.path + (key,), key=True), hint)
        if kind == "action":
            return self._action_choice(raw, where, scope, span, who, prompt, if_none, private, bind, verb)
        if kind == "number":
            lo, _ = self.c.expression(raw.get("min"), self.sub(where, "min"), scope=scope, expect=T.INT)
            hi, _ = self.c.expression(raw.get("max"), self.sub(where, "max"), scope=scope, expect=T.INT)
            legal = labels = None
            if "where" in raw:
                legal = self.c.filter(raw["where"], self.sub(where, "where"), scope={**scope, bind: T.INT},
                                      var=bind)
                if legal is None:
                    return None
            if "labels" in raw:
                labels = self._labels(raw, where, scope, bind, T.INT)
                if labels is None:
                    return None
            then = self.steps(raw.get("then"), self.sub(where, "then"), {**scope, bind: T.INT})
            if None in (who, lo, hi):
                return None

            site = ListingSite(span)

            def options(g, env):
                low, high = lo(g, env), hi(g, env)
                if high - low >= MAX_NUMBER_RANGE:
                    raise GameError(f"a number choice from {low} to {high} is wider than {MAX_NUMBER_RANGE} "
                                    "numbers", span=span, phase=g.phase, code="number-range")
                numbers = range(low, high + 1)
                if legal is None:
                    return numbers
                if len(numbers) > MAX_RANGE:
                    raise GameError(f"a number choice with 'where' may list at most {MAX_RANGE} numbers, "
                                    f"not {len(numbers)}", span=span, phase=g.phase)
                before = g.steps
                found = legal(g, env, numbers)
                g.note_listing(site, g.steps - before + len(numbers))
                return found
            return self._single(who, options, kind, prompt, span, if_none, private, verb,
                                labels=labels, bind=bind), then, bind
        if "from" not in raw:
            self.errors.error("missing-key", f"'choose: {kind}' needs 'from:' (the list to choose from)", span)
            return None
        source, stype = self.c.expression(raw["from"], self.sub(where, "from"), scope=scope)
        want = {"card": T.CARD, "cards": T.CARD, "player": T.PLAYER}.get(kind)
        item = T.item_type(stype) if stype is not None and T.is_list(stype) else None
        if source is not None:
            if not T.is_list(stype):
                self.errors.error("type", f"'from' must be a list, not {T.show(stype)}",
                                  where.source.span(where.path + ("from",)))
                return None
            if want and not T.assignable(item, want):
                self.errors.error("type", f"'choose: {kind}' needs a list of {want}s in 'from', not {T.show(stype)}",
                                  where.source.span(where.path + ("from",)))
                return None
        item = item or want
        site = ListingSite(span)
        cond, options = raw.get("where"), None
        if source is not None:     # the options as one generated loop, from `from:` through `where:`
            options = self.c.listing(raw["from"], self.sub(where, "from"), cond,
                                     self.sub(where, "where") if cond is not None else None,
                                     scope=scope, var=bind, item=item, site=site)
            if options is None:
                return None
        elif cond is not None:     # checked all the same, to report its mistakes with the rest
            self.c.filter(cond, self.sub(where, "where"), scope={**scope, bind: item}, var=bind)
        labels = None
        if "labels" in raw and kind != "cards":
            labels = self._labels(raw, where, scope, bind, item)
            if labels is None:
                return None
        bound_type = T.list_of(item) if kind == "cards" else item
        then = self.steps(raw.get("then"), self.sub(where, "then"), {**scope, bind: bound_type})
        if None in (who, source):
            return None

        if kind != "cards":
            return self._single(who, options, kind, prompt, span, if_none, private, verb,
                                labels=labels, bind=bind), then, bind
        if "count" not in raw:
            self.errors.error("missing-key", "'choose: cards' needs 'count:' (how many cards)", span)
            return None
        count, _ = self.c.expression(raw["count"], self.sub(where, "count"), scope=scope, expect=T.INT)
        if count is None:
            return None

        def pick(g, env, state):    # state: [player, how many, the legal cards, the cards picked]
            player, want_n, pool, picked = state
            taken = {id(p) for p in picked}      # by identity: two cards may be equal in every attribute
            rest = [c for c in pool if id(c) not in taken]
            return Decision(player, "card", rest, render(prompt, g, env), span, private=private,
                           step=len(picked) + 1, of=want_n, verb=render(verb, g, env))

        def begin_cards(g, env):
            player = env[who] if type(who) is str else who(g, env)
            want_n = count(g, env)
            pool = options(g, env)
            if len(pool) < want_n:
                if if_none is not None:
                    return NONE
                raise GameError(f"{g.describe(player)} must choose {want_n} cards but only {len(pool)} are "
                                "legal", span=span, phase=g.phase, code="no-legal-choice")
            state = [player, want_n, pool, []]
            return (pick(g, env, state) if want_n > 0 else None), state

        def answer_cards(g, env, state, value):
            picked = state[3]
            if value is not None:
                picked.append(value)
            if len(picked) < state[1]:
                return pick(g, env, state), None
            return None, picked
        return Ask(begin_cards, answer_cards), then, bind

    def _labels(self, raw, where, scope, bind, item):
        """`labels:` an expression of the candidate (bound to the `as` name): its text for people."""
        fn, _ = self.c.expression(raw["labels"], self.sub(where, "labels"), scope={**scope, bind: item},
                                  expect=T.STR)
        return fn

    def _single(self, who, options, kind, prompt, span, if_none, private, verb=None, *, labels=None,
                bind=None):
        fixed_prompt, fixed_verb = not callable(prompt), not callable(verb)   # most are: no call to render them

        def begin(g, env):
            player = env[who] if type(who) is str else who(g, env)
            values = options(g, env)
            if not values:
                if if_none is not None:
                    return NONE
                raise GameError(f"{g.describe(player)} has no legal {kind} to choose ({render(prompt, g, env)})",
                                span=span, phase=g.phase, code="no-legal-choice")
            texts = None
            if labels is not None:
                e = dict(env)
                texts = []
                for x in values:
                    e[bind] = x
                    texts.append(labels(g, e))
            return Decision(player, kind, values, prompt if fixed_prompt else prompt(g, env), span, labels=texts,
                           private=private, verb=verb if fixed_verb else verb(g, env)), None
        return Ask(begin, answer_one)

    def _action_choice(self, raw, where, scope, span, who, prompt, if_none, private, bind, verb=None):
        actions = raw.get("actions")
        if not isinstance(actions, dict) or not actions:
            self.errors.error("missing-key", "'choose: action' needs 'actions:', a mapping of action names", span)
            return None
        compiled = []
        for name, spec in actions.items():
            awhere = self.sub(self.sub(where, "actions"), name)
            spec = spec if isinstance(spec, dict) else {"do": spec}
            for key in spec:
                if key not in ACTION_KEYS:
                    self.errors.error("unknown-key", f"unknown key '{key}' in action '{name}'",
                                      awhere.source.span(awhere.path + (key,), key=True), did_you_mean(key, ACTION_KEYS))
            test = None
            if "if" in spec:
                test, _ = self.c.expression(spec["if"], self.sub(awhere, "if"), scope=scope, expect=T.BOOL)
            body = self.steps(spec.get("do"), self.sub(awhere, "do"), {**scope, bind: T.STR})
            label = compile_template(self.c, spec.get("label", name), self.sub(awhere, "label"), scope=scope)
            compiled.append((name, label, test, body))
        then = self.steps(raw.get("then"), self.sub(where, "then"), {**scope, bind: T.STR})
        if who is None:
            return None
        by_name = {name: body for name, _, _, body in compiled}

        def begin(g, env):
            player = env[who] if type(who) is str else who(g, env)
            names, labels = [], []
            for name, label, test, _ in compiled:
                if test is None or test(g, env):
                    names.append(name)
                    labels.append(render(label, g, env))
            if not names:
                if if_none is not None:
                    return NONE
                raise GameError(f"{g.describe(player)} has no legal action ({render(prompt, g, env)})", span=span,
                                phase=g.phase, code="no-legal-choice")
            return Decision(player, "action", names, render(prompt, g, env), span, labels=labels,
                           private=private, verb=render(verb, g, env)), None
        # the chosen action's own steps run first, then the common `then`
        return Ask(begin, answer_one), [_run_action(by_name, bind, span)] + then, bind


def _run_action(by_name: dict, bind: str, span) -> Step:
    """The step that runs the chosen action's own steps."""
    if not any(s.yields for steps in by_name.values() for s in steps):
        def run_action(g, env):
            run_plain(by_name[env[bind]], g, env)
        return Step(run_action, False, span)

    def emit(asm):
        starts = {name: asm.label() for name in by_name}
        end = asm.label()

        def op_action(g, frame):
            frame.pc = starts[frame.env[bind]].pc
        asm.op(op_action)
        for name, steps in by_name.items():
            asm.place(starts[name])
            asm.steps(steps)
            asm.jump(end)
        asm.place(end)
    return Step(None, True, span, emit)
