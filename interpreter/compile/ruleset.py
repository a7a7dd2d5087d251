"""Loads a ruleset: reads its files, resolves `extends`/`include`, applies option values,
checks everything, and compiles it once into a `Ruleset` that any number of games can run.

The stages, each reporting every error it finds with file:line:col:
read (YAML, positions, duplicate keys) -> schema (shape, unknown keys) -> merge (extends,
include, remove, set) -> names and types (expressions and steps generated as Python) -> warnings
(something defined and never used).
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from interpreter.cache import store
from interpreter.compile import snapshot
from interpreter.compile.load_cache import TreeCache
from interpreter.language import fields
from interpreter.language import types as T
from interpreter.compile.compiler import Compiler
from interpreter.compile.symbols import Symbols
from interpreter.compile.declarations import Declarations, ZoneSpec, _type_hint
from interpreter.language.source import Where
from interpreter.language.display import Display, read_display
from interpreter.language.deck import CardSpec  # noqa: F401  (part of a Ruleset)
from interpreter.errors import Collector, Diagnostic, RulesetError, Span, did_you_mean
from interpreter.engine.budget import LIMIT_MAXIMA
from interpreter.compile.flow import FlowCompiler, Procedure
from interpreter.language.passed import digest
from interpreter.language.loader import LIBRARY, Located, Reader, layers, merge
from interpreter.language.options import OptionSpec, coerce_option
from interpreter.language.parameters import parameter_defaults, set_parameters
from interpreter.language.source import Source
from interpreter.shipped import locate_ruleset
from interpreter.kinds import EventType

FORMAT_VERSION = 1
# Schema findings: the file was read, so names and expressions are still checked, and every
# error of the file is reported at once.
# Sections whose names the rest of a ruleset uses: when a YAML error leaves one out, its names
# would be unknown everywhere, so only the file's shape is checked.
DECLARING = {"options", "zones", "vars", "functions", "procedures", "deck", "teams", "abilities", "extends",
             "include", "remove", "set", "library"}
# What stands for a section a YAML error left out, so the rest is checked as written.
LEFT_OUT = {"name": "", "players": {}, "flow": []}
SHAPE_CODES = {"unknown-key", "missing-key", "type", "enum", "name", "schema", "version", "duplicate-key"}
# what each event a trigger may react to binds (tests/test_kinds.py holds the names to TRIGGER_EVENTS)
EVENTS = {EventType.MOVED.value: {"card": T.CARD, "source": T.ZONE, "target": T.ZONE},
          EventType.PHASE_STARTED.value: {"phase": T.STR}, EventType.PHASE_ENDED.value: {"phase": T.STR}}


@dataclass
class AbilitySpec:
    """A named power a player may use: a condition on its user `p`, and steps that may ask choices."""
    name: str
    when: object
    steps: list
    label: str
    description: str = ""
    code: object = None           # the generated function a frame of it runs (engine/frames.py)


@dataclass
class Ruleset:
    """A loaded, checked and compiled ruleset: the rules of a game, never changed by playing it."""
    name: str
    path: str
    description: str
    min_players: int
    max_players: int
    options: dict[str, OptionSpec]
    option_values: dict                      # defaults after `set` and variants
    cards: list[CardSpec]
    removals: list                           # [(condition fn, [card ids])]
    zones: list[ZoneSpec]
    vars: dict                               # scope -> {name: (type, initial fn)}
    teams: dict | None                       # {'when', 'of', 'count', 'names'} compiled
    flow: list                               # its compiled steps
    flow_code: object                        # the generated function the game's first frame runs
    triggers: dict                           # event -> [(filter fn, run fn, name, to zone, span)]
    result_score: Any
    result_winners: Any
    constraints: list                        # [(fn, message as fields.Parts, span)]
    warnings: list[Diagnostic] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    symbols: Symbols | None = None
    abilities: dict = field(default_factory=dict)   # name -> AbilitySpec, in declared order
    undisplayed: set = field(default_factory=set)   # variable names kept out of people's table view
    display: Display = field(default_factory=Display)  # how people see variables: labels, phases
    score_label: str = "score"                      # what result.score counts: chips, coins, points
    digest: str = ""                                # of the text of every file it was built from
    generated: list[str] = field(default_factory=list)  # the Python compiled for it (`cardrules compile`)
    limits: dict = field(default_factory=dict)      # `limits:` per game: decisions, steps, events (budget.py)
    hand_history: dict | None = None                # `hand_history:`, a betting game's declared structure
    unread_options: frozenset = frozenset()         # options no rule reads (their rules were replaced)

    def compile(self, text: str, *, scope: dict | None = None, effects: bool = False):
        """Compile one more expression (or, with effects=True, statements) against this ruleset's
        names: for tests, tools and conformance tables. Raises RulesetError on a problem."""
        errors = Collector()
        source = Source("<expression>", text)
        source.data = text
        compiler = Compiler(self.symbols, errors)
        where = Where(source, ())
        if effects:
            fn, typ = compiler.statements(text, where, scope=scope), T.NONE
        else:
            fn, typ = compiler.expression(text, where, scope=scope)
        errors.raise_if_errors()
        return fn, typ

    def resolve_options(self, overrides: dict | None = None) -> dict:
        """The option values for one game: defaults, then `overrides` (values or CLI strings)."""
        values = dict(self.option_values)
        errors = Collector()
        for name, raw in (overrides or {}).items():
            spec = self.options.get(name)
            if spec is None:
                errors.error("unknown-option", f"unknown option '{name}' for {self.name}", None,
                             did_you_mean(name, self.options) or
                             ("options: " + ", ".join(self.options) if self.options else "this ruleset has no options"))
                continue
            value, problem = coerce_option(spec, raw)
            if problem:
                errors.error("option-value", f"option '{name}': {problem}", None)
            else:
                values[name] = value
        errors.raise_if_errors()
        return values


# -- the checker ----------------------------------------------------------------
def load_ruleset(path, *, variants=(), roots=(), cache: bool = True) -> Ruleset:
    """Load, check and compile a ruleset; raises RulesetError with every problem found.

    `path` is a file, or a shipped game's name ('hearts') as the command line takes it.
    `variants` are files whose `set:` (and other sections) apply on top, as `--variant` does.
    Files named here may live anywhere; what they `extends` must stay inside their folder tree.
    `cache=False` neither reads nor writes the load cache (for files nobody will load again).
    """
    ruleset, diagnostics = check_ruleset(path, variants=variants, roots=roots, cache=cache)
    if ruleset is None:
        raise RulesetError(diagnostics)
    return ruleset


def check_ruleset(path, *, variants=(), roots=(), cache: bool = True,
                  texts: Mapping[Path, str] | None = None) -> tuple[Ruleset | None, list[Diagnostic]]:
    """Like `load_ruleset`, but returns (ruleset or None, every diagnostic) instead of raising.
    `texts` maps resolved file paths to text read in place of those files (an editor's unsaved
    buffers), so that a file is checked as it is being written."""
    if not cache:
        with store.disabled():
            return check_ruleset(path, variants=variants, roots=roots, texts=texts)
    try:
        return _check_ruleset(path, variants=variants, roots=roots, texts=texts)
    except (MemoryError, RecursionError) as exc:
        # Python's own limits, reached by a file past every bound of ours: still one message
        what = ("needed more memory than this machine has" if isinstance(exc, MemoryError)
                else "nests too deeply to be checked")
        code = "memory" if isinstance(exc, MemoryError) else "too-deep"
        return None, [Diagnostic(code, f"this ruleset {what}; make it smaller", Span(str(path), 1, 1))]


def _check_ruleset(path, *, variants, roots, texts=None) -> tuple[Ruleset | None, list[Diagnostic]]:
    errors = Collector()
    if texts is None or Path(path).resolve() not in texts:    # (an unsaved buffer need not exist on disk)
        try:
            path = locate_ruleset(path)
        except RulesetError as exc:
            return None, exc.diagnostics
    path = Path(path)
    files = [path] + [Path(v) for v in variants]
    reader = Reader(errors, [_folder(f) for f in files] + [Path(r) for r in roots] + [LIBRARY], texts)
    files_in_order = layers(reader, path, str(path), None, [])
    if not files_in_order:
        return None, errors.diagnostics
    top = files_in_order[-1]          # the file asked for: its own definitions get the warnings
    if top.data.get("library") is True:
        # A library is a fragment (its functions may need the including ruleset's); alone it
        # is checked for its shape, and in full inside every ruleset that includes it.
        return None, errors.diagnostics
    for variant in variants:
        for layer in layers(reader, Path(variant), str(variant), None, []) or []:
            if all(layer is not seen for seen in files_in_order):
                files_in_order.append(layer)
    read = {layer.path for layer in files_in_order}
    dropped = set().union(*(layer.dropped for layer in files_in_order))
    if any(d.code not in SHAPE_CODES and not (d.code == "yaml-syntax" and d.span and d.span.file in read)
           for d in errors.errors) or dropped & DECLARING:
        # a file could not be read, or a section that names things could not: nothing more to check
        return None, errors.diagnostics
    shape_errors = bool(errors.errors)
    layer_texts = [layer.path + "\n" + layer.text for layer in files_in_order]
    kept_key = None
    if texts is None and not shape_errors and store.cache_dir() is not None:
        # unchanged files (and cardrules) since a successful load: the ruleset it made, whole
        kept_key = snapshot.key_for(layer_texts, str(path), [str(v) for v in variants])
        kept = snapshot.read(kept_key)
        if kept is not None:
            return kept[0], errors.diagnostics + kept[1]
    before = len(errors.diagnostics)       # what merging and building say is kept with the ruleset
    merged = merge(files_in_order, errors)
    trees = TreeCache(layer_texts)
    ruleset = None
    try:
        ruleset = _Builder(merged, errors, files_in_order, top).build(str(path))
    except (AttributeError, TypeError, ValueError, KeyError, IndexError):
        # A value of the wrong shape, already reported by the schema, tripped a later check;
        # the names and types of the rest were checked as far as they could be.
        if not shape_errors:
            raise
    finally:
        trees.close(success=ruleset is not None and not errors.errors)
    if ruleset is not None:
        ruleset.variants = [str(v) for v in variants]
        ruleset.digest = digest(*(layer.text for layer in files_in_order))
    if errors.errors:
        return None, errors.diagnostics
    if ruleset is not None and kept_key is not None:
        snapshot.write(kept_key, ruleset, errors.diagnostics[before:])
    return ruleset, errors.diagnostics


def _folder(file: Path) -> Path:
    """The folder a file given by the caller lives in (its own path when it cannot be resolved:
    reading it will then report why)."""
    try:
        return file.resolve().parent
    except (OSError, RuntimeError, ValueError):
        return file.parent


def _mappings(*raws):
    """Every mapping inside these raw step lists (flow, procedures, ...), however deep."""
    stack = list(raws)
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _action_names(*raws) -> set[str]:
    """The names of every action a `choose: action` or `claim: action` step offers in these raw
    step lists."""
    return {name for item in _mappings(*raws)
            if "action" in (item.get("choose"), item.get("claim")) and isinstance(item.get("actions"), dict)
            for name in item["actions"]}


def _phase_names(*raws) -> set[str]:
    """The names of every `phase:` step in these raw step lists."""
    return {item["phase"] for item in _mappings(*raws) if isinstance(item.get("phase"), str)}


class _Builder:
    """Turns merged sections into a compiled Ruleset, checking every name and type."""

    def __init__(self, merged: dict, errors: Collector, layers: list[Source], top: Source):
        self.m = merged
        self.errors = errors
        self.layers = layers
        self.top = top
        self.symbols = Symbols(nobody=any(_writes_nobody(layer.data) for layer in layers))
        self.compiler = Compiler(self.symbols, errors)

    def required(self, section: str) -> Located | None:
        located = self.m.get(section)
        if located is None and section in LEFT_OUT and any(section in layer.dropped for layer in self.layers):
            return Located(LEFT_OUT[section], self.top, (section,))     # (its YAML error is reported)
        if located is None:
            self.errors.error("missing-key", f"the ruleset has no '{section}' section "
                              "(nor does any file it extends)", Span(self.top.path, 1, 1))
        return located

    def build(self, path: str) -> Ruleset | None:
        name = self.required("name")    # (each file's version was checked with its schema)
        players = self.required("players")
        deck = self.required("deck")
        flow = self.required("flow")
        if None in (name, players, deck, flow):
            return None
        declared = Declarations(self.m, self.errors, symbols=self.symbols, compiler=self.compiler, top=self.top)
        options = declared.options()
        option_values = declared.option_values(options)
        cards, removals_raw = declared.deck(deck)
        zones = declared.zones()
        declared.vars_symbols()
        declared.functions()
        teams = declared.teams()
        vars_ = declared.vars()
        removals = [(self.expr(loc, T.BOOL), ids, loc.span) for loc, ids in removals_raw]
        procedures = {n: Procedure(n, raw=self._proc_body(loc), where=self._proc_where(loc),
                                   params=self._proc_params(loc), defaults=parameter_defaults(loc, self.errors))
                      for n, loc in self.m["procedures"].items()}
        set_parameters(self.m["set"], procedures, self.errors)
        self.symbols.abilities.update(self.m["abilities"])
        flows = FlowCompiler(self.compiler, procedures, self.errors)
        for proc in procedures.values():
            try:
                flows.compile_procedure(proc)
            except RecursionError:     # each compiles the ones it calls, inside it
                self.errors.error("too-deep", f"procedure '{proc.name}' starts a chain of procedures calling "
                                  "procedures too long to be compiled; flatten the chain", proc.where.span())
                for other in procedures.values():
                    if other.compiling:  # left half-compiled: said once, here
                        other.steps, other.compiling = [], False
        with flows.holder(flow.where):
            main = flows.steps(flow.value, flow.where, {})
            flow_code = flows.machine(main, flow.where.span()) if not self.errors.errors else None
        triggers = self.triggers(flows)
        abilities = self.abilities(flows)
        phases = _phase_names(flow.value, *(loc.value for loc in self.m["procedures"].values()))
        display = read_display(self.m["vars"], phases, self.errors)
        result = self.m.get("result")
        score = winners = None
        if result is not None and isinstance(result.value, dict):
            if "score" in result.value:
                score, _ = self.compiler.expression(result.value["score"], Where(result.source, result.path + ("score",)),
                                                    scope={"p": T.PLAYER}, expect=T.INT)
            if "winners" in result.value:
                winners, _ = self.compiler.expression(result.value["winners"],
                                                      Where(result.source, result.path + ("winners",)),
                                                      expect=T.list_of(T.PLAYER))
        constraints = []
        for loc in self.m["constraints"]:
            if isinstance(loc.value, dict):
                fn, _ = self.compiler.expression(loc.value.get("check"), Where(loc.source, loc.path + ("check",)),
                                                 expect=T.BOOL)
                constraints.append((fn, self.constraint_message(loc, options), loc.span))
        if not self.errors.errors:   # after an error some uses were never compiled: no false alarms
            self.warn_unused(procedures, flows)
        pv = players.value if isinstance(players.value, dict) else {}
        if isinstance(pv.get("min"), int) and isinstance(pv.get("max"), int) and pv["min"] > pv["max"]:
            self.errors.error("players", f"players.min ({pv['min']}) is more than players.max ({pv['max']})",
                              players.source.span(players.path + ("max",)))
        if self.errors.errors:
            return None
        return Ruleset(
            name=str(name.value), path=path, description=str((self.m.get("description") or Located("", None, ())).value),
            min_players=int(pv.get("min", 2)), max_players=int(pv.get("max", pv.get("min", 2))),
            options=options, option_values=option_values, cards=cards, removals=removals, zones=zones,
            vars=vars_, teams=teams, flow=main, flow_code=flow_code, triggers=triggers, result_score=score,
            result_winners=winners, constraints=constraints, sources=[s.path for s in self.layers],
            score_label=str((result.value.get("label") if result and isinstance(result.value, dict) else None)
                            or "score"),
            symbols=self.symbols, abilities=abilities, generated=self.compiler.generated, limits=self.limits(),
            undisplayed=set(display.hidden), display=display,
            hand_history=self.hand_history(zones, vars_, phases, options),
            unread_options=frozenset(n for n in options if ("option", n) not in self.symbols.used))

    def hand_history(self, zones: list, vars_: dict, phases: set, options: dict) -> dict | None:
        """`hand_history:`, checked: every zone, variable, phase, option and action it names
        exists, of the right owner (the schema checked its shape)."""
        located = self.m.get("hand_history")
        if located is None or not isinstance(located.value, dict):
            return None
        declared = located.value
        owners = {z.name: z.owner for z in zones}

        def check(key, known, what, index=None):
            name = declared.get(key) if index is None else declared[key][index]
            path = (key,) if index is None else (key, index)
            if name not in known:
                self.errors.error("hand-history", f"hand_history.{key}: there is no {what} '{name}'",
                                  located.source.span(located.path + path), did_you_mean(str(name), known) or None)
        check("hole", {n for n, o in owners.items() if o == "player"}, "player zone")
        check("board", {n for n, o in owners.items() if o == "game"}, "game zone")
        check("chips", vars_.get("player", {}), "player variable")
        check("button", vars_.get("game", {}), "game variable")
        check("hand", phases, "phase")
        for index in range(len(declared.get("streets") or [])):
            check("streets", phases, "phase", index)
        if "min_bet" in declared:
            check("min_bet", options, "option")
        known = _action_names(self.m["flow"].value, *(loc.value for loc in self.m["procedures"].values()))
        for meaning, name in (declared.get("actions") or {}).items():
            if name not in known:
                self.errors.error("hand-history", f"hand_history.actions.{meaning}: no choose step offers "
                                  f"an action '{name}'", located.source.span(located.path + ("actions", meaning)),
                                  did_you_mean(str(name), known) or None)
        return declared

    def limits(self) -> dict:
        """`limits:`, the bounds of one game (the schema reported any value that is not a whole
        number in range; such a value is left out here all the same)."""
        located = self.m.get("limits")
        values = located.value if located is not None and isinstance(located.value, dict) else {}
        return {key: value for key, value in values.items() if key in LIMIT_MAXIMA and isinstance(value, int)
                and not isinstance(value, bool) and 1 <= value <= LIMIT_MAXIMA[key]}

    def constraint_message(self, loc: Located, options: dict) -> fields.Parts:
        """A constraint's message, whose `{name}`s are options' values and `{num_players}`."""
        text = str(loc.value.get("message", "constraint failed"))
        allowed = {*options, "num_players"}
        try:
            return fields.parse(text, allowed)
        except fields.FieldError as exc:
            line, column = fields.position(text, exc.offset)
            self.errors.error("template", f"constraint message: {exc.message}",
                              loc.source.expression_span(loc.path + ("message",), line, column),
                              "a message may name the options and the player count: " + fields.names(allowed))
            return (text,)

    def expr(self, loc: Located, expect=None, scope=None):
        fn, _ = self.compiler.expression(loc.value, loc.where, expect=expect, scope=scope)
        return fn


    def _proc_body(self, loc: Located):
        return loc.value.get("do") if isinstance(loc.value, dict) else loc.value

    def _proc_where(self, loc: Located) -> Where:
        return Where(loc.source, loc.path + ("do",)) if isinstance(loc.value, dict) else loc.where

    def _proc_params(self, loc: Located) -> dict:
        if not isinstance(loc.value, dict):
            return {}
        params = loc.value.get("params") or {}
        if not isinstance(params, dict):
            self.errors.error("type", "'params' maps each parameter name to its type, e.g. 'params: {p: player}'",
                              loc.source.span(loc.path + ("params",)))
            return {}
        out = {}
        for pname, tname in params.items():
            if isinstance(tname, dict):      # {type, default, description}
                tname = tname.get("type")
            typ = T.declared_type(tname) if isinstance(tname, str) else None
            if typ is None:
                self.errors.error("type", f"unknown type '{tname}' for parameter '{pname}'",
                                  loc.source.span(loc.path + ("params", pname)), _type_hint(tname))
            out[pname] = typ
        return out

    def triggers(self, flows: FlowCompiler) -> dict:
        out: dict[str, list] = {}
        for name, loc in self.m["triggers"].items():
            spec = loc.value if isinstance(loc.value, dict) else {}
            event = spec.get("on")
            if event not in EVENTS:
                self.errors.error("unknown-name", f"unknown event '{event}'", loc.source.span(loc.path + ("on",)),
                                  did_you_mean(str(event), EVENTS) or "events: " + ", ".join(EVENTS))
                continue
            scope = dict(EVENTS[event])
            test = None
            if "where" in spec:
                test = self.compiler.expression(spec["where"], Where(loc.source, loc.path + ("where",)),
                                                scope=scope, expect=T.BOOL)[0]
            do = Where(loc.source, loc.path + ("do",))
            with flows.holder(do):
                steps = flows.steps(spec.get("do"), do, scope, allow_choices=False)
                run = flows.plain(steps, do.span()) if not self.errors.errors else None
            into = spec.get("to")
            zones = self.symbols.game_zones | self.symbols.player_zones | self.symbols.team_zones
            if into is not None and (event != "moved" or into not in zones):
                problem = f"no zone named '{into}'" if event == "moved" else "'to' applies only to 'on: moved'"
                self.errors.error("unknown-name", problem, loc.source.span(loc.path + ("to",)),
                                  did_you_mean(str(into), zones) if event == "moved" else None)
                continue
            out.setdefault(event, []).append((test, run, name, into, loc.source.span(loc.path, key=True)))
        return out

    def abilities(self, flows: FlowCompiler) -> dict:
        out = {}
        for name, loc in self.m["abilities"].items():
            spec = loc.value if isinstance(loc.value, dict) else {}
            when = None
            if "when" in spec:
                when = self.compiler.expression(spec["when"], Where(loc.source, loc.path + ("when",)),
                                                scope={"p": T.PLAYER}, expect=T.BOOL)[0]
            do = Where(loc.source, loc.path + ("do",))
            with flows.holder(do):
                steps = flows.steps(spec.get("do"), do, {"p": T.PLAYER})
                code = flows.machine(steps, do.span()) if not self.errors.errors else None
            out[name] = AbilitySpec(name, when, steps, str(spec.get("label", name)),
                                    str(spec.get("description", "")), code)
        return out

    def warn_unused(self, procedures, flows) -> None:
        used = self.symbols.used
        top_paths = {s.path for s in self.layers if s is self.top}
        for kind, table in (("option", self.m["options"]), ("function", self.m["functions"]),
                            ("procedure", self.m["procedures"])):
            for name, loc in table.items():
                if loc.source.path in top_paths and (kind, name) not in used:
                    self.errors.warning("unused", f"{kind} '{name}' is defined but never used",
                                        loc.source.span(loc.path, key=True))
        self.warn_unread_options(top_paths)
        for name, loc in self.m["zones"].items():
            if loc.source.path in top_paths and ("zone", name) not in used:
                self.errors.warning("unused", f"zone '{name}' is defined but never used",
                                    loc.source.span(loc.path, key=True))
        for scope, entries in self.m["vars"].items():
            for name, loc in entries.items():
                if loc.source.path in top_paths and ("var", name) not in used:
                    self.errors.warning("unused", f"{scope} variable '{name}' is defined but never used",
                                        loc.source.span(loc.path, key=True))


    def warn_unread_options(self, top_paths: set) -> None:
        """An option declared by a file this one builds on that no remaining rule reads: the
        rules that read it were replaced (by `extends:` or a variant), so setting it does
        nothing. Said where this file sets it, else where it names the file it builds on."""
        for name, loc in self.m["options"].items():
            if loc.source.path in top_paths or ("option", name) in self.symbols.used:
                continue
            setting = self.m["set"].get(name)
            if setting is not None and setting.source.path in top_paths:
                span = setting.source.span(setting.path, key=True)
            else:
                key = next((k for k in ("extends", "include") if k in self.top.data), None)
                span = self.top.span((key,)) if key else loc.source.span(loc.path, key=True)
            self.errors.warning("unread-option", f"option '{name}' (from {loc.source.path}) is read by no rule "
                                "of this ruleset: the rules that read it were replaced, so setting it changes "
                                "nothing", span, f"drop it with 'remove: {{options: [{name}]}}'"
                                f"{' (and this set:)' if setting is not None else ''}, or read it in the rules "
                                "that replaced them")




_TEXT_KEYS = {"description", "title", "message", "prompt", "label", "reason", "name"}   # words, not expressions
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_BRACED = re.compile(r"\{([^{}]*)\}")


def _writes_nobody(node, key=None) -> bool:
    """Whether an expression of a file's data names `nobody` (its descriptions and the words of
    its texts may say "nobody" freely): a cheap look before compiling, so only the rulesets
    that write it check their player reads for it."""
    if isinstance(node, dict):
        return any(_writes_nobody(v, k) for k, v in node.items())
    if isinstance(node, list):
        return any(_writes_nobody(v, key) for v in node)
    if not isinstance(node, str) or "nobody" not in node or key == "description":
        return False
    parts = _BRACED.findall(node) if key in _TEXT_KEYS else [node]
    return any(re.search(r"\bnobody\b", _QUOTED.sub("''", part)) for part in parts)


