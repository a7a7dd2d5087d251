"""Expressions and statements written as phrases people read.

A checked expression string is parsed again with the language's own grammar and walked once:
comparisons, `and`/`or`/`not`, the collection macros and the builtins and effects listed in
`templates.py` become words ("p's hand is empty", "every p in the players"), anything else
clean infix ("a + b", "x mod 4"). Values known before the game (option values, literals,
functions whose body is a constant) are folded, so that a sheet reads as the options chosen
make the game: a rule a variant switched off by defining it as `"true"` disappears.

Names are written as `code` (options, zones, phases) or words (variables by their display
label, functions by their name with spaces); the renderers decide what `code` looks like.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token, Tree

from interpreter.explain.templates import BUILTIN_PHRASES, EFFECT_PHRASES, GLOBAL_PHRASES, MACRO_PHRASES
from interpreter.language.expressions import parse

UNKNOWN = object()     # "not known before the game"

# Binding strength, loosest first: a part looser than its place is put in parentheses.
COND, OR, AND, NOT, COMPARE, SUM, PRODUCT, UNARY, ATOM = range(9)

_COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
            ">": "is more than", ">=": "is at least"}
_NEGATE = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_SPECIAL_ATTRS = {"left": "the player to the left of {x}", "right": "the player to the right of {x}",
                  "last_holder": "the last player to hold {x}", "members": "the members of {x}"}
_ONE = re.compile(r"\b(1 (card|seat))s\b")   # "deal 1 card", not "1 cards"
_ARITH = {"add": ("+", SUM), "sub": ("−", SUM), "mul": ("×", PRODUCT), "div": ("÷", PRODUCT),
          "mod": ("mod", PRODUCT)}


def words(name: str) -> str:
    """An identifier as words: `first_player` -> "first player"."""
    return name.replace("_", " ").strip() or name


def code(name: str) -> str:
    """A name people may look up in the sheet's tables, marked for the renderers."""
    return f"`{name}`"


@dataclass(frozen=True)
class Phrase:
    text: str
    level: int = ATOM
    value: object = UNKNOWN          # the value, when it is known before the game
    negated: str | None = None     # the phrase of `not` this one, when it reads better than "not ..."

    @property
    def known(self) -> bool:
        return self.value is not UNKNOWN


@dataclass
class Names:
    """What the names of one ruleset stand for, so that each is written the way people know it."""
    options: dict = field(default_factory=dict)       # option name -> its value in this game
    zones: set = field(default_factory=set)
    variables: dict = field(default_factory=dict)     # variable name -> the words people read
    functions: dict = field(default_factory=dict)     # name -> (parameter names, body text)
    cards: dict = field(default_factory=dict)         # card id -> label
    descriptions: dict = field(default_factory=dict)  # function name -> its description
    constants: dict = field(default_factory=dict)     # function name -> its folded value, filled lazily


class Phraser:
    """Writes the expressions of one ruleset as phrases (see the module docstring)."""

    def __init__(self, names: Names):
        self.names = names
        self._folding: set[str] = set()

    # -- entry points ------------------------------------------------------------
    def expression(self, text) -> Phrase:
        """The phrase of an expression string (or a YAML number or boolean written in its place)."""
        if isinstance(text, bool):
            return Phrase("true" if text else "false", value=text)
        if isinstance(text, int):
            return Phrase(str(text), value=text)
        return self.node(parse(str(text)).children[0])

    def condition(self, text) -> Phrase:
        return self.expression(text)

    def description(self, text) -> str | None:
        """The description of the function an expression calls and nothing else (`follows(p, c)`),
        if it has one: the words its author chose for the rule."""
        if not isinstance(text, str):
            return None
        node = parse(text).children[0]
        name = None
        if isinstance(node, Tree) and node.data == "call":
            name = str(node.children[0])
        elif isinstance(node, Tree) and node.data == "name":
            name = str(node.children[0])
        return self.names.descriptions.get(name) if name else None

    def statements(self, text: str) -> list[str]:
        """One clause per statement of an effect string."""
        return [self.statement(node) for node in parse(str(text), "statements").children]

    def template(self, text: str) -> str:
        """A prompt, label or reason: each `{expression}` written as its phrase."""
        out, i, text = [], 0, str(text)
        while i < len(text):
            if text.startswith("{{", i) or text.startswith("}}", i):
                out.append(text[i])
                i += 2
            elif text[i] == "{" and "}" in text[i:]:
                end = text.index("}", i)
                try:
                    out.append(self.expression(text[i + 1:end]).text)
                except Exception:      # the checker accepted it; an unusual form is shown as written
                    out.append(text[i:end + 1])
                i = end + 1
            else:
                out.append(text[i])
                i += 1
        return "".join(out)

    # -- statements ---------------------------------------------------------------
    def statement(self, node: Tree) -> str:
        kind = node.data
        if kind == "effect":
            name = str(node.children[0])
            args = [self.node(a) for a in _args(node.children[1:])]
            return self._fill(EFFECT_PHRASES.get(name), name, args, words_default=True)
        target = self.target(node.children[0])
        value = self.node(node.children[1])
        if kind == "add_assign":
            return f"add {value.text} to {target}"
        if kind == "sub_assign":
            return f"subtract {value.text} from {target}"
        return f"{target} becomes {value.text}"

    def target(self, node) -> str:
        if node.data == "target_name":
            return self._name(str(node.children[0])).text
        owner = self.node(node.children[0])
        return self._attribute(owner, str(node.children[1])).text

    # -- expressions --------------------------------------------------------------
    def node(self, node) -> Phrase:
        if isinstance(node, Token):
            return Phrase(str(node))
        method = getattr(self, "n_" + node.data.rstrip("_"), None)
        if method is None:        # a form this module does not know: the source, cleanly spaced
            return Phrase(" ".join(str(t) for t in node.scan_values(lambda _: True)))
        return method(node)

    def n_int(self, node) -> Phrase:
        return Phrase(str(node.children[0]), value=int(node.children[0]))

    def n_string(self, node) -> Phrase:
        value = str(node.children[0])[1:-1]
        return Phrase(f"“{value}”", value=value)

    def n_true(self, node) -> Phrase:
        return Phrase("true", value=True)

    def n_false(self, node) -> Phrase:
        return Phrase("false", value=False)

    def n_name(self, node) -> Phrase:
        return self._name(str(node.children[0]))

    def n_list(self, node) -> Phrase:
        items = [self.node(a) for a in _args(node.children)]
        return Phrase("[" + ", ".join(i.text for i in items) + "]")

    def n_tuple(self, node) -> Phrase:
        return Phrase("(" + ", ".join(self.node(a).text for a in node.children) + ")")

    def n_neg(self, node) -> Phrase:
        inner = self.node(node.children[0])
        if isinstance(inner.value, int) and not isinstance(inner.value, bool):
            return Phrase(str(-inner.value), UNARY, value=-inner.value)
        return Phrase("−" + _wrap(inner, UNARY), UNARY)

    def n_not(self, node) -> Phrase:
        inner = self.node(node.children[0])
        if isinstance(inner.value, bool):
            return _const(not inner.value)
        if inner.negated is not None:
            return Phrase(inner.negated, inner.level, negated=inner.text)
        return Phrase("not " + _wrap(inner, NOT), NOT, negated=inner.text)

    def n_and(self, node) -> Phrase:
        return self._logic(node, "and", AND, absorbing=False)

    def n_or(self, node) -> Phrase:
        return self._logic(node, "or", OR, absorbing=True)

    def _logic(self, node, word: str, level: int, *, absorbing: bool) -> Phrase:
        left, right = (self.node(c) for c in node.children)
        for one, other in ((left, right), (right, left)):
            if one.value is absorbing:        # `false and x`, `true or x`
                return _const(absorbing)
            if one.value is (not absorbing):  # `true and x`, `false or x`
                return other
        return Phrase(f"{_wrap(left, level)} {word} {_wrap(right, level)}", level)

    def n_cond(self, node) -> Phrase:
        test, yes, no = (self.node(c) for c in node.children)
        if isinstance(test.value, bool):
            return yes if test.value else no
        return Phrase(f"{_wrap(yes, OR)} if {_wrap(test, OR)}, otherwise {_wrap(no, COND)}", COND)

    def n_compare(self, node) -> Phrase:
        left, op, right = node.children
        return self._compare(self._operand(left), str(op), self._operand(right))

    def _compare(self, left: Phrase, op: str, right: Phrase) -> Phrase:
        if left.known and right.known and type(left.value) is type(right.value):
            try:
                return _const(_apply(op, left.value, right.value))
            except TypeError:
                pass
        text = f"{_wrap(left, SUM)} {_COMPARE[op]} {_wrap(right, SUM)}"
        negated = f"{_wrap(left, SUM)} {_COMPARE[_NEGATE[op]]} {_wrap(right, SUM)}"
        return Phrase(text, COMPARE, negated=negated)

    def _operand(self, node) -> Phrase:
        """A compared value: a string literal reads without its quotes (`colour is red`)."""
        phrase = self.node(node)
        if isinstance(node, Tree) and node.data == "string":
            return Phrase(phrase.value, value=phrase.value)
        return phrase

    def n_in(self, node) -> Phrase:
        item, items = (self.node(c) for c in node.children)
        return Phrase(f"{_wrap(item, SUM)} is in {_wrap(items, SUM)}", COMPARE,
                      negated=f"{_wrap(item, SUM)} is not in {_wrap(items, SUM)}")

    def n_not_in(self, node) -> Phrase:
        item, items = (self.node(c) for c in node.children)
        return Phrase(f"{_wrap(item, SUM)} is not in {_wrap(items, SUM)}", COMPARE,
                      negated=f"{_wrap(item, SUM)} is in {_wrap(items, SUM)}")

    def _arith(self, node) -> Phrase:
        symbol, level = _ARITH[node.data]
        left, right = (self.node(c) for c in node.children)
        if isinstance(left.value, int) and isinstance(right.value, int) and not isinstance(left.value, bool):
            folded = _fold_arith(node.data, left.value, right.value)
            if folded is not None:
                return Phrase(str(folded), value=folded)
        if node.data in ("add", "sub") and right.value == 0 and not isinstance(right.value, bool):
            return left
        if node.data == "add" and left.value == 0 and not isinstance(left.value, bool):
            return right
        if node.data == "add" and isinstance(left.value, str) and isinstance(right.value, str):
            return Phrase(f"“{left.value}{right.value}”", value=left.value + right.value)
        return Phrase(f"{_wrap(left, level)} {symbol} {_wrap(right, level + 1)}", level)

    n_add = n_sub = n_mul = n_div = n_mod = _arith

    def n_index(self, node) -> Phrase:
        items, index = node.children
        listed, at = self.node(items), self.node(index)
        if isinstance(at.value, int) and isinstance(items, Tree) and items.data == "list":
            elements = list(_args(items.children))
            if 0 <= at.value < len(elements):
                return self.node(elements[at.value])
        return Phrase(f"{_wrap(listed, ATOM)}[{at.text}]")

    def n_attr(self, node) -> Phrase:
        return self._attribute(self.node(node.children[0]), str(node.children[1]))

    def _attribute(self, owner: Phrase, name: str) -> Phrase:
        if name in _SPECIAL_ATTRS:
            return Phrase(_SPECIAL_ATTRS[name].format(x=owner.text))
        label = code(name) if name in self.names.zones else self.names.variables.get(name, words(name))
        if " " in owner.text:
            return Phrase(f"the {label} of {owner.text}")
        return Phrase(f"{owner.text}'s {label}")

    def n_call(self, node) -> Phrase:
        name = str(node.children[0])
        return self._call(name, [self.node(a) for a in _args(node.children[1:])], _args(node.children[1:]))

    def n_method(self, node) -> Phrase:
        receiver, name = node.children[0], str(node.children[1])
        rest = _args(node.children[2:])
        if name in MACRO_PHRASES and len(rest) == 2:
            return self._macro(name, self.node(receiver), str(rest[0].children[0]) if isinstance(rest[0], Tree)
                               else str(rest[0]), self.node(rest[1]))
        nodes = [receiver, *rest]
        return self._call(name, [self.node(a) for a in nodes], nodes)

    def _macro(self, name: str, items: Phrase, item: str, body: Phrase) -> Phrase:
        template, negated = MACRO_PHRASES[name]
        key = body.text
        if name in ("max_by", "min_by", "sort_by", "max", "min", "sum") and key.startswith(f"{item}'s ") \
                and " " not in key[len(item) + 3:]:
            key = key[len(item) + 3:]          # "the c with the highest rank", not "... c's rank"
        elif name in ("max_by", "min_by", "max", "min") and key.startswith("the "):
            key = key[4:]                        # "the highest poker rank of ...", not "the highest the ..."
        elif body.level < (OR if name in ("all", "any", "filter", "count") else SUM):
            key = f"({key})"
        parts = {"xs": _wrap(items, SUM), "x": item, "body": key}
        return Phrase(template.format(**parts), COMPARE if name in ("all", "any") else ATOM,
                      negated=negated.format(**parts) if negated else None)

    def _call(self, name: str, args: list[Phrase], nodes: list) -> Phrase:
        if name == "card" and len(nodes) == 1 and isinstance(args[0].value, str):
            return Phrase(self.names.cards.get(args[0].value, args[0].value))
        if name in self.names.functions:
            return self._function(name, args)
        if name == "offset" and len(args) == 2 and isinstance(args[1].value, int) and args[1].value < 0:
            seats = "1 seat" if args[1].value == -1 else f"{-args[1].value} seats"
            return Phrase(f"the player {seats} to the right of {_wrap(args[0], SUM)}")
        if name == "offset" and len(args) == 2 and args[1].value == 1:
            return Phrase(f"the player 1 seat to the left of {_wrap(args[0], SUM)}")
        if name in BUILTIN_PHRASES:
            template, negated = BUILTIN_PHRASES[name]
            text = self._fill(template, name, args)
            level = COMPARE if negated else ATOM
            return Phrase(text, level, negated=self._fill(negated, name, args) if negated else None)
        return Phrase(f"{name}(" + ", ".join(a.text for a in args) + ")")

    def _function(self, name: str, args: list[Phrase]) -> Phrase:
        params, body = self.names.functions[name]
        value = self.constant(name)
        if value is not UNKNOWN:
            return _const(value)
        if not params:
            return Phrase(words(name))
        return Phrase(f"{words(name)} (" + ", ".join(a.text for a in args) + ")")

    def constant(self, name: str):
        """The value of a ruleset function known before the game (a literal, or options), else UNKNOWN."""
        if name in self.names.constants:
            return self.names.constants[name]
        params, body = self.names.functions[name]
        value = UNKNOWN
        if name not in self._folding:
            self._folding.add(name)
            try:
                folded = self.expression(body)
                # a function of its parameters is constant only when its body is a literal
                if folded.known and (not params or _is_literal(body)):
                    value = folded.value
            except Exception:
                value = UNKNOWN
            finally:
                self._folding.discard(name)
        self.names.constants[name] = value
        return value

    def _name(self, name: str) -> Phrase:
        names = self.names
        if name in names.options:
            return Phrase(code(name), value=names.options[name])
        if name in names.functions:
            return self._function(name, [])
        if name in names.zones:
            return Phrase(code(name))
        if name in names.variables:
            return Phrase(names.variables[name])
        if name in GLOBAL_PHRASES:
            return Phrase(GLOBAL_PHRASES[name])
        return Phrase(name)

    @staticmethod
    def _fill(template: str | None, name: str, args: list[Phrase], *, words_default: bool = False) -> str:
        if template is None:
            if words_default:
                return words(name) + (" " + ", ".join(a.text for a in args) if args else "")
            return f"{name}(" + ", ".join(a.text for a in args) + ")"
        return _ONE.sub(r"\1", template.format(*(_wrap(a, SUM) for a in args)))


def _args(children) -> list:
    """The argument nodes of a call, method or list (Lark wraps them in an `args` tree)."""
    out = []
    for child in children:
        if isinstance(child, Tree) and child.data == "args":
            out.extend(child.children)
        elif child is not None:
            out.append(child)
    return out


def _wrap(phrase: Phrase, level: int) -> str:
    return f"({phrase.text})" if phrase.level < level else phrase.text


def _const(value) -> Phrase:
    if isinstance(value, bool):
        return Phrase("true" if value else "false", value=value)
    return Phrase(str(value) if not isinstance(value, str) else value, value=value)


def _is_literal(body) -> bool:
    return isinstance(body, (bool, int)) or str(body).strip() in ("true", "false") or str(body).strip().lstrip("-").isdigit()


def _apply(op: str, a, b) -> bool:
    return {"==": a == b, "!=": a != b}.get(op) if op in ("==", "!=") else \
        {"<": lambda: a < b, "<=": lambda: a <= b, ">": lambda: a > b, ">=": lambda: a >= b}[op]()


def _fold_arith(kind: str, a: int, b: int) -> int | None:
    if kind == "add":
        return a + b
    if kind == "sub":
        return a - b
    if kind == "mul":
        return a * b
    return None            # division and remainder keep their form: they say how a value is found
