"""The package imports in one direction: each layer only from itself and the layers below, and
no module imports, even inside a function, one that imports it back (docs/architecture.md).
And the core's classes stay small enough to read: none over 400 lines, `Game` under 300 (it is
put together from a base class per job, issue 29)."""
from __future__ import annotations

import ast
import functools
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"

# Low to high. A name stands for a module or a package and everything in it.
LAYERS = [
    ("interpreter", "interpreter.errors", "interpreter.limits", "interpreter.kinds"),
    ("interpreter.shipped", "interpreter.decisions"),
    ("interpreter.primitives",),
    ("interpreter.cache",),
    ("interpreter.language",),
    ("interpreter.engine",),
    ("interpreter.compile",),
    ("interpreter.agents",),
    ("interpreter.terminal",),
    ("interpreter.logs",),
    ("interpreter.rl",),
    ("interpreter.analysis",),
    ("interpreter.explain",),
    ("interpreter.lsp",),
    ("interpreter.web",),
    ("interpreter.cli",),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(text: str, name: str, package: str, modules: set[str]) -> set[str]:
    """The project's modules that module `name` (of `package`) imports anywhere in its text,
    at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            # `from package import module` is an import of the module; of the package, for a name
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def layer_of(module: str) -> int:
    """The layer of the longest name in LAYERS that is the module or a package holding it."""
    best, depth = None, -1
    for index, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and name.count(".") > depth:
                best, depth = index, name.count(".")
    assert best is not None, f"{module} is in no layer of tests/test_architecture.py"
    return best


@functools.lru_cache(maxsize=1)
def graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: imports(path.read_text(encoding="utf-8"), name,
                          name if path.name == "__init__.py" else name.rpartition(".")[0], set(paths))
            for name, path in paths.items()}


def test_every_import_points_down_or_sideways():
    """GIVEN every module of the package WHEN its imports are read THEN none reaches a higher layer."""
    upward = sorted(f"{module} imports {target}" for module, targets in graph().items()
                    for target in targets if layer_of(target) > layer_of(module))
    assert upward == []


def test_no_import_cycle():
    """GIVEN the import graph of all modules WHEN it is sorted THEN no module imports itself back."""
    try:
        tuple(TopologicalSorter(graph()).static_order())
    except CycleError as exc:
        raise AssertionError(f"import cycle: {' -> '.join(exc.args[1])}") from None


def test_the_checks_see_an_upward_import_and_a_cycle():
    """GIVEN an engine module that imports the compile stage inside a function, relatively
    WHEN its imports are read THEN the import is found, and it points up; and a two-module
    circle is a cycle."""
    modules = set(graph())
    found = imports("def f():\n    from ..compile import unit\n", "interpreter.engine.game", "interpreter.engine", modules)
    assert found == {"interpreter.compile.unit"}
    assert layer_of("interpreter.compile.unit") > layer_of("interpreter.engine.game")
    try:
        tuple(TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())
    except CycleError:
        pass
    else:
        raise AssertionError("a cycle was not found")


# -- sizes of classes ------------------------------------------------------------
CORE_PACKAGES = ("language", "compile", "engine", "primitives", "cache")
MAX_CLASS_LINES = 400
MAX_GAME_LINES = 300


def class_sizes(text: str) -> dict[str, int]:
    """Lines of each class in a module's text (nested ones too), from its `class` line to its last."""
    return {node.name: node.end_lineno - node.lineno + 1 for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.ClassDef)}


def too_long(package: str) -> list[str]:
    """'module.Class: lines' of every class of `package` over MAX_CLASS_LINES."""
    return sorted(f"{module_name(path)}.{name}: {lines}"
                  for path in (PACKAGE / package).rglob("*.py")
                  for name, lines in class_sizes(path.read_text(encoding="utf-8")).items() if lines > MAX_CLASS_LINES)


def test_game_is_under_300_lines():
    """GIVEN the engine's Game WHEN its class is measured THEN it is under 300 lines: a new job
    goes into a base of its own (construction, driving, moves, runtime, views)."""
    sizes = class_sizes((PACKAGE / "engine" / "game.py").read_text(encoding="utf-8"))
    assert sizes["Game"] < MAX_GAME_LINES


def test_no_engine_class_is_over_400_lines():
    """GIVEN every class of the engine WHEN it is measured THEN none is over 400 lines."""
    assert too_long("engine") == []


@pytest.mark.parametrize("package", [p for p in CORE_PACKAGES if p != "engine"])
def test_no_other_core_class_is_over_400_lines(package):
    """GIVEN every class of a core package WHEN it is measured THEN none is over 400 lines (the
    expression compiler's analysis and emission, the flow compiler and the step kinds it hands its
    context to, and the ruleset builder are each split by job)."""
    assert too_long(package) == []


def test_the_size_check_sees_a_long_nested_class():
    """GIVEN a module whose class holds a 401-line class WHEN it is measured THEN both are."""
    inner = "    class Inner:\n" + "        x = 1\n" * 400
    sizes = class_sizes("class Outer:\n" + inner)
    assert sizes == {"Outer": 402, "Inner": 401}


def test_no_base_of_game_hides_another():
    """GIVEN the bases Game is put together from WHEN the names each defines are compared
    THEN no name is defined by two of them (or by Game and a base): the order of the bases
    would silently pick one; and no base has fields of its own (Game's slots are all of them)."""
    from interpreter.engine.game import Game
    owners: dict[str, list[str]] = {}
    for cls in Game.__mro__[:-1]:
        assert cls is Game or cls.__slots__ == ()
        for name in vars(cls):
            if not (name.startswith("__") and name.endswith("__")):
                owners.setdefault(name, []).append(cls.__name__)
    assert {name: classes for name, classes in owners.items() if len(classes) > 1} == {}
