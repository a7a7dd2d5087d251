"""The flow of a game as numbered steps in plain language.

Each step kind of the language (see docs/language.md §3) has one sentence form; a procedure
called from one place only is written where it is called, one called from several places gets
its own list (and the step that calls it names it). Conditions known before the game (from the
options) choose their branch here, so the steps read as the options chosen make the game.
"""
from __future__ import annotations

from interpreter.explain.document import Item
from interpreter.explain.phrases import Phraser, code, words

_KIND = {"card": "a card", "cards": "cards", "player": "a player", "value": "one of",
         "number": "a number", "action": "what to do"}


def _lower(text: str) -> str:
    return text[0].lower() + text[1:] if text[:2].istitle() else text


def sentence(text: str) -> str:
    """A clause as a sentence: capital first letter (not of a `name` nor a one-letter name), full stop."""
    text = text.strip()
    if text and text[0].islower() and text[1:2].isalpha():
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", ":", "!", "?")) else text + "."


class StepWriter:
    """Writes step lists of one ruleset; `procedures` maps a name to its raw steps and parameters."""

    def __init__(self, phraser: Phraser, procedures: dict, *, inline: set[str]):
        self.p = phraser
        self.procedures = procedures
        self.inline = inline               # procedures written where they are called
        self._open: list[str] = []         # procedures being written (a call inside itself is named)

    def steps(self, raw) -> list[Item]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            raw = [raw]
        out: list[Item] = []
        for step in raw:
            out.extend(self.step(step))
        return out

    def step(self, raw) -> list[Item]:
        if isinstance(raw, str):
            if raw.strip() == "break":
                return [Item("Stop repeating: go on after the loop.")]
            return [Item(sentence("; then ".join(self.p.statements(raw))))]
        if not isinstance(raw, dict):
            return []
        for kind in ("if", "while", "repeat", "for_each", "call", "phase", "choose", "use", "let"):
            if kind in raw:
                return getattr(self, "s_" + kind)(raw)
        return []

    def s_if(self, raw) -> list[Item]:
        test = self.p.condition(raw["if"])
        if isinstance(test.value, bool):     # settled by the options: only the branch that runs
            return self.steps(raw.get("then") if test.value else raw.get("else"))
        out = [Item(f"If {test.text}:", self.steps(raw.get("then")))]
        if raw.get("else") is not None:
            out.append(Item("Otherwise:", self.steps(raw.get("else"))))
        return out

    def s_while(self, raw) -> list[Item]:
        test = self.p.condition(raw["while"])
        if test.value is True:
            return [Item("Repeat the following until a step says to stop:", self.steps(raw.get("do")))]
        return [Item(f"While {test.text}, repeat:", self.steps(raw.get("do")))]

    def s_repeat(self, raw) -> list[Item]:
        until = self.p.condition(raw["until"])
        return [Item(f"Repeat the following until {until.text}:", self.steps(raw.get("repeat")))]

    def s_for_each(self, raw) -> list[Item]:
        name, items = raw["for_each"], self.p.expression(raw["in"]).text
        if raw.get("simultaneous"):
            head = (f"For each {name} in {items}, all at the same time (each chooses without seeing "
                    "the others' choices, and nothing happens until all have chosen):")
        else:
            head = f"For each {name} in {items}, one after another:"
        return [Item(head, self.steps(raw.get("do")))]

    def s_call(self, raw) -> list[Item]:
        name = str(raw["call"])
        given = raw.get("with") or {}
        pairs = [(k, self.p.expression(v).text) for k, v in given.items()] if isinstance(given, dict) else []
        bound = ", ".join(f"{k} = {v}" for k, v in pairs if k != v)    # `p = p` says nothing
        if name in self.inline and name not in self._open:
            self._open.append(name)
            try:
                body = self.steps(self.procedures.get(name))
            finally:
                self._open.pop()
            if not bound:
                return body
            return [Item(f"{sentence(words(name))[:-1]}, with {bound}:", body)]
        return [Item(sentence(f"do “{words(name)}” (see the procedures)" + (f", with {bound}" if bound else "")))]

    def s_phase(self, raw) -> list[Item]:
        return [Item(f"Phase {code(str(raw['phase']))}:", self.steps(raw.get("do")))]

    def s_use(self, raw) -> list[Item]:
        who = self.p.expression(raw.get("player", "p")).text
        return [Item(sentence(f"{who} uses the ability {self.p.expression(raw['use']).text}"))]

    def s_let(self, raw) -> list[Item]:
        lets = raw["let"] if isinstance(raw["let"], dict) else {}
        return [Item(sentence("; ".join(f"let {k} be {self.p.expression(v).text}" for k, v in lets.items())))]

    def s_choose(self, raw) -> list[Item]:
        kind = str(raw["choose"])
        who = self.p.expression(raw.get("player", "p")).text
        name = str(raw.get("as", "choice"))
        verb = raw.get("label") if isinstance(raw.get("label"), str) and "{" not in raw["label"] else "chooses"
        what = self._what(kind, raw)
        head = f"{who} {verb} {what}"
        if kind != "action":
            head += f" (called {name})"
        if "from" in raw:
            head += f" from {self.p.expression(raw['from']).text}"
        if raw.get("prompt"):
            head += f"; the question is “{self.p.template(raw['prompt'])}”"
        children = self._legal(raw, name)
        if kind == "action":
            children += self._actions(raw)
        then = self.steps(raw.get("then"))
        if len(then) == 1 and not then[0].children:
            children.append(Item("Then " + _lower(then[0].text)))
        elif then:
            children.append(Item("Then:", then))
        if raw.get("if_none") is not None:
            children.append(Item(f"If there is nothing {who} may choose:", self.steps(raw["if_none"])))
        return [Item(sentence(head) if not children else sentence(head)[:-1] + ":", children)]

    def _what(self, kind: str, raw) -> str:
        if kind == "cards":
            if "count" in raw:
                return f"{self.p.expression(raw['count']).text} cards"
            low = self.p.expression(raw.get("min", 0)).text
            high = self.p.expression(raw["max"]).text if "max" in raw else "any number of"
            return f"from {low} to {high} cards"
        if kind == "number":
            return (f"a number from {self.p.expression(raw.get('min', 0)).text} "
                    f"to {self.p.expression(raw.get('max', 0)).text}")
        if kind == "value":
            return "a value"
        return _KIND.get(kind, kind)

    def _legal(self, raw, name: str) -> list[Item]:
        where = raw.get("where")
        if where is None:
            return []
        rules = where if isinstance(where, list) else [{"require": where}]
        out = []
        for rule in rules:
            if not isinstance(rule, dict):
                continue
            cond = self.p.condition(rule.get("require", True))
            if cond.value is True:          # switched off (a variant defined it as "true")
                continue
            described = self.p.description(rule.get("require"))
            line = described.rstrip(".") if described else f"only if {cond.text}"
            if rule.get("reason"):
                line += f" (else the player is told: “{self.p.template(rule['reason'])}”)"
            out.append(Item(sentence(line)))
        if not out:
            return []
        return [Item(f"Which {name} may be chosen:", out)]

    def _actions(self, raw) -> list[Item]:
        out = []
        for action, spec in (raw.get("actions") or {}).items():
            spec = spec if isinstance(spec, dict) and ({"if", "label", "do"} & set(spec)) else {"do": spec}
            head = code(str(action))
            label = self.p.template(spec["label"]) if isinstance(spec.get("label"), str) else str(action)
            if label != str(action):
                head += f" (“{label}”)"
            if "if" in spec:
                cond = self.p.condition(spec["if"])
                if cond.value is False:
                    continue
                if cond.value is not True:
                    head += f", allowed only if {cond.text}"
            body = self.steps(spec.get("do"))
            out.append(Item(head + (":" if body else ""), body))
        return [Item("The actions:", out)] if out else []
