"""Compiles `choose:` steps: the decisions players make, enumerated from the ruleset.

A choice lists its legal options (cards, players, values, numbers or actions) from `from:`
and `where:`, asks with a Decision, and binds the answer to its `as` name for `then:`. Several
cards are picked one at a time; actions carry their own steps.

A compiled choice is an `Ask`: the name of a generated function `ask(g, env)` beside the steps'
code, which lists the options (the `where:` written inline in one loop over the candidates,
its parts that are the same for every candidate computed once per listing) and returns the
Decision; NONE when there is no legal option and the step has `if_none` (without it, that is
an error naming the player). For `choose: cards` it returns the state the choice keeps while
its cards are picked, [player, how many, the legal cards, the cards picked]: plain data, so a
waiting choice is copied with its game; `picks` says how to ask for each card.
"""
from __future__ import annotations

import ast
import copy
from typing import NamedTuple

from interpreter.compile.emitter import zone_cards
from interpreter.compile.flow_runtime import CardPicks
from interpreter.compile.writer import Label, Writer
from interpreter.language import types as T
from interpreter.errors import did_you_mean
from interpreter.engine.decisions import DONE, decision_site
from interpreter.engine.state import Zone
from interpreter.compile.step_context import StepContext
from interpreter.compile.steps import NOTED, ListingSite, Step
from interpreter.compile.templates import compile_template
from interpreter.kinds import CHOICE_KINDS

ACTION_KEYS = {"if", "label", "do"}


class Ask(NamedTuple):
    name: str                   # the generated function that lists the options and asks
    picks: CardPicks | None     # for `choose: cards`: how each card is asked for


class ChoiceCompiler:
    """Turns `choose:` mappings into decisions, in the flow compiler's context."""

    def __init__(self, context: StepContext):
        self.ctx = context

    def choice(self, raw, where, scope, span, *, private: bool):
        """Compile a 'choose' mapping into (Ask, then-steps, bound name)."""
        kind = raw.get("choose")
        if kind not in CHOICE_KINDS:
            self.ctx.errors.error("unknown-name", f"unknown kind of choice '{kind}'",
                                  where.source.span(where.path + ("choose",)),
                                  did_you_mean(str(kind), CHOICE_KINDS) or "one of: " + ", ".join(CHOICE_KINDS))
            return None
        bind = raw.get("as", "choice")
        if not isinstance(bind, str) or not bind.isidentifier():
            self.ctx.errors.error("type", "'as' names the chosen value, e.g. 'as: c'",
                                  where.source.span(where.path + ("as",)))
            return None
        clash = self.ctx.c.clash(bind)
        if clash:
            self.ctx.errors.error("name", f"'{bind}' is already {clash}; pick another name for the chosen value",
                                  where.source.span(where.path + ("as",)))
            return None
        if "player" not in raw:
            self.ctx.errors.error("missing-key", "a 'choose' step needs 'player:' (who decides)", span)
            return None
        who = self.ctx.who(raw, where, scope, "the player who chooses")
        prompt = compile_template(self.ctx.c, raw.get("prompt") or f"choose a {kind}", self.ctx.sub(where, "prompt"),
                                  scope=scope)
        verb = raw.get("label")
        if verb is not None:
            verb = compile_template(self.ctx.c, verb, self.ctx.sub(where, "label"), scope=scope)
        if_none = "if_none" in raw     # its steps are compiled and run by the caller
        allowed = {"card", "cards", "player", "value"}
        for key, kinds in (("from", allowed), ("where", allowed | {"number"}), ("count", {"cards"}),
                           ("min", {"number", "cards"}), ("max", {"number", "cards"}), ("actions", {"action"}),
                           ("labels", {"card", "player", "value", "number"})):
            if key in raw and kind not in kinds:
                hint = {"labels": "give each action its own 'label'" if kind == "action" else None}.get(key)
                self.ctx.errors.error("unknown-key", f"'{key}' does not apply to 'choose: {kind}'",
                                      where.source.span(where.path + (key,), key=True), hint)
        asking = _Asking(self.ctx, span, who, prompt, verb, kind, private, if_none)
        if kind == "action":
            return self._action_choice(raw, where, scope, span, asking, bind)
        if kind == "number":
            lo, _ = self.ctx.code(raw.get("min"), self.ctx.sub(where, "min"), scope, expect=T.INT)
            hi, _ = self.ctx.code(raw.get("max"), self.ctx.sub(where, "max"), scope, expect=T.INT)
            legal = labels = None
            if "where" in raw:
                legal, _ = self._where(raw, where, scope, bind, T.INT)
                if legal is None:
                    return None
            if "labels" in raw:
                labels = self._labels(raw, where, scope, bind, T.INT)
                if labels is None:
                    return None
            then = self.ctx.steps(raw.get("then"), self.ctx.sub(where, "then"), {**scope, bind: T.INT})
            if None in (who, lo, hi):
                return None
            return asking.single(asking.numbers(lo, hi, legal), labels), then, bind
        if "from" not in raw:
            self.ctx.errors.error("missing-key", f"'choose: {kind}' needs 'from:' (the list to choose from)", span)
            return None
        source, stype = self.ctx.code(raw["from"], self.ctx.sub(where, "from"), scope)
        want = {"card": T.CARD, "cards": T.CARD, "player": T.PLAYER}.get(kind)
        item = T.item_type(stype) if stype is not None and T.is_list(stype) else None
        if source is not None:
            if not T.is_list(stype):
                self.ctx.errors.error("type", f"'from' must be a list, not {T.show(stype)}",
                                      where.source.span(where.path + ("from",)))
                return None
            if want and not T.assignable(item, want):
                self.ctx.errors.error("type", f"'choose: {kind}' needs a list of {want}s in 'from', not {T.show(stype)}",
                                      where.source.span(where.path + ("from",)))
                return None
        item = item or want
        legal = reasons = None
        if "where" in raw:
            legal, reasons = self._where(raw, where, scope, bind, item)
            if legal is None:
                return None
            if reasons is not None and kind != "cards" and source is not None:
                from_fn, _ = self.ctx.c.expression(raw["from"], self.ctx.sub(where, "from"), scope=scope)
                reasons = None if from_fn is None else Reasons(from_fn, bind, reasons)
        labels = None
        if "labels" in raw and kind != "cards":
            labels = self._labels(raw, where, scope, bind, item)
            if labels is None:
                return None
        bound_type = T.list_of(item) if kind == "cards" else item
        then = self.ctx.steps(raw.get("then"), self.ctx.sub(where, "then"), {**scope, bind: bound_type})
        if None in (who, source):
            return None
        listing = asking.listing(zone_cards(source, self.ctx.c.symbols.zone_numbers) if stype == T.ZONE else source, legal)
        if kind != "cards":
            return asking.single(listing, labels, reasons if isinstance(reasons, Reasons) else None), then, bind
        return self._how_many(raw, where, scope, span, asking, listing), then, bind

    def _how_many(self, raw, where, scope, span, asking: "_Asking", listing) -> Ask | None:
        """`count:` (exactly n cards) or `min:`/`max:` (from min to max, ending with "done"); each
        an int expression. Without `min` it is 0; without `max`, every legal card may be picked."""
        ranged = [key for key in ("min", "max") if key in raw]
        if "count" in raw and ranged:
            self.ctx.errors.error("unknown-key", "'choose: cards' takes 'count' (exactly n cards) or 'min'/'max', "
                                  "not both", where.source.span(where.path + (ranged[0],), key=True),
                                  "'count: n' is 'min: n' with 'max: n'")
            return None
        if "count" in raw:
            count, _ = self.ctx.code(raw["count"], self.ctx.sub(where, "count"), scope, expect=T.INT)
            return None if count is None else asking.cards(count, count, listing)
        if not ranged:
            self.ctx.errors.error("missing-key", "'choose: cards' needs 'count:' (how many cards) or 'min:'/'max:' "
                                  "(from how many to how many)", span)
            return None
        if DONE in self.ctx.c.symbols.card_ids:
            self.ctx.errors.error("duplicate", f"a card has the id '{DONE}', the option that stops a 'min'/'max' "
                                  "choice", where.source.span(where.path + (ranged[0],), key=True),
                                  "give that card another id")
            return None
        lo, _ = self.ctx.code(raw.get("min", 0), self.ctx.sub(where, "min"), scope, expect=T.INT)
        hi, _ = self.ctx.code(raw["max"], self.ctx.sub(where, "max"), scope, expect=T.INT) if "max" in raw else ("None", None)
        least, most = raw.get("min", 0), raw.get("max")
        if all(isinstance(v, int) and not isinstance(v, bool) for v in (least, most)) and most < least:
            self.ctx.errors.error("range", f"'max' ({most}) is less than 'min' ({least})",
                                  where.source.span(where.path + ("max",)))
            return None
        return None if None in (lo, hi) else asking.cards(lo, hi, listing)

    def _where(self, raw, where, scope, bind, item):
        """A choice's `where:`: one condition, or a list of conditions each with the reason
        people are told when it is what leaves a candidate out. Returns (the listing's code of
        them all, the compiled (condition, reason) pairs or None); (None, None) after an error."""
        spec, at = raw["where"], self.ctx.sub(where, "where")
        scope = {**scope, bind: item}
        if not isinstance(spec, list):
            legal = self.ctx.c.candidate_code(spec, at, scope=scope, var=bind, unit=self.ctx.unit, expect=T.BOOL)
            return legal, None
        codes, shared, pairs, ok = [], {}, [], True
        for i, rule in enumerate(spec):
            rat = self.ctx.sub(at, i)
            if not isinstance(rule, dict) or "require" not in rule or "reason" not in rule:
                self.ctx.errors.error("missing-key", "each condition of a 'where:' list is a mapping with 'require:' "
                                      "(a condition) and 'reason:' (what people are told when it fails)",
                                      rat.source.span(rat.path))
                ok = False
                continue
            legal = self.ctx.c.candidate_code(rule["require"], self.ctx.sub(rat, "require"), scope=scope, var=bind,
                                              unit=self.ctx.unit, expect=T.BOOL, shared=shared)
            # the same condition again as a function of its own, to test one candidate when asked
            # why it is out (compiled only once it is known to be right: no error twice)
            test = None if legal is None else \
                self.ctx.c.expression(rule["require"], self.ctx.sub(rat, "require"), scope=scope, expect=T.BOOL)[0]
            reason = compile_template(self.ctx.c, rule["reason"], self.ctx.sub(rat, "reason"), scope=scope)
            if None in (legal, test, reason):
                ok = False
                continue
            codes.append(f"({legal[0]})")
            pairs.append((test, reason))
        if not ok:
            return None, None
        return (" and ".join(codes), list(shared.values()), T.BOOL), pairs

    def _labels(self, raw, where, scope, bind, item):
        """`labels:` an expression of the candidate (bound to the `as` name): its text for people."""
        return self.ctx.c.candidate_code(raw["labels"], self.ctx.sub(where, "labels"), scope={**scope, bind: item},
                                         var=bind, unit=self.ctx.unit, expect=T.STR)

    def _action_choice(self, raw, where, scope, span, asking: "_Asking", bind):
        actions = raw.get("actions")
        if not isinstance(actions, dict) or not actions:
            self.ctx.errors.error("missing-key", "'choose: action' needs 'actions:', a mapping of action names", span)
            return None
        compiled = []
        for name, spec in actions.items():
            awhere = self.ctx.sub(self.ctx.sub(where, "actions"), name)
            spec = spec if isinstance(spec, dict) else {"do": spec}
            for key in spec:
                if key not in ACTION_KEYS:
                    self.ctx.errors.error("unknown-key", f"unknown key '{key}' in action '{name}'",
                                          awhere.source.span(awhere.path + (key,), key=True), did_you_mean(key, ACTION_KEYS))
            test = None
            if "if" in spec:
                test, _ = self.ctx.code(spec["if"], self.ctx.sub(awhere, "if"), scope, expect=T.BOOL)
            body = self.ctx.steps(spec.get("do"), self.ctx.sub(awhere, "do"), {**scope, bind: T.STR})
            label = compile_template(self.ctx.c, spec.get("label", name), self.ctx.sub(awhere, "label"), scope=scope)
            compiled.append((name, label, test, body))
        then = self.ctx.steps(raw.get("then"), self.ctx.sub(where, "then"), {**scope, bind: T.STR})
        if asking.who is None:
            return None
        # the chosen action's own steps run first, then the common `then`
        bodies = {name: body for name, _, _, body in compiled}
        return asking.actions(compiled), [_run_action(bodies, bind, span)] + then, bind

    def simultaneous(self, raw, where, inner, name, items, itype, span):
        """Every player chooses before any choice takes effect or is seen by others."""
        body = raw.get("do")
        body = body[0] if isinstance(body, list) and len(body) == 1 else body
        if not (isinstance(body, dict) and "choose" in body):
            self.ctx.errors.error("simultaneous", "a simultaneous 'for_each' must hold exactly one 'choose' step "
                                  "(its 'then' runs for everyone after all have chosen)", span)
            return None
        body_where = self.ctx.sub(where, "do")
        if isinstance(raw.get("do"), list):
            body_where = self.ctx.sub(body_where, 0)
        self.ctx.check_keys(body, body_where, "choose")
        # everyone chooses before any `then` runs: no leaving early
        with self.ctx.hiding_loops("simultaneous"):
            choose = self.choice(body, body_where, inner, span, private=True)
            if_none = self.ctx.steps(body.get("if_none"), self.ctx.sub(body_where, "if_none"), inner) if "if_none" in body else []
        if choose is None or items is None:
            return None
        ask, then, bind = choose
        values = f"list({zone_cards(items, self.ctx.c.symbols.zone_numbers)})" if itype == T.ZONE else f"list({items})"

        def emit(w: Writer):
            asking, answered, results, none, end = Label(), Label(), Label(), Label(), Label()
            request, state, chosen = w.fresh("r"), w.fresh("st"), w.fresh("ch")
            ask_fn = ask.name
            picks = w.unit.constant(ask.picks, "picks") if ask.picks is not None else "None"
            here = w.unit.constant(span, "span")
            with w.at(span):
                w.line(f"data.append([CHOOSING, {values}, 0, [], None])")
            w.place(asking)
            with w.at(span):
                w.line(f"{request} = simultaneous_ask(g, env, data[-1], {name!r}, {ask_fn}, {picks}, {here})")
                with w.nested(f"if {request} is not None:"):
                    w.stop(answered, request)
                w.goto(results)
            w.place(answered)
            with w.at(span):
                w.line(f"{request} = simultaneous_answer(g, data[-1], {picks})")
                with w.nested(f"if {request} is not None:"):
                    w.stop(answered, request)
                w.goto(asking)
            w.place(results)    # each player's `then` (or `if_none`), in that player's env
            with w.at(span):
                w.line(f"{state} = data[-1]")
                with w.nested(f"if {state}[2] >= len({state}[3]):"):
                    w.goto(end)
                w.line(f"{chosen} = {state}[3][{state}[2]]")
                w.line(f"{state}[2] += 1")
                w.line("data.append(env)")
                w.line(f"env = fr.env = {chosen}[0]")
                with w.nested(f"if {chosen}[1] is NONE:"):
                    w.goto(none)
                w.line(f"env[{bind!r}] = {chosen}[1]")
            w.steps(then)
            with w.at(span):
                w.line("env = fr.env = data.pop()")
                w.goto(results)
            w.place(none)
            w.steps(if_none)
            with w.at(span):
                w.line("env = fr.env = data.pop()")
                w.goto(results)
            w.place(end)
            with w.at(span):
                w.line("data.pop()")
        return Step(True, span, emit)

    def step(self, raw, where, scope, span):
        """A `choose:` step: ask, bind the answer, run `then` (or `if_none` when nothing is legal)."""
        compiled = self.choice(raw, where, scope, span, private=False)
        if compiled is None:
            return None
        ask, then, bind = compiled
        if_none = self.ctx.steps(raw.get("if_none"), self.ctx.sub(where, "if_none"), scope) if "if_none" in raw else None
        shadows = bind in scope      # the chosen value's name hides one around: `then` gets an env of its own

        def emit(w: Writer):
            answered, bound, none, end = Label(), Label(), Label(), Label()
            asked, value = w.fresh("r"), w.fresh("c")
            ask_fn = ask.name
            with w.at(span):
                w.line(f"{asked} = {ask_fn}(g, env)")
                if if_none is not None:
                    with w.nested(f"if {asked} is NONE:"):
                        w.goto(none)
                if ask.picks is None:
                    w.stop(answered, asked)
                else:          # cards: the state [player, count, legal, picked], then one pick at a time
                    picks = w.unit.constant(ask.picks, "picks")
                    with w.nested(f"if {asked}[1] <= 0:"):
                        w.line(f"{value} = {asked}[3]")
                        w.goto(bound)
                    w.line(f"data.append({asked})")
                    w.stop(answered, f"pick(g, env, {asked}, {picks})")
            w.place(answered)
            with w.at(span):
                if ask.picks is None:
                    w.line(f"{value} = g._sent")
                else:
                    w.line(f"{asked} = data[-1]")
                    with w.nested(f"if picked_more({asked}, g._sent):"):
                        w.stop(answered, f"pick(g, env, {asked}, {w.unit.constant(ask.picks, 'picks')})")
                    w.line("data.pop()")
                    w.line(f"{value} = {asked}[3]")
            w.place(bound)
            with w.at(span):
                if shadows:
                    w.line("data.append(env)")
                    w.line("env = fr.env = dict(env)")
                w.line(f"env[{bind!r}] = {value}")
            if shadows:
                with w.scope(("env",)):
                    w.steps(then)
                with w.at(span):
                    w.line("env = fr.env = data.pop()")
            else:
                w.steps(then)
            if if_none is not None:
                with w.at(span):
                    w.goto(end)
                w.place(none)
                w.steps(if_none)
            w.place(end)
        return Step(True, span, emit)


class Reasons(NamedTuple):
    """What says why a candidate of a choice is not legal: the choice's `from:`, the name its
    candidate is bound to, and the `where:` conditions in order, each with its reason."""
    source: object          # fn(g, env) -> the candidates (a list, or a zone)
    bind: str
    rules: list             # [(fn(g, env) -> bool, reason: str | fn(g, env) -> str)]

    def why_not(self, g, env: dict, is_it) -> str | None:
        """The reason of the first condition that leaves out the candidate for which
        `is_it(candidate)` holds; None when there is no such candidate, or it is legal."""
        items = self.source(g, env)
        for item in (g.zone_cards[items.number] if type(items) is Zone else items):
            if is_it(item):
                scope = {**env, self.bind: item}
                for test, reason in self.rules:
                    if not test(g, scope):
                        return reason if isinstance(reason, str) else reason(g, scope)
                return None
        return None


class _Asking:
    """Writes the generated function of one choice: who decides, the options, the Decision."""

    def __init__(self, context: StepContext, span, who: str | None, prompt, verb, kind: str, private: bool, if_none: bool):
        self.unit = context.unit
        self.span, self.who, self.kind, self.private, self.if_none = span, who, kind, private, if_none
        self.prompt, self.verb = self.text(prompt), self.text(verb)
        self.prompt_template, self.verb_template = prompt, verb

    def text(self, template) -> str:
        """The code of a prompt or verb: a template is called, a constant is written with repr."""
        if callable(template):
            return f"{self.unit.constant(template, 'text')}(g, env)"
        return repr(template)

    def listing(self, items: str, legal) -> list[str]:
        """Lines that list the options into `_out`, noting in the game's cost report how many
        items (and steps) the listing took if more than ever at this choice."""
        site = self.unit.constant(ListingSite(self.span), "site")
        if legal is None:
            return [f"_items = {items}", "_out = list(_items)",
                    f"if len(_items) > {NOTED}: g.note_listing({site}, len(_items))"]
        test, hoisted, _ = legal
        return ([" = ".join(hoisted) + " = NOT_YET"] if hoisted else []) + \
            ["_before = g.steps", f"_items = {items}", "_out = []", "if _items:"] + \
            ["    " + line for line in _filtering(test, eager=True)] + \
            [f"if g.steps - _before + len(_items) > {NOTED}:",
             f"    g.note_listing({site}, g.steps - _before + len(_items))"]

    def numbers(self, lo: str, hi: str, legal) -> list[str]:
        span = self.unit.constant(self.span, "span")
        lines = [f"_out = numbers(g, {lo}, {hi}, {span})"]
        if legal is None:
            return lines
        test, hoisted, _ = legal
        site = self.unit.constant(ListingSite(self.span), "site")
        return lines + [f"_items = numbers_to_test(g, _out, {span})"] + \
            ([" = ".join(hoisted) + " = NOT_YET"] if hoisted else []) + \
            ["_before = g.steps", "_out = []", "for _x in _items:", f"    if {test}:", "        _out.append(_x)",
             f"if g.steps - _before + len(_items) > {NOTED}:",
             f"    g.note_listing({site}, g.steps - _before + len(_items))"]

    def _none(self, condition: str, error: str) -> list[str]:
        """What happens when there is no legal option: NONE for `if_none`, else the error."""
        return [f"if {condition}:", "    return NONE" if self.if_none else f"    {error}"]

    def single(self, listing: list[str], labels, reasons: "Reasons | None" = None) -> Ask:
        span = self.unit.constant(self.span, "span")
        lines = [f"_who = {self.who}"] + listing
        lines += self._none("not _out", f"no_choice(g, _who, {self.kind!r}, {self.prompt}, {span})")
        texts = "None"
        if labels is not None:
            code, hoisted, _ = labels
            lines += ([" = ".join(hoisted) + " = NOT_YET"] if hoisted else []) + \
                ["_texts = []", "for _x in _out:", f"    _texts.append({code})"]
            texts = "_texts"
        lines += _new_decision("_out", self.site(self.kind, texts))
        if reasons is not None:     # kept with the env it was asked in, to say later why a candidate is out
            lines.insert(-1, f"_d._why = ({self.unit.constant(reasons, 'reasons')}, env)")
        return Ask(self._function(lines), None)

    def cards(self, least: str, most: str, listing: list[str]) -> Ask:
        """The state of a multi-card choice: [player, how many at most, the legal cards, the
        cards picked, how many at least] (`count: n` is n and n; `max` None: every legal card)."""
        span = self.unit.constant(self.span, "span")
        lines = [f"_who = {self.who}", f"_lo = {least}"] + ([] if most == least else [f"_n = {most}"]) + listing
        if most == least:
            lines.append("_n = _lo")
        else:
            lines.append(f"_n = pick_range(g, _lo, _n, len(_out), {span})")
        lines += self._none("len(_out) < _lo", f"too_few_cards(g, _who, _lo, len(_out), {span})")
        lines.append("return [_who, _n, _out, [], _lo]")
        picks = CardPicks(self.prompt_template, self.span, self.private, self.verb_template)
        return Ask(self._function(lines), picks)

    def actions(self, compiled: list) -> Ask:
        span = self.unit.constant(self.span, "span")
        # labels that are all constants are one map of the site, looked up when read (a
        # Decision's `_labels`); computed ones are listed with the names
        fixed = not any(callable(label) for _, label, _, _ in compiled)
        lines = [f"_who = {self.who}", "_names = []"] + ([] if fixed else ["_labels = []"])
        for name, label, test, _ in compiled:
            adds = [f"_names.append({self.unit.literal(name)})"]
            if not fixed:
                adds.append(f"_labels.append({self.text(label)})")
            lines += [f"if {test}:"] + ["    " + add for add in adds] if test is not None else adds
        lines += self._none("not _names", f"no_action(g, _who, {self.prompt}, {span})")
        labels = {name: label for name, label, _, _ in compiled} if fixed else "_labels"
        lines += _new_decision("_names", self.site("action", labels))
        return Ask(self._function(lines), None)

    def site(self, kind: str, labels) -> str:
        """The code of the Decision's site tuple: a constant of the unit when the prompt, the
        verb and the labels are (labels code, or a constant map of an action's labels by name),
        else a tuple made when the decision is."""
        fixed = labels == "None" or isinstance(labels, dict)
        if fixed and not callable(self.prompt_template) and not callable(self.verb_template):
            return self.unit.constant(decision_site(kind, self.prompt_template, self.span,
                                                    labels if isinstance(labels, dict) else None, self.private,
                                                    verb=self.verb_template), "site")
        if isinstance(labels, dict):
            labels = self.unit.constant(labels, "labels")
        return f"({kind!r}, {self.prompt}, {self.unit.constant(self.span, 'span')}, {labels}, {self.private!r}, " \
               f"1, 1, {self.verb})"

    def _function(self, lines: list[str]) -> str:
        """Add `def _askN(g, env)` with these lines to the unit; its name."""
        name = self.unit.fresh("ask")
        writer = Writer(self.unit, machine=False)
        writer.span = self.span
        for line in lines:
            writer.line(line)
        self.unit.helper(*writer.function(name))
        return name


def _filtering(test: str, depth: int = 3, eager: bool = False) -> list[str]:
    """The loop that keeps the candidates `_items` (each in `_x`) for which `test` holds, as
    lines that put them into `_out`. Where the condition is a choice between parts by a part
    that is the same for every candidate (`A if C else B`, or `C and B`, `C or B`), C is
    decided once, before the loop (a listing with candidates computes it first in any case),
    and each way gets a loop of its own with only its part: up to `depth` such choices deep.
    `eager` when there is a candidate (see `_computed_first`)."""
    node = ast.parse(test, mode="eval").body
    return _filter_lines(node, depth, eager)


def _filter_lines(node, depth: int, eager: bool = False) -> list[str]:
    if not _reads_candidate(node):
        return [f"if {ast.unparse(node)}:", "    _out.extend(_items)"]
    if depth and isinstance(node, ast.IfExp) and not _reads_candidate(node.test):
        return [f"if {ast.unparse(node.test)}:", *_indented(_filter_lines(node.body, depth - 1, eager)),
                "else:", *_indented(_filter_lines(node.orelse, depth - 1, eager))]
    if depth and isinstance(node, ast.BoolOp) and not _reads_candidate(node.values[0]):
        first, rest = node.values[0], node.values[1:]
        rest = rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest)
        if isinstance(node.op, ast.And):
            return [f"if {ast.unparse(first)}:", *_indented(_filter_lines(rest, depth - 1, eager))]
        return [f"if {ast.unparse(first)}:", "    _out.extend(_items)",
                "else:", *_indented(_filter_lines(rest, depth - 1, eager))]
    if depth and isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        # a part `C or R` with C the same for every candidate and safe to compute
        # first: a loop where C holds (the part is true), one where only R is tested
        parts = [_flat(part) for part in node.values]
        for i, part in enumerate(parts):
            if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.Or) and _safe_invariant(part.values[0]):
                rest = _joined(ast.Or(), part.values[1:])
                return [f"if {ast.unparse(part.values[0])}:",
                        *_indented(_filter_lines(_joined(ast.And(), parts[:i] + parts[i + 1:]), depth - 1, eager)),
                        "else:", *_indented(_filter_lines(_joined(ast.And(), parts[:i] + [rest] + parts[i + 1:]),
                                                          depth - 1, eager))]
    first, node = _computed_first(node) if eager else ([], node)
    return [*first, "for _x in _items:", f"    if {ast.unparse(node)}:", "        _out.append(_x)"]


def _new_decision(values: str, site: str) -> list[str]:
    """The lines that return `_who`'s Decision among `values`: `decisions.new_decision`
    written out, as the listing that asks it runs once a decision."""
    return ["_d = blank_decision()", "_d._who = _who; _d.player = _who.seat", f"_d._values = {values}; _d._site = {site}",
            "return _d"]


def _computed_first(node) -> tuple[list[str], ast.AST]:
    """Lines computing, before the loop, the parts kept once (`h if h is not NOT_YET else
    (h := code)`) that the first candidate computes in any case: those on the path every
    test takes (the first part of an `and`/`or`, both sides of a comparison, ...) with nothing
    that could fail before them. The loop then reads each as a plain local. Only for a list
    with candidates: the first one would have computed these parts, so nothing changes but
    the test of each candidate, which no longer asks whether the part is computed yet.
    Returns them and the test that reads those parts as plain locals (a copy: the split
    loops above share parts of their tests)."""
    lines, kept = [], []
    for part in _always_tested(node):
        local = _kept_local(part)
        if local is not None:
            lines.append(f"{local} = {ast.unparse(part.orelse.value)}")
            kept.append(local)
        elif not _safe_node(part):
            break          # what comes after might not be reached: it stays as it is
    if kept:
        node = _Plain(set(kept)).visit(copy.deepcopy(node))
    return lines, node


def _always_tested(node):
    """The parts of `node` every evaluation computes, in the order Python computes them."""
    if isinstance(node, ast.BoolOp):
        yield from _always_tested(node.values[0])
        return
    if _kept_local(node) is not None:
        yield node
        return
    if isinstance(node, ast.Compare):
        yield from _always_tested(node.left)
        for right in node.comparators:
            yield from _always_tested(right)
    elif isinstance(node, ast.UnaryOp):
        yield from _always_tested(node.operand)
    elif isinstance(node, (ast.Attribute, ast.Subscript)):
        yield from _always_tested(node.value)
    yield node


def _kept_local(node) -> str | None:
    """The local of a part kept once, `h if h is not NOT_YET else (h := code)`, or None."""
    if (isinstance(node, ast.IfExp) and isinstance(node.body, ast.Name) and isinstance(node.orelse, ast.NamedExpr)
            and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Name)
            and node.test.left.id == node.body.id == node.orelse.target.id
            and isinstance(node.test.ops[0], ast.IsNot) and isinstance(node.test.comparators[0], ast.Name)
            and node.test.comparators[0].id == "NOT_YET"):
        return node.body.id
    return None


class _Plain(ast.NodeTransformer):
    """Reads of the kept parts computed before the loop, as their plain locals."""

    def __init__(self, locals_: set):
        self.locals = locals_

    def visit_IfExp(self, node):
        local = _kept_local(node)
        if local in self.locals:
            return ast.Name(local, ast.Load())
        return self.generic_visit(node)


def _flat(node):
    """`(a or b) or c` as `a or b or c` (the same values, tested in the same order)."""
    if not isinstance(node, ast.BoolOp):
        return node
    values = []
    for value in map(_flat, node.values):
        same = isinstance(value, ast.BoolOp) and type(value.op) is type(node.op)
        values += value.values if same else [value]
    return ast.BoolOp(node.op, values)


def _joined(op, values: list):
    return values[0] if len(values) == 1 else ast.BoolOp(op, values)


# what a part computed before the loop may be made of: reads of names, fields and the keys of
# variables, options and zones, compared and combined; no call (it might fail, or count)
_SAFE_NODES = (ast.Name, ast.Constant, ast.Attribute, ast.Compare, ast.BoolOp, ast.UnaryOp, ast.IfExp,
               ast.NamedExpr, ast.Load, ast.Store, ast.cmpop, ast.boolop, ast.Not, ast.Subscript)
_SAFE_TABLES = {"vars", "options", "attrs", "zones"}
# the game's flat sequences, read by a number the layout gave (a zone's number, a seat, a
# team's index): never out of range
_SAFE_SEQUENCES = {"zone_cards", "player_vars", "team_vars"}


def _safe_invariant(node) -> bool:
    """Whether `node` is the same for every candidate and cannot fail: computing it before the
    loop, where the loop might not have reached it, changes nothing."""
    return not _reads_candidate(node) and _safe_node(node)


def _safe_node(node) -> bool:
    """Whether computing `node` cannot fail: reads and comparisons, no call."""
    for part in ast.walk(node):
        if not isinstance(part, _SAFE_NODES) or (isinstance(part, ast.UnaryOp) and not isinstance(part.op, ast.Not)):
            return False
        if isinstance(part, ast.Subscript) and not _safe_read(part):
            return False
    return True


def _safe_read(node: ast.Subscript) -> bool:
    """Whether a subscript cannot fail: a name's key in a table of variables, options,
    attributes or zones (of the game, or of one player's or team's variables), or a place of
    one of the game's flat sequences."""
    table = node.value
    if isinstance(table, ast.Attribute) and table.attr in _SAFE_SEQUENCES:
        return True
    if isinstance(table, ast.Subscript) and isinstance(table.value, ast.Attribute):
        table = table.value     # `g.player_vars[seat]`: one player's variables
        if table.attr not in _SAFE_SEQUENCES:
            return False
    return (isinstance(table, ast.Attribute) and table.attr in _SAFE_TABLES | _SAFE_SEQUENCES
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str))


def _reads_candidate(node) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "_x" for n in ast.walk(node))


def _indented(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def _run_action(bodies: dict, bind: str, span) -> Step:
    """The step that runs the chosen action's own steps."""
    bodies = {name: steps for name, steps in bodies.items() if steps}   # (an action without steps: nothing to run)
    if not any(s.yields for steps in bodies.values() for s in steps):
        def emit(w: Writer):
            with w.at(span):
                for i, (name, steps) in enumerate(bodies.items()):
                    with w.nested(f"{'if' if i == 0 else 'elif'} env[{bind!r}] == {w.unit.literal(name)}:"):
                        w.steps(steps)
        return Step(False, span, emit)

    def emit_machine(w: Writer):
        starts = {name: Label() for name in bodies}
        end = Label()
        with w.at(span):
            w.branch([(f"env[{bind!r}] == {w.unit.literal(name)}", label) for name, label in starts.items()], end)
        for name, steps in bodies.items():
            w.place(starts[name])
            w.steps(steps)
            with w.at(span):
                w.goto(end)
        w.place(end)
    return Step(True, span, emit_machine)
