"""Compiles `claim:` steps: one offered decision that several players may each take or pass,
resolved by the rule the ruleset states (see `claims.py` for the run time).

A claim is written like a `choose` (its kind, `from`, `where`, `labels`, `actions`, `as`,
`prompt`, `label`, `then`, `if_none`) with `players:` (who may claim) instead of `player:`,
and the claimant's name (`by:`, default `claimer`) in scope of the options and of `then`.
The choice part is compiled by the choose compiler with `player:` bound to that name; the
step around it opens the window, asks until it closes, then runs the winner's action `do`
and `then` in the winner's environment, or `if_none` when nobody claimed.
"""
from __future__ import annotations

from interpreter.compile.choices import ChoiceCompiler
from interpreter.compile.step_context import StepContext
from interpreter.compile.writer import Label, Writer
from interpreter.engine.claims import PASS, WINS, ClaimRule, claim_answer, claim_ask, claim_open, claim_winner
from interpreter.compile.steps import Step
from interpreter.errors import did_you_mean
from interpreter.language import types as T

CLAIM_KEYS = {"claim", "players", "by", "wins", "priority", "order", "window", "answers", "from", "where",
              "labels", "actions", "as", "prompt", "label", "then", "if_none"}
CLAIM_KINDS = ("action", "card", "player", "value")
ORDERS = ("listed", "random")
ANSWERS = ("hidden", "public")
MAX_WINDOW = 3600      # seconds: a web table's window is for people, not for days

_RUNTIME = {"claim_open": claim_open, "claim_ask": claim_ask, "claim_answer": claim_answer,
            "claim_winner": claim_winner}


class ClaimCompiler:
    """Turns `claim:` mappings into claim windows, in the flow compiler's context; `choices`
    compiles the choice each claimant is offered."""

    def __init__(self, context: StepContext, choices: ChoiceCompiler):
        self.ctx = context
        self.choices = choices

    def s_claim(self, raw, where, scope, allow, span):
        if not allow:
            self.ctx.errors.error("choice-not-allowed", "a trigger cannot open a claim (players would have to choose)",
                                  span)
            return None
        kind = raw.get("claim")
        if kind not in CLAIM_KINDS:
            self.ctx.errors.error("unknown-name", f"unknown kind of claim '{kind}'",
                                  where.source.span(where.path + ("claim",)),
                                  "a claim offers one " + ", ".join(CLAIM_KINDS[:-1]) + " or " + CLAIM_KINDS[-1])
            return None
        rule = self._claim_rule(raw, where, span)
        by = raw.get("by", "claimer")
        if not isinstance(by, str) or not by.isidentifier():
            self.ctx.errors.error("type", "'by' names the player who claims, e.g. 'by: q'",
                                  where.source.span(where.path + ("by",)))
            return None
        clash = self.ctx.c.clash(by) or ("already bound here" if by in scope else None)
        if clash:
            what = clash if clash.startswith("already") else f"already {clash}"
            self.ctx.errors.error("name", f"'{by}' is {what}; pick another name for the player who claims",
                                  where.source.span(where.path + ("by",)))
            return None
        if "players" not in raw:
            self.ctx.errors.error("missing-key", "a 'claim' step needs 'players:' (the players who may claim)", span)
            return None
        players, ptype = self.ctx.code(raw["players"], self.ctx.sub(where, "players"), scope)
        if players is not None and not T.assignable(ptype, T.list_of(T.PLAYER)):
            self.ctx.errors.error("type", f"'players' must be a list of players, not {T.show(ptype)}",
                                  where.source.span(where.path + ("players",)))
            return None
        if kind == "action":
            self._check_actions(raw, where, rule)
        choose = {key: value for key, value in raw.items() if key in CLAIM_KEYS - _OWN_KEYS}
        # a claimant with no legal option is not asked (the listing says so, as for `if_none`)
        choose.update(choose=kind, player=by, if_none=[])
        compiled = self.choices.choice(choose, where, {**scope, by: T.PLAYER}, span, private=rule.hidden if rule else True)
        if_none = self.ctx.steps(raw.get("if_none"), self.ctx.sub(where, "if_none"), scope) if "if_none" in raw else []
        if compiled is None or players is None or rule is None:
            return None
        ask, then, bind = compiled
        return Step(True, span, self._emit_claim(players, by, ask.name, rule, then, bind, if_none, span))

    def _claim_rule(self, raw, where, span) -> ClaimRule | None:
        """The rule of the window: `wins`, `priority`, `order`, `window`, `answers`."""
        ok = True

        def pick(key, allowed, default):
            nonlocal ok
            value = raw.get(key, default)
            if value not in allowed:
                self.ctx.errors.error("enum", f"'{key}' is one of: {', '.join(allowed)}",
                                      where.source.span(where.path + (key,)), did_you_mean(str(value), allowed))
                ok = False
            return value
        wins = pick("wins", WINS, "first")
        order = pick("order", ORDERS, "listed")
        answers = pick("answers", ANSWERS, "hidden")
        priority = raw.get("priority", [])
        if "priority" in raw and wins != "priority":
            self.ctx.errors.error("claim", "'priority' orders the claims of 'wins: priority'; this claim is won "
                                  f"by '{wins}'", where.source.span(where.path + ("priority",), key=True))
            ok = False
        if not isinstance(priority, list) or not all(isinstance(name, str) for name in priority):
            self.ctx.errors.error("type", "'priority' lists the options' ids, best first, e.g. [win, set, run]",
                                  where.source.span(where.path + ("priority",)))
            ok = False
        if "order" in raw and wins != "first":
            self.ctx.errors.error("claim", "'order' is how seats answer in turn in a race ('wins: first'); with "
                                  f"'wins: {wins}' every seat answers",
                                  where.source.span(where.path + ("order",), key=True))
            ok = False
        window = raw.get("window")
        if window is not None and (type(window) is not int or not 0 < window <= MAX_WINDOW):
            self.ctx.errors.error("type", f"'window' is a whole number of seconds, from 1 to {MAX_WINDOW}",
                                  where.source.span(where.path + ("window",)))
            ok = False
        if not ok:
            return None
        return ClaimRule(wins, tuple(priority), order, window, answers == "hidden", span)

    def _check_actions(self, raw, where, rule: ClaimRule | None) -> None:
        """Passing is the claim's own option; `priority` names declared actions."""
        actions = raw.get("actions")
        if not isinstance(actions, dict):
            return
        if PASS in actions:
            self.ctx.errors.error("claim", "a claim offers 'pass' by itself; name the action otherwise",
                                  where.source.span(where.path + ("actions", PASS), key=True))
        for i, name in enumerate(rule.priority if rule else ()):
            if name not in actions:
                self.ctx.errors.error("unknown-name", f"'priority' names '{name}', which is not an action of this claim",
                                      where.source.span(where.path + ("priority", i)), did_you_mean(name, actions))

    def _emit_claim(self, players: str, by: str, ask: str, rule: ClaimRule, then: list, bind: str,
                    if_none: list, span):
        def emit(w: Writer):
            answered, resolved, none, end = Label(), Label(), Label(), Label()
            request, won = w.fresh("r"), w.fresh("won")
            fns = {name: w.unit.constant(fn, name) for name, fn in _RUNTIME.items()}
            with w.at(span):
                w.tick(span)
                w.line(f"data.append({fns['claim_open']}(g, env, list({players}), {by!r}, {ask}, "
                       f"{w.unit.constant(rule, 'rule')}))")
                w.line(f"{request} = {fns['claim_ask']}(g, data[-1])")
                with w.nested(f"if {request} is not None:"):
                    w.stop(answered, request)
                w.goto(resolved)
            w.place(answered)
            with w.at(span):
                w.line(f"{request} = {fns['claim_answer']}(g, data[-1])")
                with w.nested(f"if {request} is not None:"):
                    w.stop(answered, request)
            w.place(resolved)
            with w.at(span):
                w.line(f"{won} = {fns['claim_winner']}(data.pop())")
                with w.nested(f"if {won} is None:"):
                    w.goto(none)
                w.line("data.append(env)")          # the winner's own environment, its name bound
                w.line(f"env = fr.env = {won}[0]")
                w.line(f"env[{bind!r}] = {won}[1]")
            with w.scope(("env",)):
                w.steps(then)
            with w.at(span):
                w.line("env = fr.env = data.pop()")
                w.goto(end)
            w.place(none)
            w.steps(if_none)
            w.place(end)
        return emit


_OWN_KEYS = {"claim", "players", "by", "wins", "priority", "order", "window", "answers", "if_none"}
